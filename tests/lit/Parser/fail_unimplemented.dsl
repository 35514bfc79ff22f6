// RUN: %gpucc --verify %s
// The kinds of language.md sections 4 and 5 are recognised, reported once each, and skipped; the
// kernels around them are still compiled. (Reductions and jit-style kernels, sections 2 and 3, are
// parsed: see ast_reduction.dsl and ast_kernel.dsl; the two kernels below check cleanly.)
elementwise before(float32 x) -> (float32 y) { y = x; }

kernel elementwise_copy<T>(T[] x, T[] y, uint32 size) {
    uint32 tid  = blockIdx.x * blockDim.x + threadIdx.x;
    uint32 ntid = gridDim.x * blockDim.x;
    for (uint32 i = tid; i < size; i += ntid) {
        y[i] = x[i];
    }
}

kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    int32 i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0.0f;
    syncthreads();
    for (int32 s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s) buf[t] += buf[t + s];
        syncthreads();
    }
    if (t == 0) atomic_add(&out[0], buf[0]);
}

raw cuda """ // expected-error {{raw CUDA kernels ('raw cuda') are not implemented yet}}
#include <cuda_fp16.h>
extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
""" instantiate scale<float>, scale<double>;

raw cuda file "gemm.cu"; // expected-error {{raw CUDA kernels ('raw cuda') are not implemented yet}}

fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x))); // expected-error {{fused functions ('fuse') are not implemented yet}}
fuse sum_of_products(x, y) = sum(x * y, axis = -1); // expected-error {{fused functions ('fuse') are not implemented yet}}

elementwise after(float32 x) -> (float32 y) { y = undefined_name; } // expected-error {{use of undeclared identifier 'undefined_name'}}
