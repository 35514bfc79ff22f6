// Jit-style kernels whose threads meet at barriers and shuffles, for grid_barriers_test.cpp: on
// the CPU the threads of a block run as loops cut at each barrier, so these cover what that cut
// must get right. A scan with two barriers per step of a loop, over blocks of any size and shape;
// shared arrays of several types and dynamic shared memory; barriers inside while and do-while
// loops with break and continue, and inside a branch every thread of the block takes alike;
// shuffles of every kind over partial warps; a two-stage block reduction whose second stage is
// one warp's shuffles under `if`; and a 32 x 32 tiled matmul.
module gb;

// Inclusive prefix sums of each block's part of x (Hillis-Steele: read, barrier, write,
// barrier), the block's threads numbered x fastest over a 1-, 2- or 3-D block.
kernel block_scan<T: int32 | float64>(T[] x, T[] y) {
    shared T buf[1024];
    uint32 t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    uint32 threads = blockDim.x * blockDim.y * blockDim.z;
    uint32 i = blockIdx.x * threads + t;
    buf[t] = i < x.size ? x[i] : T(0);
    syncthreads();
    for (uint32 offset = 1; offset < threads; offset *= 2) {
        T add = t >= offset ? buf[t - offset] : T(0);
        syncthreads();
        buf[t] += add;
        syncthreads();
    }
    if (i < y.size) y[i] = buf[t];
}

// Each block's part of x reversed through shared memory.
kernel reverse_shared<T: int8 | int16 | int64 | uint32 | float16 | float32 | float64>(
        T[] x, T[] y) {
    shared T buf[256];
    uint32 t = threadIdx.x;
    uint32 base = blockIdx.x * blockDim.x;
    if (base + t < x.size) buf[t] = x[base + t];
    syncthreads();
    uint32 from = blockDim.x - 1 - t;
    if (base + t < y.size && base + from < x.size) y[base + t] = buf[from];
}

// The same through dynamic shared memory of blockDim.x elements.
kernel reverse_dynamic<T: int32 | float64>(T[] x, T[] y) {
    shared T buf[];
    uint32 t = threadIdx.x;
    uint32 base = blockIdx.x * blockDim.x;
    if (base + t < x.size) buf[t] = x[base + t];
    syncthreads();
    uint32 from = blockDim.x - 1 - t;
    if (base + t < y.size && base + from < x.size) y[base + t] = buf[from];
}

// Rounds of a while loop with a barrier, ended by `break` when the block's shared counter says
// so; odd rounds are skipped by `continue` before the barrier (every thread alike). Each thread
// adds its value once per counted round; then a do-while with a barrier halves the sum once per
// four rounds (a count every thread of the block shares).
kernel rounds(int32[] x, int32[] out, int32 limit) {
    shared int32 counter[1];
    uint32 t = threadIdx.x;
    uint32 i = blockIdx.x * blockDim.x + t;
    int32 v = i < x.size ? x[i] : 0;
    int32 sum = 0;
    int32 round = 0;
    if (t == 0) counter[0] = 0;
    syncthreads();
    while (true) {
        round += 1;
        if (round % 2 == 1) continue;
        if (t == 0) counter[0] += 1;
        syncthreads();
        if (counter[0] > limit) break;
        sum += v;
        syncthreads();
    }
    do {
        sum /= 2;
        round -= 4;
        syncthreads();
    } while (round > 0);
    if (i < out.size) out[i] = sum;
}

// A branch with barriers inside that every thread of a block takes alike (its condition reads
// only the block's index): odd blocks rotate their part left by one through shared memory, even
// blocks right.
kernel rotate_by_block(float32[] x, float32[] y) {
    shared float32 buf[512];
    uint32 t = threadIdx.x;
    uint32 n = blockDim.x;
    uint32 i = blockIdx.x * n + t;
    buf[t] = x[i];
    if (blockIdx.x % 2 == 1) {
        syncthreads();
        y[i] = buf[(t + 1) % n];
    } else {
        syncthreads();
        y[i] = buf[(t + n - 1) % n];
    }
}

// Every shuffle with a variable delta and width, four per thread, on blocks of any size; the
// mask names the lanes the thread's warp has (a partial last warp has fewer than 32).
kernel shuffle_all<T: int32 | float32 | int64>(T[] x, T[] out, int32 delta, int32 width) {
    uint32 t = threadIdx.x;
    uint32 i = blockIdx.x * blockDim.x + t;
    uint32 lanes = blockDim.x - t / 32 * 32;
    uint32 mask = lanes >= 32 ? 0xffffffff : (1u << lanes) - 1u;
    T v = x[i];
    T a = shfl_sync(mask, v, delta, width);
    T b = shfl_up_sync(mask, v, delta, width);
    out[4 * i] = a;
    out[4 * i + 1] = b;
    out[4 * i + 2] = shfl_down_sync(mask, v, delta, width) + T(1);
    out[4 * i + 3] = shfl_xor_sync(mask, v, delta, width);
}

// A block's sum: each warp by shfl_xor (a butterfly, every lane ends with the warp's sum), lane 0
// to shared memory, then warp 0 alone sums the partial sums with shfl_down under `if`.
kernel block_reduce(float64[] x, float64[] out) {
    shared float64 partial[32];
    uint32 t = threadIdx.x;
    uint32 i = blockIdx.x * blockDim.x + t;
    float64 v = i < x.size ? x[i] : 0.0;
    for (int32 m = 16; m >= 1; m /= 2) {
        v += shfl_xor_sync(0xffffffff, v, m);
    }
    uint32 warp = t / 32;
    uint32 warps = (blockDim.x + 31) / 32;
    if (t % 32 == 0) partial[warp] = v;
    syncthreads();
    if (warp == 0) {
        float64 s = t < warps ? partial[t] : 0.0;
        for (int32 d = 16; d >= 1; d /= 2) {
            s += shfl_down_sync(0xffffffff, s, d);
        }
        if (t == 0) out[blockIdx.x] = s;
    }
}

// C = A B for n x n float32 matrices, 32 x 32 tiles in shared memory (blocks of 32 x 32).
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
