// What every kernel kind's code generator shares: the LLVM types of values in registers and in
// memory, and the lowering of the kernel IR's statements and expressions. A kernel kind's emitter
// derives from it, builds the frame (arguments, loops, threads), and before emitting a piece of
// the IR tells it what the leaves mean: `element_` for parameter references (a value, or an
// output's slot), the loop index and size, a reduction's `a` and `b` and its sizes. Internal to
// the code generator.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <vector>

namespace gpucc::codegen_detail {

using kir::ExprKind;
using kir::StmtKind;

/// How the current element sees one parameter.
struct ElementParam {
    llvm::Value* value = nullptr;     ///< an input: its value for this element
    llvm::AllocaInst* slot = nullptr; ///< an output: the element being computed (an lvalue)
};

/// Where an lvalue lives and how it is stored.
struct LValue {
    llvm::Value* address;
    ScalarType type;
    bool stored_as_byte; ///< a bool in array memory (one byte), rather than an i1 alloca
};

class BodyEmitter {
public:
    BodyEmitter(CodegenTarget target, llvm::Module& module, HostIsa isa)
        : target_(target), isa_(isa), module_(module), context_(module.getContext()),
          builder_(context_) {}
    virtual ~BodyEmitter() = default;
    BodyEmitter(const BodyEmitter&) = delete;
    BodyEmitter& operator=(const BodyEmitter&) = delete;

protected:
    // --- types -----------------------------------------------------------------------------
    llvm::Type* register_type(ScalarType type);
    llvm::Type* storage_type(ScalarType type); ///< in memory and in argument slots
    llvm::Value* from_storage(llvm::Value* stored, ScalarType type);
    llvm::Value* to_storage(llvm::Value* value, ScalarType type);

    // --- body ------------------------------------------------------------------------------
    void emit_stmt(const kir::Stmt& stmt);
    llvm::Value* emit_expr(const kir::Expr& expr);
    LValue emit_lvalue(const kir::Expr& expr);
    llvm::Value* load_lvalue(const LValue& lvalue);
    void store_lvalue(const LValue& lvalue, llvm::Value* value);
    llvm::Value* emit_constant(const kir::ConstantExpr& expr);
    llvm::Value* emit_binary(kir::BinaryOp op, llvm::Value* lhs, llvm::Value* rhs, ScalarType type);
    llvm::Value* emit_integer_division(kir::BinaryOp op, llvm::Value* lhs, llvm::Value* rhs,
                                       bool signed_type);
    llvm::Value* emit_compare(const kir::CompareExpr& expr);
    llvm::Value* emit_logical(const kir::LogicalExpr& expr);
    llvm::Value* emit_select(const kir::SelectExpr& expr);
    llvm::Value* emit_assign(const kir::AssignExpr& expr);
    llvm::Value* emit_inc_dec(const kir::IncDecExpr& expr);
    llvm::Value* convert(llvm::Value* value, ScalarType from, ScalarType to);
    /// The address of element `index` of raw parameter `param` (elementwise kernels only).
    virtual llvm::Value* element_address(int param, llvm::Value* index) = 0;
    /// The IR only jit-style kernels have (GridKernelEmitter): their statements (Sync, Return),
    /// expressions (GridValue, ArrayProperty, Atomic, Shuffle) and lvalues (SharedElement, and
    /// RawElement with one subscript per axis). Other
    /// kinds never see these nodes.
    virtual void emit_grid_stmt(const kir::Stmt& stmt);
    virtual llvm::Value* emit_grid_expr(const kir::Expr& expr);
    virtual LValue emit_grid_lvalue(const kir::Expr& expr);
    llvm::BasicBlock* new_block(const char* name);
    bool block_is_open() const { return builder_.GetInsertBlock()->getTerminator() == nullptr; }

    CodegenTarget target_;
    HostIsa isa_;
    llvm::Module& module_;
    llvm::LLVMContext& context_;
    llvm::IRBuilder<> builder_;
    llvm::Function* function_ = nullptr;

    // --- what the leaves of the IR mean where the builder stands --------------------------------
    std::vector<ElementParam> element_;      ///< per parameter
    std::vector<llvm::Value*> locals_;       ///< per Variable id: its address
    llvm::Value* element_index_ = nullptr;   ///< `i`
    llvm::Value* loop_size_ = nullptr;       ///< `_ind.size()`
    llvm::Value* reduce_operands_[2] = {};   ///< a reduction's `a` and `b`
    llvm::Value* input_size_ = nullptr;      ///< `_in_ind.size()`
    llvm::Value* output_size_ = nullptr;     ///< `_out_ind.size()`
    llvm::Value* reduce_position_ = nullptr; ///< `_J` (an i64), in a reduction's map
    /// Float operators may be reassociated (a host reduction's combine, so LLVM can vectorize the
    /// fold with several partial sums).
    bool reassociate_floats_ = false;
    /// Where `continue` outside any loop of the body goes (the end of the element).
    llvm::BasicBlock* element_end_ = nullptr;
    std::vector<llvm::BasicBlock*> break_targets_;
    std::vector<llvm::BasicBlock*> continue_targets_;
};

} // namespace gpucc::codegen_detail
