// The typed C++ functions of a fused function with several reductions over one axis
// (kir::GridKernel::fused_rows, compiler/sema/FusePersistent.h). Its kernels `NAME__rows` and
// the register kernels `NAME__rows_<class>` get the jit-style launchers (GridKernelHeader.cpp);
// these functions call the one FusedRowsLaunch::pick chooses, as the other fused functions read:
//
//   Array<float> y = demo::softmax(x);     // the output allocated
//   demo::softmax(x, y);                   // a given output
//
// gpucc::detail::FusedRowsLaunch (runtime) broadcasts the inputs, moves the reduced axis last,
// views them as (rows, length) and picks the kernel and its launch. The arguments are typed
// gpucc::Arrays (an NDArray or a C++ scalar is a static_assert naming the function).
#include "compiler/headergen/HeaderGenImpl.h"

#include <string>
#include <vector>

namespace gpucc::headergen {

void write_fused_rows_wrappers(std::ostream& out, const kir::Module& module) {
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        if (!kernel.fused_rows) {
            continue;
        }
        const kir::FusedRows& rows = *kernel.fused_rows;
        const std::string& name = rows.function;
        std::vector<const kir::ParamSignature*> inputs;
        for (std::size_t k = 0; k + 1 < kernel.params.size(); ++k) {
            inputs.push_back(&kernel.params[k]);
        }
        const kir::ParamSignature& output = kernel.params.back();
        std::vector<std::string> template_params, function_params, names, as_arrays;
        for (const kir::ParamSignature* input : inputs) {
            std::string user = input->name.substr(std::string("rows_of_").size());
            template_params.push_back("class In_" + user);
            function_params.push_back("const In_" + user + "& " + user);
            names.push_back(user);
            as_arrays.push_back("gpucc::NDArray(" + user + ")");
        }
        auto write_checks = [&]() {
            for (std::size_t k = 0; k < inputs.size(); ++k) {
                out << "    static_assert(!std::is_void_v<gpucc::detail::first_array_element_t<In_"
                    << names[k] << ">>, "
                    << quoted(name + ": " + names[k] +
                              " must be a gpucc::Array (a fused function with several "
                              "reductions takes typed arrays; an NDArray or a scalar is not "
                              "supported yet)")
                    << ");\n";
            }
            for (std::size_t p = 0; p < kernel.placeholders.size(); ++p) {
                std::vector<std::string> binders;
                for (std::size_t k = 0; k < inputs.size(); ++k) {
                    const int* index = std::get_if<int>(&inputs[k]->type);
                    if (index != nullptr && *index == static_cast<int>(p)) {
                        binders.push_back("In_" + names[k]);
                    }
                }
                const kir::Placeholder& placeholder = kernel.placeholders[p];
                out << "    using " << placeholder.name
                    << " = gpucc::detail::first_array_element_t<" << join(binders, ", ") << ">;\n"
                    << "    static_assert(gpucc::detail::one_of_v<" << placeholder.name << ", "
                    << type_list_cpp(placeholder.allowed) << ">, "
                    << quoted(name + ": " + placeholder.name + " must be one of " +
                              type_list_numpy(placeholder.allowed) +
                              ", the types it was compiled for")
                    << ");\n";
            }
        };
        auto launch_text = [&]() {
            std::string text =
                "gpucc::detail::FusedRowsLaunch gpucc_rows(" + quoted(name) + ", " +
                std::to_string(rows.axis) + ", " + (rows.keepdims ? "true" : "false") + ", " +
                (rows.full_result ? "true" : "false") + ", " +
                (rows.needs_elements ? "true" : "false") + ", {" + join(as_arrays, ", ") + "});\n";
            return text;
        };
        // The inputs' bytes per element in all, which picks the launch (the kernel holds that
        // many fewer elements per thread in registers as they widen).
        std::vector<std::string> sizes;
        for (const std::string& user : names) {
            sizes.push_back("sizeof(gpucc::detail::first_array_element_t<In_" + user + ">)");
        }
        const std::string element_bytes = "(" + join(sizes, " + ") + ")";
        // The register kernels, in the order FusedRowsLaunch::pick tries them.
        std::vector<std::string> variants;
        for (const kir::FusedRows::Variant& variant : rows.variants) {
            variants.push_back(std::string("{") + (variant.by_warp ? "true" : "false") + ", " +
                               std::to_string(variant.slots) + "}");
        }
        const std::string variant_table = join(variants, ", ");
        std::string templ = join(template_params, ", ");
        std::string params = join(function_params, ", ");
        out << "// fuse " << name << ": " << join(rows.reductions, ", ") << " over axis "
            << rows.axis << ", one launch (a register kernel by the row's length, or "
            << kernel.name << ")\n";
        // Into a given output.
        out << "template <" << templ << ", class Out_out>\n"
            << "inline void " << name << "(" << params << ", const Out_out& out) {\n";
        write_checks();
        out << "    using gpucc_out_type = " << cpp_type_of(kernel.placeholders, output) << ";\n"
            << "    static_assert(gpucc::detail::is_grid_array_of_v<gpucc_out_type, Out_out>, "
            << quoted(name + ": out must be an Array of the result's type") << ");\n"
            << "    " << launch_text()
            << "    gpucc::NDArray gpucc_out = gpucc_rows.output_rows(gpucc::NDArray(out));\n"
            << "    if (gpucc_rows.has_rows()) {\n"
            << "        switch (gpucc_rows.pick(" << element_bytes << ", {" << variant_table
            << "})) {\n";
        auto write_call = [&](const std::string& callee) {
            out << callee << "(gpucc_rows.config()";
            for (std::size_t k = 0; k < inputs.size(); ++k) {
                out << ", gpucc_rows.input(" << k << ")";
            }
            out << ", gpucc_out);\n";
        };
        for (std::size_t v = 0; v < rows.variants.size(); ++v) {
            out << "        case " << v << ": ";
            write_call(rows.variants[v].kernel);
            out << "            break;\n";
        }
        out << "        default: ";
        write_call(kernel.name);
        out << "        }\n"
            << "    }\n"
            << "    gpucc_rows.finish();\n"
            << "}\n\n";
        // The output allocated.
        out << "template <" << templ << ">\n"
            << "inline auto " << name << "(" << params << ") {\n";
        write_checks();
        out << "    using gpucc_out_type = " << cpp_type_of(kernel.placeholders, output) << ";\n"
            << "    " << launch_text()
            << "    gpucc::Array<gpucc_out_type> out = gpucc::empty<gpucc_out_type>("
               "gpucc_rows.result_shape(), gpucc_rows.device());\n"
            << "    " << name << "(" << join(names, ", ") << ", out);\n"
            << "    return out;\n"
            << "}\n\n";
    }
}

} // namespace gpucc::headergen
