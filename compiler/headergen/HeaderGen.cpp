// Generation of the typed C++ header (HeaderGen.h): its frame (banner, the tables' declarations
// before the functions, the plumbing banner and the tables' definitions after them) and the
// elementwise kernels; ReductionHeader.cpp, GridKernelHeader.cpp and RawHeader.cpp write the other
// kinds' parts into the same frame, and LineWrap.cpp wraps each line at 100 columns as it is
// written. Each elementwise kernel becomes two function templates: one that allocates and returns
// its outputs, and one that takes them after the inputs. Inputs are template parameters because
// each non-raw input takes an array or a C++ scalar (ElementwiseLaunch::argument tells which).
#include "compiler/headergen/HeaderGen.h"

#include "compiler/abi/KernelAbi.h"
#include "compiler/headergen/HeaderGenImpl.h"
#include "compiler/target/KernelParts.h"
#include "gpucc/abi/version.h"

#include <array>
#include <llvm/ADT/StringExtras.h>
#include <sstream>
#include <string_view>

namespace gpucc {
namespace headergen {

std::string join(const std::vector<std::string>& parts, const char* separator) {
    std::string joined;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        joined += (i ? separator : "") + parts[i];
    }
    return joined;
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

std::string type_list_cpp(const std::vector<ScalarType>& types) {
    std::vector<std::string> names;
    for (ScalarType type : types) {
        names.emplace_back(cpp_name(type));
    }
    return join(names, ", ");
}

std::string type_list_numpy(const std::vector<ScalarType>& types) {
    std::vector<std::string> names;
    for (ScalarType type : types) {
        names.emplace_back(numpy_name(type));
    }
    return join(names, ", ");
}

std::string signature_text(const std::string& name,
                           const std::vector<kir::Placeholder>& placeholders,
                           const std::vector<kir::ParamSignature>& params) {
    auto describe = [&](const kir::ParamSignature& param) {
        std::string text = param.is_raw ? "raw " : param.is_scalar ? "scalar " : "";
        return text + described_type_of(placeholders, param) + " " + param.name;
    };
    std::vector<std::string> inputs, outputs;
    for (const kir::ParamSignature& param : params) {
        (param.role == kir::ParamRole::Input ? inputs : outputs).push_back(describe(param));
    }
    std::string text = name;
    if (!placeholders.empty()) {
        std::vector<std::string> declared;
        for (const kir::Placeholder& placeholder : placeholders) {
            declared.push_back(placeholder.name + ": " + type_list_numpy(placeholder.allowed));
        }
        text += '<' + join(declared, "; ") + '>';
    }
    return text + "(" + join(inputs, ", ") + ") -> (" + join(outputs, ", ") + ")";
}

std::string cpp_type_of(const std::vector<kir::Placeholder>& placeholders,
                        const kir::ParamSignature& param) {
    if (!param.instance_types.empty()) {
        // A fused function's output typed per instance: picked by the instance's index.
        return "std::tuple_element_t<" + instance_index(placeholders) + ", std::tuple<" +
               type_list_cpp(param.instance_types) + ">>";
    }
    if (std::holds_alternative<ScalarType>(param.type)) {
        return std::string(cpp_name(std::get<ScalarType>(param.type)));
    }
    return placeholders[std::get<int>(param.type)].name;
}

std::string described_type_of(const std::vector<kir::Placeholder>& placeholders,
                              const kir::ParamSignature& param) {
    if (!param.instance_types.empty()) {
        return "auto"; // NumPy's result type of the inputs' types
    }
    if (std::holds_alternative<ScalarType>(param.type)) {
        return std::string(numpy_name(std::get<ScalarType>(param.type)));
    }
    return placeholders[std::get<int>(param.type)].name;
}

void write_placeholder_bindings(std::ostream& out, const std::string& kernel_name,
                                const std::vector<kir::Placeholder>& placeholders,
                                const std::vector<WrapperParam>& binders) {
    for (std::size_t p = 0; p < placeholders.size(); ++p) {
        const kir::Placeholder& placeholder = placeholders[p];
        std::vector<std::string> template_names, names;
        for (kir::ParamRole role : {kir::ParamRole::Output, kir::ParamRole::Input}) {
            for (const WrapperParam& param : binders) {
                const kir::ParamSignature& signature = *param.signature;
                if (signature.role == role && std::holds_alternative<int>(signature.type) &&
                    std::get<int>(signature.type) == static_cast<int>(p)) {
                    template_names.push_back(param.template_name);
                    names.push_back(signature.name);
                }
            }
        }
        out << "    using " << placeholder.name << " = gpucc::detail::first_array_element_t<"
            << join(template_names, ", ") << ">;\n"
            << "    static_assert(!std::is_void_v<" << placeholder.name << ">, "
            << quoted(names.empty() ? kernel_name + ": cannot infer " + placeholder.name +
                                          ", which only outputs use: pass the outputs"
                                    : kernel_name + ": cannot infer " + placeholder.name +
                                          ": no array is passed for " + join(names, " or ") +
                                          " (type placeholders are bound by arrays only)")
            << ");\n"
            << "    static_assert(gpucc::detail::one_of_v<" << placeholder.name << ", "
            << type_list_cpp(placeholder.allowed) << ">, "
            << quoted(kernel_name + ": " + placeholder.name + " must be one of " +
                      type_list_numpy(placeholder.allowed) + ", the types it was compiled for")
            << ");\n";
    }
}

std::string image_name(std::size_t group) {
    return group == 0 ? "image" : "image_" + std::to_string(group);
}

std::string image_of_instance(const kir::Module& module, std::size_t index) {
    return image_name(image_group_of(module, index));
}

std::size_t first_reduction_instance(const kir::Module& module) {
    std::size_t index = 0;
    for (const kir::ElementwiseKernel& kernel : module.elementwise) {
        index += kernel.instances.size();
    }
    return index;
}

std::size_t first_grid_instance(const kir::Module& module) {
    std::size_t index = first_reduction_instance(module);
    for (const kir::ReductionKernel& kernel : module.reductions) {
        index += kernel.instances.size();
    }
    return index;
}

std::string raw_cuda_image(const kir::Module& module) {
    return image_name(split_into_image_groups(module).size() - 1);
}

std::string instance_index(const std::vector<kir::Placeholder>& placeholders) {
    // ((i0 * n1) + i1) * n2 + i2 ..., parenthesized only where a sum is multiplied.
    std::string index;
    for (std::size_t p = 0; p < placeholders.size(); ++p) {
        const kir::Placeholder& placeholder = placeholders[p];
        std::string term = "gpucc::detail::index_of_v<" + placeholder.name + ", " +
                           type_list_cpp(placeholder.allowed) + ">";
        if (p == 0) {
            index = term;
            continue;
        }
        std::string scaled = p == 1 ? index : "(" + index + ")";
        index = scaled + " * " + std::to_string(placeholder.allowed.size()) + " + " + term;
    }
    return index.empty() ? "0" : index;
}

} // namespace headergen

namespace {

using headergen::join;
using headergen::quoted;
using headergen::WrapperParam;

constexpr std::array<const char*, 92> kReservedNames = {
    "alignas",       "alignof",     "and",
    "and_eq",        "asm",         "auto",
    "bitand",        "bitor",       "bool",
    "break",         "case",        "catch",
    "char",          "char8_t",     "char16_t",
    "char32_t",      "class",       "compl",
    "concept",       "const",       "consteval",
    "constexpr",     "constinit",   "const_cast",
    "continue",      "co_await",    "co_return",
    "co_yield",      "decltype",    "default",
    "delete",        "do",          "double",
    "dynamic_cast",  "else",        "enum",
    "explicit",      "export",      "extern",
    "false",         "float",       "for",
    "friend",        "goto",        "if",
    "inline",        "int",         "long",
    "mutable",       "namespace",   "new",
    "noexcept",      "not",         "not_eq",
    "nullptr",       "operator",    "or",
    "or_eq",         "private",     "protected",
    "public",        "register",    "reinterpret_cast",
    "requires",      "return",      "short",
    "signed",        "sizeof",      "static",
    "static_assert", "static_cast", "struct",
    "switch",        "template",    "this",
    "thread_local",  "throw",       "true",
    "try",           "typedef",     "typeid",
    "typename",      "union",       "unsigned",
    "using",         "virtual",     "void",
    "volatile",      "wchar_t",     "while",
    "xor",           "xor_eq",
};

class HeaderWriter {
public:
    HeaderWriter(const kir::Module& module, std::ostream& out) : module_(module), out_(out) {}

    void write(const std::string& header_name);

private:
    void write_plumbing();
    void write_extern_declarations();
    /// The kernel's table; its first instance is the module's instance `first_instance`.
    void write_kernel_table(const kir::ElementwiseKernel& kernel, std::size_t first_instance);
    void write_wrapper(const kir::ElementwiseKernel& kernel, bool outputs_given);
    void write_undecided_size_wrapper(const kir::ElementwiseKernel& kernel);
    void write_outputs_required_wrapper(const kir::ElementwiseKernel& kernel,
                                        const std::string& message);
    void write_type_bindings(const kir::ElementwiseKernel& kernel,
                             const std::vector<headergen::WrapperParam>& bound);

    const kir::Module& module_;
    std::ostream& out_;
};

void HeaderWriter::write(const std::string& header_name) {
    std::string source = module_.source_path.substr(module_.source_path.find_last_of('/') + 1);
    out_ << "// " << header_name << ": generated by gpucc from " << source << ". Do not edit.\n"
         << "//\n"
         << "// Kernels of module '" << module_.name << "':\n";
    for (const kir::ElementwiseKernel& kernel : module_.elementwise) {
        out_ << "//   elementwise "
             << headergen::signature_text(kernel.name, kernel.placeholders, kernel.params) << "\n";
    }
    for (const kir::ReductionKernel& kernel : module_.reductions) {
        out_ << "//   reduction "
             << headergen::signature_text(kernel.name, kernel.placeholders, kernel.params) << "\n";
    }
    headergen::write_raw_banner(out_, module_);
    for (const kir::GridKernel& kernel : module_.grid_kernels) {
        out_ << "//   kernel " << headergen::grid_signature_text(kernel) << "\n";
    }
    out_ << "//\n"
         << "// Link the object file generated beside this header (" << module_.name
         << " kernels: SASS and PTX for the GPU,\n"
         << "// code for the host CPU) and gpucc::runtime. The functions to call come first; the\n"
         << "// generated plumbing they use (the object's symbols, the kernel tables) is at the "
            "end.\n"
         << "#pragma once\n\n"
         << "#include <gpucc/generated_support.h>\n";
    headergen::write_reduction_includes(out_, module_);
    headergen::write_raw_includes(out_, module_);
    headergen::write_grid_includes(out_, module_);
    out_ << "\n#include <cstdint>\n#include <tuple>\n#include <type_traits>\n\n";
    out_ << "namespace " << module_.name << " {\n\n";
    // C++ wants names declared before the functions that use them: the tables are declared here
    // and defined under the banner at the end.
    out_ << "// The kernel tables the functions below launch (defined at the end of this file).\n"
         << "namespace gpucc_kernels {\n";
    for (std::size_t group = 0; group < split_into_image_groups(module_).size(); ++group) {
        out_ << "extern gpucc::detail::ModuleImage " << headergen::image_name(group) << ";\n";
    }
    for (const kir::ElementwiseKernel& kernel : module_.elementwise) {
        out_ << "extern gpucc::detail::KernelRef " << kernel.name << "[" << kernel.instances.size()
             << "];\n";
    }
    headergen::write_reduction_table_declarations(out_, module_);
    headergen::write_raw_table_declarations(out_, module_);
    headergen::write_grid_table_declarations(out_, module_);
    headergen::write_raw_launchers(out_, module_);
    out_ << "} // namespace gpucc_kernels\n\n";
    for (const kir::ElementwiseKernel& kernel : module_.elementwise) {
        bool has_raw_output = false;
        for (const kir::ParamSignature& param : kernel.params) {
            has_raw_output |= param.role == kir::ParamRole::Output && param.is_raw;
        }
        bool has_input = false, has_array_input = false;
        for (const kir::ParamSignature& param : kernel.params) {
            has_input |= param.role == kir::ParamRole::Input;
            has_array_input |= param.role == kir::ParamRole::Input && !param.is_raw;
        }
        // A placeholder that no input uses cannot be inferred without the outputs (CuPy's
        // KeyError); the allocating form then only says so.
        std::string output_only_placeholder;
        for (std::size_t p = 0; p < kernel.placeholders.size(); ++p) {
            bool bound_by_input = false;
            for (const kir::ParamSignature& param : kernel.params) {
                bound_by_input |= param.role == kir::ParamRole::Input &&
                                  std::holds_alternative<int>(param.type) &&
                                  std::get<int>(param.type) == static_cast<int>(p);
            }
            if (!bound_by_input && output_only_placeholder.empty()) {
                output_only_placeholder = kernel.placeholders[p].name;
            }
        }
        out_ << "// elementwise "
             << headergen::signature_text(kernel.name, kernel.placeholders, kernel.params) << "\n";
        if (has_input && has_raw_output) {
            // Without its outputs such a call would match nothing, and the compiler would list
            // every overload instead of the reason.
            std::string raw_output;
            for (const kir::ParamSignature& param : kernel.params) {
                if (param.role == kir::ParamRole::Output && param.is_raw && raw_output.empty()) {
                    raw_output = param.name;
                }
            }
            write_outputs_required_wrapper(
                kernel, kernel.name + ": output " + raw_output +
                            " is raw, so there is no shape to allocate it with: pass the output "
                            "array(s) after the inputs");
        } else if (has_input && !has_raw_output && !output_only_placeholder.empty()) {
            write_outputs_required_wrapper(
                kernel, kernel.name + ": cannot infer " + output_only_placeholder +
                            ", which only outputs use: pass the outputs after the inputs");
        } else if (has_array_input && !has_raw_output) {
            // A raw output has no shape to allocate it with: it must be passed.
            write_wrapper(kernel, false);
        } else if (has_input && !has_raw_output) {
            write_undecided_size_wrapper(kernel);
        }
        write_wrapper(kernel, true);
    }
    headergen::write_reduction_wrappers(out_, module_);
    headergen::write_raw_wrappers(out_, module_);
    headergen::write_grid_wrappers(out_, module_);
    headergen::write_fused_rows_wrappers(out_, module_);
    out_ << "} // namespace " << module_.name << "\n\n";
    write_plumbing();
}

void HeaderWriter::write_plumbing() {
    out_ << "// ---- internal: generated plumbing, not part of the API ----\n"
         << "// The symbols of the object file generated beside this header, the check that the\n"
         << "// runtime is the one this header was generated for, and the kernel tables.\n\n";
    write_extern_declarations();
    // The one ABI check: the fingerprint of gpucc/abi/ this gpucc was built with, against the
    // runtime's.
    out_ << "static_assert(gpucc::abi::kAbiVersion == 0x" << llvm::utohexstr(abi::kAbiVersion)
         << "ULL,\n              \"this header was generated for another gpucc ABI: regenerate "
            "it\");\n\n";
    out_ << "namespace " << module_.name << " {\n"
         << "namespace gpucc_kernels {\n";
    const std::size_t images = split_into_image_groups(module_).size();
    for (std::size_t group = 0; group < images; ++group) {
        // A module of several images names each in the runtime's messages.
        std::string name = images == 1 ? module_.name
                                       : module_.name + " (image " + std::to_string(group + 1) +
                                             " of " + std::to_string(images) + ")";
        out_ << "inline gpucc::detail::ModuleImage " << headergen::image_name(group) << "{"
             << quoted(name) << ", " << image_symbol(module_.name, group) << ", "
             << image_size_symbol(module_.name, group) << ", "
             << image_flags_symbol(module_.name, group) << "};\n";
    }
    std::size_t first_instance = 0;
    for (const kir::ElementwiseKernel& kernel : module_.elementwise) {
        write_kernel_table(kernel, first_instance);
        first_instance += kernel.instances.size();
    }
    headergen::write_reduction_tables(out_, module_);
    headergen::write_raw_tables(out_, module_);
    headergen::write_grid_tables(out_, module_);
    out_ << "} // namespace gpucc_kernels\n"
         << "} // namespace " << module_.name << "\n";
}

void HeaderWriter::write_extern_declarations() {
    out_ << "extern \"C\" {\n";
    for (std::size_t group = 0; group < split_into_image_groups(module_).size(); ++group) {
        out_ << "extern const unsigned char " << image_symbol(module_.name, group) << "[];\n"
             << "extern const std::uint64_t " << image_size_symbol(module_.name, group) << ";\n"
             << "extern const std::uint64_t " << image_flags_symbol(module_.name, group) << ";\n";
    }
    for (const kir::ElementwiseKernel& kernel : module_.elementwise) {
        for (const kir::ElementwiseInstance& instance : kernel.instances) {
            for (EntryKind entry : {EntryKind::Contiguous, EntryKind::Strided}) {
                for (HostIsa isa : kHostIsas) {
                    out_ << "void " << host_symbol(module_.name, instance, isa, entry)
                         << "(void**, std::int64_t, std::int64_t);\n";
                }
            }
        }
    }
    headergen::write_reduction_declarations(out_, module_);
    headergen::write_grid_declarations(out_, module_);
    out_ << "}\n\n";
}

void HeaderWriter::write_kernel_table(const kir::ElementwiseKernel& kernel,
                                      std::size_t first_instance) {
    out_ << "inline gpucc::detail::KernelRef " << kernel.name << "[] = {\n";
    std::size_t index = first_instance;
    for (const kir::ElementwiseInstance& instance : kernel.instances) {
        auto host_entry = [&](EntryKind entry) {
            return "{&" + host_symbol(module_.name, instance, HostIsa::X86_64, entry) + ", &" +
                   host_symbol(module_.name, instance, HostIsa::X86_64_V3, entry) + "}";
        };
        out_ << "    {" << headergen::image_of_instance(module_, index++) << ", "
             << quoted(gpu_symbol(instance, EntryKind::Contiguous)) << ", "
             << quoted(gpu_symbol(instance, EntryKind::Strided)) << ",\n     "
             << host_entry(EntryKind::Contiguous) << ",\n     " << host_entry(EntryKind::Strided)
             << ", " << elements_per_thread(instance) << "},\n";
    }
    out_ << "};\n";
}

void HeaderWriter::write_type_bindings(const kir::ElementwiseKernel& kernel,
                                       const std::vector<WrapperParam>& bound) {
    const std::string& name = kernel.name;
    // Placeholders: bound by array arguments only, outputs first (CuPy's order).
    headergen::write_placeholder_bindings(out_, name, kernel.placeholders, bound);
    for (const WrapperParam& param : bound) {
        const kir::ParamSignature& signature = *param.signature;
        std::string type = headergen::cpp_type_of(kernel.placeholders, signature);
        std::string described = headergen::described_type_of(kernel.placeholders, signature);
        if (signature.role == kir::ParamRole::Output || signature.is_raw) {
            out_ << "    static_assert(gpucc::detail::is_array_of_v<" << type << ", "
                 << param.template_name << ">, "
                 << quoted(name + ": " + signature.name + " must be an Array of " + described +
                           (signature.is_raw ? " (raw parameters take arrays)" : ""))
                 << ");\n";
        } else {
            out_ << "    static_assert(gpucc::detail::is_argument_for_v<" << type << ", "
                 << param.template_name << ">, "
                 << quoted(name + ": " + signature.name + " must be an Array of " + described +
                           " or a scalar convertible to it")
                 << ");\n";
        }
    }
}

/// Every input is raw, so no argument gives the loop a shape: the outputs must be passed. The
/// overload exists only to say so at compile time instead of "no matching function".
void HeaderWriter::write_undecided_size_wrapper(const kir::ElementwiseKernel& kernel) {
    write_outputs_required_wrapper(
        kernel, kernel.name +
                    ": the loop size is undecided: every input is raw, so pass the output array(s) "
                    "after the inputs");
}

/// An overload taking the inputs only, whose one statement is a static_assert with `message`
/// (dependent on the inputs' types, so it fires only when called).
void HeaderWriter::write_outputs_required_wrapper(const kir::ElementwiseKernel& kernel,
                                                  const std::string& message) {
    std::vector<std::string> template_params, function_params, template_names;
    for (const kir::ParamSignature& param : kernel.params) {
        if (param.role == kir::ParamRole::Input) {
            template_names.push_back("In_" + param.name);
            template_params.push_back("class In_" + param.name);
            // Named for the reader of the compiler's error; unused by a body that only fails.
            function_params.push_back("[[maybe_unused]] const In_" + param.name + "& " +
                                      param.name);
        }
    }
    out_ << "template <" << join(template_params, ", ") << ">\n"
         << "inline void " << kernel.name << "(" << join(function_params, ", ") << ") {\n"
         << "    static_assert(gpucc::detail::always_false_v<" << join(template_names, ", ")
         << ">, " << quoted(message) << ");\n}\n\n";
}

void HeaderWriter::write_wrapper(const kir::ElementwiseKernel& kernel, bool outputs_given) {
    std::vector<WrapperParam> bound;
    std::vector<std::string> template_params, function_params;
    for (const kir::ParamSignature& param : kernel.params) {
        if (param.role == kir::ParamRole::Output && !outputs_given) {
            continue;
        }
        std::string template_name =
            (param.role == kir::ParamRole::Input ? "In_" : "Out_") + param.name;
        bound.push_back({&param, template_name});
        template_params.push_back("class " + template_name);
        function_params.push_back("const " + template_name + "& " + param.name);
    }
    out_ << "template <" << join(template_params, ", ") << ">\n"
         << "inline auto " << kernel.name << "(" << join(function_params, ", ") << ") {\n";
    write_type_bindings(kernel, bound);

    // The instance: placeholders index the cartesian product, the last varying fastest.
    std::string index = headergen::instance_index(kernel.placeholders);
    out_ << "    gpucc::detail::ElementwiseLaunch gpucc_launch(" << quoted(kernel.name)
         << ", gpucc_kernels::" << kernel.name << "[" << index << "]);\n";

    std::vector<std::string> results;
    for (const kir::ParamSignature& param : kernel.params) {
        std::string type = headergen::cpp_type_of(kernel.placeholders, param);
        std::string name = quoted(param.name);
        if (param.role == kir::ParamRole::Input) {
            if (param.is_raw) {
                out_ << "    gpucc_launch.raw<" << type << ">(" << name << ", " << param.name
                     << ");\n";
            } else {
                out_ << "    gpucc_launch.argument<" << type << ">(" << name << ", " << param.name
                     << ");\n";
            }
        } else if (outputs_given) {
            if (param.is_raw) {
                out_ << "    gpucc_launch.raw<" << type << ">(" << name << ", " << param.name
                     << ");\n";
            } else {
                out_ << "    gpucc_launch.output<" << type << ">(" << name << ", " << param.name
                     << ");\n";
            }
            results.push_back(param.name);
        } else {
            out_ << "    gpucc::Array<" << type << "> " << param.name << " = gpucc_launch.output<"
                 << type << ">(" << name << ");\n";
            results.push_back(param.name);
        }
    }
    out_ << "    gpucc_launch.run();\n";
    if (results.size() == 1) {
        out_ << "    return " << results[0] << ";\n";
    } else {
        out_ << "    return std::make_tuple(" << join(results, ", ") << ");\n";
    }
    out_ << "}\n\n";
}

} // namespace

bool is_usable_cpp_name(const std::string& name) {
    for (const char* reserved : kReservedNames) {
        if (name == reserved) {
            return false;
        }
    }
    return name != "gpucc" && name != "std" && name != "gpucc_kernels" && name != "gpucc_launch" &&
           name.rfind("In_", 0) != 0 && name.rfind("Out_", 0) != 0;
}

bool is_usable_kernel_name(const std::string& name) {
    if (!is_usable_cpp_name(name)) {
        return false;
    }
    constexpr std::string_view kImage = "image";
    if (name == kImage) {
        return false;
    }
    const std::string_view rest =
        std::string_view(name).substr(name.starts_with("image_") ? kImage.size() + 1 : name.size());
    return rest.empty() || rest.find_first_not_of("0123456789") != std::string_view::npos;
}

void write_header(const kir::Module& module, const std::string& header_name, std::ostream& out) {
    headergen::LineWrappingBuffer wrapping(out);
    std::ostream wrapped(&wrapping);
    HeaderWriter(module, wrapped).write(header_name);
    wrapping.finish();
}

std::string generate_header(const kir::Module& module, const std::string& header_name) {
    std::ostringstream out;
    write_header(module, header_name, out);
    return out.str();
}

} // namespace gpucc
