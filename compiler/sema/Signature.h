// The signature check shared by every kernel kind that has placeholders and parameters
// (elementwise and reduction kernels): placeholder names and type lists, parameter names
// (reserved, repeated) and types (NumPy names, declared placeholders), at least one output. The
// kind's own rules (raw parameters, `scalar` parameters, what a placeholder must be bound by) are
// checked by the kind's checker after this. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Sema.h"

#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// What the signature check reads of a definition.
struct SignatureSource {
    std::string_view kind; ///< "elementwise", "reduction": for messages
    const std::string& name;
    SourceLocation name_loc;
    const std::vector<ast::Placeholder>& placeholders;
    const std::vector<ast::Param>& inputs;
    const std::vector<ast::Param>& outputs;
    /// Parameter names this kind reserves besides `i`, `_...` and type names, each with the
    /// reason the message gives.
    std::vector<std::pair<std::string_view, std::string_view>> reserved_names;
    /// Report placeholders no parameter uses (a kind with other uses checks them itself).
    bool check_placeholder_use = true;
    /// Report a kernel without outputs (jit-style kernels have none: every parameter is an input).
    bool require_outputs = true;
    /// `i` is the element index, not a parameter name (elementwise and reduction kernels).
    bool reserve_i = true;
};

struct CheckedSignature {
    std::vector<kir::Placeholder> placeholders;
    std::vector<kir::ParamSignature> params; ///< inputs then outputs; unresolved ones left out
};

/// Checks the signature into `out`, reporting every error. Returns whether it is complete enough
/// to instantiate (every placeholder has types, every parameter type resolved), which it may be
/// despite errors such as a reserved parameter name.
bool check_signature(const SignatureSource& source, const SemaOptions& options,
                     DiagnosticEngine& diags, CheckedSignature& out);

/// A type as a signature spells it: a declared placeholder (its index into `placeholders`) or a
/// NumPy type name. Reports an undeclared placeholder, a C type name (naming the NumPy one) or an
/// unknown name, and returns nullopt.
std::optional<std::variant<ScalarType, int>>
resolve_signature_type(const ast::TypeName& type, const std::vector<ast::Placeholder>& placeholders,
                       DiagnosticEngine& diags);

/// A single capital letter: how a placeholder is spelled.
bool is_placeholder_spelling(std::string_view name);

} // namespace gpucc::sema
