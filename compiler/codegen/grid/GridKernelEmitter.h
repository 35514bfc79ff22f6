// Lowers one instance of a jit-style kernel (`kernel`, language.md section 3) to an LLVM
// function. Unlike the other kinds, the kernel's body is the thread: on the GPU the entry point
// runs it once per thread of the launch the caller shaped, reading its coordinates from the
// special registers; on the host the function loops over the blocks it is given and, inside each,
// over the block's threads (x fastest), so a kernel without barriers, shared memory or shuffles
// means the same on both targets. Argument slots are in GridKernelAbi.h.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

namespace gpucc {

/// Emits entry point `entry` (Contiguous, or Strided where grid_has_strided_entry) of `instance`
/// for `target` into `module` and returns it; nullptr for the host target when the instance has
/// no host version (grid_runs_on_host).
llvm::Function* emit_grid_kernel(const kir::GridKernelInstance& instance, CodegenTarget target,
                                 llvm::Module& module, HostIsa isa = HostIsa::X86_64,
                                 EntryKind entry = EntryKind::Contiguous);

} // namespace gpucc
