// RUN: %gpucc --emit=ir %s | FileCheck %s
// language.md section 2: one instance per listed type; the identity, map and reduce converted to
// the reduce type (the first output's, or `type:`); the post assigns the output from `a`.
module demo;
reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}

reduction sum_abs<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      abs(x);
    reduce:   a + b;
    post:     y = a;
    type:     float64;          // optional reduce_type, as CuPy's reduce_type
}
// CHECK:      module demo
// CHECK:      reduction l2norm<T: float32 | float64>
// CHECK-NEXT:   instance l2norm__float32 [T = float32]
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: float32 output
// CHECK-NEXT:     reduce_type float32 (first output)
// CHECK-NEXT:     identity (cast:float32 0:int32)
// CHECK-NEXT:     map (mul:float32 x:float32 x:float32)
// CHECK-NEXT:     reduce (add:float32 a:float32 b:float32)
// CHECK-NEXT:     post {
// CHECK-NEXT:       expr (assign:float32 y:float32 (call sqrt:float32 a:float32))
// CHECK-NEXT:     }
// CHECK-NEXT:   instance l2norm__float64 [T = float64]
// CHECK-NEXT:     param 0 x: float64 input
// CHECK-NEXT:     param 1 y: float64 output
// CHECK-NEXT:     reduce_type float64 (first output)
// CHECK-NEXT:     identity (cast:float64 0:int32)
// CHECK-NEXT:     map (mul:float64 x:float64 x:float64)
// CHECK-NEXT:     reduce (add:float64 a:float64 b:float64)
// CHECK-NEXT:     post {
// CHECK-NEXT:       expr (assign:float64 y:float64 (call sqrt:float64 a:float64))
// CHECK-NEXT:     }
// CHECK-NEXT: reduction sum_abs<T: float32 | float64>
// CHECK-NEXT:   instance sum_abs__float32 [T = float32]
// CHECK-NEXT:     param 0 x: float32 input
// CHECK-NEXT:     param 1 y: float32 output
// CHECK-NEXT:     reduce_type float64 (declared)
// CHECK-NEXT:     identity (cast:float64 0:int32)
// CHECK-NEXT:     map (cast:float64 (call abs:float32 x:float32))
// CHECK-NEXT:     reduce (add:float64 a:float64 b:float64)
// CHECK-NEXT:     post {
// CHECK-NEXT:       expr (assign:float32 y:float32 (cast:float32 a:float64))
// CHECK-NEXT:     }
// CHECK-NEXT:   instance sum_abs__float64 [T = float64]
// CHECK-NEXT:     param 0 x: float64 input
// CHECK-NEXT:     param 1 y: float64 output
// CHECK-NEXT:     reduce_type float64 (declared)
// CHECK-NEXT:     identity (cast:float64 0:int32)
// CHECK-NEXT:     map (call abs:float64 x:float64)
// CHECK-NEXT:     reduce (add:float64 a:float64 b:float64)
// CHECK-NEXT:     post {
// CHECK-NEXT:       expr (assign:float64 y:float64 a:float64)
// CHECK-NEXT:     }
// CHECK-NOT:  {{.}}
