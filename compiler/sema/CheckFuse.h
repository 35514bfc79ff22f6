// The check of a fused function (`fuse`, language.md section 5). A fused function becomes an
// elementwise kernel: per instance, its expressions are typed by NumPy 2's rules
// (FusePromotion.h), rewritten into an elementwise body whose explicit casts make C's arithmetic
// give NumPy's results, and that body is checked by the BodyChecker like any other. Everything
// after Sema (code generation for both targets, the launch planner, the header's typed function)
// is then the elementwise kind's. A fused function with a reduction becomes a reduction kernel
// the same way (CheckFuseReduction.cpp). Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Sema.h"
#include "compiler/sema/Signature.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// Checks `def` (a definition of `module` without a reduction) and builds its elementwise kernel;
/// nullopt when its signature cannot be instantiated. Errors are reported to `diags`.
std::optional<kir::ElementwiseKernel> check_fuse(const ast::FuseDef& def, const ast::Module& module,
                                                 const SemaOptions& options,
                                                 DiagnosticEngine& diags);

/// The same for a definition with a reduction (fuse_has_reduction): a reduction kernel whose map
/// is the chain before the reduction and whose post the operations after it
/// (CheckFuseReduction.cpp).
std::optional<kir::ReductionKernel> check_fuse_reduction(const ast::FuseDef& def,
                                                         const ast::Module& module,
                                                         const SemaOptions& options,
                                                         DiagnosticEngine& diags);

// ----- Shared by the two checks -----

/// A fused function's checked signature: untyped parameters given the implicit placeholder
/// (typed by the default types the body accepts), and the names of the module's kernels.
struct FuseSignature {
    CheckedSignature signature;
    std::vector<ast::Param> inputs; ///< as written, the untyped ones naming the placeholder
    std::set<std::string> module_kernels;
};
std::optional<FuseSignature> check_fuse_signature(const ast::FuseDef& def,
                                                  const ast::Module& module,
                                                  const SemaOptions& options,
                                                  DiagnosticEngine& diags);

/// The output names: `out`, or `out0`, `out1`... for several results; an underscore is appended
/// while a name is taken by a parameter or a binding.
std::vector<std::string> fuse_output_names(const ast::FuseDef& def);

/// An output's signature from its type in each instance (`bindings`: each instance's placeholder
/// types): fixed when they agree, a placeholder when it is always that placeholder's type, else
/// the list of the instances' types.
kir::ParamSignature fuse_output_signature(const std::string& name, SourceLocation loc,
                                          const std::vector<ScalarType>& types,
                                          const std::vector<std::vector<ScalarType>>& bindings);

} // namespace gpucc::sema
