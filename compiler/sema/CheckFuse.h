// The check of a fused function (`fuse`, language.md section 5). A fused function becomes an
// elementwise kernel: per instance, its expressions are typed by NumPy 2's rules
// (FusePromotion.h), rewritten into an elementwise body whose explicit casts make C's arithmetic
// give NumPy's results, and that body is checked by the BodyChecker like any other. Everything
// after Sema (code generation for both targets, the launch planner, the header's typed function)
// is then the elementwise kind's. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Sema.h"

#include <optional>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// Checks `def` (a definition of `module`) and builds its elementwise kernel; nullopt when its
/// signature cannot be instantiated. Errors are reported to `diags`.
std::optional<kir::ElementwiseKernel> check_fuse(const ast::FuseDef& def, const ast::Module& module,
                                                 const SemaOptions& options,
                                                 DiagnosticEngine& diags);

} // namespace gpucc::sema
