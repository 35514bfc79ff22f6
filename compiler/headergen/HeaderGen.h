// Writes the typed C++ header of a module, API first: function templates per kernel (a
// reduction's take `gpucc::Axis axis` and `bool keepdims` after the arrays), then, below a banner
// marking it internal, the generated plumbing: declarations of the object's symbols (the device
// images, one per group of instances, and each instance's host entry points), the ABI checks and
// the kernel tables, each entry naming its instance's image. The templates resolve type
// placeholders from the array arguments at C++ compile time, so passing an array of a type the
// kernel was not compiled for, or of the wrong fixed type, fails to compile with a message naming
// the kernel, the parameter and the compiled types. The work of a call (shape checks, output
// allocation, the launch) is done by the runtime's gpucc::detail::ElementwiseLaunch and
// ReductionLaunch; the header only binds types and orders arguments. Every line fits in 100
// columns.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <ostream>
#include <string>

namespace gpucc {

/// Writes the header's text to `out` as it is generated, a line at a time: a header of many
/// kernels (about 11 kB each) is never held whole. `header_name` is its file name, for the banner
/// ("kernels.gpucc.h").
void write_header(const kir::Module& module, const std::string& header_name, std::ostream& out);

/// The header's text, as write_header writes it (for --emit=header and tests).
std::string generate_header(const kir::Module& module, const std::string& header_name);

/// Whether `name` can name a C++ function or parameter (not a keyword or a name the generated
/// code itself uses).
bool is_usable_cpp_name(const std::string& name);

/// Whether `name` can name a kernel: a usable C++ name that is not one of the header's device
/// image variables (`image`, `image_1`, `image_2`, ...), which share the kernel tables' namespace.
bool is_usable_kernel_name(const std::string& name);

/// Whether `name` is one the generated reduction functions give their own parameters after the
/// kernel's (`axis`, `keepdims`), so that a reduction parameter cannot have it.
bool is_reduction_wrapper_name(const std::string& name);

} // namespace gpucc
