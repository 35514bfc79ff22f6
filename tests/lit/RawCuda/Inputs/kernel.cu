// A raw CUDA file with a kernel, read by tests of `raw cuda file`.
#include "kernel_helpers.cuh"
extern "C" __global__ void from_file(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = twice(x[i]);
}
