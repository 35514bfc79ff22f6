// The gemm.cu that dsl/reference.md's raw CUDA example reads with `raw cuda file "gemm.cu"`; the
// snippet test (tests/docs) puts it beside that example's .dsl. A plain row-major C = A * B.
extern "C" __global__ void gemm(const float* a, const float* b, float* c, int m, int n, int k) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < m && col < n) {
        float sum = 0.0f;
        for (int i = 0; i < k; ++i) {
            sum += a[row * k + i] * b[i * n + col];
        }
        c[row * n + col] = sum;
    }
}
