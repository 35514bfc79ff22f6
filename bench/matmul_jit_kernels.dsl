// Tiled matrix multiplication as a jit-style kernel (the seed tutorial's exercise 2): C = A B for
// n x n float32 matrices in C order, each block computing a TILE x TILE tile of C from tiles of
// A and B staged in shared memory, one output per thread. Edges are guarded, so any n works.
module matmul_jit;

kernel matmul_tiled16(float32[] a, float32[] b, float32[] c, int32 n) {
    shared float32 ta[16 * 16];
    shared float32 tb[16 * 16];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 16 + ty;
    int32 col = blockIdx.x * 16 + tx;
    float32 sum = 0.0f;
    for (int32 t = 0; t < n; t += 16) {
        ta[ty * 16 + tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        tb[ty * 16 + tx] = col < n && t + ty < n ? b[(t + ty) * n + col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 16; ++k) {
            sum += ta[ty * 16 + k] * tb[k * 16 + tx];
        }
        syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = sum;
}

kernel matmul_tiled32(float32[] a, float32[] b, float32[] c, int32 n) {
    shared float32 ta[32 * 32];
    shared float32 tb[32 * 32];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 32 + ty;
    int32 col = blockIdx.x * 32 + tx;
    float32 sum = 0.0f;
    for (int32 t = 0; t < n; t += 32) {
        ta[ty * 32 + tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        tb[ty * 32 + tx] = col < n && t + ty < n ? b[(t + ty) * n + col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 32; ++k) {
            sum += ta[ty * 32 + k] * tb[k * 32 + tx];
        }
        syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = sum;
}

// The 32 x 32 kernel on ranked arrays (`T[:, :]`, passed with shape and strides as cupyx.jit
// does): c = a b for any layouts. With C-contiguous arguments it runs its contiguous entry,
// else its strided one.
kernel matmul_tiled32_views(float32[:, :] a, float32[:, :] b, float32[:, :] c) {
    shared float32 ta[32 * 32];
    shared float32 tb[32 * 32];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 32 + ty;
    int32 col = blockIdx.x * 32 + tx;
    int32 n = c.shape[0];
    float32 sum = 0.0f;
    for (int32 t = 0; t < n; t += 32) {
        ta[ty * 32 + tx] = row < n && t + tx < n ? a[row, t + tx] : 0.0f;
        tb[ty * 32 + tx] = col < n && t + ty < n ? b[t + ty, col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 32; ++k) {
            sum += ta[ty * 32 + k] * tb[k * 32 + tx];
        }
        syncthreads();
    }
    if (row < n && col < n) c[row, col] = sum;
}
