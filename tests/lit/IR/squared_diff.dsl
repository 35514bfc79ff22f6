// RUN: %gpucc --emit=ir %s | FileCheck %s
// language.md section 1: the non-generic kernel has one instance named after the kernel.
elementwise squared_diff(float32 x, float32 y) -> (float32 z) {
    z = (x - y) * (x - y);
}
// CHECK:      module squared_diff
// CHECK:      elementwise squared_diff
// CHECK-NEXT:   instance squared_diff
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: float32 input
// CHECK-NEXT:     param 2 z: float32 output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:float32 z:float32 (mul:float32 (sub:float32 x:float32 y:float32) (sub:float32 x:float32 y:float32)))
// CHECK-NEXT:     }
// CHECK-NOT:  instance
