// RUN: %gpucc --emit=ir --module=renamed %s | FileCheck %s
// Several placeholders: the cartesian product, the last placeholder varying fastest; symbols
// join the bindings' NumPy names. --module overrides the module declaration.
module ignored;
elementwise axpy<T: float32 | float64, U: int32 | int64>(T a, U x) -> (T y) {
    y = a * x;
}
// CHECK:      module renamed
// CHECK:      elementwise axpy<T: float32 | float64, U: int32 | int64>
// CHECK-NEXT:   instance axpy__float32_int32 [T = float32, U = int32]
// CHECK-NEXT:     param 0 a: float32 input
// CHECK-NEXT:     param 1 x: int32 input
// CHECK-NEXT:     param 2 y: float32 output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:float32 y:float32 (mul:float32 a:float32 (cast:float32 x:int32)))
// CHECK:        instance axpy__float32_int64 [T = float32, U = int64]
// CHECK:          expr (assign:float32 y:float32 (mul:float32 a:float32 (cast:float32 x:int64)))
// CHECK:        instance axpy__float64_int32 [T = float64, U = int32]
// CHECK:        instance axpy__float64_int64 [T = float64, U = int64]
// CHECK:          expr (assign:float64 y:float64 (mul:float64 a:float64 (cast:float64 x:int64)))
