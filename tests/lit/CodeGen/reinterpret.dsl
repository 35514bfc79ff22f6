// The bit reinterpretations (CUDA's __float_as_uint family) are an LLVM bitcast on both targets:
// no conversion, no call. A narrower operand of the same kind converts first (float16 to float32,
// uint8 to uint32). Each operand and result passes through arithmetic here so that the optimizer
// cannot fold the bitcast into a load or a store. The PTX assembles.
// RUN: %gpucc --emit=llvm %s | FileCheck --check-prefix=NVVM %s
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
module bits;

elementwise bits32(float32 x, uint32 u) -> (uint32 a, float32 c) {
    a = __float_as_uint(x * 3.0f) + 7u;
    c = __uint_as_float(u + 5u) * 3.0f;
}
elementwise bits32_signed(float32 x, int32 s) -> (int32 b, float32 d) {
    b = __float_as_int(x * 3.0f) + 7;
    d = __int_as_float(s + 5) * 3.0f;
}
elementwise bits64(float64 x, int64 s) -> (int64 a, float64 c) {
    a = __double_as_longlong(x * 3.0) + 7;
    c = __longlong_as_double(s + 5) * 3.0;
}
elementwise bits64_unsigned(float64 x, uint64 u) -> (uint64 b, float64 d) {
    b = __double_as_ulonglong(x * 3.0) + 7u;
    d = __ulonglong_as_double(u + 5u) * 3.0;
}
elementwise narrower(float16 h, uint8 v) -> (uint32 a, float32 c) {
    a = __float_as_uint(h) + 7u;
    c = __uint_as_float(v) * 3.0f;
}

// NVVM-LABEL: define ptx_kernel void @bits32(
// NVVM-DAG: [[PRODUCT:%[0-9]+]] = fmul {{.*}}float %{{.*}}, 3.000000e+00
// NVVM-DAG: [[BITS:%[0-9]+]] = bitcast float [[PRODUCT]] to i32
// NVVM-DAG: add i32 [[BITS]], 7
// NVVM-DAG: [[SUM:%[0-9]+]] = add i32 %{{.*}}, 5
// NVVM-DAG: [[VALUE:%[0-9]+]] = bitcast i32 [[SUM]] to float
// NVVM-DAG: fmul {{.*}}float [[VALUE]], 3.000000e+00
// NVVM-NOT: call {{.*}}@__nv_
// NVVM-LABEL: define ptx_kernel void @bits32_signed(
// NVVM-DAG: bitcast float %{{.*}} to i32
// NVVM-DAG: bitcast i32 %{{.*}} to float
// NVVM-LABEL: define ptx_kernel void @bits64(
// NVVM-DAG: [[PRODUCT:%[0-9]+]] = fmul {{.*}}double %{{.*}}, 3.000000e+00
// NVVM-DAG: [[BITS:%[0-9]+]] = bitcast double [[PRODUCT]] to i64
// NVVM-DAG: add i64 [[BITS]], 7
// NVVM-DAG: [[SUM:%[0-9]+]] = add i64 %{{.*}}, 5
// NVVM-DAG: [[VALUE:%[0-9]+]] = bitcast i64 [[SUM]] to double
// NVVM-DAG: fmul {{.*}}double [[VALUE]], 3.000000e+00
// NVVM-LABEL: define ptx_kernel void @bits64_unsigned(
// NVVM-DAG: bitcast double %{{.*}} to i64
// NVVM-DAG: bitcast i64 %{{.*}} to double
// NVVM-LABEL: define ptx_kernel void @narrower(
// NVVM-DAG: fpext half %{{.*}} to float
// NVVM-DAG: bitcast float %{{.*}} to i32
// NVVM-DAG: zext i8 %{{.*}} to i32
// NVVM-DAG: bitcast i32 %{{.*}} to float

// HOST-LABEL: define void @bits__bits32__host(
// HOST-DAG: bitcast {{.*}}float{{.*}} to {{.*}}i32
// HOST-DAG: bitcast {{.*}}i32{{.*}} to {{.*}}float
// HOST-NOT: call {{.*}}@{{[a-z]+}}f(
// HOST-LABEL: define void @bits__bits64__host(
// HOST-DAG: bitcast {{.*}}double{{.*}} to {{.*}}i64
// HOST-DAG: bitcast {{.*}}i64{{.*}} to {{.*}}double
