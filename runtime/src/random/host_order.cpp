// The host's own ordering of the permutation keys (host_order.h): the keys from the vector
// Philox (host_philox.h), made once,
// counting passes whose buckets fit the caches, and an insertion sort of the few keys each
// bucket holds. Every pass keeps the (key, index) order exact, so the result is
// counting_sort_order's, bit for bit.
#include "host_order.h"

#include "cpu/thread_pool.h"
#include "gpucc/memory/buffer.h"
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

/// Up to this many keys: every key made and ordered on the calling thread (a pool launch would
/// cost more than it saves).
constexpr std::int64_t kOneLevelMax = std::int64_t{1} << 12;
/// Above: a first pass to at most 2^kCoarseBits buckets by the top bits (few enough write streams
/// for the caches to combine), each then ordered on its own.
constexpr int kCoarseBits = 8;
constexpr std::int64_t kCoarseBuckets = std::int64_t{1} << kCoarseBits;
/// At least 2^kMinCoarseBits buckets, work for every thread of the ordering pass; between the two,
/// about 2^kLeafLog2 keys each, as a leaf of order_bucket holds (fewer bits for fewer kept keys).
constexpr int kMinCoarseBits = 3;
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

/// Where one bucket's ordering works: room for its m keys and indices twice (the split and the
/// leaf) and 2m + 1 counts twice.
struct Scratch {
    std::uint64_t* keys;
    Index* indices;
    std::uint32_t* counts;
    std::uint64_t* split_keys;
    Index* split_indices;
    std::uint32_t* split_counts;
};

/// The pairs' slots of a stable counting pass on the `bits` key bits below the top `known_bits`
/// (0 < bits <= 64 - known_bits): pair i of m goes to (sorted_keys, sorted_indices)[slot], pairs
/// of one bucket in their input order; counts (2^bits + 1 of them) ends as each bucket's end
/// (counts[b] the start of bucket b + 1, counts[2^bits - 1] = m). Pair i is (keys[i], indices[i]),
/// or (keys[i], base + i) when `indices` is null.
void counting_pass(const std::uint64_t* keys, const Index* indices, std::int64_t base,
                   std::int64_t m, int known_bits, int bits, std::uint32_t* counts,
                   std::uint64_t* sorted_keys, Index* sorted_indices) {
    const int shift = 64 - bits;
    const std::int64_t buckets = std::int64_t{1} << bits;
    std::fill(counts, counts + buckets + 1, 0u);
    for (std::int64_t i = 0; i < m; ++i) {
        ++counts[((keys[i] << known_bits) >> shift) + 1];
    }
    for (std::int64_t b = 1; b <= buckets; ++b) {
        counts[b] += counts[b - 1];
    }
    // counts[b] is bucket b's start; the scatter below moves it to its end, bucket b + 1's
    // start.
    for (std::int64_t i = 0; i < m; ++i) {
        const std::uint64_t key = keys[i];
        const std::uint32_t slot = counts[(key << known_bits) >> shift]++;
        sorted_keys[slot] = key;
        sorted_indices[slot] = indices != nullptr ? indices[i] : static_cast<Index>(base + i);
    }
}

/// Up to this many pairs a bucket is ordered at once (its keys, indices and counts fit the L1
/// cache); a larger one is split first.
constexpr int kLeafLog2 = 10;

/// order_bucket for m < 2^(kLeafLog2 + 1) pairs: a counting pass on the next floor(log2 m) + 1
/// bits (about half a pair per bucket, so that few neighbours need swapping and the insertion
/// sort's branch is predictable), then one insertion sort over it, whose pairs only move within
/// their bucket. The input is in index order within equal keys and every pass is stable, so the
/// sort compares keys only.
void order_leaf(const std::uint64_t* keys, const Index* indices, std::int64_t base, std::int64_t m,
                std::int64_t limit, int known_bits, const Scratch& scratch, std::int64_t* out) {
    std::uint64_t* sorted_keys = scratch.keys;
    Index* sorted_indices = scratch.indices;
    if (m < 8 || known_bits >= 64) {
        for (std::int64_t i = 0; i < m; ++i) {
            sorted_keys[i] = keys[i];
            sorted_indices[i] = indices != nullptr ? indices[i] : static_cast<Index>(base + i);
        }
    } else {
        // At most the bits the keys do not share.
        counting_pass(keys, indices, base, m, known_bits,
                      std::min(floor_log2(m) + 1, 64 - known_bits), scratch.counts, sorted_keys,
                      sorted_indices);
    }
    for (std::int64_t i = 1; i < m; ++i) {
        const std::uint64_t key = sorted_keys[i];
        if (sorted_keys[i - 1] <= key) [[likely]] {
            continue;
        }
        const Index index = sorted_indices[i];
        std::int64_t j = i;
        do {
            sorted_keys[j] = sorted_keys[j - 1];
            sorted_indices[j] = sorted_indices[j - 1];
            --j;
        } while (j > 0 && sorted_keys[j - 1] > key);
        sorted_keys[j] = key;
        sorted_indices[j] = index;
    }
    const std::int64_t written = std::min(m, limit);
    for (std::int64_t i = 0; i < written; ++i) {
        out[i] = sorted_indices[i];
    }
}

/// Writes the indices of m (key, index) pairs whose keys share their top `known_bits` bits,
/// given in index order within equal keys, to out[0 .. min(m, limit) - 1] in ascending (key,
/// index) order (the first `limit` of them): pair i is (keys[i], indices[i]), or (keys[i], base +
/// i) when `indices` is null. Up to 2^(kLeafLog2 + 1) pairs order_leaf; above, a stable counting
/// pass splits them into parts of about 2^kLeafLog2 by their next bits, and each part up to the
/// limit is ordered as a leaf (a part holds more only by chance; the leaf orders any size).
void order_bucket(const std::uint64_t* keys, const Index* indices, std::int64_t base,
                  std::int64_t m, std::int64_t limit, int known_bits, const Scratch& scratch,
                  std::int64_t* out) {
    const int split_bits = std::min(floor_log2(m) - kLeafLog2, 64 - known_bits);
    if (split_bits <= 0) {
        order_leaf(keys, indices, base, m, limit, known_bits, scratch, out);
        return;
    }
    std::uint32_t* ends = scratch.split_counts;
    counting_pass(keys, indices, base, m, known_bits, split_bits, ends, scratch.split_keys,
                  scratch.split_indices);
    std::int64_t start = 0;
    for (std::int64_t part = 0; part < (std::int64_t{1} << split_bits) && start < limit; ++part) {
        order_leaf(scratch.split_keys + start, scratch.split_indices + start, 0, ends[part] - start,
                   limit - start, known_bits + split_bits, scratch, out + start);
        start = ends[part];
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

/// Uninitialised room for `count` T from the CPU's memory pool: the temporaries of one draw go
/// back to it for the next, which then takes no page faults (fresh memory costs one per page,
/// about as much as the ordering's own work on every key).
template <class T>
class Workspace {
public:
    explicit Workspace(std::int64_t count)
        : buffer_(gpucc::Buffer::allocate(static_cast<std::size_t>(count) * sizeof(T),
                                          gpucc::Device::cpu())) {}

    T* get() const noexcept { return static_cast<T*>(buffer_->data()); }

private:
    std::shared_ptr<gpucc::Buffer> buffer_;
};

template <class T>
Workspace<T> uninitialized(std::int64_t count) {
    return Workspace<T>(count);
}

/// Each worker's Scratch for buckets of up to `largest` pairs.
class ScratchSpace {
public:
    ScratchSpace(std::int64_t workers, std::int64_t largest)
        : largest_(largest), keys_(uninitialized<std::uint64_t>(2 * workers * largest)),
          indices_(uninitialized<Index>(2 * workers * largest)),
          counts_(uninitialized<std::uint32_t>(2 * workers * (2 * largest + 2))) {}

    Scratch of(std::int64_t worker) const {
        std::uint64_t* keys = keys_.get() + 2 * worker * largest_;
        Index* indices = indices_.get() + 2 * worker * largest_;
        std::uint32_t* counts = counts_.get() + 2 * worker * (2 * largest_ + 2);
        return {
            keys, indices, counts, keys + largest_, indices + largest_, counts + 2 * largest_ + 2};
    }

private:
    std::int64_t largest_;
    Workspace<std::uint64_t> keys_;
    Workspace<Index> indices_;
    Workspace<std::uint32_t> counts_;
};

/// The first `wanted` of the order of n > kOneLevelMax keys. Pass 1 makes the keys once, per
/// chunk of the indices, into the chunk's own part of an array of n, and counts them by their top
/// coarse_bits bits (kMinCoarseBits to kCoarseBits, about 2^kLeafLog2 keys a bucket). The counts
/// give the last coarse bucket that holds one of the first `wanted` positions; pass 2 reads each
/// chunk's keys back and copies those of the buckets up to that one, with their indices, to their
/// coarse bucket, chunk by chunk, so that each bucket keeps index order; pass 3 orders each kept
/// coarse bucket (order_bucket), each thread in its own scratch, taking buckets from a shared
/// counter, and writes only the positions below `wanted`.
void two_level_order(PhiloxIsa isa, std::uint64_t seed, std::uint64_t first, std::int64_t n,
                     std::int64_t wanted, std::int64_t* order) {
    const int threads = gpucc::detail::ThreadPool::instance().thread_count();
    const std::int64_t chunks = std::min<std::int64_t>(4 * threads, n / kKeyStep);
    const auto chunk_begin = [&](std::int64_t c) { return n * c / chunks; };
    // Coarse bucket of a key: key >> shift, below 2^coarse_bits.
    const int coarse_bits = std::clamp(floor_log2(n + 1) - kLeafLog2, kMinCoarseBits, kCoarseBits);
    const std::int64_t buckets = std::int64_t{1} << coarse_bits;
    const int shift = 64 - coarse_bits;
    constexpr std::int64_t kCountStride = kCoarseBuckets;
    std::vector<std::int64_t> cursors(static_cast<std::size_t>(chunks * kCountStride), 0);
    const auto stored_keys = uninitialized<std::uint64_t>(n);
    auto count_chunks = [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t c = begin; c < end; ++c) {
            std::int64_t* counts = cursors.data() + c * kCountStride;
            std::uint64_t* keys = stored_keys.get();
            for (std::int64_t e = chunk_begin(c); e < chunk_begin(c + 1); e += kKeyStep) {
                const std::int64_t count = std::min(kKeyStep, chunk_begin(c + 1) - e);
                philox_keys(isa, seed, first + static_cast<std::uint64_t>(e), count, keys + e);
                // Counted while the step's keys are in the L1 cache.
                for (std::int64_t i = e; i < e + count; ++i) {
                    ++counts[keys[i] >> shift];
                }
            }
        }
    };
    parallel_for(chunks, 1, count_chunks);
    // The coarse buckets that hold the first `wanted` positions: 0 .. last, the last perhaps in
    // part. Only their pairs are selected (`selected` of them); the pass below sends each chunk's
    // others to a spare slot of its own past them (a cache line apart), without a branch on the
    // key.
    std::vector<std::int64_t> starts(static_cast<std::size_t>(buckets + 1));
    std::int64_t running = 0;
    std::int64_t last = buckets - 1;
    for (std::int64_t b = 0; b < buckets; ++b) {
        starts[static_cast<std::size_t>(b)] = running;
        for (std::int64_t c = 0; c < chunks; ++c) {
            running += cursors[static_cast<std::size_t>(c * kCountStride + b)];
        }
        if (running >= wanted) {
            last = b;
            break;
        }
    }
    const std::int64_t selected = running;
    // Then chunk c's first slot in bucket b: the buckets in order, each the chunks in order.
    running = 0;
    std::int64_t largest = 0;
    for (std::int64_t b = 0; b < buckets; ++b) {
        for (std::int64_t c = 0; c < chunks; ++c) {
            std::int64_t& cursor = cursors[static_cast<std::size_t>(c * kCountStride + b)];
            const std::int64_t count = cursor;
            cursor = b <= last ? running : selected + c * kSpareStride;
            running += b <= last ? count : 0;
        }
        if (b <= last) {
            largest = std::max(largest, running - starts[static_cast<std::size_t>(b)]);
        }
    }
    starts[static_cast<std::size_t>(last + 1)] = selected;
    const auto grouped_keys = uninitialized<std::uint64_t>(selected + chunks * kSpareStride);
    const auto grouped_indices = uninitialized<Index>(selected + chunks * kSpareStride);
    auto scatter_chunks = [&](std::int64_t begin, std::int64_t end) {
        std::uint64_t* const to_keys = grouped_keys.get();
        Index* const to_indices = grouped_indices.get();
        for (std::int64_t c = begin; c < end; ++c) {
            std::int64_t* slots = cursors.data() + c * kCountStride;
            const std::int64_t base = chunk_begin(c);
            const std::uint64_t* keys = stored_keys.get() + base;
            const std::int64_t count = chunk_begin(c + 1) - base;
            for (std::int64_t i = 0; i < count; ++i) {
                const std::uint64_t key = keys[i];
                const std::int64_t bucket = static_cast<std::int64_t>(key >> shift);
                const std::int64_t slot = slots[bucket];
                slots[bucket] = slot + (bucket <= last ? 1 : 0);
                to_keys[slot] = key;
                to_indices[slot] = static_cast<Index>(base + i);
            }
        }
    };
    parallel_for(chunks, 1, scatter_chunks);
    const ScratchSpace space(threads, largest);
    std::atomic<std::int64_t> next_bucket{0};
    auto order_buckets = [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t worker = begin; worker < end; ++worker) {
            const Scratch scratch = space.of(worker);
            for (std::int64_t b = next_bucket++; b <= last; b = next_bucket++) {
                const std::int64_t start = starts[static_cast<std::size_t>(b)];
                order_bucket(grouped_keys.get() + start, grouped_indices.get() + start, 0,
                             starts[static_cast<std::size_t>(b + 1)] - start, wanted - start,
                             64 - shift, scratch, order + start);
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
    if (n > kOneLevelMax) {
        two_level_order(isa, seed, first, n, wanted, order);
        return;
    }
    const auto keys = uninitialized<std::uint64_t>(n);
    const ScratchSpace space(1, n);
    philox_keys(isa, seed, first, n, keys.get());
    order_bucket(keys.get(), nullptr, 0, n, wanted, 0, space.of(0), order);
}

} // namespace gpucc::random::detail
