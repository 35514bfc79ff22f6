// The `!llvm.loop` unroll metadata of a source loop, as LoopUnrollMetadata.h describes.
#include "compiler/codegen/common/LoopUnrollMetadata.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>

namespace gpucc {
namespace {

llvm::MDNode* unroll_property(llvm::LLVMContext& context, const LoopUnroll& unroll) {
    switch (unroll.kind) {
    case LoopUnroll::Kind::Full:
        return llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.unroll.full")});
    case LoopUnroll::Kind::Count:
        return llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.unroll.count"),
                                           llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
                                               llvm::Type::getInt32Ty(context), unroll.count))});
    case LoopUnroll::Kind::Disable:
        return llvm::MDNode::get(context,
                                 {llvm::MDString::get(context, "llvm.loop.unroll.disable")});
    case LoopUnroll::Kind::Default:
        break;
    }
    return nullptr;
}

} // namespace

void attach_loop_unroll(llvm::BasicBlock* header, const llvm::Instruction* entry,
                        const LoopUnroll& unroll) {
    llvm::LLVMContext& context = header->getContext();
    llvm::MDNode* property = unroll_property(context, unroll);
    if (property == nullptr) {
        return;
    }
    llvm::TempMDTuple placeholder = llvm::MDNode::getTemporary(context, {});
    llvm::MDNode* loop_id = llvm::MDNode::getDistinct(context, {placeholder.get(), property});
    loop_id->replaceOperandWith(0, loop_id);
    for (llvm::BasicBlock* predecessor : llvm::predecessors(header)) {
        llvm::Instruction* branch = predecessor->getTerminator();
        if (branch != nullptr && branch != entry) {
            branch->setMetadata(llvm::LLVMContext::MD_loop, loop_id);
        }
    }
}

} // namespace gpucc
