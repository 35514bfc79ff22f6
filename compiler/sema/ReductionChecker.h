// Semantic analysis of a reduction kernel (language.md section 2): its signature (shared with
// elementwise kernels, plus `scalar` inputs, no raw parameters, every placeholder bound by an
// array input), its reduce type (`type:`, else the first output's), the clauses it must have,
// then one instance per type binding with each clause checked where it runs: the identity as a
// constant that must fit the reduce type, the map over the inputs' elements, the reduce over `a`
// and `b`, the post over `a` and the outputs (`y = a` when there is one output and no post).
// Internal to sema/.
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
std::optional<kir::ReductionKernel>
check_reduction(const ast::ReductionDef& def, const SemaOptions& options, DiagnosticEngine& diags);

} // namespace gpucc::sema
