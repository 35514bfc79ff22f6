// Math functions come from libdevice, linked in and inlined: no call to __nv_* survives, and the
// PTX assembles. Exact operations use PTX instructions (sqrt.rn, not an approximation).
// RUN: %gpucc --emit=llvm %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin

elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    if (r == 0) { phi = 0; } else { phi = atan2(im, re); }
}

elementwise many(float32 x) -> (float32 y) {
    y = exp(x) + log1p(x) + tanh(x) + erf(x) + pow(x, 2.5f) + cbrt(x) + expm1(x) + sinh(x);
}
// CHECK-NOT: call {{.*}}@__nv_
// CHECK: define ptx_kernel void @polar__float32(
// CHECK: define ptx_kernel void @polar__float64(
// PTX: sqrt.rn.f32
// PTX: sqrt.rn.f64
