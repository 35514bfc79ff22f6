// mulhi is the GPU's mul.hi for each 32- and 64-bit integer type (llvm.nvvm.mulhi.*; a widening
// multiply and a shift would let the optimizer turn surrounding 32-bit arithmetic into 64-bit)
// and a widening multiply and shift on the host, which vectorizes. __sinf, __cosf, __logf and
// __expf are PTX's approximations on the GPU (log and exp through lg2 and ex2 with CUDA's
// scalings) and the accurate libmvec functions on the host. The PTX assembles.
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
module approx;

elementwise hi32(uint32 a, uint32 b, int32 c, int32 d) -> (uint32 u, int32 s) {
    u = mulhi(a, b);
    s = mulhi(c, d);
}
elementwise hi64(uint64 a, uint64 b, int64 c, int64 d) -> (uint64 u, int64 s) {
    u = mulhi(a, b);
    s = mulhi(c, d);
}
// One Philox round: no 64-bit multiply or xor where 32-bit ones do.
elementwise philox_round(uint32 x0, uint32 x1, uint32 x2, uint32 x3, uint32 k0, uint32 k1)
    -> (uint32 y0, uint32 y1, uint32 y2, uint32 y3) {
    y0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ k0;
    y1 = x2 * 0xCD9E8D57u;
    y2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ k1;
    y3 = x0 * 0xD2511F53u;
}
elementwise fast(float32 x) -> (float32 y) { y = __sinf(x) + __cosf(x) + __logf(x) + __expf(x); }

// PTX-LABEL: .entry hi32(
// PTX-DAG: mul.hi.u32
// PTX-DAG: mul.hi.s32
// PTX-LABEL: .entry hi64(
// PTX-DAG: mul.hi.u64
// PTX-DAG: mul.hi.s64
// PTX-LABEL: .entry philox_round(
// PTX-NOT: mul.lo.s64
// PTX-NOT: xor.b64
// PTX: mul.hi.u32
// PTX-NOT: mul.lo.s64
// PTX-NOT: xor.b64
// PTX-LABEL: .entry philox_round__strided(
// PTX-LABEL: .entry fast(
// PTX-DAG: sin.approx.f32
// PTX-DAG: cos.approx.f32
// PTX-DAG: lg2.approx.f32
// PTX-DAG: ex2.approx.f32
// PTX-NOT: __nv_

// HOST-LABEL: define void @approx__hi32__host(
// HOST: mul nuw <4 x i64>
// HOST: lshr <4 x i64> {{.*}}, splat (i64 32)
// HOST-LABEL: define void @approx__hi64__host(
// HOST: mul {{.*}}i128
// HOST-LABEL: define void @approx__fast__host(
// HOST-DAG: call {{.*}}<4 x float> @_ZGVbN4v_sinf
// HOST-DAG: call {{.*}}<4 x float> @_ZGVbN4v_cosf
// HOST-DAG: call {{.*}}<4 x float> @_ZGVbN4v_logf
// HOST-DAG: call {{.*}}<4 x float> @_ZGVbN4v_expf
