// NVPTX code generation with libdevice (NvptxBackend.h).
#include "compiler/target/NvptxBackend.h"

#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/codegen/common/TargetMachines.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/target/GridDependency.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

/// Links the libdevice functions `module` calls. Returns an error message, or "" on success.
std::string link_libdevice(llvm::Module& module, const std::string& cuda_path) {
    bool needs_math = false;
    for (const llvm::Function& function : module) {
        if (function.isDeclaration() && function.getName().starts_with("__nv_")) {
            needs_math = true;
        }
    }
    if (!needs_math) {
        return "";
    }
    llvm::SmallString<256> path(cuda_path);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
        return "cannot read libdevice at " + std::string(path) + ": " + buffer.getError().message();
    }
    llvm::Expected<std::unique_ptr<llvm::Module>> libdevice =
        llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), module.getContext());
    if (!libdevice) {
        return "cannot parse libdevice: " + llvm::toString(libdevice.takeError());
    }
    (*libdevice)->setTargetTriple(module.getTargetTriple());
    (*libdevice)->setDataLayout(module.getDataLayout());
    if (llvm::Linker::linkModules(module, std::move(*libdevice),
                                  llvm::Linker::Flags::LinkOnlyNeeded)) {
        return "linking libdevice failed";
    }
    // Only the kernels are entry points; everything linked in may be inlined and dropped.
    for (llvm::Function& function : module) {
        if (!function.isDeclaration() &&
            function.getCallingConv() != llvm::CallingConv::PTX_Kernel) {
            function.setLinkage(llvm::GlobalValue::InternalLinkage);
        }
    }
    for (llvm::GlobalVariable& global : module.globals()) {
        if (!global.isDeclaration()) {
            global.setLinkage(llvm::GlobalValue::InternalLinkage);
        }
    }
    return "";
}

/// Links the raw CUDA units, compiled by Clang for sm_`arch` (already optimized, libdevice
/// linked), into `module`. Returns an error message, or "" on success; Clang's own errors have
/// been reported to `diags`.
std::string link_raw_cuda(llvm::Module& module, const kir::Module& kernels, int arch,
                          const std::string& cuda_path, DiagnosticEngine* diags) {
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        if (diags == nullptr) {
            return "internal error: raw CUDA compiled without a diagnostic engine";
        }
        std::unique_ptr<llvm::Module> raw =
            compile_raw_cuda_ir(unit, arch, cuda_path, module.getContext(), *diags);
        if (!raw) {
            return "Clang could not compile raw CUDA for sm_" + std::to_string(arch);
        }
        raw->setTargetTriple(module.getTargetTriple());
        raw->setDataLayout(module.getDataLayout());
        if (llvm::Linker::linkModules(module, std::move(raw))) {
            return "the raw CUDA kernels cannot be linked with the module's other kernels (a "
                   "symbol defined twice?)";
        }
    }
    return "";
}

} // namespace

llvm::Expected<DeviceCode> compile_to_ptx(const kir::Module& kernels, int arch,
                                          const std::string& cuda_path, bool want_llvm_ir,
                                          DiagnosticEngine* diags) {
    auto failure = [](std::string message) {
        return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
    };
    DeviceCode result;
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_nvptx_machine(arch, error);
    if (!machine) {
        return failure(std::move(error));
    }
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module =
        build_kernel_module(kernels, CodegenTarget::Nvptx, *machine, context);
    if (arch >= kGridDependencyMinArch) {
        insert_grid_dependency_control(*module);
    }
    // libdevice asks __nvvm_reflect("__CUDA_FTZ"); 0 keeps denormals, as nvcc without
    // --use_fast_math.
    module->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", std::uint32_t{0});
    error = link_libdevice(*module, cuda_path);
    if (!error.empty()) {
        return failure(std::move(error));
    }
    optimize_module(*module, *machine, CodegenTarget::Nvptx);
    // Raw CUDA comes optimized by Clang; it joins after gpucc's kernels were optimized so that
    // neither is optimized twice.
    error = link_raw_cuda(*module, kernels, arch, cuda_path, diags);
    if (!error.empty()) {
        return failure(std::move(error));
    }
    if (want_llvm_ir) {
        llvm::raw_string_ostream out(result.llvm_ir);
        module->print(out, nullptr);
    }
    llvm::SmallString<0> ptx;
    llvm::raw_svector_ostream ptx_stream(ptx);
    llvm::legacy::PassManager emit;
    if (machine->addPassesToEmitFile(emit, ptx_stream, nullptr,
                                     llvm::CodeGenFileType::AssemblyFile)) {
        return failure("the NVPTX back end cannot emit PTX");
    }
    emit.run(*module);
    result.ptx = std::string(ptx);
    return result;
}

} // namespace gpucc
