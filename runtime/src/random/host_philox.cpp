// The host's vector Philox (host_philox.h). AVX2 has a 32 x 32 -> 64-bit product only on the low
// halves of 64-bit lanes (_mm256_mul_epu32), which the compiler does not find from the plain
// loop, so that path is written with intrinsics: the words sit in the low halves of 64-bit lanes
// (the high halves carry garbage that the products ignore, masked at the end), two registers of
// four blocks each; with AVX-512 the same, eight blocks a register.
#include "host_philox.h"

#include "gpucc/cpu/isa.h"

#include <algorithm>
#include <immintrin.h>
#include <stdexcept>

namespace gpucc::random::detail {
namespace {

constexpr int kLanes = 8;
constexpr std::uint32_t kMultiplier0 = 0xD2511F53u;
constexpr std::uint32_t kMultiplier1 = 0xCD9E8D57u;
constexpr std::uint32_t kWeyl0 = 0x9E3779B9u;
constexpr std::uint32_t kWeyl1 = 0xBB67AE85u;

/// The four words of block (counter, 0, 0) for eight consecutive counters, x[j][l] word j of
/// counter first + l.
[[gnu::always_inline]] inline void philox8_plain(std::uint64_t seed, std::uint64_t first,
                                                 std::uint32_t x[4][kLanes]) {
    for (int l = 0; l < kLanes; ++l) {
        const std::uint64_t counter = first + static_cast<std::uint64_t>(l);
        x[0][l] = static_cast<std::uint32_t>(counter);
        x[1][l] = static_cast<std::uint32_t>(counter >> 32);
        x[2][l] = 0;
        x[3][l] = 0;
    }
    std::uint32_t k0 = static_cast<std::uint32_t>(seed);
    std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        for (int l = 0; l < kLanes; ++l) {
            const std::uint64_t p0 = std::uint64_t{x[0][l]} * kMultiplier0;
            const std::uint64_t p1 = std::uint64_t{x[2][l]} * kMultiplier1;
            const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x[1][l] ^ k0;
            const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x[3][l] ^ k1;
            x[1][l] = static_cast<std::uint32_t>(p1);
            x[3][l] = static_cast<std::uint32_t>(p0);
            x[0][l] = next0;
            x[2][l] = next2;
        }
        k0 += kWeyl0;
        k1 += kWeyl1;
    }
}

[[gnu::always_inline]] inline void keys_plain(std::uint64_t seed, std::uint64_t first,
                                              std::int64_t count, std::uint64_t* keys) {
    std::int64_t e = 0;
    for (; e + kLanes <= count; e += kLanes) {
        std::uint32_t x[4][kLanes];
        philox8_plain(seed, first + static_cast<std::uint64_t>(e), x);
        for (int l = 0; l < kLanes; ++l) {
            keys[e + l] = (std::uint64_t{x[1][l]} << 32) | x[0][l];
        }
    }
    for (; e < count; ++e) {
        std::uint32_t w[4];
        philox_block(seed, first + static_cast<std::uint64_t>(e), 0, 0, w);
        keys[e] = (std::uint64_t{w[1]} << 32) | w[0];
    }
}

[[gnu::always_inline]] inline void words_plain(std::uint64_t seed, std::uint64_t first,
                                               std::int64_t count, std::uint32_t* const words[4]) {
    std::int64_t e = 0;
    for (; e + kLanes <= count; e += kLanes) {
        std::uint32_t x[4][kLanes];
        philox8_plain(seed, first + static_cast<std::uint64_t>(e), x);
        for (int j = 0; j < 4; ++j) {
            for (int l = 0; l < kLanes; ++l) {
                words[j][e + l] = x[j][l];
            }
        }
    }
    for (; e < count; ++e) {
        std::uint32_t w[4];
        philox_block(seed, first + static_cast<std::uint64_t>(e), 0, 0, w);
        for (int j = 0; j < 4; ++j) {
            words[j][e] = w[j];
        }
    }
}

/// Eight blocks in two registers per word: x[j] holds word j of counters first .. first + 3 in
/// the low halves of its 64-bit lanes, x[4 + j] those of first + 4 .. first + 7.
[[gnu::target("avx2"), gnu::always_inline]] inline void
philox8_avx2(std::uint64_t seed, std::uint64_t first, __m256i x[8]) {
    const __m256i m0 = _mm256_set1_epi64x(kMultiplier0);
    const __m256i m1 = _mm256_set1_epi64x(kMultiplier1);
    const __m256i c0 = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(first)),
                                        _mm256_setr_epi64x(0, 1, 2, 3));
    const __m256i c1 = _mm256_add_epi64(c0, _mm256_set1_epi64x(4));
    __m256i a0 = c0;
    __m256i a1 = _mm256_srli_epi64(c0, 32);
    __m256i a2 = _mm256_setzero_si256();
    __m256i a3 = a2;
    __m256i b0 = c1;
    __m256i b1 = _mm256_srli_epi64(c1, 32);
    __m256i b2 = a2;
    __m256i b3 = a2;
    std::uint32_t k0 = static_cast<std::uint32_t>(seed);
    std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        const __m256i key0 = _mm256_set1_epi64x(k0);
        const __m256i key1 = _mm256_set1_epi64x(k1);
        const __m256i pa0 = _mm256_mul_epu32(a0, m0);
        const __m256i pa1 = _mm256_mul_epu32(a2, m1);
        const __m256i pb0 = _mm256_mul_epu32(b0, m0);
        const __m256i pb1 = _mm256_mul_epu32(b2, m1);
        a0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(pa1, 32), a1), key0);
        a2 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(pa0, 32), a3), key1);
        a1 = pa1;
        a3 = pa0;
        b0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(pb1, 32), b1), key0);
        b2 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(pb0, 32), b3), key1);
        b1 = pb1;
        b3 = pb0;
        k0 += kWeyl0;
        k1 += kWeyl1;
    }
    x[0] = a0;
    x[1] = a1;
    x[2] = a2;
    x[3] = a3;
    x[4] = b0;
    x[5] = b1;
    x[6] = b2;
    x[7] = b3;
}

[[gnu::target("avx2")]] void keys_avx2(std::uint64_t seed, std::uint64_t first, std::int64_t count,
                                       std::uint64_t* keys) {
    const __m256i low_half = _mm256_set1_epi64x(0xFFFFFFFFu);
    std::int64_t e = 0;
    for (; e + kLanes <= count; e += kLanes) {
        __m256i x[8];
        philox8_avx2(seed, first + static_cast<std::uint64_t>(e), x);
        _mm256_storeu_si256(
            reinterpret_cast<__m256i*>(keys + e),
            _mm256_or_si256(_mm256_slli_epi64(x[1], 32), _mm256_and_si256(x[0], low_half)));
        _mm256_storeu_si256(
            reinterpret_cast<__m256i*>(keys + e + 4),
            _mm256_or_si256(_mm256_slli_epi64(x[5], 32), _mm256_and_si256(x[4], low_half)));
    }
    keys_plain(seed, first + static_cast<std::uint64_t>(e), count - e, keys + e);
}

[[gnu::target("avx2")]] void words_avx2(std::uint64_t seed, std::uint64_t first, std::int64_t count,
                                        std::uint32_t* const words[4]) {
    // The low halves of four 64-bit lanes into the low 128 bits.
    const __m256i gather_low = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    std::int64_t e = 0;
    for (; e + kLanes <= count; e += kLanes) {
        __m256i x[8];
        philox8_avx2(seed, first + static_cast<std::uint64_t>(e), x);
        for (int j = 0; j < 4; ++j) {
            _mm_storeu_si128(reinterpret_cast<__m128i*>(words[j] + e),
                             _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x[j], gather_low)));
            _mm_storeu_si128(
                reinterpret_cast<__m128i*>(words[j] + e + 4),
                _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x[4 + j], gather_low)));
        }
    }
    std::uint32_t* const rest[4] = {words[0] + e, words[1] + e, words[2] + e, words[3] + e};
    words_plain(seed, first + static_cast<std::uint64_t>(e), count - e, rest);
}

// GCC 12's AVX-512 intrinsics start from a deliberately self-initialised register
// (_mm512_undefined_epi32), which -Wmaybe-uninitialized reports at every use.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
/// As philox8_avx2 with AVX-512's eight 64-bit lanes: sixteen blocks, x[j] word j of counters
/// first .. first + 7, x[4 + j] those of first + 8 .. first + 15.
[[gnu::target("avx512f"), gnu::always_inline]] inline void
philox16_avx512(std::uint64_t seed, std::uint64_t first, __m512i x[8]) {
    const __m512i m0 = _mm512_set1_epi64(kMultiplier0);
    const __m512i m1 = _mm512_set1_epi64(kMultiplier1);
    const __m512i c0 = _mm512_add_epi64(_mm512_set1_epi64(static_cast<long long>(first)),
                                        _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
    const __m512i c1 = _mm512_add_epi64(c0, _mm512_set1_epi64(8));
    __m512i a0 = c0;
    __m512i a1 = _mm512_srli_epi64(c0, 32);
    __m512i a2 = _mm512_setzero_si512();
    __m512i a3 = a2;
    __m512i b0 = c1;
    __m512i b1 = _mm512_srli_epi64(c1, 32);
    __m512i b2 = a2;
    __m512i b3 = a2;
    std::uint32_t k0 = static_cast<std::uint32_t>(seed);
    std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        const __m512i key0 = _mm512_set1_epi64(k0);
        const __m512i key1 = _mm512_set1_epi64(k1);
        const __m512i pa0 = _mm512_mul_epu32(a0, m0);
        const __m512i pa1 = _mm512_mul_epu32(a2, m1);
        const __m512i pb0 = _mm512_mul_epu32(b0, m0);
        const __m512i pb1 = _mm512_mul_epu32(b2, m1);
        a0 = _mm512_xor_si512(_mm512_xor_si512(_mm512_srli_epi64(pa1, 32), a1), key0);
        a2 = _mm512_xor_si512(_mm512_xor_si512(_mm512_srli_epi64(pa0, 32), a3), key1);
        a1 = pa1;
        a3 = pa0;
        b0 = _mm512_xor_si512(_mm512_xor_si512(_mm512_srli_epi64(pb1, 32), b1), key0);
        b2 = _mm512_xor_si512(_mm512_xor_si512(_mm512_srli_epi64(pb0, 32), b3), key1);
        b1 = pb1;
        b3 = pb0;
        k0 += kWeyl0;
        k1 += kWeyl1;
    }
    x[0] = a0;
    x[1] = a1;
    x[2] = a2;
    x[3] = a3;
    x[4] = b0;
    x[5] = b1;
    x[6] = b2;
    x[7] = b3;
}

[[gnu::target("avx512f")]] void keys_avx512(std::uint64_t seed, std::uint64_t first,
                                            std::int64_t count, std::uint64_t* keys) {
    std::int64_t e = 0;
    for (; e + 16 <= count; e += 16) {
        __m512i x[8];
        philox16_avx512(seed, first + static_cast<std::uint64_t>(e), x);
        // (w1 << 32) | w0: the shift drops w1's garbage high half, the 32-bit narrowing w0's.
        for (int half = 0; half < 2; ++half) {
            const __m512i low = _mm512_cvtepu32_epi64(_mm512_cvtepi64_epi32(x[4 * half]));
            _mm512_storeu_si512(keys + e + 8 * half,
                                _mm512_or_si512(_mm512_slli_epi64(x[4 * half + 1], 32), low));
        }
    }
    keys_plain(seed, first + static_cast<std::uint64_t>(e), count - e, keys + e);
}

[[gnu::target("avx512f")]] void words_avx512(std::uint64_t seed, std::uint64_t first,
                                             std::int64_t count, std::uint32_t* const words[4]) {
    std::int64_t e = 0;
    for (; e + 16 <= count; e += 16) {
        __m512i x[8];
        philox16_avx512(seed, first + static_cast<std::uint64_t>(e), x);
        for (int j = 0; j < 4; ++j) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(words[j] + e),
                                _mm512_cvtepi64_epi32(x[j]));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(words[j] + e + 8),
                                _mm512_cvtepi64_epi32(x[4 + j]));
        }
    }
    std::uint32_t* const rest[4] = {words[0] + e, words[1] + e, words[2] + e, words[3] + e};
    words_plain(seed, first + static_cast<std::uint64_t>(e), count - e, rest);
}

#pragma GCC diagnostic pop

void keys_baseline(std::uint64_t seed, std::uint64_t first, std::int64_t count,
                   std::uint64_t* keys) {
    keys_plain(seed, first, count, keys);
}

void words_baseline(std::uint64_t seed, std::uint64_t first, std::int64_t count,
                    std::uint32_t* const words[4]) {
    words_plain(seed, first, count, words);
}

void require(PhiloxIsa isa) {
    if (!philox_isa_supported(isa)) {
        throw std::invalid_argument("random: this CPU lacks the vector Philox asked for");
    }
}

} // namespace

bool philox_isa_supported(PhiloxIsa isa) {
    switch (isa) {
    case PhiloxIsa::Avx512:
        return __builtin_cpu_supports("avx512f");
    case PhiloxIsa::Avx2:
        return __builtin_cpu_supports("avx2");
    default:
        return true;
    }
}

PhiloxIsa philox_isa() {
    if (host_isa() != HostIsa::X86_64_V3) {
        return PhiloxIsa::Baseline;
    }
    static const PhiloxIsa widest =
        philox_isa_supported(PhiloxIsa::Avx512) ? PhiloxIsa::Avx512 : PhiloxIsa::Avx2;
    return widest;
}

void philox_keys(PhiloxIsa isa, std::uint64_t seed, std::uint64_t first, std::int64_t count,
                 std::uint64_t* keys) {
    require(isa);
    switch (isa) {
    case PhiloxIsa::Avx512:
        keys_avx512(seed, first, count, keys);
        break;
    case PhiloxIsa::Avx2:
        keys_avx2(seed, first, count, keys);
        break;
    default:
        keys_baseline(seed, first, count, keys);
    }
}

void philox_words(PhiloxIsa isa, std::uint64_t seed, std::uint64_t first, std::int64_t count,
                  std::uint32_t* const words[4]) {
    require(isa);
    switch (isa) {
    case PhiloxIsa::Avx512:
        words_avx512(seed, first, count, words);
        break;
    case PhiloxIsa::Avx2:
        words_avx2(seed, first, count, words);
        break;
    default:
        words_baseline(seed, first, count, words);
    }
}

void philox_block(std::uint64_t seed, std::uint64_t counter, std::uint32_t word2,
                  std::uint32_t word3, std::uint32_t out[4]) {
    std::uint32_t x0 = static_cast<std::uint32_t>(counter);
    std::uint32_t x1 = static_cast<std::uint32_t>(counter >> 32);
    std::uint32_t x2 = word2;
    std::uint32_t x3 = word3;
    std::uint32_t k0 = static_cast<std::uint32_t>(seed);
    std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        const std::uint64_t p0 = std::uint64_t{x0} * kMultiplier0;
        const std::uint64_t p1 = std::uint64_t{x2} * kMultiplier1;
        const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1 ^ k0;
        const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3 ^ k1;
        x1 = static_cast<std::uint32_t>(p1);
        x3 = static_cast<std::uint32_t>(p0);
        x0 = next0;
        x2 = next2;
        k0 += kWeyl0;
        k1 += kWeyl1;
    }
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

} // namespace gpucc::random::detail
