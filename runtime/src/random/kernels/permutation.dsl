// The default generator's draws without replacement on the device (runtime/src/random/generator.cpp):
// permutation, shuffle and choice without replacement sort random keys and keep the order of the
// indices. A permutation of n gives index e the 64-bit key (w1 << 32) | w0 from words 0 and 1 of
// block (offset + e, 0, 0) (random.dsl's Philox4x32-10), and the permutation is the indices in the
// order of (key, index), ascending; choice of k without replacement is its first k. With
// probabilities p, index e's key is E_e / p_e (Efraimidis and Spirakis' exponential keys, E_e =
// -log1p(-u), u from the top 53 bits of the same 64-bit word; +inf for p_e = 0): the first k of
// that order are a weighted sample without replacement. The (key, index) pairs are distinct, so
// the order does not depend on how it is sorted: on a GPU by Batcher's bitonic network over the
// keys padded to a power of two (padding: the largest key, indices n, n + 1, ...), one launch per
// compare-exchange step; on the CPU the host sorts the keys these kernels make (generator.cpp).
// These streams are not NumPy's (NumPy shuffles with Fisher-Yates on its own generator).
module gpucc_random_permutation;

// keys[e], order[e] for e < n as above; the padding past n gets the largest key.
kernel permutation_keys(uint64[] keys, int64[] order, uint64 key, uint64 offset, int64 n) {
    int64 e = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (e >= keys.size) {
        return;
    }
    order[e] = e;
    if (e >= n) {
        keys[e] = 0xFFFFFFFFFFFFFFFFull;
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
    keys[e] = ((uint64)x1 << 32) | (uint64)x0;
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
kernel bitonic_step<T: uint64 | float64>(T[] keys, int64[] order, int64 j, int64 k) {
    int64 i = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (i >= keys.size / 2) {
        return;
    }
    int64 lower = (i / j) * 2 * j + i % j;
    int64 upper = lower + j;
    T a = keys[lower];
    T b = keys[upper];
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
