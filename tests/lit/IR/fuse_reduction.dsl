// RUN: %gpucc --emit=ir %s | FileCheck %s
// A fused function with a reduction becomes a reduction kernel: the chain before the reduction is
// its map (with map_prelude statements for the temporaries clip needs), the reduction its
// identity and reduce, the operations after it its post on `a`. NumPy 2's dtypes: a float16 sum
// adds in float32 and is rounded once, a mean of int16 is float64, any gives bool.
fuse sum_of_products(x, y) = sum(x * y, axis = -1);
// CHECK-LABEL: reduction sum_of_products<T: bool | int8
// CHECK-LABEL: instance sum_of_products__int8 [T = int8]
// CHECK: param 2 out: int64 output
// CHECK: reduce_type int64
// CHECK: map (cast:int64 (cast:int8 (mul:int32 (cast:int32 x:int8) (cast:int32 y:int8))))
// CHECK-LABEL: instance sum_of_products__float16 [T = float16]
// CHECK: param 2 out: float16 output
// CHECK-NEXT: reduce_type float32
// CHECK-NEXT: identity (cast:float32 0:int32)
// CHECK-NEXT: map (cast:float32 (mul:float16 x:float16 y:float16))
// CHECK-NEXT: reduce (add:float32 a:float32 b:float32)
// CHECK-NEXT: post {
// CHECK-NEXT: expr (assign:float16 out:float16 (cast:float16 a:float32))
// CHECK-LABEL: instance sum_of_products__float32 [T = float32]
// CHECK: map (mul:float32 x:float32 y:float32)
// CHECK: expr (assign:float32 out:float32 a:float32)

fuse clipped_mean<T: int16 | float32>(T x, T lo, T hi) = mean(clip(x, lo, hi), axis = 0) * 2;
// CHECK-LABEL: instance clipped_mean__int16 [T = int16]
// CHECK: param 3 out: float64 output
// CHECK: local %0 fused_value0: int16
// CHECK: reduce_type float64
// CHECK: map_prelude {
// CHECK-NEXT: decl %0 fused_value0 = (select:int16
// CHECK: map (cast:float64 (select:int16 {{.*}} %0:int16 hi:int16))
// CHECK: reduce (add:float64 a:float64 b:float64)
// CHECK: (mul:float64 (div:float64 a:float64 (cast:float64 (div:int64 _in_ind.size():int64 _out_ind.size():int64))) (cast:float64 2:int32))

fuse any_nan(a, b) = any(isnan(a - b));
// CHECK-LABEL: instance any_nan__float32 [T = float32]
// CHECK: reduce_type bool
// CHECK-NEXT: identity false:bool
// CHECK-NEXT: map (call isnan:bool (sub:float32 a:float32 b:float32))
// CHECK-NEXT: reduce (or:bool a:bool b:bool)
