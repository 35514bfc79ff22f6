// The common draws of the default generator (runtime/src/random/generator.cpp): uniform (and
// random), normal and integers, in a module of their own so that a program's first draw loads only
// this small image and not random.dsl's (lognormal, exponential, gamma, poisson, binomial,
// choice), whose load made most of the first draw's time after seeding (issue 22: 1.32 ms with
// one module, 0.47 ms with this one, bench/results/2026-11-26-h100-random-4). The layout of a draw, the Philox4x32-10 block function and how each draw turns
// words into values are random.dsl's (its top comment is the contract); the kernels here keep that
// contract, so a draw gives the same values whichever module holds its kernel.
//
// normal_float32 writes the Philox rounds unrolled with the ten round keys as kernel parameters
// (the host adds the Weyl constants: round r's key is (k0 + r * 0x9E3779B9, k1 + r * 0xBB67AE85)
// mod 2^32) and one 32 x 32 -> 64-bit product per multiply, whose halves are hi and lo: the same
// words, in fewer instructions on an H100 (152 against 177 SASS instructions,
// bench/results/2026-11-26-h100-random-3/sass_counts.txt), and faster: 2435 GB/s against 2247
// for 2^28 values (bench/results/2026-11-26-h100-random-4; its driver-API timing of the variants:
// 2406 against 2236, the key schedule alone 2363, the 64-bit product alone 2060). Its transform
// of the words (below) is what took it further, to 140 instructions.
module gpucc_random_common;

// low + range * u, u in [0, 1) from the top 24 bits of a word; four values per block. (Rounding
// can reach low + range, as NumPy's uniform can.) The product and the sum are one explicit fma, one
// rounding on every target: the GPU contracted them and the CPU target's baseline level did not,
// so uniform(low, high) could differ in the last bit between devices (u itself is exact).
kernel uniform_float32(float32[] y, uint64 key, uint64 offset, float32 low, float32 range) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
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
    y[first] = fma(range, (float32)(int32)(x0 >> 8) * 5.9604644775390625e-8f, low);
    y[first + width] = fma(range, (float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f, low);
    y[first + 2 * width] = fma(range, (float32)(int32)(x2 >> 8) * 5.9604644775390625e-8f, low);
    y[first + 3 * width] = fma(range, (float32)(int32)(x3 >> 8) * 5.9604644775390625e-8f, low);
}

// low + range * u, u in [0, 1) from 27 bits of one word and 26 of the next (NumPy's
// random_double); two values per block, from words (0, 1) and (2, 3). One explicit fma, as in
// uniform_float32 (host_uniform.cpp computes the same std::fma).
kernel uniform_float64(float64[] y, uint64 key, uint64 offset, float64 low, float64 range) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 2 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
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
    y[first] = fma(range, ((float64)(int32)(x0 >> 5) * 67108864.0 + (float64)(int32)(x1 >> 6)) *
                              1.1102230246251565e-16, low);
    y[first + width] = fma(range, ((float64)(int32)(x2 >> 5) * 67108864.0 + (float64)(int32)(x3 >> 6)) *
                                      1.1102230246251565e-16, low);
}

// loc + scale * z, z standard normal by Box-Muller with both of its outputs: words (0, 1) give
// r = sqrt(-2 log u1), u1 = j 2^-24 in (0, 1] with j = 1 + the top 24 bits of word 0, and the angle
// 2 pi k 2^-24 with k the top 24 bits of word 1; z = r cos, r sin of it for elements 0 and 1, words
// (2, 3) the same for elements 2 and 3. Every operation is one that the GPU and the CPU both round
// exactly (integer operations, conversions, * and explicit fma, sqrt), so both devices give the
// same bits (issue 22); nothing is left for a target to contract (each product that meets a sum is
// written as an fma, the other products stand alone).
// log u1: clz gives the exponent, exactly: m = (j << clz(j)) >> 8 is j's 24 bits normalised to
// [2^23, 2^24), and u1 = f 2^e with f = m 2^-23 in [1, sqrt 2) or m 2^-24 in [sqrt(1/2), 1) and
// e = 7 - clz(j) (+ 1 in the second case); g = f - 1 is exact, and log u1 = e ln2 + g + g^2 P(g),
// P the 8-term minimax polynomial of (log1p(g) - g) / g^2 on [sqrt(1/2) - 1, sqrt(2) - 1]
// (bench/results/2026-11-27-random-same-bits/fit_polynomials.cpp). Near u1 = 1, g is small and the
// sum keeps it exactly, so a small r is as accurate as a large one (no separate series needed).
// cos and sin: reduced on the integer k, exactly: a = k + 2^21 gives the quadrant q = a >> 22 mod 4
// and x = ((a mod 2^22) - 2^21) pi/2^23 in [-pi/4, pi/4) (one rounded product), the angle being
// q pi/2 + x; sin x = x + x^3 S(x^2) and cos x = 1 + x^2 C(x^2) (3 and 4 minimax coefficients),
// swapped and negated by q. Measured over every one of the 2^24 values of j and of k against long
// double: -2 log u1 within 9.5e-8 relative (1.6 units of 2^-24), r within 1.04e-7, cos and sin
// within 1.84e-7 and 1.44e-7 relative to their value (the angle's float32 grid included), so z is
// within about 3.5e-7 |z| of Box-Muller of the same words (Random.NormalFloat32IsWithinOneMillionth
// OfBoxMullerOverManyValues measures it on each device).
// This replaced (2026-11-27) __logf with a polynomial near u1 = 1, __cosf/__sinf and rsqrt.approx
// (bench/results/2026-11-26-random-normal-3: 126 SASS instructions, 2861-2876 GB/s in the
// driver-API timing, 2578 in random_bench) and changed the stream: every float32 normal and
// lognormal value moved by up to about 1e-6 (1 + r), and the angle is now 2 pi k 2^-24 where it was
// 2 pi k 2^-24 - pi (the sign of each pair flipped). SASS instruction counts before and after:
// bench/results/2026-11-27-random-same-bits. lognormal_float32 (random.dsl) is the same draw
// exponentiated: a kernel of its own, because a flag made the optimizer compute the four
// exponentials in every normal draw too (a select, not a branch).
kernel normal_float32(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb0;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka1;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka2;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb2;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka3;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb3;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka4;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb4;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka5;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb5;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka6;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb6;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka7;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb7;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka8;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb8;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka9;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb9;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = (j01 << n01) >> 8u;
    bool big01 = m01 > 11863283u;
    float32 g01 = fma((float32)(int32)m01, big01 ? 5.9604644775390625e-8f : 1.1920928955078125e-7f, -1.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 p01 = fma(0.087348364293575287f, g01, -0.14307518303394318f);
    p01 = fma(p01, g01, 0.14917974174022675f);
    p01 = fma(p01, g01, -0.16570508480072021f);
    p01 = fma(p01, g01, 0.19962072372436523f);
    p01 = fma(p01, g01, -0.25001755356788635f);
    p01 = fma(p01, g01, 0.33333951234817505f);
    p01 = fma(p01, g01, -0.49999991059303284f);
    float32 r01 = sqrt(-2.0f * fma(e01, 0.693147182f, fma(g01 * g01, p01, g01)));
    uint32 a01 = (x1 >> 8u) + 2097152u;
    uint32 quadrant01 = (a01 >> 22u) & 3u;
    float32 x01 = (float32)((int32)(a01 & 4194303u) - 2097152) * 3.74507039e-7f;
    float32 y01 = x01 * x01;
    float32 s01 = fma(fma(-0.0001951528392964974f, y01, 0.0083321603015065193f), y01, -0.16666655242443085f);
    float32 sin01 = fma(x01 * y01, s01, x01);
    float32 c01 = fma(fma(fma(2.4383567506447434e-05f, y01, -0.001388668199069798f), y01, 0.041666619479656219f), y01, -0.5f);
    float32 cos01 = fma(y01, c01, 1.0f);
    bool swap01 = (quadrant01 & 1u) != 0u;
    float32 along01 = swap01 ? sin01 : cos01;
    float32 across01 = swap01 ? cos01 : sin01;
    float32 scaled01 = scale * r01;
    float32 cosine01 = ((quadrant01 + 1u) & 2u) != 0u ? -along01 : along01;
    float32 sine01 = (quadrant01 & 2u) != 0u ? -across01 : across01;
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = (j23 << n23) >> 8u;
    bool big23 = m23 > 11863283u;
    float32 g23 = fma((float32)(int32)m23, big23 ? 5.9604644775390625e-8f : 1.1920928955078125e-7f, -1.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 p23 = fma(0.087348364293575287f, g23, -0.14307518303394318f);
    p23 = fma(p23, g23, 0.14917974174022675f);
    p23 = fma(p23, g23, -0.16570508480072021f);
    p23 = fma(p23, g23, 0.19962072372436523f);
    p23 = fma(p23, g23, -0.25001755356788635f);
    p23 = fma(p23, g23, 0.33333951234817505f);
    p23 = fma(p23, g23, -0.49999991059303284f);
    float32 r23 = sqrt(-2.0f * fma(e23, 0.693147182f, fma(g23 * g23, p23, g23)));
    uint32 a23 = (x3 >> 8u) + 2097152u;
    uint32 quadrant23 = (a23 >> 22u) & 3u;
    float32 x23 = (float32)((int32)(a23 & 4194303u) - 2097152) * 3.74507039e-7f;
    float32 y23 = x23 * x23;
    float32 s23 = fma(fma(-0.0001951528392964974f, y23, 0.0083321603015065193f), y23, -0.16666655242443085f);
    float32 sin23 = fma(x23 * y23, s23, x23);
    float32 c23 = fma(fma(fma(2.4383567506447434e-05f, y23, -0.001388668199069798f), y23, 0.041666619479656219f), y23, -0.5f);
    float32 cos23 = fma(y23, c23, 1.0f);
    bool swap23 = (quadrant23 & 1u) != 0u;
    float32 along23 = swap23 ? sin23 : cos23;
    float32 across23 = swap23 ? cos23 : sin23;
    float32 scaled23 = scale * r23;
    float32 cosine23 = ((quadrant23 + 1u) & 2u) != 0u ? -along23 : along23;
    float32 sine23 = (quadrant23 & 2u) != 0u ? -across23 : across23;
    float32 v0 = fma(scaled01, cosine01, loc);
    float32 v1 = fma(scaled01, sine01, loc);
    float32 v2 = fma(scaled23, cosine23, loc);
    float32 v3 = fma(scaled23, sine23, loc);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}


// As normal_float32 in float64: u1 = j 2^-53 in (0, 1] with j = 1 + the 53 bits of words 0 and 1
// (27 and 26), the angle 2 pi k 2^-53 with k the 53 bits of words 2 and 3; r cos and r sin of the
// one angle are elements 0 and 1. The same exact range reductions as normal_float32 (clz of the
// 64-bit j; the quadrant and x from k + 2^50), log1p by 19 minimax terms, sin and cos by 6 and 7
// (fit_polynomials.cpp), all with explicit fma, r by the correctly rounded sqrt: the same bits on
// both devices, where libdevice's and libm's log, cos and sin used to differ in the last bit.
// Measured against long double over 4e7 arguments (near u1 = 0 and 1, every exponent, random):
// -2 log u1 within 2.34e-16 relative (2.1 units of 2^-53), cos and sin within 2.6e-16 of their
// value. The values changed by a few ulp with this (2026-11-27).
kernel normal_float64(float64[] y, uint64 key, uint64 offset, float64 loc, float64 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 2 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
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
    uint64 j = (((uint64)(x0 >> 5u) << 26u) | (uint64)(x1 >> 6u)) + 1ul;
    uint64 n = clz(j);
    uint64 m = (j << n) >> 11u;
    bool big = m > 6369051672525772ul;
    float64 g = fma((float64)(int64)m, big ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
    float64 e = (float64)(10 - (int64)n + (big ? 1 : 0));
    float64 p = fma(-0.028300767748604135, g, 0.063251660400264351);
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
    float64 r = sqrt(-2.0 * fma(e, 0.6931471805599453, fma(g * g, p, g)));
    uint64 a = (((uint64)(x2 >> 5u) << 26u) | (uint64)(x3 >> 6u)) + 1125899906842624ul;
    uint64 quadrant = (a >> 51u) & 3ul;
    float64 x = (float64)((int64)(a & 2251799813685247ul) - 1125899906842624) * 6.975736996017264e-16;
    float64 xx = x * x;
    float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
    s = fma(s, xx, 2.7557313621812441e-06);
    s = fma(s, xx, -0.00019841269829592626);
    s = fma(s, xx, 0.0083333333333221252);
    s = fma(s, xx, -0.1666666666666663);
    float64 sine_x = fma(x * xx, s, x);
    float64 c = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
    c = fma(c, xx, -2.7557312806707791e-07);
    c = fma(c, xx, 2.4801587284129658e-05);
    c = fma(c, xx, -0.0013888888888865056);
    c = fma(c, xx, 0.041666666666666526);
    c = fma(c, xx, -0.5);
    float64 cosine_x = fma(xx, c, 1.0);
    bool swap = (quadrant & 1ul) != 0ul;
    float64 along = swap ? sine_x : cosine_x;
    float64 across = swap ? cosine_x : sine_x;
    float64 cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
    float64 sine = (quadrant & 2ul) != 0ul ? -across : across;
    float64 scaled = scale * r;
    float64 v0 = fma(scaled, cosine, loc);
    float64 v1 = fma(scaled, sine, loc);
    y[first] = v0;
    y[first + width] = v1;
}

// low + v, v uniform on [0, span) with span = span_minus_1 + 1 <= 2^32, by Lemire's method
// ("Fast random integer generation in an interval", 2019): v = hi(w * span) for a 32-bit word w,
// unbiased by rejecting w when lo(w * span) < 2^32 mod span. A full span (2^32) takes w as is.
// Four values per block; the words for rejected ones come from (counter, attempt, lane).
kernel integers32<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T[] y, uint64 key, uint64 offset, uint64 low, uint32 span_minus_1) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
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
    }
    uint32 span = span_minus_1 + 1u;
    if (span == 0u) {
        y[first] = (T)(low + (uint64)x0);
        y[first + width] = (T)(low + (uint64)x1);
        y[first + 2 * width] = (T)(low + (uint64)x2);
        y[first + 3 * width] = (T)(low + (uint64)x3);
        return;
    }
    // The common case, no word rejected (each is with probability (2^32 mod span) / 2^32 < 1/2):
    // four products and four stores, no loop.
    uint64 q0 = (uint64)x0 * span;
    uint64 q1 = (uint64)x1 * span;
    uint64 q2 = (uint64)x2 * span;
    uint64 q3 = (uint64)x3 * span;
    if (min(min((uint32)q0, (uint32)q1), min((uint32)q2, (uint32)q3)) >= span) {
        y[first] = (T)(low + (q0 >> 32));
        y[first + width] = (T)(low + (q1 >> 32));
        y[first + 2 * width] = (T)(low + (q2 >> 32));
        y[first + 3 * width] = (T)(low + (q3 >> 32));
        return;
    }
    for (int32 lane = 0; lane < 4; lane++) {
        int64 index = first + lane * width;
        uint32 word = lane == 0 ? x0 : lane == 1 ? x1 : lane == 2 ? x2 : x3;
        uint32 value = word;
        {
            uint64 product = (uint64)word * span;
            uint32 low_half = (uint32)product;
            if (low_half < span) {
                uint32 threshold = (0u - span) % span;
                uint32 attempt = 0u;
                uint32 used = 4u;
                uint32 e0 = 0u;
                uint32 e1 = 0u;
                uint32 e2 = 0u;
                uint32 e3 = 0u;
                while (low_half < threshold) {
                    if (used == 4u) {
                        attempt++;
                        e0 = (uint32)counter;
                        e1 = (uint32)(counter >> 32);
                        e2 = attempt;
                        e3 = (uint32)lane;
                        {
                            uint32 key0 = (uint32)key;
                            uint32 key1 = (uint32)(key >> 32);
                            for (int32 round = 0; round < 10; round++) {
                                uint64 p0 = (uint64)e0 * 0xD2511F53u;
                                uint64 p1 = (uint64)e2 * 0xCD9E8D57u;
                                uint32 next0 = (uint32)(p1 >> 32) ^ e1 ^ key0;
                                uint32 next2 = (uint32)(p0 >> 32) ^ e3 ^ key1;
                                e1 = (uint32)p1;
                                e3 = (uint32)p0;
                                e0 = next0;
                                e2 = next2;
                                key0 += 0x9E3779B9u;
                                key1 += 0xBB67AE85u;
                            }
                        }
                        used = 0u;
                    }
                    uint32 retry = used == 0u ? e0 : used == 1u ? e1 : used == 2u ? e2 : e3;
                    used++;
                    product = (uint64)retry * span;
                    low_half = (uint32)product;
                }
            }
            value = (uint32)(product >> 32);
        }
        y[index] = (T)(low + (uint64)value);
    }
}

// As integers32 for spans above 2^32: 64-bit words from words (0, 1) and (2, 3), two values per
// block, hi(w * span) of the 128-bit product (mulhi).
kernel integers64<T: int64 | uint64>(T[] y, uint64 key, uint64 offset, uint64 low,
                                     uint64 span_minus_1) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 2 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
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
    }
    uint64 span = span_minus_1 + 1ul;
    for (int32 lane = 0; lane < 2; lane++) {
        int64 index = first + lane * width;
        uint64 word = lane == 0 ? ((uint64)x1 << 32) | (uint64)x0 : ((uint64)x3 << 32) | (uint64)x2;
        uint64 value = word;
        if (span != 0ul) {
            uint32 attempt = 0u;
            uint64 threshold = (0ul - span) % span;
            while (true) {
                uint64 low_half = word * span;
                value = mulhi(word, span);
                if (low_half >= threshold) {
                    break;
                }
                attempt++;
                uint32 e0 = (uint32)counter;
                uint32 e1 = (uint32)(counter >> 32);
                uint32 e2 = attempt;
                uint32 e3 = (uint32)lane;
                {
                    uint32 key0 = (uint32)key;
                    uint32 key1 = (uint32)(key >> 32);
                    for (int32 round = 0; round < 10; round++) {
                        uint64 p0 = (uint64)e0 * 0xD2511F53u;
                        uint64 p1 = (uint64)e2 * 0xCD9E8D57u;
                        uint32 next0 = (uint32)(p1 >> 32) ^ e1 ^ key0;
                        uint32 next2 = (uint32)(p0 >> 32) ^ e3 ^ key1;
                        e1 = (uint32)p1;
                        e3 = (uint32)p0;
                        e0 = next0;
                        e2 = next2;
                        key0 += 0x9E3779B9u;
                        key1 += 0xBB67AE85u;
                    }
                }
                word = ((uint64)e1 << 32) | (uint64)e0;
            }
        }
        y[index] = (T)(low + value);
    }
}
