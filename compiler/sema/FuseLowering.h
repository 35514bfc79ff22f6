// The lowering of one instance of a fused function (`fuse`, language.md section 5): its
// expressions, with the parameters' types of that instance, typed by NumPy 2's rules
// (FusePromotion.h) and rewritten into an elementwise body whose explicit casts make C's
// arithmetic give NumPy's results. CheckFuse.cpp runs it per instance (and per candidate type of
// an implicit placeholder) and hands the body to the BodyChecker. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/FuseReduction.h"

#include <set>
#include <string>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// Appends to `body` the statements computing every result of `def` into the outputs named
/// `outputs`, the parameters having the types of `params`; `result_types` gets each result's
/// type. `module_kernels` are the names of the module's kernels and fused functions; a call of
/// one of `module`'s elementwise kernels is inlined (FuseLowerKernelCall.cpp), any other is
/// reported. Errors go to `diags`, or are only noted when it is null (trying a type). False
/// after an error.
bool lower_fuse_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                         const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                         ast::BlockStmt& body, const std::vector<std::string>& outputs,
                         std::vector<ScalarType>& result_types,
                         const ast::Module* module = nullptr);

/// The same for a definition with a reduction (fuse_has_reduction): its pieces into `lowered`,
/// its results assigned to the outputs named `outputs` at the end of the post-operations.
bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::vector<std::string>& outputs,
                                   FuseReductionLowering& lowered,
                                   const ast::Module* module = nullptr);

/// The same with the one result's output name (several results: CheckFuse.h's
/// fuse_output_names).
bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::string& output,
                                   FuseReductionLowering& lowered,
                                   const ast::Module* module = nullptr);

} // namespace gpucc::sema
