// Runs the CUDA toolkit's ptxas (PTX to SASS, per arch) and fatbinary (SASS images plus PTX into
// one image that cuModuleLoadData picks from at run time). They are separate programs of the
// toolkit, not libraries, so they run as subprocesses; their messages are kept and reported.
#pragma once

#include <llvm/Support/Error.h>
#include <string>
#include <vector>

namespace gpucc {

/// What ptxas's messages call the PTX they read (a temporary file, removed by then):
/// "ptxas <PTX>, line 12; error   : ...".
inline constexpr const char* kToolInputName = "<PTX>";

/// Assembles `ptx` for sm_`arch` at -O3: the cubin's bytes, or what went wrong, including
/// ptxas's messages (PtxasMessages.h places them at the kernels' definitions).
llvm::Expected<std::string> run_ptxas(const std::string& cuda_path, const std::string& ptx,
                                      int arch);

struct FatbinImage {
    int arch = 90;
    bool is_ptx = false; ///< PTX (JIT-compiled on newer GPUs) or SASS (an ELF cubin)
    std::string bytes;
};

/// Bundles images into a 64-bit fatbin: its bytes, or what went wrong, including fatbinary's
/// messages.
llvm::Expected<std::string> run_fatbinary(const std::string& cuda_path,
                                          const std::vector<FatbinImage>& images);

/// Joins relocatable objects (their bytes) into one with the system linker's `ld -r`: the bytes
/// of the joined object, or what went wrong. Not a CUDA tool, but run the same way: through
/// temporary files, killed and cleaned up when gpucc is interrupted.
llvm::Expected<std::string> link_relocatable(const std::vector<std::string>& objects);

} // namespace gpucc
