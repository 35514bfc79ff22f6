// RUN: %gpucc --emit=ir %s | FileCheck %s
// language.md section 1 (the seed exercise): `b` is a scalar or an array, the IR does not care.
elementwise mul_add<T: float32 | float64>(T x1, T x2, T b) -> (T y) {
    y = x1 * x2 + b;
}
// CHECK-LABEL: instance mul_add__float32 [T = float32]
// CHECK-NEXT:     param 0 x1: float32 input
// CHECK-NEXT:     param 1 x2: float32 input
// CHECK-NEXT:     param 2 b: float32 input
// CHECK-NEXT:     param 3 y: float32 output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:float32 y:float32 (add:float32 (mul:float32 x1:float32 x2:float32) b:float32))
// CHECK-LABEL: instance mul_add__float64 [T = float64]
// CHECK:            expr (assign:float64 y:float64 (add:float64 (mul:float64 x1:float64 x2:float64) b:float64))
