// NVPTX code generation with libdevice (NvptxBackend.h).
#include "compiler/target/NvptxBackend.h"

#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/codegen/common/TargetMachines.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/target/GlobalOrder.h"
#include "compiler/target/GridDependency.h"
#include "compiler/target/KernelParts.h"
#include "compiler/target/NormalApproximations.h"
#include "compiler/target/ParallelModules.h"
#include "compiler/target/ParamSpace.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {

Libdevice read_libdevice(const std::string& cuda_path) {
    llvm::SmallString<256> path(cuda_path);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
        return {nullptr, "cannot read libdevice at " + std::string(path) + ": " +
                             buffer.getError().message()};
    }
    return {std::move(*buffer), ""};
}

namespace {

/// Links the libdevice functions `module` calls. Returns an error message, or "" on success.
std::string link_libdevice(llvm::Module& module, const Libdevice& libdevice_file) {
    bool needs_math = false;
    for (const llvm::Function& function : module) {
        if (function.isDeclaration() && function.getName().starts_with("__nv_")) {
            needs_math = true;
        }
    }
    if (!needs_math) {
        return "";
    }
    if (!libdevice_file.bitcode) {
        return libdevice_file.read_error;
    }
    llvm::Expected<std::unique_ptr<llvm::Module>> libdevice =
        llvm::parseBitcodeFile(libdevice_file.bitcode->getMemBufferRef(), module.getContext());
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

char ReportedAtDefinitions::ID = 0;

llvm::Expected<std::unique_ptr<llvm::Module>>
build_nvptx_part(const kir::Module& kernels, int arch, InstanceRange range,
                 const Libdevice& libdevice, llvm::LLVMContext& context,
                 std::vector<ParamOverflow>& overflows) {
    auto failure = [](std::string message) {
        return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
    };
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_nvptx_machine(arch, error);
    if (!machine) {
        return failure(std::move(error));
    }
    std::unique_ptr<llvm::Module> module = build_kernel_module(
        kernels, CodegenTarget::Nvptx, *machine, context, HostIsa::X86_64, range);
    // Before any optimization: a kernel over the parameter limit fails ptxas in any case, and
    // optimizing it can take minutes.
    overflows = find_param_overflows(*module, arch);
    if (!overflows.empty()) {
        return nullptr;
    }
    if (arch >= kGridDependencyMinArch) {
        insert_grid_dependency_control(*module);
    }
    // libdevice asks __nvvm_reflect("__CUDA_FTZ"); 0 keeps denormals, as nvcc without
    // --use_fast_math.
    module->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", std::uint32_t{0});
    error = link_libdevice(*module, libdevice);
    if (!error.empty()) {
        return failure(std::move(error));
    }
    optimize_module(*module, *machine, CodegenTarget::Nvptx);
    flush_provably_normal_approximations(*module);
    return module;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
build_raw_cuda_module(const kir::Module& kernels, int arch, const std::string& cuda_path,
                      llvm::LLVMContext& context, DiagnosticEngine* diags) {
    if (kernels.raw_cuda.empty()) {
        return nullptr;
    }
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_nvptx_machine(arch, error);
    if (!machine) {
        return llvm::createStringError(std::move(error), llvm::inconvertibleErrorCode());
    }
    auto module = std::make_unique<llvm::Module>(kernels.name + ".raw_cuda", context);
    module->setTargetTriple(machine->getTargetTriple());
    module->setDataLayout(machine->createDataLayout());
    error = link_raw_cuda(*module, kernels, arch, cuda_path, diags);
    if (!error.empty()) {
        return llvm::createStringError(std::move(error), llvm::inconvertibleErrorCode());
    }
    return module;
}

llvm::Error emit_ptx(llvm::Module& module, int arch, std::string& ptx) {
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_nvptx_machine(arch, error);
    if (!machine) {
        return llvm::createStringError(std::move(error), llvm::inconvertibleErrorCode());
    }
    llvm::SmallString<0> text;
    llvm::raw_svector_ostream stream(text);
    llvm::legacy::PassManager emit;
    if (machine->addPassesToEmitFile(emit, stream, nullptr, llvm::CodeGenFileType::AssemblyFile)) {
        return llvm::createStringError(std::string("the NVPTX back end cannot emit PTX"),
                                       llvm::inconvertibleErrorCode());
    }
    // The printer's order of declarations must not depend on pointer values (GlobalOrder.h).
    order_globals_after_dependencies(module);
    emit.run(module);
    ptx = std::string(text);
    return llvm::Error::success();
}

llvm::Expected<DeviceCode> compile_to_ptx(const kir::Module& kernels, int arch,
                                          const std::string& cuda_path, bool want_llvm_ir,
                                          DiagnosticEngine* diags, unsigned jobs) {
    auto failure = [](std::string message) {
        return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
    };
    DeviceCode result;
    const Libdevice libdevice = read_libdevice(cuda_path);
    // Each part: build, check the parameter space, link libdevice, optimize (ParallelModules.h).
    std::vector<InstanceRange> parts = split_into_parts(kernels);
    std::vector<std::vector<ParamOverflow>> overflows(parts.size());
    auto build_part =
        [&](std::size_t part,
            llvm::LLVMContext& context) -> llvm::Expected<std::unique_ptr<llvm::Module>> {
        return build_nvptx_part(kernels, arch, parts[part], libdevice, context, overflows[part]);
    };
    llvm::LLVMContext context;
    llvm::Expected<std::unique_ptr<llvm::Module>> joined =
        build_parts_in_parallel(parts.size(), jobs, context, kernels.name, build_part);
    if (!joined) {
        return joined.takeError();
    }
    std::vector<ParamOverflow> all_overflows;
    for (std::vector<ParamOverflow>& part : overflows) {
        all_overflows.insert(all_overflows.end(), part.begin(), part.end());
    }
    if (!all_overflows.empty()) {
        return report_overflows(all_overflows, kernels, arch, diags);
    }
    std::unique_ptr<llvm::Module> module = std::move(*joined);
    // Raw CUDA comes optimized by Clang; it joins after gpucc's kernels were optimized so that
    // neither is optimized twice.
    std::string error = link_raw_cuda(*module, kernels, arch, cuda_path, diags);
    if (!error.empty()) {
        return failure(std::move(error));
    }
    if (want_llvm_ir) {
        llvm::raw_string_ostream out(result.llvm_ir);
        module->print(out, nullptr);
    }
    if (llvm::Error emitted = emit_ptx(*module, arch, result.ptx)) {
        return emitted;
    }
    return result;
}

llvm::Error report_overflows(const std::vector<ParamOverflow>& overflows,
                             const kir::Module& kernels, int arch, DiagnosticEngine* diags) {
    if (diags == nullptr) {
        return llvm::createStringError("a kernel's parameters exceed the " +
                                           std::to_string(kernel_param_limit(arch)) +
                                           " bytes of sm_" + std::to_string(arch),
                                       llvm::inconvertibleErrorCode());
    }
    report_param_overflows(overflows, kernels, arch, *diags);
    return llvm::make_error<ReportedAtDefinitions>();
}

} // namespace gpucc
