// The default generator's kernels (runtime/src/random/generator.cpp): counter-based random numbers
// from Philox4x32-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2,
// 3", SC 2011). One block function call maps a 128-bit counter (c0, c1, c2, c3) under the 64-bit
// key to four 32-bit words, and nothing else: no state per thread, any order of evaluation, and
// the same words on the GPU and on the CPU (which runs these same kernels).
//
// Layout of a draw (the contract the tests and the host code rely on). A draw takes consecutive
// 64-bit block counters from `offset`; block b is the block function of (offset + b, 0, 0). The
// kernels launch blocks of 256 threads and thread t of CUDA block g owns block counter g * 256 + t
// (common_draws.dsl's normal_float32_exact_tiles8: CUDA block g computes the tiles of blocks 8 g to
// 8 g + 7, with the same counters and elements as those blocks).
// Draws that make four values from a block (float32 uniform/normal/exponential, integers whose
// span fits 32 bits) write word j of it to element g * 1024 + j * 256 + t; draws that make two
// (float64, integers with a 64-bit span) write value j to element g * 512 + j * 256 + t. So each
// of a warp's stores covers consecutive elements (coalesced), each thread computes one block for
// four (or two) values, and element e of a draw does not depend on the draw's size. A draw of n
// values takes ceil(n / 1024) * 256 (or ceil(n / 512) * 256) counters: the host gives these
// kernels an array of whole tiles (1024 or 512 elements; it returns the first n), so they store
// without bounds checks and the CPU target vectorizes them across a block's threads. Rejection
// loops take their extra words from (counter, attempt, lane), attempt >= 1, which no first draw
// uses.
//
// Draws whose values take a variable number of words (gamma, poisson, binomial, choice) use one
// block counter per element: element e of the draw is the block function of (offset + e, attempt,
// 0) for attempt 0, 1, ... until the value is accepted.
//
// Draws without replacement (permutation.dsl) take their counters whole: permutation and shuffle
// of n one block counter per index (its key); choice without replacement from n > 256 entries
// four counters whatever its size k (the keys of a Feistel bijection pi of range(n), element j of
// the sample pi(j): runtime/src/random/feistel_choice.h states it), from at most 256 entries n
// counters (the first k of permutation(n)'s order).
//
// The common draws (uniform, normal, integers) are common_draws.dsl's kernels, a module of its
// own that a first draw loads alone (this one's image is the larger); they keep this contract.
//
// The language has no functions to share, so each kernel repeats the ten rounds. One round maps
// (x0, x1, x2, x3) under key (k0, k1) to (hi(M1*x2) ^ x1 ^ k0, lo(M1*x2), hi(M0*x0) ^ x3 ^ k1,
// lo(M0*x0)) with M0 = 0xD2511F53, M1 = 0xCD9E8D57; the key then gains the Weyl constants
// (0x9E3779B9, 0xBB67AE85). How the products are written is chosen per kernel by measurement on
// an H100 (bench/results/2026-11-26-random-h100): the floating-point draws (and the block
// function) take hi with the builtin mulhi and lo as a 32-bit product, which keeps the rounds in
// 32-bit registers (normal float32 1982 against 1846 GB/s, exponential 1951 against 1792); the
// integer draws write one 32 x 32 -> 64-bit product and take its halves, which the optimizer
// partly carries in 64-bit registers but which ran faster there (integers int32 [0, 1000) 2092
// against 1917 GB/s, full range 2488 against 2199). The draws with a variable number of words
// (gamma, poisson, binomial, choice) keep the 64-bit product too (not measured apart).
// common_draws.dsl's normal_float32 has its own form (round keys as parameters), said there. The
// current kernels' figures are bench/results/2026-11-26-h100-random-4's. Conversions
// to floating point follow NumPy's: 24 bits of a word for float32, 53 bits from two words for
// float64, the result in [0, 1).
//
// Across devices: the uniform and integer draws, the float64 normal, exponential and lognormal
// draws, gamma (float32 and float64), beta, poisson and binomial are computed only with operations
// both targets round exactly (integer and bit operations, conversions of exact integers, *, /, sqrt
// and explicit fma; log, cos, sin and exp as polynomials over an exact range reduction), so the GPU
// and the CPU give the same bits. Both targets mark products and sums as contractible (nvcc's
// -fmad=true), so these kernels never add a product: each such sum is written as an fma, which
// leaves the back ends nothing to fuse (tests/random/exact_kernels_have_no_contractible_sums.py).
// log, exp and cos are runtime/src/random/exact_math.h's exact_log, exact_exp and
// exact_cos_of_word written out (the language has no functions; the copies are the same lines),
// which the host's gamma and beta call (host_gamma.cpp) and tests/random/exact_math_test.cpp
// measures against long double: log within 1.44 units of 2^-53, exp within 0.88, cos within 0.55
// of (1 ulp + 2^-53). These draws took libdevice's and libm's log, cos, exp, pow and lgamma before
// (their values moved by a few ulp, and a value at the edge of an acceptance test may have taken
// another attempt; pow(b, e) is now exp(e log b), within about |e log b| ulp, and lgamma NumPy's
// loggam over the exact log). The only products that still feed a sum are exact ones (powers of
// two: the 53-bit uniforms of poisson and binomial), where fusing changes nothing.
// The float32 normal, lognormal and exponential draws have two kernels each, which the
// Generator's Float32Transforms chooses between: normal_float32, lognormal_float32 and
// exponential_float32 (the default, fast) use the GPU's fast approximations (__logf, __cosf,
// __sinf, rsqrt.approx) and agree across devices to about 1e-6 (1 + |z|); the _exact kernels use
// only exactly rounded operations, so both devices give the same bits, at 2088-2094 GB/s against
// 2868 for normal float32 on an H100 (2^28 values, bench/results/2026-11-27-random-float32-exact;
// no exact form reached the issue's 2500, so fast stays the default). The two kernels of a draw
// take the same words from the same counters and write them to the same elements: they differ
// only in the transform.
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
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
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

// exp(mean + sigma * z): normal_float32's draw (common_draws.dsl, the same transform of the words),
// exponentiated.
kernel lognormal_float32(float32[] y, uint64 key, uint64 offset, float32 mean, float32 sigma) {
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
    float32 scaled01 = sigma * r01;
    float32 scaled23 = sigma * r23;
    float32 v0 = exp(mean + scaled01 * __cosf(angle01));
    float32 v1 = exp(mean + scaled01 * __sinf(angle01));
    float32 v2 = exp(mean + scaled23 * __cosf(angle23));
    float32 v3 = exp(mean + scaled23 * __sinf(angle23));
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}


// lognormal_float32's draw by exact operations only (Float32Transforms::exact): x = mean + sigma z
// with z as common_draws.dsl's normal_float32_exact (the same words and operations), then exp x
// by exact operations too: x clamped to [-104, 89] (exp is 0 or inf beyond, in float32; a NaN x,
// from a float32 sigma of inf, is kept), k = rint(x log2 e), r = x - k ln2 in two fma steps (ln2's
// high part with 16 bits), exp r = 1 + (r + r^2 E(r)) with E the 5-term minimax polynomial on
// [-ln2/2, ln2/2], and the scaling by 2^k exact in float64 ((float64)(1 << (k mod 64)) times
// 2^(64 floor(k / 64)), floor(k / 64) in -3..2), so that the one rounding to float32 is the last
// and the same on both devices: results that overflow are inf and those below float32's range
// subnormal or 0, as expf's (within 8e-8 relative of long double exp for normal results,
// exact_float32_test.cpp).
kernel lognormal_float32_exact(float32[] y, uint64 key, uint64 offset, float32 mean,
                                  float32 sigma) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    uint32 b01 = x1 + 0xA0000000u;
    float32 x01 = (float32)(int32)(x1 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y01 = x01 * x01;
    float32 sin01 = fma(x01 * y01, fma(fma(-0.0001951528392964974f, y01, 0.0083321603015065193f), y01, -0.16666655242443085f), x01);
    float32 cos01 = fma(y01, fma(fma(fma(2.4383567506447434e-05f, y01, -0.001388668199069798f), y01, 0.041666619479656219f), y01, -0.5f), 1.0f);
    bool swap01 = (b01 & 1073741824u) != 0u;
    float32 along01 = swap01 ? sin01 : cos01;
    float32 across01 = swap01 ? cos01 : sin01;
    float32 tt01 = max(t01, 1.0e-30f);
    float32 ry01 = rsqrt(tt01);
    float32 rs01 = tt01 * ry01;
    float32 sr01 = sigma * fma(fma(-rs01, rs01, tt01), ry01 * 0.5f, rs01);
    float32 srcos01 = ((b01 ^ (b01 << 1u)) & 2147483648u) != 0u ? -sr01 : sr01;
    float32 srsin01 = (int32)b01 < 0 ? -sr01 : sr01;
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    uint32 b23 = x3 + 0xA0000000u;
    float32 x23 = (float32)(int32)(x3 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y23 = x23 * x23;
    float32 sin23 = fma(x23 * y23, fma(fma(-0.0001951528392964974f, y23, 0.0083321603015065193f), y23, -0.16666655242443085f), x23);
    float32 cos23 = fma(y23, fma(fma(fma(2.4383567506447434e-05f, y23, -0.001388668199069798f), y23, 0.041666619479656219f), y23, -0.5f), 1.0f);
    bool swap23 = (b23 & 1073741824u) != 0u;
    float32 along23 = swap23 ? sin23 : cos23;
    float32 across23 = swap23 ? cos23 : sin23;
    float32 tt23 = max(t23, 1.0e-30f);
    float32 ry23 = rsqrt(tt23);
    float32 rs23 = tt23 * ry23;
    float32 sr23 = sigma * fma(fma(-rs23, rs23, tt23), ry23 * 0.5f, rs23);
    float32 srcos23 = ((b23 ^ (b23 << 1u)) & 2147483648u) != 0u ? -sr23 : sr23;
    float32 srsin23 = (int32)b23 < 0 ? -sr23 : sr23;
    float32 exx0 = fma(srcos01, along01, mean);
    float32 exs0 = min(max(exx0, -104.0f), 89.0f);
    float32 exk0 = rint(exs0 * 1.44269502f);
    float32 exr0 = fma(exk0, -0.693145751953125f, exs0);
    exr0 = fma(exk0, -1.428606765330187e-06f, exr0);
    float32 exq0 = fma(0.0013814612757414579f, exr0, 0.0083687100559473038f);
    exq0 = fma(exq0, exr0, 0.041668388992547989f);
    exq0 = fma(exq0, exr0, 0.1666652113199234f);
    exq0 = fma(exq0, exr0, 0.49999994039535522f);
    float32 exm0 = 1.0f + fma(exr0 * exr0, exq0, exr0);
    int32 exi0 = (int32)exk0;
    int32 exg0 = exi0 >> 6;
    float64 exhigh0 = exg0 < -2 ? 1.5930919111324523e-58 : exg0 == -2 ? 2.938735877055719e-39 :
                        exg0 == -1 ? 5.421010862427522e-20 : exg0 == 0 ? 1.0 :
                        exg0 == 1 ? 1.8446744073709552e19 : 3.402823669209385e38;
    float32 v0 = isnan(exx0) ? exx0 : (float32)((float64)exm0 * (float64)(1ul << (uint64)(exi0 & 63)) * exhigh0);
    float32 exx1 = fma(srsin01, across01, mean);
    float32 exs1 = min(max(exx1, -104.0f), 89.0f);
    float32 exk1 = rint(exs1 * 1.44269502f);
    float32 exr1 = fma(exk1, -0.693145751953125f, exs1);
    exr1 = fma(exk1, -1.428606765330187e-06f, exr1);
    float32 exq1 = fma(0.0013814612757414579f, exr1, 0.0083687100559473038f);
    exq1 = fma(exq1, exr1, 0.041668388992547989f);
    exq1 = fma(exq1, exr1, 0.1666652113199234f);
    exq1 = fma(exq1, exr1, 0.49999994039535522f);
    float32 exm1 = 1.0f + fma(exr1 * exr1, exq1, exr1);
    int32 exi1 = (int32)exk1;
    int32 exg1 = exi1 >> 6;
    float64 exhigh1 = exg1 < -2 ? 1.5930919111324523e-58 : exg1 == -2 ? 2.938735877055719e-39 :
                        exg1 == -1 ? 5.421010862427522e-20 : exg1 == 0 ? 1.0 :
                        exg1 == 1 ? 1.8446744073709552e19 : 3.402823669209385e38;
    float32 v1 = isnan(exx1) ? exx1 : (float32)((float64)exm1 * (float64)(1ul << (uint64)(exi1 & 63)) * exhigh1);
    float32 exx2 = fma(srcos23, along23, mean);
    float32 exs2 = min(max(exx2, -104.0f), 89.0f);
    float32 exk2 = rint(exs2 * 1.44269502f);
    float32 exr2 = fma(exk2, -0.693145751953125f, exs2);
    exr2 = fma(exk2, -1.428606765330187e-06f, exr2);
    float32 exq2 = fma(0.0013814612757414579f, exr2, 0.0083687100559473038f);
    exq2 = fma(exq2, exr2, 0.041668388992547989f);
    exq2 = fma(exq2, exr2, 0.1666652113199234f);
    exq2 = fma(exq2, exr2, 0.49999994039535522f);
    float32 exm2 = 1.0f + fma(exr2 * exr2, exq2, exr2);
    int32 exi2 = (int32)exk2;
    int32 exg2 = exi2 >> 6;
    float64 exhigh2 = exg2 < -2 ? 1.5930919111324523e-58 : exg2 == -2 ? 2.938735877055719e-39 :
                        exg2 == -1 ? 5.421010862427522e-20 : exg2 == 0 ? 1.0 :
                        exg2 == 1 ? 1.8446744073709552e19 : 3.402823669209385e38;
    float32 v2 = isnan(exx2) ? exx2 : (float32)((float64)exm2 * (float64)(1ul << (uint64)(exi2 & 63)) * exhigh2);
    float32 exx3 = fma(srsin23, across23, mean);
    float32 exs3 = min(max(exx3, -104.0f), 89.0f);
    float32 exk3 = rint(exs3 * 1.44269502f);
    float32 exr3 = fma(exk3, -0.693145751953125f, exs3);
    exr3 = fma(exk3, -1.428606765330187e-06f, exr3);
    float32 exq3 = fma(0.0013814612757414579f, exr3, 0.0083687100559473038f);
    exq3 = fma(exq3, exr3, 0.041668388992547989f);
    exq3 = fma(exq3, exr3, 0.1666652113199234f);
    exq3 = fma(exq3, exr3, 0.49999994039535522f);
    float32 exm3 = 1.0f + fma(exr3 * exr3, exq3, exr3);
    int32 exi3 = (int32)exk3;
    int32 exg3 = exi3 >> 6;
    float64 exhigh3 = exg3 < -2 ? 1.5930919111324523e-58 : exg3 == -2 ? 2.938735877055719e-39 :
                        exg3 == -1 ? 5.421010862427522e-20 : exg3 == 0 ? 1.0 :
                        exg3 == 1 ? 1.8446744073709552e19 : 3.402823669209385e38;
    float32 v3 = isnan(exx3) ? exx3 : (float32)((float64)exm3 * (float64)(1ul << (uint64)(exi3 & 63)) * exhigh3);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

// exp(mean + sigma * z): normal_float64's draw (common_draws.dsl, the same bits on both devices),
// exponentiated by the exact exp (the header says how), so the same bits on both devices too.
kernel lognormal_float64(float64[] y, uint64 key, uint64 offset, float64 mean, float64 sigma) {
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
    float64 scaled = sigma * r;
    // exp by one copy of the exact polynomial (runtime/src/random/exact_math.h's exact_exp).
    for (int32 t = 0; t < 2; t++) {
        float64 exponent = fma(scaled, t == 0 ? cosine : sine, mean);
        float64 value = 0.0;
        {
            float64 low = exponent < -746.0 ? -746.0 : exponent;
            float64 clamped = low > 710.0 ? 710.0 : low;
            float64 shifted = fma(clamped, 1.4426950408889634, 6755399441055744.0);
            float64 kd = shifted - 6755399441055744.0;
            int64 ki = (int64)((uint64)__double_as_longlong(shifted) - 0x4338000000000000ul);
            float64 r = fma(-kd, 0.6931471805599453, clamped);
            r = fma(-kd, 2.3190468138462996e-17, r);
            float64 q = fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
            q = fma(q, r, 2.505210838544172e-08);
            q = fma(q, r, 2.755731922398589e-07);
            q = fma(q, r, 2.7557319223985893e-06);
            q = fma(q, r, 2.48015873015873e-05);
            q = fma(q, r, 0.0001984126984126984);
            q = fma(q, r, 0.001388888888888889);
            q = fma(q, r, 0.008333333333333333);
            q = fma(q, r, 0.041666666666666664);
            q = fma(q, r, 0.16666666666666666);
            q = fma(q, r, 0.5);
            q = fma(q, r, 1.0);
            int64 k1 = (int64)((uint64)(ki + 2048) >> 1u) - 1024;
            int64 k2 = ki - k1;
            value = fma(q, r, 1.0) * __longlong_as_double((k1 + 1023) << 52u) * __longlong_as_double((k2 + 1023) << 52u);
            if (exponent != exponent) {
                value = exponent;
            }
        }
        y[first + (int64)t * width] = value;
    }
}


// scale * -log(1 - u), u = k 2^-24 as uniform_float32's (k the top 24 bits of a word, converted
// once): w = 1 - u = 1 - k 2^-24 is exact and in (0, 1], so the logarithm is finite. As in
// normal_float32 (common_draws.dsl), -log w is __logf(w) for w <= 0.9 (error at most 2^-21.41
// absolute there, where -log w >= 0.105) and above, where __logf's absolute error would swamp a
// small value, the same minimax polynomial u (c0 + c1 u + c2 u^2 + c3 u^3) of -log(1 - u) on
// [0, 0.1] (relative error 2.0e-7), written in k with c_i 2^(-24 (i + 1)) (exact scalings); the
// two candidates are separate locals before the select (an arm with the call would branch). 162
// SASS instructions against 189 with the 7-term Taylor series and two conversions per value
// (ptxas 13, sm_90), 146 with gpucc's .ftz lg2 (w >= 2^-24): 2554-2569 GB/s against 2129-2141
// for 2^28 values (bench/results/2026-11-26-random-normal-3/run2). On the CPU __logf is the accurate logf, so float32 exponentials agree across
// devices to about 1e-6 relative, not bit for bit; this form changed their stream where u < 0.1
// by at most about 2e-7 relative.
kernel exponential_float32(float32[] y, uint64 key, uint64 offset, float32 scale) {
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
    float32 k0 = (float32)(int32)(x0 >> 8);
    float32 w0 = k0 * -5.9604644775390625e-8f + 1.0f;
    float32 near0 = k0 * (5.960463411724959e-08f + k0 * (1.776569656428248e-15f +
                    k0 * (6.996377076146393e-23f + k0 * 3.726061680694105e-30f)));
    float32 far0 = -__logf(w0);
    float32 k1 = (float32)(int32)(x1 >> 8);
    float32 w1 = k1 * -5.9604644775390625e-8f + 1.0f;
    float32 near1 = k1 * (5.960463411724959e-08f + k1 * (1.776569656428248e-15f +
                    k1 * (6.996377076146393e-23f + k1 * 3.726061680694105e-30f)));
    float32 far1 = -__logf(w1);
    float32 k2 = (float32)(int32)(x2 >> 8);
    float32 w2 = k2 * -5.9604644775390625e-8f + 1.0f;
    float32 near2 = k2 * (5.960463411724959e-08f + k2 * (1.776569656428248e-15f +
                    k2 * (6.996377076146393e-23f + k2 * 3.726061680694105e-30f)));
    float32 far2 = -__logf(w2);
    float32 k3 = (float32)(int32)(x3 >> 8);
    float32 w3 = k3 * -5.9604644775390625e-8f + 1.0f;
    float32 near3 = k3 * (5.960463411724959e-08f + k3 * (1.776569656428248e-15f +
                    k3 * (6.996377076146393e-23f + k3 * 3.726061680694105e-30f)));
    float32 far3 = -__logf(w3);
    y[first] = scale * (w0 > 0.9f ? near0 : far0);
    y[first + width] = scale * (w1 > 0.9f ? near1 : far1);
    y[first + 2 * width] = scale * (w2 > 0.9f ? near2 : far2);
    y[first + 3 * width] = scale * (w3 > 0.9f ? near3 : far3);
}

// exponential_float32's draw by exact operations only (Float32Transforms::exact, as
// common_draws.dsl's normal_float32_exact): the same words and elements, value = scale * -log w,
// w = 1 - u = j 2^-24 with j = 2^24 - (word >> 8) in [1, 2^24] (exact). -log w is half of
// normal_float32_exact's t = -2 log w (the same 7-term polynomial over the same exact reduction,
// found here by clz, there from the float's bits: the same f and exponent; the halving is exact),
// so the same bits on the GPU and the CPU, within 2.4e-7 relative of -log w.
kernel exponential_float32_exact(float32[] y, uint64 key, uint64 offset, float32 scale) {
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
    uint32 j0 = 16777216u - (x0 >> 8u);
    uint32 n0 = clz(j0);
    uint32 m0 = j0 << n0;
    bool big0 = m0 > 3037000499u;
    float32 mm0 = fma((float32)m0, big0 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e0 = (float32)(7 - (int32)n0 + (big0 ? 1 : 0));
    float32 q0 = 0.0007876853342168033f;
    q0 = fma(q0, mm0, 0.002528203185647726f);
    q0 = fma(q0, mm0, 0.0053885080851614475f);
    q0 = fma(q0, mm0, 0.012441801838576794f);
    q0 = fma(q0, mm0, 0.03121403604745865f);
    q0 = fma(q0, mm0, 0.08333678543567657f);
    q0 = fma(q0, mm0, 0.25000160932540894f);
    float32 t0 = fma(e0, -1.3862943649291992f, fma(mm0 * mm0, q0, mm0));
    uint32 j1 = 16777216u - (x1 >> 8u);
    uint32 n1 = clz(j1);
    uint32 m1 = j1 << n1;
    bool big1 = m1 > 3037000499u;
    float32 mm1 = fma((float32)m1, big1 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e1 = (float32)(7 - (int32)n1 + (big1 ? 1 : 0));
    float32 q1 = 0.0007876853342168033f;
    q1 = fma(q1, mm1, 0.002528203185647726f);
    q1 = fma(q1, mm1, 0.0053885080851614475f);
    q1 = fma(q1, mm1, 0.012441801838576794f);
    q1 = fma(q1, mm1, 0.03121403604745865f);
    q1 = fma(q1, mm1, 0.08333678543567657f);
    q1 = fma(q1, mm1, 0.25000160932540894f);
    float32 t1 = fma(e1, -1.3862943649291992f, fma(mm1 * mm1, q1, mm1));
    uint32 j2 = 16777216u - (x2 >> 8u);
    uint32 n2 = clz(j2);
    uint32 m2 = j2 << n2;
    bool big2 = m2 > 3037000499u;
    float32 mm2 = fma((float32)m2, big2 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e2 = (float32)(7 - (int32)n2 + (big2 ? 1 : 0));
    float32 q2 = 0.0007876853342168033f;
    q2 = fma(q2, mm2, 0.002528203185647726f);
    q2 = fma(q2, mm2, 0.0053885080851614475f);
    q2 = fma(q2, mm2, 0.012441801838576794f);
    q2 = fma(q2, mm2, 0.03121403604745865f);
    q2 = fma(q2, mm2, 0.08333678543567657f);
    q2 = fma(q2, mm2, 0.25000160932540894f);
    float32 t2 = fma(e2, -1.3862943649291992f, fma(mm2 * mm2, q2, mm2));
    uint32 j3 = 16777216u - (x3 >> 8u);
    uint32 n3 = clz(j3);
    uint32 m3 = j3 << n3;
    bool big3 = m3 > 3037000499u;
    float32 mm3 = fma((float32)m3, big3 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e3 = (float32)(7 - (int32)n3 + (big3 ? 1 : 0));
    float32 q3 = 0.0007876853342168033f;
    q3 = fma(q3, mm3, 0.002528203185647726f);
    q3 = fma(q3, mm3, 0.0053885080851614475f);
    q3 = fma(q3, mm3, 0.012441801838576794f);
    q3 = fma(q3, mm3, 0.03121403604745865f);
    q3 = fma(q3, mm3, 0.08333678543567657f);
    q3 = fma(q3, mm3, 0.25000160932540894f);
    float32 t3 = fma(e3, -1.3862943649291992f, fma(mm3 * mm3, q3, mm3));
    y[first] = scale * (0.5f * t0);
    y[first + width] = scale * (0.5f * t1);
    y[first + 2 * width] = scale * (0.5f * t2);
    y[first + 3 * width] = scale * (0.5f * t3);
}

// scale * -log(1 - u), u as uniform_float64's: 1 - u = j 2^-53 with j = 2^53 - k, exact, and its
// log as normal_float64's (common_draws.dsl: clz, 19-term log1p polynomial, explicit fma; within
// 2.1 units of 2^-53 relative), the same bits on both devices where libdevice's and libm's log
// could differ in the last bit; the values moved by a few ulp (2026-11-27).
kernel exponential_float64(float64[] y, uint64 key, uint64 offset, float64 scale) {
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
    uint64 j0 = 9007199254740992ul - (((uint64)(x0 >> 5u) << 26u) | (uint64)(x1 >> 6u));
    uint64 n0 = clz(j0);
    uint64 m0 = (j0 << n0) >> 11u;
    bool big0 = m0 > 6369051672525772ul;
    float64 g0 = fma((float64)(int64)m0, big0 ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
    float64 e0 = (float64)(10 - (int64)n0 + (big0 ? 1 : 0));
    float64 p0 = fma(-0.028300767748604135, g0, 0.063251660400264351);
    p0 = fma(p0, g0, -0.067870724287799597);
    p0 = fma(p0, g0, 0.059735205328110511);
    p0 = fma(p0, g0, -0.060411147624269232);
    p0 = fma(p0, g0, 0.066216083305965984);
    p0 = fma(p0, g0, -0.071602616298596142);
    p0 = fma(p0, g0, 0.076977106779687596);
    p0 = fma(p0, g0, -0.083325519705282236);
    p0 = fma(p0, g0, 0.09090583291121275);
    p0 = fma(p0, g0, -0.1000001819058728);
    p0 = fma(p0, g0, 0.11111122018278023);
    p0 = fma(p0, g0, -0.12499999829698444);
    p0 = fma(p0, g0, 0.14285714087166534);
    p0 = fma(p0, g0, -0.16666666666267768);
    p0 = fma(p0, g0, 0.20000000001741747);
    p0 = fma(p0, g0, -0.25000000000012362);
    p0 = fma(p0, g0, 0.33333333333328097);
    p0 = fma(p0, g0, -0.49999999999999972);
    float64 logw0 = fma(e0, 0.6931471805599453, fma(g0 * g0, p0, g0));
    uint64 j1 = 9007199254740992ul - (((uint64)(x2 >> 5u) << 26u) | (uint64)(x3 >> 6u));
    uint64 n1 = clz(j1);
    uint64 m1 = (j1 << n1) >> 11u;
    bool big1 = m1 > 6369051672525772ul;
    float64 g1 = fma((float64)(int64)m1, big1 ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
    float64 e1 = (float64)(10 - (int64)n1 + (big1 ? 1 : 0));
    float64 p1 = fma(-0.028300767748604135, g1, 0.063251660400264351);
    p1 = fma(p1, g1, -0.067870724287799597);
    p1 = fma(p1, g1, 0.059735205328110511);
    p1 = fma(p1, g1, -0.060411147624269232);
    p1 = fma(p1, g1, 0.066216083305965984);
    p1 = fma(p1, g1, -0.071602616298596142);
    p1 = fma(p1, g1, 0.076977106779687596);
    p1 = fma(p1, g1, -0.083325519705282236);
    p1 = fma(p1, g1, 0.09090583291121275);
    p1 = fma(p1, g1, -0.1000001819058728);
    p1 = fma(p1, g1, 0.11111122018278023);
    p1 = fma(p1, g1, -0.12499999829698444);
    p1 = fma(p1, g1, 0.14285714087166534);
    p1 = fma(p1, g1, -0.16666666666267768);
    p1 = fma(p1, g1, 0.20000000001741747);
    p1 = fma(p1, g1, -0.25000000000012362);
    p1 = fma(p1, g1, 0.33333333333328097);
    p1 = fma(p1, g1, -0.49999999999999972);
    float64 logw1 = fma(e1, 0.6931471805599453, fma(g1 * g1, p1, g1));
    y[first] = scale * (0.0 - logw0);
    y[first + width] = scale * (0.0 - logw1);
}

// scale * X, X ~ Gamma(shape, 1) by Marsaglia and Tsang ("A simple method for generating gamma
// variables", 2000); the `beta` kernel below repeats these operations for its log-gammas (the
// language has no device functions, and one kernel for both measured slower: 0.477 against 0.403
// ms for gamma(2.5) at 2^24 on an H200). Shape < 1 draws Gamma(shape + 1) * U^(1 / shape). One
// element per block counter; attempt k uses the block of (counter, k, 0): z by Box-Muller from words 0 and 1,
// the acceptance uniform from word 2, U from word 3 of the accepted attempt (independent of the
// acceptance). Shape 0 gives 0, as NumPy's. Every log, cos and exp is the exact one (the header
// says how), every sum of a product an fma, and U^(1 / shape) is exp(log U / shape); the host's
// gamma (host_gamma.cpp) computes these operations in this order, so the bits are the same on the
// GPU, on the CPU target and on the host. The logs of one stage share one copy of the polynomial
// (a loop over its arguments).
kernel gamma<T: float32 | float64>(T[] y, uint64 key, uint64 offset, float64 shape, float64 scale) {
    int64 n = y.size;
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= n) {
        return;
    }
    uint64 counter = offset + (uint64)element;
    if (shape == 0.0) {
        y[element] = (T)0.0;
        return;
    }
    float64 a = shape < 1.0 ? shape + 1.0 : shape;
    float64 d = a - 1.0 / 3.0;
    float64 c = 1.0 / sqrt(9.0 * d);
    float64 v = 1.0;
    float64 boost = 1.0;
    uint32 attempt = 0u;
    while (true) {
        uint32 x0 = (uint32)counter;
        uint32 x1 = (uint32)(counter >> 32);
        uint32 x2 = attempt;
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
        attempt++;
        float64 u1 = ((float64)x0 + 0.5) * 2.3283064365386963e-10;
        float64 log_u1 = 0.0;
        {
            bool tiny = u1 < 2.2250738585072014e-308;
            uint64 bits = (uint64)__double_as_longlong(tiny ? u1 * 18014398509481984.0 : u1);
            uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
            bool big = mantissa > 0x6A09E667F3BCCul;
            float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
            float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
            log_u1 = fma(e, 0.6931471805599453, fma(g * g, p, g));
            if (!(u1 > 0.0 && u1 < 1.0 / 0.0)) {
                log_u1 = u1 == 0.0 ? -1.0 / 0.0 : u1 == 1.0 / 0.0 ? u1 : 0.0 / 0.0;
            }
        }
        float64 cosine = 0.0;
        {
            uint64 turn = (uint64)x1 + 536870912ul;
            uint64 quadrant = (turn >> 30u) & 3ul;
            float64 ax = (float64)((int64)(turn & 1073741823ul) - 536870912) * 1.4629180792671596e-09;
            float64 xx = ax * ax;
            float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
            s = fma(s, xx, 2.7557313621812441e-06);
            s = fma(s, xx, -0.00019841269829592626);
            s = fma(s, xx, 0.0083333333333221252);
            s = fma(s, xx, -0.1666666666666663);
            float64 cq = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
            cq = fma(cq, xx, -2.7557312806707791e-07);
            cq = fma(cq, xx, 2.4801587284129658e-05);
            cq = fma(cq, xx, -0.0013888888888865056);
            cq = fma(cq, xx, 0.041666666666666526);
            cq = fma(cq, xx, -0.5);
            float64 along = (quadrant & 1ul) != 0ul ? fma(ax * xx, s, ax) : fma(xx, cq, 1.0);
            cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
        }
        float64 z = sqrt(-2.0 * log_u1) * cosine;
        float64 u = ((float64)x2 + 0.5) * 2.3283064365386963e-10;
        boost = ((float64)x3 + 0.5) * 2.3283064365386963e-10;
        float64 base = fma(c, z, 1.0);
        if (base <= 0.0) {
            continue;
        }
        float64 square = base * base;
        v = square * base;
        float64 zz = z * z;
        if (u < fma(-0.0331 * zz, zz, 1.0)) {
            break;
        }
        // log u and log v by one copy of the polynomial.
        float64 log_u = 0.0;
        float64 log_v = 0.0;
        for (int32 t = 0; t < 2; t++) {
            float64 arg = t == 0 ? u : v;
            float64 logarithm = 0.0;
            {
                bool tiny = arg < 2.2250738585072014e-308;
                uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                bool big = mantissa > 0x6A09E667F3BCCul;
                float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                    logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                }
            }
            if (t == 0) {
                log_u = logarithm;
            } else {
                log_v = logarithm;
            }
        }
        // 1 - v as one fma of base^2 and base (a written 1.0 - v would be contracted alike).
        if (log_u < fma(0.5 * z, z, d * (fma(-square, base, 1.0) + log_v))) {
            break;
        }
    }
    // log boost (shape < 1).
    bool below_one = shape < 1.0;
    float64 log_boost = 0.0;
    if (below_one) {
        float64 arg = boost;
        float64 logarithm = 0.0;
        {
            bool tiny = arg < 2.2250738585072014e-308;
            uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
            uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
            bool big = mantissa > 0x6A09E667F3BCCul;
            float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
            float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
            logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
            if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
            }
        }
        log_boost = logarithm;
    }
    {
        float64 x = d * v;
        if (below_one) {
            // boost^(1 / shape) as exp(log boost / shape).
            float64 power_arg = log_boost / shape;
            float64 power = 0.0;
            {
                float64 low = power_arg < -746.0 ? -746.0 : power_arg;
                float64 clamped = low > 710.0 ? 710.0 : low;
                float64 shifted = fma(clamped, 1.4426950408889634, 6755399441055744.0);
                float64 kd = shifted - 6755399441055744.0;
                int64 ki = (int64)((uint64)__double_as_longlong(shifted) - 0x4338000000000000ul);
                float64 r = fma(-kd, 0.6931471805599453, clamped);
                r = fma(-kd, 2.3190468138462996e-17, r);
                float64 q = fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
                q = fma(q, r, 2.505210838544172e-08);
                q = fma(q, r, 2.755731922398589e-07);
                q = fma(q, r, 2.7557319223985893e-06);
                q = fma(q, r, 2.48015873015873e-05);
                q = fma(q, r, 0.0001984126984126984);
                q = fma(q, r, 0.001388888888888889);
                q = fma(q, r, 0.008333333333333333);
                q = fma(q, r, 0.041666666666666664);
                q = fma(q, r, 0.16666666666666666);
                q = fma(q, r, 0.5);
                q = fma(q, r, 1.0);
                int64 k1 = (int64)((uint64)(ki + 2048) >> 1u) - 1024;
                int64 k2 = ki - k1;
                power = fma(q, r, 1.0) * __longlong_as_double((k1 + 1023) << 52u) * __longlong_as_double((k2 + 1023) << 52u);
                if (power_arg != power_arg) {
                    power = power_arg;
                }
            }
            x *= power;
        }
        y[element] = (T)(scale * x);
    }
}

// Beta(shape_x, shape_y) as X / (X + Y) = 1 / (1 + exp(log Y - log X)) in one pass: each thread
// draws log X from block counter first + element and log Y from second + element by gamma's
// operations above (log d + log v, plus log U / shape below shape 1, the logs of the one Gamma
// draw; the host's host_gamma with its log output computes the same in the same order), then the
// ratio by the exact exp: the same values as the host's host_beta (RandomHostBeta), without
// intermediate arrays.
kernel beta(float64[] y, uint64 key, uint64 first, uint64 second, float64 shape_x,
            float64 shape_y) {
    int64 n = y.size;
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= n) {
        return;
    }
    float64 log_x = 0.0;
    float64 log_y = 0.0;
    for (int32 part = 0; part < 2; part++) {
        uint64 counter = (part == 0 ? first : second) + (uint64)element;
        float64 shape = part == 0 ? shape_x : shape_y;
        float64 logx = -1.0 / 0.0;
        if (shape != 0.0) {
            float64 a = shape < 1.0 ? shape + 1.0 : shape;
            float64 d = a - 1.0 / 3.0;
            float64 c = 1.0 / sqrt(9.0 * d);
            float64 v = 1.0;
            float64 boost = 1.0;
            uint32 attempt = 0u;
            while (true) {
                uint32 x0 = (uint32)counter;
                uint32 x1 = (uint32)(counter >> 32);
                uint32 x2 = attempt;
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
                attempt++;
                float64 u1 = ((float64)x0 + 0.5) * 2.3283064365386963e-10;
                float64 log_u1 = 0.0;
                {
                    bool tiny = u1 < 2.2250738585072014e-308;
                    uint64 bits = (uint64)__double_as_longlong(tiny ? u1 * 18014398509481984.0 : u1);
                    uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                    bool big = mantissa > 0x6A09E667F3BCCul;
                    float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                    float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                    log_u1 = fma(e, 0.6931471805599453, fma(g * g, p, g));
                    if (!(u1 > 0.0 && u1 < 1.0 / 0.0)) {
                        log_u1 = u1 == 0.0 ? -1.0 / 0.0 : u1 == 1.0 / 0.0 ? u1 : 0.0 / 0.0;
                    }
                }
                float64 cosine = 0.0;
                {
                    uint64 turn = (uint64)x1 + 536870912ul;
                    uint64 quadrant = (turn >> 30u) & 3ul;
                    float64 ax = (float64)((int64)(turn & 1073741823ul) - 536870912) * 1.4629180792671596e-09;
                    float64 xx = ax * ax;
                    float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
                    s = fma(s, xx, 2.7557313621812441e-06);
                    s = fma(s, xx, -0.00019841269829592626);
                    s = fma(s, xx, 0.0083333333333221252);
                    s = fma(s, xx, -0.1666666666666663);
                    float64 cq = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
                    cq = fma(cq, xx, -2.7557312806707791e-07);
                    cq = fma(cq, xx, 2.4801587284129658e-05);
                    cq = fma(cq, xx, -0.0013888888888865056);
                    cq = fma(cq, xx, 0.041666666666666526);
                    cq = fma(cq, xx, -0.5);
                    float64 along = (quadrant & 1ul) != 0ul ? fma(ax * xx, s, ax) : fma(xx, cq, 1.0);
                    cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
                }
                float64 z = sqrt(-2.0 * log_u1) * cosine;
                float64 u = ((float64)x2 + 0.5) * 2.3283064365386963e-10;
                boost = ((float64)x3 + 0.5) * 2.3283064365386963e-10;
                float64 base = fma(c, z, 1.0);
                if (base <= 0.0) {
                    continue;
                }
                float64 square = base * base;
                v = square * base;
                float64 zz = z * z;
                if (u < fma(-0.0331 * zz, zz, 1.0)) {
                    break;
                }
                // log u and log v by one copy of the polynomial.
                float64 log_u = 0.0;
                float64 log_v = 0.0;
                for (int32 t = 0; t < 2; t++) {
                    float64 arg = t == 0 ? u : v;
                    float64 logarithm = 0.0;
                    {
                        bool tiny = arg < 2.2250738585072014e-308;
                        uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                        uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                        bool big = mantissa > 0x6A09E667F3BCCul;
                        float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                        float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                        logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                        if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                            logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                        }
                    }
                    if (t == 0) {
                        log_u = logarithm;
                    } else {
                        log_v = logarithm;
                    }
                }
                // 1 - v as one fma of base^2 and base (a written 1.0 - v would be contracted alike).
                if (log_u < fma(0.5 * z, z, d * (fma(-square, base, 1.0) + log_v))) {
                    break;
                }
            }
            // The output's logarithms by one copy of the polynomial: log boost (shape < 1), log v
            // and log d.
            bool below_one = shape < 1.0;
            float64 log_boost = 0.0;
            float64 log_v = 0.0;
            float64 log_d = 0.0;
            for (int32 t = below_one ? 0 : 1; t < 3; t++) {
                float64 arg = t == 0 ? boost : t == 1 ? v : d;
                float64 logarithm = 0.0;
                {
                    bool tiny = arg < 2.2250738585072014e-308;
                    uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                    uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                    bool big = mantissa > 0x6A09E667F3BCCul;
                    float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                    float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                    logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                    if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                        logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                    }
                }
                if (t == 0) {
                    log_boost = logarithm;
                } else if (t == 1) {
                    log_v = logarithm;
                } else {
                    log_d = logarithm;
                }
            }
            logx = log_d + log_v + 0.0;
            if (below_one) {
                logx += log_boost / shape;
            }
        }
        if (part == 0) {
            log_x = logx;
        } else {
            log_y = logx;
        }
    }
    float64 difference = log_y - log_x;
    float64 power = 0.0;
    {
        float64 low = difference < -746.0 ? -746.0 : difference;
        float64 clamped = low > 710.0 ? 710.0 : low;
        float64 shifted = fma(clamped, 1.4426950408889634, 6755399441055744.0);
        float64 kd = shifted - 6755399441055744.0;
        int64 ki = (int64)((uint64)__double_as_longlong(shifted) - 0x4338000000000000ul);
        float64 r = fma(-kd, 0.6931471805599453, clamped);
        r = fma(-kd, 2.3190468138462996e-17, r);
        float64 q = fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
        q = fma(q, r, 2.505210838544172e-08);
        q = fma(q, r, 2.755731922398589e-07);
        q = fma(q, r, 2.7557319223985893e-06);
        q = fma(q, r, 2.48015873015873e-05);
        q = fma(q, r, 0.0001984126984126984);
        q = fma(q, r, 0.001388888888888889);
        q = fma(q, r, 0.008333333333333333);
        q = fma(q, r, 0.041666666666666664);
        q = fma(q, r, 0.16666666666666666);
        q = fma(q, r, 0.5);
        q = fma(q, r, 1.0);
        int64 k1 = (int64)((uint64)(ki + 2048) >> 1u) - 1024;
        int64 k2 = ki - k1;
        power = fma(q, r, 1.0) * __longlong_as_double((k1 + 1023) << 52u) * __longlong_as_double((k2 + 1023) << 52u);
        if (difference != difference) {
            power = difference;
        }
    }
    y[element] = 1.0 / (1.0 + power);
}

// Poisson(lam) from lam 1000 (below it the generator inverts Poisson's cumulative table with
// choice_by_cdf: poisson_table.h): Hormann's PTRS ("The transformed rejection method for
// generating Poisson random variables", 1993; valid from lam 10), as NumPy's, with the exact exp
// and log (the same bits on both devices) and log(k!) by NumPy's loggam (Stirling's series with
// ten terms, shifted up to 7) over the exact log. One element per block counter; attempt k uses
// the block of (counter, k, 0).
kernel poisson(int64[] y, uint64 key, uint64 offset, float64 lam) {
    int64 n = y.size;
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= n) {
        return;
    }
    uint64 counter = offset + (uint64)element;
    int64 k = 0;
    float64 slam = sqrt(lam);
    float64 b = fma(2.53, slam, 0.931);
    float64 a = fma(0.02483, b, -0.059);
    float64 invalpha = 1.1239 + 1.1328 / (b - 3.4);
    float64 vr = 0.9277 - 3.6224 / (b - 2.0);
    // log lam and log invalpha by one copy of the exact log.
    float64 loglam = 0.0;
    float64 log_invalpha = 0.0;
    for (int32 t = 0; t < 2; t++) {
        float64 arg = t == 0 ? lam : invalpha;
        float64 logarithm = 0.0;
        {
            bool tiny = arg < 2.2250738585072014e-308;
            uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
            uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
            bool big = mantissa > 0x6A09E667F3BCCul;
            float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
            float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
            logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
            if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
            }
        }
        if (t == 0) {
            loglam = logarithm;
        } else {
            log_invalpha = logarithm;
        }
    }
    uint32 attempt = 0u;
    while (true) {
        uint32 x0 = (uint32)counter;
        uint32 x1 = (uint32)(counter >> 32);
        uint32 x2 = attempt;
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
        attempt++;
        float64 u = ((float64)(int32)(x0 >> 5) * 67108864.0 + (float64)(int32)(x1 >> 6)) *
                        1.1102230246251565e-16 -
                    0.5;
        float64 v = ((float64)(int32)(x2 >> 5) * 67108864.0 + (float64)(int32)(x3 >> 6) + 1.0) *
                    1.1102230246251565e-16;
        float64 us = 0.5 - fabs(u);
        float64 kf = floor(fma(2.0 * a / us + b, u, lam) + 0.43);
        if (us >= 0.07 && v <= vr) {
            k = (int64)kf;
            break;
        }
        if (kf < 0.0 || (us < 0.013 && v > us)) {
            continue;
        }
        // log(kf!) = lgamma(x), x = kf + 1, as NumPy's loggam: Stirling's series at x0 = max(x,
        // 7) less log(x (x + 1) ... (x0 - 1)) (an exact product of integers below 7!).
        float64 gx = kf + 1.0;
        float64 gx0 = gx;
        float64 product = 1.0;
        while (gx0 < 7.0) {
            product *= gx0;
            gx0 += 1.0;
        }
        float64 hat = a / (us * us) + b;
        float64 log_v = 0.0;
        float64 log_hat = 0.0;
        float64 log_gx0 = 0.0;
        float64 log_product = 0.0;
        for (int32 t = 0; t < 4; t++) {
            float64 arg = t == 0 ? v : t == 1 ? hat : t == 2 ? gx0 : product;
            float64 logarithm = 0.0;
            {
                bool tiny = arg < 2.2250738585072014e-308;
                uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                bool big = mantissa > 0x6A09E667F3BCCul;
                float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                    logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                }
            }
            if (t == 0) {
                log_v = logarithm;
            } else if (t == 1) {
                log_hat = logarithm;
            } else if (t == 2) {
                log_gx0 = logarithm;
            } else {
                log_product = logarithm;
            }
        }
        float64 log_factorial = 0.0;
        {
            float64 inverse = 1.0 / gx0;
            float64 x2 = inverse * inverse;
            float64 series = fma(-1.3924322169059011, x2, 0.17964437236883057);
            series = fma(series, x2, -0.029550653594771242);
            series = fma(series, x2, 0.00641025641025641);
            series = fma(series, x2, -0.0019175269175269176);
            series = fma(series, x2, 0.0008417508417508417);
            series = fma(series, x2, -0.0005952380952380953);
            series = fma(series, x2, 0.0007936507936507937);
            series = fma(series, x2, -0.002777777777777778);
            series = fma(series, x2, 0.08333333333333333);
            log_factorial = series / gx0 + 0.9189385332046727 + fma(gx0 - 0.5, log_gx0, 0.0 - gx0) - log_product;
            if (gx == 1.0 || gx == 2.0) {
                log_factorial = 0.0;
            }
        }
        if (log_v + log_invalpha - log_hat <= fma(kf, loglam, 0.0 - lam) - log_factorial) {
            k = (int64)kf;
            break;
        }
    }
    y[element] = k;
}

// Binomial(trials, p), drawn for q = min(p, 1 - p) and reflected: inversion while trials * q < 30
// (restarted past NumPy's bound; (1 - q)^trials as exp(trials log(1 - q))), else Hormann's BTRD
// ("The generation of binomial random variates", 1993) with the exact acceptance test f(k) / f(m)
// from log-gammas by NumPy's loggam (Stirling's series with ten terms, shifted up to 7); every log
// and exp the exact one, so the same bits on both devices. One element per block counter; attempt
// k uses the block of (counter, k, 0).
kernel binomial(int64[] y, uint64 key, uint64 offset, int64 trials, float64 p) {
    int64 n = y.size;
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= n) {
        return;
    }
    uint64 counter = offset + (uint64)element;
    float64 q = p <= 0.5 ? p : 1.0 - p;
    float64 nf = (float64)trials;
    int64 k = 0;
    uint32 attempt = 0u;
    if (trials == 0 || q == 0.0) {
        k = 0;
    } else if (nf * q < 30.0) {
        float64 qq = 1.0 - q;
        // qq^nf as exp(nf log qq), by the exact log and exp.
        float64 log_qq = 0.0;
        {
            bool tiny = qq < 2.2250738585072014e-308;
            uint64 bits = (uint64)__double_as_longlong(tiny ? qq * 18014398509481984.0 : qq);
            uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
            bool big = mantissa > 0x6A09E667F3BCCul;
            float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
            float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
            log_qq = fma(e, 0.6931471805599453, fma(g * g, p, g));
            if (!(qq > 0.0 && qq < 1.0 / 0.0)) {
                log_qq = qq == 0.0 ? -1.0 / 0.0 : qq == 1.0 / 0.0 ? qq : 0.0 / 0.0;
            }
        }
        float64 power_arg = nf * log_qq;
        float64 start = 0.0;
        {
            float64 low = power_arg < -746.0 ? -746.0 : power_arg;
            float64 clamped = low > 710.0 ? 710.0 : low;
            float64 shifted = fma(clamped, 1.4426950408889634, 6755399441055744.0);
            float64 kd = shifted - 6755399441055744.0;
            int64 ki = (int64)((uint64)__double_as_longlong(shifted) - 0x4338000000000000ul);
            float64 r = fma(-kd, 0.6931471805599453, clamped);
            r = fma(-kd, 2.3190468138462996e-17, r);
            float64 q = fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
            q = fma(q, r, 2.505210838544172e-08);
            q = fma(q, r, 2.755731922398589e-07);
            q = fma(q, r, 2.7557319223985893e-06);
            q = fma(q, r, 2.48015873015873e-05);
            q = fma(q, r, 0.0001984126984126984);
            q = fma(q, r, 0.001388888888888889);
            q = fma(q, r, 0.008333333333333333);
            q = fma(q, r, 0.041666666666666664);
            q = fma(q, r, 0.16666666666666666);
            q = fma(q, r, 0.5);
            q = fma(q, r, 1.0);
            int64 k1 = (int64)((uint64)(ki + 2048) >> 1u) - 1024;
            int64 k2 = ki - k1;
            start = fma(q, r, 1.0) * __longlong_as_double((k1 + 1023) << 52u) * __longlong_as_double((k2 + 1023) << 52u);
            if (power_arg != power_arg) {
                start = power_arg;
            }
        }
        float64 mean = nf * q;
        float64 bound = min(nf, fma(10.0, sqrt(fma(mean, qq, 1.0)), mean));
        bool done = false;
        while (!done) {
            uint32 x0 = (uint32)counter;
            uint32 x1 = (uint32)(counter >> 32);
            uint32 x2 = attempt;
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
            attempt++;
            float64 u = ((float64)(int32)(x0 >> 5) * 67108864.0 + (float64)(int32)(x1 >> 6)) *
                        1.1102230246251565e-16;
            float64 px = start;
            float64 x = 0.0;
            done = true;
            while (u > px) {
                x += 1.0;
                if (x > bound) {
                    done = false;
                    break;
                }
                u -= px;
                px = ((nf - x + 1.0) * q * px) / (x * qq);
            }
            k = (int64)x;
        }
    } else {
        float64 m = floor((nf + 1.0) * q);
        float64 r = q / (1.0 - q);
        float64 npq = nf * q * (1.0 - q);
        float64 spq = sqrt(npq);
        float64 b = fma(2.53, spq, 1.15);
        float64 a = fma(0.01, q, fma(0.0248, b, -0.0873));
        float64 c = fma(nf, q, 0.5);
        float64 alpha = (2.83 + 5.1 / b) * spq;
        float64 vr = 0.92 - 4.2 / b;
        float64 urvr = 0.86 * vr;
        // lgamma(m + 1) + lgamma(nf - m + 1) by NumPy's loggam over the exact log (Stirling's
        // series at x0 = max(x, 7) less the log of the exact product x (x + 1) ... (x0 - 1)), and
        // log r: five logarithms by one copy.
        float64 ga = m + 1.0;
        float64 ga0 = ga;
        float64 product_a = 1.0;
        while (ga0 < 7.0) {
            product_a *= ga0;
            ga0 += 1.0;
        }
        float64 gb = nf - m + 1.0;
        float64 gb0 = gb;
        float64 product_b = 1.0;
        while (gb0 < 7.0) {
            product_b *= gb0;
            gb0 += 1.0;
        }
        float64 log_ga0 = 0.0;
        float64 log_product_a = 0.0;
        float64 log_gb0 = 0.0;
        float64 log_product_b = 0.0;
        float64 logr = 0.0;
        for (int32 t = 0; t < 5; t++) {
            float64 arg = t == 0 ? ga0 : t == 1 ? product_a : t == 2 ? gb0 : t == 3 ? product_b : r;
            float64 logarithm = 0.0;
            {
                bool tiny = arg < 2.2250738585072014e-308;
                uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                bool big = mantissa > 0x6A09E667F3BCCul;
                float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                    logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                }
            }
            if (t == 0) {
                log_ga0 = logarithm;
            } else if (t == 1) {
                log_product_a = logarithm;
            } else if (t == 2) {
                log_gb0 = logarithm;
            } else if (t == 3) {
                log_product_b = logarithm;
            } else {
                logr = logarithm;
            }
        }
        float64 lgamma_a = 0.0;
        {
            float64 inverse = 1.0 / ga0;
            float64 x2 = inverse * inverse;
            float64 series = fma(-1.3924322169059011, x2, 0.17964437236883057);
            series = fma(series, x2, -0.029550653594771242);
            series = fma(series, x2, 0.00641025641025641);
            series = fma(series, x2, -0.0019175269175269176);
            series = fma(series, x2, 0.0008417508417508417);
            series = fma(series, x2, -0.0005952380952380953);
            series = fma(series, x2, 0.0007936507936507937);
            series = fma(series, x2, -0.002777777777777778);
            series = fma(series, x2, 0.08333333333333333);
            lgamma_a = series / ga0 + 0.9189385332046727 + fma(ga0 - 0.5, log_ga0, 0.0 - ga0) - log_product_a;
            if (ga == 1.0 || ga == 2.0) {
                lgamma_a = 0.0;
            }
        }
        float64 lgamma_b = 0.0;
        {
            float64 inverse = 1.0 / gb0;
            float64 x2 = inverse * inverse;
            float64 series = fma(-1.3924322169059011, x2, 0.17964437236883057);
            series = fma(series, x2, -0.029550653594771242);
            series = fma(series, x2, 0.00641025641025641);
            series = fma(series, x2, -0.0019175269175269176);
            series = fma(series, x2, 0.0008417508417508417);
            series = fma(series, x2, -0.0005952380952380953);
            series = fma(series, x2, 0.0007936507936507937);
            series = fma(series, x2, -0.002777777777777778);
            series = fma(series, x2, 0.08333333333333333);
            lgamma_b = series / gb0 + 0.9189385332046727 + fma(gb0 - 0.5, log_gb0, 0.0 - gb0) - log_product_b;
            if (gb == 1.0 || gb == 2.0) {
                lgamma_b = 0.0;
            }
        }
        float64 logfm = lgamma_a + lgamma_b;
        while (true) {
            uint32 x0 = (uint32)counter;
            uint32 x1 = (uint32)(counter >> 32);
            uint32 x2 = attempt;
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
            attempt++;
            float64 v = ((float64)(int32)(x0 >> 5) * 67108864.0 + (float64)(int32)(x1 >> 6) + 1.0) *
                        1.1102230246251565e-16;
            float64 w = ((float64)(int32)(x2 >> 5) * 67108864.0 + (float64)(int32)(x3 >> 6)) *
                        1.1102230246251565e-16;
            float64 u = 0.0;
            if (v <= urvr) {
                u = v / vr - 0.43;
                k = (int64)floor(fma(2.0 * a / (0.5 - fabs(u)) + b, u, c));
                break;
            }
            if (v >= vr) {
                u = w - 0.5;
            } else {
                u = v / vr - 0.93;
                u = (u >= 0.0 ? 0.5 : -0.5) - u;
                v = w * vr;
            }
            float64 us = 0.5 - fabs(u);
            float64 kf = floor(fma(2.0 * a / us + b, u, c));
            if (kf < 0.0 || kf > nf) {
                continue;
            }
            v = v * alpha / (a / (us * us) + b);
            float64 gc = kf + 1.0;
            float64 gc0 = gc;
            float64 product_c = 1.0;
            while (gc0 < 7.0) {
                product_c *= gc0;
                gc0 += 1.0;
            }
            float64 gd = nf - kf + 1.0;
            float64 gd0 = gd;
            float64 product_d = 1.0;
            while (gd0 < 7.0) {
                product_d *= gd0;
                gd0 += 1.0;
            }
            float64 log_v = 0.0;
            float64 log_gc0 = 0.0;
            float64 log_product_c = 0.0;
            float64 log_gd0 = 0.0;
            float64 log_product_d = 0.0;
            for (int32 t = 0; t < 5; t++) {
                float64 arg = t == 0 ? v : t == 1 ? gc0 : t == 2 ? product_c : t == 3 ? gd0 : product_d;
                float64 logarithm = 0.0;
                {
                    bool tiny = arg < 2.2250738585072014e-308;
                    uint64 bits = (uint64)__double_as_longlong(tiny ? arg * 18014398509481984.0 : arg);
                    uint64 mantissa = bits & 0x000FFFFFFFFFFFFFul;
                    bool big = mantissa > 0x6A09E667F3BCCul;
                    float64 g = __ulonglong_as_double(mantissa | (big ? 0x3FE0000000000000ul : 0x3FF0000000000000ul)) - 1.0;
                    float64 e = (float64)(int64)((bits >> 52u) & 0x7FFul) - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
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
                    logarithm = fma(e, 0.6931471805599453, fma(g * g, p, g));
                    if (!(arg > 0.0 && arg < 1.0 / 0.0)) {
                        logarithm = arg == 0.0 ? -1.0 / 0.0 : arg == 1.0 / 0.0 ? arg : 0.0 / 0.0;
                    }
                }
                if (t == 0) {
                    log_v = logarithm;
                } else if (t == 1) {
                    log_gc0 = logarithm;
                } else if (t == 2) {
                    log_product_c = logarithm;
                } else if (t == 3) {
                    log_gd0 = logarithm;
                } else {
                    log_product_d = logarithm;
                }
            }
            float64 lgamma_c = 0.0;
            {
                float64 inverse = 1.0 / gc0;
                float64 x2 = inverse * inverse;
                float64 series = fma(-1.3924322169059011, x2, 0.17964437236883057);
                series = fma(series, x2, -0.029550653594771242);
                series = fma(series, x2, 0.00641025641025641);
                series = fma(series, x2, -0.0019175269175269176);
                series = fma(series, x2, 0.0008417508417508417);
                series = fma(series, x2, -0.0005952380952380953);
                series = fma(series, x2, 0.0007936507936507937);
                series = fma(series, x2, -0.002777777777777778);
                series = fma(series, x2, 0.08333333333333333);
                lgamma_c = series / gc0 + 0.9189385332046727 + fma(gc0 - 0.5, log_gc0, 0.0 - gc0) - log_product_c;
                if (gc == 1.0 || gc == 2.0) {
                    lgamma_c = 0.0;
                }
            }
            float64 lgamma_d = 0.0;
            {
                float64 inverse = 1.0 / gd0;
                float64 x2 = inverse * inverse;
                float64 series = fma(-1.3924322169059011, x2, 0.17964437236883057);
                series = fma(series, x2, -0.029550653594771242);
                series = fma(series, x2, 0.00641025641025641);
                series = fma(series, x2, -0.0019175269175269176);
                series = fma(series, x2, 0.0008417508417508417);
                series = fma(series, x2, -0.0005952380952380953);
                series = fma(series, x2, 0.0007936507936507937);
                series = fma(series, x2, -0.002777777777777778);
                series = fma(series, x2, 0.08333333333333333);
                lgamma_d = series / gd0 + 0.9189385332046727 + fma(gd0 - 0.5, log_gd0, 0.0 - gd0) - log_product_d;
                if (gd == 1.0 || gd == 2.0) {
                    lgamma_d = 0.0;
                }
            }
            float64 logf = fma(kf - m, logr, logfm - lgamma_c - lgamma_d);
            if (log_v <= logf) {
                k = (int64)kf;
                break;
            }
        }
    }
    y[element] = p <= 0.5 ? k : trials - k;
}

// choice with probabilities, and poisson below lam 1000 over Poisson's table (poisson_table.h):
// the first index whose cumulative probability exceeds u, u uniform on [0, 1) from words 0 and 1
// of block (offset + element, 0, 0); cdf's last entry is 1.
kernel choice_by_cdf(int64[] y, float64[] cdf, uint64 key, uint64 offset) {
    int64 n = y.size;
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= n) {
        return;
    }
    uint64 counter = offset + (uint64)element;
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
    float64 u = ((float64)(int32)(x0 >> 5) * 67108864.0 + (float64)(int32)(x1 >> 6)) * 1.1102230246251565e-16;
    int64 low = 0;
    int64 high = cdf.size - 1;
    while (low < high) {
        int64 middle = (low + high) / 2;
        if (cdf[middle] > u) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    y[element] = low;
}

// out = source indexed by `index` along one axis: source is (outer, source_length, inner) and out
// (outer, out_length, inner), both C-contiguous; out[o, j, k] = source[o, index[j], k].
// permutation, shuffle and choice gather with it.
kernel take_along<T>(T[] source, int64[] index, T[] out, int64 source_length, int64 out_length,
                     int64 inner) {
    int64 element = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (element >= out.size) {
        return;
    }
    int64 k = element % inner;
    int64 rest = element / inner;
    int64 j = rest % out_length;
    int64 o = rest / out_length;
    out[element] = source[(o * source_length + index[j]) * inner + k];
}
