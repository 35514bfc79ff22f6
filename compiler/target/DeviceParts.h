// The device code of a module of several parts (KernelParts.h), part by part: each part's NVPTX
// module is built, optimized, printed as PTX and assembled by `ptxas -c` into a relocatable
// object on a worker thread, its IR and PTX freed there (only files stay), and nvlink joins the
// objects of one image group, in part order, into the cubin of that device image, which stays a
// file for fatbinary (gpucc never holds it). So gpucc's memory and each ptxas's hold one part at
// a time, nvlink one image group, and the parts assemble in parallel; a module of one part keeps
// the whole-module path of NvptxBackend.h (ptxas without -c, no nvlink). The PTX image for GPUs
// newer than any built (and --emit=ptx, which asks for one group of every part) is the group's
// parts' PTX in order in one file, each part's internal symbols made distinct by a part suffix
// so that the file is one valid PTX module. Nothing depends on the thread count: -j1 and -j16
// give the same bytes.
#pragma once

#include "compiler/kir/KernelIR.h"
#include "compiler/target/CudaTools.h"
#include "compiler/target/KernelParts.h"

#include <llvm/Support/Error.h>
#include <memory>
#include <string>

namespace gpucc {

class DiagnosticEngine;

/// What compile_device_in_parts made for one arch.
struct PartedDeviceCode {
    std::unique_ptr<TempFile> cubin_file; ///< the linked SASS (none when only PTX was asked for)
    std::unique_ptr<TempFile> ptx_file;   ///< every part's PTX, one module (when asked for)
};

/// Whether `kernels` is compiled part by part (more than one part of instances).
bool compiles_in_parts(const kir::Module& kernels);

/// Compiles the parts of `group` of `kernels` (and the raw CUDA units, when the group holds them)
/// for sm_`arch` part by part on `jobs` threads (0: one per core). With `want_ptx` the joined PTX
/// is kept in a file; with `ptx_only` no ptxas runs. Fails with
/// ReportedAtDefinitions when findings were reported to `diags` at the .dsl definitions (a
/// parameter-space overflow, ptxas rejecting a part's PTX), else with the message of a failed
/// step (a tool missing, nvlink failing).
llvm::Expected<PartedDeviceCode> compile_device_in_parts(const kir::Module& kernels,
                                                         const ImageGroup& group, int arch,
                                                         const std::string& cuda_path,
                                                         DiagnosticEngine* diags, unsigned jobs,
                                                         bool want_ptx, bool ptx_only);

} // namespace gpucc
