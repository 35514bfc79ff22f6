// The typed C++ functions of a fused function with several reductions over one axis
// (kir::GridKernel::fused_rows, compiler/sema/FusePersistent.h). Its kernels `NAME__rows` and
// the register kernels `NAME__rows_<class>` get the jit-style launchers (GridKernelHeader.cpp);
// these functions call the one FusedRowsLaunch::pick chooses, as the other fused functions read:
//
//   Array<float> y = demo::softmax(x);     // the output allocated
//   demo::softmax(x, y);                   // a given output
//
// gpucc::detail::FusedRowsLaunch (runtime) broadcasts the inputs, moves the reduced axis last,
// views them as (rows, length) and picks the kernel and its launch. An argument is a
// gpucc::Array (its type checked at C++ compile time), an NDArray (its dtype checked at run
// time, TypeError naming the argument) or a C++ scalar (converted to the parameter's type, the
// placeholder's that the arrays bind, into a 0-d array on the first array's device, as an
// elementwise kernel converts it). Placeholders that only NDArrays bind are read from the first
// one's dtype and the instance chosen at run time, as a jit-style kernel's launcher does
// (GridKernelHeader.cpp's shared write_runtime_placeholder_bindings and
// write_placeholder_dispatch); the allocated result is then an NDArray, else a typed Array.
#include "compiler/headergen/HeaderGenImpl.h"

#include <string>
#include <vector>

namespace gpucc::headergen {
namespace {

/// What the two functions of one fused function share.
struct RowsWrapper {
    const kir::GridKernel& kernel;
    const kir::FusedRows& rows;
    std::vector<const kir::ParamSignature*> inputs;
    std::vector<std::string> names; ///< the inputs' names as the user wrote them
    std::vector<RuntimeBinders> binders;
};

RowsWrapper rows_wrapper(const kir::GridKernel& kernel) {
    RowsWrapper wrapper{kernel, *kernel.fused_rows, {}, {}, {}};
    wrapper.binders.resize(kernel.placeholders.size());
    for (std::size_t k = 0; k + 1 < kernel.params.size(); ++k) {
        const kir::ParamSignature& input = kernel.params[k];
        std::string user = input.name.substr(std::string("rows_of_").size());
        wrapper.inputs.push_back(&input);
        wrapper.names.push_back(user);
        if (const int* index = std::get_if<int>(&input.type)) {
            wrapper.binders[*index].types.push_back("In_" + user);
            wrapper.binders[*index].names.push_back(user);
        }
    }
    return wrapper;
}

/// The static_asserts of the inputs: each an Array of its type, an NDArray or a C++ scalar; one
/// of them an array (the reduced axis is one of its axes); the placeholders the Arrays bind.
void write_input_checks(std::ostream& out, const RowsWrapper& wrapper) {
    const kir::GridKernel& kernel = wrapper.kernel;
    const std::string& name = wrapper.rows.function;
    std::vector<std::string> any_array;
    for (std::size_t k = 0; k < wrapper.inputs.size(); ++k) {
        const kir::ParamSignature& input = *wrapper.inputs[k];
        const std::string argument = "In_" + wrapper.names[k];
        const std::string array_check =
            std::holds_alternative<ScalarType>(input.type)
                ? "gpucc::detail::is_grid_array_of_v<" + cpp_type_of(kernel.placeholders, input) +
                      ", " + argument + ">"
                : "gpucc::detail::is_grid_array_argument_v<" + argument + ">";
        out << "    static_assert(" << array_check << " || gpucc::detail::is_scalar_argument_v<"
            << argument << ">, "
            << quoted(name + ": " + wrapper.names[k] + " must be an Array of " +
                      described_type_of(kernel.placeholders, input) +
                      " (or an NDArray) or a scalar convertible to it")
            << ");\n";
        any_array.push_back("gpucc::detail::is_grid_array_argument_v<" + argument + ">");
    }
    out << "    static_assert(" << join(any_array, " || ") << ", "
        << quoted(name + ": " + join(wrapper.names, " or ") +
                  " must be an array (the reduced axis is one of its axes)")
        << ");\n";
    write_runtime_placeholder_bindings(out, name, kernel.placeholders, wrapper.binders, true);
    out << "    const gpucc::Device gpucc_device = gpucc::detail::first_array_device("
        << join(wrapper.names, ", ") << ");\n";
}

/// The lambda that runs one instance (the placeholders its template parameters) into `out_text`,
/// an NDArray expression; `allocated`: it allocates the output first and returns it.
void write_run_lambda(std::ostream& out, const RowsWrapper& wrapper, bool allocated) {
    const kir::GridKernel& kernel = wrapper.kernel;
    const kir::FusedRows& rows = wrapper.rows;
    const std::string& name = rows.function;
    write_run_lambda_head(out, kernel.placeholders, "");
    out << "        using gpucc_out_type = "
        << cpp_type_of(kernel.placeholders, kernel.params.back()) << ";\n";
    std::vector<std::string> arguments, sizes;
    for (std::size_t k = 0; k < wrapper.inputs.size(); ++k) {
        const std::string type = cpp_type_of(kernel.placeholders, *wrapper.inputs[k]);
        arguments.push_back("gpucc::detail::fused_rows_argument<" + type + ">(" + quoted(name) +
                            ", " + quoted(wrapper.names[k]) + ", " + wrapper.names[k] +
                            ", gpucc_device)");
        sizes.push_back("sizeof(" + type + ")");
    }
    out << "        gpucc::detail::FusedRowsLaunch gpucc_rows(" << quoted(name) << ", " << rows.axis
        << ", " << (rows.keepdims ? "true" : "false") << ", "
        << (rows.full_result ? "true" : "false") << ", " << (rows.needs_elements ? "true" : "false")
        << ", {" << join(arguments, ", ") << "});\n";
    if (allocated) {
        out << "        gpucc::Array<gpucc_out_type> gpucc_result = gpucc::empty<gpucc_out_type>("
               "gpucc_rows.result_shape(), gpucc_rows.device());\n"
            << "        gpucc::NDArray gpucc_out = gpucc_rows.output_rows(gpucc_result);\n";
    } else {
        out << "        gpucc::NDArray gpucc_out = "
               "gpucc_rows.output_rows(gpucc::detail::fused_rows_argument<gpucc_out_type>("
            << quoted(name) << ", \"out\", out, gpucc_device));\n";
    }
    // The register kernels, in the order FusedRowsLaunch::pick tries them; the inputs' bytes per
    // element in all pick the launch (the kernel holds that many fewer elements per thread in
    // registers as they widen).
    std::vector<std::string> variants;
    for (const kir::FusedRows::Variant& variant : rows.variants) {
        variants.push_back(std::string("{") + (variant.by_warp ? "true" : "false") + ", " +
                           std::to_string(variant.slots) + "}");
    }
    out << "        if (gpucc_rows.has_rows()) {\n"
        << "            switch (gpucc_rows.pick(" << join(sizes, " + ") << ", {"
        << join(variants, ", ") << "})) {\n";
    auto write_call = [&](const std::string& callee) {
        out << callee << "(gpucc_rows.config()";
        for (std::size_t k = 0; k < wrapper.inputs.size(); ++k) {
            out << ", gpucc_rows.input(" << k << ")";
        }
        out << ", gpucc_out);\n";
    };
    for (std::size_t v = 0; v < rows.variants.size(); ++v) {
        out << "            case " << v << ": ";
        write_call(rows.variants[v].kernel);
        out << "                break;\n";
    }
    out << "            default: ";
    write_call(kernel.name);
    out << "            }\n"
        << "        }\n"
        << "        gpucc_rows.finish();\n";
    if (allocated) {
        out << "        return gpucc_result;\n";
    }
    out << "    };\n";
}

void write_dispatch(std::ostream& out, const RowsWrapper& wrapper, bool allocated) {
    std::vector<std::vector<ScalarType>> instances;
    for (const kir::GridKernelInstance& instance : wrapper.kernel.instances) {
        instances.push_back(instance.bindings);
    }
    write_placeholder_dispatch(
        out, wrapper.rows.function, wrapper.kernel.placeholders, wrapper.binders, instances,
        [](const std::string& types, const std::string&) {
            return types.empty() ? std::string("gpucc_run()")
                                 : "gpucc_run.template operator()<" + types + ">()";
        },
        allocated);
}

} // namespace

void write_fused_rows_wrappers(std::ostream& out, const kir::Module& module) {
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        if (!kernel.fused_rows) {
            continue;
        }
        const RowsWrapper wrapper = rows_wrapper(kernel);
        const std::string& name = wrapper.rows.function;
        std::vector<std::string> template_params, function_params;
        for (const std::string& user : wrapper.names) {
            template_params.push_back("class In_" + user);
            function_params.push_back("const In_" + user + "& " + user);
        }
        const std::string templ = join(template_params, ", ");
        const std::string params = join(function_params, ", ");
        out << "// fuse " << name << ": " << join(wrapper.rows.reductions, ", ") << " over axis "
            << wrapper.rows.axis << ", one launch (a register kernel by the row's length, or "
            << kernel.name << ")\n";
        // Into a given output: an Array of the result's type (checked here when the Arrays bind
        // every placeholder) or an NDArray (its dtype checked when the instance runs).
        out << "template <" << templ << ", class Out_out>\n"
            << "inline void " << name << "(" << params << ", const Out_out& out) {\n";
        write_input_checks(out, wrapper);
        const std::string out_message =
            quoted(name + ": out must be an Array of the result's type (or an NDArray)");
        std::vector<std::string> all_static{"true"};
        for (const kir::Placeholder& placeholder : kernel.placeholders) {
            all_static.push_back("!std::is_void_v<" + placeholder.name + ">");
        }
        out << "    static_assert(gpucc::detail::is_grid_array_argument_v<Out_out>, " << out_message
            << ");\n"
            << "    if constexpr (" << join(all_static, " && ") << ") {\n"
            << "        static_assert(gpucc::detail::is_grid_array_of_v<"
            << cpp_type_of(kernel.placeholders, kernel.params.back()) << ", Out_out>, "
            << out_message << ");\n"
            << "    }\n";
        write_run_lambda(out, wrapper, false);
        write_dispatch(out, wrapper, false);
        out << "}\n\n";
        // The output allocated: a typed Array, or an NDArray when NDArrays chose the instance.
        out << "template <" << templ << ">\n"
            << "inline auto " << name << "(" << params << ") {\n";
        write_input_checks(out, wrapper);
        write_run_lambda(out, wrapper, true);
        write_dispatch(out, wrapper, true);
        out << "}\n\n";
    }
}

} // namespace gpucc::headergen
