// `&&` and `||` whose right side is a few register operations (no memory read, no call, no
// division) are one condition, evaluated with `select` (Speculation.h), so a load guarded by two
// bounds checks has one branch in NVVM IR and one predicate in PTX, in a ranked-array kernel as in
// a flat one. A right side that reads memory or divides keeps C's branch around it:
// `i < n && y[i] > 0` must not read y[i] when i >= n, nor `d != 0 && n / d > 2` divide by zero.
// RUN: %gpucc --emit=llvm %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
module cg;
// The tiled matmul of bench/matmul_jit_kernels.dsl on ranked arrays, one tile guarded with ||:
// each guarded tile load is one condition and one branch (before, LLVM kept the two checks as two
// branches here because `t + tx` is shared by the check and the subscript).
kernel tiled(float32[:, :] a, float32[:, :] b, float32[:, :] c) {
    shared float32 ta[32 * 32];
    shared float32 tb[32 * 32];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 32 + ty;
    int32 col = blockIdx.x * 32 + tx;
    int32 n = c.shape[0];
    float32 sum = 0.0f;
    for (int32 t = 0; t < n; t += 32) {
        ta[ty * 32 + tx] = row >= n || t + tx >= n ? 0.0f : a[row, t + tx];
        tb[ty * 32 + tx] = col < n && t + ty < n ? b[t + ty, col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 32; ++k) {
            sum += ta[ty * 32 + k] * tb[k * 32 + tx];
        }
        syncthreads();
    }
    if (row < n && col < n) c[row, col] = sum;
}
// CHECK-LABEL: define ptx_kernel void @tiled(
// CHECK-NOT: {{and|or}}.rhs
// CHECK: ret void
// CHECK-NEXT: }
// PTX-LABEL: .entry tiled(
// PTX: or.pred [[P:%p[0-9]+]],
// PTX-NOT: bra
// PTX: @[[P]] bra
// PTX-NOT: bra
// PTX: ld.global.b32
// PTX-NOT: bra
// PTX: setp.ge.s32 [[Q:%p[0-9]+]],
// PTX-NOT: bra
// PTX: @[[Q]] bra
// PTX-NOT: bra
// PTX: ld.global.b32
// PTX-NOT: bra
// PTX: bar.sync

kernel reads_memory(float32[] y, int32 n) {
    int32 i = threadIdx.x;
    if (i < n && y[i] > 0.0f) {
        y[i] = 1.0f;
    }
}
// CHECK-LABEL: define ptx_kernel void @reads_memory(
// CHECK: and.rhs:
// CHECK: getelementptr inbounds nuw float, ptr %y.ptr
// CHECK-NEXT: load float

kernel divides(int32[] y, int32 n, int32 d) {
    if (d != 0 && n / d > 2) {
        y[threadIdx.x] = 1;
    }
}
// CHECK-LABEL: define ptx_kernel void @divides(
// CHECK: and.rhs:
// CHECK: sdiv i32 %n, %{{[0-9a-z.]+}}
