// A jit-style kernel's builtins in NVVM IR and in PTX, that is: special registers, shared arrays in
// addrspace(3) (a dynamic one as an external zero-length array, PTX's `.extern .shared`), the
// block barrier and the warp barrier, relaxed device-scope atomics on global and shared memory,
// and each shuffle (a float64 moved in two 32-bit halves; width 16 gives segment mask 16 << 8).
// ptxas accepts the result. The host version loops over blocks and threads and uses real
// atomics; with barriers and shuffles its thread loops are cut at each (GridBarrierRegions.cpp):
// shared arrays are the block's stack arrays (the dynamic one sized by the launch), and each
// shuffle's values and source lanes go through per-thread arrays; no NVVM intrinsic remains.
// RUN: %gpucc --emit=llvm %s | FileCheck --check-prefix=LLVM %s
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=NO-NVVM %s
module cg;
kernel features(float32[] x, int32[] k, float64[] d, int32 n) {
    shared float32 tile[64];
    shared float64 rest[];
    uint32 t = threadIdx.x + blockIdx.y * blockDim.z + gridDim.x + laneid();
    tile[t] = x[t];
    rest[t] = d[t];
    syncthreads();
    syncwarp(0x0000ffff);
    atomic_add(&x[0], tile[1]);
    atomic_add(&d[0], rest[1]);
    atomic_max(&k[1], n);
    atomic_cas(&k[2], 0, 1);
    atomic_exch(&x[3], 2.0f);
    atomic_add(&tile[2], 1.0f);
    k[4] = shfl_sync(0xffffffff, k[5], 0);
    d[6] = shfl_xor_sync(0xffffffff, d[7], 16);
    k[8] = shfl_up_sync(0xffffffff, k[9], 1, 16);
    k[10] = shfl_down_sync(0xffffffff, k[11], 2);
}

kernel counting(int32[] x, int64[] total) {
    uint32 i = grid(1);
    if (i >= x.size) return;
    atomic_add(&total[0], int64(x[i]));
}

// LLVM: @features__tile__0 = internal addrspace(3) global [64 x float] undef, align 16
// LLVM: @features__rest__1__dynamic = external {{.*}}addrspace(3) global [0 x double], align 16
// LLVM-LABEL: define ptx_kernel void @features(
// LLVM-DAG: @llvm.nvvm.read.ptx.sreg.tid.x()
// LLVM-DAG: @llvm.nvvm.read.ptx.sreg.ctaid.y()
// LLVM-DAG: @llvm.nvvm.read.ptx.sreg.ntid.z()
// LLVM-DAG: @llvm.nvvm.read.ptx.sreg.nctaid.x()
// LLVM-DAG: @llvm.nvvm.read.ptx.sreg.laneid()
// LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// LLVM: call void @llvm.nvvm.bar.warp.sync(i32 65535)
// LLVM: atomicrmw fadd ptr %x.ptr, float {{.*}} syncscope("device") monotonic, align 4
// LLVM: atomicrmw fadd ptr %d.ptr, double {{.*}} syncscope("device") monotonic, align 8
// LLVM: atomicrmw max ptr {{.*}}, i32 %n syncscope("device") monotonic
// LLVM: cmpxchg ptr {{.*}}, i32 0, i32 1 syncscope("device") monotonic monotonic
// LLVM: atomicrmw xchg ptr {{.*}}, i32 1073741824 syncscope("device") monotonic
// LLVM: atomicrmw fadd ptr addrspace(3) {{.*}}@features__tile__0{{.*}}, float 1.000000e+00 syncscope("device") monotonic
// LLVM: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 {{.*}}, i32 0, i32 31)
// LLVM: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 {{.*}}, i32 16, i32 31)
// LLVM: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 {{.*}}, i32 16, i32 31)
// LLVM: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 {{.*}}, i32 1, i32 4096)
// LLVM: call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 {{.*}}, i32 2, i32 31)

// PTX: .extern .shared .align 16 .b8 features__rest__1__dynamic[];
// PTX-LABEL: .entry features(
// PTX: .param .u64 .ptr .align 4 features_param_0,
// PTX-NEXT: .param .u64 features_param_1,
// PTX: .shared .align 16 .b8 features__tile__0[256];
// PTX: bar.sync 0;
// PTX: bar.warp.sync 65535;
// PTX: atom.global.add.f32
// PTX: atom.global.add.f64
// PTX: atom.global.max.s32
// PTX: atom.{{.*}}global.cas.b32
// PTX: atom.global.exch.b32
// PTX: atom.shared.add.f32
// PTX: shfl.sync.idx.b32
// PTX: shfl.sync.bfly.b32
// PTX: shfl.sync.bfly.b32
// PTX: shfl.sync.up.b32 {{.*}}, 1, 4096, -1;
// PTX: shfl.sync.down.b32
// PTX-LABEL: .entry counting(
// PTX: atom.global.add.u64

// NO-NVVM-NOT: nvvm
// HOST-LABEL: define void @cg__features__grid(ptr
// HOST-DAG: %tile = alloca [64 x float], align 16
// HOST-DAG: %shared.dynamic = alloca i8, i64 %{{.*}}, align 16
// HOST-DAG: %shfl.values = alloca i32, i64 %{{.*}}, align 64
// HOST-DAG: %shfl.sources = alloca i32, i64 %{{.*}}, align 64
// HOST-DAG: alloca double, i64 %{{.*}}, align 64
// HOST: atomicrmw fadd ptr %x.ptr, float {{.*}} monotonic
// HOST-LABEL: define void @cg__counting__grid(ptr
// HOST: atomicrmw add ptr {{.*}} monotonic
// HOST-LABEL: define void @cg__counting__grid_v3(ptr
