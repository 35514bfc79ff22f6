// The small-problem GEMM of the linalg subsystem (runtime/src/linalg/small_gemm.h): C = A B for
// matrices of any strides (transposed and sliced views read in place), one 16 x 16 tile of C per
// block of 16 x 16 threads, A's and B's tiles staged in shared memory. It exists for products so
// small that cuBLASLt's own host time per call (about 7 us on an H100) is most of their cost: a
// launch of a kernel of the library's own costs about half. float16 and bfloat16 accumulate in
// float32 and round once, as cuBLAS's CUBLAS_COMPUTE_32F; float32 in float32; float64 in float64.
module gpucc_linalg_small_gemm;

kernel small_gemm_float32_accumulate<T: float32 | float16 | bfloat16>(
    T[:, :] a, T[:, :] b, T[:, :] c, int64 m, int64 n, int64 k) {
    shared float32 tile_a[16 * 16];
    shared float32 tile_b[16 * 16];
    int64 row = int64(blockIdx.y) * 16 + threadIdx.y;
    int64 col = int64(blockIdx.x) * 16 + threadIdx.x;
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    float32 sum = 0.0f;
    for (int64 k0 = 0; k0 < k; k0 += 16) {
        float32 from_a = 0.0f;
        if (row < m && k0 + tx < k) {
            from_a = float32(a[row, k0 + tx]);
        }
        float32 from_b = 0.0f;
        if (k0 + ty < k && col < n) {
            from_b = float32(b[k0 + ty, col]);
        }
        tile_a[ty * 16 + tx] = from_a;
        tile_b[ty * 16 + tx] = from_b;
        syncthreads();
        for (int32 j = 0; j < 16; j++) {
            sum += tile_a[ty * 16 + j] * tile_b[j * 16 + tx];
        }
        syncthreads();
    }
    if (row < m && col < n) {
        c[row, col] = T(sum);
    }
}

kernel small_gemm_float64(float64[:, :] a, float64[:, :] b, float64[:, :] c, int64 m, int64 n,
                          int64 k) {
    shared float64 tile_a[16 * 16];
    shared float64 tile_b[16 * 16];
    int64 row = int64(blockIdx.y) * 16 + threadIdx.y;
    int64 col = int64(blockIdx.x) * 16 + threadIdx.x;
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    float64 sum = 0.0;
    for (int64 k0 = 0; k0 < k; k0 += 16) {
        float64 from_a = 0.0;
        if (row < m && k0 + tx < k) {
            from_a = a[row, k0 + tx];
        }
        float64 from_b = 0.0;
        if (k0 + ty < k && col < n) {
            from_b = b[k0 + ty, col];
        }
        tile_a[ty * 16 + tx] = from_a;
        tile_b[ty * 16 + tx] = from_b;
        syncthreads();
        for (int32 j = 0; j < 16; j++) {
            sum += tile_a[ty * 16 + j] * tile_b[j * 16 + tx];
        }
        syncthreads();
    }
    if (row < m && col < n) {
        c[row, col] = sum;
    }
}
