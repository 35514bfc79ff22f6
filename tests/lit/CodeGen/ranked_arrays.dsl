// Ranked array parameters (`T[:, :] x`): each array passes its pointer, size, extents and byte
// strides; the instance gets two entry points with the same parameters. The contiguous one
// addresses x[i, j, k] from the extents, ((i * n1 + j) * n2 + k) elements in 32-bit arithmetic
// as a hand-written kernel does (the launcher sends arrays of 2^31 elements or more to the
// strided entry), and a flat x[i] as
// ptr[i]; the strided one adds i * s0 + j * s1 + k * s2 bytes and unravels a flat index over the
// extents (C order). x.shape[k] and x.strides[k] read their slots in both. The host target has
// the same two versions; ptxas accepts the PTX.
// RUN: %gpucc --emit=llvm %s | FileCheck --check-prefix=LLVM %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
module cg;
kernel ranked(float32[:, :, :] x, float64[:] v, int32[] flat, int32 i, int32 j) {
    x[i, j, 2] = x[i];
    v[j] = flat[i] + x.strides[1] + x.shape[2];
}
// LLVM-LABEL: define ptx_kernel void @ranked(ptr align 4 captures(none) %x.ptr, i64 %x.size, i64 %x.shape0, i64 %x.shape1, i64 %x.shape2, i64 %x.strides0, i64 %x.strides1, i64 %x.strides2, ptr writeonly align 8 captures(none) %v.ptr, i64 %v.size, i64 %v.shape0, i64 %v.strides0, ptr readonly align 4 captures(none) %flat.ptr, i64 %flat.size, i32 %i, i32 %j)
// The contiguous entry: 32-bit arithmetic over the extents (arrays under 2^31 elements).
// LLVM:      [[N1:%[0-9]+]] = trunc i64 %x.shape1 to i32
// LLVM-NEXT: [[ROW:%[0-9]+]] = mul nsw i32 %i, [[N1]]
// LLVM-NEXT: [[ROWJ:%[0-9]+]] = add nsw i32 [[ROW]], %j
// LLVM-NEXT: [[N2:%[0-9]+]] = trunc i64 %x.shape2 to i32
// LLVM-NEXT: [[LIN:%[0-9]+]] = mul nsw i32 [[ROWJ]], [[N2]]
// LLVM-NEXT: [[WIDE:%[0-9]+]] = sext i32 [[LIN]] to i64
// LLVM-NEXT: [[BASE:%[0-9]+]] = getelementptr float, ptr %x.ptr, i64 [[WIDE]]
// LLVM-NEXT: [[DEST:%[0-9]+]] = getelementptr i8, ptr [[BASE]], i64 8
// LLVM-NEXT: [[SRC:%[0-9]+]] = getelementptr inbounds float, ptr %x.ptr, i64 %0
// LLVM-NEXT: [[VALUE:%[0-9]+]] = load float, ptr [[SRC]]
// LLVM-NEXT: store float [[VALUE]], ptr [[DEST]]
// LLVM-NEXT: getelementptr inbounds double, ptr %v.ptr, i64 %1
// LLVM:      add i64 %x.strides1, %x.shape2
// LLVM:      ret void
// LLVM-LABEL: define ptx_kernel void @ranked__strided(ptr align 4 captures(none) %x.ptr, i64 %x.size, i64 %x.shape0, i64 %x.shape1, i64 %x.shape2, i64 %x.strides0, i64 %x.strides1, i64 %x.strides2,
// LLVM:      [[I0:%[0-9]+]] = mul nsw i64 %x.strides0, %0
// LLVM-NEXT: [[J1:%[0-9]+]] = mul nsw i64 %x.strides1, %1
// LLVM-NEXT: [[K2:%[0-9]+]] = shl nsw i64 %x.strides2, 1
// Unravelling the flat index: the last axis first.
// LLVM:      udiv i64 %.frozen, %x.shape2.frozen
// LLVM:      mul nsw i64 %.decomposed, %x.strides2
// LLVM:      udiv i64 {{%[0-9]+}}, %x.shape1.frozen
// LLVM:      mul nsw i64 %.decomposed1, %x.strides1
// LLVM:      mul nsw i64 {{%[0-9]+}}, %x.strides0
// LLVM:      [[V:%[0-9]+]] = mul nsw i64 %v.strides0, %1
// LLVM-NEXT: getelementptr inbounds i8, ptr %v.ptr, i64 [[V]]
// LLVM:      ret void
// HOST-DAG: define void @cg__ranked__grid(
// HOST-DAG: define void @cg__ranked__grid_strided(
// HOST-DAG: define void @cg__ranked__grid_v3(
// HOST-DAG: define void @cg__ranked__grid_strided_v3(
