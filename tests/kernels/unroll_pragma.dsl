// Kernels under `#pragma unroll` for unroll_pragma_test.cpp, which checks that the pragma changes
// no result: the same 8 independent tiles per thread with and without `#pragma unroll` (the shape
// of the random library's Philox tiles), a chain over a runtime count under `#pragma unroll 3`,
// `#pragma unroll 1` and `#pragma unroll 4` (every loop kind, remainders included), and a
// block-wide tree sum whose loop holds a barrier (on the CPU target a loop around the block's
// thread loops, where the pragma is not applied).
module up;

kernel tiles_unrolled(uint32[] x, uint32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= x.size) {
        return;
    }
    uint32 v = x[i];
    #pragma unroll
    for (int32 k = 0; k < 8; ++k) {
        uint32 h = v + (uint32)k * 0x9E3779B9u;
        h = (h ^ (h >> 16)) * 0x85EBCA6Bu;
        h = (h ^ (h >> 13)) * 0xC2B2AE35u;
        y[i * 8 + k] = h ^ (h >> 16);
    }
}

kernel tiles_rolled(uint32[] x, uint32[] y) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= x.size) {
        return;
    }
    uint32 v = x[i];
    for (int32 k = 0; k < 8; ++k) {
        uint32 h = v + (uint32)k * 0x9E3779B9u;
        h = (h ^ (h >> 16)) * 0x85EBCA6Bu;
        h = (h ^ (h >> 13)) * 0xC2B2AE35u;
        y[i * 8 + k] = h ^ (h >> 16);
    }
}

kernel chain(uint32[] x, uint32[] y, int32 rounds) {
    int64 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= x.size) {
        return;
    }
    uint32 h = x[i];
    #pragma unroll 3
    for (int32 k = 0; k < rounds; ++k) {
        h = (h ^ (h >> 15)) * 0x2C1B3C6Du + (uint32)k;
    }
    int32 j = 0;
    #pragma unroll 1
    while (j < rounds) {
        h += (h << 3) ^ (uint32)j;
        ++j;
    }
    #pragma unroll 4
    do {
        h = h * 0x297A2D39u + 1u;
        --j;
    } while (j > 0);
    y[i] = h;
}

kernel block_tree_sum(uint32[] x, uint32[] out) {
    shared uint32 buf[256];
    int32 t = threadIdx.x;
    int64 i = blockIdx.x * blockDim.x + t;
    buf[t] = i < x.size ? x[i] : 0u;
    syncthreads();
    #pragma unroll
    for (int32 s = 128; s > 0; s /= 2) {
        if (t < s) {
            buf[t] += buf[t + s];
        }
        syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = buf[0];
    }
}
