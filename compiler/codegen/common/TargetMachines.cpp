// Target machines for NVPTX and the host (TargetMachines.h).
#include "compiler/codegen/common/TargetMachines.h"

#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>
#include <mutex>

namespace gpucc {
namespace {

void initialize_targets() {
    static std::once_flag once;
    std::call_once(once, [] {
        LLVMInitializeNVPTXTargetInfo();
        LLVMInitializeNVPTXTarget();
        LLVMInitializeNVPTXTargetMC();
        LLVMInitializeNVPTXAsmPrinter();
        LLVMInitializeX86TargetInfo();
        LLVMInitializeX86Target();
        LLVMInitializeX86TargetMC();
        LLVMInitializeX86AsmPrinter();
    });
}

std::unique_ptr<llvm::TargetMachine>
create_machine(const llvm::Triple& triple, const std::string& cpu, const std::string& features,
               std::optional<llvm::Reloc::Model> reloc, bool own_sections, std::string& error) {
    initialize_targets();
    const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
    if (target == nullptr) {
        return nullptr;
    }
    llvm::TargetOptions options;
    // Host objects put each function and each constant in a section of its own (as
    // -ffunction-sections -fdata-sections), so that a program linked with --gc-sections keeps the
    // host code of the kernels it calls and drops the rest.
    options.FunctionSections = own_sections;
    options.DataSections = own_sections;
    return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
        triple, cpu, features, options, reloc, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

} // namespace

std::string ptx_version_feature(int sm) {
    if (sm >= 121) {
        return "+ptx88";
    }
    if (sm >= 120) {
        return "+ptx87";
    }
    if (sm >= 100) {
        return "+ptx86";
    }
    return "+ptx85";
}

std::unique_ptr<llvm::TargetMachine> create_nvptx_machine(int sm, std::string& error) {
    return create_machine(llvm::Triple("nvptx64-nvidia-cuda"), "sm_" + std::to_string(sm),
                          ptx_version_feature(sm), std::nullopt, /*own_sections=*/false, error);
}

std::unique_ptr<llvm::TargetMachine> create_host_machine(std::string& error) {
    llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
    if (triple.getArch() != llvm::Triple::x86_64) {
        error = "the host target supports x86-64 only, not " + triple.str();
        return nullptr;
    }
    return create_machine(triple, "x86-64", "", llvm::Reloc::PIC_, /*own_sections=*/true, error);
}

} // namespace gpucc
