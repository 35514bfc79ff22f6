// The counting sort of random keys behind permutation, shuffle and choice without replacement
// (counting_sort.h): the launches of kernels/permutation.dsl's four passes and of its tile scan,
// the same on the GPU and on the CPU target.
#include "counting_sort.h"

#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"
#include "gpucc/stdlib/creation.h"
#include "permutation.gpucc.h"

#include <limits>
#include <string>

namespace gpucc::random::detail {
namespace {

namespace ordering = gpucc_random_permutation;

/// The block size of every launch here; scan_tiles is written for exactly this many threads.
constexpr std::int64_t kThreads = 256;
/// Values per tile of scan_tiles (kThreads threads of eight).
constexpr std::int64_t kTile = 2048;

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
    return log2n > 4 ? log2n - 3 : 1;
}

NDArray counting_sort_order(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                            int bucket_bits, Device device) {
    if (n < 0) {
        throw ValueError("random.permutation: n must be non-negative, got " + std::to_string(n));
    }
    if (bucket_bits < 1 || bucket_bits > 40) {
        throw ValueError("random.permutation: bucket_bits must be in [1, 40], got " +
                         std::to_string(bucket_bits));
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
    ordering::bucket_scatter(grid, block, pairs, keys, counts, shift);
    ordering::bucket_rank(grid, block, order, pairs, counts, shift);
    return order;
}

} // namespace gpucc::random::detail
