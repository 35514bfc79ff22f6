// What HeaderGen.cpp (the header's frame and the elementwise kernels) and the files writing the
// other kinds' parts (ReductionHeader.cpp, GridKernelHeader.cpp, RawHeader.cpp) share: text
// helpers, the signature shown in comments, the binding of type placeholders from array
// arguments, which the wrappers do the same way, and the wrapping of the result at 100 columns
// (LineWrap.cpp). Internal to compiler/headergen.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace gpucc::headergen {

/// The project's line length, which the generated header keeps to.
inline constexpr std::size_t kColumns = 100;

/// Writes `line` (without its newline) to `out`, broken into lines of at most kColumns as the
/// project's style lays it out by hand (LineWrap.cpp): code after a comma or a `&&`, aligned
/// after the open bracket; string literals split into adjacent literals; comments at a space.
void wrap_line(const std::string& line, std::ostream& out);

/// A stream buffer that passes what is written to it on to `sink` a line at a time, each line
/// through wrap_line: the header's text goes to its file as it is generated, and only the line
/// being written is held.
class LineWrappingBuffer final : public std::streambuf {
public:
    explicit LineWrappingBuffer(std::ostream& sink) : sink_(sink) {}
    LineWrappingBuffer(const LineWrappingBuffer&) = delete;
    LineWrappingBuffer& operator=(const LineWrappingBuffer&) = delete;
    ~LineWrappingBuffer() override;

    /// Passes on the last line if it has no newline (as std::getline would read it).
    void finish();

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* text, std::streamsize count) override;

private:
    std::ostream& sink_;
    std::string line_; ///< the line being written, up to its newline
};

std::string join(const std::vector<std::string>& parts, const char* separator);
std::string quoted(const std::string& text);
/// "float, double": the C++ types, for template arguments.
std::string type_list_cpp(const std::vector<ScalarType>& types);
/// "float32, float64": the NumPy names, for messages and comments.
std::string type_list_numpy(const std::vector<ScalarType>& types);

/// "name<T: float32, float64>(T x, scalar int64 p) -> (T y)".
std::string signature_text(const std::string& name,
                           const std::vector<kir::Placeholder>& placeholders,
                           const std::vector<kir::ParamSignature>& params);

/// The C++ spelling of a parameter's type inside a wrapper: "float", or the placeholder's name.
std::string cpp_type_of(const std::vector<kir::Placeholder>& placeholders,
                        const kir::ParamSignature& param);
/// The parameter's type for messages: "float32", or the placeholder's name.
std::string described_type_of(const std::vector<kir::Placeholder>& placeholders,
                              const kir::ParamSignature& param);

/// A parameter as the wrapper sees it.
struct WrapperParam {
    const kir::ParamSignature* signature;
    std::string template_name; ///< the C++ template parameter holding its argument type
};

/// Writes, for each placeholder, `using T = <element of the first array among its binders>;` and
/// the static_asserts that one was passed and that its type is one the kernel was compiled for.
/// `binders` are the wrapper's parameters that may bind placeholders (those taking arrays); the
/// outputs among them bind first (CuPy's order), then the inputs, each in kernel order.
void write_placeholder_bindings(std::ostream& out, const std::string& kernel_name,
                                const std::vector<kir::Placeholder>& placeholders,
                                const std::vector<WrapperParam>& binders);

/// The C++ expression of the instance index: the placeholders index the cartesian product of
/// their types, the last varying fastest ("0" without placeholders).
std::string instance_index(const std::vector<kir::Placeholder>& placeholders);

// Device images (compiler/target/KernelParts.h): a module of more instances than an image holds
// has several, each a ModuleImage of gpucc_kernels, and each instance's table entry names its own.

/// The C++ name of device image `group` in gpucc_kernels: "image", then "image_1", "image_2"...
std::string image_name(std::size_t group);
/// The image holding the module's instance `index` (in build order: elementwise, reduction, then
/// jit-style instances; see first_reduction_instance and first_grid_instance).
std::string image_of_instance(const kir::Module& module, std::size_t index);
/// The index of the module's first reduction instance, and of its first jit-style instance.
std::size_t first_reduction_instance(const kir::Module& module);
std::size_t first_grid_instance(const kir::Module& module);
/// The image holding the raw CUDA kernels and variables: the last.
std::string raw_cuda_image(const kir::Module& module);

// Reduction kernels (ReductionHeader.cpp), in the order the header holds them.

/// The includes reduction wrappers need beyond gpucc/generated_support.h.
void write_reduction_includes(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, before the wrappers: the declaration of each table.
void write_reduction_table_declarations(std::ostream& out, const kir::Module& module);
/// In the module's namespace: the typed functions of each reduction kernel.
void write_reduction_wrappers(std::ostream& out, const kir::Module& module);
/// Inside the header's extern "C" block (under the plumbing banner): each instance's host
/// functions.
void write_reduction_declarations(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, at the end: a ReductionKernelRef table per reduction kernel.
void write_reduction_tables(std::ostream& out, const kir::Module& module);

// Raw CUDA kernels (RawHeader.cpp), in the order the header holds them.

bool module_has_raw_cuda(const kir::Module& module);
/// The banner's lines: each kernel's signature and each device variable.
void write_raw_banner(std::ostream& out, const kir::Module& module);
/// The includes raw launchers need.
void write_raw_includes(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, before the wrappers: the declaration of each KernelRef.
void write_raw_table_declarations(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, before the wrappers: a launcher class per kernel, a class
/// template per kernel template.
void write_raw_launchers(std::ostream& out, const kir::Module& module);
/// In the module's namespace: the launcher objects and the variables' accessors.
void write_raw_wrappers(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, at the end: a KernelRef per kernel.
void write_raw_tables(std::ostream& out, const kir::Module& module);

// Jit-style kernels (GridKernelHeader.cpp), in the order the header holds them.

/// "name<T: float32, float64>(T[] x, uint32 n)".
std::string grid_signature_text(const kir::GridKernel& kernel);
void write_grid_includes(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, before the wrappers: the declaration of each table.
void write_grid_table_declarations(std::ostream& out, const kir::Module& module);
/// In the module's namespace: the launchers and attribute queries of each kernel.
void write_grid_wrappers(std::ostream& out, const kir::Module& module);
/// Inside the header's extern "C" block (under the plumbing banner): each instance's host
/// versions.
void write_grid_declarations(std::ostream& out, const kir::Module& module);
/// Inside namespace gpucc_kernels, at the end: a KernelRef table per kernel and what keeps each
/// instance on the GPU.
void write_grid_tables(std::ostream& out, const kir::Module& module);
/// The arguments of a wrapper that bind one placeholder where an NDArray may bind it at run time.
struct RuntimeBinders {
    std::vector<std::string> types; ///< their template parameters (`In_x`)
    std::vector<std::string> names; ///< their parameter names
};
/// `auto gpucc_run = [&]<class T, ...>(params) {`: the lambda that runs one instance, its template
/// parameters the placeholders (none: a plain lambda).
void write_run_lambda_head(std::ostream& out, const std::vector<kir::Placeholder>& placeholders,
                           const std::string& params);
/// For each placeholder, `using T = <the first typed Array's element, or void>;` and the
/// static_asserts that a typed Array binds it to a type it was compiled for and that the other
/// typed Arrays agree; `scalars_may_bind`: a C++ scalar may be passed for a binder, so also that an
/// Array or an NDArray binds it. NDArrays are checked at run time (write_placeholder_dispatch).
void write_runtime_placeholder_bindings(std::ostream& out, const std::string& function,
                                        const std::vector<kir::Placeholder>& placeholders,
                                        const std::vector<RuntimeBinders>& binders,
                                        bool scalars_may_bind);
/// Runs the instance the placeholders select: at compile time when typed Arrays bound every one,
/// else from the first NDArray binder's dtype at run time (a dtype the function was not compiled
/// for is a TypeError naming the argument and the types). `call(types, index)` is the expression
/// that runs the instance of those placeholder types; `returns`: the wrapper returns its value
/// (as an NDArray when the instance is chosen at run time).
void write_placeholder_dispatch(
    std::ostream& out, const std::string& function,
    const std::vector<kir::Placeholder>& placeholders, const std::vector<RuntimeBinders>& binders,
    const std::vector<std::vector<ScalarType>>& instances,
    const std::function<std::string(const std::string&, const std::string&)>& call, bool returns);
/// In the module's namespace, after the launchers: the typed functions of each fused function
/// with several reductions (FusedRowsHeader.cpp).
void write_fused_rows_wrappers(std::ostream& out, const kir::Module& module);

} // namespace gpucc::headergen
