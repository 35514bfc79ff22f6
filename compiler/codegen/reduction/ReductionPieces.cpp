// The parts of a reduction kernel both targets share (ReductionEmitterImpl.h): reading the
// argument slots and the plan, turning a linear position into element offsets, and the four
// pieces of the kernel IR: map at an element, reduce of two partial results (with the validity
// flags of kernels without an identity), the identity, and post writing the outputs.
#include "compiler/codegen/common/ArgumentSlots.h"
#include "compiler/codegen/reduction/ReductionEmitter.h"
#include "compiler/codegen/reduction/ReductionEmitterImpl.h"
#include "compiler/diag/InternalError.h"

#include <cassert>

namespace gpucc {
namespace reduction_detail {

void ReductionEmitter::begin_function(llvm::Function* function) {
    function_ = function;
    function_->setDoesNotThrow();
    builder_.SetInsertPoint(llvm::BasicBlock::Create(context_, "entry", function_));
    has_identity_ = instance_.identity != nullptr;
    array_inputs_ = reduction_array_inputs(instance_);
    plan_inputs_ = reduction_plan_inputs(instance_);
    outputs_ = reduction_plan_outputs(instance_); // post arrays sit after the outputs
    operand_of_param_.assign(instance_.params.size(), -1);
    param_of_operand_.assign(static_cast<std::size_t>(plan_inputs_ + outputs_), -1);
    int next_input = 0;
    int next_output = plan_inputs_;
    int next_post = plan_inputs_ + reduction_outputs(instance_);
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        if (!instance_.params[p].is_scalar) {
            int& next = instance_.params[p].is_post                         ? next_post
                        : instance_.params[p].role == kir::ParamRole::Input ? next_input
                                                                            : next_output;
            operand_of_param_[p] = next;
            param_of_operand_[static_cast<std::size_t>(next)] = static_cast<int>(p);
            ++next;
        }
    }
    locals_.assign(instance_.locals.size(), nullptr);
    for (const auto& variable : instance_.locals) {
        locals_[variable->id] =
            builder_.CreateAlloca(register_type(variable->type), nullptr, variable->name);
    }
}

void ReductionEmitter::load_arguments(llvm::Value* args_or_null) {
    llvm::Type* ptr = builder_.getPtrTy();
    ArgumentReader slots(builder_, *function_, args_or_null);
    pointers_.assign(param_of_operand_.size(), nullptr);
    scalars_.assign(instance_.params.size(), nullptr);
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        if (!param.is_scalar) {
            pointers_[static_cast<std::size_t>(operand_of_param_[p])] = slots.value(ptr);
            continue;
        }
        scalars_[p] = from_storage(slots.scalar(storage_type(param.type)), param.type);
    }
    // args[plan slot] points at the words themselves on both targets (on the GPU cuLaunchKernel
    // copies them into the by-value parameter).
    plan_ = slots.address();
    partials_ = slots.value(ptr);
    semaphores_ = slots.value(ptr);
}

llvm::Value* ReductionEmitter::plan_word(int word) {
    llvm::Value* address = builder_.CreateConstInBoundsGEP1_64(builder_.getInt64Ty(), plan_,
                                                               static_cast<unsigned>(word));
    return builder_.CreateLoad(builder_.getInt64Ty(), address);
}

std::vector<llvm::Value*> ReductionEmitter::decompose(llvm::Value* position, llvm::Value* ndim,
                                                      int extent_word, int divisor_word,
                                                      int stride_word, int operand_count,
                                                      bool index32) {
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    std::vector<llvm::Value*> offsets(static_cast<std::size_t>(operand_count),
                                      builder_.getInt64(0));
    llvm::BasicBlock* done = new_block("decompose.done");
    std::vector<std::pair<llvm::BasicBlock*, std::vector<llvm::Value*>>> arrivals;
    // ndim == 0: every offset is 0.
    {
        llvm::BasicBlock* start = new_block("decompose.start");
        arrivals.emplace_back(builder_.GetInsertBlock(), offsets);
        builder_.CreateCondBr(builder_.CreateICmpEQ(ndim, builder_.getInt64(0)), done, start);
        builder_.SetInsertPoint(start);
    }
    llvm::Value* remaining = index32 ? builder_.CreateTrunc(position, i32) : position;
    auto add_coordinate = [&](llvm::Value* coordinate, int dim) {
        llvm::Value* wide = index32 ? builder_.CreateZExt(coordinate, i64) : coordinate;
        for (int a = 0; a < operand_count; ++a) {
            llvm::Value* stride = plan_word(stride_word + a * kReduceDims + dim);
            offsets[static_cast<std::size_t>(a)] = builder_.CreateAdd(
                offsets[static_cast<std::size_t>(a)], builder_.CreateMul(wide, stride));
        }
    };
    for (int dim = 0; dim < kReduceDims; ++dim) {
        if (dim + 1 == kReduceDims) {
            add_coordinate(remaining, dim);
            arrivals.emplace_back(builder_.GetInsertBlock(), offsets);
            builder_.CreateBr(done);
            break;
        }
        llvm::BasicBlock* last = new_block("decompose.last");
        llvm::BasicBlock* divide = new_block("decompose.divide");
        builder_.CreateCondBr(
            builder_.CreateICmpEQ(ndim, builder_.getInt64(static_cast<std::uint64_t>(dim + 1))),
            last, divide);
        builder_.SetInsertPoint(last);
        std::vector<llvm::Value*> saved = offsets;
        add_coordinate(remaining, dim);
        arrivals.emplace_back(builder_.GetInsertBlock(), offsets);
        builder_.CreateBr(done);
        offsets = std::move(saved);
        builder_.SetInsertPoint(divide);
        llvm::Value* extent = plan_word(extent_word + dim);
        llvm::Value* quotient = nullptr;
        if (index32) {
            llvm::Value* divisor = plan_word(divisor_word + dim);
            llvm::Value* magic = builder_.CreateTrunc(divisor, i32);
            llvm::Value* shift = builder_.CreateTrunc(builder_.CreateLShr(divisor, 32), i32);
            llvm::Value* product = builder_.CreateMul(builder_.CreateZExt(remaining, i64),
                                                      builder_.CreateZExt(magic, i64));
            llvm::Value* high = builder_.CreateTrunc(builder_.CreateLShr(product, 32), i32);
            quotient = builder_.CreateLShr(builder_.CreateAdd(high, remaining), shift);
            extent = builder_.CreateTrunc(extent, i32);
        } else {
            quotient = builder_.CreateUDiv(remaining, extent);
        }
        add_coordinate(builder_.CreateSub(remaining, builder_.CreateMul(quotient, extent)), dim);
        remaining = quotient;
    }
    builder_.SetInsertPoint(done);
    std::vector<llvm::Value*> result;
    for (int a = 0; a < operand_count; ++a) {
        llvm::PHINode* phi = builder_.CreatePHI(i64, static_cast<unsigned>(arrivals.size()));
        for (const auto& [block, values] : arrivals) {
            phi->addIncoming(values[static_cast<std::size_t>(a)], block);
        }
        result.push_back(phi);
    }
    return result;
}

std::vector<llvm::Value*> ReductionEmitter::reduce_offsets(llvm::Value* r, bool one_dim,
                                                           bool index32) {
    const int base = reduce_plan_reduce_word(instance_);
    if (!one_dim) {
        return decompose(r, plan_word(kReducePlanReduceNdim), base, base + kReduceDims,
                         base + 2 * kReduceDims, plan_inputs_, index32);
    }
    std::vector<llvm::Value*> offsets;
    for (int a = 0; a < plan_inputs_; ++a) {
        offsets.push_back(
            builder_.CreateMul(r, plan_word(base + 2 * kReduceDims + a * kReduceDims)));
    }
    return offsets;
}

llvm::Value* ReductionEmitter::load_element(llvm::Value* base, llvm::Value* offset,
                                            ScalarType type) {
    llvm::Value* address = builder_.CreateGEP(storage_type(type), base, offset);
    return from_storage(builder_.CreateLoad(storage_type(type), address), type);
}

llvm::Value* ReductionEmitter::map_values(const std::vector<llvm::Value*>& inputs) {
    element_.assign(instance_.params.size(), {});
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.role != kir::ParamRole::Input || param.is_post) {
            continue; // post arrays are read by post only
        }
        element_[p].value =
            param.is_scalar ? scalars_[p] : inputs[static_cast<std::size_t>(operand_of_param_[p])];
    }
    reduce_position_ =
        instance_.uses_position ? inputs[static_cast<std::size_t>(array_inputs_)] : nullptr;
    if (instance_.map_prelude) {
        emit_stmt(*instance_.map_prelude); // a fused function's temporaries, then map
    }
    llvm::Value* mapped = emit_expr(*instance_.map);
    reduce_position_ = nullptr;
    return mapped;
}

llvm::Value* ReductionEmitter::map_at(const std::vector<llvm::Value*>& reduce) {
    std::vector<llvm::Value*> values;
    for (int a = 0; a < array_inputs_; ++a) {
        const auto p = static_cast<std::size_t>(param_of_operand_[static_cast<std::size_t>(a)]);
        llvm::Value* offset = builder_.CreateAdd(outer_[static_cast<std::size_t>(a)],
                                                 reduce[static_cast<std::size_t>(a)]);
        values.push_back(
            load_element(pointers_[static_cast<std::size_t>(a)], offset, instance_.params[p].type));
    }
    if (instance_.uses_position) {
        values.push_back(reduce[static_cast<std::size_t>(array_inputs_)]);
    }
    return map_values(values);
}

llvm::Value* ReductionEmitter::reduce_values(llvm::Value* a, llvm::Value* b) {
    reduce_operands_[0] = a;
    reduce_operands_[1] = b;
    llvm::Value* result = emit_expr(*instance_.reduce);
    reduce_operands_[0] = reduce_operands_[1] = nullptr;
    return result;
}

llvm::Value* ReductionEmitter::identity_value() {
    return has_identity_ ? emit_expr(*instance_.identity)
                         : llvm::Constant::getNullValue(register_type(instance_.reduce_type));
}

Partial ReductionEmitter::empty_partial() {
    return {identity_value(), builder_.getInt1(has_identity_)};
}

llvm::AllocaInst* ReductionEmitter::entry_alloca(llvm::Type* type, const llvm::Twine& name) {
    llvm::IRBuilderBase::InsertPointGuard guard(builder_);
    builder_.SetInsertPoint(&function_->getEntryBlock(),
                            function_->getEntryBlock().getFirstInsertionPt());
    return builder_.CreateAlloca(type, nullptr, name);
}

PartialSlot ReductionEmitter::new_partial_slot(const std::string& name) {
    return {entry_alloca(register_type(instance_.reduce_type), name + ".value"),
            entry_alloca(builder_.getInt1Ty(), name + ".valid")};
}

void ReductionEmitter::store_partial(const PartialSlot& slot, Partial partial) {
    builder_.CreateStore(partial.value, slot.value);
    builder_.CreateStore(partial.valid, slot.valid);
}

Partial ReductionEmitter::load_partial(const PartialSlot& slot) {
    return {builder_.CreateLoad(register_type(instance_.reduce_type), slot.value),
            builder_.CreateLoad(builder_.getInt1Ty(), slot.valid)};
}

void ReductionEmitter::fold_into(const PartialSlot& slot, llvm::Value* item) {
    store_partial(slot, combine(load_partial(slot), {item, builder_.getTrue()}));
}

Partial ReductionEmitter::combine(Partial acc, Partial item) {
    llvm::Value* reduced = reduce_values(acc.value, item.value);
    if (has_identity_) {
        return {reduced, builder_.getTrue()};
    }
    // Without an identity an empty side is skipped (the reduce of garbage is discarded).
    llvm::Value* both = builder_.CreateAnd(acc.valid, item.valid);
    llvm::Value* value = builder_.CreateSelect(
        both, reduced, builder_.CreateSelect(acc.valid, acc.value, item.value));
    return {value, builder_.CreateOr(acc.valid, item.valid)};
}

void ReductionEmitter::emit_post(llvm::Value* a) {
    element_.assign(instance_.params.size(), {});
    std::vector<std::pair<std::size_t, llvm::Value*>> output_addresses;
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        const auto operand = static_cast<std::size_t>(operand_of_param_[p]);
        if (param.is_post) {
            // A post array: its element at the output's coordinates (broadcast by its strides).
            element_[p].value = load_element(pointers_[operand], outer_[operand], param.type);
            continue;
        }
        if (param.role == kir::ParamRole::Input) {
            element_[p].value = param.is_scalar ? scalars_[p] : nullptr;
            continue;
        }
        llvm::Value* address =
            builder_.CreateGEP(storage_type(param.type), pointers_[operand], outer_[operand]);
        llvm::AllocaInst* slot = entry_alloca(register_type(param.type), param.name);
        // Post may read the output before writing it: it sees the element's current value.
        builder_.CreateStore(
            from_storage(builder_.CreateLoad(storage_type(param.type), address), param.type), slot);
        element_[p].slot = slot;
        output_addresses.emplace_back(p, address);
    }
    reduce_operands_[0] = a;
    element_end_ = new_block("post.end");
    emit_stmt(*instance_.post);
    if (block_is_open()) {
        builder_.CreateBr(element_end_);
    }
    builder_.SetInsertPoint(element_end_);
    element_end_ = nullptr;
    reduce_operands_[0] = nullptr;
    for (const auto& [p, address] : output_addresses) {
        ScalarType type = instance_.params[p].type;
        builder_.CreateStore(
            to_storage(builder_.CreateLoad(register_type(type), element_[p].slot), type), address);
    }
}

llvm::Value* ReductionEmitter::element_address(int param, llvm::Value* index) {
    static_cast<void>(param);
    static_cast<void>(index);
    GPUCC_UNREACHABLE("reduction kernels have no raw parameters");
}

} // namespace reduction_detail

void emit_reduction_kernel(const kir::ReductionInstance& instance, CodegenTarget target,
                           llvm::Module& module, HostIsa isa) {
    if (target == CodegenTarget::Nvptx) {
        reduction_detail::ReductionEmitter(instance, target, module, isa).emit_gpu_kernel(false);
        reduction_detail::ReductionEmitter(instance, target, module, isa).emit_gpu_kernel(true);
        return;
    }
    reduction_detail::ReductionEmitter(instance, target, module, isa).emit_host_partial();
    if (isa == HostIsa::X86_64) {
        reduction_detail::ReductionEmitter(instance, target, module, isa).emit_host_combine();
        reduction_detail::ReductionEmitter(instance, target, module, isa).emit_host_finish();
    }
}

} // namespace gpucc
