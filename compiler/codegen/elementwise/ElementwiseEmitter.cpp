// Elementwise kernels to LLVM IR (ElementwiseEmitter.h): the kernel frame (arguments,
// specialization on scalar inputs, the contiguous loops) and the types of values in registers
// and in memory. The strided loops are in ElementwiseStrided.cpp; the element and the body in
// ElementwiseBody.cpp.
#include "compiler/codegen/elementwise/ElementwiseEmitter.h"

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/ArgumentSlots.h"
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/elementwise/ElementwiseEmitterImpl.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <vector>

namespace gpucc {
namespace elementwise_detail {

// ---------------------------------------------------------------------------------------------
// Frame
// ---------------------------------------------------------------------------------------------

llvm::Function* ElementwiseEmitter::create_function() {
    llvm::Type* ptr = builder_.getPtrTy();
    llvm::Type* i64 = builder_.getInt64Ty();
    llvm::FunctionType* type = nullptr;
    std::string name;
    if (target_ == CodegenTarget::Nvptx) {
        std::vector<llvm::Type*> slots;
        for (const kir::Param& param : instance_.params) {
            slots.push_back(ptr);
            if (slot_kind(param) == SlotKind::ArrayOrScalarInput) {
                slots.push_back(gpu_scalar_slot_type(storage_type(param.type)));
            }
        }
        slots.push_back(i64);
        if (strided()) {
            slots.push_back(ptr); // the loop layout, by value (byval below)
        }
        type = llvm::FunctionType::get(builder_.getVoidTy(), slots, false);
        name = gpu_symbol(instance_, entry_kind_);
    } else {
        type = llvm::FunctionType::get(builder_.getVoidTy(), {ptr, i64, i64}, false);
        name = host_symbol(module_.getName().str(), instance_, isa_, entry_kind_);
    }
    llvm::Function* function =
        llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module_);
    function->setDoesNotThrow();
    if (strided() && target_ == CodegenTarget::Nvptx) {
        // A kernel parameter of indexer_words() int64s: cuLaunchKernel copies that many bytes
        // from the argument slot, and the kernel reads it from parameter space.
        llvm::Type* layout =
            llvm::ArrayType::get(i64, static_cast<std::uint64_t>(indexer_words(instance_)));
        unsigned last = function->arg_size() - 1;
        function->addParamAttr(last, llvm::Attribute::getWithByValType(context_, layout));
        function->addParamAttr(last, llvm::Attribute::getWithAlignment(context_, llvm::Align(8)));
        function->addParamAttr(last, llvm::Attribute::NoAlias);
        function->addParamAttr(last, llvm::Attribute::ReadOnly);
    }
    if (target_ == CodegenTarget::Host) {
        // The subtarget (and so the vector width the loop vectorizer picks, and which libmvec
        // variant it calls) follows these attributes, whatever CPU the target machine names.
        set_host_cpu(*function, isa_);
    }
    if (target_ == CodegenTarget::Nvptx) {
        function->setCallingConv(llvm::CallingConv::PTX_Kernel);
    }
    return function;
}

void ElementwiseEmitter::load_arguments(llvm::Function* function) {
    std::size_t param_count = instance_.params.size();
    param_pointers_.assign(param_count, nullptr);
    scalar_values_.assign(param_count, nullptr);
    ArgumentReader slots(builder_, *function,
                         target_ == CodegenTarget::Host ? function->getArg(0) : nullptr);
    for (std::size_t p = 0; p < param_count; ++p) {
        const kir::Param& param = instance_.params[p];
        param_pointers_[p] = slots.value(builder_.getPtrTy());
        param_pointers_[p]->setName(param.name + ".ptr");
        if (slot_kind(param) == SlotKind::ArrayOrScalarInput) {
            scalar_values_[p] = from_storage(slots.scalar(storage_type(param.type)), param.type);
            scalar_values_[p]->setName(param.name + ".scalar");
            optional_inputs_.push_back(static_cast<int>(p));
        }
    }
    loop_size_ = slots.value(builder_.getInt64Ty());
    loop_size_->setName("n");
    if (strided()) {
        indexer_ = slots.address(); // the layout, by value on the GPU
        indexer_->setName("layout");
    }
    if (target_ == CodegenTarget::Host) {
        host_begin_ = function->getArg(1);
        host_end_ = function->getArg(2);
    }
}

llvm::Function* ElementwiseEmitter::emit() {
    function_ = create_function();
    entry_ = llvm::BasicBlock::Create(context_, "entry", function_);
    builder_.SetInsertPoint(entry_);
    load_arguments(function_);

    output_slots_.assign(instance_.params.size(), nullptr);
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.role == kir::ParamRole::Output && !param.is_raw) {
            output_slots_[p] =
                builder_.CreateAlloca(register_type(param.type), nullptr, param.name);
        }
    }
    locals_.assign(instance_.locals.size(), nullptr);
    for (const auto& variable : instance_.locals) {
        locals_[variable->id] =
            builder_.CreateAlloca(register_type(variable->type), nullptr, variable->name);
    }
    operand_of_param_.assign(instance_.params.size(), -1);
    int operands = 0;
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        if (!instance_.params[p].is_raw) {
            operand_of_param_[p] = operands++;
        }
    }
    if (strided()) {
        set_inner_broadcast_flags();
    }
    emit_specializations(function_);
    return function_;
}

void ElementwiseEmitter::emit_specializations(llvm::Function* function) {
    std::size_t inputs = optional_inputs_.size();
    // `by_input` lists the optional inputs' forms in order; the loops take them per parameter
    // (Array for outputs, which are always arrays; raw parameters are never read by form).
    auto emit_version = [&](const std::vector<InputForm>& by_input) {
        std::vector<InputForm> forms(instance_.params.size(), InputForm::Array);
        for (std::size_t k = 0; k < inputs; ++k) {
            forms[static_cast<std::size_t>(optional_inputs_[k])] = by_input[k];
        }
        if (target_ == CodegenTarget::Nvptx) {
            strided() ? emit_strided_gpu_loops(forms) : emit_gpu_loops(forms);
        } else {
            strided() ? emit_strided_host_loop(forms) : emit_host_loop(forms);
        }
        builder_.CreateRetVoid();
    };
    // The strided entry point is not specialized: its loops are large and its arguments rarely
    // hot enough for a per-element select to matter, while eight copies would be.
    constexpr std::size_t kMaxSpecializedInputs = 3;
    if (inputs == 0 || inputs > kMaxSpecializedInputs || strided()) {
        emit_version(std::vector<InputForm>(inputs, InputForm::Unknown));
        return;
    }
    // mask bit k set: optional input k is a scalar.
    llvm::Value* mask = builder_.getInt32(0);
    for (std::size_t k = 0; k < inputs; ++k) {
        llvm::Value* is_scalar = builder_.CreateIsNull(param_pointers_[optional_inputs_[k]]);
        mask = builder_.CreateOr(
            mask, builder_.CreateShl(builder_.CreateZExt(is_scalar, builder_.getInt32Ty()),
                                     static_cast<std::uint64_t>(k)));
    }
    std::size_t versions = std::size_t{1} << inputs;
    llvm::BasicBlock* dispatch = builder_.GetInsertBlock();
    std::vector<llvm::BasicBlock*> version_blocks;
    for (std::size_t v = 0; v < versions; ++v) {
        version_blocks.push_back(
            llvm::BasicBlock::Create(context_, "version" + std::to_string(v), function));
    }
    builder_.SetInsertPoint(dispatch);
    llvm::SwitchInst* choose =
        builder_.CreateSwitch(mask, version_blocks[0], static_cast<unsigned>(versions - 1));
    for (std::size_t v = 1; v < versions; ++v) {
        choose->addCase(builder_.getInt32(static_cast<std::uint32_t>(v)), version_blocks[v]);
    }
    for (std::size_t v = 0; v < versions; ++v) {
        builder_.SetInsertPoint(version_blocks[v]);
        std::vector<InputForm> forms(inputs);
        for (std::size_t k = 0; k < inputs; ++k) {
            forms[k] = (v >> k) & 1 ? InputForm::Scalar : InputForm::Array;
        }
        emit_version(forms);
    }
}

llvm::Value* ElementwiseEmitter::thread_index() {
    auto read = [&](llvm::Intrinsic::ID id) {
        return builder_.CreateZExt(builder_.CreateIntrinsic(id, {}), builder_.getInt64Ty());
    };
    llvm::Value* block = read(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
    llvm::Value* block_size = read(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x);
    llvm::Value* thread = read(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x);
    return builder_.CreateAdd(builder_.CreateMul(block, block_size, "", true, true), thread, "tid",
                              true, true);
}

llvm::Value* ElementwiseEmitter::thread_count() {
    auto read = [&](llvm::Intrinsic::ID id) {
        return builder_.CreateZExt(builder_.CreateIntrinsic(id, {}), builder_.getInt64Ty());
    };
    return builder_.CreateMul(read(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x),
                              read(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x), "nthreads", true,
                              true);
}

llvm::Value* ElementwiseEmitter::all_arrays_aligned(const std::vector<InputForm>& forms,
                                                    int width) {
    llvm::Value* aligned = builder_.getTrue();
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        const InputForm form = forms[p];
        if (param.is_raw || form == InputForm::Scalar) {
            continue;
        }
        std::uint64_t bytes = static_cast<std::uint64_t>(width) * size_in_bytes(param.type);
        llvm::Value* address = builder_.CreatePtrToInt(param_pointers_[p], builder_.getInt64Ty());
        llvm::Value* ok = builder_.CreateIsNull(builder_.CreateAnd(address, bytes - 1));
        if (form == InputForm::Unknown) {
            ok = builder_.CreateOr(ok, builder_.CreateIsNull(param_pointers_[p]));
        }
        aligned = builder_.CreateAnd(aligned, ok);
    }
    return aligned;
}

void ElementwiseEmitter::emit_gpu_loops(const std::vector<InputForm>& forms) {
    llvm::Type* i64 = builder_.getInt64Ty();
    llvm::Value* tid = thread_index();
    llvm::Value* nthreads = thread_count();
    int width = elements_per_thread(instance_);
    llvm::Value* vector_end = llvm::ConstantInt::get(i64, 0);

    if (width > 1) {
        llvm::Value* aligned = all_arrays_aligned(forms, width);
        llvm::Value* rounded =
            builder_.CreateAnd(loop_size_, ~static_cast<std::uint64_t>(width - 1));
        vector_end = builder_.CreateSelect(aligned, rounded, vector_end, "vector_end");
        llvm::Value* first =
            builder_.CreateMul(tid, llvm::ConstantInt::get(i64, width), "", true, true);
        llvm::Value* step =
            builder_.CreateMul(nthreads, llvm::ConstantInt::get(i64, width), "", true, true);

        emit_counted_loop(builder_, element_loop(first, vector_end, step, "base", "vector"),
                          [&](llvm::Value* base, llvm::BasicBlock*) {
                              emit_vector_elements(base, width, forms);
                          });
    }

    llvm::Value* first = builder_.CreateAdd(vector_end, tid, "", true, true);
    emit_counted_loop(
        builder_, element_loop(first, loop_size_, nthreads, "i", "scalar"),
        [&](llvm::Value* index, llvm::BasicBlock*) { emit_scalar_element(index, forms); });
}

void ElementwiseEmitter::emit_host_loop(const std::vector<InputForm>& forms) {
    emit_counted_loop(
        builder_, element_loop(host_begin_, host_end_, nullptr, "i", "loop"),
        [&](llvm::Value* index, llvm::BasicBlock*) { emit_scalar_element(index, forms); });
}

} // namespace elementwise_detail

llvm::Function* emit_elementwise_kernel(const kir::ElementwiseInstance& instance,
                                        CodegenTarget target, llvm::Module& module, HostIsa isa,
                                        EntryKind entry) {
    return elementwise_detail::ElementwiseEmitter(instance, target, module, isa, entry).emit();
}

} // namespace gpucc
