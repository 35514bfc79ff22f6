// Instantiation of a generic kernel, shared by every kind with placeholders: one instance per
// element of the cartesian product of the placeholders' types (the last placeholder varying
// fastest), each checked with its types bound. For a generic kernel the diagnostics of all
// instances are compared before they are reported: one that every instance makes does not depend
// on the types and is reported once, plainly; one that only some instances make is followed by
// "in instantiation of 'k' with T = ...". Internal to sema/.
#pragma once

#include "compiler/basic/SourceLocation.h"
#include "compiler/kir/KernelIR.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// A placeholder's name and the type it is bound to in one instance.
struct Binding {
    std::string name;
    ScalarType type;
};

/// What an instance is checked with: its bindings (empty for a non-generic kernel), the bound
/// types in placeholder order, and its symbol ("name__float32_int64", or the kernel's name).
struct InstanceKey {
    std::vector<Binding> bindings;
    std::vector<ScalarType> types;
    std::string symbol;
};

/// Calls `check_instance` once per instance, in order, reporting its diagnostics as described
/// above. Every placeholder must list at least one type.
void for_each_instance(std::string_view kernel_name, SourceLocation name_loc,
                       const std::vector<kir::Placeholder>& placeholders, DiagnosticEngine& diags,
                       const std::function<void(const InstanceKey&)>& check_instance);

/// A parameter's type in an instance: its fixed type, or the type bound to its placeholder.
ScalarType bound_type(const std::variant<ScalarType, int>& type,
                      const std::vector<ScalarType>& types);

} // namespace gpucc::sema
