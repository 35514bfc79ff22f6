// Expressions of kernel code, typed with C's rules (TypeRules.h): literals get C's literal
// types, operands are promoted and converted by explicit Cast nodes, comparisons and logical
// operators yield bool, assignments convert to the target's type, math calls pick float32 or
// float64 (MathBuiltins.h). Names and member calls are resolved in CheckNames.cpp.
#include "compiler/diag/InternalError.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/ConstantFold.h"
#include "compiler/sema/MathBuiltins.h"
#include "compiler/sema/Suggest.h"
#include "compiler/sema/TypeRules.h"

#include <cstdint>
#include <limits>

namespace gpucc::sema {
namespace {

kir::ExprPtr to_bool(kir::ExprPtr expr) {
    if (expr->type == ScalarType::Bool) {
        return expr;
    }
    SourceLocation loc = expr->loc;
    return std::make_unique<kir::CastExpr>(std::move(expr), ScalarType::Bool, loc);
}

bool fits(std::uint64_t value, ScalarType type) {
    switch (type) {
    case ScalarType::Int32:
        return value <= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
    case ScalarType::UInt32:
        return value <= std::numeric_limits<std::uint32_t>::max();
    case ScalarType::Int64:
        return value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    default:
        return true;
    }
}

std::optional<kir::BinaryOp> arithmetic_op(ast::BinaryOp op) {
    switch (op) {
    case ast::BinaryOp::Add:
        return kir::BinaryOp::Add;
    case ast::BinaryOp::Sub:
        return kir::BinaryOp::Sub;
    case ast::BinaryOp::Mul:
        return kir::BinaryOp::Mul;
    case ast::BinaryOp::Div:
        return kir::BinaryOp::Div;
    case ast::BinaryOp::Rem:
        return kir::BinaryOp::Rem;
    case ast::BinaryOp::Shl:
        return kir::BinaryOp::Shl;
    case ast::BinaryOp::Shr:
        return kir::BinaryOp::Shr;
    case ast::BinaryOp::BitAnd:
        return kir::BinaryOp::BitAnd;
    case ast::BinaryOp::BitOr:
        return kir::BinaryOp::BitOr;
    case ast::BinaryOp::BitXor:
        return kir::BinaryOp::BitXor;
    default:
        return std::nullopt;
    }
}

std::optional<kir::CompareOp> compare_op(ast::BinaryOp op) {
    switch (op) {
    case ast::BinaryOp::Eq:
        return kir::CompareOp::Eq;
    case ast::BinaryOp::Ne:
        return kir::CompareOp::Ne;
    case ast::BinaryOp::Lt:
        return kir::CompareOp::Lt;
    case ast::BinaryOp::Le:
        return kir::CompareOp::Le;
    case ast::BinaryOp::Gt:
        return kir::CompareOp::Gt;
    case ast::BinaryOp::Ge:
        return kir::CompareOp::Ge;
    default:
        return std::nullopt;
    }
}

bool needs_integers(kir::BinaryOp op) {
    return op == kir::BinaryOp::Rem || op == kir::BinaryOp::Shl || op == kir::BinaryOp::Shr ||
           op == kir::BinaryOp::BitAnd || op == kir::BinaryOp::BitOr || op == kir::BinaryOp::BitXor;
}

bool is_shift(kir::BinaryOp op) {
    return op == kir::BinaryOp::Shl || op == kir::BinaryOp::Shr;
}

/// "1 argument", "2 arguments".
std::string count_of_arguments(std::size_t count) {
    return std::to_string(count) + (count == 1 ? " argument" : " arguments");
}

} // namespace

kir::ExprPtr BodyChecker::convert(kir::ExprPtr expr, ScalarType type) {
    if (expr->type == type) {
        return expr;
    }
    SourceLocation loc = expr->loc;
    return std::make_unique<kir::CastExpr>(std::move(expr), type, loc);
}

kir::ExprPtr BodyChecker::check_condition(const ast::Expr& expr) {
    kir::ExprPtr condition = check_expression(expr);
    return condition ? to_bool(std::move(condition)) : nullptr;
}

kir::ExprPtr BodyChecker::check_expression(const ast::Expr& expr) {
    switch (expr.kind) {
    case ast::ExprKind::IntegerLiteral:
        return check_integer_literal(static_cast<const ast::IntegerLiteralExpr&>(expr));
    case ast::ExprKind::FloatLiteral:
        return check_float_literal(static_cast<const ast::FloatLiteralExpr&>(expr));
    case ast::ExprKind::BoolLiteral: {
        auto constant = std::make_unique<kir::ConstantExpr>(ScalarType::Bool, expr.loc);
        constant->int_bits = static_cast<const ast::BoolLiteralExpr&>(expr).value ? 1 : 0;
        return constant;
    }
    case ast::ExprKind::Name:
        return check_name(static_cast<const ast::NameExpr&>(expr));
    case ast::ExprKind::Index:
        return check_index(static_cast<const ast::IndexExpr&>(expr));
    case ast::ExprKind::Call:
        return check_call(static_cast<const ast::CallExpr&>(expr));
    case ast::ExprKind::Member: {
        const auto& member = static_cast<const ast::MemberExpr&>(expr);
        if (std::optional<kir::ExprPtr> grid = check_grid_member(member)) {
            return std::move(*grid);
        }
        const auto* object = member.object->kind == ast::ExprKind::Name
                                 ? static_cast<const ast::NameExpr*>(member.object.get())
                                 : nullptr;
        if (in_grid_kernel() && object != nullptr) {
            // check_grid_member took locals, parameters and the grid's objects: `_ind` and every
            // other name are unknown in a jit-style kernel.
            report_unknown_name(*object);
            return nullptr;
        }
        SourceSpan span(member.loc, length_of(member.member));
        bool sized = object != nullptr &&
                     (in_reduction() ? object->name == "_in_ind" || object->name == "_out_ind"
                                     : object->name == "_ind");
        if (object != nullptr && object->name == "_ind" && in_reduction()) {
            diags_.report(SourceSpan(object->loc, 4), DiagKind::IndInReduction);
        } else if (sized && member.member == "size") {
            diags_.report(span, DiagKind::MemberNotCalled, object->name, member.member);
        } else {
            diags_.report(
                span, in_reduction() ? DiagKind::UnknownMemberReduction : DiagKind::UnknownMember,
                object != nullptr ? object->name : std::string("this expression"), member.member);
        }
        return nullptr;
    }
    case ast::ExprKind::Unary:
        return check_unary(static_cast<const ast::UnaryExpr&>(expr));
    case ast::ExprKind::Binary:
        return check_binary(static_cast<const ast::BinaryExpr&>(expr));
    case ast::ExprKind::Assign:
        return check_assign(static_cast<const ast::AssignExpr&>(expr));
    case ast::ExprKind::Conditional:
        return check_conditional(static_cast<const ast::ConditionalExpr&>(expr));
    case ast::ExprKind::Cast:
        return check_cast(static_cast<const ast::CastExpr&>(expr));
    }
    GPUCC_UNREACHABLE("unhandled expression kind");
}

/// C's rule (C11 6.4.4.1, `long` being 64 bits): the first type of the list that holds the value.
/// Decimal: int32, int64. Octal, hex, binary: int32, uint32, int64, uint64. With 'u': uint32,
/// uint64. With 'l' or 'll': from int64 on. A decimal too large for int64 becomes uint64 with a
/// warning (as clang does).
kir::ExprPtr BodyChecker::check_integer_literal(const ast::IntegerLiteralExpr& literal) {
    std::vector<ScalarType> candidates;
    bool wide = literal.long_suffix_count > 0;
    if (literal.has_unsigned_suffix) {
        candidates = wide ? std::vector{ScalarType::UInt64}
                          : std::vector{ScalarType::UInt32, ScalarType::UInt64};
    } else if (literal.is_decimal) {
        candidates = wide ? std::vector{ScalarType::Int64}
                          : std::vector{ScalarType::Int32, ScalarType::Int64};
    } else {
        candidates = wide ? std::vector{ScalarType::Int64, ScalarType::UInt64}
                          : std::vector{ScalarType::Int32, ScalarType::UInt32, ScalarType::Int64,
                                        ScalarType::UInt64};
    }
    std::optional<ScalarType> type;
    for (ScalarType candidate : candidates) {
        if (fits(literal.value, candidate)) {
            type = candidate;
            break;
        }
    }
    if (!type) {
        diags_.report(SourceSpan(literal.loc, length_of(literal.spelling)),
                      DiagKind::IntegerLiteralUnsigned, literal.spelling);
        type = ScalarType::UInt64;
    }
    auto constant = std::make_unique<kir::ConstantExpr>(*type, literal.loc);
    constant->int_bits = literal.value;
    return constant;
}

kir::ExprPtr BodyChecker::check_float_literal(const ast::FloatLiteralExpr& literal) {
    ScalarType type = literal.has_float_suffix ? ScalarType::Float32 : ScalarType::Float64;
    auto constant = std::make_unique<kir::ConstantExpr>(type, literal.loc);
    constant->float_value = literal.has_float_suffix
                                ? static_cast<double>(static_cast<float>(literal.value))
                                : literal.value;
    return constant;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

kir::ExprPtr BodyChecker::check_call(const ast::CallExpr& call) {
    if (call.callee->kind == ast::ExprKind::Member) {
        return check_member_call(call, static_cast<const ast::MemberExpr&>(*call.callee));
    }
    if (call.callee->kind != ast::ExprKind::Name) {
        diags_.report(SourceSpan(call.callee->loc, 1), DiagKind::CalleeNotAName);
        return nullptr;
    }
    const auto& callee = static_cast<const ast::NameExpr&>(*call.callee);
    SourceSpan span(callee.loc, length_of(callee.name));
    bool reduce_operand = in_reduction() && (callee.name == "a" || callee.name == "b");
    if (find_local(callee.name) != nullptr || find_param(callee.name) >= 0 || callee.name == "i" ||
        reduce_operand) {
        diags_.report(span, DiagKind::NotAFunction, callee.name);
        return nullptr;
    }
    if (std::optional<kir::ExprPtr> grid = check_grid_call(call, callee.name)) {
        return std::move(*grid);
    }
    if (find_builtin_function(callee.name)) {
        return check_builtin_call(call, callee.name);
    }
    if (std::optional<std::string_view> replacement = numpy_replacement(callee.name)) {
        diags_.report(span, DiagKind::UnknownFunctionNumpy, callee.name, *replacement);
    } else if (std::optional<std::string> suggestion =
                   closest_name(callee.name, builtin_function_names())) {
        diags_.report(span, DiagKind::UnknownFunctionSuggest, callee.name, *suggestion);
    } else {
        diags_.report(span, DiagKind::UnknownFunction, callee.name);
    }
    return nullptr;
}

/// Operand types: abs/min/max of integers stay integer (abs promotes, min/max take the usual
/// arithmetic conversion); mulhi takes integers only, in their usual arithmetic conversion (clz:
/// its one operand promoted); the approximations (__sinf ...) compute in float32. Otherwise float32
/// when every floating argument is at most float32 (float16 and bfloat16 are computed in float32),
/// float64 when one is float64 or when all are integers (C++'s <cmath> overloads); CUDA's `...f`
/// names always compute in float32. The reinterpretations (__float_as_uint ...) have their own
/// operand type (check_reinterpret).
kir::ExprPtr BodyChecker::check_builtin_call(const ast::CallExpr& call, std::string_view name) {
    std::optional<BuiltinFunction> function = find_builtin_function(name);
    GPUCC_CHECK(function, "checked by the caller");
    if (call.args.size() != static_cast<std::size_t>(function->arity)) {
        std::string given =
            std::to_string(call.args.size()) + (call.args.size() == 1 ? " was" : " were");
        diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::WrongArgumentCount, name,
                      count_of_arguments(static_cast<std::size_t>(function->arity)), given);
        return nullptr;
    }
    std::vector<kir::ExprPtr> args;
    bool ok = true;
    for (const ast::ExprPtr& arg : call.args) {
        args.push_back(check_expression(*arg));
        ok = ok && args.back();
    }
    if (!ok) {
        return nullptr;
    }
    if (function->category == BuiltinCategory::Reinterpret) {
        return check_reinterpret(call, name, function->builtin, std::move(args[0]));
    }
    bool all_integral = true;
    bool any_float64 = false;
    bool any_floating = false;
    for (const kir::ExprPtr& arg : args) {
        all_integral = all_integral && is_integral_or_bool(arg->type);
        any_float64 = any_float64 || arg->type == ScalarType::Float64;
        any_floating = any_floating || is_floating(arg->type);
    }
    ScalarType operand_type;
    if (function->category == BuiltinCategory::Integer) {
        if (!all_integral) {
            if (args.size() == 1) {
                diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::InvalidOperand, name,
                              args[0]->type);
            } else {
                diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::InvalidOperands,
                              name, args[0]->type, args[1]->type);
            }
            return nullptr;
        }
        operand_type = args.size() == 1 ? promote_integer(args[0]->type)
                                        : usual_arithmetic_conversion(args[0]->type, args[1]->type);
    } else if (function->category == BuiltinCategory::Approximate) {
        operand_type = ScalarType::Float32;
    } else if (function->category == BuiltinCategory::IntegerOrFloat && all_integral) {
        operand_type = args.size() == 1 ? promote_integer(args[0]->type)
                                        : usual_arithmetic_conversion(args[0]->type, args[1]->type);
    } else if (function->force_float32) {
        operand_type = ScalarType::Float32;
    } else if (any_float64 || !any_floating) {
        operand_type = ScalarType::Float64;
    } else {
        operand_type = ScalarType::Float32;
    }
    for (kir::ExprPtr& arg : args) {
        arg = convert(std::move(arg), operand_type);
    }
    ScalarType result =
        function->category == BuiltinCategory::Predicate ? ScalarType::Bool : operand_type;
    return std::make_unique<kir::CallExpr>(function->builtin, std::move(args), result, call.loc);
}

/// __float_as_uint and friends take their operand type or a narrower one of the same kind
/// (float16 and bfloat16 for float32; a narrower integer or bool for an integer), converted as CUDA
/// converts the argument; a wider or other-kind argument is an error, since converting it first
/// would silently reinterpret other bits (float64 into __float_as_uint, an integer's value into
/// __int_as_float's float).
kir::ExprPtr BodyChecker::check_reinterpret(const ast::CallExpr& call, std::string_view name,
                                            kir::Builtin builtin, kir::ExprPtr arg) {
    std::optional<kir::ReinterpretTypes> types = kir::reinterpret_types(builtin);
    GPUCC_CHECK(types, "a Reinterpret builtin has its types");
    bool wants_floating = is_floating(types->operand);
    bool same_kind = wants_floating ? is_floating(arg->type) : is_integral_or_bool(arg->type);
    if (!same_kind || size_in_bytes(arg->type) > size_in_bytes(types->operand)) {
        diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::InvalidReinterpretOperand,
                      name, arg->type, types->operand, wants_floating ? "floating" : "integer");
        return nullptr;
    }
    std::vector<kir::ExprPtr> args;
    args.push_back(convert(std::move(arg), types->operand));
    return std::make_unique<kir::CallExpr>(builtin, std::move(args), types->result, call.loc);
}

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

bool BodyChecker::check_assignable(const kir::Expr& target, const ast::Expr& source) {
    bool is_lvalue_syntax =
        source.kind == ast::ExprKind::Name || source.kind == ast::ExprKind::Index;
    if (is_lvalue_syntax) {
        switch (target.kind) {
        case kir::ExprKind::ParamRef:
        case kir::ExprKind::RawElement: {
            int index = target.kind == kir::ExprKind::ParamRef
                            ? static_cast<const kir::ParamRefExpr&>(target).param_index
                            : static_cast<const kir::RawElementExpr&>(target).param_index;
            const kir::Param& param = params_[static_cast<std::size_t>(index)];
            bool kernel_array = in_grid_kernel() && param.is_raw; // arrays are writable there
            if (param.role == kir::ParamRole::Input && !kernel_array) {
                diags_.report(SourceSpan(target.loc, length_of(param.name)),
                              DiagKind::AssignToInput, param.name);
                return false;
            }
            return true;
        }
        case kir::ExprKind::SharedElement:
            return true;
        case kir::ExprKind::LocalRef: {
            const kir::Variable* variable = static_cast<const kir::LocalRefExpr&>(target).variable;
            if (variable->is_const) {
                diags_.report(SourceSpan(target.loc, length_of(variable->name)),
                              DiagKind::AssignToConst, variable->name);
                return false;
            }
            return true;
        }
        case kir::ExprKind::LoopIndex:
            diags_.report(SourceSpan(target.loc, 1), DiagKind::AssignToLoopIndex);
            return false;
        case kir::ExprKind::ReduceOperand:
            diags_.report(SourceSpan(target.loc, 1), DiagKind::AssignToReduceOperand,
                          static_cast<const kir::ReduceOperandExpr&>(target).operand == 0 ? "a"
                                                                                          : "b");
            return false;
        default:
            break;
        }
    }
    diags_.report(SourceSpan(source.loc, 1), DiagKind::NotAssignable);
    return false;
}

kir::ExprPtr BodyChecker::check_unary(const ast::UnaryExpr& unary) {
    if (unary.op == ast::UnaryOp::AddressOf) {
        diags_.report(SourceSpan(unary.loc, 1), DiagKind::AddressOfOutsideAtomic);
        return nullptr;
    }
    kir::ExprPtr operand = check_expression(*unary.operand);
    if (!operand) {
        return nullptr;
    }
    ScalarType type = operand->type;
    switch (unary.op) {
    case ast::UnaryOp::Plus:
        return convert(std::move(operand), promote_integer(type));
    case ast::UnaryOp::Minus: {
        ScalarType result = promote_integer(type);
        return std::make_unique<kir::UnaryExpr>(
            kir::UnaryOp::Neg, convert(std::move(operand), result), result, unary.loc);
    }
    case ast::UnaryOp::Not:
        return std::make_unique<kir::UnaryExpr>(
            kir::UnaryOp::LogicalNot, to_bool(std::move(operand)), ScalarType::Bool, unary.loc);
    case ast::UnaryOp::BitNot: {
        if (!is_integral_or_bool(type)) {
            diags_.report(SourceSpan(unary.loc, 1), DiagKind::InvalidOperand, "~", type);
            return nullptr;
        }
        ScalarType result = promote_integer(type);
        return std::make_unique<kir::UnaryExpr>(
            kir::UnaryOp::BitNot, convert(std::move(operand), result), result, unary.loc);
    }
    case ast::UnaryOp::PreInc:
    case ast::UnaryOp::PreDec:
    case ast::UnaryOp::PostInc:
    case ast::UnaryOp::PostDec: {
        if (!check_assignable(*operand, *unary.operand)) {
            return nullptr;
        }
        if (type == ScalarType::Bool) {
            diags_.report(SourceSpan(unary.loc, 2), DiagKind::IncDecBool, ast::spelling(unary.op));
            return nullptr;
        }
        bool increment = unary.op == ast::UnaryOp::PreInc || unary.op == ast::UnaryOp::PostInc;
        bool prefix = unary.op == ast::UnaryOp::PreInc || unary.op == ast::UnaryOp::PreDec;
        return std::make_unique<kir::IncDecExpr>(std::move(operand), increment, prefix, unary.loc);
    }
    case ast::UnaryOp::AddressOf:
        break; // reported above
    }
    GPUCC_UNREACHABLE("unhandled unary operator");
}

kir::ExprPtr BodyChecker::check_binary(const ast::BinaryExpr& binary) {
    kir::ExprPtr lhs = check_expression(*binary.lhs);
    kir::ExprPtr rhs = check_expression(*binary.rhs);
    if (!lhs || !rhs) {
        return nullptr;
    }
    if (binary.op == ast::BinaryOp::LogicalAnd || binary.op == ast::BinaryOp::LogicalOr) {
        kir::LogicalOp op =
            binary.op == ast::BinaryOp::LogicalAnd ? kir::LogicalOp::And : kir::LogicalOp::Or;
        return std::make_unique<kir::LogicalExpr>(op, to_bool(std::move(lhs)),
                                                  to_bool(std::move(rhs)), binary.loc);
    }
    if (std::optional<kir::CompareOp> op = compare_op(binary.op)) {
        ScalarType common = usual_arithmetic_conversion(lhs->type, rhs->type);
        return std::make_unique<kir::CompareExpr>(*op, convert(std::move(lhs), common),
                                                  convert(std::move(rhs), common), binary.loc);
    }
    std::optional<kir::BinaryOp> op = arithmetic_op(binary.op);
    GPUCC_CHECK(op, "every other binary operator is arithmetic");
    if (needs_integers(*op) &&
        (!is_integral_or_bool(lhs->type) || !is_integral_or_bool(rhs->type))) {
        diags_.report(SourceSpan(binary.loc, length_of(ast::spelling(binary.op))),
                      DiagKind::InvalidOperands, ast::spelling(binary.op), lhs->type, rhs->type);
        return nullptr;
    }
    ScalarType result = is_shift(*op) ? promote_integer(lhs->type)
                                      : usual_arithmetic_conversion(lhs->type, rhs->type);
    lhs = convert(std::move(lhs), result);
    if (!is_shift(*op)) {
        rhs = convert(std::move(rhs), result); // a shift's count is judged as written
    }
    if (!check_defined(*op, result, *lhs, *rhs,
                       SourceSpan(binary.loc, length_of(ast::spelling(binary.op))))) {
        return nullptr;
    }
    return std::make_unique<kir::BinaryExpr>(*op, std::move(lhs), convert(std::move(rhs), result),
                                             result, binary.loc);
}

bool BodyChecker::check_defined(kir::BinaryOp op, ScalarType type, const kir::Expr& lhs,
                                const kir::Expr& rhs, SourceSpan span) {
    if (std::optional<std::string> reason = undefined_operation(op, type, lhs, rhs)) {
        diags_.report(span, DiagKind::UndefinedOperation, *reason);
        return false;
    }
    return true;
}

kir::ExprPtr BodyChecker::check_assign(const ast::AssignExpr& assign) {
    kir::ExprPtr target = check_expression(*assign.target);
    kir::ExprPtr value = check_expression(*assign.value);
    if (!target || !value) {
        return nullptr;
    }
    if (!check_assignable(*target, *assign.target)) {
        return nullptr;
    }
    ScalarType target_type = target->type;
    if (!assign.compound_op) {
        value = convert(std::move(value), target_type);
        return std::make_unique<kir::AssignExpr>(std::move(target), std::move(value), std::nullopt,
                                                 target_type, assign.loc);
    }
    std::optional<kir::BinaryOp> op = arithmetic_op(*assign.compound_op);
    GPUCC_CHECK(op, "compound assignments use arithmetic operators");
    std::string_view spelling = ast::assign_spelling(assign.compound_op);
    if (needs_integers(*op) &&
        (!is_integral_or_bool(target_type) || !is_integral_or_bool(value->type))) {
        diags_.report(SourceSpan(assign.loc, length_of(spelling)), DiagKind::InvalidOperands,
                      spelling, target_type, value->type);
        return nullptr;
    }
    ScalarType compute = is_shift(*op) ? promote_integer(target_type)
                                       : usual_arithmetic_conversion(target_type, value->type);
    if (!is_shift(*op)) {
        value = convert(std::move(value), compute);
    }
    if (!check_defined(*op, compute, *target, *value,
                       SourceSpan(assign.loc, length_of(spelling)))) {
        return nullptr;
    }
    value = convert(std::move(value), compute);
    return std::make_unique<kir::AssignExpr>(std::move(target), std::move(value), op, compute,
                                             assign.loc);
}

kir::ExprPtr BodyChecker::check_conditional(const ast::ConditionalExpr& conditional) {
    kir::ExprPtr condition = check_condition(*conditional.condition);
    kir::ExprPtr if_true = check_expression(*conditional.if_true);
    kir::ExprPtr if_false = check_expression(*conditional.if_false);
    if (!condition || !if_true || !if_false) {
        return nullptr;
    }
    ScalarType type = if_true->type == if_false->type
                          ? if_true->type
                          : usual_arithmetic_conversion(if_true->type, if_false->type);
    return std::make_unique<kir::SelectExpr>(
        std::move(condition), convert(std::move(if_true), type), convert(std::move(if_false), type),
        type, conditional.loc);
}

kir::ExprPtr BodyChecker::check_cast(const ast::CastExpr& cast) {
    std::optional<ScalarType> type = resolve_type(cast.type);
    kir::ExprPtr operand = check_expression(*cast.operand);
    if (!type || !operand) {
        return nullptr;
    }
    if (operand->type == *type) {
        return operand;
    }
    return std::make_unique<kir::CastExpr>(std::move(operand), *type, cast.loc);
}

} // namespace gpucc::sema
