// The loop builders of Loops.h: the blocks, the header's phis and test, the back edge.
#include "compiler/codegen/common/Loops.h"

#include "compiler/diag/InternalError.h"

namespace gpucc {

namespace {

struct Blocks {
    llvm::BasicBlock* header;
    llvm::BasicBlock* body;
    llvm::BasicBlock* latch;
    llvm::BasicBlock* exit;
};

/// Appends the loop's blocks to the function being built, in the order header, body, latch,
/// exit.
Blocks create_blocks(llvm::IRBuilder<>& builder, const LoopBlockNames& names,
                     llvm::BasicBlock* existing_exit) {
    llvm::Function* function = builder.GetInsertBlock()->getParent();
    llvm::LLVMContext& context = builder.getContext();
    Blocks blocks{};
    blocks.header = llvm::BasicBlock::Create(context, names.header, function);
    blocks.body = llvm::BasicBlock::Create(context, names.body, function);
    if (!names.latch.empty()) {
        blocks.latch = llvm::BasicBlock::Create(context, names.latch, function);
    }
    blocks.exit = existing_exit != nullptr
                      ? existing_exit
                      : llvm::BasicBlock::Create(context, names.exit, function);
    return blocks;
}

/// Branches from the preheader to the header and opens one phi per carried value there.
std::vector<llvm::PHINode*> enter_header(llvm::IRBuilder<>& builder, const Blocks& blocks,
                                         llvm::ArrayRef<LoopValue> carried) {
    llvm::BasicBlock* preheader = builder.GetInsertBlock();
    builder.CreateBr(blocks.header);
    builder.SetInsertPoint(blocks.header);
    std::vector<llvm::PHINode*> phis;
    for (const LoopValue& value : carried) {
        phis.push_back(builder.CreatePHI(value.initial->getType(), 2, value.name));
        phis.back()->addIncoming(value.initial, preheader);
    }
    return phis;
}

/// Ends the header with `test` and moves to the body.
void branch_on(llvm::IRBuilder<>& builder, const Blocks& blocks, LoopTest test) {
    if (test.leave_when_true) {
        builder.CreateCondBr(test.condition, blocks.exit, blocks.body);
    } else {
        builder.CreateCondBr(test.condition, blocks.body, blocks.exit);
    }
    builder.SetInsertPoint(blocks.body);
}

} // namespace

CountedLoop element_loop(llvm::Value* begin, llvm::Value* end, llvm::Value* step,
                         std::string index_name, const std::string& prefix) {
    CountedLoop loop;
    loop.begin = begin;
    loop.end = end;
    loop.step = step;
    loop.no_wrap = true;
    loop.index_name = std::move(index_name);
    loop.blocks = {prefix + ".header", prefix + ".body", prefix + ".exit"};
    return loop;
}

std::vector<llvm::PHINode*>
emit_loop(llvm::IRBuilder<>& builder, const LoopBlockNames& blocks,
          llvm::ArrayRef<LoopValue> carried,
          llvm::function_ref<LoopTest(llvm::ArrayRef<llvm::PHINode*>)> test,
          llvm::function_ref<std::vector<llvm::Value*>(llvm::ArrayRef<llvm::PHINode*>)> body) {
    LoopBlockNames names = blocks;
    names.latch.clear(); // the body's last block is the latch
    const Blocks loop = create_blocks(builder, names, nullptr);
    std::vector<llvm::PHINode*> phis = enter_header(builder, loop, carried);
    branch_on(builder, loop, test(phis));
    const std::vector<llvm::Value*> next = body(phis);
    GPUCC_CHECK(next.size() == phis.size(), "a loop body returns one value per carried value");
    for (std::size_t k = 0; k < phis.size(); ++k) {
        phis[k]->addIncoming(next[k], builder.GetInsertBlock());
    }
    builder.CreateBr(loop.header);
    builder.SetInsertPoint(loop.exit);
    return phis;
}

llvm::PHINode*
emit_counted_loop(llvm::IRBuilder<>& builder, const CountedLoop& loop,
                  llvm::function_ref<void(llvm::PHINode* index, llvm::BasicBlock* latch)> body) {
    const Blocks blocks = create_blocks(builder, loop.blocks, loop.exit);
    llvm::PHINode* index = enter_header(builder, blocks, {{loop.begin, loop.index_name}}).front();
    llvm::Value* inside = loop.compare == LoopCompare::SignedLess
                              ? builder.CreateICmpSLT(index, loop.end)
                              : builder.CreateICmpULT(index, loop.end);
    branch_on(builder, blocks, {inside});
    body(index, blocks.latch);
    if (blocks.latch != nullptr) {
        if (builder.GetInsertBlock()->getTerminator() == nullptr) {
            builder.CreateBr(blocks.latch);
        }
        builder.SetInsertPoint(blocks.latch);
    }
    llvm::Value* step =
        loop.step != nullptr ? loop.step : llvm::ConstantInt::get(index->getType(), 1);
    llvm::Value* next = builder.CreateAdd(index, step, "", loop.no_wrap, loop.no_wrap);
    index->addIncoming(next, builder.GetInsertBlock());
    builder.CreateBr(blocks.header);
    builder.SetInsertPoint(blocks.exit);
    return index;
}

void emit_slot_loop(llvm::IRBuilder<>& builder, const SlotLoop& loop,
                    llvm::function_ref<void(llvm::Value* r)> body) {
    const Blocks blocks = create_blocks(builder, loop.blocks, nullptr);
    builder.CreateBr(blocks.header);
    builder.SetInsertPoint(blocks.header);
    llvm::Type* type = loop.position->getAllocatedType();
    auto steps = [&](int count) {
        return builder.CreateMul(loop.step,
                                 llvm::ConstantInt::get(type, static_cast<std::uint64_t>(count)));
    };
    llvm::Value* r = builder.CreateLoad(type, loop.position);
    llvm::Value* last = loop.unroll > 1 ? builder.CreateAdd(r, steps(loop.unroll - 1)) : r;
    branch_on(builder, blocks, {builder.CreateICmpSLT(last, loop.end)});
    body(r);
    llvm::Value* advance = loop.unroll > 1 ? steps(loop.unroll) : loop.step;
    builder.CreateStore(builder.CreateAdd(r, advance), loop.position);
    builder.CreateBr(blocks.header);
    builder.SetInsertPoint(blocks.exit);
}

} // namespace gpucc
