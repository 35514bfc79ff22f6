// The plan of a reduction launch, as int64 words: written by the runtime
// (runtime/src/launch/reduction_plan.cpp; gpucc/detail/reduction_plan.h explains the thread
// mapping and the slices) and read by the reduction kernels the compiler generates. This header
// is the one statement of the words; both sides include it, so it depends on nothing but
// <cstdint>.
//
// Words: flags, outputs, elements reduced per output, input size, outer ndim, reduce ndim, lane
// shift, output shift, slices, slice length (words 0-9); from word 16 the outer extents, their
// 32-bit divisors and each operand's outer strides (kReduceDims each); then the reduce extents,
// their divisors and each array input's reduce strides.
#pragma once

#include <cstdint>

namespace gpucc::abi {

/// Most array operands of one reduction call: its array inputs, its outputs and the arrays its
/// post-operation reads (ReductionLaunch::kMaxOperands). gpucc refuses, at the .dsl definition, a
/// reduction that needs more (compiler/target/LaunchSlots.h): every call of it would throw.
inline constexpr int kMaxReductionArrays = 16;

inline constexpr int kReduceDims = 8;

/// Flags of word 0. Index32: every offset fits 32 bits. LanesFirst: the lanes kernel's thread
/// mapping (otherwise the rows kernel's). Vector: lanes read vectors of reduce_vector_width.
inline constexpr std::int64_t kReduceIndex32 = 1;
inline constexpr std::int64_t kReduceLanesFirst = 2;
inline constexpr std::int64_t kReduceVector = 4;

inline constexpr int kReducePlanFlags = 0;
inline constexpr int kReducePlanOutputs = 1;
inline constexpr int kReducePlanReduced = 2;
inline constexpr int kReducePlanInputSize = 3;
inline constexpr int kReducePlanOuterNdim = 4;
inline constexpr int kReducePlanReduceNdim = 5;
inline constexpr int kReducePlanLaneShift = 6;
inline constexpr int kReducePlanOutputShift = 7;
inline constexpr int kReducePlanSlices = 8;
inline constexpr int kReducePlanSliceLength = 9;
inline constexpr int kReducePlanOuterExtent = 16;
inline constexpr int kReducePlanOuterDivisor = 16 + kReduceDims;
inline constexpr int kReducePlanOuterStride = 16 + 2 * kReduceDims;

/// Threads per block of a reduction launch; the kernel's shared memory is sized for it.
inline constexpr int kReduceBlockSize = 256;

/// First word of the reduce dimensions for a kernel with `array_inputs` array inputs and
/// `outputs` outputs.
constexpr int reduce_plan_reduce_word(int array_inputs, int outputs) {
    return kReducePlanOuterStride + (array_inputs + outputs) * kReduceDims;
}

/// Words of the plan of such a kernel.
constexpr int reduce_plan_words(int array_inputs, int outputs) {
    return reduce_plan_reduce_word(array_inputs, outputs) + 2 * kReduceDims +
           array_inputs * kReduceDims;
}

} // namespace gpucc::abi
