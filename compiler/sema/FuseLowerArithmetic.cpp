// The fused lowering of NumPy's remainder, floor_divide, power and shifts (FuseLoweringImpl.h):
// the standard library's formulas written out as statements and conditionals of the body.
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema::fuse {

std::optional<Value> FuseLowering::numpy_arithmetic(NumpyArithmetic operation, Value lhs, Value rhs,
                                                    SourceLocation loc, std::string_view what) {
    auto [type, weak] = promote(lhs, rhs);
    if (type == ScalarType::Bool) {
        type = weak == WeakKind::None ? ScalarType::Int8 : ScalarType::Int64;
        weak = weak == WeakKind::None ? WeakKind::None : WeakKind::Integer;
    }
    bool shift =
        operation == NumpyArithmetic::LeftShift || operation == NumpyArithmetic::RightShift;
    if (shift && is_floating(type)) {
        report(SourceSpan(loc, length_of(what)), DiagKind::FuseIntegerOnly, what, numpy_name(type));
        return std::nullopt;
    }
    ScalarType compute = is_floating(type) ? floating_loop_type(type) : type;
    if (is_floating(type) && size_in_bytes(type) == 2) {
        compute = ScalarType::Float32;
    }
    Value a = hoist(Value{as_type(std::move(lhs), compute, loc), compute}, loc);
    Value b = hoist(Value{as_type(std::move(rhs), compute, loc), compute}, loc);
    std::optional<Value> result;
    if (is_floating(type)) {
        result = floating_arithmetic(operation, a, b, compute, loc);
    } else {
        result = integer_arithmetic(operation, a, b, compute, loc);
    }
    if (!result) {
        return std::nullopt;
    }
    return Value{make_cast(std::move(result->expr), type, loc), type, weak};
}

std::optional<Value> FuseLowering::floating_arithmetic(NumpyArithmetic operation, const Value& a,
                                                       const Value& b, ScalarType type,
                                                       SourceLocation loc) {
    using ast::BinaryOp;
    auto call2 = [&](const std::string& name, ast::ExprPtr x, ast::ExprPtr y) {
        std::vector<ast::ExprPtr> args;
        args.push_back(std::move(x));
        args.push_back(std::move(y));
        return make_cast(make_call(name, std::move(args), loc), type, loc);
    };
    auto zero = [&] { return integer(0, type, loc); };
    if (operation == NumpyArithmetic::Power) {
        return Value{call2("pow", copy(a).expr, copy(b).expr), type};
    }
    Value mod = local(call2("fmod", copy(a).expr, copy(b).expr), type, loc);
    // The divisor and the remainder have different signs (both nonzero).
    auto signs_differ = [&] {
        return make_binary(
            BinaryOp::LogicalAnd, make_binary(BinaryOp::Ne, copy(mod).expr, zero(), loc),
            make_binary(BinaryOp::Ne, make_binary(BinaryOp::Lt, copy(b).expr, zero(), loc),
                        make_binary(BinaryOp::Lt, copy(mod).expr, zero(), loc), loc),
            loc);
    };
    if (operation == NumpyArithmetic::Remainder) {
        // b == 0: fmod's NaN; a zero remainder takes the divisor's sign.
        ast::ExprPtr moved = make_conditional(
            signs_differ(), make_cast(binary(BinaryOp::Add, mod, b, loc), type, loc),
            copy(mod).expr, loc);
        ast::ExprPtr signed_zero = call2("copysign", zero(), copy(b).expr);
        ast::ExprPtr nonzero =
            make_conditional(make_binary(BinaryOp::Ne, copy(mod).expr, zero(), loc),
                             std::move(moved), std::move(signed_zero), loc);
        return Value{make_conditional(make_binary(BinaryOp::Ne, copy(b).expr, zero(), loc),
                                      std::move(nonzero), copy(mod).expr, loc),
                     type};
    }
    // floor_divide: (a - mod) / b, one less when the signs differ, snapped to the nearest
    // integer; a zero quotient keeps the sign of a / b; a zero divisor gives a / b.
    Value div =
        local(make_binary(BinaryOp::Div, make_cast(binary(BinaryOp::Sub, a, mod, loc), type, loc),
                          copy(b).expr, loc),
              type, loc);
    Value adjusted = local(
        make_conditional(signs_differ(),
                         make_binary(BinaryOp::Sub, copy(div).expr, integer(1, type, loc), loc),
                         copy(div).expr, loc),
        type, loc);
    std::vector<ast::ExprPtr> floor_arg;
    floor_arg.push_back(copy(adjusted).expr);
    Value floored = local(make_call("floor", std::move(floor_arg), loc), type, loc);
    ast::ExprPtr half = make_cast(make_float(0.5, loc), type, loc);
    ast::ExprPtr snapped = make_conditional(
        make_binary(BinaryOp::Gt,
                    make_cast(binary(BinaryOp::Sub, adjusted, floored, loc), type, loc),
                    std::move(half), loc),
        make_cast(make_binary(BinaryOp::Add, copy(floored).expr, integer(1, type, loc), loc), type,
                  loc),
        copy(floored).expr, loc);
    ast::ExprPtr quotient = make_cast(binary(BinaryOp::Div, a, b, loc), type, loc);
    ast::ExprPtr floor_divided =
        make_conditional(make_binary(BinaryOp::Ne, copy(adjusted).expr, zero(), loc),
                         std::move(snapped), call2("copysign", zero(), std::move(quotient)), loc);
    return Value{make_conditional(make_binary(BinaryOp::Eq, copy(b).expr, zero(), loc),
                                  make_cast(binary(BinaryOp::Div, a, b, loc), type, loc),
                                  std::move(floor_divided), loc),
                 type};
}

std::optional<Value> FuseLowering::integer_arithmetic(NumpyArithmetic operation, const Value& a,
                                                      const Value& b, ScalarType type,
                                                      SourceLocation loc) {
    using ast::BinaryOp;
    bool is_signed_type = is_signed(type);
    auto zero = [&] { return integer(0, type, loc); };
    auto negative = [&](const Value& v) {
        return make_binary(BinaryOp::Lt, copy(v).expr, zero(), loc);
    };
    switch (operation) {
    case NumpyArithmetic::Remainder: {
        Value rem = local(binary(BinaryOp::Rem, a, b, loc), type, loc);
        if (!is_signed_type) {
            return rem;
        }
        ast::ExprPtr differ = make_binary(
            BinaryOp::LogicalAnd, make_binary(BinaryOp::Ne, copy(rem).expr, zero(), loc),
            make_binary(BinaryOp::Ne, negative(b), negative(rem), loc), loc);
        return Value{make_conditional(std::move(differ),
                                      make_cast(binary(BinaryOp::Add, rem, b, loc), type, loc),
                                      copy(rem).expr, loc),
                     type};
    }
    case NumpyArithmetic::FloorDivide: {
        // The body's x / 0 is 0 and MIN / -1 wraps to MIN, as NumPy's loops give.
        Value quotient = local(binary(BinaryOp::Div, a, b, loc), type, loc);
        if (!is_signed_type) {
            return quotient;
        }
        ast::ExprPtr inexact = make_binary(
            BinaryOp::Ne, make_cast(binary(BinaryOp::Rem, a, b, loc), type, loc), zero(), loc);
        ast::ExprPtr differ =
            make_binary(BinaryOp::LogicalAnd, std::move(inexact),
                        make_binary(BinaryOp::Ne, negative(a), negative(b), loc), loc);
        ast::ExprPtr lowered = make_cast(
            make_binary(BinaryOp::Sub, copy(quotient).expr, integer(1, type, loc), loc), type, loc);
        return Value{
            make_conditional(std::move(differ), std::move(lowered), copy(quotient).expr, loc),
            type};
    }
    case NumpyArithmetic::LeftShift:
    case NumpyArithmetic::RightShift: {
        ast::ExprPtr outside =
            make_binary(BinaryOp::LogicalOr, negative(b),
                        make_binary(BinaryOp::Ge, copy(b).expr, integer(64, type, loc), loc), loc);
        bool left = operation == NumpyArithmetic::LeftShift;
        ast::ExprPtr beyond = zero();
        if (!left && is_signed_type) {
            beyond = make_conditional(negative(a), integer(-1, type, loc), zero(), loc);
        }
        ScalarType wide = left || is_signed_type ? ScalarType::Int64 : ScalarType::UInt64;
        ast::ExprPtr shifted =
            make_cast(make_binary(left ? BinaryOp::Shl : BinaryOp::Shr,
                                  make_cast(copy(a).expr, wide, loc), copy(b).expr, loc),
                      type, loc);
        return Value{
            make_conditional(std::move(outside), std::move(beyond), std::move(shifted), loc), type};
    }
    case NumpyArithmetic::Power:
        return integer_power(a, b, type, loc);
    }
    return std::nullopt;
}

Value FuseLowering::integer_power(const Value& a, const Value& b, ScalarType type,
                                  SourceLocation loc) {
    using ast::BinaryOp;
    std::string result = fresh_name();
    std::string base = fresh_name();
    std::string exponent = fresh_name();
    declare(result, Value{integer(1, type, loc), type}, loc);
    declare(base, copy(a), loc);
    declare(exponent, copy(b), loc);
    auto name = [&](const std::string& n) { return make_name(n, loc); };
    auto assign = [&](const std::string& target, ast::ExprPtr value) -> ast::StmtPtr {
        return std::make_unique<ast::ExprStmt>(
            std::make_unique<ast::AssignExpr>(std::nullopt, name(target),
                                              make_cast(std::move(value), type, loc), loc),
            loc);
    };
    auto odd = std::make_unique<ast::IfStmt>(loc);
    odd->condition = make_binary(
        BinaryOp::Ne, make_binary(BinaryOp::BitAnd, name(exponent), integer(1, type, loc), loc),
        integer(0, type, loc), loc);
    odd->then_branch = assign(result, make_binary(BinaryOp::Mul, name(result), name(base), loc));
    auto body = std::make_unique<ast::BlockStmt>(loc);
    body->statements.push_back(std::move(odd));
    body->statements.push_back(
        assign(base, make_binary(BinaryOp::Mul, name(base), name(base), loc)));
    body->statements.push_back(
        assign(exponent, make_binary(BinaryOp::Shr, name(exponent), integer(1, type, loc), loc)));
    auto loop = std::make_unique<ast::WhileStmt>(loc);
    loop->condition = make_binary(BinaryOp::Gt, name(exponent), integer(0, type, loc), loc);
    loop->body = std::move(body);
    statements_->push_back(std::move(loop));
    if (!is_signed(type)) {
        return Value{name(result), type};
    }
    // A negative exponent: 1 for a base of 1, +-1 for -1, else 0.
    ast::ExprPtr minus_one_power = make_conditional(
        make_binary(BinaryOp::Ne,
                    make_binary(BinaryOp::BitAnd, copy(b).expr, integer(1, type, loc), loc),
                    integer(0, type, loc), loc),
        integer(-1, type, loc), integer(1, type, loc), loc);
    ast::ExprPtr inverse = make_conditional(
        make_binary(BinaryOp::Eq, copy(a).expr, integer(1, type, loc), loc), integer(1, type, loc),
        make_conditional(make_binary(BinaryOp::Eq, copy(a).expr, integer(-1, type, loc), loc),
                         std::move(minus_one_power), integer(0, type, loc), loc),
        loc);
    return Value{
        make_conditional(make_binary(BinaryOp::Lt, copy(b).expr, integer(0, type, loc), loc),
                         std::move(inverse), name(result), loc),
        type};
}

} // namespace gpucc::sema::fuse
