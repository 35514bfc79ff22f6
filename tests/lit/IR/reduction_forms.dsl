// RUN: %gpucc --emit=ir --dtypes=int8,float32 %s | FileCheck %s
// The pieces code generation reads: `identity none`, the default post `y = a` (with its
// conversion), scalar inputs in map and post, the sizes, post's locals, several inputs and
// outputs, and kernels of both kinds in source order.
elementwise first(float32 x) -> (float32 y) { y = x; }
// CHECK:      elementwise first
// CHECK:      reduction amax<T: int8 | float32>
// CHECK-NEXT:   instance amax__int8 [T = int8]
// CHECK-NEXT:     param 0 x: int8 input
// CHECK-NEXT:     param 1 y: int8 output
// CHECK-NEXT:     reduce_type int8 (first output)
// CHECK-NEXT:     identity none
// CHECK-NEXT:     map x:int8
// CHECK-NEXT:     reduce (select:int8 (gt:bool (cast:int32 a:int8) (cast:int32 b:int8)) a:int8 b:int8)
// CHECK-NEXT:     post (default) {
// CHECK-NEXT:       expr (assign:int8 y:int8 a:int8)
// CHECK-NEXT:     }
// CHECK-NEXT:   instance amax__float32 [T = float32]
// CHECK:          reduce (select:float32 (gt:bool a:float32 b:float32) a:float32 b:float32)
reduction amax<T>(T x) -> (T y) {
    identity: none;
    map: x;
    reduce: a > b ? a : b;
}
// CHECK:      reduction count_nonzero
// CHECK-NEXT:   instance count_nonzero
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: int64 output
// CHECK-NEXT:     reduce_type int32 (declared)
// CHECK-NEXT:     identity 0:int32
// CHECK-NEXT:     map (cast:int32 (ne:bool x:float32 (cast:float32 0:int32)))
// CHECK-NEXT:     reduce (add:int32 a:int32 b:int32)
// CHECK-NEXT:     post (default) {
// CHECK-NEXT:       expr (assign:int64 y:int64 (cast:int64 a:int32))
// CHECK-NEXT:     }
reduction count_nonzero(float32 x) -> (int64 y) {
    identity: 0; map: x != 0; reduce: a + b; type: int32;
}
// CHECK:      reduction weighted_var
// CHECK-NEXT:   instance weighted_var
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 w: float32 input
// CHECK-NEXT:     param 2 ddof: int64 input scalar
// CHECK-NEXT:     param 3 mean: float32 output
// CHECK-NEXT:     param 4 var: float64 output
// CHECK-NEXT:     local %0 n: float64
// CHECK-NEXT:     reduce_type float32 (first output)
// CHECK-NEXT:     identity (cast:float32 0.0:float64)
// CHECK-NEXT:     map (mul:float32 (mul:float32 x:float32 w:float32) (cast:float32 ddof:int64))
// CHECK-NEXT:     reduce (add:float32 a:float32 b:float32)
// CHECK-NEXT:     post {
// CHECK-NEXT:       decl %0 n = (cast:float64 (div:int64 _in_ind.size():int64 _out_ind.size():int64))
// CHECK-NEXT:       expr (assign:float32 mean:float32 (cast:float32 (div:float64 (cast:float64 a:float32) %0:float64)))
// CHECK-NEXT:       expr (assign:float64 var:float64 (div:float64 (cast:float64 a:float32) (sub:float64 %0:float64 (cast:float64 ddof:int64))))
// CHECK-NEXT:     }
reduction weighted_var(float32 x, float32 w, scalar int64 ddof) -> (float32 mean, float64 var) {
    post:
        float64 n = _in_ind.size() / _out_ind.size();
        mean = a / n;
        var = a / (n - ddof);
    identity: 0.0;
    map: x * w * ddof;
    reduce: a + b;
}
// CHECK:      reduction all_true
// CHECK:          reduce_type bool (first output)
// CHECK-NEXT:     identity true:bool
// CHECK-NEXT:     map (call isfinite:bool x:float32)
// CHECK-NEXT:     reduce (and:bool a:bool b:bool)
reduction all_true(float32 x) -> (bool y) { identity: true; map: isfinite(x); reduce: a && b; }
// CHECK:      elementwise last
elementwise last(float32 x) -> (float32 y) { y = x; }
// Placeholders name their bound types inside clauses too; int8 arithmetic is promoted and cast
// back to the reduce type.
// CHECK:      reduction typed<T: int8 | float32, U: int64>
// CHECK-NEXT:   instance typed__int8_int64 [T = int8, U = int64]
// CHECK-NEXT:     param 0 x: int8 input
// CHECK-NEXT:     param 1 n: int64 input
// CHECK-NEXT:     param 2 y: int8 output
// CHECK-NEXT:     local %0 h: int8
// CHECK-NEXT:     reduce_type int8 (first output)
// CHECK-NEXT:     identity (cast:int8 0:int32)
// CHECK-NEXT:     map (cast:int8 (mul:int64 (cast:int64 x:int8) n:int64))
// CHECK-NEXT:     reduce (cast:int8 (add:int32 (cast:int32 a:int8) (cast:int32 b:int8)))
// CHECK-NEXT:     post {
// CHECK-NEXT:       decl %0 h = (cast:int8 (div:int32 (cast:int32 a:int8) 2:int32))
// CHECK-NEXT:       expr (assign:int8 y:int8 %0:int8)
// CHECK-NEXT:     }
// CHECK-NEXT:   instance typed__float32_int64 [T = float32, U = int64]
// CHECK:          identity (cast:float32 0:int32)
// CHECK-NEXT:     map (mul:float32 x:float32 (cast:float32 n:int64))
reduction typed<T: int8 | float32, U: int64>(T x, U n) -> (T y) {
    identity: T(0);
    map: x * n;
    reduce: a + b;
    post: T h = a / 2; y = h;
}
// CuPy's `_type_reduce` names the reduce type in every clause, so CuPy's mean ports unchanged.
// CHECK:      reduction mean
// CHECK-NEXT:   instance mean
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: float32 output
// CHECK-NEXT:     reduce_type float64 (declared)
// CHECK-NEXT:     identity (cast:float64 0:int32)
// CHECK-NEXT:     map (cast:float64 x:float32)
// CHECK-NEXT:     reduce (add:float64 a:float64 b:float64)
// CHECK-NEXT:     post {
// CHECK-NEXT:       expr (assign:float32 y:float32 (cast:float32 (div:float64 a:float64 (cast:float64 (div:int64 _in_ind.size():int64 _out_ind.size():int64)))))
// CHECK-NEXT:     }
reduction mean(float32 x) -> (float32 y) {
    identity: _type_reduce(0);
    map: _type_reduce(x);
    reduce: a + b;
    post: y = a / _type_reduce(_in_ind.size() / _out_ind.size());
    type: float64;
}
