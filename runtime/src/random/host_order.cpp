// The host's own ordering of the permutation keys (host_order.h): Philox keys eight lanes at a
// time (vectorised by the compiler, AVX2 where the host kernels use it), counting passes whose
// buckets fit the caches, and an insertion sort of the few keys each bucket holds. Every pass
// keeps the (key, index) order exact, so the result is counting_sort_order's, bit for bit.
#include "host_order.h"

#include "cpu/thread_pool.h"
#include "gpucc/cpu/isa.h"

#include <algorithm>
#include <atomic>
#include <immintrin.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpucc::random::detail {
namespace {

using Index = std::uint32_t;

/// Keys generated per step of the vector loop.
constexpr int kLanes = 8;
/// Up to this many keys: one counting pass on the calling thread (a pool launch would cost more
/// than it saves; above, the one pass's counts and copies outgrow the L1 and L2 caches).
constexpr std::int64_t kOneLevelMax = std::int64_t{1} << 12;
/// Above: a first pass to 2^kCoarseBits buckets by the top bits (few enough write streams for
/// the caches to combine), each then ordered on its own.
constexpr int kCoarseBits = 8;
constexpr std::int64_t kCoarseBuckets = std::int64_t{1} << kCoarseBits;
/// Keys per step of the first pass: made, then counted while they are in the L1 cache.
constexpr std::int64_t kKeyStep = 2048;

/// Philox4x32-10 of block counter `counter` (words 2 and 3 zero) under `seed`, as
/// kernels/permutation.dsl's bucket_keys: the key (w1 << 32) | w0.
std::uint64_t philox_key(std::uint64_t seed, std::uint64_t counter) {
    std::uint32_t x0 = static_cast<std::uint32_t>(counter);
    std::uint32_t x1 = static_cast<std::uint32_t>(counter >> 32);
    std::uint32_t x2 = 0;
    std::uint32_t x3 = 0;
    std::uint32_t k0 = static_cast<std::uint32_t>(seed);
    std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        const std::uint64_t p0 = std::uint64_t{x0} * 0xD2511F53u;
        const std::uint64_t p1 = std::uint64_t{x2} * 0xCD9E8D57u;
        const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1 ^ k0;
        const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3 ^ k1;
        x1 = static_cast<std::uint32_t>(p1);
        x3 = static_cast<std::uint32_t>(p0);
        x0 = next0;
        x2 = next2;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return (std::uint64_t{x1} << 32) | x0;
}

/// keys[e] = philox_key(seed, first + e) for e < count, kLanes independent blocks per step so that
/// the compiler keeps them in vector registers.
[[gnu::always_inline]] inline void make_keys_body(std::uint64_t seed, std::uint64_t first,
                                                  std::int64_t count, std::uint64_t* keys) {
    std::int64_t e = 0;
    for (; e + kLanes <= count; e += kLanes) {
        std::uint32_t x0[kLanes];
        std::uint32_t x1[kLanes];
        std::uint32_t x2[kLanes];
        std::uint32_t x3[kLanes];
        for (int l = 0; l < kLanes; ++l) {
            const std::uint64_t counter = first + static_cast<std::uint64_t>(e + l);
            x0[l] = static_cast<std::uint32_t>(counter);
            x1[l] = static_cast<std::uint32_t>(counter >> 32);
            x2[l] = 0;
            x3[l] = 0;
        }
        std::uint32_t k0 = static_cast<std::uint32_t>(seed);
        std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
        for (int round = 0; round < 10; ++round) {
            for (int l = 0; l < kLanes; ++l) {
                const std::uint64_t p0 = std::uint64_t{x0[l]} * 0xD2511F53u;
                const std::uint64_t p1 = std::uint64_t{x2[l]} * 0xCD9E8D57u;
                const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1[l] ^ k0;
                const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3[l] ^ k1;
                x1[l] = static_cast<std::uint32_t>(p1);
                x3[l] = static_cast<std::uint32_t>(p0);
                x0[l] = next0;
                x2[l] = next2;
            }
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        for (int l = 0; l < kLanes; ++l) {
            keys[e + l] = (std::uint64_t{x1[l]} << 32) | x0[l];
        }
    }
    for (; e < count; ++e) {
        keys[e] = philox_key(seed, first + static_cast<std::uint64_t>(e));
    }
}

/// AVX2 has no vector 32 x 32 -> 64-bit product of packed 32-bit lanes that the compiler finds
/// here, so the rounds are written out: 64-bit lanes whose low halves hold the words
/// (_mm256_mul_epu32 reads only those; the high halves carry garbage until the final mask), two
/// registers of four blocks each.
[[gnu::target("avx2")]] void make_keys_avx2(std::uint64_t seed, std::uint64_t first,
                                            std::int64_t count, std::uint64_t* keys) {
    const __m256i m0 = _mm256_set1_epi64x(0xD2511F53u);
    const __m256i m1 = _mm256_set1_epi64x(0xCD9E8D57u);
    const __m256i low_half = _mm256_set1_epi64x(0xFFFFFFFFu);
    std::int64_t e = 0;
    for (; e + 8 <= count; e += 8) {
        const __m256i c0 = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(first + e)),
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
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        _mm256_storeu_si256(
            reinterpret_cast<__m256i*>(keys + e),
            _mm256_or_si256(_mm256_slli_epi64(a1, 32), _mm256_and_si256(a0, low_half)));
        _mm256_storeu_si256(
            reinterpret_cast<__m256i*>(keys + e + 4),
            _mm256_or_si256(_mm256_slli_epi64(b1, 32), _mm256_and_si256(b0, low_half)));
    }
    for (; e < count; ++e) {
        keys[e] = philox_key(seed, first + static_cast<std::uint64_t>(e));
    }
}

/// Where the CPU has AVX-512 the compiler vectorises the plain loop well (vpmuludq on 8 lanes).
[[gnu::target("avx512f,avx512dq,avx512vl,avx512bw")]] void
make_keys_avx512(std::uint64_t seed, std::uint64_t first, std::int64_t count, std::uint64_t* keys) {
    make_keys_body(seed, first, count, keys);
}

void make_keys_baseline(std::uint64_t seed, std::uint64_t first, std::int64_t count,
                        std::uint64_t* keys) {
    make_keys_body(seed, first, count, keys);
}

using MakeKeys = void (*)(std::uint64_t, std::uint64_t, std::int64_t, std::uint64_t*);

MakeKeys maker_function(KeyMaker maker) {
    switch (maker) {
    case KeyMaker::Avx512:
        return make_keys_avx512;
    case KeyMaker::Avx2:
        return make_keys_avx2;
    default:
        return make_keys_baseline;
    }
}

/// The key maker for this CPU within the level host kernels run at (GPUCC_HOST_ISA=x86-64 keeps
/// the baseline); the same bits from each.
MakeKeys key_maker() {
    if (host_isa() != HostIsa::X86_64_V3) {
        return make_keys_baseline;
    }
    return maker_function(key_maker_supported(KeyMaker::Avx512) ? KeyMaker::Avx512
                                                                : KeyMaker::Avx2);
}

int floor_log2(std::int64_t m) {
    int log2m = 0;
    while ((std::int64_t{2} << log2m) <= m) {
        ++log2m;
    }
    return log2m;
}

/// Where one bucket's ordering works: room for its m keys and indices and 2m + 1 counts.
struct Scratch {
    std::uint64_t* keys;
    Index* indices;
    std::uint32_t* counts;
};

/// Writes the indices of m (key, index) pairs whose keys share their top `known_bits` bits to
/// out[0 .. m-1] in ascending (key, index) order: pair i is (keys[i], indices[i]), or
/// (keys[i], base + i) when `indices` is null. A counting pass on the next floor(log2 m) + 1 bits
/// (about half a pair per bucket, so that few neighbours need swapping and the insertion sort's
/// branch is predictable) into the scratch, then one insertion sort over it, whose pairs only
/// move within their bucket.
void order_bucket(const std::uint64_t* keys, const Index* indices, std::int64_t base,
                  std::int64_t m, int known_bits, const Scratch& scratch, std::int64_t* out) {
    std::uint64_t* sorted_keys = scratch.keys;
    Index* sorted_indices = scratch.indices;
    if (m < 32) {
        for (std::int64_t i = 0; i < m; ++i) {
            sorted_keys[i] = keys[i];
            sorted_indices[i] = indices != nullptr ? indices[i] : static_cast<Index>(base + i);
        }
    } else {
        const int bits = floor_log2(m) + 1;
        const int shift = 64 - bits;
        const std::int64_t buckets = std::int64_t{1} << bits;
        std::uint32_t* counts = scratch.counts;
        std::fill(counts, counts + buckets, 0u);
        for (std::int64_t i = 0; i < m; ++i) {
            ++counts[(keys[i] << known_bits) >> shift];
        }
        std::uint32_t running = 0;
        for (std::int64_t b = 0; b < buckets; ++b) {
            const std::uint32_t count = counts[b];
            counts[b] = running;
            running += count;
        }
        for (std::int64_t i = 0; i < m; ++i) {
            const std::uint64_t key = keys[i];
            const std::uint32_t slot = counts[(key << known_bits) >> shift]++;
            sorted_keys[slot] = key;
            sorted_indices[slot] = indices != nullptr ? indices[i] : static_cast<Index>(base + i);
        }
    }
    for (std::int64_t i = 1; i < m; ++i) {
        const std::uint64_t key = sorted_keys[i];
        const Index index = sorted_indices[i];
        std::int64_t j = i;
        while (j > 0 && (sorted_keys[j - 1] > key ||
                         (sorted_keys[j - 1] == key && sorted_indices[j - 1] > index))) {
            sorted_keys[j] = sorted_keys[j - 1];
            sorted_indices[j] = sorted_indices[j - 1];
            --j;
        }
        sorted_keys[j] = key;
        sorted_indices[j] = index;
    }
    for (std::int64_t i = 0; i < m; ++i) {
        out[i] = sorted_indices[i];
    }
}

/// Runs body(begin, end) over chunks of [0, n) on the host pool.
template <class Body>
void parallel_for(std::int64_t n, std::int64_t min_chunk, Body& body) {
    gpucc::detail::ThreadPool::instance().parallel_for(
        n, min_chunk,
        [](void* context, std::int64_t begin, std::int64_t end) {
            (*static_cast<Body*>(context))(begin, end);
        },
        &body);
}

template <class T>
std::unique_ptr<T[]> uninitialized(std::int64_t count) {
    return std::unique_ptr<T[]>(new T[static_cast<std::size_t>(count)]);
}

/// The order of n > kOneLevelMax keys: pass 1 makes the keys and counts them by their top
/// kCoarseBits bits, per chunk of the indices; pass 2 makes them again (cheaper than storing and
/// reading them back) and copies each (key, index) to its coarse bucket, chunk by chunk, so that
/// each bucket keeps index order; pass 3 orders each coarse bucket (order_bucket), each thread in
/// its own scratch, taking buckets from a shared counter.
void two_level_order(MakeKeys make_keys, std::uint64_t seed, std::uint64_t first, std::int64_t n,
                     std::int64_t* order) {
    const int threads = gpucc::detail::ThreadPool::instance().thread_count();
    const std::int64_t chunks = std::min<std::int64_t>(4 * threads, n / kKeyStep);
    const auto chunk_begin = [&](std::int64_t c) { return n * c / chunks; };
    std::vector<std::int64_t> cursors(static_cast<std::size_t>(chunks * kCoarseBuckets), 0);
    auto count_chunks = [&](std::int64_t begin, std::int64_t end) {
        std::uint64_t keys[kKeyStep];
        for (std::int64_t c = begin; c < end; ++c) {
            std::int64_t* counts = cursors.data() + c * kCoarseBuckets;
            for (std::int64_t e = chunk_begin(c); e < chunk_begin(c + 1); e += kKeyStep) {
                const std::int64_t count = std::min(kKeyStep, chunk_begin(c + 1) - e);
                make_keys(seed, first + static_cast<std::uint64_t>(e), count, keys);
                for (std::int64_t i = 0; i < count; ++i) {
                    ++counts[keys[i] >> (64 - kCoarseBits)];
                }
            }
        }
    };
    parallel_for(chunks, 1, count_chunks);
    // Bucket b's start, then chunk c's first slot in bucket b: the buckets in order, each the
    // chunks in order.
    std::vector<std::int64_t> starts(kCoarseBuckets + 1);
    std::int64_t running = 0;
    std::int64_t largest = 0;
    for (std::int64_t b = 0; b < kCoarseBuckets; ++b) {
        starts[static_cast<std::size_t>(b)] = running;
        for (std::int64_t c = 0; c < chunks; ++c) {
            std::int64_t& cursor = cursors[static_cast<std::size_t>(c * kCoarseBuckets + b)];
            const std::int64_t count = cursor;
            cursor = running;
            running += count;
        }
        largest = std::max(largest, running - starts[static_cast<std::size_t>(b)]);
    }
    starts[kCoarseBuckets] = running;
    const auto grouped_keys = uninitialized<std::uint64_t>(n);
    const auto grouped_indices = uninitialized<Index>(n);
    auto scatter_chunks = [&](std::int64_t begin, std::int64_t end) {
        std::uint64_t keys[kKeyStep];
        for (std::int64_t c = begin; c < end; ++c) {
            std::int64_t* slots = cursors.data() + c * kCoarseBuckets;
            for (std::int64_t e = chunk_begin(c); e < chunk_begin(c + 1); e += kKeyStep) {
                const std::int64_t count = std::min(kKeyStep, chunk_begin(c + 1) - e);
                make_keys(seed, first + static_cast<std::uint64_t>(e), count, keys);
                for (std::int64_t i = 0; i < count; ++i) {
                    const std::int64_t slot = slots[keys[i] >> (64 - kCoarseBits)]++;
                    grouped_keys[slot] = keys[i];
                    grouped_indices[slot] = static_cast<Index>(e + i);
                }
            }
        }
    };
    parallel_for(chunks, 1, scatter_chunks);
    const auto scratch_keys = uninitialized<std::uint64_t>(threads * largest);
    const auto scratch_indices = uninitialized<Index>(threads * largest);
    const auto scratch_counts = uninitialized<std::uint32_t>(threads * (2 * largest + 1));
    std::atomic<std::int64_t> next_bucket{0};
    auto order_buckets = [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t worker = begin; worker < end; ++worker) {
            const Scratch scratch{scratch_keys.get() + worker * largest,
                                  scratch_indices.get() + worker * largest,
                                  scratch_counts.get() + worker * (2 * largest + 1)};
            for (std::int64_t b = next_bucket++; b < kCoarseBuckets; b = next_bucket++) {
                const std::int64_t start = starts[static_cast<std::size_t>(b)];
                order_bucket(grouped_keys.get() + start, grouped_indices.get() + start, 0,
                             starts[static_cast<std::size_t>(b + 1)] - start, kCoarseBits, scratch,
                             order + start);
            }
        }
    };
    parallel_for(threads, 1, order_buckets);
}

} // namespace

bool key_maker_supported(KeyMaker maker) {
    switch (maker) {
    case KeyMaker::Avx512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
    case KeyMaker::Avx2:
        return __builtin_cpu_supports("avx2");
    default:
        return true;
    }
}

void make_permutation_keys(KeyMaker maker, std::uint64_t seed, std::uint64_t first,
                           std::int64_t count, std::uint64_t* keys) {
    if (!key_maker_supported(maker)) {
        throw std::invalid_argument(
            "make_permutation_keys: this CPU lacks the key maker asked for");
    }
    maker_function(maker)(seed, first, count, keys);
}

void host_random_order(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                       std::int64_t* order) {
    if (n < 0 || n > kHostOrderMaxSize) {
        throw std::invalid_argument("host_random_order: n must be in [0, 2^32], got " +
                                    std::to_string(n));
    }
    const MakeKeys make_keys = key_maker();
    if (n > kOneLevelMax) {
        two_level_order(make_keys, seed, first, n, order);
        return;
    }
    const auto keys = uninitialized<std::uint64_t>(n);
    const auto scratch_keys = uninitialized<std::uint64_t>(n);
    const auto scratch_indices = uninitialized<Index>(n);
    const auto scratch_counts = uninitialized<std::uint32_t>(2 * n + 1);
    make_keys(seed, first, n, keys.get());
    order_bucket(keys.get(), nullptr, 0, n, 0,
                 Scratch{scratch_keys.get(), scratch_indices.get(), scratch_counts.get()}, order);
}

} // namespace gpucc::random::detail
