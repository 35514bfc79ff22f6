// The host entry point is a loop over [begin, end) that LLVM vectorizes; math functions map to
// glibc's vector math (libmvec): LLVM's table (exp, log, sin, cos, pow) plus the functions
// glibc 2.35 added (log1p, expm1, tanh, ...). Its symbol carries the module name.
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s
module hostcheck;

elementwise add(float32 x, float32 y) -> (float32 z) { z = x + y; }
// CHECK-LABEL: define void @hostcheck__add__host(
// CHECK: fadd {{.*}}<4 x float>

elementwise log_sum_exp(float32 x, float32 y) -> (float32 z) { z = log(exp(x) + exp(y)); }
// CHECK-LABEL: define void @hostcheck__log_sum_exp__host(
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_expf
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_logf

elementwise softplus(float32 x) -> (float32 y) { y = fmax(0.0f, x) + log1p(exp(-fabs(x))); }
// CHECK-LABEL: define void @hostcheck__softplus__host(
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_expf
// CHECK: call {{.*}}<4 x float> @_ZGVbN4v_log1pf

elementwise tanh64(float64 x) -> (float64 y) { y = tanh(x) + expm1(x); }
// CHECK-LABEL: define void @hostcheck__tanh64__host(
// CHECK: call {{.*}}<2 x double> @_ZGVbN2v_tanh
// CHECK: call {{.*}}<2 x double> @_ZGVbN2v_expm1
