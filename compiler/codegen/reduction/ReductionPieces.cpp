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
    has_identity_ = reduction_has_identity(instance_);
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

namespace {

/// Whether `reduce` is one binary operation of its component's own `a` and `b`.
bool is_plain_combine(const kir::Expr& reduce) {
    if (reduce.kind != kir::ExprKind::Binary) {
        return false;
    }
    const auto& binary = static_cast<const kir::BinaryExpr&>(reduce);
    auto own_operand = [](const kir::Expr& side) {
        return side.kind == kir::ExprKind::ReduceOperand;
    };
    return own_operand(*binary.lhs) && own_operand(*binary.rhs);
}

} // namespace

int ReductionEmitter::components() const {
    return 1 + static_cast<int>(instance_.more_components.size());
}

ScalarType ReductionEmitter::component_type(int k) const {
    return k == 0 ? instance_.reduce_type
                  : instance_.more_components[static_cast<std::size_t>(k - 1)].reduce_type;
}

llvm::Type* ReductionEmitter::partial_type() {
    if (components() == 1) {
        return register_type(instance_.reduce_type);
    }
    std::vector<llvm::Type*> types;
    for (int k = 0; k < components(); ++k) {
        types.push_back(register_type(component_type(k)));
    }
    return llvm::StructType::get(context_, types);
}

llvm::Type* ReductionEmitter::partial_storage_type() {
    if (components() == 1) {
        return storage_type(instance_.reduce_type);
    }
    return llvm::ArrayType::get(builder_.getInt64Ty(), static_cast<std::uint64_t>(components()));
}

llvm::Value* ReductionEmitter::component_word(llvm::Value* value, int k) {
    ScalarType type = component_type(k);
    llvm::Value* component =
        components() == 1 ? value : builder_.CreateExtractValue(value, static_cast<unsigned>(k));
    llvm::Value* stored = to_storage(component, type);
    const unsigned bits = stored->getType()->getPrimitiveSizeInBits();
    llvm::Value* bits_value = builder_.CreateBitCast(stored, builder_.getIntNTy(bits));
    return bits == 64 ? bits_value : builder_.CreateZExt(bits_value, builder_.getInt64Ty());
}

llvm::Value* ReductionEmitter::component_from_word(llvm::Value* word, int k) {
    ScalarType type = component_type(k);
    llvm::Type* stored = storage_type(type);
    const unsigned bits = stored->getPrimitiveSizeInBits();
    llvm::Value* narrow = bits == 64 ? word : builder_.CreateTrunc(word, builder_.getIntNTy(bits));
    return from_storage(builder_.CreateBitCast(narrow, stored), type);
}

llvm::Value* ReductionEmitter::partial_to_storage(llvm::Value* value) {
    if (components() == 1) {
        return to_storage(value, instance_.reduce_type);
    }
    llvm::Value* words = llvm::PoisonValue::get(partial_storage_type());
    for (int k = 0; k < components(); ++k) {
        words =
            builder_.CreateInsertValue(words, component_word(value, k), static_cast<unsigned>(k));
    }
    return words;
}

llvm::Value* ReductionEmitter::partial_from_storage(llvm::Value* stored) {
    if (components() == 1) {
        return from_storage(stored, instance_.reduce_type);
    }
    llvm::Value* value = llvm::PoisonValue::get(partial_type());
    for (int k = 0; k < components(); ++k) {
        llvm::Value* word = builder_.CreateExtractValue(stored, static_cast<unsigned>(k));
        value = builder_.CreateInsertValue(value, component_from_word(word, k),
                                           static_cast<unsigned>(k));
    }
    return value;
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
    if (components() > 1) {
        llvm::Value* tuple =
            builder_.CreateInsertValue(llvm::PoisonValue::get(partial_type()), mapped, 0);
        for (int k = 1; k < components(); ++k) {
            tuple = builder_.CreateInsertValue(
                tuple, emit_expr(*instance_.more_components[static_cast<std::size_t>(k - 1)].map),
                static_cast<unsigned>(k));
        }
        mapped = tuple;
    }
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
    if (components() == 1) {
        reduce_operands_[0] = a;
        reduce_operands_[1] = b;
        llvm::Value* result = emit_expr(*instance_.reduce);
        reduce_operands_[0] = reduce_operands_[1] = nullptr;
        return result;
    }
    // Each component's combine reads its own a and b, and those of the others it needs
    // (argmin/argmax: the value and the index), as ReduceOperand components of the tuples.
    llvm::Value* result = llvm::PoisonValue::get(partial_type());
    reduce_operands_[0] = a;
    reduce_operands_[1] = b;
    const bool reassociate = reassociate_floats_;
    for (int k = 0; k < components(); ++k) {
        const auto index = static_cast<unsigned>(k);
        const kir::Expr& reduce =
            k == 0 ? *instance_.reduce
                   : *instance_.more_components[static_cast<std::size_t>(k - 1)].reduce;
        // The host's reassociated fold is for a combine that is one operation on its own a and
        // b (a sum); a merge of several components (var's mean and M2) is computed as written.
        reassociate_floats_ = reassociate && is_plain_combine(reduce);
        result = builder_.CreateInsertValue(result, emit_expr(reduce), index);
    }
    reassociate_floats_ = reassociate;
    reduce_operands_[0] = reduce_operands_[1] = nullptr;
    return result;
}

llvm::Value* ReductionEmitter::identity_value() {
    if (!has_identity_) {
        return llvm::Constant::getNullValue(partial_type());
    }
    if (components() == 1) {
        return emit_expr(*instance_.identity);
    }
    llvm::Value* result = llvm::PoisonValue::get(partial_type());
    for (int k = 0; k < components(); ++k) {
        const kir::Expr& identity =
            k == 0 ? *instance_.identity
                   : *instance_.more_components[static_cast<std::size_t>(k - 1)].identity;
        result = builder_.CreateInsertValue(result, emit_expr(identity), static_cast<unsigned>(k));
    }
    return result;
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
    return {entry_alloca(partial_type(), name + ".value"),
            entry_alloca(builder_.getInt1Ty(), name + ".valid")};
}

void ReductionEmitter::store_partial(const PartialSlot& slot, Partial partial) {
    builder_.CreateStore(partial.value, slot.value);
    builder_.CreateStore(partial.valid, slot.valid);
}

Partial ReductionEmitter::load_partial(const PartialSlot& slot) {
    return {builder_.CreateLoad(partial_type(), slot.value),
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
