// Building the words of a reduction plan (gpucc/detail/reduction_plan.h) from what a call knows:
// the broadcast input shape, which of its axes are reduced, every array operand's element strides,
// the inputs' alignment, the kernel's vector width and the device. It exists apart from
// ReductionLaunch so that the plan — dimension collapsing and ordering, 32-bit indexing, the
// thread strategy and the slices, all of which the GPU kernel trusts — is a pure function that
// the unit tests check word by word without a GPU. Private to the runtime.
#pragma once

#include "gpucc/array/shape.h"
#include "gpucc/detail/reduction_plan.h"

#include <cstdint>

namespace gpucc::detail {

/// Most array operands (inputs and outputs) of one plan: ReductionLaunch::kMaxOperands and the
/// position operand (reduction_plan.h).
inline constexpr int kMaxReducePlanOperands = 17;

/// One array operand of a reduction as the plan sees it.
struct ReducePlanOperand {
    /// Element strides along every axis of the broadcast input shape. Inputs: 0 where broadcast.
    /// Outputs: their strides along the kept axes; the entries of reduced axes are ignored.
    std::int64_t strides[kMaxNdim];
    /// Inputs: the address is aligned to vector_width elements (ignored for outputs).
    bool vector_aligned;
};

/// What the plan depends on.
struct ReducePlanRequest {
    const char* kernel_name; ///< for error messages
    Shape shape;             ///< the array inputs broadcast together
    const bool* reduced;     ///< per axis of `shape`: whether it is reduced
    const ReducePlanOperand* inputs;
    int input_count; ///< array inputs (>= 1)
    const ReducePlanOperand* outputs;
    int output_count;
    int vector_width; ///< the kernel's reduce_vector_width (>= 1)
    int sm_count;     ///< multiprocessors of the GPU; 0 for the CPU (one slice)
};

/// Writes the plan's reduce_plan_words(input_count, output_count) words to `words`. Requires
/// M (the product of the kept extents) >= 1. ValueError naming the kernel when a group of
/// dimensions still has more than kReduceDims after collapsing.
void build_reduction_plan(const ReducePlanRequest& request, std::int64_t* words);

/// The GPU grid of a plan: (ceil(M / Ob), S).
struct ReduceGrid {
    std::int64_t x;
    std::int64_t y;
};
ReduceGrid reduction_grid(const std::int64_t* words);

} // namespace gpucc::detail
