// Host object generation with the embedded device image (HostBackend.h).
#include "compiler/target/HostBackend.h"

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/codegen/common/TargetMachines.h"
#include "compiler/target/CudaTools.h"
#include "compiler/target/KernelParts.h"
#include "compiler/target/MemoryTrace.h"
#include "compiler/target/ParallelModules.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>
#include <optional>

namespace gpucc {
namespace {

void embed_image(llvm::Module& module, const std::string& module_name, std::size_t group,
                 const std::string& image, std::uint64_t image_flags) {
    llvm::LLVMContext& context = module.getContext();
    llvm::ArrayRef<std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(image.data()),
                                       image.size());
    llvm::Constant* data = llvm::ConstantDataArray::get(context, bytes);
    auto* array =
        new llvm::GlobalVariable(module, data->getType(), true, llvm::GlobalValue::ExternalLinkage,
                                 data, image_symbol(module_name, group));
    array->setAlignment(llvm::Align(64)); // fatbins must be 8-byte aligned; 64 is a cache line
    llvm::Type* i64 = llvm::Type::getInt64Ty(context);
    new llvm::GlobalVariable(module, i64, true, llvm::GlobalValue::ExternalLinkage,
                             llvm::ConstantInt::get(i64, image.size()),
                             image_size_symbol(module_name, group));
    new llvm::GlobalVariable(module, i64, true, llvm::GlobalValue::ExternalLinkage,
                             llvm::ConstantInt::get(i64, image_flags),
                             image_flags_symbol(module_name, group));
}

/// Writes the object file of `module` to a new temporary file `object`; an error message on
/// failure.
std::optional<std::string> emit_object(llvm::Module& module, llvm::TargetMachine& machine,
                                       std::unique_ptr<TempFile>& object) {
    object = std::make_unique<TempFile>(".o");
    std::error_code open_error;
    std::optional<llvm::raw_fd_ostream> stream;
    if (object->ok()) {
        stream.emplace(object->path(), open_error, llvm::sys::fs::OF_None);
    }
    if (!stream || open_error) {
        return "cannot create a temporary file for the host object";
    }
    llvm::legacy::PassManager emit;
    if (machine.addPassesToEmitFile(emit, *stream, nullptr, llvm::CodeGenFileType::ObjectFile)) {
        return "the host back end cannot emit an object file";
    }
    emit.run(module);
    stream->close();
    if (stream->has_error()) {
        stream->clear_error();
        return "cannot write the host object to a temporary file";
    }
    return std::nullopt;
}

llvm::Error failure(std::string message) {
    return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
}

} // namespace

llvm::Expected<std::unique_ptr<TempFile>> emit_image_object(const std::string& module_name,
                                                            std::size_t group,
                                                            const std::string& fatbin,
                                                            std::uint64_t image_flags) {
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_host_machine(error);
    if (!machine) {
        return failure(std::move(error));
    }
    llvm::LLVMContext context;
    llvm::Module image_module(module_name, context);
    image_module.setTargetTriple(machine->getTargetTriple());
    image_module.setDataLayout(machine->createDataLayout());
    embed_image(image_module, module_name, group, fatbin, image_flags);
    std::unique_ptr<TempFile> object;
    if (std::optional<std::string> emit_error = emit_object(image_module, *machine, object)) {
        return failure(std::move(*emit_error));
    }
    return object;
}

llvm::Expected<HostObject> compile_host_object(const kir::Module& kernels,
                                               const std::string& device_image, bool want_llvm_ir,
                                               std::uint64_t image_flags, unsigned jobs,
                                               const std::vector<std::string>& image_objects) {
    HostObject result;
    std::string error;
    std::unique_ptr<llvm::TargetMachine> machine = create_host_machine(error);
    if (!machine) {
        return failure(std::move(error));
    }
    // One module per instruction set and part, each optimized with the vector math it may call
    // on a thread of its own (ParallelModules.h): the instruction sets in order, each with its
    // parts in order.
    std::vector<InstanceRange> parts = split_into_parts(kernels);
    std::size_t task_count = std::size(kHostIsas) * parts.size();
    auto build_task = [&](std::size_t task, llvm::TargetMachine& task_machine,
                          llvm::LLVMContext& context) {
        HostIsa isa = kHostIsas[task / parts.size()];
        std::unique_ptr<llvm::Module> part = build_kernel_module(
            kernels, CodegenTarget::Host, task_machine, context, isa, parts[task % parts.size()]);
        optimize_module(*part, task_machine, CodegenTarget::Host, isa);
        return part;
    };

    if (want_llvm_ir || parts.size() == 1) {
        // One module, linked in order, printed or emitted as one object.
        auto build_part =
            [&](std::size_t task,
                llvm::LLVMContext& context) -> llvm::Expected<std::unique_ptr<llvm::Module>> {
            std::string part_error;
            std::unique_ptr<llvm::TargetMachine> part_machine = create_host_machine(part_error);
            if (!part_machine) {
                return failure(std::move(part_error));
            }
            return build_task(task, *part_machine, context);
        };
        llvm::LLVMContext context;
        llvm::Expected<std::unique_ptr<llvm::Module>> joined =
            build_parts_in_parallel(task_count, jobs, context, kernels.name, build_part);
        if (!joined) {
            return joined.takeError();
        }
        std::unique_ptr<llvm::Module> module = std::move(*joined);
        if (want_llvm_ir) {
            llvm::raw_string_ostream out(result.llvm_ir);
            module->print(out, nullptr);
            return result;
        }
        if (!image_objects.empty()) {
            return failure("a module of one part has one device image");
        }
        embed_image(*module, kernels.name, 0, device_image, image_flags);
        if (std::optional<std::string> emit_error =
                emit_object(*module, *machine, result.object_file)) {
            return failure(std::move(*emit_error));
        }
        return result;
    }

    // Many parts: each is emitted as an object file on its worker and its module freed there, so
    // no thread holds more than one part's IR and gpucc holds no object's bytes (a file of
    // thousands of instances compiles in the memory of a few parts); the objects, in task order,
    // and the one holding the device image (or those of the device images) are joined by `ld -r`.
    // Whatever -j, the same objects in the same order: the same bytes.
    std::vector<std::unique_ptr<TempFile>> objects(task_count);
    std::optional<std::string> task_error =
        run_in_parallel(task_count, jobs, [&](std::size_t task) -> std::optional<std::string> {
            std::string part_error;
            std::unique_ptr<llvm::TargetMachine> part_machine = create_host_machine(part_error);
            if (!part_machine) {
                return part_error;
            }
            llvm::LLVMContext context;
            std::unique_ptr<llvm::Module> part = build_task(task, *part_machine, context);
            std::optional<std::string> emitted = emit_object(*part, *part_machine, objects[task]);
            memory_checkpoint("host part");
            return emitted;
        });
    if (task_error) {
        return failure(std::move(*task_error));
    }
    std::vector<std::string> object_paths;
    for (const std::unique_ptr<TempFile>& object : objects) {
        object_paths.push_back(object->path());
    }
    if (image_objects.empty()) {
        llvm::Expected<std::unique_ptr<TempFile>> image =
            emit_image_object(kernels.name, 0, device_image, image_flags);
        if (!image) {
            return image.takeError();
        }
        objects.push_back(std::move(*image));
        object_paths.push_back(objects.back()->path());
    }
    object_paths.insert(object_paths.end(), image_objects.begin(), image_objects.end());
    memory_checkpoint("host parts and image emitted");
    result.object_file = std::make_unique<TempFile>(".o");
    if (!result.object_file->ok()) {
        return failure("cannot create temporary files for the linker");
    }
    if (llvm::Error linked = link_relocatable(object_paths, result.object_file->path())) {
        return linked;
    }
    return result;
}

} // namespace gpucc
