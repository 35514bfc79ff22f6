// The host's own ordering of the permutation keys (host_order.h): the keys from the vector
// Philox (host_philox.h), counting passes whose
// buckets fit the caches, and an insertion sort of the few keys each bucket holds. Every pass
// keeps the (key, index) order exact, so the result is counting_sort_order's, bit for bit.
#include "host_order.h"

#include "cpu/thread_pool.h"
#include "host_philox.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpucc::random::detail {
namespace {

using Index = std::uint32_t;

/// Up to this many keys: one counting pass on the calling thread (a pool launch would cost more
/// than it saves; above, the one pass's counts and copies outgrow the L1 and L2 caches).
constexpr std::int64_t kOneLevelMax = std::int64_t{1} << 12;
/// Above: a first pass to 2^kCoarseBits buckets by the top bits (few enough write streams for
/// the caches to combine), each then ordered on its own.
constexpr int kCoarseBits = 8;
constexpr std::int64_t kCoarseBuckets = std::int64_t{1} << kCoarseBits;
/// Keys per step of the first pass: made, then counted while they are in the L1 cache.
constexpr std::int64_t kKeyStep = 2048;
/// The distance between the chunks' spare slots, where pairs that are not kept go: a cache line.
constexpr std::int64_t kSpareStride = 16;

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
/// out[0 .. min(m, limit) - 1] in ascending (key, index) order (the first `limit` of them): pair i
/// is (keys[i], indices[i]), or (keys[i], base + i) when `indices` is null. A counting pass on the
/// next floor(log2 m) + 1 bits (about half a pair per bucket, so that few neighbours need swapping
/// and the insertion sort's branch is predictable) into the scratch, then one insertion sort over
/// it, whose pairs only move within their bucket.
void order_bucket(const std::uint64_t* keys, const Index* indices, std::int64_t base,
                  std::int64_t m, std::int64_t limit, int known_bits, const Scratch& scratch,
                  std::int64_t* out) {
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
    const std::int64_t written = std::min(m, limit);
    for (std::int64_t i = 0; i < written; ++i) {
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

/// The first `wanted` of the order of n > kOneLevelMax keys: pass 1 makes the keys and counts
/// them by their top kCoarseBits bits, per chunk of the indices, which gives the last coarse
/// bucket that holds one of the first `wanted` positions; pass 2 makes the keys again (cheaper
/// than storing and reading them back) and copies each (key, index) of the buckets up to that
/// one to its coarse bucket, chunk by chunk, so that each bucket keeps index order (a choice of
/// k from n copies and orders about k + n / 2^kCoarseBits pairs, not n); pass 3 orders each kept
/// coarse bucket (order_bucket), each thread in its own scratch, taking buckets from a shared
/// counter, and writes only the positions below `wanted`.
template <class MakeKeys>
void two_level_order(const MakeKeys& make_keys, std::uint64_t seed, std::uint64_t first,
                     std::int64_t n, std::int64_t wanted, std::int64_t* order) {
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
    // The coarse buckets that hold the first `wanted` positions: 0 .. last, the last perhaps in
    // part. Only their pairs are kept (`kept` of them); the pass below sends each chunk's others
    // to a spare slot of its own past them (a cache line apart), without a branch on the key.
    std::vector<std::int64_t> starts(kCoarseBuckets + 1);
    std::int64_t running = 0;
    std::int64_t last = kCoarseBuckets - 1;
    for (std::int64_t b = 0; b < kCoarseBuckets; ++b) {
        starts[static_cast<std::size_t>(b)] = running;
        for (std::int64_t c = 0; c < chunks; ++c) {
            running += cursors[static_cast<std::size_t>(c * kCoarseBuckets + b)];
        }
        if (running >= wanted) {
            last = b;
            break;
        }
    }
    const std::int64_t kept = running;
    // Then chunk c's first slot in bucket b: the buckets in order, each the chunks in order.
    running = 0;
    std::int64_t largest = 0;
    for (std::int64_t b = 0; b < kCoarseBuckets; ++b) {
        for (std::int64_t c = 0; c < chunks; ++c) {
            std::int64_t& cursor = cursors[static_cast<std::size_t>(c * kCoarseBuckets + b)];
            const std::int64_t count = cursor;
            cursor = b <= last ? running : kept + c * kSpareStride;
            running += b <= last ? count : 0;
        }
        if (b <= last) {
            largest = std::max(largest, running - starts[static_cast<std::size_t>(b)]);
        }
    }
    starts[static_cast<std::size_t>(last + 1)] = kept;
    const auto grouped_keys = uninitialized<std::uint64_t>(kept + chunks * kSpareStride);
    const auto grouped_indices = uninitialized<Index>(kept + chunks * kSpareStride);
    auto scatter_chunks = [&](std::int64_t begin, std::int64_t end) {
        std::uint64_t keys[kKeyStep];
        for (std::int64_t c = begin; c < end; ++c) {
            std::int64_t* slots = cursors.data() + c * kCoarseBuckets;
            for (std::int64_t e = chunk_begin(c); e < chunk_begin(c + 1); e += kKeyStep) {
                const std::int64_t count = std::min(kKeyStep, chunk_begin(c + 1) - e);
                make_keys(seed, first + static_cast<std::uint64_t>(e), count, keys);
                for (std::int64_t i = 0; i < count; ++i) {
                    const std::int64_t bucket =
                        static_cast<std::int64_t>(keys[i] >> (64 - kCoarseBits));
                    const std::int64_t slot = slots[bucket];
                    slots[bucket] = slot + (bucket <= last ? 1 : 0);
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
            for (std::int64_t b = next_bucket++; b <= last; b = next_bucket++) {
                const std::int64_t start = starts[static_cast<std::size_t>(b)];
                order_bucket(grouped_keys.get() + start, grouped_indices.get() + start, 0,
                             starts[static_cast<std::size_t>(b + 1)] - start, wanted - start,
                             kCoarseBits, scratch, order + start);
            }
        }
    };
    parallel_for(threads, 1, order_buckets);
}

} // namespace

void host_random_order(std::uint64_t seed, std::uint64_t first, std::int64_t n, std::int64_t wanted,
                       std::int64_t* order) {
    if (n < 0 || n > kHostOrderMaxSize) {
        throw std::invalid_argument("host_random_order: n must be in [0, 2^32], got " +
                                    std::to_string(n));
    }
    if (wanted < 0 || wanted > n) {
        throw std::invalid_argument("host_random_order: wanted must be in [0, n = " +
                                    std::to_string(n) + "], got " + std::to_string(wanted));
    }
    if (wanted == 0) {
        return;
    }
    const PhiloxIsa isa = philox_isa();
    const auto make_keys = [isa](std::uint64_t seed, std::uint64_t first, std::int64_t count,
                                 std::uint64_t* keys) {
        philox_keys(isa, seed, first, count, keys);
    };
    if (n > kOneLevelMax) {
        two_level_order(make_keys, seed, first, n, wanted, order);
        return;
    }
    const auto keys = uninitialized<std::uint64_t>(n);
    const auto scratch_keys = uninitialized<std::uint64_t>(n);
    const auto scratch_indices = uninitialized<Index>(n);
    const auto scratch_counts = uninitialized<std::uint32_t>(2 * n + 1);
    make_keys(seed, first, n, keys.get());
    order_bucket(keys.get(), nullptr, 0, n, wanted, 0,
                 Scratch{scratch_keys.get(), scratch_indices.get(), scratch_counts.get()}, order);
}

} // namespace gpucc::random::detail
