// The fused lowering of expressions (FuseLoweringImpl.h): literals, names, casts, unary and
// binary operators and where/astype, each typed by NumPy 2's rules with the casts that make C's
// arithmetic give NumPy's result.
#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseNames.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Signature.h"
#include "compiler/sema/Suggest.h"

#include <limits>

namespace gpucc::sema::fuse {
namespace {

/// `'what'` (built by appending: GCC 12 warns falsely about `"'" + std::string(what) + "'"`).
std::string quoted(std::string_view what) {
    std::string text = "'";
    text += what;
    text += '\'';
    return text;
}

} // namespace

std::optional<Value> FuseLowering::lower_expr(const ast::Expr& expr) {
    switch (expr.kind) {
    case ast::ExprKind::IntegerLiteral: {
        Value value = literal_value(Value{nullptr, ScalarType::Int64, WeakKind::Integer}, expr);
        return value;
    }
    case ast::ExprKind::FloatLiteral: {
        const auto& literal = static_cast<const ast::FloatLiteralExpr&>(expr);
        Value value = literal_value(Value{nullptr, ScalarType::Float64, WeakKind::Floating}, expr);
        if (literal.has_float_suffix) { // `1.0f` names a float32, as in C
            value.type = ScalarType::Float32;
            value.weak = WeakKind::None;
        }
        return value;
    }
    case ast::ExprKind::BoolLiteral:
        return literal_value(Value{nullptr, ScalarType::Bool, WeakKind::Bool}, expr);
    case ast::ExprKind::Name:
        return lower_name(static_cast<const ast::NameExpr&>(expr));
    case ast::ExprKind::Call:
        return lower_call(static_cast<const ast::CallExpr&>(expr));
    case ast::ExprKind::Unary:
        return lower_unary(static_cast<const ast::UnaryExpr&>(expr));
    case ast::ExprKind::Binary:
        return lower_binary(static_cast<const ast::BinaryExpr&>(expr));
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        return lower_where(*conditional.condition, *conditional.if_true, *conditional.if_false,
                           conditional.loc);
    }
    case ast::ExprKind::Cast: {
        const auto& cast = static_cast<const ast::CastExpr&>(expr);
        std::optional<ScalarType> type = scalar_type_from_name(cast.type.spelling, true);
        std::optional<Value> operand = lower_expr(*cast.operand);
        if (!operand) {
            return std::nullopt;
        }
        if (!type) {
            report(SourceSpan(cast.type.loc, cast.type.length), DiagKind::UnknownType,
                   cast.type.spelling);
            return std::nullopt;
        }
        return Value{make_cast(std::move(operand->expr), *type, cast.loc), *type};
    }
    case ast::ExprKind::Index:
        report_unsupported(expr.loc, 1, "indexing");
        return std::nullopt;
    case ast::ExprKind::Member:
        report_unsupported(expr.loc, 1, "a member access");
        return std::nullopt;
    case ast::ExprKind::Assign:
        report_unsupported(expr.loc, 1, "an assignment (bind a value with 'name = expr;')");
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Value> FuseLowering::lower_name(const ast::NameExpr& name) {
    SourceSpan name_span(name.loc, length_of(name.name));
    for (const kir::Param& param : params_) {
        if (param.name == name.name) {
            if (reduction_ != nullptr && !param.is_scalar) {
                // Read by the reduction's operand or by a post-operation (FusePostArrays.h).
                reduction_->array_reads.push_back({name.name, name.loc, after_reduction_});
            }
            return Value{make_name(name.name, name.loc), param.type};
        }
    }
    if (auto bound = bindings_.find(name.name); bound != bindings_.end()) {
        if (reduction_ != nullptr && after_reduction_ && !bound->second.after_reduction) {
            if (bound->second.constant == nullptr) {
                report(name_span, DiagKind::FuseArrayAfterReduction, name.name);
                return std::nullopt;
            }
            if (!bound->second.declared_in_post &&
                !declare_constant_in_post(name.name, bound->second)) {
                return std::nullopt;
            }
        }
        // A reduction's operand reading a binding computed after the reductions: the bindings
        // feeding a reduction are lowered before it (fuse_bindings_feeding_reductions), and one
        // computed from a reduction makes the reductions dependent (the persistent kernel's).
        GPUCC_CHECK(reduction_ == nullptr || after_reduction_ || !bound->second.after_reduction,
                    "a reduction's operand reads a value computed after the reductions");
        return Value{make_name(name.name, name.loc), bound->second.type, bound->second.weak};
    }
    if (name.name == "inf") {
        return Value{make_float(std::numeric_limits<double>::infinity(), name.loc),
                     ScalarType::Float64, WeakKind::Floating};
    }
    if (name.name == "nan") {
        return Value{make_float(std::numeric_limits<double>::quiet_NaN(), name.loc),
                     ScalarType::Float64, WeakKind::Floating};
    }
    std::vector<std::string> candidates = {"inf", "nan"};
    for (const kir::Param& param : params_) {
        candidates.push_back(param.name);
    }
    for (const auto& [bound, unused] : bindings_) {
        candidates.push_back(bound);
    }
    SourceSpan span(name.loc, length_of(name.name));
    if (std::optional<std::string> suggestion = closest_name(name.name, candidates)) {
        report(span, DiagKind::UnknownNameSuggest, name.name, *suggestion);
    } else {
        report(span, DiagKind::UnknownName, name.name);
    }
    return std::nullopt;
}

std::optional<Value> FuseLowering::lower_unary(const ast::UnaryExpr& unary) {
    std::optional<Value> operand = lower_expr(*unary.operand);
    if (!operand) {
        return std::nullopt;
    }
    SourceLocation loc = unary.loc;
    switch (unary.op) {
    case ast::UnaryOp::Plus:
        return operand;
    case ast::UnaryOp::Minus:
        return negate(std::move(*operand), loc, "-");
    case ast::UnaryOp::Not:
        return logical_not(std::move(*operand), loc);
    case ast::UnaryOp::BitNot:
        return invert(std::move(*operand), loc, "~");
    default:
        report_unsupported(loc, static_cast<std::uint32_t>(ast::spelling(unary.op).size()),
                           quoted(ast::spelling(unary.op)));
        return std::nullopt;
    }
}

std::optional<Value> FuseLowering::negate(Value operand, SourceLocation loc,
                                          std::string_view what) {
    if (operand.type == ScalarType::Bool) {
        report(SourceSpan(loc, length_of(what)), DiagKind::FuseBoolOperand, what);
        return std::nullopt;
    }
    ScalarType type = operand.type;
    WeakKind weak = operand.weak;
    std::optional<std::int64_t> constant;
    if (operand.constant) {
        constant = -*operand.constant;
    }
    operand.constant.reset(); // the negated value is the one to check
    ast::ExprPtr negated = std::make_unique<ast::UnaryExpr>(
        ast::UnaryOp::Minus, as_type(std::move(operand), type, loc), loc);
    return Value{make_cast(std::move(negated), type, loc), type, weak, constant};
}

Value FuseLowering::logical_not(Value operand, SourceLocation loc) {
    ast::ExprPtr truth = as_type(std::move(operand), ScalarType::Bool, loc);
    return Value{std::make_unique<ast::UnaryExpr>(ast::UnaryOp::Not, std::move(truth), loc),
                 ScalarType::Bool};
}

std::optional<Value> FuseLowering::invert(Value operand, SourceLocation loc,
                                          std::string_view what) {
    if (is_floating(operand.type)) {
        report(SourceSpan(loc, length_of(what)), DiagKind::FuseIntegerOnly, what,
               numpy_name(operand.type));
        return std::nullopt;
    }
    if (operand.type == ScalarType::Bool) {
        return logical_not(std::move(operand), loc); // NumPy's invert of bool is not
    }
    ScalarType type = operand.type;
    WeakKind weak = operand.weak;
    ast::ExprPtr inverted = std::make_unique<ast::UnaryExpr>(
        ast::UnaryOp::BitNot, as_type(std::move(operand), type, loc), loc);
    return Value{make_cast(std::move(inverted), type, loc), type, weak};
}

std::optional<Value> FuseLowering::lower_binary(const ast::BinaryExpr& binary) {
    std::optional<Value> lhs = lower_expr(*binary.lhs);
    std::optional<Value> rhs = lower_expr(*binary.rhs);
    if (!lhs || !rhs) {
        return std::nullopt;
    }
    return binary_op(binary.op, std::move(*lhs), std::move(*rhs), binary.loc,
                     ast::spelling(binary.op));
}

std::optional<Value> FuseLowering::binary_op(ast::BinaryOp op, Value lhs, Value rhs,
                                             SourceLocation loc, std::string_view what) {
    auto [type, weak] = promote(lhs, rhs);
    SourceSpan span(loc, length_of(what));
    switch (op) {
    case ast::BinaryOp::Add:
    case ast::BinaryOp::Mul:
        break;
    case ast::BinaryOp::Sub:
        if (type == ScalarType::Bool) {
            report(span, DiagKind::FuseBoolOperand, what);
            return std::nullopt;
        }
        break;
    case ast::BinaryOp::Div:
        // True division: integers and bools divide as float64 (NumPy's true_divide).
        if (!is_floating(type)) {
            type = ScalarType::Float64;
            weak = weak == WeakKind::None ? WeakKind::None : WeakKind::Floating;
        }
        break;
    case ast::BinaryOp::Lt:
    case ast::BinaryOp::Gt:
    case ast::BinaryOp::Le:
    case ast::BinaryOp::Ge:
    case ast::BinaryOp::Eq:
    case ast::BinaryOp::Ne: {
        ast::ExprPtr compared = make_binary(op, as_type(std::move(lhs), type, loc),
                                            as_type(std::move(rhs), type, loc), loc);
        return Value{std::move(compared), ScalarType::Bool};
    }
    case ast::BinaryOp::LogicalAnd:
    case ast::BinaryOp::LogicalOr: {
        ast::ExprPtr combined = make_binary(op, as_type(std::move(lhs), ScalarType::Bool, loc),
                                            as_type(std::move(rhs), ScalarType::Bool, loc), loc);
        return Value{std::move(combined), ScalarType::Bool};
    }
    case ast::BinaryOp::BitAnd:
    case ast::BinaryOp::BitOr:
    case ast::BinaryOp::BitXor:
        if (is_floating(type)) {
            report(span, DiagKind::FuseIntegerOnly, what, numpy_name(type));
            return std::nullopt;
        }
        break;
    case ast::BinaryOp::Rem:
        return numpy_arithmetic(NumpyArithmetic::Remainder, std::move(lhs), std::move(rhs), loc,
                                what);
    case ast::BinaryOp::Shl:
        return numpy_arithmetic(NumpyArithmetic::LeftShift, std::move(lhs), std::move(rhs), loc,
                                what);
    case ast::BinaryOp::Shr:
        return numpy_arithmetic(NumpyArithmetic::RightShift, std::move(lhs), std::move(rhs), loc,
                                what);
    default:
        report_unsupported(loc, length_of(what), quoted(what));
        return std::nullopt;
    }
    ast::ExprPtr computed = make_binary(op, as_type(std::move(lhs), type, loc),
                                        as_type(std::move(rhs), type, loc), loc);
    return Value{make_cast(std::move(computed), type, loc), type, weak};
}

std::optional<Value> FuseLowering::lower_where(const ast::Expr& condition, const ast::Expr& if_true,
                                               const ast::Expr& if_false, SourceLocation loc) {
    std::optional<Value> test = lower_expr(condition);
    std::optional<Value> a = lower_expr(if_true);
    std::optional<Value> b = lower_expr(if_false);
    if (!test || !a || !b) {
        return std::nullopt;
    }
    auto [type, weak] = promote(*a, *b);
    ast::ExprPtr chosen =
        make_conditional(as_type(std::move(*test), ScalarType::Bool, loc),
                         as_type(std::move(*a), type, loc), as_type(std::move(*b), type, loc), loc);
    return Value{make_cast(std::move(chosen), type, loc), type, weak};
}

std::optional<Value> FuseLowering::lower_astype(const ast::CallExpr& call) {
    if (!check_arity(call, "astype", 2)) {
        return std::nullopt;
    }
    std::optional<ScalarType> type;
    if (call.args[1]->kind == ast::ExprKind::Name) {
        type = scalar_type_from_name(static_cast<const ast::NameExpr&>(*call.args[1]).name, true);
    }
    if (!type) {
        report(SourceSpan(call.args[1]->loc, 1), DiagKind::FuseAstypeType);
        return std::nullopt;
    }
    std::optional<Value> operand = lower_expr(*call.args[0]);
    if (!operand) {
        return std::nullopt;
    }
    return Value{make_cast(std::move(operand->expr), *type, call.loc), *type};
}

} // namespace gpucc::sema::fuse
