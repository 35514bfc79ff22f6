// The host functions of a reduction (ReductionEmitterImpl.h), which the runtime drives over its
// thread pool: `partial` folds a range of reduced positions of one output (a plain loop whose
// float combines may be reassociated, so LLVM vectorizes it with several partial sums, which also
// keeps long float sums accurate), `combine` joins two partial results, and `finish` runs post
// for one output. The runtime cuts the reduced positions into chunks and combines the chunks'
// partials pairwise.
#include "compiler/codegen/common/ArgumentSlots.h"
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/reduction/ReductionEmitter.h"
#include "compiler/codegen/reduction/ReductionEmitterImpl.h"

namespace gpucc::reduction_detail {

namespace {

llvm::Function* create_host_function(llvm::Module& module, llvm::FunctionType* type,
                                     const std::string& name, HostIsa isa) {
    llvm::Function* function =
        llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
    set_host_cpu(*function, isa);
    return function;
}

} // namespace

void ReductionEmitter::emit_host_partial() {
    llvm::Type* ptr = builder_.getPtrTy();
    llvm::Type* i64 = builder_.getInt64Ty();
    auto* type = llvm::FunctionType::get(builder_.getVoidTy(), {ptr, i64, i64, i64, ptr}, false);
    begin_function(create_host_function(module_, type,
                                        reduction_host_symbol(module_.getName().str(), instance_,
                                                              ReductionHostEntry::Partial, isa_),
                                        isa_));
    load_arguments(function_->getArg(0));
    input_size_ = plan_word(kReducePlanInputSize);
    output_size_ = plan_word(kReducePlanOutputs);
    llvm::Value* output = function_->getArg(1);
    llvm::Value* begin = function_->getArg(2);
    llvm::Value* end = function_->getArg(3);
    llvm::Value* result = function_->getArg(4);
    outer_ = decompose(output, plan_word(kReducePlanOuterNdim), kReducePlanOuterExtent,
                       kReducePlanOuterDivisor, kReducePlanOuterStride, plan_inputs_ + outputs_,
                       /*index32=*/false);
    llvm::Type* reduce_type = partial_type();
    llvm::BasicBlock* done = new_block("done");
    llvm::BasicBlock* one_dim = new_block("one_dim");
    llvm::BasicBlock* general = new_block("general");
    builder_.CreateCondBr(
        builder_.CreateICmpULE(plan_word(kReducePlanReduceNdim), builder_.getInt64(1)), one_dim,
        general);
    std::vector<std::pair<llvm::BasicBlock*, llvm::Value*>> arrivals;
    for (bool is_one_dim : {true, false}) {
        builder_.SetInsertPoint(is_one_dim ? one_dim : general);
        // The first position starts the fold (no identity needed: the range is not empty).
        llvm::Value* first = map_at(reduce_offsets(begin, is_one_dim, false));
        llvm::Value* next = builder_.CreateAdd(begin, builder_.getInt64(1));
        // for (r = begin + 1, acc = first; r < end; ++r) acc = reduce(acc, map(r))
        std::vector<llvm::PHINode*> carried = emit_loop(
            builder_, {"loop", "loop.body", "loop.exit"}, {{next, "r"}, {first, "acc"}},
            [&](llvm::ArrayRef<llvm::PHINode*> values) {
                return LoopTest{builder_.CreateICmpSLT(values[0], end)};
            },
            [&](llvm::ArrayRef<llvm::PHINode*> values) -> std::vector<llvm::Value*> {
                llvm::Value* r = values[0];
                llvm::Value* mapped = map_at(reduce_offsets(r, is_one_dim, false));
                reassociate_floats_ = true; // the combine only, never map's arithmetic
                llvm::Value* folded = reduce_values(values[1], mapped);
                reassociate_floats_ = false;
                llvm::Value* r_next = builder_.CreateAdd(r, builder_.getInt64(1));
                return {r_next, folded};
            });
        arrivals.emplace_back(builder_.GetInsertBlock(), carried[1]);
        builder_.CreateBr(done);
    }
    builder_.SetInsertPoint(done);
    llvm::PHINode* total = builder_.CreatePHI(reduce_type, 2);
    for (const auto& [block, value] : arrivals) {
        total->addIncoming(value, block);
    }
    builder_.CreateStore(partial_to_storage(total), result);
    builder_.CreateRetVoid();
}

void ReductionEmitter::emit_host_combine() {
    llvm::Type* ptr = builder_.getPtrTy();
    auto* type = llvm::FunctionType::get(builder_.getVoidTy(), {ptr, ptr}, false);
    begin_function(create_host_function(module_, type,
                                        reduction_host_symbol(module_.getName().str(), instance_,
                                                              ReductionHostEntry::Combine, isa_),
                                        isa_));
    llvm::Type* stored = partial_storage_type();
    llvm::Value* acc = function_->getArg(0);
    llvm::Value* a = partial_from_storage(builder_.CreateLoad(stored, acc));
    llvm::Value* b = partial_from_storage(builder_.CreateLoad(stored, function_->getArg(1)));
    builder_.CreateStore(partial_to_storage(reduce_values(a, b)), acc);
    builder_.CreateRetVoid();
}

void ReductionEmitter::emit_host_finish() {
    llvm::Type* ptr = builder_.getPtrTy();
    llvm::Type* i64 = builder_.getInt64Ty();
    auto* type = llvm::FunctionType::get(builder_.getVoidTy(), {ptr, i64, ptr}, false);
    begin_function(create_host_function(
        module_, type,
        reduction_host_symbol(module_.getName().str(), instance_, ReductionHostEntry::Finish, isa_),
        isa_));
    load_arguments(function_->getArg(0));
    input_size_ = plan_word(kReducePlanInputSize);
    output_size_ = plan_word(kReducePlanOutputs);
    outer_ =
        decompose(function_->getArg(1), plan_word(kReducePlanOuterNdim), kReducePlanOuterExtent,
                  kReducePlanOuterDivisor, kReducePlanOuterStride, plan_inputs_ + outputs_,
                  /*index32=*/false);
    llvm::Value* reduced = function_->getArg(2);
    llvm::Type* stored = partial_storage_type();
    llvm::Value* identity = identity_value(); // a constant expression
    llvm::BasicBlock* entry = builder_.GetInsertBlock();
    llvm::BasicBlock* load = new_block("reduced");
    llvm::BasicBlock* join = new_block("post.start");
    builder_.CreateCondBr(builder_.CreateIsNull(reduced), join, load);
    builder_.SetInsertPoint(load);
    llvm::Value* value = partial_from_storage(builder_.CreateLoad(stored, reduced));
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* a = builder_.CreatePHI(partial_type(), 2, "a");
    a->addIncoming(identity, entry);
    a->addIncoming(value, load);
    emit_post(a);
    builder_.CreateRetVoid();
}

} // namespace gpucc::reduction_detail
