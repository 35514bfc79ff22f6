// The plan of a reduction (runtime/src/launch/reduction_plan_builder.h, the words of
// gpucc/detail/reduction_plan.h), checked word by word: the kept and reduced groups with their
// collapsing and ordering, 32-bit indexing and its divisors, the thread strategy, the vector
// flag's conditions, and the slices of a GPU launch (every slice non-empty, S * L >= K).
#include "gpucc/detail/strided_indexer.h"
#include "gpucc/errors.h"
#include "launch/reduction_plan_builder.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

using namespace gpucc::detail;
using gpucc::Shape;
using testing::HasSubstr;

constexpr int D = kReduceDims;

/// A plan request built from plain lists; builds and keeps the words.
struct Plan {
    int inputs = 0;
    int outputs = 0;
    std::vector<std::int64_t> words;

    std::int64_t operator[](int word) const { return words[static_cast<std::size_t>(word)]; }
    bool flag(std::int64_t f) const { return (words[kReducePlanFlags] & f) != 0; }
    std::int64_t outer_ndim() const { return words[kReducePlanOuterNdim]; }
    std::int64_t reduce_ndim() const { return words[kReducePlanReduceNdim]; }
    std::int64_t lanes() const { return std::int64_t{1} << words[kReducePlanLaneShift]; }
    std::int64_t outputs_per_block() const {
        return std::int64_t{1} << words[kReducePlanOutputShift];
    }
    std::int64_t slices() const { return words[kReducePlanSlices]; }
    std::int64_t slice_length() const { return words[kReducePlanSliceLength]; }
    std::int64_t outer_extent(int k) const { return words[kReducePlanOuterExtent + k]; }
    std::int64_t outer_divisor(int k) const { return words[kReducePlanOuterDivisor + k]; }
    std::int64_t outer_stride(int operand, int k) const {
        return words[kReducePlanOuterStride + operand * D + k];
    }
    int r() const { return reduce_plan_reduce_word(inputs, outputs); }
    std::int64_t reduce_extent(int k) const { return words[r() + k]; }
    std::int64_t reduce_divisor(int k) const { return words[r() + D + k]; }
    std::int64_t reduce_stride(int input, int k) const {
        return words[r() + 2 * D + input * D + k];
    }
};

ReducePlanOperand operand(std::initializer_list<std::int64_t> strides, bool aligned = true) {
    ReducePlanOperand result{};
    int axis = 0;
    for (std::int64_t stride : strides) {
        result.strides[axis++] = stride;
    }
    result.vector_aligned = aligned;
    return result;
}

/// Element strides of a C-contiguous array of `shape`.
ReducePlanOperand contiguous(const Shape& shape, bool aligned = true) {
    ReducePlanOperand result{};
    std::int64_t stride = 1;
    for (int axis = shape.ndim() - 1; axis >= 0; --axis) {
        result.strides[axis] = stride;
        stride *= shape[axis];
    }
    result.vector_aligned = aligned;
    return result;
}

/// The C-contiguous output of a reduction of `shape` over `reduced` (strides along the kept
/// axes; 0 at the reduced ones).
ReducePlanOperand contiguous_output(const Shape& shape, const std::vector<bool>& reduced) {
    ReducePlanOperand result{};
    std::int64_t stride = 1;
    for (int axis = shape.ndim() - 1; axis >= 0; --axis) {
        if (!reduced[static_cast<std::size_t>(axis)]) {
            result.strides[axis] = stride;
            stride *= shape[axis];
        }
    }
    return result;
}

std::vector<bool> axes_of(int ndim, std::initializer_list<int> axes) {
    std::vector<bool> reduced(static_cast<std::size_t>(ndim), false);
    for (int axis : axes) {
        reduced[static_cast<std::size_t>(axis)] = true;
    }
    return reduced;
}

Plan build(const Shape& shape, const std::vector<bool>& reduced,
           const std::vector<ReducePlanOperand>& inputs,
           const std::vector<ReducePlanOperand>& outputs, int vector_width = 4, int sm_count = 0) {
    bool flags[gpucc::kMaxNdim] = {};
    for (std::size_t k = 0; k < reduced.size(); ++k) {
        flags[k] = reduced[k];
    }
    Plan plan;
    plan.inputs = static_cast<int>(inputs.size());
    plan.outputs = static_cast<int>(outputs.size());
    plan.words.assign(static_cast<std::size_t>(reduce_plan_words(plan.inputs, plan.outputs)), -7);
    const ReducePlanRequest request{"test_kernel", shape,        flags,
                                    inputs.data(), plan.inputs,  outputs.data(),
                                    plan.outputs,  vector_width, sm_count};
    build_reduction_plan(request, plan.words.data());
    return plan;
}

/// The usual call: one C-contiguous input, one C-contiguous output.
Plan build_simple(const Shape& shape, std::initializer_list<int> axes, int vector_width = 4,
                  int sm_count = 0) {
    const std::vector<bool> reduced = axes_of(shape.ndim(), axes);
    return build(shape, reduced, {contiguous(shape)}, {contiguous_output(shape, reduced)},
                 vector_width, sm_count);
}

TEST(ReductionPlan, FullReductionOfContiguousCollapsesToOneDimension) {
    const Plan plan = build_simple(Shape{4, 5, 6}, {0, 1, 2});
    EXPECT_EQ(plan[kReducePlanOutputs], 1);
    EXPECT_EQ(plan[kReducePlanReduced], 120);
    EXPECT_EQ(plan[kReducePlanInputSize], 120);
    EXPECT_EQ(plan.outer_ndim(), 0);
    EXPECT_EQ(plan.reduce_ndim(), 1);
    EXPECT_EQ(plan.reduce_extent(0), 120);
    EXPECT_EQ(plan.reduce_stride(0, 0), 1);
    EXPECT_EQ(plan.reduce_divisor(0), fast_divisor_word(120));
    EXPECT_TRUE(plan.flag(kReduceIndex32));
    EXPECT_TRUE(plan.flag(kReduceLanesFirst));
    EXPECT_TRUE(plan.flag(kReduceVector));
    // ceil(120 / (4 items * 4 elements)) = 8 lanes; 32 outputs per block.
    EXPECT_EQ(plan.lanes(), 8);
    EXPECT_EQ(plan.outputs_per_block(), 32);
    EXPECT_EQ(plan.slices(), 1); // the CPU: one slice
    EXPECT_EQ(plan.slice_length(), 120);
    for (int word = 10; word < 16; ++word) {
        EXPECT_EQ(plan[word], 0) << word;
    }
    // Unused dimensions: extent 1, divisor and strides 0.
    for (int k = 1; k < D; ++k) {
        EXPECT_EQ(plan.reduce_extent(k), 1);
        EXPECT_EQ(plan.reduce_divisor(k), 0);
        EXPECT_EQ(plan.reduce_stride(0, k), 0);
    }
    for (int k = 0; k < D; ++k) {
        EXPECT_EQ(plan.outer_extent(k), 1);
        EXPECT_EQ(plan.outer_stride(0, k), 0);
        EXPECT_EQ(plan.outer_stride(1, k), 0);
    }
}

TEST(ReductionPlan, TransposedInputIsReadInMemoryOrder) {
    // x.T.sum() for x of shape (5, 6): shape (6, 5), element strides (1, 6).
    const Plan plan = build(Shape{6, 5}, axes_of(2, {0, 1}), {operand({1, 6})}, {operand({})});
    EXPECT_EQ(plan.reduce_ndim(), 1);
    EXPECT_EQ(plan.reduce_extent(0), 30);
    EXPECT_EQ(plan.reduce_stride(0, 0), 1);
    EXPECT_TRUE(plan.flag(kReduceVector));
}

TEST(ReductionPlan, PermutedThreeDimensionalInputCollapsesFully) {
    // x of shape (2, 3, 4) C-contiguous, transposed to (4, 2, 3): element strides (1, 12, 4).
    const Plan plan =
        build(Shape{4, 2, 3}, axes_of(3, {0, 1, 2}), {operand({1, 12, 4})}, {operand({})});
    EXPECT_EQ(plan.reduce_ndim(), 1);
    EXPECT_EQ(plan.reduce_extent(0), 24);
    EXPECT_EQ(plan.reduce_stride(0, 0), 1);
}

TEST(ReductionPlan, SmallestStrideOfTheFirstInputGoesInnermost) {
    // Reduce axes 0 and 2 of a (3, 4, 5) array: strides 20 and 1, not mergeable (axis 1 sits
    // between them). Innermost first, axis 2 comes first whatever the axes' order.
    const Plan plan = build_simple(Shape{3, 4, 5}, {0, 2});
    EXPECT_EQ(plan.reduce_ndim(), 2);
    EXPECT_EQ(plan.reduce_extent(0), 5);
    EXPECT_EQ(plan.reduce_stride(0, 0), 1);
    EXPECT_EQ(plan.reduce_extent(1), 3);
    EXPECT_EQ(plan.reduce_stride(0, 1), 20);
    EXPECT_EQ(plan.outer_ndim(), 1);
    EXPECT_EQ(plan.outer_extent(0), 4);
    EXPECT_EQ(plan.outer_stride(0, 0), 5); // the input
    EXPECT_EQ(plan.outer_stride(1, 0), 1); // the output
    // Same with the input transposed to (5, 4, 3) reducing axes 0 and 2: strides (1, 5, 20).
    const Plan transposed =
        build(Shape{5, 4, 3}, axes_of(3, {0, 2}), {operand({1, 5, 20})}, {operand({0, 1, 0})});
    EXPECT_EQ(transposed.reduce_ndim(), 2);
    EXPECT_EQ(transposed.reduce_extent(0), 5);
    EXPECT_EQ(transposed.reduce_stride(0, 0), 1);
    EXPECT_EQ(transposed.reduce_stride(0, 1), 20);
    // A dimension the first input is broadcast along (stride 0) goes outermost.
    const Plan broadcast = build(Shape{7, 6}, axes_of(2, {0, 1}), {operand({0, 1})}, {operand({})});
    EXPECT_EQ(broadcast.reduce_ndim(), 2);
    EXPECT_EQ(broadcast.reduce_extent(0), 6);
    EXPECT_EQ(broadcast.reduce_stride(0, 0), 1);
    EXPECT_EQ(broadcast.reduce_extent(1), 7);
    EXPECT_EQ(broadcast.reduce_stride(0, 1), 0);
}

TEST(ReductionPlan, ContiguousRowsGoLanesFirst) {
    // sum(x, axis=1) of a (1000, 32) array: each output reads one contiguous row.
    const Plan plan = build_simple(Shape{1000, 32}, {1});
    EXPECT_EQ(plan[kReducePlanOutputs], 1000);
    EXPECT_EQ(plan[kReducePlanReduced], 32);
    EXPECT_EQ(plan.outer_ndim(), 1);
    EXPECT_EQ(plan.outer_extent(0), 1000);
    EXPECT_EQ(plan.outer_divisor(0), fast_divisor_word(1000));
    EXPECT_EQ(plan.outer_stride(0, 0), 32);
    EXPECT_EQ(plan.outer_stride(1, 0), 1);
    EXPECT_EQ(plan.reduce_stride(0, 0), 1);
    EXPECT_TRUE(plan.flag(kReduceLanesFirst));
    EXPECT_TRUE(plan.flag(kReduceVector));
    EXPECT_EQ(plan.lanes(), 2); // 32 elements: 2 lanes of 4 vectors of 4
    EXPECT_EQ(plan.outputs_per_block(), 128);
    // Rows of 33: the outer stride is no multiple of 4, so no vectors.
    const Plan odd = build_simple(Shape{1000, 33}, {1});
    EXPECT_TRUE(odd.flag(kReduceLanesFirst));
    EXPECT_FALSE(odd.flag(kReduceVector));
    EXPECT_EQ(odd.lanes(), 16); // ceil(33 / 4) = 9 -> 16
    EXPECT_EQ(odd.outputs_per_block(), 16);
    EXPECT_EQ(odd.slice_length(), 33);
    // Long rows: at most 256 lanes.
    const Plan long_rows = build_simple(Shape{3, 1 << 20}, {1});
    EXPECT_EQ(long_rows.lanes(), 256);
    EXPECT_EQ(long_rows.outputs_per_block(), 1);
}

TEST(ReductionPlan, StridedReduceAxisPutsOutputsAlongTheWarp) {
    // sum(x, axis=0) of a (1000, 300) array: the reduced axis has stride 300.
    const Plan plan = build_simple(Shape{1000, 300}, {0});
    EXPECT_FALSE(plan.flag(kReduceLanesFirst));
    EXPECT_FALSE(plan.flag(kReduceVector));
    EXPECT_EQ(plan.outputs_per_block(), 32);
    EXPECT_EQ(plan.lanes(), 8);
    EXPECT_EQ(plan.outer_extent(0), 300);
    EXPECT_EQ(plan.outer_stride(0, 0), 1);
    EXPECT_EQ(plan.reduce_extent(0), 1000);
    EXPECT_EQ(plan.reduce_stride(0, 0), 300);
    // Three outputs: a block of 4 outputs with 64 lanes each.
    const Plan few = build_simple(Shape{1000, 3}, {0});
    EXPECT_EQ(few.outputs_per_block(), 4);
    EXPECT_EQ(few.lanes(), 64);
}

TEST(ReductionPlan, FewReducedPositionsPutMoreOutputsInABlock) {
    // sum over axes (0, 2) of (2, 8192, 2, 8192): 4 positions per output, none contiguous. One
    // lane per output (it reads all 4), 256 outputs per block, not 8 lanes of which 4 are idle.
    const Plan four = build_simple(Shape{2, 8192, 2, 8192}, {0, 2});
    EXPECT_FALSE(four.flag(kReduceLanesFirst));
    EXPECT_EQ(four.lanes(), 1);
    EXPECT_EQ(four.outputs_per_block(), 256);
    // 16 positions: 4 lanes of 4, 64 outputs per block.
    const Plan sixteen = build_simple(Shape{16, 5000}, {0});
    EXPECT_EQ(sixteen.lanes(), 4);
    EXPECT_EQ(sixteen.outputs_per_block(), 64);
    // Few outputs as well: no more outputs per block than there are (rounded to a power of two),
    // and never fewer than a warp's 32 when there are that many.
    const Plan narrow = build_simple(Shape{4, 40}, {0});
    EXPECT_EQ(narrow.outputs_per_block(), 64);
    EXPECT_EQ(narrow.lanes(), 4);
    const Plan tiny = build_simple(Shape{4, 5}, {0});
    EXPECT_EQ(tiny.outputs_per_block(), 8);
    EXPECT_EQ(tiny.lanes(), 32);
}

TEST(ReductionPlan, SingleOutputOrNothingToReduceGoesLanesFirst) {
    // x[::2].sum(): one output, stride 2, no vectors.
    const Plan strided = build(Shape{100}, axes_of(1, {0}), {operand({2})}, {operand({})});
    EXPECT_TRUE(strided.flag(kReduceLanesFirst));
    EXPECT_FALSE(strided.flag(kReduceVector));
    // x[::-1].sum(): stride -1, no vectors.
    const Plan reversed = build(Shape{100}, axes_of(1, {0}), {operand({-1})}, {operand({})});
    EXPECT_TRUE(reversed.flag(kReduceLanesFirst));
    EXPECT_FALSE(reversed.flag(kReduceVector));
    EXPECT_EQ(reversed.reduce_stride(0, 0), -1);
    // Reducing an axis of extent 1: K == 1, no reduce dimension, one lane per output.
    const Plan one = build_simple(Shape{1000, 1}, {1});
    EXPECT_EQ(one[kReducePlanReduced], 1);
    EXPECT_EQ(one.reduce_ndim(), 0);
    EXPECT_TRUE(one.flag(kReduceLanesFirst));
    EXPECT_FALSE(one.flag(kReduceVector));
    EXPECT_EQ(one.lanes(), 1);
    EXPECT_EQ(one.outputs_per_block(), 256);
    // Reducing no axis at all: the same.
    const Plan none = build_simple(Shape{10, 20}, {});
    EXPECT_EQ(none[kReducePlanOutputs], 200);
    EXPECT_EQ(none[kReducePlanReduced], 1);
    EXPECT_EQ(none.outer_ndim(), 1);
    EXPECT_EQ(none.reduce_ndim(), 0);
    EXPECT_EQ(none.lanes(), 1);
}

TEST(ReductionPlan, EmptyReductionHasOneSliceAndNoReduceDimension) {
    for (int sm_count : {0, 132}) {
        const Plan plan = build_simple(Shape{5, 0}, {1}, 4, sm_count);
        EXPECT_EQ(plan[kReducePlanOutputs], 5);
        EXPECT_EQ(plan[kReducePlanReduced], 0);
        EXPECT_EQ(plan[kReducePlanInputSize], 0);
        EXPECT_EQ(plan.reduce_ndim(), 0);
        EXPECT_EQ(plan.slices(), 1);
        EXPECT_EQ(plan.slice_length(), 0);
        EXPECT_FALSE(plan.flag(kReduceVector));
    }
}

TEST(ReductionPlan, OuterDimensionsCollapseOnlyWhenEveryOperandAllows) {
    // sum over axis 1 of (6, 7, 8): the kept axes 0 and 2 do not merge for the input (stride 56
    // != 8 * 1) although they do for the output.
    const Plan middle = build_simple(Shape{6, 7, 8}, {1});
    EXPECT_EQ(middle.outer_ndim(), 2);
    EXPECT_EQ(middle.outer_extent(0), 8);
    EXPECT_EQ(middle.outer_extent(1), 6);
    EXPECT_EQ(middle.outer_stride(0, 0), 1);
    EXPECT_EQ(middle.outer_stride(0, 1), 56);
    EXPECT_EQ(middle.outer_stride(1, 0), 1);
    EXPECT_EQ(middle.outer_stride(1, 1), 8);
    EXPECT_FALSE(middle.flag(kReduceLanesFirst)); // reduced stride 8
    // sum over axis 2 of (6, 7, 8): kept axes 0 and 1 merge for both.
    const Plan last = build_simple(Shape{6, 7, 8}, {2});
    EXPECT_EQ(last.outer_ndim(), 1);
    EXPECT_EQ(last.outer_extent(0), 42);
    EXPECT_EQ(last.outer_stride(0, 0), 8);
    EXPECT_EQ(last.outer_stride(1, 0), 1);
    // ... but not when the output is a strided view that steps differently.
    const std::vector<bool> reduced = axes_of(3, {2});
    const Plan strided_out =
        build(Shape{6, 7, 8}, reduced, {contiguous(Shape{6, 7, 8})}, {operand({100, 1, 0})});
    EXPECT_EQ(strided_out.outer_ndim(), 2);
    // Extents of 1 drop out and let their neighbours merge.
    const Plan ones = build_simple(Shape{6, 1, 7, 1, 8}, {4});
    EXPECT_EQ(ones.outer_ndim(), 1);
    EXPECT_EQ(ones.outer_extent(0), 42);
    // Broadcast inputs: a (6, 8) matrix with an (8,) row summed over axis 1; the row's outer
    // stride is 0.
    const Plan two = build(Shape{6, 8}, axes_of(2, {1}), {contiguous(Shape{6, 8}), operand({0, 1})},
                           {operand({1, 0})});
    EXPECT_EQ(two.outer_ndim(), 1);
    EXPECT_EQ(two.outer_stride(0, 0), 8);
    EXPECT_EQ(two.outer_stride(1, 0), 0);
    EXPECT_EQ(two.outer_stride(2, 0), 1);
    EXPECT_EQ(two.reduce_stride(0, 0), 1);
    EXPECT_EQ(two.reduce_stride(1, 0), 1);
    EXPECT_TRUE(two.flag(kReduceVector)); // an outer stride of 0 is a multiple of the width
}

TEST(ReductionPlan, VectorFlagNeedsEveryCondition) {
    const Shape shape{64, 64};
    const std::vector<bool> rows = axes_of(2, {1});
    const ReducePlanOperand out = contiguous_output(shape, rows);
    EXPECT_TRUE(build(shape, rows, {contiguous(shape)}, {out}).flag(kReduceVector));
    // Width 1: no vectors.
    EXPECT_FALSE(build(shape, rows, {contiguous(shape)}, {out}, 1).flag(kReduceVector));
    // An input not aligned to the vector.
    EXPECT_FALSE(build(shape, rows, {contiguous(shape, false)}, {out}).flag(kReduceVector));
    // A second input that is not contiguous along the reduced axis.
    EXPECT_FALSE(
        build(shape, rows, {contiguous(shape), operand({1, 64})}, {out}).flag(kReduceVector));
    // A second input broadcast along the reduced axis.
    EXPECT_FALSE(
        build(shape, rows, {contiguous(shape), operand({1, 0})}, {out}).flag(kReduceVector));
    // Outer strides not multiples of the width.
    EXPECT_FALSE(build(shape, rows, {operand({66, 1})}, {out}).flag(kReduceVector));
    // Two reduce dimensions: never (the kernel's vector loop reads one dimension), even where
    // vectors would not straddle rows.
    const std::vector<bool> both = axes_of(2, {0, 1});
    EXPECT_FALSE(build(Shape{8, 12}, both, {operand({16, 1})}, {operand({})}).flag(kReduceVector));
    EXPECT_TRUE(build(Shape{8, 16}, both, {operand({16, 1})}, {operand({})}).flag(kReduceVector));
    // One reduce dimension of any extent: the tail is the kernel's; L is a multiple of V.
    const Plan tail = build(Shape{10}, axes_of(1, {0}), {operand({1})}, {operand({})});
    EXPECT_TRUE(tail.flag(kReduceVector));
    EXPECT_EQ(tail.slice_length(), 12);
    // Outputs first never vectorizes.
    EXPECT_FALSE(build_simple(Shape{64, 64}, {0}).flag(kReduceVector));
}

TEST(ReductionPlan, IndexWidthFollowsTheCounts) {
    // K = 2^31: 64-bit decomposition and no divisors.
    const Plan wide = build_simple(Shape{std::int64_t{1} << 31}, {0});
    EXPECT_FALSE(wide.flag(kReduceIndex32));
    EXPECT_EQ(wide.reduce_divisor(0), 0);
    // K = 2^31 - 1 and M = 2: 32-bit.
    const Plan narrow = build_simple(Shape{2, (std::int64_t{1} << 31) - 1}, {1});
    EXPECT_TRUE(narrow.flag(kReduceIndex32));
    EXPECT_EQ(narrow.reduce_divisor(0), fast_divisor_word((std::int64_t{1} << 31) - 1));
    EXPECT_EQ(narrow.outer_divisor(0), fast_divisor_word(2));
    // M = 2^31: 64-bit.
    const Plan many = build_simple(Shape{std::int64_t{1} << 31, 2}, {1});
    EXPECT_FALSE(many.flag(kReduceIndex32));
    EXPECT_EQ(many.outer_divisor(0), 0);
    EXPECT_EQ(many[kReducePlanInputSize], std::int64_t{1} << 32);
}

/// A layout of `ndim` extents of 2 with strides 3^k: no two neighbours merge.
ReducePlanOperand unmergeable(int ndim) {
    ReducePlanOperand result{};
    std::int64_t stride = 1;
    for (int axis = ndim - 1; axis >= 0; --axis) {
        result.strides[axis] = stride;
        stride *= 3;
    }
    result.vector_aligned = true;
    return result;
}

TEST(ReductionPlan, MoreThanEightUnmergeableDimensionsIsAValueError) {
    Shape nine;
    for (int k = 0; k < 9; ++k) {
        nine.push_back(2);
    }
    std::vector<bool> all(9, true);
    try {
        build(nine, all, {unmergeable(9)}, {operand({})});
        FAIL() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        EXPECT_THAT(error.what(), HasSubstr("test_kernel"));
        EXPECT_THAT(error.what(), HasSubstr("9 reduced dimensions"));
    }
    // Nine kept dimensions the input cannot merge (the output could).
    Shape ten = nine;
    ten.push_back(5);
    std::vector<bool> last(10, false);
    last[9] = true;
    ReducePlanOperand input{};
    std::int64_t stride = 5;
    for (int axis = 8; axis >= 0; --axis) {
        input.strides[axis] = stride;
        stride *= 3;
    }
    input.strides[9] = 1;
    EXPECT_THROW(build(ten, last, {input}, {contiguous_output(ten, last)}), gpucc::ValueError);
    // Eight are fine.
    Shape eight;
    for (int k = 0; k < 8; ++k) {
        eight.push_back(2);
    }
    const Plan plan = build(eight, std::vector<bool>(8, true), {unmergeable(8)}, {operand({})});
    EXPECT_EQ(plan.reduce_ndim(), 8);
}

/// What every GPU plan promises about its slices and blocks.
void expect_valid_slices(const Plan& plan, int vector_width) {
    const std::int64_t k = plan[kReducePlanReduced];
    const std::int64_t s = plan.slices();
    const std::int64_t l = plan.slice_length();
    EXPECT_EQ(plan.lanes() * plan.outputs_per_block(), kReduceBlockSize);
    EXPECT_GE(s, 1);
    EXPECT_LE(s, 65535);
    if (k == 0) {
        EXPECT_EQ(s, 1);
        return;
    }
    EXPECT_GE(s * l, k) << "slices cover every position";
    EXPECT_LT((s - 1) * l, k) << "the last slice is non-empty";
    if (plan.flag(kReduceVector)) {
        EXPECT_EQ(l % vector_width, 0);
    }
    const ReduceGrid grid = reduction_grid(plan.words.data());
    EXPECT_EQ(grid.x,
              (plan[kReducePlanOutputs] + plan.outputs_per_block() - 1) / plan.outputs_per_block());
    EXPECT_EQ(grid.y, s);
}

TEST(ReductionPlan, FullSumOfTwoToThe28FloatsFillsAnH100) {
    const Plan plan = build_simple(Shape{std::int64_t{1} << 28}, {0}, 4, 132);
    expect_valid_slices(plan, 4);
    EXPECT_TRUE(plan.flag(kReduceVector));
    EXPECT_EQ(plan.lanes(), 256);
    const std::int64_t blocks = plan.slices();
    EXPECT_GE(blocks, 264) << "at least one block per multiprocessor, twice";
    EXPECT_LE(blocks, 4 * 132 * 8);
    const std::int64_t per_thread = plan.slice_length() / plan.lanes();
    EXPECT_GE(per_thread, 32);
    EXPECT_LE(per_thread, 1024);
    // The CPU never slices.
    EXPECT_EQ(build_simple(Shape{std::int64_t{1} << 28}, {0}, 4, 0).slices(), 1);
}

TEST(ReductionPlan, SlicesOnlyWhenTheGridIsSmall) {
    // 2^20 rows of 256: 2^20 blocks already; no slices.
    const Plan rows = build_simple(Shape{1 << 20, 256}, {1}, 4, 132);
    EXPECT_EQ(rows.slices(), 1);
    EXPECT_EQ(rows.slice_length(), 256);
    // A short reduction is never sliced below 8 items per lane.
    const Plan short_sum = build_simple(Shape{1000}, {0}, 4, 132);
    EXPECT_EQ(short_sum.slices(), 1);
    // Column sums of a tall matrix: few blocks, long columns: sliced.
    const Plan columns = build_simple(Shape{1 << 20, 8}, {0}, 4, 132);
    EXPECT_FALSE(columns.flag(kReduceLanesFirst));
    EXPECT_GT(columns.slices(), 100);
    expect_valid_slices(columns, 4);
}

TEST(ReductionPlan, EverySliceIsNonEmptyAndTheSlicesCoverK) {
    // Rows (M, K) reduce lanes first; columns (K, M) outputs first unless M is 1.
    for (const std::int64_t m : {1, 2, 3, 31, 33, 1000, 100000}) {
        for (const std::int64_t k : std::initializer_list<std::int64_t>{
                 0, 1, 3, 31, 33, 4097, 1000003, std::int64_t{1} << 26}) {
            for (const int vector_width : {1, 2, 4}) {
                for (const int sm_count : {0, 1, 132}) {
                    for (const int axis : {0, 1}) {
                        const Shape shape = axis == 1 ? Shape{m, k} : Shape{k, m};
                        SCOPED_TRACE(shape.to_string() + " axis " + std::to_string(axis) + " V " +
                                     std::to_string(vector_width) + " SMs " +
                                     std::to_string(sm_count));
                        const Plan plan = build_simple(shape, {axis}, vector_width, sm_count);
                        ASSERT_EQ(plan[kReducePlanOutputs], m);
                        ASSERT_EQ(plan[kReducePlanReduced], k);
                        expect_valid_slices(plan, vector_width);
                        if (sm_count == 0) {
                            ASSERT_EQ(plan.slices(), 1);
                        }
                    }
                }
            }
        }
    }
}

} // namespace
