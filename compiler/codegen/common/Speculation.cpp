// See Speculation.h: the test that lets `&&` and `||` evaluate a small, pure right side without a
// branch.
#include "compiler/codegen/common/Speculation.h"

namespace gpucc::codegen_detail {
namespace {

/// At most this many expression nodes are evaluated unconditionally: `t + tx < n` is five.
constexpr int kSpeculationBudget = 8;

/// Spends one unit of `budget` per node; false when a node may not be speculated or the budget
/// runs out.
bool fits(const kir::Expr& expr, int& budget) {
    if (--budget < 0) {
        return false;
    }
    switch (expr.kind) {
    case kir::ExprKind::Constant:
    case kir::ExprKind::ParamRef: // a value or an output's private slot, not global memory
    case kir::ExprKind::LocalRef: // a private slot
    case kir::ExprKind::LoopIndex:
    case kir::ExprKind::LoopSize:
    case kir::ExprKind::ReduceOperand:
    case kir::ExprKind::InputSize:
    case kir::ExprKind::OutputSize:
    case kir::ExprKind::ReducePosition:
    case kir::ExprKind::GridValue:
    case kir::ExprKind::ArrayProperty:
        return true;
    case kir::ExprKind::Unary:
        return fits(*static_cast<const kir::UnaryExpr&>(expr).operand, budget);
    case kir::ExprKind::Binary: {
        const auto& binary = static_cast<const kir::BinaryExpr&>(expr);
        // Integer division traps or is undefined on a zero divisor; floating division is not
        // cheap.
        if (binary.op == kir::BinaryOp::Div || binary.op == kir::BinaryOp::Rem) {
            return false;
        }
        return fits(*binary.lhs, budget) && fits(*binary.rhs, budget);
    }
    case kir::ExprKind::Compare: {
        const auto& compare = static_cast<const kir::CompareExpr&>(expr);
        return fits(*compare.lhs, budget) && fits(*compare.rhs, budget);
    }
    case kir::ExprKind::Logical: {
        const auto& logical = static_cast<const kir::LogicalExpr&>(expr);
        return fits(*logical.lhs, budget) && fits(*logical.rhs, budget);
    }
    case kir::ExprKind::Cast:
        return fits(*static_cast<const kir::CastExpr&>(expr).operand, budget);
    case kir::ExprKind::RawElement:    // global memory
    case kir::ExprKind::SharedElement: // shared memory
    case kir::ExprKind::Select:        // only the chosen side may be evaluated
    case kir::ExprKind::Call:          // math functions are not a few operations
    case kir::ExprKind::Assign:
    case kir::ExprKind::IncDec:
    case kir::ExprKind::Atomic:
    case kir::ExprKind::Shuffle:
        return false;
    }
    return false;
}

} // namespace

bool is_cheap_to_speculate(const kir::Expr& expr) {
    int budget = kSpeculationBudget;
    return fits(expr, budget);
}

} // namespace gpucc::codegen_detail
