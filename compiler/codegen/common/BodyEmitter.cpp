// The part of code generation every kernel kind shares (BodyEmitter.h): the types of values in
// registers and in memory, and the statements and expressions of the kernel IR, which carry every
// C conversion explicitly, so lowering them is mechanical. Elementwise bodies, a reduction's map,
// reduce and post are all emitted here.
#include "compiler/codegen/common/BodyEmitter.h"

#include "compiler/codegen/common/LoopUnrollMetadata.h"
#include "compiler/codegen/common/MathLowering.h"
#include "compiler/codegen/common/Speculation.h"
#include "compiler/diag/InternalError.h"

#include <llvm/IR/Intrinsics.h>
#include <vector>

namespace gpucc::codegen_detail {

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

llvm::Type* BodyEmitter::register_type(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
        return builder_.getInt1Ty();
    case ScalarType::Int8:
    case ScalarType::UInt8:
        return builder_.getInt8Ty();
    case ScalarType::Int16:
    case ScalarType::UInt16:
        return builder_.getInt16Ty();
    case ScalarType::Int32:
    case ScalarType::UInt32:
        return builder_.getInt32Ty();
    case ScalarType::Int64:
    case ScalarType::UInt64:
        return builder_.getInt64Ty();
    case ScalarType::Float16:
        return builder_.getHalfTy();
    case ScalarType::BFloat16:
        return builder_.getBFloatTy();
    case ScalarType::Float32:
        return builder_.getFloatTy();
    case ScalarType::Float64:
        return builder_.getDoubleTy();
    }
    return nullptr;
}

llvm::Type* BodyEmitter::storage_type(ScalarType type) {
    if (type == ScalarType::Bool) {
        return builder_.getInt8Ty();
    }
    return register_type(type);
}

llvm::Value* BodyEmitter::from_storage(llvm::Value* stored, ScalarType type) {
    if (type == ScalarType::Bool) {
        return builder_.CreateICmpNE(stored, llvm::ConstantInt::get(stored->getType(), 0));
    }
    return stored;
}

llvm::Value* BodyEmitter::to_storage(llvm::Value* value, ScalarType type) {
    if (type == ScalarType::Bool) {
        return builder_.CreateZExt(value, builder_.getInt8Ty());
    }
    return value;
}

llvm::BasicBlock* BodyEmitter::new_block(const char* name) {
    return llvm::BasicBlock::Create(context_, name, function_);
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

void BodyEmitter::emit_stmt(const kir::Stmt& stmt) {
    if (!block_is_open()) {
        // Code after break/continue is unreachable; give it a block of its own.
        builder_.SetInsertPoint(new_block("unreachable"));
    }
    switch (stmt.kind) {
    case StmtKind::Block:
        for (const kir::StmtPtr& inner : static_cast<const kir::BlockStmt&>(stmt).statements) {
            emit_stmt(*inner);
        }
        return;
    case StmtKind::Decl: {
        const auto& decl = static_cast<const kir::DeclStmt&>(stmt);
        if (decl.init) {
            builder_.CreateStore(emit_expr(*decl.init), locals_[decl.variable->id]);
        }
        return;
    }
    case StmtKind::ExprStmt:
        emit_expr(*static_cast<const kir::ExprStmt&>(stmt).expr);
        return;
    case StmtKind::If: {
        const auto& branch = static_cast<const kir::IfStmt&>(stmt);
        llvm::BasicBlock* then_block = new_block("if.then");
        llvm::BasicBlock* else_block = branch.else_branch ? new_block("if.else") : nullptr;
        llvm::BasicBlock* join = new_block("if.end");
        builder_.CreateCondBr(emit_expr(*branch.condition), then_block,
                              else_block ? else_block : join);
        builder_.SetInsertPoint(then_block);
        emit_stmt(*branch.then_branch);
        if (block_is_open()) {
            builder_.CreateBr(join);
        }
        if (else_block) {
            builder_.SetInsertPoint(else_block);
            emit_stmt(*branch.else_branch);
            if (block_is_open()) {
                builder_.CreateBr(join);
            }
        }
        builder_.SetInsertPoint(join);
        return;
    }
    case StmtKind::For: {
        const auto& loop = static_cast<const kir::ForStmt&>(stmt);
        if (loop.init) {
            emit_stmt(*loop.init);
        }
        llvm::BasicBlock* header = new_block("for.cond");
        llvm::BasicBlock* body = new_block("for.body");
        llvm::BasicBlock* step = new_block("for.step");
        llvm::BasicBlock* exit = new_block("for.end");
        llvm::Instruction* entry = builder_.CreateBr(header);
        builder_.SetInsertPoint(header);
        if (loop.condition) {
            builder_.CreateCondBr(emit_expr(*loop.condition), body, exit);
        } else {
            builder_.CreateBr(body);
        }
        builder_.SetInsertPoint(body);
        break_targets_.push_back(exit);
        continue_targets_.push_back(step);
        emit_stmt(*loop.body);
        break_targets_.pop_back();
        continue_targets_.pop_back();
        if (block_is_open()) {
            builder_.CreateBr(step);
        }
        builder_.SetInsertPoint(step);
        if (loop.step) {
            emit_expr(*loop.step);
        }
        builder_.CreateBr(header);
        attach_loop_unroll(header, entry, loop.unroll);
        builder_.SetInsertPoint(exit);
        return;
    }
    case StmtKind::While: {
        const auto& loop = static_cast<const kir::WhileStmt&>(stmt);
        llvm::BasicBlock* header = new_block("while.cond");
        llvm::BasicBlock* body = new_block("while.body");
        llvm::BasicBlock* exit = new_block("while.end");
        llvm::Instruction* entry = builder_.CreateBr(header);
        builder_.SetInsertPoint(header);
        builder_.CreateCondBr(emit_expr(*loop.condition), body, exit);
        builder_.SetInsertPoint(body);
        break_targets_.push_back(exit);
        continue_targets_.push_back(header);
        emit_stmt(*loop.body);
        break_targets_.pop_back();
        continue_targets_.pop_back();
        if (block_is_open()) {
            builder_.CreateBr(header);
        }
        attach_loop_unroll(header, entry, loop.unroll);
        builder_.SetInsertPoint(exit);
        return;
    }
    case StmtKind::DoWhile: {
        const auto& loop = static_cast<const kir::DoWhileStmt&>(stmt);
        llvm::BasicBlock* body = new_block("do.body");
        llvm::BasicBlock* condition = new_block("do.cond");
        llvm::BasicBlock* exit = new_block("do.end");
        llvm::Instruction* entry = builder_.CreateBr(body);
        builder_.SetInsertPoint(body);
        break_targets_.push_back(exit);
        continue_targets_.push_back(condition);
        emit_stmt(*loop.body);
        break_targets_.pop_back();
        continue_targets_.pop_back();
        if (block_is_open()) {
            builder_.CreateBr(condition);
        }
        builder_.SetInsertPoint(condition);
        builder_.CreateCondBr(emit_expr(*loop.condition), body, exit);
        attach_loop_unroll(body, entry, loop.unroll);
        builder_.SetInsertPoint(exit);
        return;
    }
    case StmtKind::Break:
        GPUCC_CHECK(!break_targets_.empty(), "Sema rejects break outside a loop");
        builder_.CreateBr(break_targets_.back());
        return;
    case StmtKind::Continue:
        builder_.CreateBr(continue_targets_.empty() ? element_end_ : continue_targets_.back());
        return;
    case StmtKind::Sync:
    case StmtKind::Return:
        emit_grid_stmt(stmt);
        return;
    }
}

void BodyEmitter::emit_grid_stmt(const kir::Stmt&) {
    GPUCC_UNREACHABLE("only jit-style kernels have Sync and Return statements");
}

llvm::Value* BodyEmitter::emit_grid_expr(const kir::Expr&) {
    GPUCC_UNREACHABLE("only jit-style kernels have grid expressions");
}

LValue BodyEmitter::emit_grid_lvalue(const kir::Expr&) {
    GPUCC_UNREACHABLE("only jit-style kernels have shared arrays");
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

llvm::Value* BodyEmitter::convert(llvm::Value* value, ScalarType from, ScalarType to) {
    if (from == to) {
        return value;
    }
    llvm::Type* target = register_type(to);
    if (to == ScalarType::Bool) {
        if (is_floating(from)) {
            return builder_.CreateFCmpUNE(value, llvm::ConstantFP::get(value->getType(), 0.0));
        }
        return builder_.CreateICmpNE(value, llvm::ConstantInt::get(value->getType(), 0));
    }
    bool from_float = is_floating(from);
    bool to_float = is_floating(to);
    if (from_float && to_float) {
        if ((from == ScalarType::Float16 && to == ScalarType::BFloat16) ||
            (from == ScalarType::BFloat16 && to == ScalarType::Float16)) {
            return builder_.CreateFPTrunc(builder_.CreateFPExt(value, builder_.getFloatTy()),
                                          target);
        }
        return size_in_bytes(to) > size_in_bytes(from) ? builder_.CreateFPExt(value, target)
                                                       : builder_.CreateFPTrunc(value, target);
    }
    if (from_float) {
        return is_signed(to) ? builder_.CreateFPToSI(value, target)
                             : builder_.CreateFPToUI(value, target);
    }
    bool source_signed = from != ScalarType::Bool && is_signed(from);
    if (to_float) {
        return source_signed ? builder_.CreateSIToFP(value, target)
                             : builder_.CreateUIToFP(value, target);
    }
    return builder_.CreateIntCast(value, target, source_signed);
}

llvm::Value* BodyEmitter::emit_constant(const kir::ConstantExpr& expr) {
    llvm::Type* type = register_type(expr.type);
    if (is_floating(expr.type)) {
        return llvm::ConstantFP::get(type, expr.float_value);
    }
    if (expr.type == ScalarType::Bool) {
        return builder_.getInt1(expr.int_bits != 0);
    }
    return llvm::ConstantInt::get(type, expr.int_bits);
}

llvm::Value* BodyEmitter::emit_binary(kir::BinaryOp op, llvm::Value* lhs, llvm::Value* rhs,
                                      ScalarType type) {
    using kir::BinaryOp;
    if (is_floating(type)) {
        llvm::Instruction::BinaryOps opcode = llvm::Instruction::FAdd;
        switch (op) {
        case BinaryOp::Add:
            opcode = llvm::Instruction::FAdd;
            break;
        case BinaryOp::Sub:
            opcode = llvm::Instruction::FSub;
            break;
        case BinaryOp::Mul:
            opcode = llvm::Instruction::FMul;
            break;
        case BinaryOp::Div:
            opcode = llvm::Instruction::FDiv;
            break;
        case BinaryOp::Rem:
            opcode = llvm::Instruction::FRem;
            break;
        default:
            GPUCC_UNREACHABLE("Sema allows only arithmetic on floating types");
        }
        llvm::Value* result = builder_.CreateBinOp(opcode, lhs, rhs);
        if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(result)) {
            // As nvcc's default (-fmad=true): a*b+c may become one fused multiply-add.
            llvm::FastMathFlags flags;
            flags.setAllowContract(true);
            flags.setAllowReassoc(reassociate_floats_);
            instruction->setFastMathFlags(flags);
        }
        return result;
    }
    bool signed_type = type != ScalarType::Bool && is_signed(type);
    switch (op) {
    case BinaryOp::Add:
        return builder_.CreateAdd(lhs, rhs);
    case BinaryOp::Sub:
        return builder_.CreateSub(lhs, rhs);
    case BinaryOp::Mul:
        return builder_.CreateMul(lhs, rhs);
    case BinaryOp::Div:
    case BinaryOp::Rem:
        return emit_integer_division(op, lhs, rhs, signed_type);
    case BinaryOp::Shl:
        return builder_.CreateShl(lhs, rhs);
    case BinaryOp::Shr:
        return signed_type ? builder_.CreateAShr(lhs, rhs) : builder_.CreateLShr(lhs, rhs);
    case BinaryOp::BitAnd:
        return builder_.CreateAnd(lhs, rhs);
    case BinaryOp::BitOr:
        return builder_.CreateOr(lhs, rhs);
    case BinaryOp::BitXor:
        return builder_.CreateXor(lhs, rhs);
    }
    return nullptr;
}

/// Integer `/` and `%` as NumPy defines them where C leaves them undefined (dsl/reference.md,
/// "Integer division"): a zero divisor gives 0 for both, and the one signed overflow,
/// MIN / -1, wraps to MIN (MIN % -1 is 0). Otherwise C's truncating division. The divisor is
/// replaced by 1 in those cases (a select, no branch: vector loops stay vector loops), so the
/// hardware division never sees them; on x86 they would raise SIGFPE.
llvm::Value* BodyEmitter::emit_integer_division(kir::BinaryOp op, llvm::Value* lhs,
                                                llvm::Value* rhs, bool signed_type) {
    llvm::Type* type = rhs->getType();
    llvm::Value* zero = llvm::ConstantInt::get(type, 0);
    llvm::Value* one = llvm::ConstantInt::get(type, 1);
    llvm::Value* divisor_is_zero = builder_.CreateICmpEQ(rhs, zero);
    llvm::Value* avoid = divisor_is_zero;
    if (signed_type) {
        unsigned bits = type->getIntegerBitWidth();
        llvm::Value* min = llvm::ConstantInt::get(type, llvm::APInt::getSignedMinValue(bits));
        llvm::Value* overflows =
            builder_.CreateAnd(builder_.CreateICmpEQ(lhs, min),
                               builder_.CreateICmpEQ(rhs, llvm::ConstantInt::getSigned(type, -1)));
        avoid = builder_.CreateOr(divisor_is_zero, overflows);
    }
    llvm::Value* divisor = builder_.CreateSelect(avoid, one, rhs);
    if (op == kir::BinaryOp::Rem) {
        // x % 1 == 0: both special cases are already right.
        return signed_type ? builder_.CreateSRem(lhs, divisor) : builder_.CreateURem(lhs, divisor);
    }
    // MIN / 1 == MIN is the wrapped quotient; x / 1 must become 0 where the divisor was 0.
    llvm::Value* quotient =
        signed_type ? builder_.CreateSDiv(lhs, divisor) : builder_.CreateUDiv(lhs, divisor);
    return builder_.CreateSelect(divisor_is_zero, zero, quotient);
}

llvm::Value* BodyEmitter::emit_compare(const kir::CompareExpr& expr) {
    using kir::CompareOp;
    llvm::Value* lhs = emit_expr(*expr.lhs);
    llvm::Value* rhs = emit_expr(*expr.rhs);
    ScalarType type = expr.lhs->type;
    if (is_floating(type)) {
        switch (expr.op) {
        case CompareOp::Eq:
            return builder_.CreateFCmpOEQ(lhs, rhs);
        case CompareOp::Ne:
            return builder_.CreateFCmpUNE(lhs, rhs);
        case CompareOp::Lt:
            return builder_.CreateFCmpOLT(lhs, rhs);
        case CompareOp::Le:
            return builder_.CreateFCmpOLE(lhs, rhs);
        case CompareOp::Gt:
            return builder_.CreateFCmpOGT(lhs, rhs);
        case CompareOp::Ge:
            return builder_.CreateFCmpOGE(lhs, rhs);
        }
    }
    bool signed_type = type != ScalarType::Bool && is_signed(type);
    switch (expr.op) {
    case CompareOp::Eq:
        return builder_.CreateICmpEQ(lhs, rhs);
    case CompareOp::Ne:
        return builder_.CreateICmpNE(lhs, rhs);
    case CompareOp::Lt:
        return signed_type ? builder_.CreateICmpSLT(lhs, rhs) : builder_.CreateICmpULT(lhs, rhs);
    case CompareOp::Le:
        return signed_type ? builder_.CreateICmpSLE(lhs, rhs) : builder_.CreateICmpULE(lhs, rhs);
    case CompareOp::Gt:
        return signed_type ? builder_.CreateICmpSGT(lhs, rhs) : builder_.CreateICmpUGT(lhs, rhs);
    case CompareOp::Ge:
        return signed_type ? builder_.CreateICmpSGE(lhs, rhs) : builder_.CreateICmpUGE(lhs, rhs);
    }
    return nullptr;
}

llvm::Value* BodyEmitter::emit_logical(const kir::LogicalExpr& expr) {
    bool is_and = expr.op == kir::LogicalOp::And;
    llvm::Value* lhs = emit_expr(*expr.lhs);
    if (is_cheap_to_speculate(*expr.rhs)) {
        // One condition instead of a branch (Speculation.h); select keeps && and || exact.
        llvm::Value* rhs = emit_expr(*expr.rhs);
        return is_and ? builder_.CreateSelect(lhs, rhs, builder_.getFalse())
                      : builder_.CreateSelect(lhs, builder_.getTrue(), rhs);
    }
    llvm::BasicBlock* lhs_end = builder_.GetInsertBlock();
    llvm::BasicBlock* rhs_block = new_block(is_and ? "and.rhs" : "or.rhs");
    llvm::BasicBlock* join = new_block(is_and ? "and.end" : "or.end");
    if (is_and) {
        builder_.CreateCondBr(lhs, rhs_block, join);
    } else {
        builder_.CreateCondBr(lhs, join, rhs_block);
    }
    builder_.SetInsertPoint(rhs_block);
    llvm::Value* rhs = emit_expr(*expr.rhs);
    llvm::BasicBlock* rhs_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* result = builder_.CreatePHI(builder_.getInt1Ty(), 2);
    result->addIncoming(builder_.getInt1(!is_and), lhs_end);
    result->addIncoming(rhs, rhs_end);
    return result;
}

llvm::Value* BodyEmitter::emit_select(const kir::SelectExpr& expr) {
    llvm::Value* condition = emit_expr(*expr.condition);
    llvm::BasicBlock* true_block = new_block("select.true");
    llvm::BasicBlock* false_block = new_block("select.false");
    llvm::BasicBlock* join = new_block("select.end");
    builder_.CreateCondBr(condition, true_block, false_block);
    builder_.SetInsertPoint(true_block);
    llvm::Value* if_true = emit_expr(*expr.if_true);
    llvm::BasicBlock* true_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(false_block);
    llvm::Value* if_false = emit_expr(*expr.if_false);
    llvm::BasicBlock* false_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* result = builder_.CreatePHI(register_type(expr.type), 2);
    result->addIncoming(if_true, true_end);
    result->addIncoming(if_false, false_end);
    return result;
}

LValue BodyEmitter::emit_lvalue(const kir::Expr& expr) {
    switch (expr.kind) {
    case ExprKind::ParamRef: {
        int param = static_cast<const kir::ParamRefExpr&>(expr).param_index;
        GPUCC_CHECK(element_[param].slot != nullptr, "Sema allows assigning to outputs only");
        return {element_[param].slot, expr.type, false};
    }
    case ExprKind::LocalRef:
        return {locals_[static_cast<const kir::LocalRefExpr&>(expr).variable->id], expr.type,
                false};
    case ExprKind::RawElement: {
        const auto& element = static_cast<const kir::RawElementExpr&>(expr);
        if (!element.index) {
            return emit_grid_lvalue(expr); // x[i, j] on a ranked jit array
        }
        llvm::Value* index = emit_expr(*element.index);
        return {element_address(element.param_index, index), expr.type,
                expr.type == ScalarType::Bool};
    }
    case ExprKind::SharedElement:
        return emit_grid_lvalue(expr);
    default:
        break;
    }
    GPUCC_UNREACHABLE("not an lvalue");
}

llvm::Value* BodyEmitter::load_lvalue(const LValue& lvalue) {
    if (lvalue.stored_as_byte) {
        return from_storage(builder_.CreateLoad(builder_.getInt8Ty(), lvalue.address),
                            ScalarType::Bool);
    }
    return builder_.CreateLoad(register_type(lvalue.type), lvalue.address);
}

void BodyEmitter::store_lvalue(const LValue& lvalue, llvm::Value* value) {
    builder_.CreateStore(lvalue.stored_as_byte ? to_storage(value, ScalarType::Bool) : value,
                         lvalue.address);
}

llvm::Value* BodyEmitter::emit_assign(const kir::AssignExpr& expr) {
    LValue target = emit_lvalue(*expr.target);
    llvm::Value* value = emit_expr(*expr.value);
    if (expr.compound_op) {
        llvm::Value* old = convert(load_lvalue(target), target.type, expr.compute_type);
        value = convert(emit_binary(*expr.compound_op, old, value, expr.compute_type),
                        expr.compute_type, target.type);
    }
    store_lvalue(target, value);
    return value;
}

llvm::Value* BodyEmitter::emit_inc_dec(const kir::IncDecExpr& expr) {
    LValue target = emit_lvalue(*expr.target);
    llvm::Value* old = load_lvalue(target);
    llvm::Value* updated = nullptr;
    if (is_floating(target.type)) {
        llvm::Value* one = llvm::ConstantFP::get(old->getType(), 1.0);
        updated = expr.is_increment ? builder_.CreateFAdd(old, one) : builder_.CreateFSub(old, one);
    } else if (target.type == ScalarType::Bool) {
        // C++17 removed ++ on bool; C's meaning is "becomes true" for ++ and "toggles" for --.
        updated = expr.is_increment ? builder_.getTrue() : builder_.CreateNot(old);
    } else {
        llvm::Value* one = llvm::ConstantInt::get(old->getType(), 1);
        updated = expr.is_increment ? builder_.CreateAdd(old, one) : builder_.CreateSub(old, one);
    }
    store_lvalue(target, updated);
    return expr.is_prefix ? updated : old;
}

llvm::Value* BodyEmitter::emit_expr(const kir::Expr& expr) {
    switch (expr.kind) {
    case ExprKind::Constant:
        return emit_constant(static_cast<const kir::ConstantExpr&>(expr));
    case ExprKind::ParamRef: {
        int param = static_cast<const kir::ParamRefExpr&>(expr).param_index;
        if (element_[param].slot != nullptr) {
            return builder_.CreateLoad(register_type(expr.type), element_[param].slot);
        }
        return element_[param].value;
    }
    case ExprKind::LocalRef:
    case ExprKind::RawElement:
    case ExprKind::SharedElement:
        return load_lvalue(emit_lvalue(expr));
    case ExprKind::LoopIndex:
        return element_index_;
    case ExprKind::LoopSize:
        return loop_size_;
    case ExprKind::ReduceOperand: {
        const auto& reduce_operand = static_cast<const kir::ReduceOperandExpr&>(expr);
        llvm::Value* value = reduce_operands_[reduce_operand.operand];
        GPUCC_CHECK(value != nullptr, "only reductions read a and b");
        if (value->getType()->isStructTy()) { // a tuple reduce type's post reads one component
            return builder_.CreateExtractValue(value,
                                               static_cast<unsigned>(reduce_operand.component));
        }
        return value;
    }
    case ExprKind::InputSize:
        GPUCC_CHECK(input_size_ != nullptr, "only reductions read _in_ind.size()");
        return input_size_;
    case ExprKind::OutputSize:
        GPUCC_CHECK(output_size_ != nullptr, "only reductions read _out_ind.size()");
        return output_size_;
    case ExprKind::ReducePosition:
        GPUCC_CHECK(reduce_position_ != nullptr, "only a reduction's map reads _J");
        return reduce_position_;
    case ExprKind::Unary: {
        const auto& unary = static_cast<const kir::UnaryExpr&>(expr);
        llvm::Value* operand = emit_expr(*unary.operand);
        switch (unary.op) {
        case kir::UnaryOp::Neg:
            return is_floating(expr.type) ? builder_.CreateFNeg(operand)
                                          : builder_.CreateNeg(operand);
        case kir::UnaryOp::BitNot:
        case kir::UnaryOp::LogicalNot:
            return builder_.CreateNot(operand);
        }
        return nullptr;
    }
    case ExprKind::Binary: {
        const auto& binary = static_cast<const kir::BinaryExpr&>(expr);
        llvm::Value* lhs = emit_expr(*binary.lhs);
        llvm::Value* rhs = emit_expr(*binary.rhs);
        return emit_binary(binary.op, lhs, rhs, expr.type);
    }
    case ExprKind::Compare:
        return emit_compare(static_cast<const kir::CompareExpr&>(expr));
    case ExprKind::Logical:
        return emit_logical(static_cast<const kir::LogicalExpr&>(expr));
    case ExprKind::Select:
        return emit_select(static_cast<const kir::SelectExpr&>(expr));
    case ExprKind::Cast: {
        const auto& cast = static_cast<const kir::CastExpr&>(expr);
        return convert(emit_expr(*cast.operand), cast.operand->type, expr.type);
    }
    case ExprKind::Call: {
        const auto& call = static_cast<const kir::CallExpr&>(expr);
        std::vector<llvm::Value*> args;
        for (const kir::ExprPtr& arg : call.args) {
            args.push_back(emit_expr(*arg));
        }
        ScalarType operand_type = call.args.empty() ? expr.type : call.args[0]->type;
        return emit_math_builtin(builder_, target_, call.builtin, operand_type, args);
    }
    case ExprKind::Assign:
        return emit_assign(static_cast<const kir::AssignExpr&>(expr));
    case ExprKind::IncDec:
        return emit_inc_dec(static_cast<const kir::IncDecExpr&>(expr));
    case ExprKind::GridValue:
    case ExprKind::ArrayProperty:
    case ExprKind::Atomic:
    case ExprKind::Shuffle:
        return emit_grid_expr(expr);
    }
    return nullptr;
}

} // namespace gpucc::codegen_detail
