// The Feistel choice's definition and its CPU evaluation (feistel_choice.h). The vector paths hold
// one value per 64-bit lane, as host_philox.cpp does: the round's product is the 32 x 32 -> 64-bit
// multiply of the lanes' low halves (_mm512_mul_epu32 / _mm256_mul_epu32), two registers at a
// time. Where 2^b = n one step gives every value; otherwise values walk: AVX-512 keeps a list of
// the values still out of range (walk_avx512), AVX2 lanes that each take the next element when
// theirs is done (range_walking).
#include "feistel_choice.h"

#include "cpu/thread_pool.h"
#include "host_philox.h"

#include <immintrin.h>
#include <stdexcept>

namespace gpucc::random::detail {
namespace {

constexpr std::uint32_t kMultiplier = 0xD2511F53u;
/// Elements per chunk of the host pool.
constexpr std::int64_t kChunk = 16384;

struct Draw {
    const FeistelChoice* key;
    std::int64_t* y;
    PhiloxIsa isa;
};

void range_baseline(const FeistelChoice& key, std::int64_t begin, std::int64_t end,
                    std::int64_t* y) {
    for (std::int64_t j = begin; j < end; ++j) {
        y[j] = feistel_choice_element(key, j);
    }
}

/// Whether 2^b = n: then every value of the network is in range, no walk.
bool covers_exactly(const FeistelChoice& key) {
    return (std::uint64_t{1} << (key.high_bits + key.low_bits)) ==
           static_cast<std::uint64_t>(key.n);
}

/// The elements begin .. end-1 where the network's values can fall outside range(n) (2^b > n),
/// kLanes walks at a time: each lane holds an element and its current value; after each step of
/// the network over all lanes (`step`, the vector path's), a lane whose value is below n stores
/// it and takes the next element, so the lanes keep working while one walks long (waiting for
/// the longest of the lanes' walks costs several times the mean number of steps).
/// (A function of the baseline level: `step`, of the vector level, is called, not inlined.)
template <int kLanes, void (*step)(const FeistelChoice&, std::uint64_t*)>
void range_walking(const FeistelChoice& key, std::int64_t begin, std::int64_t end,
                   std::int64_t* y) {
    alignas(64) std::uint64_t value[kLanes];
    std::int64_t element[kLanes];
    const std::uint64_t n = static_cast<std::uint64_t>(key.n);
    std::int64_t next = begin;
    int live = 0;
    for (int l = 0; l < kLanes; ++l) {
        element[l] = next < end ? next++ : -1;
        value[l] = element[l] < 0 ? 0 : static_cast<std::uint64_t>(element[l]);
        live += element[l] < 0 ? 0 : 1;
    }
    while (live > 0) {
        step(key, value);
        for (int l = 0; l < kLanes; ++l) {
            if (element[l] < 0 || value[l] >= n) {
                continue;
            }
            std::uint64_t x = value[l];
            if (key.swap_zero_one && x < 2) {
                x ^= 1;
            }
            y[element[l]] = static_cast<std::int64_t>(x);
            if (next < end) {
                element[l] = next;
                value[l] = static_cast<std::uint64_t>(next++);
            } else {
                element[l] = -1;
                --live;
            }
        }
    }
}

// GCC 12's AVX-512 intrinsics start from a deliberately self-initialised register
// (_mm512_undefined_epi32), which -Wmaybe-uninitialized and -Wuninitialized report at every use.
#pragma GCC diagnostic push
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"

/// f(v) & mask for one register: the round's hash of the half v, added (xor) to the other half.
[[gnu::target("avx512f"), gnu::always_inline]] inline __m512i
round_avx512(__m512i v, __m512i round_key, __m512i multiplier, __m512i mask) {
    const __m512i p = _mm512_mul_epu32(_mm512_xor_si512(v, round_key), multiplier);
    return _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64(p, 32), p), mask);
}

/// The network on two registers of eight values.
[[gnu::target("avx512f"), gnu::always_inline]] inline void network_avx512(const FeistelChoice& key,
                                                                          __m512i& a, __m512i& b) {
    const __m128i shift = _mm_cvtsi32_si128(key.low_bits);
    const __m512i low_mask = _mm512_set1_epi64(static_cast<long long>((1ull << key.low_bits) - 1));
    const __m512i high_mask =
        _mm512_set1_epi64(static_cast<long long>((1ull << key.high_bits) - 1));
    const __m512i multiplier = _mm512_set1_epi64(kMultiplier);
    __m512i la = _mm512_srl_epi64(a, shift);
    __m512i ra = _mm512_and_si512(a, low_mask);
    __m512i lb = _mm512_srl_epi64(b, shift);
    __m512i rb = _mm512_and_si512(b, low_mask);
    for (int r = 0; r < kFeistelRounds; r += 2) {
        const __m512i even_key = _mm512_set1_epi64(key.round_keys[r]);
        la = _mm512_xor_si512(la, round_avx512(ra, even_key, multiplier, high_mask));
        lb = _mm512_xor_si512(lb, round_avx512(rb, even_key, multiplier, high_mask));
        const __m512i odd_key = _mm512_set1_epi64(key.round_keys[r + 1]);
        ra = _mm512_xor_si512(ra, round_avx512(la, odd_key, multiplier, low_mask));
        rb = _mm512_xor_si512(rb, round_avx512(lb, odd_key, multiplier, low_mask));
    }
    a = _mm512_or_si512(_mm512_sll_epi64(la, shift), ra);
    b = _mm512_or_si512(_mm512_sll_epi64(lb, shift), rb);
}

/// range_walking's job for AVX-512, in batches of kWalkBatch elements: one step over the batch's
/// consecutive elements stores every value (masked stores), and the lanes whose value is not yet
/// in range also go, compressed, to a list of (element, value) pairs; then steps over that list
/// scatter the values that reached range(n) to their elements and compress the others to the
/// list's front, until it is empty. Every step works on whole registers of pending values.
constexpr std::int64_t kWalkBatch = 1024;

/// Stores the lanes of `value` under `done` (finished: 0 and 1 exchanged if the key says so) at
/// y[element] (kConsecutive: the elements are consecutive from the first lane's, a masked store;
/// otherwise a masked scatter), and appends those under `pending` to the list at `count` (a
/// pending value is >= n > 1, so the exchange leaves it).
template <bool kConsecutive>
[[gnu::target("avx512f"), gnu::always_inline]] inline void
settle_avx512(const FeistelChoice& key, __m512i element, __m512i value, __mmask8 done,
              __mmask8 pending, std::int64_t* y, std::int64_t* list_element,
              std::uint64_t* list_value, std::int64_t& count) {
    if (key.swap_zero_one) {
        value = _mm512_mask_xor_epi64(value, _mm512_cmplt_epu64_mask(value, _mm512_set1_epi64(2)),
                                      value, _mm512_set1_epi64(1));
    }
    if constexpr (kConsecutive) {
        _mm512_mask_storeu_epi64(y + _mm_cvtsi128_si64(_mm512_castsi512_si128(element)), done,
                                 value);
    } else {
        _mm512_mask_i64scatter_epi64(y, done, element, value, 8);
    }
    _mm512_storeu_si512(list_element + count, _mm512_maskz_compress_epi64(pending, element));
    _mm512_storeu_si512(list_value + count, _mm512_maskz_compress_epi64(pending, value));
    count += __builtin_popcount(pending);
}

[[gnu::target("avx512f")]] void walk_avx512(const FeistelChoice& key, std::int64_t begin,
                                            std::int64_t end, std::int64_t* y) {
    // 16 entries of room past the list: a whole register is stored at its end.
    alignas(64) std::int64_t list_element[kWalkBatch + 16];
    alignas(64) std::uint64_t list_value[kWalkBatch + 16];
    const __m512i n = _mm512_set1_epi64(key.n);
    const __m512i lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i eight = _mm512_set1_epi64(8);
    for (std::int64_t start = begin; start < end; start += kWalkBatch) {
        const std::int64_t stop = end - start < kWalkBatch ? end : start + kWalkBatch;
        const __m512i last = _mm512_set1_epi64(stop);
        std::int64_t count = 0;
        for (std::int64_t j = start; j < stop; j += 16) {
            const __m512i element_a = _mm512_add_epi64(_mm512_set1_epi64(j), lanes);
            const __m512i element_b = _mm512_add_epi64(element_a, eight);
            const __mmask8 in_a = _mm512_cmplt_epi64_mask(element_a, last);
            const __mmask8 in_b = _mm512_cmplt_epi64_mask(element_b, last);
            __m512i a = element_a;
            __m512i b = element_b;
            network_avx512(key, a, b);
            const __mmask8 done_a = _mm512_mask_cmplt_epu64_mask(in_a, a, n);
            const __mmask8 done_b = _mm512_mask_cmplt_epu64_mask(in_b, b, n);
            settle_avx512<true>(key, element_a, a, done_a, static_cast<__mmask8>(in_a & ~done_a), y,
                                list_element, list_value, count);
            settle_avx512<true>(key, element_b, b, done_b, static_cast<__mmask8>(in_b & ~done_b), y,
                                list_element, list_value, count);
        }
        while (count > 0) {
            // The list is rewritten in place: its front never passes the entries not yet read.
            const __m512i length = _mm512_set1_epi64(count);
            std::int64_t kept = 0;
            for (std::int64_t i = 0; i < count; i += 16) {
                const __m512i index_a = _mm512_add_epi64(_mm512_set1_epi64(i), lanes);
                const __mmask8 in_a = _mm512_cmplt_epi64_mask(index_a, length);
                const __mmask8 in_b =
                    _mm512_cmplt_epi64_mask(_mm512_add_epi64(index_a, eight), length);
                const __m512i element_a = _mm512_maskz_loadu_epi64(in_a, list_element + i);
                const __m512i element_b = _mm512_maskz_loadu_epi64(in_b, list_element + i + 8);
                __m512i a = _mm512_maskz_loadu_epi64(in_a, list_value + i);
                __m512i b = _mm512_maskz_loadu_epi64(in_b, list_value + i + 8);
                network_avx512(key, a, b);
                const __mmask8 done_a = _mm512_mask_cmplt_epu64_mask(in_a, a, n);
                const __mmask8 done_b = _mm512_mask_cmplt_epu64_mask(in_b, b, n);
                settle_avx512<false>(key, element_a, a, done_a,
                                     static_cast<__mmask8>(in_a & ~done_a), y, list_element,
                                     list_value, kept);
                settle_avx512<false>(key, element_b, b, done_b,
                                     static_cast<__mmask8>(in_b & ~done_b), y, list_element,
                                     list_value, kept);
            }
            count = kept;
        }
    }
}

[[gnu::target("avx512f")]] void range_avx512(const FeistelChoice& key, std::int64_t begin,
                                             std::int64_t end, std::int64_t* y) {
    if (!covers_exactly(key)) {
        walk_avx512(key, begin, end, y);
        return;
    }
    // 2^b = n: every value is in range after one step.
    const __m512i two = _mm512_set1_epi64(2);
    const __m512i one = _mm512_set1_epi64(1);
    const __m512i lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    std::int64_t j = begin;
    for (; j + 16 <= end; j += 16) {
        __m512i out_a = _mm512_add_epi64(_mm512_set1_epi64(j), lanes);
        __m512i out_b = _mm512_add_epi64(out_a, _mm512_set1_epi64(8));
        network_avx512(key, out_a, out_b);
        if (key.swap_zero_one) {
            out_a = _mm512_mask_xor_epi64(out_a, _mm512_cmplt_epu64_mask(out_a, two), out_a, one);
            out_b = _mm512_mask_xor_epi64(out_b, _mm512_cmplt_epu64_mask(out_b, two), out_b, one);
        }
        _mm512_storeu_si512(y + j, out_a);
        _mm512_storeu_si512(y + j + 8, out_b);
    }
    range_baseline(key, j, end, y);
}

#pragma GCC diagnostic pop

/// round_avx512 for four values.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i
round_avx2(__m256i v, __m256i round_key, __m256i multiplier, __m256i mask) {
    const __m256i p = _mm256_mul_epu32(_mm256_xor_si256(v, round_key), multiplier);
    return _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(p, 32), p), mask);
}

/// The network on two registers of four values.
[[gnu::target("avx2"), gnu::always_inline]] inline void network_avx2(const FeistelChoice& key,
                                                                     __m256i& a, __m256i& b) {
    const __m128i shift = _mm_cvtsi32_si128(key.low_bits);
    const __m256i low_mask = _mm256_set1_epi64x(static_cast<long long>((1ull << key.low_bits) - 1));
    const __m256i high_mask =
        _mm256_set1_epi64x(static_cast<long long>((1ull << key.high_bits) - 1));
    const __m256i multiplier = _mm256_set1_epi64x(kMultiplier);
    __m256i la = _mm256_srl_epi64(a, shift);
    __m256i ra = _mm256_and_si256(a, low_mask);
    __m256i lb = _mm256_srl_epi64(b, shift);
    __m256i rb = _mm256_and_si256(b, low_mask);
    for (int r = 0; r < kFeistelRounds; r += 2) {
        const __m256i even_key = _mm256_set1_epi64x(key.round_keys[r]);
        la = _mm256_xor_si256(la, round_avx2(ra, even_key, multiplier, high_mask));
        lb = _mm256_xor_si256(lb, round_avx2(rb, even_key, multiplier, high_mask));
        const __m256i odd_key = _mm256_set1_epi64x(key.round_keys[r + 1]);
        ra = _mm256_xor_si256(ra, round_avx2(la, odd_key, multiplier, low_mask));
        rb = _mm256_xor_si256(rb, round_avx2(lb, odd_key, multiplier, low_mask));
    }
    a = _mm256_or_si256(_mm256_sll_epi64(la, shift), ra);
    b = _mm256_or_si256(_mm256_sll_epi64(lb, shift), rb);
}

/// One step of range_walking's eight lanes.
[[gnu::target("avx2")]] void step_avx2(const FeistelChoice& key, std::uint64_t* value) {
    __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(value));
    __m256i b = _mm256_load_si256(reinterpret_cast<const __m256i*>(value + 4));
    network_avx2(key, a, b);
    _mm256_store_si256(reinterpret_cast<__m256i*>(value), a);
    _mm256_store_si256(reinterpret_cast<__m256i*>(value + 4), b);
}

/// Lanes of `x` below `n_biased` (n with its sign bit flipped): AVX2 compares signed only.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i below_avx2(__m256i x, __m256i n_biased) {
    const __m256i sign = _mm256_set1_epi64x(static_cast<long long>(1ull << 63));
    return _mm256_cmpgt_epi64(n_biased, _mm256_xor_si256(x, sign));
}

[[gnu::target("avx2")]] void range_avx2(const FeistelChoice& key, std::int64_t begin,
                                        std::int64_t end, std::int64_t* y) {
    if (!covers_exactly(key)) {
        range_walking<8, step_avx2>(key, begin, end, y);
        return;
    }
    // 2^b = n: every value is in range after one step.
    const __m256i sign = _mm256_set1_epi64x(static_cast<long long>(1ull << 63));
    const __m256i two_biased = _mm256_xor_si256(_mm256_set1_epi64x(2), sign);
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i lanes = _mm256_setr_epi64x(0, 1, 2, 3);
    std::int64_t j = begin;
    for (; j + 8 <= end; j += 8) {
        __m256i out_a = _mm256_add_epi64(_mm256_set1_epi64x(j), lanes);
        __m256i out_b = _mm256_add_epi64(out_a, _mm256_set1_epi64x(4));
        network_avx2(key, out_a, out_b);
        if (key.swap_zero_one) {
            out_a = _mm256_xor_si256(out_a, _mm256_and_si256(below_avx2(out_a, two_biased), one));
            out_b = _mm256_xor_si256(out_b, _mm256_and_si256(below_avx2(out_b, two_biased), one));
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + j), out_a);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + j + 4), out_b);
    }
    range_baseline(key, j, end, y);
}

void fill_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    switch (draw.isa) {
    case PhiloxIsa::Avx512:
        range_avx512(*draw.key, begin, end, draw.y);
        break;
    case PhiloxIsa::Avx2:
        range_avx2(*draw.key, begin, end, draw.y);
        break;
    default:
        range_baseline(*draw.key, begin, end, draw.y);
    }
}

} // namespace

FeistelChoice feistel_choice_key(std::uint64_t seed, std::uint64_t first, std::int64_t n) {
    FeistelChoice key;
    key.n = n;
    int bits = 1;
    while ((std::uint64_t{1} << bits) < static_cast<std::uint64_t>(n)) {
        ++bits;
    }
    key.high_bits = bits / 2;
    key.low_bits = bits - key.high_bits;
    std::uint32_t words[kFeistelCounters][4];
    for (std::uint64_t c = 0; c < kFeistelCounters; ++c) {
        philox_block(seed, first + c, 0, 0, words[c]);
    }
    for (int r = 0; r < kFeistelRounds; ++r) {
        key.round_keys[r] = words[r / 4][r % 4];
    }
    key.swap_zero_one = (words[3][0] & 1u) != 0;
    return key;
}

std::uint64_t feistel_network(const FeistelChoice& key, std::uint64_t x) {
    const std::uint64_t low_mask = (std::uint64_t{1} << key.low_bits) - 1;
    const std::uint64_t high_mask = (std::uint64_t{1} << key.high_bits) - 1;
    const auto f = [&](std::uint64_t v, std::uint32_t round_key) {
        const std::uint64_t p =
            std::uint64_t{static_cast<std::uint32_t>(v) ^ round_key} * kMultiplier;
        return (p >> 32) ^ p;
    };
    std::uint64_t left = x >> key.low_bits;
    std::uint64_t right = x & low_mask;
    for (int r = 0; r < kFeistelRounds; r += 2) {
        left ^= f(right, key.round_keys[r]) & high_mask;
        right ^= f(left, key.round_keys[r + 1]) & low_mask;
    }
    return (left << key.low_bits) | right;
}

std::int64_t feistel_choice_element(const FeistelChoice& key, std::int64_t j) {
    std::uint64_t x = static_cast<std::uint64_t>(j);
    do {
        x = feistel_network(key, x);
    } while (x >= static_cast<std::uint64_t>(key.n));
    if (key.swap_zero_one && x < 2) {
        x ^= 1;
    }
    return static_cast<std::int64_t>(x);
}

void host_feistel_choice(const FeistelChoice& key, std::int64_t* y, std::int64_t k) {
    host_feistel_choice(key, y, k, philox_isa());
}

void host_feistel_choice(const FeistelChoice& key, std::int64_t* y, std::int64_t k, PhiloxIsa isa) {
    if (!philox_isa_supported(isa)) {
        throw std::invalid_argument("random: this CPU lacks the vector instructions asked for");
    }
    Draw draw{&key, y, isa};
    gpucc::detail::ThreadPool::instance().parallel_for(k, kChunk, fill_chunk, &draw);
}

} // namespace gpucc::random::detail
