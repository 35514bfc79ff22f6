// lgamma on the host calls POSIX's reentrant lgamma_r / lgammaf_r with a sign slot of the kernel's
// own, never libm's lgamma, which writes the global `signgam`: the thread pool runs a host kernel
// on several threads at once, so lgamma would be a data race (ThreadSanitizer reported it in the
// random subsystem's poisson kernel). The device keeps libdevice's __nv_lgamma.
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s
// RUN: %gpucc --emit=llvm %s | FileCheck %s --check-prefix=DEVICE
module lg;

elementwise lgamma32(float32 x) -> (float32 y) { y = lgamma(x); }
elementwise lgamma64(float64 x) -> (float64 y) { y = lgamma(x); }

// CHECK-LABEL: define void @lg__lgamma32__host(
// CHECK: alloca i32
// CHECK: call float @lgammaf_r(float {{.*}}, ptr
// CHECK-LABEL: define void @lg__lgamma64__host(
// CHECK: call double @lgamma_r(double {{.*}}, ptr
// CHECK-NOT: @lgamma(
// CHECK-NOT: @lgammaf(
// DEVICE: __nv_lgamma
