// The jit-style kernels' part of the generated header (`kernel` definitions). Each kernel
// becomes two launchers and an attribute query:
//
//   void k(const gpucc::LaunchConfig& config, args...);   // grid, block, shared bytes, stream
//   void k(gpucc::Dim3 grid, gpucc::Dim3 block, args...);
//   gpucc::KernelAttributes k_attributes<T...>(gpucc::Device device);
//
// An array parameter (`T[] x`, `T[:, :] x`) takes a gpucc::Array or an NDArray, a scalar
// parameter a C++ scalar; a ranked one also passes its rank, which the runtime checks.
// Types are checked at C++ compile time where the arguments carry them: a typed Array of the
// wrong element type (for a fixed type, or for a placeholder another typed Array bound, or one
// the kernel was not compiled for) is a static_assert naming the kernel, the parameter and the
// types. A placeholder that only NDArrays bind is read from the first one's dtype at run time,
// and the instance chosen then; the runtime checks every NDArray's dtype (TypeError).
#include "compiler/abi/GridKernelAbi.h"
#include "compiler/ast/Ast.h"
#include "compiler/headergen/HeaderGenImpl.h"

#include <functional>
#include <string>
#include <vector>

namespace gpucc::headergen {
namespace {

std::string host_pointer(const std::string& module_name, const kir::GridKernelInstance& instance,
                         HostIsa isa, EntryKind entry) {
    return "gpucc::detail::grid_host_entry(&" +
           grid_host_symbol(module_name, instance, isa, entry) + ")";
}

/// KernelRef's HostEntry of one entry point: "{baseline, v3}", or nulls without a host version.
std::string host_entry(const std::string& module_name, const kir::GridKernelInstance& instance,
                       EntryKind entry) {
    bool exists = grid_runs_on_host(instance) &&
                  (entry == EntryKind::Contiguous || grid_has_strided_entry(instance));
    if (!exists) {
        return "{nullptr, nullptr}";
    }
    std::string text = "{";
    text.append(host_pointer(module_name, instance, HostIsa::X86_64, entry));
    text.append(",\n      ");
    text.append(host_pointer(module_name, instance, HostIsa::X86_64_V3, entry));
    text.append("}");
    return text;
}

/// The wrapper's arguments that bind each placeholder (its array parameters).
std::vector<RuntimeBinders> binders_of(const kir::GridKernel& kernel) {
    std::vector<RuntimeBinders> binders(kernel.placeholders.size());
    for (const kir::ParamSignature& param : kernel.params) {
        const int* index = std::get_if<int>(&param.type);
        if (param.is_raw && index != nullptr) {
            binders[*index].types.push_back("In_" + param.name);
            binders[*index].names.push_back(param.name);
        }
    }
    return binders;
}

void write_static_checks(std::ostream& out, const kir::GridKernel& kernel) {
    const std::string& name = kernel.name;
    for (const kir::ParamSignature& param : kernel.params) {
        std::string type = cpp_type_of(kernel.placeholders, param);
        std::string described = described_type_of(kernel.placeholders, param);
        std::string argument = "In_" + param.name;
        if (!param.is_raw) {
            out << "    static_assert(gpucc::detail::is_scalar_argument_v<" << argument << ">, "
                << quoted(name + ": " + param.name + " must be a scalar convertible to " +
                          described)
                << ");\n";
        } else if (std::holds_alternative<ScalarType>(param.type) && param.instance_types.empty()) {
            out << "    static_assert(gpucc::detail::is_grid_array_of_v<" << type << ", "
                << argument << ">, "
                << quoted(name + ": " + param.name + " must be an Array of " + described +
                          " (or an NDArray)")
                << ");\n";
        } else {
            out << "    static_assert(gpucc::detail::is_grid_array_argument_v<" << argument << ">, "
                << quoted(name + ": " + param.name + " must be an Array of " + described +
                          " (or an NDArray)")
                << ");\n";
        }
    }
    write_runtime_placeholder_bindings(out, name, kernel.placeholders, binders_of(kernel), false);
}

/// The lambda that marshals the arguments of one instance and launches it.
void write_run_lambda(std::ostream& out, const kir::GridKernel& kernel) {
    write_run_lambda_head(out, kernel.placeholders, "int gpucc_instance");
    out << "        gpucc::detail::GridKernelLaunch gpucc_launch(" << quoted(kernel.name)
        << ", gpucc_config, " << grid_slot_count(kernel.instances.front()) << ");\n";
    for (const kir::ParamSignature& param : kernel.params) {
        std::string type = cpp_type_of(kernel.placeholders, param);
        out << "        gpucc_launch." << (param.is_raw ? "array<" : "scalar<") << type << ">("
            << quoted(param.name) << ", " << param.name << (param.rank > 0 ? ", " : "")
            << (param.rank > 0 ? std::to_string(param.rank) : std::string()) << ");\n";
    }
    out << "        gpucc_launch.run(gpucc_kernels::" << kernel.name
        << "[gpucc_instance], gpucc_kernels::" << kernel.name << "__gpu_only[gpucc_instance]);\n"
        << "    };\n";
}

void write_launchers(std::ostream& out, const kir::GridKernel& kernel) {
    std::vector<std::string> template_params, function_params, names;
    for (const kir::ParamSignature& param : kernel.params) {
        template_params.push_back("class In_" + param.name);
        function_params.push_back("const In_" + param.name + "& " + param.name);
        names.push_back(param.name);
    }
    std::string templ =
        template_params.empty() ? "" : "template <" + join(template_params, ", ") + ">\n";
    std::string params = function_params.empty() ? "" : ", " + join(function_params, ", ");
    out << "// kernel " << grid_signature_text(kernel) << "\n"
        << templ << "inline void " << kernel.name << "(const gpucc::LaunchConfig& gpucc_config"
        << params << ") {\n";
    write_static_checks(out, kernel);
    write_run_lambda(out, kernel);
    std::vector<std::vector<ScalarType>> instances;
    for (const kir::GridKernelInstance& instance : kernel.instances) {
        instances.push_back(instance.bindings);
    }
    write_placeholder_dispatch(
        out, kernel.name, kernel.placeholders, binders_of(kernel), instances,
        [](const std::string& types, const std::string& index) {
            return types.empty() ? "gpucc_run(" + index + ")"
                                 : "gpucc_run.template operator()<" + types + ">(" + index + ")";
        },
        false);
    out << "}\n\n"
        << templ << "inline void " << kernel.name
        << "(gpucc::Dim3 gpucc_grid, gpucc::Dim3 gpucc_block" << params << ") {\n"
        << "    " << kernel.name << "(gpucc::LaunchConfig{gpucc_grid, gpucc_block, 0, {}}"
        << (names.empty() ? "" : ", " + join(names, ", ")) << ");\n"
        << "}\n\n";

    // The driver's attributes of one instance on one GPU (registers, shared memory, ...).
    std::vector<std::string> placeholder_params;
    for (const kir::Placeholder& placeholder : kernel.placeholders) {
        placeholder_params.push_back("class " + placeholder.name);
    }
    if (!placeholder_params.empty()) {
        out << "template <" << join(placeholder_params, ", ") << ">\n";
    }
    out << "inline gpucc::KernelAttributes " << kernel.name
        << "_attributes(gpucc::Device gpucc_device) {\n";
    for (const kir::Placeholder& placeholder : kernel.placeholders) {
        out << "    static_assert(gpucc::detail::one_of_v<" << placeholder.name << ", "
            << type_list_cpp(placeholder.allowed) << ">, "
            << quoted(kernel.name + "_attributes: " + placeholder.name + " must be one of " +
                      type_list_numpy(placeholder.allowed))
            << ");\n";
    }
    out << "    return gpucc::detail::kernel_attributes(gpucc_kernels::" << kernel.name << "["
        << instance_index(kernel.placeholders) << "], gpucc_device);\n"
        << "}\n\n";
}

} // namespace

void write_run_lambda_head(std::ostream& out, const std::vector<kir::Placeholder>& placeholders,
                           const std::string& params) {
    std::vector<std::string> template_params;
    for (const kir::Placeholder& placeholder : placeholders) {
        template_params.push_back("class " + placeholder.name);
    }
    out << "    auto gpucc_run = [&]";
    if (!template_params.empty()) {
        out << "<" << join(template_params, ", ") << ">";
    }
    out << "(" << params << ") {\n";
}

void write_runtime_placeholder_bindings(std::ostream& out, const std::string& function,
                                        const std::vector<kir::Placeholder>& placeholders,
                                        const std::vector<RuntimeBinders>& binders,
                                        bool scalars_may_bind) {
    for (std::size_t p = 0; p < placeholders.size(); ++p) {
        const kir::Placeholder& placeholder = placeholders[p];
        const std::vector<std::string>& types = binders[p].types;
        const std::vector<std::string>& names = binders[p].names;
        out << "    using " << placeholder.name << " = gpucc::detail::first_array_element_t<"
            << join(types, ", ") << ">;\n";
        if (scalars_may_bind) {
            out << "    static_assert(!std::is_void_v<" << placeholder.name
                << "> || gpucc::detail::first_ndarray_position<" << join(types, ", ")
                << ">() >= 0, "
                << quoted(function + ": cannot infer " + placeholder.name +
                          ": no array is passed for " + join(names, " or ") +
                          " (type placeholders are bound by arrays only)")
                << ");\n";
        }
        out << "    static_assert(std::is_void_v<" << placeholder.name
            << "> || gpucc::detail::one_of_v<" << placeholder.name << ", "
            << type_list_cpp(placeholder.allowed) << ">, "
            << quoted(function + ": " + placeholder.name + " must be one of " +
                      type_list_numpy(placeholder.allowed) + ", the types it was compiled for")
            << ");\n";
        for (std::size_t k = 1; k < types.size(); ++k) {
            out << "    static_assert(gpucc::detail::element_agrees_v<" << placeholder.name << ", "
                << types[k] << ">, "
                << quoted(function + ": " + names[k] + " must be an Array of " + placeholder.name +
                          ", the element type of the other arrays of " + placeholder.name + " (" +
                          join(names, ", ") + ")")
                << ");\n";
        }
    }
}

void write_placeholder_dispatch(
    std::ostream& out, const std::string& function,
    const std::vector<kir::Placeholder>& placeholders, const std::vector<RuntimeBinders>& binders,
    const std::vector<std::vector<ScalarType>>& instances,
    const std::function<std::string(const std::string&, const std::string&)>& call, bool returns) {
    const std::string ret = returns ? "return " : "";
    if (placeholders.empty()) {
        out << "    " << ret << call("", "0") << ";\n";
        return;
    }
    std::vector<std::string> all_static, names;
    for (const kir::Placeholder& placeholder : placeholders) {
        all_static.push_back("!std::is_void_v<" + placeholder.name + ">");
        names.push_back(placeholder.name);
    }
    out << "    if constexpr (" << join(all_static, " && ") << ") {\n"
        << "        " << ret << call(join(names, ", "), instance_index(placeholders)) << ";\n"
        << "    } else {\n";
    for (std::size_t p = 0; p < placeholders.size(); ++p) {
        const kir::Placeholder& placeholder = placeholders[p];
        const std::vector<std::string>& types = binders[p].types;
        std::vector<std::string> quoted_names;
        for (const std::string& binder : binders[p].names) {
            quoted_names.push_back(quoted(binder));
        }
        std::string dtype = "gpucc_" + placeholder.name + "_dtype";
        out << "        const gpucc::DType " << dtype << " = gpucc::detail::placeholder_dtype<"
            << placeholder.name << ">(" << join(binders[p].names, ", ") << ");\n";
        std::vector<std::string> allowed;
        for (ScalarType type : placeholder.allowed) {
            allowed.push_back(dtype + " != gpucc::dtype_of<" + std::string(cpp_name(type)) + ">()");
        }
        out << "        if (" << join(allowed, " && ") << ") {\n"
            << "            constexpr const char* gpucc_names[] = {" << join(quoted_names, ", ")
            << "};\n"
            << "            constexpr int gpucc_at = gpucc::detail::first_ndarray_position<"
            << join(types, ", ") << ">();\n"
            << "            gpucc::detail::throw_grid_placeholder_type(" << quoted(function) << ", "
            << quoted(placeholder.name) << ", " << dtype
            << ", gpucc_names[gpucc_at < 0 ? 0 : gpucc_at], "
            << quoted(type_list_numpy(placeholder.allowed)) << ");\n"
            << "        }\n";
    }
    for (std::size_t k = 0; k < instances.size(); ++k) {
        std::vector<std::string> conditions, types;
        for (std::size_t p = 0; p < placeholders.size(); ++p) {
            std::string type(cpp_name(instances[k][p]));
            conditions.push_back("gpucc_" + placeholders[p].name + "_dtype == gpucc::dtype_of<" +
                                 type + ">()");
            types.push_back(type);
        }
        std::string run = call(join(types, ", "), std::to_string(k));
        out << "        if (" << join(conditions, " && ") << ") {\n";
        if (returns) {
            // The instance is chosen at run time: the result is untyped.
            out << "            return gpucc::NDArray(" << run << ");\n";
        } else {
            out << "            " << run << ";\n"
                << "            return;\n";
        }
        out << "        }\n";
    }
    if (returns) {
        // Unreachable: the dtypes were checked against the instances above.
        out << "        gpucc::detail::throw_grid_placeholder_type(" << quoted(function) << ", "
            << quoted(placeholders.front().name) << ", gpucc_" << placeholders.front().name
            << "_dtype, " << quoted(binders.front().names.empty() ? "" : binders.front().names[0])
            << ", " << quoted(type_list_numpy(placeholders.front().allowed)) << ");\n";
    }
    out << "    }\n";
}

std::string grid_signature_text(const kir::GridKernel& kernel) {
    std::vector<std::string> params;
    for (const kir::ParamSignature& param : kernel.params) {
        std::string text = described_type_of(kernel.placeholders, param);
        if (param.is_raw) {
            text.append(ast::array_brackets(param.rank));
        }
        text.append(" ");
        text.append(param.name);
        params.push_back(text);
    }
    std::string text = kernel.name;
    if (!kernel.placeholders.empty()) {
        std::vector<std::string> declared;
        for (const kir::Placeholder& placeholder : kernel.placeholders) {
            declared.push_back(placeholder.name + ": " + type_list_numpy(placeholder.allowed));
        }
        text += '<' + join(declared, "; ") + '>';
    }
    return text + "(" + join(params, ", ") + ")";
}

void write_grid_includes(std::ostream& out, const kir::Module& module) {
    if (!module.grid_kernels.empty()) {
        out << "#include <gpucc/detail/grid_kernel_launch.h>\n"
            << "#include <gpucc/launch/grid.h>\n";
    }
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        if (kernel.fused_rows) {
            out << "#include <gpucc/detail/fused_rows_launch.h>\n";
            break;
        }
    }
}

void write_grid_declarations(std::ostream& out, const kir::Module& module) {
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        for (const kir::GridKernelInstance& instance : kernel.instances) {
            if (!grid_runs_on_host(instance)) {
                continue;
            }
            for (EntryKind entry : {EntryKind::Contiguous, EntryKind::Strided}) {
                if (entry == EntryKind::Strided && !grid_has_strided_entry(instance)) {
                    continue;
                }
                for (HostIsa isa : kHostIsas) {
                    out << "void " << grid_host_symbol(module.name, instance, isa, entry)
                        << "(void**, const gpucc::detail::HostGridShape*, std::int64_t, "
                           "std::int64_t);\n";
                }
            }
        }
    }
}

void write_grid_table_declarations(std::ostream& out, const kir::Module& module) {
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        out << "extern gpucc::detail::KernelRef " << kernel.name << "[" << kernel.instances.size()
            << "];\n"
            << "extern const char* const " << kernel.name << "__gpu_only["
            << kernel.instances.size() << "];\n";
    }
}

void write_grid_tables(std::ostream& out, const kir::Module& module) {
    std::size_t index = first_grid_instance(module);
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        out << "inline gpucc::detail::KernelRef " << kernel.name << "[] = {\n";
        for (const kir::GridKernelInstance& instance : kernel.instances) {
            out << "    {" << image_of_instance(module, index++) << ", "
                << quoted(grid_gpu_symbol(instance)) << ", "
                << quoted(grid_gpu_symbol(instance, grid_has_strided_entry(instance)
                                                        ? EntryKind::Strided
                                                        : EntryKind::Contiguous))
                << ",\n     " << host_entry(module.name, instance, EntryKind::Contiguous)
                << ",\n     " << host_entry(module.name, instance, EntryKind::Strided) << ", 1},\n";
        }
        out << "};\n"
            << "inline constexpr const char* " << kernel.name << "__gpu_only[] = {";
        for (std::size_t k = 0; k < kernel.instances.size(); ++k) {
            const std::string& feature = kernel.instances[k].gpu_only_feature;
            out << (k == 0 ? "" : ", ") << (feature.empty() ? "nullptr" : quoted(feature));
        }
        out << "};\n";
    }
}

void write_grid_wrappers(std::ostream& out, const kir::Module& module) {
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        write_launchers(out, kernel);
    }
}

} // namespace gpucc::headergen
