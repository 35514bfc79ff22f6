// CuPy 14's randint on the array's device (integer_interval.h): cuRAND's words land in a device
// array, the rejected values are found and replaced in index order by device compactions
// (kernels/curand_interval.dsl), and the reduction and offset into the dtype are one more pass.
// The host sees only counts: each chunk's number of matches (256 values a chunk), which it turns
// into the chunks' first output slots, and so the number of rejected values (CuPy reads it too).
#include "curand_interval.gpucc.h"
#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"
#include "gpucc/stdlib/creation.h"
#include "random/curand/integer_interval.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

namespace gpucc::random::detail {
namespace {

namespace kernels = gpucc_random_curand_interval;

constexpr std::int64_t kThreads = 256;
/// A compaction's chunk: a warp reads 32 values per round; the host reads size / kChunk counts.
constexpr std::int64_t kRounds = 8;
constexpr std::int64_t kChunk = 32 * kRounds;

Dim3 grid_for(std::int64_t threads) {
    const std::int64_t blocks = (threads + kThreads - 1) / kThreads;
    if (blocks > std::numeric_limits<std::int32_t>::max()) {
        throw ValueError("RandomState.randint: size " + std::to_string(threads) +
                         " is too large for one draw");
    }
    return Dim3(static_cast<std::uint32_t>(std::max<std::int64_t>(blocks, 1)));
}

/// The limit in the sample's dtype, as the kernels' T.
template <class Launch>
void with_limit(DType sample_dtype, std::uint64_t limit, Launch&& launch) {
    if (sample_dtype == DType::UInt32) {
        launch(static_cast<std::uint32_t>(limit));
    } else {
        launch(limit);
    }
}

/// The indices of `values` that are kept (<= limit) or rejected (> limit), in order, as an int64
/// array of their count.
NDArray matching_positions(const NDArray& values, std::uint64_t limit, bool kept) {
    const std::int64_t chunks = (values.size() + kChunk - 1) / kChunk;
    NDArray counts = empty({chunks}, DType::Int32, values.device());
    const Dim3 grid = grid_for(chunks * 32); // a warp per chunk
    const Dim3 block(kThreads);
    with_limit(values.dtype(), limit, [&](auto typed_limit) {
        kernels::interval_count(grid, block, values, typed_limit, kept ? 1 : 0, kRounds, counts);
    });
    std::vector<std::int32_t> per_chunk(static_cast<std::size_t>(chunks));
    counts.copy_to_host(per_chunk.data());
    std::vector<std::int64_t> starts(per_chunk.size());
    std::int64_t total = 0;
    for (std::size_t t = 0; t < per_chunk.size(); ++t) {
        starts[t] = total;
        total += per_chunk[t];
    }
    NDArray positions = empty({total}, DType::Int64, values.device());
    if (total == 0) {
        return positions;
    }
    NDArray first_slots = empty({chunks}, DType::Int64, values.device());
    first_slots.copy_from_host(starts.data());
    with_limit(values.dtype(), limit, [&](auto typed_limit) {
        kernels::interval_positions(grid, block, values, typed_limit, kept ? 1 : 0, kRounds,
                                    first_slots, positions);
    });
    return positions;
}

} // namespace

NDArray randint_on_device(IntegerRange range, const Shape& shape, DType dtype, Device device,
                          const WordSource& generate) {
    NDArray out = empty(shape, dtype, device);
    const std::int64_t count = out.size();
    if (count == 0) {
        return out;
    }
    const Dim3 block(kThreads);
    const std::uint64_t span = range.span;
    const bool wide = span > std::numeric_limits<std::uint32_t>::max();
    const DType sample_dtype = wide ? DType::UInt64 : DType::UInt32;
    if (span == 0) {
        // CuPy draws nothing for a single-value range.
        const NDArray zero = zeros({count}, DType::UInt32, device);
        kernels::interval_store32(grid_for(count), block, zero, out.reshape({count}), span, 1,
                                  static_cast<std::uint64_t>(range.low));
        return out;
    }
    NDArray sample = empty({count}, sample_dtype, device);
    generate(sample);
    const std::uint64_t size_of_range = span + 1; // 2^64 wraps to 0
    const bool masked = size_of_range == 0 || std::has_single_bit(size_of_range);
    if (!masked) {
        // The largest value kept: the top of the last whole multiple of the range below 2^bits.
        const std::uint64_t all_ones = wide ? std::numeric_limits<std::uint64_t>::max()
                                            : std::numeric_limits<std::uint32_t>::max();
        const std::uint64_t remainder = wide ? (std::uint64_t{0} - size_of_range) % size_of_range
                                             : (std::uint64_t{1} << 32) % size_of_range;
        const std::uint64_t upper_limit = all_ones - remainder;
        const NDArray rejected = matching_positions(sample, upper_limit, false);
        std::int64_t next = 0; // first rejected position not yet replaced
        while (next < rejected.size()) {
            const std::int64_t missing = rejected.size() - next;
            NDArray supplement =
                empty({std::max<std::int64_t>(missing * 2, 1024)}, sample_dtype, device);
            generate(supplement);
            const NDArray kept = matching_positions(supplement, upper_limit, true);
            const std::int64_t replaced = std::min(missing, kept.size());
            if (replaced > 0) {
                kernels::interval_replace(grid_for(replaced), block, sample, rejected, supplement,
                                          kept, next, replaced);
            }
            next += replaced;
        }
    }
    const NDArray flat_out = out.reshape({count});
    const auto low = static_cast<std::uint64_t>(range.low);
    if (wide) {
        kernels::interval_store64(grid_for(count), block, sample, flat_out, span, masked ? 1 : 0,
                                  low);
    } else {
        kernels::interval_store32(grid_for(count), block, sample, flat_out, span, masked ? 1 : 0,
                                  low);
    }
    return out;
}

} // namespace gpucc::random::detail
