// The host entry point is a loop over [begin, end) that LLVM vectorizes; math functions map to
// glibc's vector math (libmvec) where LLVM's table has them (exp, log, sin, cos, pow, ...;
// not log1p or expm1). Its symbol carries the module name.
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s
module hostcheck;

elementwise add(float32 x, float32 y) -> (float32 z) { z = x + y; }
// CHECK-LABEL: define void @hostcheck__add__host(
// CHECK: fadd {{.*}}<4 x float>

elementwise log_sum_exp(float32 x, float32 y) -> (float32 z) { z = log(exp(x) + exp(y)); }
// CHECK-LABEL: define void @hostcheck__log_sum_exp__host(
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_expf
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_logf
