// A float32 normal by the ziggurat (Marsaglia and Tsang, NumPy's random_standard_normal_f: 256
// layers; from one 32-bit word the layer idx = w & 255, the sign bit 8, rabs = w >> 9), to measure
// whether a transform made only of exact operations (an integer compare, an exact conversion, one
// correctly rounded multiply) gives the same bits on the CPU and the GPU at the default generator's
// speed (issue 22; bench/results/2026-11-27-random-normal-ziggurat). Not built by CMake; the
// kernels are raw CUDA (the slow path needs ballots and shared memory) timed by
// bench/random_normal_ziggurat.py, and bench/random_normal_ziggurat_reference.cpp computes the same
// values on the CPU.
//
// Which value is which: the fast path takes Philox word j of counter offset + blockIdx.x * 256 +
// threadIdx.x (words 2 and 3 of the counter zero) for element blockIdx.x * 1024 + j * 256 +
// threadIdx.x, as the library's normal_float32. A value whose word is rejected (rabs >= ki[idx],
// about 1.5% of them) continues in a counter domain of its own, (counter, attempt, 2^31 | j):
// attempt a's block B gives the wedge's uniform B[0] and, when the wedge rejects, the next word
// B[3]; in the tail, B[0] and B[1] (Marsaglia's tail: xx = -log(1 - u1) / r, yy = -log(1 - u2),
// accept when 2 yy > xx^2; tail tries repeat in the tail with the sign kept). So each value is a
// function of (key, offset, element) whatever the kernel's order of work. exp and log are
// runtime/src/random/exact_math.h's exact_exp and exact_log (float64, fma, no contraction),
// written here with __dmul_rn and fma for the inputs the draw gives.
//
// Kernels (parameters as bench/random_normal_variants.dsl's exact kernels: y, n, offset, loc,
// scale, the ten round key pairs, the table of bench/ziggurat_tables.py and its length):
// zig_fast_only: the fast path alone, the rejected values left wrong (the bound, not a draw);
// zig_inline: each rejected value's slow path called where it is met (up to four divergent
// passes per warp); zig_warp: a thread's rejected values finished after its four fast values,
// by a loop of ballots, all lanes with a rejection at once; zig_block: the block's rejected
// values queued in shared memory and finished by warp 0 after a barrier (one pass per 32 of them
// per block), the other threads' stores skipping them; zig_block_smem: zig_block with the table
// copied to shared memory; zig_persist32 and zig_persist16: persistent warps (a grid of as many
// blocks as fit at once) walking the groups with a grid stride, each queueing its rejected values in
// shared memory and finishing them 32 (16) at a time, every lane (half of them) busy. _lb8: at
// most 32 registers (__launch_bounds__(256, 8): eight blocks, 64 warps per SM; the slow path
// spills); the others as ptxas likes (the slow path's registers count for the whole kernel).
// Second measurement (bench/results/2026-11-27-random-normal-ziggurat-2): zig_persist_tile1k and
// _tile2k stage each warp's tile of 1024 or 2048 elements in shared memory and store it whole once
// its rejected values are finished; zig_persist_mask* queue a tile's rejections once per tile from
// a per-lane mask (_ld64: one global 8-byte table gather; _smem: the table in shared memory, the
// fastest exact kernel); zig_fast_test(_smem): the fast path with its accept test, the rejected
// values stored as 0 (the bound); _noslow kernels: the slow path replaced by a store of 0.
module normal_ziggurat;

raw cuda """
#define ZIG_KEYS unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9
#define ZIG_KEY_ARRAYS const unsigned ka[10] = {ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, kb[10] = {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9};

__device__ __forceinline__ void zig_philox(unsigned& x0, unsigned& x1, unsigned& x2, unsigned& x3, const unsigned* ka, const unsigned* kb) {
#pragma unroll
    for (int round = 0; round < 10; round++) {
        unsigned long long p0 = (unsigned long long)x0 * 0xD2511F53u;
        unsigned long long p1 = (unsigned long long)x2 * 0xCD9E8D57u;
        unsigned next0 = (unsigned)(p1 >> 32) ^ x1 ^ ka[round];
        unsigned next2 = (unsigned)(p0 >> 32) ^ x3 ^ kb[round];
        x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = next0; x2 = next2;
    }
}

// exact_math.h's exact_log for x in [2^-32, 1] (normal, finite).
__device__ __forceinline__ double zig_log(double x) {
    unsigned long long bits = (unsigned long long)__double_as_longlong(x);
    unsigned long long mantissa = bits & 0x000FFFFFFFFFFFFFull;
    bool big = mantissa > 0x6A09E667F3BCCull;
    double m = __longlong_as_double((long long)(mantissa | (big ? 0x3FE0000000000000ull : 0x3FF0000000000000ull)));
    double g = __dsub_rn(m, 1.0);
    double field = __dsub_rn(__longlong_as_double((long long)(0x4330000000000000ull | ((bits >> 52) & 0x7FFull))), 4503599627370496.0);
    double e = __dsub_rn(field, big ? 1022.0 : 1023.0);
    double p = fma(-0.028300767748604135, g, 0.063251660400264351);
    p = fma(p, g, -0.067870724287799597);
    p = fma(p, g, 0.059735205328110511);
    p = fma(p, g, -0.060411147624269232);
    p = fma(p, g, 0.066216083305965984);
    p = fma(p, g, -0.071602616298596142);
    p = fma(p, g, 0.076977106779687596);
    p = fma(p, g, -0.083325519705282236);
    p = fma(p, g, 0.09090583291121275);
    p = fma(p, g, -0.1000001819058728);
    p = fma(p, g, 0.11111122018278023);
    p = fma(p, g, -0.12499999829698444);
    p = fma(p, g, 0.14285714087166534);
    p = fma(p, g, -0.16666666666267768);
    p = fma(p, g, 0.20000000001741747);
    p = fma(p, g, -0.25000000000012362);
    p = fma(p, g, 0.33333333333328097);
    p = fma(p, g, -0.49999999999999972);
    return fma(e, 0.6931471805599453, fma(__dmul_rn(g, g), p, g));
}

// exact_math.h's exact_exp for x in [-746, 0].
__device__ __forceinline__ double zig_exp(double x) {
    double c = x < -746.0 ? -746.0 : x;
    double t = fma(c, 1.4426950408889634, 6755399441055744.0);
    double k = __dsub_rn(t, 6755399441055744.0);
    long long ki = (long long)((unsigned long long)__double_as_longlong(t) - 0x4338000000000000ull);
    double r = fma(-k, 0.6931471805599453, c);
    r = fma(-k, 2.3190468138462996e-17, r);
    double p = fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
    p = fma(p, r, 2.505210838544172e-08);
    p = fma(p, r, 2.755731922398589e-07);
    p = fma(p, r, 2.7557319223985893e-06);
    p = fma(p, r, 2.48015873015873e-05);
    p = fma(p, r, 0.0001984126984126984);
    p = fma(p, r, 0.001388888888888889);
    p = fma(p, r, 0.008333333333333333);
    p = fma(p, r, 0.041666666666666664);
    p = fma(p, r, 0.16666666666666666);
    p = fma(p, r, 0.5);
    p = fma(p, r, 1.0);
    double er = fma(p, r, 1.0);
    long long k1 = (long long)((unsigned long long)(ki + 2048) >> 1) - 1024;
    long long k2 = ki - k1;
    double s1 = __longlong_as_double((long long)((unsigned long long)(k1 + 1023) << 52));
    double s2 = __longlong_as_double((long long)((unsigned long long)(k2 + 1023) << 52));
    return __dmul_rn(__dmul_rn(er, s1), s2);
}

// The fast path's value of word w: rabs * wi[idx], signed by bit 8 (before loc and scale).
__device__ __forceinline__ float zig_x(unsigned w, float wi) {
    float x = __fmul_rn(__uint2float_rn(w >> 9), wi);
    return __int_as_float(__float_as_int(x) ^ (int)((w << 23) & 0x80000000u));
}

// -log(1 - u) for u = w 2^-32 (1 - u exact in float64).
__device__ __forceinline__ double zig_neglog1m(unsigned w) {
    return -zig_log(__dsub_rn(1.0, __dmul_rn((double)w, 2.3283064365386963e-10)));
}

// The value of element (counter, j) whose first word w was rejected by the fast path.
__device__ __noinline__ float zig_slow(unsigned w, unsigned long long counter, unsigned j, unsigned key0, unsigned key1, const unsigned* __restrict__ table, float loc, float scale) {
    unsigned ka[10], kb[10];
#pragma unroll
    for (int round = 0; round < 10; round++) { ka[round] = key0 + round * 0x9E3779B9u; kb[round] = key1 + round * 0xBB67AE85u; }
    bool tail = false;
    for (unsigned attempt = 0;; attempt++) {
        unsigned b0 = (unsigned)counter, b1 = (unsigned)(counter >> 32), b2 = attempt, b3 = 0x80000000u | j;
        zig_philox(b0, b1, b2, b3, ka, kb);
        if (!tail) {
            unsigned idx = w & 255u;
            float x = zig_x(w, __uint_as_float(table[2 * idx + 1]));
            if ((w >> 9) < table[2 * idx]) return fmaf(x, scale, loc);
            if (idx != 0u) {
                double lo = (double)__uint_as_float(table[512 + idx]);
                double hi = (double)__uint_as_float(table[512 + idx - 1]);
                double u = __dmul_rn((double)b0, 2.3283064365386963e-10);
                double xd = (double)x;
                if (fma(__dsub_rn(hi, lo), u, lo) < zig_exp(__dmul_rn(__dmul_rn(xd, xd), -0.5))) return fmaf(x, scale, loc);
                w = b3;
                continue;
            }
            tail = true;
        }
        double xx = __ddiv_rn(zig_neglog1m(b0), 3.6541528853610088);
        double yy = zig_neglog1m(b1);
        if (__dadd_rn(yy, yy) > __dmul_rn(xx, xx)) {
            float z = __double2float_rn(__dadd_rn(3.6541528853610088, xx));
            z = (w & 256u) ? -z : z;
            return fmaf(z, scale, loc);
        }
    }
}

// The block's 256 threads' Philox words (the library's counters) for thread t.
__device__ __forceinline__ void zig_words(unsigned long long counter, const unsigned* ka, const unsigned* kb, unsigned* w) {
    unsigned x0 = (unsigned)counter, x1 = (unsigned)(counter >> 32), x2 = 0u, x3 = 0u;
    zig_philox(x0, x1, x2, x3, ka, kb);
    w[0] = x0; w[1] = x1; w[2] = x2; w[3] = x3;
}

// kMode: 0 fast only, 1 inline, 2 warp ballots, 3 block queue; kSmem: the table in shared memory.
template <int kMode, bool kSmem>
__device__ __forceinline__ void zig_body(float* __restrict__ y, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, const unsigned* __restrict__ global_table) {
    __shared__ unsigned smem_table[kSmem ? 768 : 1];
    __shared__ unsigned queue[kMode == 3 ? 1024 : 1];
    __shared__ unsigned queued;
    const unsigned* table = global_table;
    if (kSmem) {
        for (int i = threadIdx.x; i < 768; i += blockDim.x) smem_table[i] = __ldg(global_table + i);
        table = smem_table;
    }
    if (kMode == 3 && threadIdx.x == 0) queued = 0u;
    if (kSmem || kMode == 3) __syncthreads();
    long long width = blockDim.x;
    long long first = (long long)blockIdx.x * width * 4 + threadIdx.x;
    unsigned long long counter = offset + (unsigned long long)((long long)blockIdx.x * width + threadIdx.x);
    unsigned w[4];
    zig_words(counter, ka, kb, w);
    float v[4];
    unsigned rejected = 0u;
#pragma unroll
    for (int j = 0; j < 4; j++) {
        unsigned idx = w[j] & 255u;
        uint2 kw = kSmem ? reinterpret_cast<const uint2*>(table)[idx] : __ldg(reinterpret_cast<const uint2*>(table) + idx);
        v[j] = fmaf(zig_x(w[j], __uint_as_float(kw.y)), scale, loc);
        bool fast = (w[j] >> 9) < kw.x;
        if (kMode == 1 && !fast) v[j] = zig_slow(w[j], counter, j, ka[0], kb[0], table, loc, scale);
        if (!fast) rejected |= 1u << j;
    }
    if (kMode == 2) {
        while (__ballot_sync(0xFFFFFFFFu, rejected != 0u)) {
            if (rejected) {
                int j = __ffs(rejected) - 1;
                rejected &= rejected - 1u;
                unsigned wj = j == 0 ? w[0] : j == 1 ? w[1] : j == 2 ? w[2] : w[3];
                float s = zig_slow(wj, counter, j, ka[0], kb[0], table, loc, scale);
                v[0] = j == 0 ? s : v[0]; v[1] = j == 1 ? s : v[1]; v[2] = j == 2 ? s : v[2]; v[3] = j == 3 ? s : v[3];
            }
        }
    }
    if (kMode == 3) {
        if (rejected) {
            unsigned r = rejected;
            while (r) {
                int j = __ffs(r) - 1;
                r &= r - 1u;
                queue[atomicAdd(&queued, 1u)] = (threadIdx.x << 2) | j;
            }
        }
        __syncthreads();
        unsigned count = queued;
        if (threadIdx.x < 32) {
            for (unsigned q = threadIdx.x; q < count; q += 32) {
                unsigned t = queue[q] >> 2, j = queue[q] & 3u;
                unsigned long long c = offset + (unsigned long long)((long long)blockIdx.x * width + t);
                unsigned cw[4];
                zig_words(c, ka, kb, cw);
                unsigned wj = j == 0 ? cw[0] : j == 1 ? cw[1] : j == 2 ? cw[2] : cw[3];
                y[(long long)blockIdx.x * width * 4 + t + j * width] = zig_slow(wj, c, j, ka[0], kb[0], table, loc, scale);
            }
        }
#pragma unroll
        for (int j = 0; j < 4; j++)
            if (!(rejected & (1u << j))) y[first + j * width] = v[j];
        return;
    }
#pragma unroll
    for (int j = 0; j < 4; j++) y[first + j * width] = v[j];
}

// The value of queued item (group g << 2 | j, word w) into its element (blocks of 1024 values).
// kSlow false: 0 instead of the value (a bound on the queue's own cost, not a draw).
template <bool kSlow>
__device__ __forceinline__ void zig_finish(uint2 item, float* __restrict__ y, unsigned long long offset, float loc, float scale, unsigned key0, unsigned key1, const unsigned* __restrict__ table) {
    unsigned g = item.x >> 2, j = item.x & 3u;
    long long element = (long long)(g >> 8) * 1024 + (g & 255u) + j * 256;
    y[element] = kSlow ? zig_slow(item.y, offset + g, j, key0, key1, table, loc, scale) : 0.0f;
}

// Persistent warps: each warp walks groups g (the library's thread index: counter offset + g,
// elements (g >> 8) 1024 + (g & 255) + 256 j) with a grid stride, stores the accepted values,
// queues the rejected ones in its own shared-memory queue and, once kFlush are queued, finishes
// kFlush of them in one pass (kFlush = 32: every lane busy), so the slow path costs one warp
// pass per kFlush rejections and no barrier holds a block. blockDim 256, n a multiple of 1024,
// n < 2^30 (the item's 28-bit group).
template <unsigned kFlush, bool kSlow = true>
__device__ __forceinline__ void zig_persistent_body(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, const unsigned* __restrict__ table) {
    __shared__ uint2 queues[8][kFlush + 128];
    const unsigned lane = threadIdx.x & 31u;
    uint2* queue = queues[threadIdx.x >> 5];
    unsigned queued = 0u;
    const long long groups = n >> 2, stride = (long long)gridDim.x * blockDim.x;
    for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < groups; g += stride) {
        unsigned long long counter = offset + (unsigned long long)g;
        unsigned w[4];
        zig_words(counter, ka, kb, w);
        long long first = (g >> 8) * 1024 + (g & 255);
        unsigned rejected = 0u;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned idx = w[j] & 255u;
            uint2 kw = __ldg(reinterpret_cast<const uint2*>(table) + idx);
            if ((w[j] >> 9) < kw.x) y[first + j * 256] = fmaf(zig_x(w[j], __uint_as_float(kw.y)), scale, loc);
            else rejected |= 1u << j;
        }
        unsigned m;
        while ((m = __ballot_sync(0xFFFFFFFFu, rejected != 0u)) != 0u) {
            if (rejected) {
                unsigned j = __ffs(rejected) - 1;
                rejected &= rejected - 1u;
                unsigned wj = j == 0 ? w[0] : j == 1 ? w[1] : j == 2 ? w[2] : w[3];
                queue[queued + __popc(m & ((1u << lane) - 1u))] = make_uint2(((unsigned)g << 2) | j, wj);
            }
            queued += __popc(m);
        }
        while (queued >= kFlush) {
            __syncwarp();
            queued -= kFlush;
            if (lane < kFlush) zig_finish<kSlow>(queue[queued + lane], y, offset, loc, scale, ka[0], kb[0], table);
            __syncwarp();
        }
    }
    __syncwarp();
    for (unsigned q = lane; q < queued; q += 32u) zig_finish<kSlow>(queue[q], y, offset, loc, scale, ka[0], kb[0], table);
}


// Tiles staged in shared memory: each warp owns tiles of kIters * 128 consecutive elements (kIters
// / 8 of the library's 1024-value blocks, groups t kIters 32 .. + kIters 32), walked with a grid
// stride. The fast path writes accepted values into the tile and a rejected word's bits in its
// place, queueing its position; 32 queued positions are finished in one pass (every lane busy),
// the rest (fewer than 32) when the tile is complete. Only then is the tile stored, as float4, so
// every sector is written once and whole (no partial-sector writes, nothing rewritten later).
template <bool kSlow>
__device__ __forceinline__ void zig_tile_finish(unsigned p, float* tile, long long g0, unsigned long long offset, float loc, float scale, unsigned key0, unsigned key1, const unsigned* __restrict__ table) {
    unsigned j = (p >> 8) & 3u, gl = (p >> 10) * 256u + (p & 255u);
    tile[p] = kSlow ? zig_slow(__float_as_uint(tile[p]), offset + (unsigned long long)(g0 + gl), j, key0, key1, table, loc, scale) : 0.0f;
}

template <unsigned kWarps, unsigned kIters, bool kSlow>
__device__ __forceinline__ void zig_tile_body(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, const unsigned* __restrict__ table) {
    constexpr unsigned kValues = kIters * 128u;
    __shared__ __align__(16) float tiles[kWarps][kValues];
    __shared__ unsigned short queues[kWarps][32 + 128];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    float* tile = tiles[warp];
    unsigned short* queue = queues[warp];
    const long long count = n / kValues, stride = (long long)gridDim.x * kWarps;
    for (long long t = (long long)blockIdx.x * kWarps + warp; t < count; t += stride) {
        const long long g0 = t * (kIters * 32);
        unsigned queued = 0u;
        for (unsigned i = 0; i < kIters; i++) {
            const unsigned gl = i * 32u + lane;
            unsigned w[4];
            zig_words(offset + (unsigned long long)(g0 + gl), ka, kb, w);
            const unsigned base = (gl >> 8) * 1024u + (gl & 255u);
            unsigned rejected = 0u;
#pragma unroll
            for (int j = 0; j < 4; j++) {
                uint2 kw = __ldg(reinterpret_cast<const uint2*>(table) + (w[j] & 255u));
                bool fast = (w[j] >> 9) < kw.x;
                tile[base + j * 256] = fast ? fmaf(zig_x(w[j], __uint_as_float(kw.y)), scale, loc) : __uint_as_float(w[j]);
                if (!fast) rejected |= 1u << j;
            }
            unsigned m;
            while ((m = __ballot_sync(0xFFFFFFFFu, rejected != 0u)) != 0u) {
                if (rejected) {
                    unsigned j = __ffs(rejected) - 1;
                    rejected &= rejected - 1u;
                    queue[queued + __popc(m & ((1u << lane) - 1u))] = (unsigned short)(base + j * 256u);
                }
                queued += __popc(m);
            }
            while (queued >= 32u) {
                __syncwarp();
                queued -= 32u;
                zig_tile_finish<kSlow>(queue[queued + lane], tile, g0, offset, loc, scale, ka[0], kb[0], table);
            }
        }
        __syncwarp();
        if (lane < queued) zig_tile_finish<kSlow>(queue[lane], tile, g0, offset, loc, scale, ka[0], kb[0], table);
        __syncwarp();
        float4* out = reinterpret_cast<float4*>(y + t * kValues);
        const float4* in = reinterpret_cast<const float4*>(tile);
#pragma unroll
        for (unsigned k = lane; k < kValues / 4; k += 32u) out[k] = in[k];
        __syncwarp();
    }
}



// One layer's (ki, wi) for the fast path. kTable 0: __ldg of the uint2 (the compiler may split it
// into two 4-byte gathers, the second only for accepted words: twice the L1 wavefronts, as ptxas
// did in zig_persist_mask*); 1: one ld.global.nc.v2 (one gather, never split); 2: one ld.shared.v2
// from the block's copy of the 256 pairs (bank conflicts instead of one L1 wavefront per line).
template <int kTable>
__device__ __forceinline__ uint2 zig_layer(const unsigned* __restrict__ table, const uint2* shared_table, unsigned idx) {
    uint2 r;
    if (kTable == 0) {
        r = __ldg(reinterpret_cast<const uint2*>(table) + idx);
    } else if (kTable == 1) {
        asm("ld.global.nc.v2.u32 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "l"(reinterpret_cast<const uint2*>(table) + idx));
    } else {
        asm("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"((unsigned)__cvta_generic_to_shared(shared_table + idx)));
    }
    return r;
}

// The block's copy of the 256 (ki, wi) pairs for kTable 2 (every thread of the block calls it).
__device__ __forceinline__ const uint2* zig_shared_layers(const unsigned* __restrict__ table) {
    __shared__ uint2 layers[256];
    for (unsigned i = threadIdx.x; i < 256u; i += blockDim.x) layers[i] = __ldg(reinterpret_cast<const uint2*>(table) + i);
    __syncthreads();
    return layers;
}

// The fast path with its accept test (both halves of the pair used), the rejected values stored
// as 0: the bound a complete kernel must stay under (zig_fast_only's ptxas drops the ki gather).
template <int kTable>
__device__ __forceinline__ void zig_fast_test_body(float* __restrict__ y, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, const unsigned* __restrict__ table) {
    const uint2* layers = kTable == 2 ? zig_shared_layers(table) : nullptr;
    long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned w[4];
    zig_words(offset + (unsigned long long)g, ka, kb, w);
    long long first = (g >> 8) * 1024 + (g & 255);
#pragma unroll
    for (int j = 0; j < 4; j++) {
        uint2 kw = zig_layer<kTable>(table, layers, w[j] & 255u);
        float v = fmaf(zig_x(w[j], __uint_as_float(kw.y)), scale, loc);
        y[first + j * 256] = (w[j] >> 9) < kw.x ? v : 0.0f;
    }
}

// zig_tile_body with the queueing taken out of the loop: the kIters groups of a lane are unrolled
// (independent Philox blocks the scheduler can interleave), each rejection only sets bit 4 i + j
// of a 64-bit mask, and the ballot loop that turns the masks into queued tile positions runs once
// per tile (about as many rounds as the most rejections one lane holds, 3 to 4) instead of once
// per group. Each 32 positions queued are finished in one pass, the rest before the tile's store.
template <unsigned kWarps, unsigned kIters, bool kSlow, int kTable = 0>
__device__ __forceinline__ void zig_tile_mask_body(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, const unsigned* __restrict__ table) {
    static_assert(kIters * 4 <= 64, "one mask bit per value");
    constexpr unsigned kValues = kIters * 128u;
    __shared__ __align__(16) float tiles[kWarps][kValues];
    __shared__ unsigned short queues[kWarps][64];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    float* tile = tiles[warp];
    unsigned short* queue = queues[warp];
    const uint2* layers = kTable == 2 ? zig_shared_layers(table) : nullptr;
    const long long count = n / kValues, stride = (long long)gridDim.x * kWarps;
    for (long long t = (long long)blockIdx.x * kWarps + warp; t < count; t += stride) {
        const long long g0 = t * (kIters * 32);
        const unsigned long long counter0 = offset + (unsigned long long)g0;
        unsigned long long mask = 0ull;
#pragma unroll
        for (unsigned i = 0; i < kIters; i++) {
            const unsigned gl = i * 32u + lane;
            unsigned w[4];
            zig_words(counter0 + gl, ka, kb, w);
            const unsigned base = (gl >> 8) * 1024u + (gl & 255u);
#pragma unroll
            for (int j = 0; j < 4; j++) {
                uint2 kw = zig_layer<kTable>(table, layers, w[j] & 255u);
                bool fast = (w[j] >> 9) < kw.x;
                tile[base + j * 256] = fast ? fmaf(zig_x(w[j], __uint_as_float(kw.y)), scale, loc) : __uint_as_float(w[j]);
                if (!fast) mask |= 1ull << (4 * i + j);
            }
        }
        unsigned queued = 0u, m;
        while ((m = __ballot_sync(0xFFFFFFFFu, mask != 0ull)) != 0u) {
            if (mask) {
                unsigned b = __ffsll((long long)mask) - 1;
                mask &= mask - 1ull;
                unsigned gl = (b >> 2) * 32u + lane;
                queue[queued + __popc(m & ((1u << lane) - 1u))] = (unsigned short)((gl >> 8) * 1024u + (gl & 255u) + (b & 3u) * 256u);
            }
            queued += __popc(m);
            if (queued >= 32u) {
                __syncwarp();
                queued -= 32u;
                zig_tile_finish<kSlow>(queue[queued + lane], tile, g0, offset, loc, scale, ka[0], kb[0], table);
                __syncwarp();
            }
        }
        __syncwarp();
        if (lane < queued) zig_tile_finish<kSlow>(queue[lane], tile, g0, offset, loc, scale, ka[0], kb[0], table);
        __syncwarp();
        float4* out = reinterpret_cast<float4*>(y + t * kValues);
        const float4* in = reinterpret_cast<const float4*>(tile);
#pragma unroll
        for (unsigned k = lane; k < kValues / 4; k += 32u) out[k] = in[k];
        __syncwarp();
    }
}

#define ZIG_KERNEL(name, mode, smem) ZIG_KERNEL_BOUNDS(name, mode, smem, 1)
#define ZIG_KERNEL_BOUNDS(name, mode, smem, blocks) \
extern "C" __global__ void __launch_bounds__(256, blocks) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_body<mode, smem>(y, offset, loc, scale, ka, kb, table); }
ZIG_KERNEL(zig_fast_only, 0, false)
ZIG_KERNEL(zig_inline, 1, false)
ZIG_KERNEL(zig_warp, 2, false)
ZIG_KERNEL(zig_block, 3, false)
ZIG_KERNEL(zig_block_smem, 3, true)
ZIG_KERNEL_BOUNDS(zig_warp_lb8, 2, false, 8)
ZIG_KERNEL_BOUNDS(zig_block_lb8, 3, false, 8)
#define ZIG_PERSISTENT(name, flush, blocks) \
extern "C" __global__ void __launch_bounds__(256, blocks) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_persistent_body<flush>(y, n, offset, loc, scale, ka, kb, table); }
ZIG_PERSISTENT(zig_persist32, 32u, 8)
ZIG_PERSISTENT(zig_persist16, 16u, 8)
ZIG_PERSISTENT(zig_persist32_lb1, 32u, 1)
extern "C" __global__ void __launch_bounds__(256, 1) zig_persist32_noslow(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) {
    ZIG_KEY_ARRAYS zig_persistent_body<32u, false>(y, n, offset, loc, scale, ka, kb, table); }
#define ZIG_TILE(name, warps, iters, slow) \
extern "C" __global__ void __launch_bounds__(warps * 32, 1) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_tile_body<warps, iters, slow>(y, n, offset, loc, scale, ka, kb, table); }
ZIG_TILE(zig_persist_tile1k, 8, 8, true)
ZIG_TILE(zig_persist_tile2k, 4, 16, true)
ZIG_TILE(zig_persist_tile2k_noslow, 4, 16, false)
#define ZIG_TILE_MASK(name, warps, iters, slow) ZIG_TILE_MASK_BOUNDS(name, warps, iters, slow, 1)
#define ZIG_TILE_MASK_BOUNDS(name, warps, iters, slow, blocks) \
extern "C" __global__ void __launch_bounds__(warps * 32, blocks) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_tile_mask_body<warps, iters, slow>(y, n, offset, loc, scale, ka, kb, table); }
ZIG_TILE_MASK(zig_persist_mask1k, 8, 8, true)
ZIG_TILE_MASK(zig_persist_mask2k, 4, 16, true)
ZIG_TILE_MASK(zig_persist_mask2k_noslow, 4, 16, false)
ZIG_TILE_MASK_BOUNDS(zig_persist_mask2k_lb6, 4, 16, true, 6)
ZIG_TILE_MASK_BOUNDS(zig_persist_mask1k_lb4, 8, 8, true, 4)
ZIG_TILE_MASK_BOUNDS(zig_persist_mask1k_lb3, 8, 8, true, 3)
#define ZIG_TILE_TABLE(name, warps, iters, slow, layers) \
extern "C" __global__ void __launch_bounds__(warps * 32, 1) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_tile_mask_body<warps, iters, slow, layers>(y, n, offset, loc, scale, ka, kb, table); }
ZIG_TILE_TABLE(zig_persist_mask2k_ld64, 4, 16, true, 1)
ZIG_TILE_TABLE(zig_persist_mask2k_smem, 4, 16, true, 2)
ZIG_TILE_TABLE(zig_persist_mask2k_smem_noslow, 4, 16, false, 2)
ZIG_TILE_TABLE(zig_persist_mask1k_smem, 8, 8, true, 2)
#define ZIG_FAST_TEST(name, layers) \
extern "C" __global__ void __launch_bounds__(256, 1) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, ZIG_KEYS, const unsigned* __restrict__ table, long long table_n) { \
    ZIG_KEY_ARRAYS zig_fast_test_body<layers>(y, offset, loc, scale, ka, kb, table); }
ZIG_FAST_TEST(zig_fast_test, 1)
ZIG_FAST_TEST(zig_fast_test_smem, 2)
"""
