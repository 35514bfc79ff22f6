// The plan of one reduction call (reduction_plan_builder.h): the kept and the reduced axes each
// become a group of dimensions, extents of 1 dropped, merged where every operand of the group
// steps through two of them as through one, listed innermost first; then the thread strategy and
// the slices, from the numbers below. Everything here depends only on shapes, strides,
// alignment and the device, so the same call gives the same plan and the same bits.
#include "gpucc/detail/strided_indexer.h"
#include "gpucc/errors.h"
#include "launch/reduction_plan_builder.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <string>

namespace gpucc::detail {
namespace {

// The strategy's numbers (tunable; the kernel is correct for any Rb * Ob == 256 and any slices):
// - lanes first (a contiguous reduced axis, or a single output): Rb lanes per output, the
//   smallest power of two that gives each lane at least kItemsPerLane items (vectors of V
//   elements when vectorized), between 1 and the block size; Ob = 256 / Rb outputs per block.
// - outputs first (a strided reduced axis): a warp of kStridedOutputs consecutive outputs (fewer
//   when there are fewer outputs), so that a warp's loads are the outputs' neighbours in memory;
//   Rb = 256 / Ob lanes each, but no more lanes than give each kItemsPerLane positions (more
//   outputs per block, up to 256, when the reduced positions are few).
// - slices, on a GPU only: when the grid has fewer blocks than kTargetWaves times what the GPU
//   holds at once (kBlocksPerSm blocks of 256 threads per multiprocessor), the reduced positions
//   are cut into S slices, as many as fill the GPU that often but none so short that a lane gets
//   fewer than kMinSliceItems items of it. A full float32 sum of 2^28 elements on 132 SMs: Rb =
//   256, V = 4, 2112 blocks, each thread reading 496 elements.
constexpr std::int64_t kItemsPerLane = 4;
constexpr std::int64_t kStridedOutputs = 32;
constexpr std::int64_t kBlocksPerSm = 2048 / kReduceBlockSize;
constexpr std::int64_t kTargetWaves = 2;
constexpr std::int64_t kMinSliceItems = 8;
constexpr std::int64_t kMaxSlices = 65535; // gridDim.y
constexpr std::int64_t kIndex32Limit = std::int64_t{1} << 31;

/// One group of dimensions (kept or reduced), innermost first, with every operand's strides.
struct Group {
    int ndim = 0;
    std::int64_t extents[kMaxNdim] = {};
    std::int64_t strides[kMaxReducePlanOperands][kMaxNdim] = {}; // [operand][dimension]
};

/// Merges neighbouring dimensions that every operand steps through as through one.
void collapse(Group& group, int operands) {
    int collapsed = 0;
    for (int k = 0; k < group.ndim; ++k) {
        bool merges = collapsed > 0;
        for (int a = 0; a < operands && merges; ++a) {
            merges = group.strides[a][k] ==
                     group.strides[a][collapsed - 1] * group.extents[collapsed - 1];
        }
        if (merges) {
            group.extents[collapsed - 1] *= group.extents[k];
            continue;
        }
        group.extents[collapsed] = group.extents[k];
        for (int a = 0; a < operands; ++a) {
            group.strides[a][collapsed] = group.strides[a][k];
        }
        ++collapsed;
    }
    group.ndim = collapsed;
}

/// Orders the reduced dimensions by the first input's |stride|, smallest nonzero innermost (a
/// reduction is free to visit its positions in any order, so x.T.sum() reads memory in order);
/// stable, so ties keep their order.
void order_by_first_input(Group& group, int operands) {
    int order[kMaxNdim];
    for (int k = 0; k < group.ndim; ++k) {
        order[k] = k;
    }
    auto key = [&group](int k) {
        const std::int64_t stride = group.strides[0][k];
        return stride == 0 ? std::numeric_limits<std::int64_t>::max()
                           : (stride < 0 ? -stride : stride);
    };
    std::stable_sort(order, order + group.ndim, [&](int a, int b) { return key(a) < key(b); });
    const Group original = group;
    for (int k = 0; k < group.ndim; ++k) {
        group.extents[k] = original.extents[order[k]];
        for (int a = 0; a < operands; ++a) {
            group.strides[a][k] = original.strides[a][order[k]];
        }
    }
}

[[noreturn]] void throw_too_many_dims(const ReducePlanRequest& request, int ndim,
                                      const char* which) {
    throw ValueError(std::string(request.kernel_name) + ": the arguments' layouts leave " +
                     std::to_string(ndim) + " " + which +
                     " dimensions that cannot be merged (input shape " + request.shape.to_string() +
                     "); reduction kernels take at most " + std::to_string(kReduceDims) +
                     ": make some arguments contiguous first");
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

std::int64_t round_up(std::int64_t a, std::int64_t b) {
    return ceil_div(a, b) * b;
}

/// The smallest power of two >= value, for value in [1, limit]; `limit` (a power of two) beyond.
std::int64_t power_of_two_at_least(std::int64_t value, std::int64_t limit) {
    if (value >= limit) {
        return limit;
    }
    return static_cast<std::int64_t>(
        std::bit_ceil(static_cast<std::uint64_t>(std::max<std::int64_t>(value, 1))));
}

void write_group(const Group& group, int operands, bool index32, std::int64_t* extents,
                 std::int64_t* divisors, std::int64_t* strides) {
    for (int k = 0; k < kReduceDims; ++k) {
        const bool used = k < group.ndim;
        extents[k] = used ? group.extents[k] : 1;
        divisors[k] = used && index32 ? fast_divisor_word(group.extents[k]) : 0;
        for (int a = 0; a < operands; ++a) {
            strides[a * kReduceDims + k] = used ? group.strides[a][k] : 0;
        }
    }
}

} // namespace

void build_reduction_plan(const ReducePlanRequest& request, std::int64_t* words) {
    const int inputs = request.input_count;
    const int operands = inputs + request.output_count;
    const int ndim = request.shape.ndim();
    const std::int64_t vector_width = std::max(1, request.vector_width);

    // The two groups, innermost first, extents of 1 dropped.
    Group outer;
    Group reduce;
    std::int64_t m = 1;
    std::int64_t k_count = 1;
    for (int axis = ndim - 1; axis >= 0; --axis) {
        const std::int64_t extent = request.shape[axis];
        if (request.reduced[axis]) {
            k_count *= extent;
        } else {
            m *= extent;
        }
        if (extent == 1) {
            continue;
        }
        Group& group = request.reduced[axis] ? reduce : outer;
        const int count = request.reduced[axis] ? inputs : operands;
        group.extents[group.ndim] = extent;
        for (int a = 0; a < count; ++a) {
            const ReducePlanOperand& operand =
                a < inputs ? request.inputs[a] : request.outputs[a - inputs];
            group.strides[a][group.ndim] = operand.strides[axis];
        }
        ++group.ndim;
    }
    collapse(outer, operands);
    if (k_count == 0) {
        reduce.ndim = 0; // nothing to index: every output gets the identity
    }
    collapse(reduce, inputs);
    order_by_first_input(reduce, inputs);
    collapse(reduce, inputs);
    if (outer.ndim > kReduceDims) {
        throw_too_many_dims(request, outer.ndim, "kept");
    }
    if (reduce.ndim > kReduceDims) {
        throw_too_many_dims(request, reduce.ndim, "reduced");
    }

    const bool index32 = m < kIndex32Limit && k_count < kIndex32Limit;
    // Vectors of V consecutive reduced positions per lane (the promise of reduction_plan.h):
    // one reduce dimension (the kernel's vector loop reads input + outer offset + r), along which
    // every input is contiguous, with aligned addresses and outer strides.
    const bool lanes_first = m == 1 || reduce.ndim == 0 || reduce.strides[0][0] == 1;
    bool vector = lanes_first && vector_width > 1 && reduce.ndim == 1;
    for (int i = 0; i < inputs && vector; ++i) {
        vector = reduce.strides[i][0] == 1 && request.inputs[i].vector_aligned;
        for (int k = 0; k < outer.ndim && vector; ++k) {
            vector = outer.strides[i][k] % vector_width == 0;
        }
    }
    const std::int64_t items = vector ? vector_width : 1; // elements per lane step

    std::int64_t lanes = 0;   // Rb
    std::int64_t outputs = 0; // Ob
    if (lanes_first) {
        lanes = power_of_two_at_least(ceil_div(k_count, kItemsPerLane * items), kReduceBlockSize);
        outputs = kReduceBlockSize / lanes;
    } else {
        // A warp of consecutive outputs, and more of them per block when the reduced positions
        // are too few to give each of 256 / 32 lanes kItemsPerLane of them (a 4-d sum of 4
        // positions per output ran 8 lanes, half of them idle, and a block-wide combine for every
        // 32 outputs: 4% of copy bandwidth, bench/results/2026-11-27-reduction-few-positions).
        const std::int64_t wanted_lanes =
            power_of_two_at_least(ceil_div(k_count, kItemsPerLane), kReduceBlockSize);
        outputs = std::max(
            power_of_two_at_least(m, kStridedOutputs),
            std::min(kReduceBlockSize / wanted_lanes, power_of_two_at_least(m, kReduceBlockSize)));
        lanes = kReduceBlockSize / outputs;
    }

    std::int64_t slices = 1;
    std::int64_t slice_length = vector ? round_up(k_count, vector_width) : k_count;
    if (request.sm_count > 0 && k_count > 0) {
        const std::int64_t grid_x = ceil_div(m, outputs);
        const std::int64_t target = request.sm_count * kBlocksPerSm * kTargetWaves;
        if (grid_x < target) {
            const std::int64_t wanted = ceil_div(target, grid_x);
            const std::int64_t longest = ceil_div(k_count, lanes * items * kMinSliceItems);
            slices = std::max<std::int64_t>(1, std::min({wanted, longest, kMaxSlices}));
        }
        if (slices > 1) {
            slice_length = ceil_div(k_count, slices);
            if (vector) {
                slice_length = round_up(slice_length, vector_width);
            }
            slices = ceil_div(k_count, slice_length); // every slice non-empty
        }
    }

    const int words_count = reduce_plan_words(inputs, request.output_count);
    std::fill(words, words + words_count, std::int64_t{0});
    words[kReducePlanFlags] = (index32 ? kReduceIndex32 : 0) |
                              (lanes_first ? kReduceLanesFirst : 0) | (vector ? kReduceVector : 0);
    words[kReducePlanOutputs] = m;
    words[kReducePlanReduced] = k_count;
    words[kReducePlanInputSize] = m * k_count;
    words[kReducePlanOuterNdim] = outer.ndim;
    words[kReducePlanReduceNdim] = reduce.ndim;
    words[kReducePlanLaneShift] = std::countr_zero(static_cast<std::uint64_t>(lanes));
    words[kReducePlanOutputShift] = std::countr_zero(static_cast<std::uint64_t>(outputs));
    words[kReducePlanSlices] = slices;
    words[kReducePlanSliceLength] = slice_length;
    write_group(outer, operands, index32, words + kReducePlanOuterExtent,
                words + kReducePlanOuterDivisor, words + kReducePlanOuterStride);
    const int r = reduce_plan_reduce_word(inputs, request.output_count);
    write_group(reduce, inputs, index32, words + r, words + r + kReduceDims,
                words + r + 2 * kReduceDims);
}

ReduceGrid reduction_grid(const std::int64_t* words) {
    const std::int64_t per_block = std::int64_t{1} << words[kReducePlanOutputShift];
    return {ceil_div(words[kReducePlanOutputs], per_block), words[kReducePlanSlices]};
}

} // namespace gpucc::detail
