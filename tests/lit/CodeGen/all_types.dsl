// Every type of the language loads, computes and stores on the GPU, and ptxas accepts it.
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s

elementwise scale<T>(T x, T a) -> (T y) { y = x * a + x; }
elementwise half_math(float16 x, bfloat16 y) -> (float16 s, bfloat16 t, float32 u) {
    s = x * x + (half)1;
    t = y + y;
    u = sqrt((float)x) + (float)y;
}
elementwise to_bool(int32 x, float64 y) -> (bool nz, bool fnz) { nz = x; fnz = y; }
// CHECK: define void @all_types__scale__bool__host(
// CHECK: define void @all_types__scale__float64__host(
// CHECK: define void @all_types__half_math__host(
