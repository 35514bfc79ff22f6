// Semantic analysis: from the syntax tree to the kernel IR. It resolves type names and
// placeholders, checks signatures (reserved and duplicate names, outputs), instantiates each
// generic kernel once per element of the cartesian product of its placeholders' types, and checks
// each instance's code with C's typing rules, making every implicit conversion an explicit cast:
// an elementwise kernel's body, a reduction kernel's identity, map, reduce and post clauses.
// Errors are reported to the DiagnosticEngine, many per run, each at the column it concerns.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"
#include "compiler/kir/KernelIR.h"

#include <optional>
#include <string>
#include <vector>

namespace gpucc {

class DiagnosticEngine;

struct SemaOptions {
    /// What a bare `<T>` stands for; empty: all 13 scalar types, in ScalarType order.
    std::vector<ScalarType> default_dtypes;
    /// The module's name, decided by the driver: the command line's, else the file's `module`
    /// declaration, else the file's stem.
    std::string module_name;
};

/// Checks `module` and builds its kernel IR. Returns nullopt when any error was reported (the
/// errors are in `diags`).
std::optional<kir::Module> analyze_module(const ast::Module& module, const SemaOptions& options,
                                          DiagnosticEngine& diags);

} // namespace gpucc
