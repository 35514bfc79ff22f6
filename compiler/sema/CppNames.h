// The names a module, its kernels and their parameters take must also be usable in the typed C++
// header generated for the module: not C++ keywords, not the header's own names. Sema reports a
// name that is not at its definition, like any other error (headergen decides which names those
// are; the driver passes its rules in SemaOptions).
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/sema/Sema.h"

namespace gpucc::sema {

/// Reports every module, kernel and parameter name of `module` the header cannot use (the module's
/// name is `options.module_name`); returns false when there was one.
bool check_cpp_names(const ast::Module& module, const SemaOptions& options,
                     DiagnosticEngine& diags);

} // namespace gpucc::sema
