// The default generator's draws without replacement on the device (runtime/src/random/generator.cpp).
// A uniform sample of k from range(n) without replacement, and permutation(n) (k = n; shuffle and
// permutation(x) gather by it), is, for n above 256, feistel_choice at the end of this file:
// y[j] = pi(j) for a keyed Feistel bijection pi of range(n) (feistel_choice.h, the definition),
// so permutation(n) is exactly choice(n, n, replace=false) for the same counters; for n <= 256
// the host sorts the n 64-bit keys (w1 << 32) | w0 of blocks (offset + e, 0, 0) (random.dsl's
// Philox4x32-10) in (key, index) order and takes the first k, on every device (no kernel here).
// With probabilities p, index e's key is E_e / p_e (Efraimidis and Spirakis' exponential keys,
// E_e = -log1p(-u), u from the top 53 bits of the same 64-bit word; +inf for p_e = 0): the first
// k of that order are a weighted sample without replacement; a GPU sorts them by Batcher's
// bitonic network over the keys padded to a power of two (padding: +inf, indices n, n + 1, ...),
// one launch per compare-exchange step; the CPU sorts them on the host. The (key, index) pairs
// are distinct, so the order does not depend on how it is sorted, and a seed gives the same
// sample on every device. These streams are not NumPy's (NumPy shuffles with Fisher-Yates on its
// own generator).
module gpucc_random_permutation;

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
