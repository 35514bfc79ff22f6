// Runs the CUDA toolkit's ptxas (PTX to SASS, per arch) and fatbinary (SASS images plus PTX into
// one image that cuModuleLoadData picks from at run time). They are separate programs of the
// toolkit, not libraries, so they run as subprocesses; their messages are kept and reported.
#pragma once

#include <string>
#include <vector>

namespace gpucc {

struct CudaToolResult {
    bool ok = false;
    std::string output; ///< the produced file's bytes when ok
    std::string error;  ///< what went wrong, including the tool's messages
};

/// Assembles `ptx` for sm_`arch` at -O3.
CudaToolResult run_ptxas(const std::string& cuda_path, const std::string& ptx, int arch);

struct FatbinImage {
    int arch = 90;
    bool is_ptx = false; ///< PTX (JIT-compiled on newer GPUs) or SASS (an ELF cubin)
    std::string bytes;
};

/// Bundles images into a 64-bit fatbin.
CudaToolResult run_fatbinary(const std::string& cuda_path, const std::vector<FatbinImage>& images);

} // namespace gpucc
