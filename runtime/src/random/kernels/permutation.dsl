// The default generator's draws without replacement on the device (runtime/src/random/generator.cpp):
// permutation, shuffle and choice without replacement sort random keys and keep the order of the
// indices. A permutation of n gives index e the 64-bit key (w1 << 32) | w0 from words 0 and 1 of
// block (offset + e, 0, 0) (random.dsl's Philox4x32-10), and the permutation is the indices in the
// order of (key, index), ascending; choice of k without replacement from at most 256 entries is
// its first k (from more, feistel_choice at the end of this file: not a prefix). The (key,
// index) pairs are distinct, so the order does not depend on how it is sorted, and the same seed
// gives the same permutation on every device. These keys are uniform, so a counting sort on their
// top bits sorts them in O(n) (counting_sort.cpp launches it, on both targets): bucket_keys makes
// the keys and counts each bucket, scan_tiles and add_tile_offsets turn the counts into bucket
// starts, bucket_scatter puts each (key, index) pair in a slot of its bucket (in any order), and
// bucket_rank writes each index at its bucket's start plus its rank within the bucket. With
// probabilities p, index e's key is E_e / p_e (Efraimidis and Spirakis' exponential keys, E_e =
// -log1p(-u), u from the top 53 bits of the same 64-bit word; +inf for p_e = 0): the first k of
// that order are a weighted sample without replacement; those keys are not uniform, and a GPU
// sorts them by Batcher's bitonic network over the keys padded to a power of two (padding: +inf,
// indices n, n + 1, ...), one launch per compare-exchange step; the CPU sorts them on the host.
// These streams are not NumPy's (NumPy shuffles with Fisher-Yates on its own generator).
module gpucc_random_permutation;

// Pass 1 of the counting sort: keys[e] = index e's key for e < n (keys.size == n), and
// counts[keys[e] >> shift] += 1 (the bucket is the key's top 64 - shift bits).
kernel bucket_keys(uint64[] keys, int64[] counts, uint64 key, uint64 offset, int32 shift) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= keys.size) {
        return;
    }
    uint64 counter = offset + (uint64)e;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    uint64 value = ((uint64)x1 << 32) | (uint64)x0;
    keys[e] = value;
    atomic_add(&counts[(int64)(value >> (uint64)shift)], (int64)1);
}

// Pass 2: exclusive prefix sums in place within tiles of 2048 values (blocks of 256 threads,
// eight consecutive values each), totals[tile] = the tile's sum; the host scans the totals the
// same way and adds them back (add_tile_offsets) until one tile is left.
kernel scan_tiles(int64[] values, int64[] totals) {
    shared int64 partial[256];
    int64 t = (int64)threadIdx.x;
    int64 base = (int64)blockIdx.x * 2048 + t * 8;
    int64 sum = 0;
    for (int64 j = 0; j < 8; j++) {
        if (base + j < values.size) {
            sum += values[base + j];
        }
    }
    partial[t] = sum;
    syncthreads();
    // Hillis and Steele's inclusive scan of the 256 thread sums.
    for (int32 d = 1; d < 256; d *= 2) {
        int64 before = 0;
        if (t >= (int64)d) {
            before = partial[t - (int64)d];
        }
        syncthreads();
        partial[t] += before;
        syncthreads();
    }
    int64 running = partial[t] - sum;
    for (int64 j = 0; j < 8; j++) {
        if (base + j < values.size) {
            int64 value = values[base + j];
            values[base + j] = running;
            running += value;
        }
    }
    if (t == 255) {
        totals[blockIdx.x] = partial[255];
    }
}

// values[e] += offsets[e / 2048]: the scanned tile totals added to each tile's entries.
kernel add_tile_offsets(int64[] values, int64[] offsets) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= values.size) {
        return;
    }
    values[e] += offsets[e / 2048];
}

// Pass 3: each (key, index) pair to a slot of its bucket, slot s being pairs[2 s] (the key) and
// pairs[2 s + 1] (the index; one 16-byte store region per pair). cursors[b] holds bucket b's start
// on entry (the scanned counts) and its end on exit; the order of a bucket's slots is whatever
// order the atomics took, which pass 4 does not depend on.
kernel bucket_scatter(uint64[] pairs, uint64[] keys, int64[] cursors, int32 shift) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= keys.size) {
        return;
    }
    uint64 value = keys[e];
    int64 slot = atomic_add(&cursors[(int64)(value >> (uint64)shift)], (int64)1);
    pairs[2 * slot] = value;
    pairs[2 * slot + 1] = (uint64)e;
}

// Pass 3 again, from pairs already grouped by a coarser bucket (the two-level sort of a large n):
// the pair in slot e of `grouped` to a slot of its bucket in `pairs`. Consecutive threads read
// pairs of the same coarse bucket, so their writes stay within that bucket's region of `pairs`.
kernel bucket_scatter_pairs(uint64[] pairs, uint64[] grouped, int64[] cursors, int32 shift) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (2 * e >= grouped.size) {
        return;
    }
    uint64 value = grouped[2 * e];
    int64 slot = atomic_add(&cursors[(int64)(value >> (uint64)shift)], (int64)1);
    pairs[2 * slot] = value;
    pairs[2 * slot + 1] = grouped[2 * e + 1];
}

// Pass 4: the pair in slot e goes to its bucket's start plus the number of pairs of its bucket
// that sort before it by (key, index) (ends[b]: bucket b's end, bucket b - 1's end its start), so
// order[] is the indices in ascending (key, index) order. A bucket of m pairs costs m^2
// comparisons, any m (the host sizes buckets for about eight).
kernel bucket_rank(int64[] order, uint64[] pairs, int64[] ends, int32 shift) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= order.size) {
        return;
    }
    uint64 value = pairs[2 * e];
    uint64 index = pairs[2 * e + 1];
    int64 bucket = (int64)(value >> (uint64)shift);
    int64 start = 0;
    if (bucket > 0) {
        start = ends[bucket - 1];
    }
    int64 end = ends[bucket];
    int64 rank = 0;
    for (int64 s = start; s < end; s++) {
        uint64 other = pairs[2 * s];
        if (other < value || (other == value && pairs[2 * s + 1] < index)) {
            rank++;
        }
    }
    order[start + rank] = (int64)index;
}

// keys[e] = -log1p(-u) / p[e] (at most the largest float64; +inf where p[e] is 0 and in the
// padding), order[e] = e.
kernel weighted_keys(float64[] keys, int64[] order, float64[] p, uint64 key, uint64 offset,
                     int64 n) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= keys.size) {
        return;
    }
    order[e] = e;
    if (e >= n) {
        keys[e] = 1.0 / 0.0;
        return;
    }
    uint64 counter = offset + (uint64)e;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    uint64 word = ((uint64)x1 << 32) | (uint64)x0;
    float64 u = (float64)(int64)(word >> 11) * 1.1102230246251565e-16;
    float64 weight = p[e];
    // A positive weight's key stays finite (E / p can overflow for a tiny p), so it comes before
    // every zero weight's.
    keys[e] = weight > 0.0 ? min(-log1p(-u) / weight, 1.7976931348623157e308) : 1.0 / 0.0;
}

// One compare-exchange step of the bitonic network over keys.size (a power of two) entries:
// thread i compares entries `lower` and lower + j (lower has bit j clear) and puts them in
// ascending (key, order) order where bit k of `lower` is clear, descending where it is set.
kernel bitonic_step(float64[] keys, int64[] order, int64 j, int64 k) {
    int64 i = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (i >= keys.size / 2) {
        return;
    }
    int64 lower = (i / j) * 2 * j + i % j;
    int64 upper = lower + j;
    float64 a = keys[lower];
    float64 b = keys[upper];
    int64 va = order[lower];
    int64 vb = order[upper];
    bool greater = a > b || (a == b && va > vb);
    bool ascending = (lower & k) == 0;
    if (greater == ascending) {
        keys[lower] = b;
        keys[upper] = a;
        order[lower] = vb;
        order[upper] = va;
    }
}

// choice without replacement of y.size from range(n) for n above 256 (feistel_choice.h, the
// definition): y[j] = pi(j), pi a 12-round Feistel network on high_bits + low_bits bits (x = (L, R),
// L its top high_bits bits; keys k0 .. k11, one per round, from the draw's Philox blocks on the
// host), walked until the value is below n, then 0 and 1 exchanged when swap_zero_one is 1. An
// even round sets L ^= f(R) & high_mask, an odd one R ^= f(L) & low_mask, f(v) = hi(p) ^ lo(p),
// p = (v ^ k_r) * 0xD2511F53 as a 64-bit product. One thread per element, each alone: O(k) for a
// sample of k, whatever n.
kernel feistel_choice(int64[] y, int64 n, int32 high_bits, int32 low_bits, uint32 k0, uint32 k1,
                      uint32 k2, uint32 k3, uint32 k4, uint32 k5, uint32 k6, uint32 k7, uint32 k8,
                      uint32 k9, uint32 k10, uint32 k11, int32 swap_zero_one) {
    int64 j = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (j >= y.size) {
        return;
    }
    uint64 shift = (uint64)low_bits;
    uint64 low_mask = (1ul << shift) - 1ul;
    uint64 high_mask = (1ul << (uint64)high_bits) - 1ul;
    uint64 x = (uint64)j;
    while (true) {
        uint64 left = x >> shift;
        uint64 right = x & low_mask;
        // The round keys rotate two places a pair of rounds: r0 and r1 are the pair's (unrolled,
        // plain moves).
        uint32 r0 = k0;
        uint32 r1 = k1;
        uint32 r2 = k2;
        uint32 r3 = k3;
        uint32 r4 = k4;
        uint32 r5 = k5;
        uint32 r6 = k6;
        uint32 r7 = k7;
        uint32 r8 = k8;
        uint32 r9 = k9;
        uint32 r10 = k10;
        uint32 r11 = k11;
        for (int32 pair = 0; pair < 6; pair++) {
            uint64 p = (uint64)((uint32)right ^ r0) * 0xD2511F53ul;
            left = left ^ (((p >> 32) ^ p) & high_mask);
            uint64 q = (uint64)((uint32)left ^ r1) * 0xD2511F53ul;
            right = right ^ (((q >> 32) ^ q) & low_mask);
            r0 = r2;
            r1 = r3;
            r2 = r4;
            r3 = r5;
            r4 = r6;
            r5 = r7;
            r6 = r8;
            r7 = r9;
            r8 = r10;
            r9 = r11;
        }
        x = (left << shift) | right;
        if (x < (uint64)n) {
            break;
        }
    }
    if (swap_zero_one != 0 && x < 2ul) {
        x = x ^ 1ul;
    }
    y[j] = (int64)x;
}
