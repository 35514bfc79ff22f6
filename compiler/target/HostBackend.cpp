// Host object generation with the embedded device image (HostBackend.h).
#include "compiler/target/HostBackend.h"

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/codegen/common/TargetMachines.h"
#include "compiler/target/KernelParts.h"
#include "compiler/target/ParallelModules.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

void embed_image(llvm::Module& module, const std::string& module_name, const std::string& image,
                 std::uint64_t image_flags) {
    llvm::LLVMContext& context = module.getContext();
    llvm::ArrayRef<std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(image.data()),
                                       image.size());
    llvm::Constant* data = llvm::ConstantDataArray::get(context, bytes);
    auto* array =
        new llvm::GlobalVariable(module, data->getType(), true, llvm::GlobalValue::ExternalLinkage,
                                 data, image_symbol(module_name));
    array->setAlignment(llvm::Align(64)); // fatbins must be 8-byte aligned; 64 is a cache line
    llvm::Type* i64 = llvm::Type::getInt64Ty(context);
    new llvm::GlobalVariable(module, i64, true, llvm::GlobalValue::ExternalLinkage,
                             llvm::ConstantInt::get(i64, image.size()),
                             image_size_symbol(module_name));
    new llvm::GlobalVariable(module, i64, true, llvm::GlobalValue::ExternalLinkage,
                             llvm::ConstantInt::get(i64, image_flags),
                             image_flags_symbol(module_name));
}

} // namespace

llvm::Expected<HostObject> compile_host_object(const kir::Module& kernels,
                                               const std::string& device_image, bool want_llvm_ir,
                                               std::uint64_t image_flags, unsigned jobs) {
    HostObject result;
    auto failure = [](std::string message) {
        return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
    };
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_host_machine(error);
    if (!machine) {
        return failure(std::move(error));
    }
    // One module per instruction set and part, each optimized with the vector math it may call
    // on a thread of its own (ParallelModules.h), then linked into one object: the instruction
    // sets in order, each with its parts in order.
    std::vector<InstanceRange> parts = split_into_parts(kernels);
    auto build_part =
        [&](std::size_t task,
            llvm::LLVMContext& context) -> llvm::Expected<std::unique_ptr<llvm::Module>> {
        HostIsa isa = kHostIsas[task / parts.size()];
        std::string part_error;
        std::unique_ptr<llvm::TargetMachine> part_machine = create_host_machine(part_error);
        if (!part_machine) {
            return failure(std::move(part_error));
        }
        std::unique_ptr<llvm::Module> part = build_kernel_module(
            kernels, CodegenTarget::Host, *part_machine, context, isa, parts[task % parts.size()]);
        optimize_module(*part, *part_machine, CodegenTarget::Host, isa);
        return part;
    };
    llvm::LLVMContext context;
    llvm::Expected<std::unique_ptr<llvm::Module>> joined = build_parts_in_parallel(
        std::size(kHostIsas) * parts.size(), jobs, context, kernels.name, build_part);
    if (!joined) {
        return joined.takeError();
    }
    std::unique_ptr<llvm::Module> module = std::move(*joined);
    if (want_llvm_ir) {
        llvm::raw_string_ostream out(result.llvm_ir);
        module->print(out, nullptr);
        return result;
    }
    embed_image(*module, kernels.name, device_image, image_flags);
    llvm::SmallString<0> object;
    llvm::raw_svector_ostream object_stream(object);
    llvm::legacy::PassManager emit;
    if (machine->addPassesToEmitFile(emit, object_stream, nullptr,
                                     llvm::CodeGenFileType::ObjectFile)) {
        return failure("the host back end cannot emit an object file");
    }
    emit.run(*module);
    result.object = std::string(object);
    return result;
}

} // namespace gpucc
