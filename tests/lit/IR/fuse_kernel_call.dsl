// RUN: %gpucc --emit=ir %s | FileCheck %s
// A fused function calling the module's elementwise kernel inlines it: its inputs become const
// locals holding the arguments converted to the parameters' types, its output a local, its body a
// block whose locals are renamed (`sq_diff_d`), so a fused parameter named `d` does not clash; in
// a reduction the copy sits in map_prelude. A literal argument takes the bound type, and the
// kernel's own C typing stays (int8 arithmetic in int32, stored back into int8).
module m;
elementwise sq_diff<T: int8 | float32 | float64>(T x, T y) -> (T z) {
    T d = x - y;
    z = d * d;
}
fuse root(float32 a, float32 b) = sqrt(sq_diff(a, b) + 1);
// CHECK-LABEL: instance root
// CHECK: local %0 sq_diff_x: const float32
// CHECK-NEXT: local %1 sq_diff_y: const float32
// CHECK-NEXT: local %2 sq_diff_z: float32
// CHECK-NEXT: local %3 sq_diff_d: float32
// CHECK: decl %0 sq_diff_x = a:float32
// CHECK-NEXT: decl %1 sq_diff_y = b:float32
// CHECK-NEXT: decl %2 sq_diff_z
// CHECK-NEXT: {
// CHECK-NEXT: decl %3 sq_diff_d = (sub:float32 %0:float32 %1:float32)
// CHECK-NEXT: expr (assign:float32 %2:float32 (mul:float32 %3:float32 %3:float32))
// CHECK-NEXT: }
// CHECK-NEXT: expr (assign:float32 out:float32 (call sqrt:float32 (add:float32 %2:float32 (cast:float32 1:int32))))

fuse shifted(int8 d) = sq_diff(d, 3);
// CHECK-LABEL: instance shifted
// CHECK: decl %1 sq_diff_y = (cast:int8 3:int32)
// CHECK: decl %3 sq_diff_d = (cast:int8 (sub:int32 (cast:int32 %0:int8) (cast:int32 %1:int8)))

fuse total(float64 d, float64 b) = sum(sq_diff(d, b), axis = -1);
// CHECK-LABEL: instance total
// CHECK: reduce_type float64 (fused: NumPy's for the reduction)
// CHECK: map_prelude {
// CHECK-NEXT: decl %0 sq_diff_x = d:float64
// CHECK: decl %3 sq_diff_d = (sub:float64 %0:float64 %1:float64)
// CHECK: map %2:float64

// Several results from one reduction; a literal binding declared again in post where it is read.
fuse both(float32 x) {
    c = 2;
    s = sum(x * c, axis = 0);
    return s, s * c;
}
// CHECK-LABEL: instance both
// CHECK: param 1 out0: float32 output
// CHECK-NEXT: param 2 out1: float32 output
// CHECK: map_prelude {
// CHECK-NEXT: decl %0 c = (cast:int64 2:int32)
// CHECK: map (mul:float32 x:float32 (cast:float32 %0:int64))
// CHECK: post {
// CHECK-NEXT: decl %1 s = a:float32
// CHECK-NEXT: expr (assign:float32 out0:float32 %1:float32)
// CHECK-NEXT: decl %2 c = (cast:int64 2:int32)
// CHECK-NEXT: expr (assign:float32 out1:float32 (mul:float32 %1:float32 (cast:float32 %2:int64)))
