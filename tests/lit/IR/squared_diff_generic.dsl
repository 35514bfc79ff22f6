// RUN: %gpucc --emit=ir %s | FileCheck %s
// language.md section 1: one instance per listed type, in the order written.
module demo;
elementwise squared_diff_generic<T: float32 | float64>(T x, T y) -> (T z) {
    T diff = x - y;
    z = diff * diff;
}
// CHECK:      module demo
// CHECK:      elementwise squared_diff_generic<T: float32 | float64>
// CHECK-NEXT:   instance squared_diff_generic__float32 [T = float32]
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: float32 input
// CHECK-NEXT:     param 2 z: float32 output
// CHECK-NEXT:     local %0 diff: float32
// CHECK-NEXT:     body {
// CHECK-NEXT:       decl %0 diff = (sub:float32 x:float32 y:float32)
// CHECK-NEXT:       expr (assign:float32 z:float32 (mul:float32 %0:float32 %0:float32))
// CHECK-NEXT:     }
// CHECK-NEXT:   instance squared_diff_generic__float64 [T = float64]
// CHECK-NEXT:     param 0 x: float64 input
// CHECK-NEXT:     param 1 y: float64 input
// CHECK-NEXT:     param 2 z: float64 output
// CHECK-NEXT:     local %0 diff: float64
// CHECK-NEXT:     body {
// CHECK-NEXT:       decl %0 diff = (sub:float64 x:float64 y:float64)
// CHECK-NEXT:       expr (assign:float64 z:float64 (mul:float64 %0:float64 %0:float64))
