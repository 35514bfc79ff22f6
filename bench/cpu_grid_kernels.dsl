// Jit-style kernels for bench/cpu_grid_bench.cpp on the CPU target: tutorial 002's
// elementwise_copy (a grid-stride copy) and a 32 x 32 tiled matmul in shared memory with two
// barriers per tile, whose threads the host runs as loops cut at each barrier.
module cgb;

kernel elementwise_copy<T: float32>(T[] x, T[] y, uint32 size) {
    uint32 tid  = blockIdx.x * blockDim.x + threadIdx.x;
    uint32 ntid = gridDim.x * blockDim.x;
    for (uint32 i = tid; i < size; i += ntid) {
        y[i] = x[i];
    }
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
