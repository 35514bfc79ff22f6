// The reduction kernels' part of the generated header, apart from HeaderGen.cpp because a
// reduction's wrapper differs from an elementwise one in every piece: other host functions
// (partial, combine, finish; KernelAbi.h "Reduction kernels"), another kernel table
// (gpucc::detail::ReductionKernelRef), another launch (ReductionLaunch: inputs (post_input for a
// fused function's arrays read after its reduction), then axes, then outputs), and another calling
// form: array inputs take arrays only and `scalar` inputs scalars only, and the call ends with
// CuPy's `axis` and `keepdims`. What the two kinds share (placeholder binding, the instance index,
// text helpers) is in HeaderGenImpl.h. Each reduction kernel becomes
//
//   auto k(inputs..., gpucc::Axis axis = {}, bool keepdims = false);           // returns outputs
//   void k(inputs..., outputs..., gpucc::Axis axis = {}, bool keepdims = false);
//
// The second is constrained to gpucc::Array outputs, so that `k(x, 1)` (an int converts to Axis)
// never picks it. A fused function with a reduction (kir::ReductionKernel::fused) takes neither
// `axis` nor `keepdims`: its definition fixes them.
#include "compiler/abi/KernelAbi.h"
#include "compiler/headergen/HeaderGen.h"
#include "compiler/headergen/HeaderGenImpl.h"

#include <set>
#include <utility>

namespace gpucc::headergen {
namespace {

void write_host_entries(std::ostream& out, const std::string& module_name,
                        const kir::ReductionInstance& instance) {
    auto symbol = [&](ReductionHostEntry entry, HostIsa isa = HostIsa::X86_64) {
        return reduction_host_symbol(module_name, instance, entry, isa);
    };
    out << "{&" << symbol(ReductionHostEntry::Partial) << ", &"
        << symbol(ReductionHostEntry::Partial, HostIsa::X86_64_V3) << ",\n      &"
        << symbol(ReductionHostEntry::Combine) << ", &" << symbol(ReductionHostEntry::Finish)
        << "}";
}

/// The first placeholder no array input binds (empty if none). The front end rejects such
/// kernels today (a reduction's placeholders must be bound by array inputs); should that rule be
/// relaxed for outputs, the allocating form says at C++ compile time that the outputs must be
/// passed, as it does for elementwise kernels.
std::string output_only_placeholder(const kir::ReductionKernel& kernel) {
    for (std::size_t p = 0; p < kernel.placeholders.size(); ++p) {
        bool bound = false;
        for (const kir::ParamSignature& param : kernel.params) {
            bound |= param.role == kir::ParamRole::Input && !param.is_scalar &&
                     std::holds_alternative<int>(param.type) &&
                     std::get<int>(param.type) == static_cast<int>(p);
        }
        if (!bound) {
            return kernel.placeholders[p].name;
        }
    }
    return "";
}

void write_outputs_required(std::ostream& out, const kir::ReductionKernel& kernel,
                            const std::string& placeholder) {
    std::vector<std::string> template_params, template_names, function_params;
    for (const kir::ParamSignature& param : kernel.params) {
        if (param.role == kir::ParamRole::Input) {
            template_names.push_back("In_" + param.name);
            template_params.push_back("class In_" + param.name);
            function_params.push_back("const In_" + param.name + "&");
        }
    }
    if (!kernel.fused) {
        function_params.push_back("gpucc::Axis = {}");
        function_params.push_back("bool = false");
    }
    out << "template <" << join(template_params, ", ") << ">\n"
        << "inline void " << kernel.name << "(" << join(function_params, ", ") << ") {\n"
        << "    static_assert(gpucc::detail::always_false_v<" << join(template_names, ", ") << ">, "
        << quoted(kernel.name + ": cannot infer " + placeholder +
                  ", which only outputs use: pass the outputs after the inputs")
        << ");\n}\n\n";
}

/// The arguments of ReductionLaunch::axes: the caller's, or those a fused function fixes.
std::string axes_argument(const kir::ReductionKernel& kernel) {
    if (!kernel.fused) {
        return "axis, keepdims";
    }
    std::string axes = "gpucc::Axis{";
    if (kernel.fused->axes) {
        for (std::size_t k = 0; k < kernel.fused->axes->size(); ++k) {
            axes += (k == 0 ? "" : ", ") + std::to_string((*kernel.fused->axes)[k]);
        }
    }
    return axes + "}, " + (kernel.fused->keepdims ? "true" : "false");
}

void write_wrapper(std::ostream& out, const kir::ReductionKernel& kernel, bool outputs_given) {
    const std::string& name = kernel.name;
    std::vector<WrapperParam> bound, binders;
    std::vector<std::string> template_params, function_params, output_constraints;
    for (const kir::ParamSignature& param : kernel.params) {
        bool output = param.role == kir::ParamRole::Output;
        if (output && !outputs_given) {
            continue;
        }
        std::string template_name = (output ? "Out_" : "In_") + param.name;
        bound.push_back({&param, template_name});
        if (!param.is_scalar) {
            binders.push_back({&param, template_name});
        }
        if (output) {
            output_constraints.push_back("gpucc::detail::is_array_v<" + template_name + ">");
        }
        template_params.push_back("class " + template_name);
        function_params.push_back("const " + template_name + "& " + param.name);
    }
    if (!kernel.fused) {
        function_params.push_back("gpucc::Axis axis = {}");
        function_params.push_back("bool keepdims = false");
    }
    out << "template <" << join(template_params, ", ") << ">\n";
    if (outputs_given) {
        out << "    requires(" << join(output_constraints, " && ") << ")\n";
    }
    out << "inline " << (outputs_given ? "void " : "auto ") << name << "("
        << join(function_params, ", ") << ") {\n";

    write_placeholder_bindings(out, name, kernel.placeholders, binders);
    for (const WrapperParam& param : bound) {
        const kir::ParamSignature& signature = *param.signature;
        std::string type = cpp_type_of(kernel.placeholders, signature);
        std::string described = described_type_of(kernel.placeholders, signature);
        if (signature.is_scalar) {
            out << "    static_assert(gpucc::detail::is_scalar_argument_v<" << param.template_name
                << ">, "
                << quoted(name + ": " + signature.name + " must be a scalar convertible to " +
                          described + " (a scalar parameter)")
                << ");\n";
        } else {
            out << "    static_assert(gpucc::detail::is_array_of_v<" << type << ", "
                << param.template_name << ">, "
                << quoted(name + ": " + signature.name + " must be an Array of " + described)
                << ");\n";
        }
    }

    out << "    gpucc::detail::ReductionLaunch gpucc_launch(" << quoted(name)
        << ", gpucc_kernels::" << name << "[" << instance_index(kernel.placeholders) << "]);\n";
    std::vector<std::string> results;
    bool axes_written = false;
    for (const kir::ParamSignature& param : kernel.params) {
        std::string type = cpp_type_of(kernel.placeholders, param);
        std::string label = quoted(param.name);
        if (param.role == kir::ParamRole::Input) {
            const char* method = param.is_scalar ? "scalar<"
                                 : param.is_post ? "post_input<"
                                                 : "input<";
            out << "    gpucc_launch." << method << type << ">(" << label << ", " << param.name
                << ");\n";
            continue;
        }
        if (!axes_written) {
            out << "    gpucc_launch.axes(" << axes_argument(kernel) << ");\n";
            axes_written = true;
        }
        if (outputs_given) {
            out << "    gpucc_launch.output<" << type << ">(" << label << ", " << param.name
                << ");\n";
        } else {
            out << "    gpucc::Array<" << type << "> " << param.name << " = gpucc_launch.output<"
                << type << ">(" << label << ");\n";
            results.push_back(param.name);
        }
    }
    out << "    gpucc_launch.run();\n";
    if (results.size() == 1) {
        out << "    return " << results[0] << ";\n";
    } else if (!results.empty()) {
        out << "    return std::make_tuple(" << join(results, ", ") << ");\n";
    }
    out << "}\n\n";
}

} // namespace

void write_reduction_includes(std::ostream& out, const kir::Module& module) {
    // Beyond what gpucc/generated_support.h promises; harmless if it comes to include them too.
    if (!module.reductions.empty()) {
        out << "#include <gpucc/array/axis.h>\n#include <gpucc/detail/reduction_launch.h>\n";
    }
}

void write_reduction_declarations(std::ostream& out, const kir::Module& module) {
    for (const kir::ReductionKernel& kernel : module.reductions) {
        for (const kir::ReductionInstance& instance : kernel.instances) {
            for (HostIsa isa : kHostIsas) {
                out << "void "
                    << reduction_host_symbol(module.name, instance, ReductionHostEntry::Partial,
                                             isa)
                    << "(void**, std::int64_t, std::int64_t, std::int64_t, void*);\n";
            }
            out << "void "
                << reduction_host_symbol(module.name, instance, ReductionHostEntry::Combine)
                << "(void*, const void*);\n"
                << "void "
                << reduction_host_symbol(module.name, instance, ReductionHostEntry::Finish)
                << "(void**, std::int64_t, const void*);\n";
        }
    }
}

void write_reduction_table_declarations(std::ostream& out, const kir::Module& module) {
    for (const kir::ReductionKernel& kernel : module.reductions) {
        out << "extern gpucc::detail::ReductionKernelRef " << kernel.name << "["
            << kernel.instances.size() << "];\n";
    }
}

void write_reduction_tables(std::ostream& out, const kir::Module& module) {
    if (module.reductions.empty()) {
        return;
    }
    out << "// Reduction instances: {image, GPU symbol, {partial, partial_v3, combine, finish},\n"
        << "// vector width, reduce-type bytes, has identity, array inputs, outputs, reads _J[,\n"
        << "// arrays read by post]}.\n";
    std::size_t index = first_reduction_instance(module);
    for (const kir::ReductionKernel& kernel : module.reductions) {
        out << "inline gpucc::detail::ReductionKernelRef " << kernel.name << "[] = {\n";
        for (const kir::ReductionInstance& instance : kernel.instances) {
            out << "    {" << image_of_instance(module, index++) << ", " << quoted(instance.symbol)
                << ",\n     ";
            write_host_entries(out, module.name, instance);
            out << ",\n     " << reduce_vector_width(instance) << ", "
                << reduction_value_bytes(instance) << ", "
                << (reduction_has_identity(instance) ? "true" : "false") << ", "
                << reduction_array_inputs(instance) << ", " << reduction_outputs(instance) << ", "
                << (instance.uses_position ? "true" : "false");
            if (int post_arrays = reduction_post_arrays(instance); post_arrays > 0) {
                out << ", " << post_arrays;
            }
            out << "},\n";
        }
        out << "};\n";
    }
}

void write_reduction_wrappers(std::ostream& out, const kir::Module& module) {
    for (const kir::ReductionKernel& kernel : module.reductions) {
        out << (kernel.fused ? "// fuse " : "// reduction ")
            << signature_text(kernel.name, kernel.placeholders, kernel.params) << "\n";
        std::string placeholder = output_only_placeholder(kernel);
        if (placeholder.empty()) {
            write_wrapper(out, kernel, false);
        } else {
            write_outputs_required(out, kernel, placeholder);
        }
        write_wrapper(out, kernel, true);
    }
}

} // namespace gpucc::headergen

namespace gpucc {

bool is_reduction_wrapper_name(const std::string& name) {
    return name == "axis" || name == "keepdims";
}

} // namespace gpucc
