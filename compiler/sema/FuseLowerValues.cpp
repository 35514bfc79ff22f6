// The fused lowering's values (FuseLoweringImpl.h): locals and hoisting, copies of names and
// literals, conversions with NumPy 2's range check of Python ints, the promotion of operands and
// the small syntax builders the other parts share.
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FusePromotion.h"
#include "compiler/sema/FuseSyntax.h"

#include <cstdint>

namespace gpucc::sema::fuse {
namespace {

/// Whether `value` is within the range of integer type `type`.
bool fits(std::int64_t value, ScalarType type) {
    int bits = 8 * size_in_bytes(type);
    if (!is_signed(type)) {
        return value >= 0 && (bits == 64 || value < (std::int64_t{1} << bits));
    }
    if (bits == 64) {
        return true;
    }
    std::int64_t half = std::int64_t{1} << (bits - 1);
    return value >= -half && value < half;
}

} // namespace

void FuseLowering::declare(const std::string& name, Value value, SourceLocation loc) {
    auto decl = std::make_unique<ast::DeclStmt>(loc);
    decl->type = type_name(value.type, loc);
    ScalarType type = value.type;
    decl->declarators.push_back(ast::Declarator{name, loc, as_type(std::move(value), type, loc)});
    statements_->push_back(std::move(decl));
}

Value FuseLowering::hoist(Value value, SourceLocation loc) {
    ast::ExprKind kind = value.expr->kind;
    if (kind == ast::ExprKind::Name || kind == ast::ExprKind::IntegerLiteral ||
        kind == ast::ExprKind::FloatLiteral || kind == ast::ExprKind::BoolLiteral) {
        return value;
    }
    std::string name = fresh_name();
    ScalarType type = value.type;
    WeakKind weak = value.weak;
    declare(name, std::move(value), loc);
    return Value{make_name(name, loc), type, weak};
}

Value FuseLowering::copy(const Value& value) {
    ast::ExprPtr expr;
    switch (value.expr->kind) {
    case ast::ExprKind::Name: {
        const auto& name = static_cast<const ast::NameExpr&>(*value.expr);
        expr = make_name(name.name, name.loc);
        break;
    }
    case ast::ExprKind::IntegerLiteral: {
        const auto& literal = static_cast<const ast::IntegerLiteralExpr&>(*value.expr);
        auto clone = std::make_unique<ast::IntegerLiteralExpr>(literal.loc);
        clone->spelling = literal.spelling;
        clone->value = literal.value;
        clone->is_decimal = literal.is_decimal;
        clone->has_unsigned_suffix = literal.has_unsigned_suffix;
        clone->long_suffix_count = literal.long_suffix_count;
        expr = std::move(clone);
        break;
    }
    case ast::ExprKind::FloatLiteral: {
        const auto& literal = static_cast<const ast::FloatLiteralExpr&>(*value.expr);
        auto clone = std::make_unique<ast::FloatLiteralExpr>(literal.loc);
        clone->spelling = literal.spelling;
        clone->value = literal.value;
        clone->has_float_suffix = literal.has_float_suffix;
        expr = std::move(clone);
        break;
    }
    default: {
        const auto& literal = static_cast<const ast::BoolLiteralExpr&>(*value.expr);
        expr = make_bool(literal.value, literal.loc);
        break;
    }
    }
    return Value{std::move(expr), value.type, value.weak, value.constant};
}

ast::ExprPtr FuseLowering::as_type(Value value, ScalarType type, SourceLocation loc) {
    if (value.constant && is_integer(type) && !fits(*value.constant, type)) {
        // NumPy 2 raises OverflowError for a Python int out of the array type's range.
        report(SourceSpan(value.expr->loc, 1), DiagKind::FuseLiteralOutOfRange,
               std::to_string(*value.constant), numpy_name(type));
    }
    if (value.type == type && value.weak == WeakKind::None &&
        value.expr->kind == ast::ExprKind::Name) {
        return std::move(value.expr);
    }
    return make_cast(std::move(value.expr), type, loc);
}

std::pair<ScalarType, WeakKind> FuseLowering::promote(const Value& a, const Value& b) {
    if (a.weak != WeakKind::None && b.weak != WeakKind::None) {
        WeakKind kind = std::max(a.weak, b.weak);
        return {default_type(kind), kind};
    }
    if (a.weak != WeakKind::None) {
        return {promote_with_weak(b.type, a.weak), WeakKind::None};
    }
    if (b.weak != WeakKind::None) {
        return {promote_with_weak(a.type, b.weak), WeakKind::None};
    }
    return {promote_types(a.type, b.type), WeakKind::None};
}

std::pair<ScalarType, WeakKind> FuseLowering::promote(const std::vector<Value>& values) {
    std::pair<ScalarType, WeakKind> result{values[0].type, values[0].weak};
    for (std::size_t k = 1; k < values.size(); ++k) {
        Value accumulated{nullptr, result.first, result.second};
        result = promote(accumulated, values[k]);
    }
    return result;
}

void FuseLowering::report_unsupported(SourceLocation loc, std::uint32_t length,
                                      const std::string& what) {
    report(SourceSpan(loc, length), DiagKind::FuseUnsupported, what);
}

Value FuseLowering::literal_value(Value kind, const ast::Expr& literal) {
    Value source{nullptr, kind.type, kind.weak};
    switch (literal.kind) {
    case ast::ExprKind::IntegerLiteral: {
        const auto& integer = static_cast<const ast::IntegerLiteralExpr&>(literal);
        auto clone = std::make_unique<ast::IntegerLiteralExpr>(integer.loc);
        clone->spelling = integer.spelling;
        clone->value = integer.value;
        clone->is_decimal = integer.is_decimal;
        clone->has_unsigned_suffix = integer.has_unsigned_suffix;
        clone->long_suffix_count = integer.long_suffix_count;
        source.expr = std::move(clone);
        if (integer.value <= static_cast<std::uint64_t>(INT64_MAX)) {
            source.constant = static_cast<std::int64_t>(integer.value);
        }
        break;
    }
    case ast::ExprKind::FloatLiteral: {
        const auto& floating = static_cast<const ast::FloatLiteralExpr&>(literal);
        auto clone = std::make_unique<ast::FloatLiteralExpr>(floating.loc);
        clone->spelling = floating.spelling;
        clone->value = floating.value;
        clone->has_float_suffix = floating.has_float_suffix;
        source.expr = std::move(clone);
        break;
    }
    default:
        source.expr =
            make_bool(static_cast<const ast::BoolLiteralExpr&>(literal).value, literal.loc);
        break;
    }
    return source;
}

std::string FuseLowering::fresh_name() {
    std::string name;
    do {
        name = "fused_value" + std::to_string(next_temporary_++);
    } while (taken_.count(name) != 0);
    taken_.insert(name);
    return name;
}

Value FuseLowering::local(ast::ExprPtr expr, ScalarType type, SourceLocation loc) {
    return hoist(Value{make_cast(std::move(expr), type, loc), type}, loc);
}

ast::ExprPtr FuseLowering::integer(std::int64_t value, ScalarType type, SourceLocation loc) {
    auto literal = std::make_unique<ast::IntegerLiteralExpr>(loc);
    literal->spelling = std::to_string(value < 0 ? -value : value);
    literal->value = static_cast<std::uint64_t>(value < 0 ? -value : value);
    literal->is_decimal = true;
    ast::ExprPtr expr = std::move(literal);
    if (value < 0) {
        expr = std::make_unique<ast::UnaryExpr>(ast::UnaryOp::Minus, std::move(expr), loc);
    }
    return make_cast(std::move(expr), type, loc);
}

ast::ExprPtr FuseLowering::binary(ast::BinaryOp op, const Value& a, const Value& b,
                                  SourceLocation loc) {
    return make_binary(op, copy(a).expr, copy(b).expr, loc);
}

} // namespace gpucc::sema::fuse
