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
// r = sqrt(t), t = -2 log u1, u1 = (k + 1) 2^-24 in (0, 1] with k the top 24 bits of word 0, and
// the angle 2 pi u2 - pi in [-pi, pi) from word 1; z = r cos, r sin of it for elements 0 and 1,
// words (2, 3) the same for elements 2 and 3. k is converted once: u1 = k 2^-24 + 2^-24 and
// w = 2^24 - 1 - k (so v = 1 - u1 = w 2^-24), both exact. -2 log u1 is -2 __logf(u1) for u1 <= 0.9
// and, above, w (a0 + w (a1 + w (a2 + w a3))): the minimax polynomial v (c0 + c1 v + c2 v^2 +
// c3 v^3) of -log(1 - v) on v in [0, 0.1] (relative error 2.0e-7 with float32 coefficients, against
// a 7-term Taylor series before), with a_i = 2 c_i 2^(-24 (i + 1)) (powers of two: exact), because
// __logf's error near 1 is absolute (2^-21.41 on [0.5, 2]) and would swamp a small r (1.6e-5 at
// r = 0.01); the polynomial's 2e-7 relative in t is at most 5e-8 in r (r < 0.459 there); where
// __logf is used, r >= 0.459 and its error in r is at most 7.8e-7. r = t * rsqrt(max(t, 1e-30))
// (t = 0 gives 0, no branch). The cosine and sine are __cosf and __sinf (absolute error at most
// 2^-21.19 on [-pi, pi]). On the GPU these are PTX's approximations, on the CPU the accurate
// functions, so float32 normals agree across devices to about 1e-6 (1 + r), not bit for bit
// (measured against float64 Box-Muller of the same words: 3.05e-7 (1 + r) on an H100 over 2^22
// values, bench/results/2026-11-26-random-normal-3); uniform and integer draws are bit-identical.
// This form: 140 SASS instructions against 151 and 2676 GB/s against 2432 for 2^28 values in the
// driver-API timing of bench/random_normal_variants.dsl (cand_series4 there, same run); with
// gpucc's .ftz forms of lg2 and rsqrt (compiler/target/NormalApproximations.h: u1 >= 2^-24 and
// max(t, 1e-30) are never subnormal) 126 instructions and 2861-2876 GB/s against 2426-2436
// (bench/results/2026-11-26-random-normal-3/run2). It changed the float32 normal and lognormal
// streams where u1 > 0.9 (r < 0.459), by at most about 1e-7.
// Earlier: bench/results/2026-11-26-h100-random-3 (177 against 205 SASS instructions with
// libdevice's logf, 2247 GB/s against 2040). lognormal_float32 (random.dsl) is the same draw
// exponentiated: a kernel of its own, because a flag made the optimizer compute the four
// exponentials in every normal draw too (a select, not a branch). The two candidates of -log u1
// are separate locals before a select: a conditional expression with the __logf call in one arm
// compiles to a branch (148 instructions instead of 140).
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
    float32 k01 = (float32)(int32)(x0 >> 8);
    float32 u01 = k01 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w01 = 16777215.0f - k01;
    float32 near01 = w01 * (1.1920926823449918e-07f + w01 * (3.553139312856496e-15f +
                     w01 * (1.3992754152292786e-22f + w01 * 7.45212336138821e-30f)));
    float32 far01 = -2.0f * __logf(u01);
    float32 t01 = u01 > 0.9f ? near01 : far01;
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 k23 = (float32)(int32)(x2 >> 8);
    float32 u23 = k23 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w23 = 16777215.0f - k23;
    float32 near23 = w23 * (1.1920926823449918e-07f + w23 * (3.553139312856496e-15f +
                     w23 * (1.3992754152292786e-22f + w23 * 7.45212336138821e-30f)));
    float32 far23 = -2.0f * __logf(u23);
    float32 t23 = u23 > 0.9f ? near23 : far23;
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}


// normal_float32's draw computed only with operations the GPU and the CPU round alike (integer
// and bit operations, conversions of exact integers, *, explicit fma, max, selects), so that both
// give the same bits: the Generator's Float32Transforms::exact (gpucc/random/generator.h), the
// default. The same Philox words as normal_float32 (the same counters, the same elements); only
// the transform differs. Words (0, 1) make elements 0 and 1, words (2, 3) elements 2 and 3:
//  - t = -2 log u1, u1 = j 2^-24, j = (w0 >> 8) + 1 in [1, 2^24] (normal_float32's u1): j
//    converts to float32 exactly, and its bits give u1 = f 2^-k exactly with f in [sqrt(1/2),
//    sqrt 2) and k = 24 - (its exponent) (d = 0x4BB504F2 - bits: k = d >> 23, f's mantissa the
//    complement of d's low 23 bits); m = -2 (f - 1) exact, and t = 2 k ln2 + m + m^2 Q(m), Q of 7
//    terms with -2 folded in (within 2.37e-7 relative over all 2^24 u1).
//  - r = sqrt(max(t, 1e-30)) by the fast path of the correctly rounded root written out: y =
//    rsqrt(t), s = t y, r = s + (t - s^2) y / 2. rsqrt is rsqrt.approx on the GPU and 1 / sqrt(t)
//    on the CPU, but for each of the 2^24 values t takes the corrected root is the correctly
//    rounded sqrt on both (tests/random/exact_float32_test.cpp checks every one on the device
//    under test). u1 = 1 (t = 0) gives r = 1e-15, not 0.
//  - the angle 2 pi w1 2^-32 - pi (all 32 bits of word 1; normal_float32 takes 2 pi (w1 >> 8)
//    2^-24 - pi, the same within 3.7e-7) as q pi/2 + x: b = w1 + 2^31 + 2^29, q its top two bits,
//    x = (pi / 4) (w1 << 2, signed) 2^-31 in [-pi/4, pi/4) (one exact conversion and one
//    product). cos(q pi/2 + x), sin(q pi/2 + x) is (cos x, sin x) for even q and (sin(-x),
//    cos(-x)) for odd q, negated for q >= 2: x's sign bit flipped by q's low bit, the pair
//    exchanged by it, and scale r's sign bit flipped by q's high bit. sin and cos by minimax
//    polynomials of 3 and 4 terms (the sine odd, the cosine even in x, so the same bits as
//    negating their results).
//  - loc + scale r cos and loc + scale r sin, one fma each.
// Against a float64 Box-Muller of the same words (this angle): within 1.25e-7 (1 + r) over 2e7
// words, 1.3e-8 where r < 0.1.
// One tile per thread (the layout of random.dsl's top: block g, thread t: counter g 256 + t,
// elements g 1024 + j 256 + t): the CPU target, whose block's threads are its vector lanes, and
// the GPU's smaller draws (normal_float32_exact_tiles8 below takes the larger ones). 2242-2243
// GB/s for 2^28 values on an H200 (bench/results/2026-11-27-random-normal-exact-tiles/run5-library).
kernel normal_float32_exact(float32[] y, uint64 offset, float32 loc, float32 scale,
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
    int64 first = (int64)blockIdx.x * 1024 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)((int64)blockIdx.x * 256 + (int64)threadIdx.x);
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
    uint32 d01 = 0x4BB504F2u - __float_as_uint((float32)((x0 >> 8u) + 1u));
    float32 m01 = fma(__uint_as_float((~d01 & 0x7FFFFFu) + 0x3F3504F3u), -2.0f, 2.0f);
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, m01, 0.002528203185647726f);
    q01 = fma(q01, m01, 0.0053885080851614475f);
    q01 = fma(q01, m01, 0.012441801838576794f);
    q01 = fma(q01, m01, 0.03121403604745865f);
    q01 = fma(q01, m01, 0.08333678543567657f);
    q01 = fma(q01, m01, 0.25000160932540894f);
    float32 t01 = max(fma((float32)((int32)d01 >> 23), 1.3862943649291992f,
                           fma(m01 * m01, q01, m01)), 1.0e-30f);
    float32 ry01 = rsqrt(t01);
    float32 rs01 = t01 * ry01;
    float32 sr01 = scale * fma(fma(-rs01, rs01, t01), ry01 * 0.5f, rs01);
    uint32 b01 = x1 + 0xA0000000u;
    float32 x01 = __uint_as_float(
        __float_as_uint((float32)(int32)(x1 << 2u) *
                        (3.14159265358979324f * 1.16415321826934814453125e-10f)) ^
        ((b01 << 1u) & 0x80000000u));
    float32 v01 = x01 * x01;
    float32 sin01 = fma(x01 * v01, fma(fma(-0.0001951528392964974f, v01, 0.0083321603015065193f), v01, -0.16666655242443085f), x01);
    float32 cos01 = fma(v01, fma(fma(fma(2.4383567506447434e-05f, v01, -0.001388668199069798f), v01, 0.041666619479656219f), v01, -0.5f), 1.0f);
    bool odd01 = (b01 & 0x40000000u) != 0u;
    float32 srq01 = __uint_as_float(__float_as_uint(sr01) ^ (b01 & 0x80000000u));
    y[first] = fma(srq01, odd01 ? sin01 : cos01, loc);
    y[first + 256] = fma(srq01, odd01 ? cos01 : sin01, loc);
    uint32 d23 = 0x4BB504F2u - __float_as_uint((float32)((x2 >> 8u) + 1u));
    float32 m23 = fma(__uint_as_float((~d23 & 0x7FFFFFu) + 0x3F3504F3u), -2.0f, 2.0f);
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, m23, 0.002528203185647726f);
    q23 = fma(q23, m23, 0.0053885080851614475f);
    q23 = fma(q23, m23, 0.012441801838576794f);
    q23 = fma(q23, m23, 0.03121403604745865f);
    q23 = fma(q23, m23, 0.08333678543567657f);
    q23 = fma(q23, m23, 0.25000160932540894f);
    float32 t23 = max(fma((float32)((int32)d23 >> 23), 1.3862943649291992f,
                           fma(m23 * m23, q23, m23)), 1.0e-30f);
    float32 ry23 = rsqrt(t23);
    float32 rs23 = t23 * ry23;
    float32 sr23 = scale * fma(fma(-rs23, rs23, t23), ry23 * 0.5f, rs23);
    uint32 b23 = x3 + 0xA0000000u;
    float32 x23 = __uint_as_float(
        __float_as_uint((float32)(int32)(x3 << 2u) *
                        (3.14159265358979324f * 1.16415321826934814453125e-10f)) ^
        ((b23 << 1u) & 0x80000000u));
    float32 v23 = x23 * x23;
    float32 sin23 = fma(x23 * v23, fma(fma(-0.0001951528392964974f, v23, 0.0083321603015065193f), v23, -0.16666655242443085f), x23);
    float32 cos23 = fma(v23, fma(fma(fma(2.4383567506447434e-05f, v23, -0.001388668199069798f), v23, 0.041666619479656219f), v23, -0.5f), 1.0f);
    bool odd23 = (b23 & 0x40000000u) != 0u;
    float32 srq23 = __uint_as_float(__float_as_uint(sr23) ^ (b23 & 0x80000000u));
    y[first + 512] = fma(srq23, odd23 ? sin23 : cos23, loc);
    y[first + 768] = fma(srq23, odd23 ? cos23 : sin23, loc);
}

// normal_float32_exact's tile, eight per thread: block g computes tiles 8 g to 8 g + 7, each as
// normal_float32_exact's block of that number would (the same counters, elements and values),
// unrolled (`#pragma unroll`) so that ptxas interleaves eight independent chains: 2583-2584 GB/s
// for 2^28 values on an H200 against 2242-2243 for normal_float32_exact and 2860-2861 for
// normal_float32 (bench/results/2026-11-27-random-normal-exact-tiles/run5-library; written out by
// hand, lang2_u8 there, 2597). The host takes it on a GPU for
// draws of at least 16384 tiles, with an array of whole groups of eight tiles (a group's extra
// tiles compute the counters of later draws, and are discarded). The body repeats
// normal_float32_exact's: the language has no functions to share.
kernel normal_float32_exact_tiles8(float32[] y, uint64 offset, float32 loc, float32 scale,
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
    #pragma unroll
    for (int32 tile = 0; tile < 8; tile++) {
        int64 g = (int64)blockIdx.x * 8 + (int64)tile;
        int64 first = g * 1024 + (int64)threadIdx.x;
        uint64 counter = offset + (uint64)(g * 256 + (int64)threadIdx.x);
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
        uint32 d01 = 0x4BB504F2u - __float_as_uint((float32)((x0 >> 8u) + 1u));
        float32 m01 = fma(__uint_as_float((~d01 & 0x7FFFFFu) + 0x3F3504F3u), -2.0f, 2.0f);
        float32 q01 = 0.0007876853342168033f;
        q01 = fma(q01, m01, 0.002528203185647726f);
        q01 = fma(q01, m01, 0.0053885080851614475f);
        q01 = fma(q01, m01, 0.012441801838576794f);
        q01 = fma(q01, m01, 0.03121403604745865f);
        q01 = fma(q01, m01, 0.08333678543567657f);
        q01 = fma(q01, m01, 0.25000160932540894f);
        float32 t01 = max(fma((float32)((int32)d01 >> 23), 1.3862943649291992f,
                               fma(m01 * m01, q01, m01)), 1.0e-30f);
        float32 ry01 = rsqrt(t01);
        float32 rs01 = t01 * ry01;
        float32 sr01 = scale * fma(fma(-rs01, rs01, t01), ry01 * 0.5f, rs01);
        uint32 b01 = x1 + 0xA0000000u;
        float32 x01 = __uint_as_float(
            __float_as_uint((float32)(int32)(x1 << 2u) *
                            (3.14159265358979324f * 1.16415321826934814453125e-10f)) ^
            ((b01 << 1u) & 0x80000000u));
        float32 v01 = x01 * x01;
        float32 sin01 = fma(x01 * v01, fma(fma(-0.0001951528392964974f, v01, 0.0083321603015065193f), v01, -0.16666655242443085f), x01);
        float32 cos01 = fma(v01, fma(fma(fma(2.4383567506447434e-05f, v01, -0.001388668199069798f), v01, 0.041666619479656219f), v01, -0.5f), 1.0f);
        bool odd01 = (b01 & 0x40000000u) != 0u;
        float32 srq01 = __uint_as_float(__float_as_uint(sr01) ^ (b01 & 0x80000000u));
        y[first] = fma(srq01, odd01 ? sin01 : cos01, loc);
        y[first + 256] = fma(srq01, odd01 ? cos01 : sin01, loc);
        uint32 d23 = 0x4BB504F2u - __float_as_uint((float32)((x2 >> 8u) + 1u));
        float32 m23 = fma(__uint_as_float((~d23 & 0x7FFFFFu) + 0x3F3504F3u), -2.0f, 2.0f);
        float32 q23 = 0.0007876853342168033f;
        q23 = fma(q23, m23, 0.002528203185647726f);
        q23 = fma(q23, m23, 0.0053885080851614475f);
        q23 = fma(q23, m23, 0.012441801838576794f);
        q23 = fma(q23, m23, 0.03121403604745865f);
        q23 = fma(q23, m23, 0.08333678543567657f);
        q23 = fma(q23, m23, 0.25000160932540894f);
        float32 t23 = max(fma((float32)((int32)d23 >> 23), 1.3862943649291992f,
                               fma(m23 * m23, q23, m23)), 1.0e-30f);
        float32 ry23 = rsqrt(t23);
        float32 rs23 = t23 * ry23;
        float32 sr23 = scale * fma(fma(-rs23, rs23, t23), ry23 * 0.5f, rs23);
        uint32 b23 = x3 + 0xA0000000u;
        float32 x23 = __uint_as_float(
            __float_as_uint((float32)(int32)(x3 << 2u) *
                            (3.14159265358979324f * 1.16415321826934814453125e-10f)) ^
            ((b23 << 1u) & 0x80000000u));
        float32 v23 = x23 * x23;
        float32 sin23 = fma(x23 * v23, fma(fma(-0.0001951528392964974f, v23, 0.0083321603015065193f), v23, -0.16666655242443085f), x23);
        float32 cos23 = fma(v23, fma(fma(fma(2.4383567506447434e-05f, v23, -0.001388668199069798f), v23, 0.041666619479656219f), v23, -0.5f), 1.0f);
        bool odd23 = (b23 & 0x40000000u) != 0u;
        float32 srq23 = __uint_as_float(__float_as_uint(sr23) ^ (b23 & 0x80000000u));
        y[first + 512] = fma(srq23, odd23 ? sin23 : cos23, loc);
        y[first + 768] = fma(srq23, odd23 ? cos23 : sin23, loc);
    }
}

// As normal_float32 in float64, but computed only with operations the GPU and the CPU both round
// exactly (integer operations, conversions, * and explicit fma, the correctly rounded sqrt), so
// both devices give the same bits (issue 22): u1 = j 2^-53 in (0, 1] with j = 1 + the 53 bits of
// words 0 and 1 (27 and 26), the angle 2 pi k 2^-53 with k the 53 bits of words 2 and 3; r cos and
// r sin of the one angle are elements 0 and 1.
// log u1: clz gives the exponent exactly: m = (j << clz(j)) >> 11 is j's 53 bits normalised to
// [2^52, 2^53), u1 = f 2^e with f in [sqrt(1/2), sqrt 2), g = f - 1 exact, and log u1 = e ln2 + g +
// g^2 P(g), P the 19-term minimax polynomial of (log1p(g) - g) / g^2
// (bench/results/2026-11-27-random-same-bits/fit_polynomials.cpp); near u1 = 1 g is small and
// kept exactly, so a small r is as accurate as a large one.
// cos and sin: reduced on the integer k exactly (a = k + 2^50: the quadrant from its top bits, x
// in [-pi/4, pi/4) from the rest by one rounded product), sin x and cos x by 6 and 7 minimax
// coefficients, swapped and negated by the quadrant. Measured against long double over 4e7
// arguments (near u1 = 0 and 1, every exponent, random): -2 log u1 within 2.34e-16 relative (2.1
// units of 2^-53), cos and sin within 2.6e-16 of their value. This replaced libdevice's and libm's
// log, cos and sin, which differed in the last bit between the devices; the values changed by a few
// ulp (2026-11-27), and the angle is 2 pi k 2^-53 (it was 2 pi u2, the same). On an H200 it is
// faster than the libdevice version: 1529-1539 GB/s against 1311-1322 for 2^28 values
// (bench/results/2026-11-27-random-same-bits).
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

// normal_float64's tile, eight per thread (as normal_float32_exact_tiles8 for normal_float32_exact):
// block g computes tiles 8 g to 8 g + 7, each as normal_float64's block of that number would (the
// same counters, elements and values), unrolled: 1730-1732 GB/s for 2^28 values on an H200 against
// 1543-1544 for normal_float64 (bench/results/2026-11-27-random-normal-exact-tiles/run5-library,
// f64.jsonl, the same bits). The host takes
// it on a GPU for draws of at least 16384 tiles, with an array of whole groups of eight tiles. The
// body repeats normal_float64's: the language has no functions to share.
kernel normal_float64_tiles8(float64[] y, uint64 key, uint64 offset, float64 loc, float64 scale) {
    #pragma unroll
    for (int32 tile = 0; tile < 8; tile++) {
        int64 group = (int64)blockIdx.x * 8 + (int64)tile;
        int64 width = 256;
        int64 first = group * 512 + (int64)threadIdx.x;
        uint64 counter = offset + (uint64)(group * 256 + (int64)threadIdx.x);
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
