// The signature check shared by elementwise and reduction kernels (Signature.h): placeholders
// first (their names and type lists, a bare `<T>` standing for the default types), then each
// parameter's name and type, then the outputs and, where asked, the placeholders' use.
#include "compiler/sema/Signature.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/Suggest.h"

#include <algorithm>
#include <map>

namespace gpucc::sema {
namespace {

std::vector<ScalarType> all_scalar_types() {
    std::vector<ScalarType> types;
    for (int k = 0; k < kNumScalarTypes; ++k) {
        types.push_back(static_cast<ScalarType>(k));
    }
    return types;
}

/// A NumPy type name. C names get a message naming the NumPy spelling to use.
std::optional<ScalarType> resolve_numpy_type(const ast::TypeName& type_name,
                                             DiagnosticEngine& diags) {
    if (std::optional<ScalarType> type = scalar_type_from_name(type_name.spelling, false)) {
        return type;
    }
    SourceSpan span(type_name.loc, type_name.length);
    if (std::optional<ScalarType> c_type = scalar_type_from_name(type_name.spelling, true)) {
        diags.report(span, DiagKind::CTypeInSignature, type_name.spelling, numpy_name(*c_type));
        return std::nullopt;
    }
    std::vector<std::string> candidates;
    for (ScalarType type : all_scalar_types()) {
        candidates.emplace_back(numpy_name(type));
    }
    if (std::optional<std::string> suggestion = closest_name(type_name.spelling, candidates)) {
        diags.report(span, DiagKind::UnknownTypeSuggest, type_name.spelling, *suggestion);
    } else {
        diags.report(span, DiagKind::UnknownType, type_name.spelling);
    }
    return std::nullopt;
}

class SignatureChecker {
public:
    SignatureChecker(const SignatureSource& source, const SemaOptions& options,
                     DiagnosticEngine& diags)
        : source_(source), options_(options), diags_(diags) {}

    bool check(CheckedSignature& out) {
        bool complete = check_placeholders(out);
        std::map<std::string, SourceLocation> seen;
        for (const auto* list : {&source_.inputs, &source_.outputs}) {
            kir::ParamRole role =
                list == &source_.inputs ? kir::ParamRole::Input : kir::ParamRole::Output;
            for (const ast::Param& param : *list) {
                complete = check_param(param, role, out, seen) && complete;
            }
        }
        if (source_.outputs.empty() && source_.require_outputs) {
            diags_.report(SourceSpan(source_.name_loc, length_of(source_.name)),
                          DiagKind::NoOutputs, source_.kind, source_.name);
        }
        if (source_.check_placeholder_use) {
            report_unused_placeholders(out);
        }
        return complete;
    }

private:
    void report_unused_placeholders(const CheckedSignature& out) {
        for (std::size_t k = 0; k < out.placeholders.size(); ++k) {
            bool used = false;
            for (const kir::ParamSignature& param : out.params) {
                const int* index = std::get_if<int>(&param.type);
                used = used || (index != nullptr && *index == static_cast<int>(k));
            }
            bool repeated = false;
            for (std::size_t earlier = 0; earlier < k; ++earlier) {
                repeated = repeated || out.placeholders[earlier].name == out.placeholders[k].name;
            }
            if (!used && !repeated) {
                const kir::Placeholder& placeholder = out.placeholders[k];
                diags_.report(SourceSpan(placeholder.loc, 1), DiagKind::PlaceholderUnused,
                              placeholder.name);
            }
        }
    }

    /// False when instances cannot be formed (a repeated placeholder, or no valid type listed).
    bool check_placeholders(CheckedSignature& out) {
        bool complete = true;
        for (const ast::Placeholder& declared : source_.placeholders) {
            SourceSpan span(declared.loc, length_of(declared.name));
            if (!is_placeholder_spelling(declared.name)) {
                diags_.report(span, DiagKind::PlaceholderName, declared.name);
            }
            for (const kir::Placeholder& earlier : out.placeholders) {
                if (earlier.name == declared.name) {
                    diags_.report(span, DiagKind::PlaceholderRedeclared, declared.name);
                    complete = false;
                }
            }
            kir::Placeholder placeholder{declared.name, {}, declared.loc};
            for (const ast::TypeName& type_name : declared.allowed) {
                std::optional<ScalarType> type = resolve_numpy_type(type_name, diags_);
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
            out.placeholders.push_back(std::move(placeholder));
        }
        return complete;
    }

    /// Reports errors of one parameter; false when its type could not be resolved.
    bool check_param(const ast::Param& param, kir::ParamRole role, CheckedSignature& out,
                     std::map<std::string, SourceLocation>& seen) {
        SourceSpan span(param.loc, length_of(param.name));
        auto reserved = std::find_if(source_.reserved_names.begin(), source_.reserved_names.end(),
                                     [&](const auto& entry) { return entry.first == param.name; });
        if (param.name == "i" && source_.reserve_i) {
            diags_.report(span, DiagKind::ReservedParamName, param.name,
                          "'i' is the element index");
        } else if (reserved != source_.reserved_names.end()) {
            diags_.report(span, DiagKind::ReservedParamName, param.name, reserved->second);
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

        std::optional<std::variant<ScalarType, int>> type =
            resolve_signature_type(param.type, source_.placeholders, diags_);
        if (!type) {
            return false;
        }
        kir::ParamSignature signature{param.name, *type, role, param.is_raw, param.loc};
        signature.is_scalar = param.is_scalar;
        out.params.push_back(std::move(signature));
        return true;
    }

    const SignatureSource& source_;
    const SemaOptions& options_;
    DiagnosticEngine& diags_;
};

} // namespace

bool is_placeholder_spelling(std::string_view name) {
    return name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z';
}

std::optional<std::variant<ScalarType, int>>
resolve_signature_type(const ast::TypeName& type, const std::vector<ast::Placeholder>& placeholders,
                       DiagnosticEngine& diags) {
    for (std::size_t k = 0; k < placeholders.size(); ++k) {
        if (placeholders[k].name == type.spelling) {
            return static_cast<int>(k);
        }
    }
    if (is_placeholder_spelling(type.spelling)) {
        diags.report(SourceSpan(type.loc, 1), DiagKind::UndeclaredPlaceholder, type.spelling);
        return std::nullopt;
    }
    if (std::optional<ScalarType> scalar = resolve_numpy_type(type, diags)) {
        return *scalar;
    }
    return std::nullopt;
}

bool check_signature(const SignatureSource& source, const SemaOptions& options,
                     DiagnosticEngine& diags, CheckedSignature& out) {
    return SignatureChecker(source, options, diags).check(out);
}

} // namespace gpucc::sema
