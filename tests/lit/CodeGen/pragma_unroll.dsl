// `#pragma unroll` on the GPU: each kernel is the same loop with and without the pragma, so every
// check below fails if the pragma has no effect. A 64-iteration loop that LLVM on its own unrolls
// only by 8 is unrolled fully under `#pragma unroll` (64 stores, no branch back); `#pragma unroll 1`
// keeps an 8-iteration loop that LLVM would otherwise unroll fully (one store, a branch back, the
// llvm.loop.unroll.disable node); `#pragma unroll 2` over n iterations unrolls by 2 (two stores in
// the loop, one in the remainder) where LLVM on its own unrolls by 8. On the host the disable node
// reaches the optimized IR too. The PTX assembles.
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
// RUN: %gpucc --emit=llvm %s | FileCheck --check-prefix=LLVM %s
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
module unroll_codegen;

kernel plain64(float32[] x, float32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    float32 acc = x[i];
    for (int32 k = 0; k < 64; ++k) {
        acc = acc * acc + (float32)k;
        y[i * 64 + k] = acc;
    }
}
kernel full64(float32[] x, float32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    float32 acc = x[i];
    #pragma unroll
    for (int32 k = 0; k < 64; ++k) {
        acc = acc * acc + (float32)k;
        y[i * 64 + k] = acc;
    }
}
kernel plain8(float32[] x, float32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int32 k = 0; k < 8; ++k) {
        y[i * 8 + k] = x[i * 8 + k] * 3.0f;
    }
}
kernel never8(float32[] x, float32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    #pragma unroll 1
    for (int32 k = 0; k < 8; ++k) {
        y[i * 8 + k] = x[i * 8 + k] * 3.0f;
    }
}
kernel plain_n(float32[] x, float32[] y, int32 n) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int32 k = 0; k < n; ++k) {
        y[i * n + k] = x[i * n + k] * 3.0f;
    }
}
kernel by2(float32[] x, float32[] y, int32 n) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    #pragma unroll 2
    for (int32 k = 0; k < n; ++k) {
        y[i * n + k] = x[i * n + k] * 3.0f;
    }
}

// PTX-LABEL: .entry plain64(
// PTX-COUNT-8: st.global.b32
// PTX-NOT:     st.global
// PTX:         bra {{.*}}$L__BB0_
// PTX-LABEL: .entry full64(
// PTX-NOT:     bra
// PTX-COUNT-64: st.global.b32
// PTX-NOT:     bra
// PTX-NOT:     st.global
// PTX:         ret;
// PTX-LABEL: .entry plain8(
// PTX-NOT:     bra
// PTX-COUNT-8: st.global.b32
// PTX-NOT:     bra
// PTX:         ret;
// PTX-LABEL: .entry never8(
// PTX:         $L__BB3_1:
// PTX:         st.global.b32
// PTX-NOT:     st.global
// PTX:         bra {{.*}}$L__BB3_1;
// PTX-LABEL: .entry plain_n(
// PTX-COUNT-9: st.global.b32
// PTX-LABEL: .entry by2(
// PTX-COUNT-3: st.global.b32
// PTX-NOT:     st.global
// PTX:         ret;

// LLVM-LABEL: define ptx_kernel void @never8(
// LLVM:       br i1 {{.*}}, !llvm.loop [[NEVER:![0-9]+]]
// LLVM:       [[NEVER]] = distinct !{[[NEVER]], [[DISABLE:![0-9]+]]}
// LLVM:       [[DISABLE]] = !{!"llvm.loop.unroll.disable"}

// HOST-LABEL: define void @unroll_codegen__never8__grid(
// HOST:       br i1 {{.*}} label %for.body{{.*}}, !llvm.loop [[HOST_NEVER:![0-9]+]]
// HOST:       [[HOST_NEVER]] = distinct !{[[HOST_NEVER]], [[HOST_DISABLE:![0-9]+]]}
// HOST:       [[HOST_DISABLE]] = !{!"llvm.loop.unroll.disable"}
