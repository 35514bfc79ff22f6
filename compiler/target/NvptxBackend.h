// Kernel IR to PTX for one SM architecture: builds the NVPTX module, links the libdevice math
// functions it calls (and only those), internalizes them, optimizes at -O3 (NVVMReflect resolves
// libdevice's __nvvm_reflect queries: no flush-to-zero, as CUDA's default), and emits PTX. Kernels
// for sm_90 and later get the griddepcontrol prologue of GridDependency.h.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <llvm/Support/Error.h>
#include <string>

namespace gpucc {

class DiagnosticEngine;

struct DeviceCode {
    std::string ptx;
    std::string llvm_ir; ///< the optimized module, when asked for
};

/// The failure of a check whose findings were reported to the diagnostic engine at the kernels'
/// definitions (the parameter-space check): there is nothing more to say.
class ReportedAtDefinitions : public llvm::ErrorInfo<ReportedAtDefinitions> {
public:
    static char ID;
    void log(llvm::raw_ostream& out) const override { out << "errors reported at definitions"; }
    std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
};

/// Raw CUDA units (kernels.raw_cuda) are compiled by Clang for `arch` and linked in; their
/// diagnostics go to `diags`, which must be given when there are any. Fails when the NVPTX target,
/// libdevice or a raw CUDA unit cannot be set up, and with ReportedAtDefinitions when a kernel's
/// parameters exceed sm_`arch`'s limit (ParamSpace.h). The instances are built and optimized
/// on `jobs` threads (0: one per core; ParallelModules.h); the PTX does not depend on `jobs`.
llvm::Expected<DeviceCode> compile_to_ptx(const kir::Module& kernels, int arch,
                                          const std::string& cuda_path, bool want_llvm_ir,
                                          DiagnosticEngine* diags = nullptr, unsigned jobs = 1);

} // namespace gpucc
