// The host entry point is a loop over [begin, end) that LLVM vectorizes; math functions map to
// glibc's vector math (libmvec). Its symbol carries the module name.
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s
module hostcheck;

elementwise add(float32 x, float32 y) -> (float32 z) { z = x + y; }
// CHECK-LABEL: define void @hostcheck__add__host(
// CHECK: fadd {{.*}}<4 x float>

elementwise softplus(float32 x) -> (float32 y) { y = fmax(0.0f, x) + log1p(exp(-fabs(x))); }
// CHECK-LABEL: define void @hostcheck__softplus__host(
// CHECK: call {{.*}}<4 x float> @_ZGV{{.*}}log1pf
