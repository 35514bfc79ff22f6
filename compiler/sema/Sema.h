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
    /// The names the generated C++ header cannot use, as the header generator defines them (C++
    /// keywords, the header's own names; `axis` and `keepdims` for a reduction's parameters). Sema
    /// reports a module, kernel or parameter so named at its name, so every --emit stage agrees
    /// on what is valid. The driver sets both; null: every name is usable.
    bool (*is_usable_cpp_name)(const std::string& name) = nullptr;
    /// The same for a kernel's name, which shares a namespace with the header's device images.
    bool (*is_usable_kernel_name)(const std::string& name) = nullptr;
    bool (*is_reduction_wrapper_name)(const std::string& name) = nullptr;
};

/// Checks `module` and builds its kernel IR. Returns nullopt when any error was reported (the
/// errors are in `diags`).
std::optional<kir::Module> analyze_module(const ast::Module& module, const SemaOptions& options,
                                          DiagnosticEngine& diags);

} // namespace gpucc
