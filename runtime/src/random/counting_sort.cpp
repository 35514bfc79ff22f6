// The counting sort of random keys behind permutation, shuffle and choice without replacement
// (counting_sort.h): the launches of kernels/permutation.dsl's four passes (with a coarse scatter
// before the fine one for a large n) and of its tile scan, the same on the GPU and on the CPU
// target (where the draws take host_order.h's ordering of the same keys instead, up to 2^32 keys;
// the tests run both and compare).
#include "counting_sort.h"

#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"
#include "gpucc/stdlib/creation.h"
#include "permutation.gpucc.h"

#include <algorithm>
#include <limits>
#include <string>

namespace gpucc::random::detail {
namespace {

namespace ordering = gpucc_random_permutation;

/// The block size of every launch here; scan_tiles is written for exactly this many threads.
constexpr std::int64_t kThreads = 256;
/// Values per tile of scan_tiles (kThreads threads of eight).
constexpr std::int64_t kTile = 2048;
/// Up to 2^17 buckets (n < 2^21: keys, pairs and counts fit a GPU's L2 cache) one scatter; above,
/// a coarse scatter to 2^-9 as many buckets first (coarse buckets of about 4096 keys).
constexpr int kOneLevelBits = 17;
constexpr int kFineBitsPerCoarse = 9;

Dim3 blocks_for(std::int64_t count, std::int64_t per_block) {
    const std::int64_t blocks = (count + per_block - 1) / per_block;
    if (blocks > std::numeric_limits<std::int32_t>::max()) {
        throw ValueError("random.permutation: size " + std::to_string(count) +
                         " is too large for one order");
    }
    return Dim3(static_cast<std::uint32_t>(blocks));
}

/// Exclusive prefix sums of `values` (int64, contiguous) in place.
void exclusive_scan(const NDArray& values) {
    const std::int64_t tiles = (values.size() + kTile - 1) / kTile;
    const NDArray totals = empty({tiles}, DType::Int64, values.device());
    ordering::scan_tiles(blocks_for(values.size(), kTile), Dim3(kThreads), values, totals);
    if (tiles > 1) {
        exclusive_scan(totals);
        ordering::add_tile_offsets(blocks_for(values.size(), kThreads), Dim3(kThreads), values,
                                   totals);
    }
}

} // namespace

int bucket_bits_for(std::int64_t n) {
    int log2n = 0;
    while (log2n < 62 && (std::int64_t{2} << log2n) <= n) {
        ++log2n;
    }
    return log2n > 4 ? std::min(log2n - 3, 40) : 1;
}

int coarse_bits_for(int bucket_bits) {
    return bucket_bits > kOneLevelBits ? bucket_bits - kFineBitsPerCoarse : 0;
}

NDArray counting_sort_order(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                            int bucket_bits, int coarse_bits, Device device) {
    if (n < 0) {
        throw ValueError("random.permutation: n must be non-negative, got " + std::to_string(n));
    }
    if (bucket_bits < 1 || bucket_bits > 40) {
        throw ValueError("random.permutation: bucket_bits must be in [1, 40], got " +
                         std::to_string(bucket_bits));
    }
    if (coarse_bits < 0 || coarse_bits >= bucket_bits) {
        throw ValueError("random.permutation: coarse_bits must be in [0, bucket_bits - 1] = [0, " +
                         std::to_string(bucket_bits - 1) + "], got " + std::to_string(coarse_bits));
    }
    NDArray order = empty({n}, DType::Int64, device);
    if (n == 0) {
        return order;
    }
    const std::int32_t shift = 64 - bucket_bits;
    const Dim3 grid = blocks_for(n, kThreads);
    const Dim3 block(kThreads);
    // counts[b], then bucket b's start (the scan), then its end (the scatter's cursors).
    const NDArray counts = zeros({std::int64_t{1} << bucket_bits}, DType::Int64, device);
    const NDArray keys = empty({n}, DType::UInt64, device);
    ordering::bucket_keys(grid, block, keys, counts, seed, first, shift);
    exclusive_scan(counts);
    const NDArray pairs = empty({2 * n}, DType::UInt64, device); // (key, index) per slot
    if (coarse_bits == 0) {
        ordering::bucket_scatter(grid, block, pairs, keys, counts, shift);
    } else {
        // Coarse bucket c is fine buckets c << fine_bits .. ((c + 1) << fine_bits) - 1, so its
        // start is the first one's. The coarse scatter writes to few regions at a time, the fine
        // one within the coarse bucket its threads read: both stay in the caches where one scatter
        // to 2^bucket_bits buckets would write all over the memory.
        const std::int64_t fine = std::int64_t{1} << (bucket_bits - coarse_bits);
        const NDArray coarse_cursors = ascontiguousarray(counts(Slice(0, counts.size(), fine)));
        const NDArray grouped = empty({2 * n}, DType::UInt64, device);
        ordering::bucket_scatter(grid, block, grouped, keys, coarse_cursors, 64 - coarse_bits);
        ordering::bucket_scatter_pairs(grid, block, pairs, grouped, counts, shift);
    }
    ordering::bucket_rank(grid, block, order, pairs, counts, shift);
    return order;
}

} // namespace gpucc::random::detail
