// The loop layout the runtime hands to strided kernels (gpucc/detail/strided_indexer.h): the
// 32-bit division by multiplication the GPU kernels use, dimension collapsing, and the flags
// that choose the vector and tiled paths.
#include "gpucc/detail/strided_indexer.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <random>

namespace {

using namespace gpucc::detail;
using gpucc::Shape;

std::uint32_t divide(std::uint32_t x, std::int64_t word) {
    const auto magic = static_cast<std::uint32_t>(word & 0xffffffff);
    const auto shift = static_cast<std::uint32_t>(word >> 32);
    const auto high = static_cast<std::uint32_t>((std::uint64_t{x} * magic) >> 32);
    return (high + x) >> shift;
}

TEST(StridedIndexer, FastDivisionMatchesDivisionBelowTwoToThe31) {
    std::mt19937_64 rng(31);
    std::uniform_int_distribution<std::uint32_t> any(0, 0x7fffffff);
    for (std::int64_t d : {1LL, 2LL, 3LL, 5LL, 6LL, 7LL, 10LL, 641LL, 4096LL, 4097LL, 65535LL,
                           1000003LL, 0x7ffffffeLL, 0x7fffffffLL, 0x80000000LL}) {
        const std::int64_t word = fast_divisor_word(d);
        for (std::uint32_t x : {0U, 1U, static_cast<std::uint32_t>(d - 1),
                                static_cast<std::uint32_t>(d & 0x7fffffff), 0x7fffffffU}) {
            ASSERT_EQ(divide(x, word), x / d) << x << " / " << d;
        }
        for (int k = 0; k < 20000; ++k) {
            const std::uint32_t x = any(rng);
            ASSERT_EQ(divide(x, word), x / d) << x << " / " << d;
        }
    }
}

LoopOperand operand(std::initializer_list<std::int64_t> strides, bool output = false) {
    LoopOperand result{};
    int axis = 0;
    for (std::int64_t stride : strides) {
        result.strides[axis++] = stride;
    }
    result.vector_aligned = true;
    result.is_output = output;
    return result;
}

std::int64_t stride_of(const std::int64_t* words, int operand_index, int dim) {
    return words[kIndexerStrideWord + operand_index * kIndexerDims + dim];
}

TEST(StridedIndexer, BroadcastRowCollapsesToTwoDimensionsWithVectors) {
    // z(4096, 4096) = x(4096, 4096) + y(4096): element strides along the loop shape.
    const LoopOperand operands[3] = {operand({4096, 1}), operand({0, 1}), operand({4096, 1}, true)};
    std::int64_t words[indexer_words(3)];
    ASSERT_EQ(build_indexer(Shape{4096, 4096}, operands, 3, 4, words), 2);
    EXPECT_EQ(words[0], 2);
    EXPECT_EQ(words[1], kIndexerIndex32 | kIndexerVectorOk);
    EXPECT_EQ(words[kIndexerShapeWord], 4096); // innermost first
    EXPECT_EQ(words[kIndexerShapeWord + 1], 4096);
    EXPECT_EQ(stride_of(words, 1, 0), 1);
    EXPECT_EQ(stride_of(words, 1, 1), 0);
    EXPECT_EQ(stride_of(words, 2, 1), 4096);
}

TEST(StridedIndexer, ContiguousAxesMergeAndExtentsOfOneDrop) {
    // (2, 1, 3, 4) C-contiguous everywhere but one operand broadcast over the first axis.
    const LoopOperand operands[2] = {operand({12, 12, 4, 1}), operand({0, 0, 4, 1})};
    std::int64_t words[indexer_words(2)];
    ASSERT_EQ(build_indexer(Shape{2, 1, 3, 4}, operands, 2, 4, words), 2);
    EXPECT_EQ(words[kIndexerShapeWord], 12); // (3, 4) merged
    EXPECT_EQ(words[kIndexerShapeWord + 1], 2);
    EXPECT_EQ(stride_of(words, 1, 1), 0);
    // Identical C-contiguous layouts merge into one dimension.
    const LoopOperand same[2] = {operand({12, 4, 1}), operand({12, 4, 1}, true)};
    ASSERT_EQ(build_indexer(Shape{5, 3, 4}, same, 2, 4, words), 1);
    EXPECT_EQ(words[kIndexerShapeWord], 60);
}

TEST(StridedIndexer, TransposedInputTakesTilesReadDownColumns) {
    // z(64, 128) = x.T + y with x (128, 64): x's strides along the loop are (1, 64).
    const LoopOperand operands[3] = {operand({1, 64}), operand({128, 1}), operand({128, 1}, true)};
    std::int64_t words[indexer_words(3)];
    ASSERT_EQ(build_indexer(Shape{64, 128}, operands, 3, 4, words), 2);
    EXPECT_EQ(words[1], kIndexerIndex32 | kIndexerTiled);
    const std::int64_t* access = words + kIndexerStrideWord + 3 * kIndexerDims;
    EXPECT_EQ(access[0], kTileColumns);
    EXPECT_EQ(access[1], kTileRows);
    EXPECT_EQ(access[2], kTileRows);
    // Extents that do not divide into 4 x 4 tiles, or a misaligned array: no tiles.
    ASSERT_EQ(build_indexer(Shape{66, 128}, operands, 3, 4, words), 2);
    EXPECT_EQ(words[1], kIndexerIndex32);
    LoopOperand misaligned[3] = {operand({1, 64}), operand({128, 1}), operand({128, 1}, true)};
    misaligned[0].vector_aligned = false;
    ASSERT_EQ(build_indexer(Shape{64, 128}, misaligned, 3, 4, words), 2);
    EXPECT_EQ(words[1] & kIndexerTiled, 0);
}

TEST(StridedIndexer, UnmergeableLayoutsReportTheirDimensionCount) {
    // Reversed axes of a 9-d array of extent-2 axes: no neighbours merge.
    LoopOperand reversed{};
    Shape shape;
    for (int axis = 0; axis < 9; ++axis) {
        shape.push_back(2);
        reversed.strides[axis] = std::int64_t{1} << axis;
    }
    std::int64_t words[indexer_words(1)];
    EXPECT_EQ(build_indexer(shape, &reversed, 1, 4, words), 9);
}

} // namespace
