// The runtime's limit on a kernel's argument slots, checked at the .dsl definition before any
// code is generated. One call of an elementwise or reduction kernel passes its arguments through
// slots the launcher keeps inline, at most 48 (ElementwiseLaunch::kMaxSlots and
// ReductionLaunch::kMaxSlots in gpucc/detail/): a non-raw elementwise input takes two (pointer and
// scalar value), any other parameter one, and the loop size one more; a reduction takes one per
// parameter and three more (plan, partials, semaphores). A kernel over the limit compiles, but
// every call of it throws ValueError; an elementwise kernel of 400 outputs took 60-75 s of
// compiler and ptxas time and 1.8 GB (ptxas on its strided entry points) to make that kernel.
// A reduction call also passes at most 16 arrays (abi::kMaxReductionArrays: array inputs,
// outputs and the arrays its post-operation reads); scalars count only as slots. Jit-style
// kernels (and the persistent fused functions, which launch through them) size their slots per
// kernel and have no such limit; the CUDA parameter space bounds them (ParamSpace.h).
#pragma once

#include "compiler/kir/KernelIR.h"

namespace gpucc {

class DiagnosticEngine;

/// Most argument slots of one elementwise or reduction call (the runtime's kMaxSlots).
inline constexpr int kMaxLaunchSlots = 48;

/// Reports, at its definition, each elementwise or reduction kernel of `kernels` that takes more
/// than kMaxLaunchSlots argument slots, and each reduction over abi::kMaxReductionArrays arrays;
/// returns whether there was none.
bool check_launch_slots(const kir::Module& kernels, DiagnosticEngine& diags);

} // namespace gpucc
