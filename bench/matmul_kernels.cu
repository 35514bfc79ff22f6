// The raw CUDA matmul kernels of matmul_kernels.dsl (also read by peers_matmul.py, so CuPy's
// RawKernel runs the same source). C = A B for row-major n x n float matrices.

extern "C" __global__ void matmul_naive(const float* a, const float* b, float* c, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += a[row * n + k] * b[k * n + col];
        c[row * n + col] = sum;
    }
}

#define TILE 32

// Launch with blocks of TILE x TILE threads and a grid of ceil(n / TILE)^2 blocks.
extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int n) {
    __shared__ float tile_a[TILE][TILE];
    __shared__ float tile_b[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        tile_a[threadIdx.y][threadIdx.x] =
            row < n && t + threadIdx.x < n ? a[row * n + t + threadIdx.x] : 0.0f;
        tile_b[threadIdx.y][threadIdx.x] =
            t + threadIdx.y < n && col < n ? b[(t + threadIdx.y) * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n)
        c[row * n + col] = sum;
}
