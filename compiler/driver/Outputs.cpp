// Naming and writing the outputs (Outputs.h). The names are computed once per compilation, here,
// and used by the header banner, the writes and the depfile alike.
#include "compiler/driver/Outputs.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/KernelIR.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <llvm/ADT/ScopeExit.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {

OutputPaths output_paths(const std::string& input_path, const std::string& output_dir) {
    llvm::StringRef stem = llvm::sys::path::filename(input_path);
    if (stem.ends_with(".dsl")) {
        stem = stem.drop_back(4);
    }
    OutputPaths paths;
    paths.header_name = stem.str() + ".gpucc.h";
    llvm::SmallString<256> header(output_dir);
    llvm::sys::path::append(header, paths.header_name);
    paths.header = std::string(header);
    llvm::SmallString<256> object(output_dir);
    llvm::sys::path::append(object, stem.str() + ".gpucc.o");
    paths.object = std::string(object);
    return paths;
}

namespace {

/// Whether the files at `a` and `b` exist and hold the same bytes, read in blocks.
bool same_bytes(const std::string& a, const std::string& b) {
    std::uint64_t size_a = 0;
    std::uint64_t size_b = 0;
    if (llvm::sys::fs::file_size(a, size_a) || llvm::sys::fs::file_size(b, size_b) ||
        size_a != size_b) {
        return false;
    }
    std::ifstream in_a(a, std::ios::binary);
    std::ifstream in_b(b, std::ios::binary);
    if (!in_a || !in_b) {
        return false;
    }
    std::vector<char> block_a(1 << 16);
    std::vector<char> block_b(1 << 16);
    while (in_a && in_b) {
        in_a.read(block_a.data(), static_cast<std::streamsize>(block_a.size()));
        in_b.read(block_b.data(), static_cast<std::streamsize>(block_b.size()));
        if (in_a.gcount() != in_b.gcount() ||
            !std::equal(block_a.begin(), block_a.begin() + in_a.gcount(), block_b.begin())) {
            return false;
        }
    }
    return in_a.eof() && in_b.eof();
}

} // namespace

bool install_output(const std::string& path, const std::string& from, DiagnosticEngine& diags) {
    // Write if changed (as TableGen's -write-if-changed): an output whose bytes are already on
    // disk keeps its modification time, so Ninja's restat (CMake sets it on custom commands)
    // rebuilds nothing downstream when a compiler change did not change the generated code.
    if (same_bytes(from, path)) {
        return true;
    }
    std::string temporary = path + ".tmp";
    if (std::error_code error = llvm::sys::fs::copy_file(from, temporary)) {
        llvm::sys::fs::remove(temporary);
        diags.report_tool_error("cannot write '" + temporary + "': " + error.message());
        return false;
    }
    if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
        diags.report_tool_error("cannot write '" + path + "': " + error.message());
        return false;
    }
    return true;
}

bool write_streamed_output(const std::string& path, llvm::function_ref<void(std::ostream&)> write,
                           DiagnosticEngine& diags) {
    std::string temporary = path + ".tmp";
    // Written for as long as generation takes: an interrupt (tools/gpucc/CrashHandlers.h) removes
    // it rather than leave it beside the outputs.
    llvm::sys::RemoveFileOnSignal(temporary);
    llvm::scope_exit settled([&] { llvm::sys::DontRemoveFileOnSignal(temporary); });
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (out) {
            write(out);
            out.close();
        }
        if (!out) {
            llvm::sys::fs::remove(temporary);
            diags.report_tool_error("cannot write '" + temporary + "'");
            return false;
        }
    }
    if (same_bytes(temporary, path)) {
        llvm::sys::fs::remove(temporary); // as install_output: the unchanged output keeps its time
        return true;
    }
    if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
        diags.report_tool_error("cannot write '" + path + "': " + error.message());
        return false;
    }
    return true;
}

namespace {

/// Whether two paths name one file: the same file on disk, or, for a file not yet written, the
/// same absolute path once "." and ".." are resolved.
bool same_file(const std::string& a, const std::string& b) {
    bool equivalent = false;
    if (!llvm::sys::fs::equivalent(a, b, equivalent)) {
        return equivalent;
    }
    auto normalized = [](const std::string& path) {
        llvm::SmallString<256> full(path);
        llvm::sys::fs::make_absolute(full);
        llvm::sys::path::remove_dots(full, /*remove_dot_dot=*/true);
        return std::string(full);
    };
    return normalized(a) == normalized(b);
}

} // namespace

bool check_depfile_path(const std::string& depfile, const OutputPaths& outputs,
                        const std::vector<std::string>& inputs, DiagnosticEngine& diags) {
    auto refuse = [&](const std::string& what, const std::string& path) {
        diags.report_tool_error("--depfile='" + depfile + "' is " + what + " '" + path +
                                "': it would be overwritten; name another file");
        return false;
    };
    for (const std::string& input : inputs) {
        if (same_file(depfile, input)) {
            return refuse("the input", input);
        }
    }
    if (same_file(depfile, outputs.header)) {
        return refuse("the output", outputs.header);
    }
    if (same_file(depfile, outputs.object)) {
        return refuse("the output", outputs.object);
    }
    return true;
}

void write_depfile(const std::string& depfile, const OutputPaths& outputs,
                   const std::string& input_path, const kir::Module& kernels,
                   DiagnosticEngine& diags) {
    std::vector<std::string> inputs{input_path};
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        inputs.insert(inputs.end(), unit.dependencies.begin(), unit.dependencies.end());
    }
    if (!check_depfile_path(depfile, outputs, inputs, diags)) {
        return;
    }
    auto escape = [](const std::string& path) {
        std::string escaped;
        for (char c : path) {
            if (c == ' ' || c == '#' || c == '\\') {
                escaped += '\\';
            } else if (c == '$') {
                escaped += '$';
            }
            escaped += c;
        }
        return escaped;
    };
    std::error_code error;
    llvm::raw_fd_ostream out(depfile, error);
    if (error) {
        diags.report_tool_error("cannot write '" + depfile + "': " + error.message());
        return;
    }
    // Both outputs as targets, the header first (gpucc_add_kernels lists it first, and Ninja
    // wants a depfile to name the first output of its edge).
    out << escape(outputs.header) << " " << escape(outputs.object) << ": " << escape(input_path);
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        for (const std::string& file : unit.dependencies) {
            out << " \\\n  " << escape(file);
        }
    }
    out << "\n";
}

} // namespace gpucc
