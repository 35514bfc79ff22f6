// RUN: %gpucc --emit=ir %s | FileCheck %s
// RUN: %gpucc --emit=header %s | FileCheck %s --check-prefix=HEADER
// RUN: %gpucc --emit=fusion %s | FileCheck %s --check-prefix=FUSION
// Several independent reductions over the same axes are one reduction kernel whose reduce type is
// a tuple: component 0 is the instance's reduce type, identity, map and reduce; each further one
// has its own (`component K ...`), after the shared map_prelude; post reads component K as
// `a.K`. The header gives the kernel 8 bytes per component as its reduce-type bytes.
fuse sum_and_max<T: float32 | int8>(T x) {
    sq = x * x;
    return sum(sq, axis = 1), max(x, axis = 1), mean(x, axis = 1);
}
// CHECK-LABEL: instance sum_and_max__float32 [T = float32]
// CHECK: reduce_type float32 (fused: NumPy's for the reduction)
// CHECK-NEXT: identity (cast:float32 0:int32)
// CHECK-NEXT: map_prelude
// CHECK: map
// CHECK: reduce (add:float32 a:float32 b:float32)
// CHECK-NEXT: component 1 reduce_type float32
// CHECK-NEXT: component 1 identity none
// CHECK-NEXT: component 1 map x:float32
// CHECK-NEXT: component 1 reduce (select:float32
// CHECK-NEXT: component 2 reduce_type float32
// CHECK-NEXT: component 2 identity (cast:float32 0:int32)
// CHECK: post {
// CHECK: a:float32
// CHECK: a.1:float32
// CHECK: a.2:float32
// CHECK-LABEL: instance sum_and_max__int8 [T = int8]
// CHECK: reduce_type int64
// CHECK: component 1 reduce_type int8
// CHECK: component 2 reduce_type float64
// HEADER: {image, "sum_and_max__float32",
// HEADER: 4, 24, false, 1, 3, false},
// HEADER: {image, "sum_and_max__int8",
// HEADER: 4, 24, false, 1, 3, false},
// FUSION: sum_and_max__float32: reads x float32 (4 bytes per element reduced); reduces in float32 and float32 and float32; writes
// FUSION: sum_and_max__int8: reads x int8 (1 bytes per element reduced); reduces in int64 and int8 and float64; writes

// argmax: the extreme and its position `_J` (the instance reads the position operand), combined
// together; post reads the position.
fuse row_argmax(float32 x) = argmax(x, axis = -1);
// CHECK-LABEL: instance row_argmax
// CHECK: reduce_type float32 (fused: NumPy's for the reduction)
// CHECK-NEXT: identity none
// CHECK-NEXT: map x:float32
// CHECK-NEXT: reduce (select:float32 (select:bool (ne:bool a:float32 a:float32)
// CHECK-SAME: b.1:int64
// CHECK-NEXT: component 1 reduce_type int64
// CHECK-NEXT: component 1 identity none
// CHECK-NEXT: component 1 map _J:int64
// CHECK-NEXT: component 1 reduce (select:int64 (select:bool (ne:bool a:float32 a:float32)
// CHECK: expr (assign:int64 out:int64 a.1:int64)
// HEADER: {image, "row_argmax",
// HEADER: 4, 16, false, 1, 1, true},

// var: the count, the mean and M2 (Chan's merge); post divides M2 by max(n - ddof, 0).
fuse row_var(float32 x) = var(x, axis = 1, ddof = 1);
// CHECK-LABEL: instance row_var
// CHECK: reduce_type int64 (fused: NumPy's for the reduction)
// CHECK-NEXT: identity (cast:int64 0:int32)
// CHECK-NEXT: map (cast:int64 1:int32)
// CHECK-NEXT: reduce (add:int64 a:int64 b:int64)
// CHECK-NEXT: component 1 reduce_type float32
// CHECK: component 2 reduce_type float32
// CHECK: component 2 reduce (select:float32 (eq:bool (add:int64 a:int64 b:int64)
// CHECK: post {
// CHECK-NEXT: expr (assign:float32 out:float32 (div:float32 a.2:float32
// HEADER: {image, "row_var",
// HEADER: 4, 24, true, 1, 1, false},
