// Kernel IR to PTX for one SM architecture: builds the NVPTX module, links the libdevice math
// functions it calls (and only those), internalizes them, optimizes at -O3 (NVVMReflect resolves
// libdevice's __nvvm_reflect queries: no flush-to-zero, as CUDA's default), and emits PTX. Kernels
// for sm_90 and later get the griddepcontrol prologue of GridDependency.h.
#pragma once

#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/target/ParamSpace.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <memory>
#include <string>
#include <vector>

namespace gpucc {

class DiagnosticEngine;

/// libdevice's bitcode, read once per compile and parsed by every part that calls into it.
struct Libdevice {
    std::unique_ptr<llvm::MemoryBuffer> bitcode;
    std::string read_error; ///< why it could not be read, said only if a part needs it
};

/// Reads `cuda_path`/nvvm/libdevice/libdevice.10.bc; a failure is kept and said only when a part
/// calls a libdevice function.
Libdevice read_libdevice(const std::string& cuda_path);

/// The optimized NVPTX module of the instances in `range` for sm_`arch`, libdevice linked: built,
/// checked for parameter space, linked, optimized in `context` (safe on a worker thread: it
/// touches nothing shared but what it reads). Null, with `overflows` filled, when an entry's
/// parameters exceed the limit (ParamSpace.h).
llvm::Expected<std::unique_ptr<llvm::Module>>
build_nvptx_part(const kir::Module& kernels, int arch, InstanceRange range,
                 const Libdevice& libdevice, llvm::LLVMContext& context,
                 std::vector<ParamOverflow>& overflows);

/// The module's raw CUDA units compiled by Clang for sm_`arch` and linked into one module of
/// `context` (null when there are none); Clang's errors go to `diags`.
llvm::Expected<std::unique_ptr<llvm::Module>>
build_raw_cuda_module(const kir::Module& kernels, int arch, const std::string& cuda_path,
                      llvm::LLVMContext& context, DiagnosticEngine* diags);

/// `module` printed as PTX for sm_`arch`, into `ptx`.
llvm::Error emit_ptx(llvm::Module& module, int arch, std::string& ptx);

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

/// Reports `overflows` at their definitions (ReportedAtDefinitions), or, without `diags`, fails
/// with a message saying the limit.
llvm::Error report_overflows(const std::vector<ParamOverflow>& overflows,
                             const kir::Module& kernels, int arch, DiagnosticEngine* diags);

} // namespace gpucc
