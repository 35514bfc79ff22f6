// Runs the CUDA toolkit's ptxas (PTX to SASS, per arch; or, for a module of several parts, each
// part to a relocatable object), nvlink (the parts' objects into one cubin) and fatbinary (SASS
// images plus PTX into one image that cuModuleLoadData picks from at run time). They are separate
// programs of the toolkit, not libraries, so they run as subprocesses, several at once when the
// parts are assembled on several threads; their messages are kept and reported.
#pragma once

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Error.h>
#include <string>
#include <vector>

namespace gpucc {

/// A temporary file removed when the object goes away, or by the signal handler when gpucc is
/// interrupted first. ok() is false when it could not be created.
class TempFile {
public:
    explicit TempFile(const char* suffix);
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    bool ok() const { return !path_.empty(); }
    std::string path() const { return std::string(path_); }

private:
    llvm::SmallString<128> path_;
};

/// Writes `bytes` to the file at `path`; false on failure.
bool write_file(const std::string& path, const std::string& bytes);

/// What ptxas's messages call the PTX they read (a temporary file, removed by then):
/// "ptxas <PTX>, line 12; error   : ...".
inline constexpr const char* kToolInputName = "<PTX>";

/// Assembles `ptx` for sm_`arch` at -O3: the cubin's bytes, or what went wrong, including
/// ptxas's messages (PtxasMessages.h places them at the kernels' definitions).
llvm::Expected<std::string> run_ptxas(const std::string& cuda_path, const std::string& ptx,
                                      int arch);

/// Assembles the PTX in the file `ptx_path` for sm_`arch` at -O3 into a relocatable object
/// (`ptxas -c`) written to `object_path`, for link_cubins; fails with ptxas's messages, the input
/// called kToolInputName.
llvm::Error assemble_relocatable(const std::string& cuda_path, const std::string& ptx_path,
                                 int arch, const std::string& object_path);

/// Links relocatable objects (files of assemble_relocatable, in this order) for sm_`arch` with
/// nvlink into one cubin written to `cubin_path`; fails with nvlink's messages. The cubin stays a
/// file (fatbinary reads it): gpucc does not hold it.
llvm::Error link_cubins(const std::string& cuda_path, const std::vector<std::string>& object_paths,
                        int arch, const std::string& cubin_path);

struct FatbinImage {
    int arch = 90;
    bool is_ptx = false; ///< PTX (JIT-compiled on newer GPUs) or SASS (an ELF cubin)
    std::string bytes;
    std::string path; ///< when not empty, the image is this file's content and `bytes` is unused
};

/// Bundles images into a 64-bit fatbin: its bytes, or what went wrong, including fatbinary's
/// messages.
llvm::Expected<std::string> run_fatbinary(const std::string& cuda_path,
                                          const std::vector<FatbinImage>& images);

/// Joins relocatable objects (files, in this order) into one written to `output_path` with the
/// system linker's `ld -r`; fails with what went wrong. Not a CUDA tool, but run the same way:
/// killed when gpucc is interrupted.
llvm::Error link_relocatable(const std::vector<std::string>& object_paths,
                             const std::string& output_path);

} // namespace gpucc
