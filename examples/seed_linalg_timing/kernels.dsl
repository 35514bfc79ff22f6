// Tutorial 002, exercise 2: "the matmul obtained with a vanilla CUDA matmul implemented with raw
// kernels". The vanilla one: a thread per element of C, each a dot product of a row of A and a
// column of B read from global memory (no tiling, no shared memory, so it runs on the CPU target
// too). C = A B for n x n float32 matrices in C order.
module seed_linalg;

kernel matmul_naive(float32[] a, float32[] b, float32[] c, int32 n) {
    int32 row = blockIdx.y * blockDim.y + threadIdx.y;
    int32 col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float32 sum = 0.0f;
        for (int32 k = 0; k < n; ++k) {
            sum += a[row * n + k] * b[k * n + col];
        }
        c[row * n + col] = sum;
    }
}
