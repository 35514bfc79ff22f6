// Tutorial 002, exercise 1: y[i] = x1[i] * x2[i] + B with a constant B, as a raw CUDA kernel in two
// shapes: one thread per element (the grid covers the array), and a grid-stride loop (any grid).
module timing;

raw cuda """
template <typename T>
__global__ void mul_add(const T* x1, const T* x2, T b, T* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x1[i] * x2[i] + b;
}

template <typename T>
__global__ void mul_add_strided(const T* x1, const T* x2, T b, T* y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        y[i] = x1[i] * x2[i] + b;
    }
}
""" instantiate mul_add<float>, mul_add_strided<float>;

// The same two kernels as jit-style kernels (cupyx.jit.rawkernel's counterpart), which run on the
// CPU too: there the program times these, raw CUDA being GPU-only.
kernel mul_add_jit(float32[] x1, float32[] x2, float32 b, float32[] y, int32 n) {
    int32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x1[i] * x2[i] + b;
}

kernel mul_add_strided_jit(float32[] x1, float32[] x2, float32 b, float32[] y, int32 n) {
    for (int32 i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        y[i] = x1[i] * x2[i] + b;
    }
}
