// Lowers one instance of a reduction kernel from the kernel IR to LLVM: for the GPU, one kernel
// that maps, reduces within each thread, across the threads of a block (warp shuffles, or shared
// memory when the reducing threads are not in one warp) and across blocks (partials and a
// last-block finish), then runs post; for the host, the three functions the runtime drives (a
// partial over a range of reduced positions, a combine, a finish). The argument slots, the plan
// the kernel reads and the thread mapping are in KernelAbi.h and the runtime's
// gpucc/detail/reduction_plan.h.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/Module.h>

namespace gpucc {

/// Emits the GPU kernel of `instance` (target Nvptx), or its host functions for `isa` (target
/// Host: the partial loop for every isa, combine and finish with the baseline one only) into
/// `module`, whose data layout must be set.
void emit_reduction_kernel(const kir::ReductionInstance& instance, CodegenTarget target,
                           llvm::Module& module, HostIsa isa = HostIsa::X86_64);

} // namespace gpucc
