// RUN: %gpucc --emit=ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %gpucc --emit=ptx --arch=80 %s | FileCheck --check-prefix=SM80 %s
// RUN: %gpucc --emit=llvm %s | FileCheck --check-prefix=LLVM %s
// Raw kernels join the module of the file's other kernels: one PTX module with the elementwise
// kernel's entry points, the raw kernels (extern "C" by name, C++ by mangled name) and the device
// variables, at gpucc's PTX ISA version for the architecture; math calls are resolved by
// libdevice. CUB, cooperative groups and cuda_fp16.h compile.
module ptxmod;

elementwise twice(float32 x) -> (float32 y) { y = 2 * x; }

raw cuda """
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
namespace cg = cooperative_groups;
__constant__ float coeffs[4];
__device__ unsigned long long calls;
extern "C" __global__ void block_sum(const float* x, float* out, int n) {
    using Reduce = cub::BlockReduce<float, 256>;
    __shared__ typename Reduce::TempStorage storage;
    cg::thread_block block = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float total = Reduce(storage).Sum(i < n ? x[i] : 0.0f);
    block.sync();
    if (threadIdx.x == 0) atomicAdd(out, total);
}
extern "C" __global__ void half_axpy(__half a, const __half* x, __half* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hadd(__hmul(a, x[i]), y[i]);
}
template <typename T> __global__ void poly(const T* x, T* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = coeffs[0] + coeffs[1] * sin(x[i]);
    atomicAdd(&calls, 1ull);
}
""" instantiate poly<float>, poly<double>;

// CHECK: .version 8.5
// CHECK: .target sm_90
// CHECK-DAG: .visible .const .align 4 .b8 coeffs[16];
// CHECK-DAG: .visible .global .align 8 .u64 calls;
// CHECK-DAG: .entry twice(
// CHECK-DAG: .entry block_sum(
// CHECK-DAG: .entry half_axpy(
// CHECK-DAG: .entry _Z4polyIfEvPKT_PS0_i(
// CHECK-DAG: .entry _Z4polyIdEvPKT_PS0_i(
// SM80: .target sm_80
// SM80: .entry block_sum(
// LLVM-DAG: define {{.*}}ptx_kernel void @block_sum(
// LLVM-DAG: define {{.*}}ptx_kernel void @_Z4polyIdEvPKT_PS0_i(
// LLVM-NOT: declare {{.*}}@__nv_sin
