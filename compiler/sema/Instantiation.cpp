// Instantiation (Instantiation.h): an odometer over the placeholders' type lists, each instance
// checked with its diagnostics captured, then reported grouped with their notes.
#include "compiler/sema/Instantiation.h"

#include "compiler/diag/Diagnostics.h"

#include <algorithm>
#include <cassert>

namespace gpucc::sema {
namespace {

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

void report_instance_diagnostics(std::string_view kernel_name, SourceLocation name_loc,
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
                diags.push_context(SourceSpan(name_loc, length_of(kernel_name)),
                                   DiagKind::NoteInInstantiation,
                                   {std::string(kernel_name), instance.bindings});
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

/// Past this many instances a kernel is a slow compile (each instance is compiled for every
/// architecture and twice for the host) and a large object: worth a word, since bare
/// placeholders (13 types each) multiply quickly.
constexpr std::size_t kManyInstances = 256;

void warn_if_many_instances(std::string_view kernel_name, SourceLocation name_loc,
                            const std::vector<kir::Placeholder>& placeholders,
                            DiagnosticEngine& diags) {
    std::size_t count = 1;
    std::string product;
    for (const kir::Placeholder& placeholder : placeholders) {
        count *= placeholder.allowed.size();
        product += (product.empty() ? "" : " x ") + placeholder.name + ": " +
                   std::to_string(placeholder.allowed.size());
    }
    if (count > kManyInstances) {
        diags.report(SourceSpan(name_loc, length_of(kernel_name)), DiagKind::ManyInstances,
                     std::string(kernel_name), std::to_string(count), product);
    }
}

} // namespace

ScalarType bound_type(const std::variant<ScalarType, int>& type,
                      const std::vector<ScalarType>& types) {
    if (const ScalarType* fixed = std::get_if<ScalarType>(&type)) {
        return *fixed;
    }
    return types[static_cast<std::size_t>(std::get<int>(type))];
}

void for_each_instance(std::string_view kernel_name, SourceLocation name_loc,
                       const std::vector<kir::Placeholder>& placeholders, DiagnosticEngine& diags,
                       const std::function<void(const InstanceKey&)>& check_instance) {
    assert(std::none_of(placeholders.begin(), placeholders.end(),
                        [](const kir::Placeholder& p) { return p.allowed.empty(); }) &&
           "a checked signature lists at least one type");
    if (placeholders.empty()) {
        check_instance(InstanceKey{{}, {}, std::string(kernel_name)});
        return;
    }
    warn_if_many_instances(kernel_name, name_loc, placeholders, diags);
    std::vector<CheckedInstance> checked;
    // Odometer over the placeholders' type lists, last placeholder fastest.
    std::vector<std::size_t> choice(placeholders.size(), 0);
    while (true) {
        InstanceKey key;
        key.symbol = std::string(kernel_name);
        for (std::size_t k = 0; k < choice.size(); ++k) {
            ScalarType type = placeholders[k].allowed[choice[k]];
            key.types.push_back(type);
            key.bindings.push_back(Binding{placeholders[k].name, type});
            key.symbol += (k == 0 ? "__" : "_");
            key.symbol += numpy_name(type);
        }
        checked.push_back(CheckedInstance{describe_bindings(key.bindings), {}});
        diags.begin_capture(checked.back().diagnostics);
        check_instance(key);
        diags.end_capture();

        std::size_t position = choice.size();
        while (position > 0) {
            --position;
            if (++choice[position] < placeholders[position].allowed.size()) {
                break;
            }
            choice[position] = 0;
            if (position == 0) {
                report_instance_diagnostics(kernel_name, name_loc, checked, diags);
                return;
            }
        }
    }
}

} // namespace gpucc::sema
