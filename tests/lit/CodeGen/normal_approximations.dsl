// lg2.approx and rsqrt.approx take their .ftz form only where the argument is provably never
// subnormal (compiler/target/NormalApproximations.cpp): a uniform k 2^-24 + 2^-24 of a 24-bit k,
// its complement 1 - k 2^-24, max(t, 1e-30); an input, a product that can underflow, or a sum
// that can reach zero keep the form that handles subnormals. The PTX assembles.
// RUN: %gpucc --emit=ptx %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
module normal_approximations;

elementwise uniform_log(uint32 x) -> (float32 y) {
    float32 k = (float32)(x >> 8);
    y = __logf(k * 5.9604644775390625e-8f + 5.9604644775390625e-8f);
}
elementwise complement_log(uint32 x) -> (float32 y) {
    y = __logf((float32)(x >> 8) * -5.9604644775390625e-8f + 1.0f);
}
elementwise clamped_rsqrt(float32 t) -> (float32 y) { y = t * rsqrt(max(t, 1.0e-30f)); }
elementwise input_log(float32 x) -> (float32 y) { y = __logf(x); }
elementwise input_rsqrt(float32 x) -> (float32 y) { y = rsqrt(x); }
// k 2^-140 is subnormal for small k.
elementwise underflowing_log(uint32 x) -> (float32 y) {
    y = __logf((float32)(x >> 8) * 7.174648137343064e-43f + 1.0e-45f);
}
// 1 - k 2^-23 reaches 0 and below: the bound includes the subnormals.
elementwise reaching_zero_log(uint32 x) -> (float32 y) {
    y = __logf((float32)(x >> 8) * -1.1920928955078125e-7f + 1.0f);
}

// CHECK-LABEL: .entry uniform_log(
// CHECK: lg2.approx.ftz.f32
// CHECK-LABEL: .entry complement_log(
// CHECK: lg2.approx.ftz.f32
// CHECK-LABEL: .entry clamped_rsqrt(
// CHECK: rsqrt.approx.ftz.f32
// CHECK-LABEL: .entry input_log(
// CHECK-NOT: .ftz
// CHECK: lg2.approx.f32
// CHECK-LABEL: .entry input_rsqrt(
// CHECK-NOT: .ftz
// CHECK: rsqrt.approx.f32
// CHECK-LABEL: .entry underflowing_log(
// CHECK-NOT: .ftz
// CHECK: lg2.approx.f32
// CHECK-LABEL: .entry reaching_zero_log(
// CHECK-NOT: .ftz
// CHECK: lg2.approx.f32
