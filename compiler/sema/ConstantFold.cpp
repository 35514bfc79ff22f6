// Integer constant folding (ConstantFold.h). Values are kept as 64 bits normalised to their type's
// width; arithmetic wraps as the type does, division and shifts follow the type's signedness.
#include "compiler/sema/ConstantFold.h"

#include <cmath>
#include <limits>

namespace gpucc::sema {
namespace {

int width_of(ScalarType type) {
    return size_in_bytes(type) * 8;
}

/// `bits` cut to `type`'s width, then sign- or zero-extended; bool is 0 or 1.
IntegerConstant normalized(std::uint64_t bits, ScalarType type) {
    if (type == ScalarType::Bool) {
        return {type, bits != 0 ? 1u : 0u};
    }
    int width = width_of(type);
    if (width < 64) {
        std::uint64_t mask = (std::uint64_t{1} << width) - 1;
        bits &= mask;
        if (is_signed(type) && (bits >> (width - 1)) != 0) {
            bits |= ~mask;
        }
    }
    return {type, bits};
}

bool is_integral_or_bool_type(ScalarType type) {
    return type == ScalarType::Bool || is_integer(type);
}

std::optional<IntegerConstant> fold_cast(const kir::CastExpr& cast) {
    if (!is_integral_or_bool_type(cast.type)) {
        return std::nullopt;
    }
    if (std::optional<IntegerConstant> operand = fold_integer(*cast.operand)) {
        return normalized(operand->bits, cast.type);
    }
    if (cast.operand->kind != kir::ExprKind::Constant || !is_floating(cast.operand->type)) {
        return std::nullopt;
    }
    double value = static_cast<const kir::ConstantExpr&>(*cast.operand).float_value;
    if (cast.type == ScalarType::Bool) {
        return IntegerConstant{cast.type, value != 0 ? 1u : 0u};
    }
    double truncated = std::trunc(value);
    // Only values every integer type of 64 bits holds are folded; C leaves the others undefined.
    if (!(truncated > -9.2e18 && truncated < 9.2e18)) {
        return std::nullopt;
    }
    return normalized(static_cast<std::uint64_t>(static_cast<std::int64_t>(truncated)), cast.type);
}

std::optional<IntegerConstant> fold_binary(const kir::BinaryExpr& binary) {
    if (!is_integral_or_bool_type(binary.type)) {
        return std::nullopt;
    }
    std::optional<IntegerConstant> lhs = fold_integer(*binary.lhs);
    std::optional<IntegerConstant> rhs = fold_integer(*binary.rhs);
    if (!lhs || !rhs || undefined_operation(binary.op, binary.type, *binary.lhs, *binary.rhs)) {
        return std::nullopt;
    }
    bool is_signed_type = is_signed(binary.type);
    auto l = static_cast<std::int64_t>(lhs->bits);
    auto r = static_cast<std::int64_t>(rhs->bits);
    std::uint64_t bits = 0;
    switch (binary.op) {
    case kir::BinaryOp::Add:
        bits = lhs->bits + rhs->bits;
        break;
    case kir::BinaryOp::Sub:
        bits = lhs->bits - rhs->bits;
        break;
    case kir::BinaryOp::Mul:
        bits = lhs->bits * rhs->bits;
        break;
    case kir::BinaryOp::Div:
        bits = is_signed_type ? static_cast<std::uint64_t>(l / r) : lhs->bits / rhs->bits;
        break;
    case kir::BinaryOp::Rem:
        bits = is_signed_type ? static_cast<std::uint64_t>(l % r) : lhs->bits % rhs->bits;
        break;
    case kir::BinaryOp::Shl:
        bits = lhs->bits << rhs->bits;
        break;
    case kir::BinaryOp::Shr:
        bits = is_signed_type ? static_cast<std::uint64_t>(l >> r) : lhs->bits >> rhs->bits;
        break;
    case kir::BinaryOp::BitAnd:
        bits = lhs->bits & rhs->bits;
        break;
    case kir::BinaryOp::BitOr:
        bits = lhs->bits | rhs->bits;
        break;
    case kir::BinaryOp::BitXor:
        bits = lhs->bits ^ rhs->bits;
        break;
    }
    return normalized(bits, binary.type);
}

std::optional<IntegerConstant> fold_compare(const kir::CompareExpr& compare) {
    std::optional<IntegerConstant> lhs = fold_integer(*compare.lhs);
    std::optional<IntegerConstant> rhs = fold_integer(*compare.rhs);
    if (!lhs || !rhs) {
        return std::nullopt;
    }
    bool less = is_signed(lhs->type)
                    ? static_cast<std::int64_t>(lhs->bits) < static_cast<std::int64_t>(rhs->bits)
                    : lhs->bits < rhs->bits;
    bool equal = lhs->bits == rhs->bits;
    bool result = false;
    switch (compare.op) {
    case kir::CompareOp::Eq:
        result = equal;
        break;
    case kir::CompareOp::Ne:
        result = !equal;
        break;
    case kir::CompareOp::Lt:
        result = less;
        break;
    case kir::CompareOp::Le:
        result = less || equal;
        break;
    case kir::CompareOp::Gt:
        result = !less && !equal;
        break;
    case kir::CompareOp::Ge:
        result = !less;
        break;
    }
    return IntegerConstant{ScalarType::Bool, result ? 1u : 0u};
}

} // namespace

bool IntegerConstant::is_negative() const {
    return is_signed(type) && static_cast<std::int64_t>(bits) < 0;
}

std::string IntegerConstant::spelling() const {
    if (type == ScalarType::Bool) {
        return bits != 0 ? "true" : "false";
    }
    return is_signed(type) ? std::to_string(static_cast<std::int64_t>(bits)) : std::to_string(bits);
}

std::optional<IntegerConstant> fold_integer(const kir::Expr& expr) {
    switch (expr.kind) {
    case kir::ExprKind::Constant:
        if (!is_integral_or_bool_type(expr.type)) {
            return std::nullopt;
        }
        return normalized(static_cast<const kir::ConstantExpr&>(expr).int_bits, expr.type);
    case kir::ExprKind::Cast:
        return fold_cast(static_cast<const kir::CastExpr&>(expr));
    case kir::ExprKind::Unary: {
        const auto& unary = static_cast<const kir::UnaryExpr&>(expr);
        std::optional<IntegerConstant> operand = fold_integer(*unary.operand);
        if (!operand || !is_integral_or_bool_type(expr.type)) {
            return std::nullopt;
        }
        switch (unary.op) {
        case kir::UnaryOp::Neg:
            return normalized(std::uint64_t{0} - operand->bits, expr.type);
        case kir::UnaryOp::BitNot:
            return normalized(~operand->bits, expr.type);
        case kir::UnaryOp::LogicalNot:
            return IntegerConstant{ScalarType::Bool, operand->bits == 0 ? 1u : 0u};
        }
        return std::nullopt;
    }
    case kir::ExprKind::Binary:
        return fold_binary(static_cast<const kir::BinaryExpr&>(expr));
    case kir::ExprKind::Compare:
        return fold_compare(static_cast<const kir::CompareExpr&>(expr));
    case kir::ExprKind::Logical: {
        const auto& logical = static_cast<const kir::LogicalExpr&>(expr);
        std::optional<IntegerConstant> lhs = fold_integer(*logical.lhs);
        if (!lhs) {
            return std::nullopt;
        }
        // Short-circuit: the right operand is not evaluated when the left decides.
        bool is_and = logical.op == kir::LogicalOp::And;
        if ((lhs->bits != 0) != is_and) {
            return IntegerConstant{ScalarType::Bool, is_and ? 0u : 1u};
        }
        std::optional<IntegerConstant> rhs = fold_integer(*logical.rhs);
        if (!rhs) {
            return std::nullopt;
        }
        return IntegerConstant{ScalarType::Bool, rhs->bits != 0 ? 1u : 0u};
    }
    case kir::ExprKind::Select: {
        const auto& select = static_cast<const kir::SelectExpr&>(expr);
        std::optional<IntegerConstant> condition = fold_integer(*select.condition);
        if (!condition) {
            return std::nullopt;
        }
        return fold_integer(condition->bits != 0 ? *select.if_true : *select.if_false);
    }
    default:
        return std::nullopt;
    }
}

std::optional<std::string> undefined_operation(kir::BinaryOp op, ScalarType type,
                                               const kir::Expr& lhs, const kir::Expr& rhs) {
    if (!is_integer(type)) {
        return std::nullopt;
    }
    std::string type_name(numpy_name(type));
    switch (op) {
    case kir::BinaryOp::Div:
    case kir::BinaryOp::Rem: {
        std::optional<IntegerConstant> divisor = fold_integer(rhs);
        if (!divisor) {
            return std::nullopt;
        }
        const char* what = op == kir::BinaryOp::Div ? "division" : "remainder";
        if (divisor->bits == 0) {
            return std::string(what) + " by zero";
        }
        std::optional<IntegerConstant> dividend = fold_integer(lhs);
        std::uint64_t smallest = std::uint64_t{1} << (width_of(type) - 1);
        if (is_signed(type) && divisor->bits == ~std::uint64_t{0} && dividend &&
            normalized(smallest, type).bits == dividend->bits) {
            return std::string(what) + " of " + dividend->spelling() + " by -1 overflows " +
                   type_name;
        }
        return std::nullopt;
    }
    case kir::BinaryOp::Shl:
    case kir::BinaryOp::Shr: {
        std::optional<IntegerConstant> count = fold_integer(rhs);
        if (!count) {
            return std::nullopt;
        }
        int width = width_of(type);
        if (count->is_negative()) {
            return "shift count " + count->spelling() + " is negative";
        }
        if (count->bits >= static_cast<std::uint64_t>(width)) {
            return "shift count " + count->spelling() + " is not less than the width of " +
                   type_name + " (" + std::to_string(width) + " bits)";
        }
        return std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

} // namespace gpucc::sema
