// Semantic analysis of a jit-style kernel (language.md section 3): its signature (shared with the
// other kinds, with no outputs: every parameter is an array `T[] x` or a scalar, and every
// placeholder must be used by an array, whose arguments bind it), then one instance per type
// binding with its body checked as a GridBody (BodyChecker.h, CheckGrid.cpp). Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Sema.h"

#include <optional>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// Checks `def` and builds its kernel IR; nullopt when it cannot be instantiated (its errors are
/// reported). Errors inside an instance are reported too, and the caller sees them in `diags`.
std::optional<kir::GridKernel> check_grid_kernel(const ast::GridKernelDef& def,
                                                 const SemaOptions& options,
                                                 DiagnosticEngine& diags);

} // namespace gpucc::sema
