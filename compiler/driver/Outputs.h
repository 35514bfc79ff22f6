// What a compilation writes and where: the names of the header and object (`kernels.dsl` ->
// `kernels.gpucc.h`, `kernels.gpucc.o` in the output directory), the Make-syntax depfile that lists
// what they depend on, and the one function that writes an output. Outputs are written to a
// temporary name and renamed, so a failed run never leaves a half-written file that a build could
// pick up, and an output whose bytes did not change is not rewritten, so the build does not
// recompile what includes or links it.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>
#include <ostream>
#include <string>
#include <vector>

namespace gpucc {

class DiagnosticEngine;
namespace kir {
struct Module;
}

/// The outputs of compiling one .dsl file, named once.
struct OutputPaths {
    std::string header_name; ///< "kernels.gpucc.h": the banner of the header names it
    std::string header;      ///< the header's path in the output directory
    std::string object;      ///< the object's path in the output directory
};

/// The paths of `input_path`'s outputs in `output_dir`: the file name without `.dsl`, then
/// `.gpucc.h` and `.gpucc.o`.
OutputPaths output_paths(const std::string& input_path, const std::string& output_dir);

/// Writes the bytes of the file `from` (a temporary file the back end wrote) to `path` through a
/// temporary file, or leaves `path` untouched (its modification time too) when it already holds
/// exactly those bytes; compares and copies in blocks, so an output of many megabytes is never
/// held in memory. Reports a failure to `diags` and returns false.
bool install_output(const std::string& path, const std::string& from, DiagnosticEngine& diags);

/// As install_output, with the bytes `write` writes to the stream it is given as it makes them:
/// they go to a temporary file in `path`'s folder, which replaces `path` only when the bytes
/// differ.
bool write_streamed_output(const std::string& path, llvm::function_ref<void(std::ostream&)> write,
                           DiagnosticEngine& diags);

/// Reports and returns false when `depfile` names one of `inputs` (the .dsl file, the files its raw
/// CUDA reads) or an output: writing it would destroy that file.
bool check_depfile_path(const std::string& depfile, const OutputPaths& outputs,
                        const std::vector<std::string>& inputs, DiagnosticEngine& diags);

/// `--depfile`: the outputs depend on the .dsl file and on every user file Clang read for the
/// module's raw CUDA definitions (Make's syntax, which Ninja and CMake's DEPFILE read).
void write_depfile(const std::string& depfile, const OutputPaths& outputs,
                   const std::string& input_path, const kir::Module& kernels,
                   DiagnosticEngine& diags);

} // namespace gpucc
