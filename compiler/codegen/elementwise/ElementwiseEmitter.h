// Lowers one instance of an elementwise kernel from the kernel IR to an LLVM function, for the
// GPU or for the host. The body is emitted once per element; around it goes the loop that gives
// each thread its elements:
//
//  - NVPTX: a grid-stride loop. When every array is aligned for it, each thread handles
//    `elements_per_thread` consecutive elements with one vector load or store per array
//    (16 bytes for float32), then a scalar grid-stride loop finishes the tail.
//  - Host: a plain loop over [begin, end), which LLVM's loop vectorizer turns into SIMD code.
//
// An input that may be a scalar (its pointer slot is null) would put a branch in every load; for
// up to three such inputs the loop is specialized for each combination of scalar and array
// inputs, chosen once at entry, so the hot loop has straight-line loads.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

namespace gpucc {

/// Emits the entry point of `instance` for `target` into `module` (whose data layout must be
/// set) and returns it; a host entry point is built for `isa` (a function attribute, so one
/// module holds every level). See KernelAbi.h for the argument slots.
llvm::Function* emit_elementwise_kernel(const kir::ElementwiseInstance& instance,
                                        CodegenTarget target, llvm::Module& module,
                                        HostIsa isa = HostIsa::X86_64,
                                        EntryKind entry = EntryKind::Contiguous);

} // namespace gpucc
