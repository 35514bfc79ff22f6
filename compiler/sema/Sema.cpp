// The module level of semantic analysis: the module name, each elementwise kernel's signature
// (placeholders, parameter names and types, outputs) and its instantiation: one instance per
// element of the cartesian product of its placeholders' types, the last placeholder varying
// fastest, each body checked by BodyChecker with the instance's types bound.
#include "compiler/sema/Sema.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/Suggest.h"

#include <algorithm>
#include <cassert>
#include <map>

namespace gpucc {
namespace {

using sema::Binding;

std::uint32_t length_of(std::string_view text) {
    return static_cast<std::uint32_t>(text.size());
}

bool is_placeholder_spelling(std::string_view name) {
    return name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z';
}

std::vector<ScalarType> all_scalar_types() {
    std::vector<ScalarType> types;
    for (int k = 0; k < kNumScalarTypes; ++k) {
        types.push_back(static_cast<ScalarType>(k));
    }
    return types;
}

class SignatureChecker {
public:
    SignatureChecker(const ast::ElementwiseDef& def, const SemaOptions& options,
                     DiagnosticEngine& diags)
        : def_(def), options_(options), diags_(diags) {}

    /// Fills the kernel's name, placeholders and params, reporting every error. Returns whether
    /// the signature is complete enough to check the body (every type resolved), which it may be
    /// despite errors such as a reserved parameter name.
    bool check(kir::ElementwiseKernel& kernel) {
        kernel.name = def_.name;
        kernel.loc = def_.name_loc;
        bool complete = check_placeholders(kernel);
        std::map<std::string, SourceLocation> seen;
        for (const auto* list : {&def_.inputs, &def_.outputs}) {
            kir::ParamRole role =
                list == &def_.inputs ? kir::ParamRole::Input : kir::ParamRole::Output;
            for (const ast::Param& param : *list) {
                complete = check_param(param, role, kernel, seen) && complete;
            }
        }
        if (def_.outputs.empty()) {
            diags_.report(SourceSpan(def_.name_loc, length_of(def_.name)), DiagKind::NoOutputs,
                          def_.name);
        }
        for (std::size_t k = 0; k < kernel.placeholders.size(); ++k) {
            bool used = false;
            for (const kir::ParamSignature& param : kernel.params) {
                const int* index = std::get_if<int>(&param.type);
                used = used || (index != nullptr && *index == static_cast<int>(k));
            }
            bool repeated = false;
            for (std::size_t earlier = 0; earlier < k; ++earlier) {
                repeated =
                    repeated || kernel.placeholders[earlier].name == kernel.placeholders[k].name;
            }
            if (!used && !repeated) {
                const kir::Placeholder& placeholder = kernel.placeholders[k];
                diags_.report(SourceSpan(placeholder.loc, 1), DiagKind::PlaceholderUnused,
                              placeholder.name);
            }
        }
        return complete;
    }

private:
    /// False when instances cannot be formed (a repeated placeholder, or no valid type listed).
    bool check_placeholders(kir::ElementwiseKernel& kernel) {
        bool complete = true;
        for (const ast::Placeholder& declared : def_.placeholders) {
            SourceSpan span(declared.loc, length_of(declared.name));
            if (!is_placeholder_spelling(declared.name)) {
                diags_.report(span, DiagKind::PlaceholderName, declared.name);
            }
            for (const kir::Placeholder& earlier : kernel.placeholders) {
                if (earlier.name == declared.name) {
                    diags_.report(span, DiagKind::PlaceholderRedeclared, declared.name);
                    complete = false;
                }
            }
            kir::Placeholder placeholder{declared.name, {}, declared.loc};
            for (const ast::TypeName& type_name : declared.allowed) {
                std::optional<ScalarType> type = resolve_signature_type(type_name);
                if (!type) {
                    continue;
                }
                bool repeated = false;
                for (ScalarType earlier : placeholder.allowed) {
                    repeated = repeated || earlier == *type;
                }
                if (repeated) {
                    diags_.report(SourceSpan(type_name.loc, type_name.length),
                                  DiagKind::PlaceholderTypeRepeated, type_name.spelling,
                                  declared.name);
                    continue;
                }
                placeholder.allowed.push_back(*type);
            }
            if (declared.allowed.empty()) {
                for (ScalarType type : options_.default_dtypes.empty() ? all_scalar_types()
                                                                       : options_.default_dtypes) {
                    if (std::find(placeholder.allowed.begin(), placeholder.allowed.end(), type) ==
                        placeholder.allowed.end()) {
                        placeholder.allowed.push_back(type);
                    }
                }
            }
            complete = complete && !placeholder.allowed.empty();
            kernel.placeholders.push_back(std::move(placeholder));
        }
        return complete;
    }

    /// A NumPy type name. C names get a message naming the NumPy spelling to use.
    std::optional<ScalarType> resolve_signature_type(const ast::TypeName& type_name) {
        if (std::optional<ScalarType> type = scalar_type_from_name(type_name.spelling, false)) {
            return type;
        }
        SourceSpan span(type_name.loc, type_name.length);
        if (std::optional<ScalarType> c_type = scalar_type_from_name(type_name.spelling, true)) {
            diags_.report(span, DiagKind::CTypeInSignature, type_name.spelling,
                          numpy_name(*c_type));
            return std::nullopt;
        }
        std::vector<std::string> candidates;
        for (ScalarType type : all_scalar_types()) {
            candidates.emplace_back(numpy_name(type));
        }
        if (std::optional<std::string> suggestion =
                sema::closest_name(type_name.spelling, candidates)) {
            diags_.report(span, DiagKind::UnknownTypeSuggest, type_name.spelling, *suggestion);
        } else {
            diags_.report(span, DiagKind::UnknownType, type_name.spelling);
        }
        return std::nullopt;
    }

    /// Reports errors of one parameter; false when its type could not be resolved.
    bool check_param(const ast::Param& param, kir::ParamRole role, kir::ElementwiseKernel& kernel,
                     std::map<std::string, SourceLocation>& seen) {
        SourceSpan span(param.loc, length_of(param.name));
        if (param.name == "i") {
            diags_.report(span, DiagKind::ReservedParamName, param.name,
                          "'i' is the element index");
        } else if (param.name.starts_with("_")) {
            diags_.report(span, DiagKind::ReservedParamName, param.name,
                          "names starting with '_' are reserved");
        } else if (scalar_type_from_name(param.name, true)) {
            diags_.report(span, DiagKind::ReservedParamName, param.name, "it is a type name");
        } else if (auto earlier = seen.find(param.name); earlier != seen.end()) {
            diags_.report(span, DiagKind::ParamRedeclared, param.name);
            diags_.report(SourceSpan(earlier->second, length_of(param.name)),
                          DiagKind::NotePreviousParam, param.name);
        } else {
            seen.emplace(param.name, param.loc);
        }

        kir::ParamSignature signature{param.name, ScalarType::Float32, role, param.is_raw,
                                      param.loc};
        bool resolved = false;
        for (std::size_t k = 0; k < def_.placeholders.size(); ++k) {
            if (def_.placeholders[k].name == param.type.spelling) {
                signature.type = static_cast<int>(k);
                resolved = true;
                break;
            }
        }
        if (!resolved && is_placeholder_spelling(param.type.spelling)) {
            diags_.report(SourceSpan(param.type.loc, 1), DiagKind::UndeclaredPlaceholder,
                          param.type.spelling);
            return false;
        }
        if (!resolved) {
            std::optional<ScalarType> type = resolve_signature_type(param.type);
            if (!type) {
                return false;
            }
            signature.type = *type;
        }
        kernel.params.push_back(std::move(signature));
        return true;
    }

    const ast::ElementwiseDef& def_;
    const SemaOptions& options_;
    DiagnosticEngine& diags_;
};

/// "T = float32, U = int64"
std::string describe_bindings(const std::vector<Binding>& bindings) {
    std::string text;
    for (const Binding& binding : bindings) {
        text += text.empty() ? "" : ", ";
        text += binding.name + " = " + std::string(numpy_name(binding.type));
    }
    return text;
}

struct CheckedInstance {
    std::string bindings; ///< "T = float32"
    std::vector<Diagnostic> diagnostics;
};

/// An error or warning with the notes that follow it.
using DiagnosticGroup = std::vector<const Diagnostic*>;

std::vector<DiagnosticGroup> group_diagnostics(const std::vector<Diagnostic>& diagnostics) {
    std::vector<DiagnosticGroup> groups;
    for (const Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity != Severity::Note || groups.empty()) {
            groups.emplace_back();
        }
        groups.back().push_back(&diagnostic);
    }
    return groups;
}

bool same_diagnostic(const Diagnostic& a, const Diagnostic& b) {
    return a.kind == b.kind && a.message == b.message &&
           a.span.begin.file_id == b.span.begin.file_id && a.span.begin.line == b.span.begin.line &&
           a.span.begin.column == b.span.begin.column;
}

/// Reports what the instances of a generic kernel found: a diagnostic every instance reported
/// does not depend on the types and is reported once, plainly; one that only some instances
/// reported is followed by "in instantiation of 'k' with T = ...".
void report_instance_diagnostics(const ast::ElementwiseDef& def,
                                 const std::vector<CheckedInstance>& checked,
                                 DiagnosticEngine& diags) {
    auto in_every_instance = [&](const Diagnostic& diagnostic) {
        return std::all_of(checked.begin(), checked.end(), [&](const CheckedInstance& other) {
            return std::any_of(other.diagnostics.begin(), other.diagnostics.end(),
                               [&](const Diagnostic& d) { return same_diagnostic(d, diagnostic); });
        });
    };
    for (const CheckedInstance& instance : checked) {
        for (const DiagnosticGroup& group : group_diagnostics(instance.diagnostics)) {
            bool everywhere = in_every_instance(*group.front());
            if (!everywhere) {
                diags.push_context(SourceSpan(def.name_loc, length_of(def.name)),
                                   DiagKind::NoteInInstantiation, {def.name, instance.bindings});
            }
            for (const Diagnostic* diagnostic : group) {
                diags.report_diagnostic(*diagnostic);
            }
            if (!everywhere) {
                diags.pop_context();
            }
        }
    }
}

void instantiate(const ast::ElementwiseDef& def, kir::ElementwiseKernel& kernel,
                 DiagnosticEngine& diags) {
    std::vector<CheckedInstance> checked;
    assert(std::none_of(kernel.placeholders.begin(), kernel.placeholders.end(),
                        [](const kir::Placeholder& p) { return p.allowed.empty(); }) &&
           "a checked signature lists at least one type");
    // Odometer over the placeholders' type lists, last placeholder fastest.
    std::vector<std::size_t> choice(kernel.placeholders.size(), 0);
    while (true) {
        kir::ElementwiseInstance instance;
        std::vector<Binding> bindings;
        instance.symbol = kernel.name;
        for (std::size_t k = 0; k < choice.size(); ++k) {
            ScalarType type = kernel.placeholders[k].allowed[choice[k]];
            instance.bindings.push_back(type);
            bindings.push_back(Binding{kernel.placeholders[k].name, type});
            instance.symbol += (k == 0 ? "__" : "_");
            instance.symbol += numpy_name(type);
        }
        for (const kir::ParamSignature& signature : kernel.params) {
            ScalarType type =
                std::holds_alternative<ScalarType>(signature.type)
                    ? std::get<ScalarType>(signature.type)
                    : instance.bindings[static_cast<std::size_t>(std::get<int>(signature.type))];
            instance.params.push_back(
                kir::Param{signature.name, type, signature.role, signature.is_raw, signature.loc});
        }
        if (bindings.empty()) {
            sema::BodyChecker(def, bindings, instance, diags).check();
        } else {
            checked.push_back(CheckedInstance{describe_bindings(bindings), {}});
            diags.begin_capture(checked.back().diagnostics);
            sema::BodyChecker(def, bindings, instance, diags).check();
            diags.end_capture();
        }
        kernel.instances.push_back(std::move(instance));

        std::size_t position = choice.size();
        while (position > 0) {
            --position;
            if (++choice[position] < kernel.placeholders[position].allowed.size()) {
                break;
            }
            choice[position] = 0;
            if (position == 0) {
                report_instance_diagnostics(def, checked, diags);
                return;
            }
        }
        if (choice.empty()) {
            return;
        }
    }
}

} // namespace

std::optional<kir::Module> analyze_module(const ast::Module& module, const SemaOptions& options,
                                          DiagnosticEngine& diags) {
    unsigned errors_before = diags.error_count();
    kir::Module result;
    if (!options.module_name_override.empty()) {
        result.name = options.module_name_override;
    } else if (module.name) {
        result.name = *module.name;
    } else {
        result.name = options.default_module_name;
    }
    if (module.name_loc.is_valid()) {
        result.source_path = diags.sources().path(module.name_loc.file_id);
    } else if (!module.elementwise.empty()) {
        result.source_path = diags.sources().path(module.elementwise.front().loc.file_id);
    }

    std::map<std::string, SourceLocation> kernel_names;
    for (const ast::ElementwiseDef& def : module.elementwise) {
        if (auto earlier = kernel_names.find(def.name); earlier != kernel_names.end()) {
            diags.report(SourceSpan(def.name_loc, length_of(def.name)), DiagKind::KernelRedefined,
                         def.name);
            diags.report(SourceSpan(earlier->second, length_of(def.name)),
                         DiagKind::NotePreviousDefinition, def.name);
            continue;
        }
        kernel_names.emplace(def.name, def.name_loc);
        kir::ElementwiseKernel kernel;
        if (!SignatureChecker(def, options, diags).check(kernel)) {
            continue;
        }
        instantiate(def, kernel, diags);
        result.elementwise.push_back(std::move(kernel));
    }
    if (diags.error_count() != errors_before) {
        return std::nullopt;
    }
    return result;
}

} // namespace gpucc
