// Raw CUDA kernels for raw_kernel_tests (GPU) and raw_kernel_tests_cpu (argument checks and the
// errors of a CPU launch): language.md section 4's program, then kernels for dynamic shared
// memory, 2-D and 3-D blocks, device variables, half precision and a kernel that needs more than
// the default 48 KiB of dynamic shared memory.
module rawk;

raw cuda """
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

raw cuda """
#include <cuda_fp16.h>

// Each block reverses its slice of x through dynamic shared memory (blockDim.x floats).
extern "C" __global__ void block_reverse(const float* x, float* y, int n) {
    extern __shared__ float slice[];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    slice[t] = base + t < n ? x[base + t] : 0.0f;
    __syncthreads();
    int from = blockDim.x - 1 - t;
    if (base + t < n) y[base + t] = slice[from];
}

// c = a + 2 b over a rows x cols matrix, one thread per element of a 2-D grid of 2-D blocks.
extern "C" __global__ void add_2d(const double* a, const double* b, double* c, int rows, int cols) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols) c[row * cols + col] = a[row * cols + col] + 2.0 * b[row * cols + col];
}

// Each thread of 3-D blocks writes its global coordinates.
extern "C" __global__ void coords_3d(int* out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz) out[(z * ny + y) * nx + x] = x + 1000 * y + 1000000 * z;
}

// A cubic polynomial with coefficients in constant memory; counts its calls.
__constant__ float coeffs[4];
__device__ unsigned long long calls;
extern "C" __global__ void cubic(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = coeffs[0] + v * (coeffs[1] + v * (coeffs[2] + v * coeffs[3]));
        atomicAdd(&calls, 1ull);
    }
}

// y = a x + y in half precision.
extern "C" __global__ void half_axpy(__half a, const __half* x, __half* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hadd(__hmul(a, x[i]), y[i]);
}

// Sums `count` floats of dynamic shared memory, filled with 1..count: more than the 48 KiB a
// launch gets without raising the kernel's limit.
extern "C" __global__ void big_shared(float* out, int count) {
    extern __shared__ float values[];
    for (int k = threadIdx.x; k < count; k += blockDim.x) values[k] = float(k + 1);
    __syncthreads();
    if (threadIdx.x == 0) {
        double total = 0;
        for (int k = 0; k < count; ++k) total += values[k];
        out[0] = float(total);
    }
}

// Uses 4 KiB of static shared memory, for the attributes.
extern "C" __global__ void static_shared(float* out) {
    __shared__ float scratch[1024];
    scratch[threadIdx.x] = float(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = scratch[1023 - threadIdx.x];
}
""";
