// What `gpucc --emit=fusion` prints: per fused function, the operations fused into its one kernel
// (each would be one standard-library call, so one launch and one pass over memory, unfused), and
// per instance the arrays it reads and writes and the bytes it moves per element (for one with a
// reduction: the axes it reduces over, the reduce type, bytes per element reduced and per result).
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"

#include <string>

namespace gpucc {

/// The report for the fused functions of `syntax`, whose checked kernels are in `kernels`.
std::string fusion_report(const ast::Module& syntax, const kir::Module& kernels);

} // namespace gpucc
