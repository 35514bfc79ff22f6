// The raw CUDA kernels' part of the generated header (HeaderGenImpl.h). Each kernel gets a
// launcher: an object of a generated class whose call operator takes the launch shape (grid and
// block, or a gpucc::LaunchConfig with dynamic shared memory and a stream) and then one argument
// per kernel parameter, checked against the parameter's exact C++ type by
// gpucc::detail::raw_arg_ok_v (gpucc/detail/raw_kernel.h: pointers, arrays of the pointed-to
// type, scalars without narrowing), with a static_assert that names the kernel, the argument and
// the type. The launcher also gives the kernel's attributes and sets its maximum dynamic shared
// memory, as CuPy's Function. Instantiations of one kernel template are the specializations of a
// variable template: `demo::scale<float>` is the launcher of `scale<float>`. Device variables get
// typed read/write accessors.
#include "compiler/headergen/HeaderGen.h"
#include "compiler/headergen/HeaderGenImpl.h"

#include <map>
#include <set>

namespace gpucc::headergen {
namespace {

std::string launcher_class(std::size_t index) {
    return "raw_launcher_" + std::to_string(index);
}

std::string kernel_ref(std::size_t index) {
    return "raw_kernel_" + std::to_string(index);
}

/// "my_add(const float* x1, int n)" or "scale<float>(float* x, float a, int n)".
std::string raw_signature(const kir::RawKernel& kernel) {
    std::string text;
    for (const std::string& space : kernel.namespaces) {
        text += space + "::";
    }
    text += kernel.name;
    if (!kernel.template_params.empty()) {
        text += "<" + kernel.template_args + ">";
    }
    text += "(";
    for (std::size_t i = 0; i < kernel.params.size(); ++i) {
        text += (i ? ", " : "") + kernel.params[i].type.cpp();
        if (!kernel.params[i].name.empty()) {
            text += " " + kernel.params[i].name;
        }
    }
    return text + ")";
}

/// The C++ names of the launcher's parameters: the kernel's own where they are free.
std::vector<std::string> argument_names(const kir::RawKernel& kernel) {
    static const std::set<std::string> reserved = {"grid", "block", "config", "device", "bytes"};
    std::vector<std::string> names;
    std::set<std::string> used;
    for (std::size_t i = 0; i < kernel.params.size(); ++i) {
        std::string name = kernel.params[i].name;
        if (name.empty() || reserved.count(name) != 0 || name.rfind("gpucc", 0) == 0 ||
            !gpucc::is_usable_cpp_name(name) || used.count(name) != 0) {
            name = "arg" + std::to_string(i);
        }
        used.insert(name);
        names.push_back(name);
    }
    return names;
}

/// For messages: "argument 'x1'" or "argument 2".
std::string describe_argument(const kir::RawKernel& kernel, std::size_t i) {
    const std::string& name = kernel.params[i].name;
    return name.empty() ? "argument " + std::to_string(i + 1) : "argument '" + name + "'";
}

std::string what_it_takes(const kir::RawType& type) {
    std::string text = "has type " + type.cpp() + ": pass ";
    if (!type.is_pointer) {
        return text + "that type or one that converts to it without narrowing";
    }
    text += "a pointer that converts to it";
    if (type.scalar == "void") {
        return text + " or a gpucc array";
    }
    if (type.dtype) {
        return text + " or a C-contiguous gpucc array of " + std::string(numpy_name(*type.dtype));
    }
    return text;
}

std::string display_name(const kir::RawKernel& kernel) {
    std::string text;
    for (const std::string& space : kernel.namespaces) {
        text += space + "::";
    }
    text += kernel.name;
    return kernel.template_params.empty() ? text : text + "<" + kernel.template_args + ">";
}

/// Calls with too few or too many arguments: overloads taking any number, less specialized
/// than the launcher's own, so only a call of the wrong arity reaches them, where a static_assert
/// names the kernel and what it takes (instead of "no match for call to raw_launcher_0" and
/// every candidate).
void write_arity_check(std::ostream& out, const kir::RawKernel& kernel) {
    std::size_t count = kernel.params.size();
    std::string message =
        display_name(kernel) + " takes " + std::to_string(count) +
        (count == 1 ? " argument" : " arguments") +
        " after the grid and block (or a gpucc::LaunchConfig): " + raw_signature(kernel);
    for (const char* shape : {"gpucc::Dim3, gpucc::Dim3", "const gpucc::LaunchConfig&"}) {
        out << "    template <class... A>\n"
            << "    void operator()(" << shape << ", const A&...) const {\n"
            << "        static_assert(sizeof...(A) == " << count << ", " << quoted(message)
            << ");\n"
            << "    }\n";
    }
}

void write_launcher(std::ostream& out, const kir::RawKernel& kernel, std::size_t index) {
    std::vector<std::string> names = argument_names(kernel);
    std::vector<std::string> templates, params, forwards;
    for (std::size_t i = 0; i < names.size(); ++i) {
        templates.push_back("class A" + std::to_string(i));
        params.push_back("const A" + std::to_string(i) + "& " + names[i]);
        forwards.push_back(names[i]);
    }
    std::string shown = display_name(kernel);
    std::string ref = kernel_ref(index);
    std::string template_head =
        templates.empty() ? "" : "template <" + join(templates, ", ") + ">\n    ";
    std::string after_shape = params.empty() ? "" : ", " + join(params, ", ");
    std::string forwarded = forwards.empty() ? "" : ", " + join(forwards, ", ");
    out << "/// The launcher of " << raw_signature(kernel) << ".\n"
        << "struct " << launcher_class(index) << " {\n"
        << "    " << template_head << "void operator()(gpucc::Dim3 grid, gpucc::Dim3 block"
        << after_shape << ") const {\n"
        << "        (*this)(gpucc::LaunchConfig{grid, block, 0, std::nullopt}" << forwarded
        << ");\n"
        << "    }\n"
        << "    " << template_head << "void operator()(const gpucc::LaunchConfig& config"
        << after_shape << ") const {\n";
    for (std::size_t i = 0; i < names.size(); ++i) {
        const kir::RawType& type = kernel.params[i].type;
        out << "        static_assert(gpucc::detail::raw_arg_ok_v<" << type.cpp() << ", A" << i
            << ">, "
            << quoted(shown + ": " + describe_argument(kernel, i) + " " + what_it_takes(type))
            << ");\n";
    }
    if (!names.empty()) {
        out << "        const gpucc::Device gpucc_device = "
               "gpucc::detail::raw_launch_device(config);\n";
    }
    std::vector<std::string> addresses;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const kir::RawType& type = kernel.params[i].type;
        std::string value = "gpucc_arg" + std::to_string(i);
        std::string param_name =
            kernel.params[i].name.empty() ? std::to_string(i + 1) : kernel.params[i].name;
        out << "        " << type.cpp() << " " << value << " = gpucc::detail::raw_arg<"
            << type.cpp() << ">(" << names[i] << ", " << quoted(shown) << ", " << quoted(param_name)
            << ", gpucc_device);\n";
        addresses.push_back("&" + value);
    }
    if (addresses.empty()) {
        out << "        gpucc::detail::launch_grid_kernel(" << ref << ", config, nullptr);\n";
    } else {
        out << "        void* gpucc_args[] = {" << join(addresses, ", ") << "};\n"
            << "        gpucc::detail::launch_grid_kernel(" << ref << ", config, gpucc_args);\n";
    }
    out << "    }\n";
    write_arity_check(out, kernel);
    out << "    /// The kernel's registers, shared, constant and local memory, ... on `device`.\n"
        << "    gpucc::KernelAttributes attributes(gpucc::Device device = "
           "gpucc::default_device()) const {\n"
        << "        return gpucc::detail::kernel_attributes(" << ref << ", device);\n"
        << "    }\n"
        << "    /// Allows launches with up to `bytes` of dynamic shared memory on `device`.\n"
        << "    void set_max_dynamic_shared_bytes(int bytes, gpucc::Device device = "
           "gpucc::default_device()) const {\n"
        << "        gpucc::detail::set_max_dynamic_shared_bytes(" << ref << ", device, bytes);\n"
        << "    }\n"
        << "    /// The kernel's entry point in the module image.\n"
        << "    static constexpr const char* symbol() noexcept {\n"
        << "        return " << quoted(kernel.symbol) << ";\n"
        << "    }\n"
        << "};\n";
}

/// The kernels in header order, numbered across units.
std::vector<const kir::RawKernel*> all_kernels(const kir::Module& module) {
    std::vector<const kir::RawKernel*> kernels;
    for (const kir::RawCudaUnit& unit : module.raw_cuda) {
        for (const kir::RawKernel& kernel : unit.kernels) {
            kernels.push_back(&kernel);
        }
    }
    return kernels;
}

std::string qualified_key(const std::vector<std::string>& namespaces, const std::string& name) {
    std::string key;
    for (const std::string& space : namespaces) {
        key += space + "::";
    }
    return key + name;
}

/// The first template parameter's name, made into a false that depends on it.
std::string dependent_false(const std::string& template_params) {
    std::string first = template_params.substr(0, template_params.find(','));
    std::string name = first.substr(first.rfind(' ') + 1);
    if (first.rfind("class ", 0) == 0) {
        return "gpucc::detail::always_false_v<" + name + ">";
    }
    return "gpucc::detail::raw_always_false_values_v<" + name + ">";
}

/// Opens and closes the C++ namespaces of a kernel or variable inside the module's namespace.
class NamespaceWriter {
public:
    explicit NamespaceWriter(std::ostream& out) : out_(out) {}
    ~NamespaceWriter() { enter({}); }
    NamespaceWriter(const NamespaceWriter&) = delete;
    NamespaceWriter& operator=(const NamespaceWriter&) = delete;

    void enter(const std::vector<std::string>& namespaces) {
        if (namespaces == current_) {
            return;
        }
        for (auto space = current_.rbegin(); space != current_.rend(); ++space) {
            out_ << "} // namespace " << *space << "\n";
        }
        for (const std::string& space : namespaces) {
            out_ << "namespace " << space << " {\n";
        }
        current_ = namespaces;
    }

private:
    std::ostream& out_;
    std::vector<std::string> current_;
};

} // namespace

bool module_has_raw_cuda(const kir::Module& module) {
    return !module.raw_cuda.empty();
}

void write_raw_banner(std::ostream& out, const kir::Module& module) {
    for (const kir::RawKernel* kernel : all_kernels(module)) {
        out << "//   raw cuda " << raw_signature(*kernel) << "\n";
    }
    for (const kir::RawCudaUnit& unit : module.raw_cuda) {
        for (const kir::RawGlobal& global : unit.globals) {
            out << "//   " << (global.is_constant ? "__constant__ " : "__device__ ")
                << global.spelled << " " << qualified_key(global.namespaces, global.name) << "\n";
        }
    }
}

void write_raw_includes(std::ostream& out, const kir::Module& module) {
    if (module_has_raw_cuda(module)) {
        out << "#include <gpucc/detail/raw_kernel.h>\n#include <gpucc/launch/grid.h>\n";
    }
}

void write_raw_table_declarations(std::ostream& out, const kir::Module& module) {
    std::vector<const kir::RawKernel*> kernels = all_kernels(module);
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        out << "extern gpucc::detail::KernelRef " << kernel_ref(i) << ";\n";
    }
}

void write_raw_tables(std::ostream& out, const kir::Module& module) {
    std::vector<const kir::RawKernel*> kernels = all_kernels(module);
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        out << "inline gpucc::detail::KernelRef " << kernel_ref(i) << "{\n"
            << "    " << raw_cuda_image(module) << ", " << quoted(kernels[i]->symbol)
            << ", nullptr, {nullptr, nullptr}, {nullptr, nullptr}, 1};\n";
    }
}

void write_raw_launchers(std::ostream& out, const kir::Module& module) {
    std::vector<const kir::RawKernel*> kernels = all_kernels(module);
    if (!kernels.empty()) {
        out << "\n// The raw CUDA kernels' launchers: each kernel below is an object of one.\n";
    }
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        write_launcher(out, *kernels[i], i);
    }
    // One class template per kernel template, specialized for each instantiation.
    std::map<std::string, std::size_t> templates;
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const kir::RawKernel& kernel = *kernels[i];
        if (kernel.template_params.empty()) {
            continue;
        }
        std::string key = qualified_key(kernel.namespaces, kernel.name);
        auto [entry, added] = templates.try_emplace(key, templates.size());
        std::string name = "raw_template_" + std::to_string(entry->second);
        if (added) {
            std::vector<std::string> instantiated;
            for (const kir::RawKernel* other : kernels) {
                if (qualified_key(other->namespaces, other->name) == key) {
                    instantiated.push_back(other->name + "<" + other->template_args + ">");
                }
            }
            out << "template <" << kernel.template_params << ">\n"
                << "struct " << name << " {\n"
                << "    static_assert(" << dependent_false(kernel.template_params) << ", "
                << quoted(key +
                          ": this instantiation has no launcher; the .dsl file instantiates " +
                          join(instantiated, ", ") + " (add it to 'instantiate')")
                << ");\n};\n";
        }
        out << "template <>\nstruct " << name << "<" << kernel.template_args
            << "> : " << launcher_class(i) << " {};\n";
    }
}

void write_raw_wrappers(std::ostream& out, const kir::Module& module) {
    std::vector<const kir::RawKernel*> kernels = all_kernels(module);
    const std::string tables = "::" + module.name + "::gpucc_kernels::";
    NamespaceWriter spaces(out);
    std::map<std::string, std::size_t> templates;
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const kir::RawKernel& kernel = *kernels[i];
        spaces.enter(kernel.namespaces);
        out << "// raw cuda " << raw_signature(kernel) << "\n";
        if (kernel.template_params.empty()) {
            out << "inline constexpr " << tables << launcher_class(i) << " " << kernel.name
                << "{};\n";
            continue;
        }
        std::string key = qualified_key(kernel.namespaces, kernel.name);
        auto [entry, added] = templates.try_emplace(key, templates.size());
        if (added) {
            std::string args;
            std::string params = kernel.template_params;
            // "class T, int N" -> "T, N"
            std::size_t start = 0;
            while (start < params.size()) {
                std::size_t end = params.find(',', start);
                std::string one =
                    params.substr(start, end == std::string::npos ? end : end - start);
                args += (args.empty() ? "" : ", ") + one.substr(one.rfind(' ') + 1);
                start = end == std::string::npos ? params.size() : end + 1;
            }
            out << "template <" << kernel.template_params << ">\n"
                << "inline constexpr " << tables << "raw_template_" << entry->second << "<" << args
                << "> " << kernel.name << "{};\n";
        }
    }
    for (const kir::RawCudaUnit& unit : module.raw_cuda) {
        for (const kir::RawGlobal& global : unit.globals) {
            spaces.enter(global.namespaces);
            std::string kind = global.is_constant ? "__constant__ " : "__device__ ";
            if (!global.element) {
                out << "// " << kind << global.spelled << " " << global.name
                    << ": no typed accessor (not a scalar or pointer, or an array of them); "
                       "gpucc::detail::module_global("
                    << tables << raw_cuda_image(module) << ", device, " << quoted(global.symbol)
                    << ") gives its address\n";
                continue;
            }
            out << "// " << kind << global.spelled << " " << global.name << "\n";
            if (global.is_array) {
                out << "inline constexpr gpucc::detail::RawArrayGlobal<" << global.element->cpp()
                    << ", " << global.count << "> " << global.name << "{&" << tables
                    << raw_cuda_image(module) << ", " << quoted(global.symbol) << "};\n";
            } else {
                out << "inline constexpr gpucc::detail::RawScalarGlobal<" << global.element->cpp()
                    << "> " << global.name << "{&" << tables << raw_cuda_image(module) << ", "
                    << quoted(global.symbol) << "};\n";
            }
        }
    }
}

} // namespace gpucc::headergen
