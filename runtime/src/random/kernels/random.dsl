// The kernels behind gpucc::random (runtime/src/random/generator.cpp): counter-based random numbers
// from Philox4x32-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2,
// 3", SC 2011). Element i of a draw is the block function of counter (offset + i, 0) under the
// 64-bit key, and nothing else: no state per thread, any order of evaluation, and the same
// numbers on the GPU and on the CPU. The host advances `offset` by the size of every draw so
// successive draws never reuse a counter.
//
// The language has no functions to share, so each kernel repeats the ten rounds. One round maps
// (x0, x1, x2, x3) under key (k0, k1) to (hi(M1*x2) ^ x1 ^ k0, lo(M1*x2), hi(M0*x0) ^ x3 ^ k1,
// lo(M0*x0)) with M0 = 0xD2511F53, M1 = 0xCD9E8D57; the key then gains the Weyl constants
// (0x9E3779B9, 0xBB67AE85). Conversions to floating point follow NumPy's: 24 bits for float32,
// 53 bits from two words for float64, the result in [0, 1).
module gpucc_random;

// The block function itself, over arrays of counters and keys (the known-answer tests use it).
elementwise philox4x32_10(uint32 c0, uint32 c1, uint32 c2, uint32 c3, uint32 k0, uint32 k1)
    -> (uint32 y0, uint32 y1, uint32 y2, uint32 y3) {
    uint32 x0 = c0;
    uint32 x1 = c1;
    uint32 x2 = c2;
    uint32 x3 = c3;
    uint32 key0 = k0;
    uint32 key1 = k1;
    for (int32 round = 0; round < 10; round++) {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    y0 = x0;
    y1 = x1;
    y2 = x2;
    y3 = x3;
}

// low + range * u, u in [0, 1) from the top 24 bits of word 0. (Rounding can reach low + range,
// as NumPy's uniform can.)
elementwise uniform_float32(uint64 key, uint64 offset, float32 low, float32 range)
    -> (float32 y) {
    uint64 counter = offset + (uint64)i;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    uint32 key0 = (uint32)key;
    uint32 key1 = (uint32)(key >> 32);
    for (int32 round = 0; round < 10; round++) {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    float32 u = (float32)(x0 >> 8) * 5.9604644775390625e-8f;
    y = low + range * u;
}

// low + range * u, u in [0, 1) from 27 bits of word 0 and 26 of word 1 (NumPy's random_double).
elementwise uniform_float64(uint64 key, uint64 offset, float64 low, float64 range)
    -> (float64 y) {
    uint64 counter = offset + (uint64)i;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    uint32 key0 = (uint32)key;
    uint32 key1 = (uint32)(key >> 32);
    for (int32 round = 0; round < 10; round++) {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    float64 u = ((float64)(x0 >> 5) * 67108864.0 + (float64)(x1 >> 6)) * 1.1102230246251565e-16;
    y = low + range * u;
}

// loc + scale * z, z standard normal by Box-Muller from words 0 and 1 in float32:
// z = sqrt(-2 log u1) cos(2 pi u2), u1 in (0, 1] so the logarithm is finite.
elementwise normal_float32(uint64 key, uint64 offset, float32 loc, float32 scale)
    -> (float32 y) {
    uint64 counter = offset + (uint64)i;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    uint32 key0 = (uint32)key;
    uint32 key1 = (uint32)(key >> 32);
    for (int32 round = 0; round < 10; round++) {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    float32 u1 = (float32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 u2 = (float32)(x1 >> 8) * 5.9604644775390625e-8f;
    float32 z = sqrt(-2.0f * log(u1)) * cos(6.2831853071795865f * u2);
    y = loc + scale * z;
}

// As normal_float32 in float64, u1 from words 0 and 1, u2 from words 2 and 3 (53 bits each).
elementwise normal_float64(uint64 key, uint64 offset, float64 loc, float64 scale)
    -> (float64 y) {
    uint64 counter = offset + (uint64)i;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    uint32 key0 = (uint32)key;
    uint32 key1 = (uint32)(key >> 32);
    for (int32 round = 0; round < 10; round++) {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    float64 u1 =
        ((float64)(x0 >> 5) * 67108864.0 + (float64)(x1 >> 6) + 1.0) * 1.1102230246251565e-16;
    float64 u2 = ((float64)(x2 >> 5) * 67108864.0 + (float64)(x3 >> 6)) * 1.1102230246251565e-16;
    float64 z = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
    y = loc + scale * z;
}
