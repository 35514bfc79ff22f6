// The lowering of one instance of a fused function into an elementwise body (FuseLowering.h).
#include "compiler/sema/FuseLowering.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseNames.h"
#include "compiler/sema/FusePromotion.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Signature.h"
#include "compiler/sema/Suggest.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace gpucc::sema {
namespace {

/// A lowered value: syntax that computes it (already of `type` when checked by C's rules, up to
/// the final cast the user of the value adds), its NumPy type and whether it is weak.
struct Value {
    ast::ExprPtr expr;
    ScalarType type;
    WeakKind weak = WeakKind::None;
    /// A weak integer's value when it is a literal or a negated one (checked against the range
    /// of the type it is converted to, as NumPy 2 does).
    std::optional<std::int64_t> constant;
};

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

class FuseLowering {
public:
    FuseLowering(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                 const std::set<std::string>& module_kernels, DiagnosticEngine* diags)
        : def_(def), params_(params), module_kernels_(module_kernels), diags_(diags) {
        for (const kir::Param& param : params) {
            taken_.insert(param.name);
        }
        for (const ast::FuseBinding& binding : def.bindings) {
            taken_.insert(binding.name);
        }
    }

    /// Appends to `body` the statements computing every result into the outputs named
    /// `outputs`; `result_types` gets each result's type. False after an error (reported).
    bool lower(ast::BlockStmt& body, const std::vector<std::string>& outputs,
               std::vector<ScalarType>& result_types) {
        statements_ = &body.statements;
        for (const ast::FuseBinding& binding : def_.bindings) {
            bool is_param = false;
            for (const kir::Param& param : params_) {
                is_param = is_param || param.name == binding.name;
            }
            if (is_param || bindings_.count(binding.name) != 0) {
                report(SourceSpan(binding.loc, length_of(binding.name)),
                       DiagKind::FuseBindingRedefined, binding.name);
                return false;
            }
            std::optional<Value> value = lower_expr(*binding.value);
            if (!value) {
                return false;
            }
            ScalarType type = value->type;
            declare(binding.name, std::move(*value), binding.loc);
            bindings_.emplace(binding.name, Bound{type, value->weak});
        }
        for (std::size_t k = 0; k < def_.results.size(); ++k) {
            const ast::Expr& result = *def_.results[k];
            std::optional<Value> value = lower_expr(result);
            if (!value) {
                return false;
            }
            ScalarType type = value->type;
            result_types.push_back(type);
            auto assign = std::make_unique<ast::AssignExpr>(
                std::nullopt, make_name(outputs[k], result.loc),
                as_type(std::move(*value), type, result.loc), result.loc);
            statements_->push_back(std::make_unique<ast::ExprStmt>(std::move(assign), result.loc));
        }
        return !failed_;
    }

    /// Lowers a definition with a reduction into `lowered`'s pieces, the result assigned to the
    /// output named `output`. False after an error (reported).
    bool lower_reduced(FuseReductionLowering& lowered, const std::string& output) {
        reduction_ = &lowered;
        lowered.prelude = std::make_unique<ast::BlockStmt>(def_.loc);
        lowered.post = std::make_unique<ast::BlockStmt>(def_.loc);
        prelude_ = &lowered.prelude->statements;
        post_ = &lowered.post->statements;
        if (def_.results.size() != 1) {
            report(SourceSpan(def_.name_loc, length_of(def_.name)), DiagKind::FuseReductionResults,
                   std::to_string(def_.results.size()));
            return false;
        }
        for (const ast::FuseBinding& binding : def_.bindings) {
            bool is_param = false;
            for (const kir::Param& param : params_) {
                is_param = is_param || param.name == binding.name;
            }
            if (is_param || bindings_.count(binding.name) != 0) {
                report(SourceSpan(binding.loc, length_of(binding.name)),
                       DiagKind::FuseBindingRedefined, binding.name);
                return false;
            }
            // A binding before the reduction feeds it (map statements); one computed from the
            // reduced value, or after it, is a post-operation.
            after_reduction_ = reduced_ || binding_calls_reduction(*binding.value);
            statements_ = after_reduction_ ? post_ : prelude_;
            std::optional<Value> value = lower_expr(*binding.value);
            if (!value) {
                return false;
            }
            ScalarType type = value->type;
            WeakKind weak = value->weak;
            declare(binding.name, std::move(*value), binding.loc);
            bindings_.emplace(binding.name, Bound{type, weak, after_reduction_});
        }
        after_reduction_ = true;
        statements_ = post_;
        const ast::Expr& result = *def_.results.front();
        std::optional<Value> value = lower_expr(result);
        if (!value) {
            return false;
        }
        ScalarType type = value->type;
        lowered.result_type = type;
        auto assign = std::make_unique<ast::AssignExpr>(
            std::nullopt, make_name(output, result.loc),
            as_type(std::move(*value), type, result.loc), result.loc);
        statements_->push_back(std::make_unique<ast::ExprStmt>(std::move(assign), result.loc));
        return !failed_;
    }

private:
    template <class... Args>
    void report(SourceSpan span, DiagKind kind, const Args&... args) {
        failed_ = true;
        if (diags_ != nullptr) {
            diags_->report(span, kind, args...);
        }
    }

    struct Bound {
        ScalarType type;
        WeakKind weak;
        bool after_reduction = false; ///< computed from the reduced value (a post-operation)
    };

    /// Whether `expr` calls a reduction or reads a binding computed from one.
    bool binding_calls_reduction(const ast::Expr& expr) const {
        for (const auto& [name, bound] : bindings_) {
            if (bound.after_reduction && mentions(expr, name)) {
                return true;
            }
        }
        return expr_calls_reduction(expr);
    }

    static bool expr_calls_reduction(const ast::Expr& expr) {
        bool found = false;
        visit(expr, [&](const ast::Expr& node) {
            if (node.kind == ast::ExprKind::Call) {
                const auto& call = static_cast<const ast::CallExpr&>(node);
                found = found ||
                        (call.callee->kind == ast::ExprKind::Name &&
                         is_reduction_name(static_cast<const ast::NameExpr&>(*call.callee).name));
            }
        });
        return found;
    }

    static bool mentions(const ast::Expr& expr, const std::string& name) {
        bool found = false;
        visit(expr, [&](const ast::Expr& node) {
            found = found || (node.kind == ast::ExprKind::Name &&
                              static_cast<const ast::NameExpr&>(node).name == name);
        });
        return found;
    }

    /// Calls `f` on `expr` and every expression inside it.
    template <class F>
    static void visit(const ast::Expr& expr, const F& f) {
        f(expr);
        switch (expr.kind) {
        case ast::ExprKind::Call: {
            const auto& call = static_cast<const ast::CallExpr&>(expr);
            for (const ast::ExprPtr& arg : call.args) {
                visit(*arg, f);
            }
            return;
        }
        case ast::ExprKind::Unary:
            visit(*static_cast<const ast::UnaryExpr&>(expr).operand, f);
            return;
        case ast::ExprKind::Binary: {
            const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
            visit(*binary.lhs, f);
            visit(*binary.rhs, f);
            return;
        }
        case ast::ExprKind::Conditional: {
            const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
            visit(*conditional.condition, f);
            visit(*conditional.if_true, f);
            visit(*conditional.if_false, f);
            return;
        }
        case ast::ExprKind::Cast:
            visit(*static_cast<const ast::CastExpr&>(expr).operand, f);
            return;
        case ast::ExprKind::Assign:
            visit(*static_cast<const ast::AssignExpr&>(expr).value, f);
            return;
        default:
            return;
        }
    }

    /// `type name = value;` in the body.
    void declare(const std::string& name, Value value, SourceLocation loc) {
        auto decl = std::make_unique<ast::DeclStmt>(loc);
        decl->type = type_name(value.type, loc);
        ScalarType type = value.type;
        decl->declarators.push_back(
            ast::Declarator{name, loc, as_type(std::move(value), type, loc)});
        statements_->push_back(std::move(decl));
    }

    /// A value used more than once (maximum's operands): kept in a local unless it is a name or a
    /// literal already.
    Value hoist(Value value, SourceLocation loc) {
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

    /// A second reference to a hoisted value.
    static Value copy(const Value& value) {
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

    /// The value converted to `type` (a cast unless it already is a non-weak value of it).
    ast::ExprPtr as_type(Value value, ScalarType type, SourceLocation loc) {
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

    /// The type and weakness two operands promote to.
    static std::pair<ScalarType, WeakKind> promote(const Value& a, const Value& b) {
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

    static std::pair<ScalarType, WeakKind> promote(const std::vector<Value>& values) {
        std::pair<ScalarType, WeakKind> result{values[0].type, values[0].weak};
        for (std::size_t k = 1; k < values.size(); ++k) {
            Value accumulated{nullptr, result.first, result.second};
            result = promote(accumulated, values[k]);
        }
        return result;
    }

    void report_unsupported(SourceLocation loc, std::uint32_t length, const std::string& what) {
        report(SourceSpan(loc, length), DiagKind::FuseUnsupported, what);
    }

    std::optional<Value> lower_expr(const ast::Expr& expr) {
        switch (expr.kind) {
        case ast::ExprKind::IntegerLiteral: {
            Value value = literal_value(Value{nullptr, ScalarType::Int64, WeakKind::Integer}, expr);
            return value;
        }
        case ast::ExprKind::FloatLiteral: {
            const auto& literal = static_cast<const ast::FloatLiteralExpr&>(expr);
            Value value =
                literal_value(Value{nullptr, ScalarType::Float64, WeakKind::Floating}, expr);
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

    /// A literal of the source, copied, as a value of the given kind.
    static Value literal_value(Value kind, const ast::Expr& literal) {
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

    std::optional<Value> lower_name(const ast::NameExpr& name) {
        SourceSpan name_span(name.loc, length_of(name.name));
        for (const kir::Param& param : params_) {
            if (param.name == name.name) {
                if (reduction_ != nullptr && after_reduction_ && !param.is_scalar) {
                    report(name_span, DiagKind::FuseArrayAfterReduction, name.name);
                    return std::nullopt;
                }
                if (reduction_ != nullptr && after_reduction_ &&
                    (name.name == "a" || name.name == "b")) {
                    report_unsupported(name.loc, length_of(name.name),
                                       "a scalar parameter named 'a' or 'b' after the reduction");
                    return std::nullopt;
                }
                return Value{make_name(name.name, name.loc), param.type};
            }
        }
        if (auto bound = bindings_.find(name.name); bound != bindings_.end()) {
            if (reduction_ != nullptr && after_reduction_ && !bound->second.after_reduction) {
                report(name_span, DiagKind::FuseArrayAfterReduction, name.name);
                return std::nullopt;
            }
            if (reduction_ != nullptr && !after_reduction_ && bound->second.after_reduction) {
                report(name_span, DiagKind::FuseNestedReduction, name.name);
                return std::nullopt;
            }
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

    std::optional<Value> lower_unary(const ast::UnaryExpr& unary) {
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
                               "'" + std::string(ast::spelling(unary.op)) + "'");
            return std::nullopt;
        }
    }

    std::optional<Value> negate(Value operand, SourceLocation loc, std::string_view what) {
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

    Value logical_not(Value operand, SourceLocation loc) {
        ast::ExprPtr truth = as_type(std::move(operand), ScalarType::Bool, loc);
        return Value{std::make_unique<ast::UnaryExpr>(ast::UnaryOp::Not, std::move(truth), loc),
                     ScalarType::Bool};
    }

    std::optional<Value> invert(Value operand, SourceLocation loc, std::string_view what) {
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

    std::optional<Value> lower_binary(const ast::BinaryExpr& binary) {
        std::optional<Value> lhs = lower_expr(*binary.lhs);
        std::optional<Value> rhs = lower_expr(*binary.rhs);
        if (!lhs || !rhs) {
            return std::nullopt;
        }
        return binary_op(binary.op, std::move(*lhs), std::move(*rhs), binary.loc,
                         ast::spelling(binary.op));
    }

    std::optional<Value> binary_op(ast::BinaryOp op, Value lhs, Value rhs, SourceLocation loc,
                                   std::string_view what) {
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
            ast::ExprPtr combined =
                make_binary(op, as_type(std::move(lhs), ScalarType::Bool, loc),
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
            return numpy_arithmetic(NumpyArithmetic::RightShift, std::move(lhs), std::move(rhs),
                                    loc, what);
        default:
            report_unsupported(loc, length_of(what), "'" + std::string(what) + "'");
            return std::nullopt;
        }
        ast::ExprPtr computed = make_binary(op, as_type(std::move(lhs), type, loc),
                                            as_type(std::move(rhs), type, loc), loc);
        return Value{make_cast(std::move(computed), type, loc), type, weak};
    }

    /// A fresh local name (not a parameter's or a binding's).
    std::string fresh_name() {
        std::string name;
        do {
            name = "fused_value" + std::to_string(next_temporary_++);
        } while (taken_.count(name) != 0);
        taken_.insert(name);
        return name;
    }

    /// A hoisted value of `type` computed by `expr`.
    Value local(ast::ExprPtr expr, ScalarType type, SourceLocation loc) {
        return hoist(Value{make_cast(std::move(expr), type, loc), type}, loc);
    }

    /// An integer literal of the body (int32 unless wider), converted to `type`.
    static ast::ExprPtr integer(std::int64_t value, ScalarType type, SourceLocation loc) {
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

    static ast::ExprPtr binary(ast::BinaryOp op, const Value& a, const Value& b,
                               SourceLocation loc) {
        return make_binary(op, copy(a).expr, copy(b).expr, loc);
    }

    /// NumPy's remainder (`%`, `mod`), floor_divide, power and shifts (`<<`, `>>`), as the standard
    /// library's kernels compute them (runtime/src/stdlib/kernels/arithmetic.dsl and bitwise.dsl):
    /// Python's rounding and sign rules, 0 for an integer divided by zero, shift counts outside [0,
    /// 64) giving 0 (or -1 for a negative value shifted right), integer powers by repeated squaring
    /// with a negative exponent giving the integer part of the real result. The operands promote
    /// together; two bools compute as int8 (NumPy's loop); float16 and bfloat16 compute in float32.
    std::optional<Value> numpy_arithmetic(NumpyArithmetic operation, Value lhs, Value rhs,
                                          SourceLocation loc, std::string_view what) {
        auto [type, weak] = promote(lhs, rhs);
        if (type == ScalarType::Bool) {
            type = weak == WeakKind::None ? ScalarType::Int8 : ScalarType::Int64;
            weak = weak == WeakKind::None ? WeakKind::None : WeakKind::Integer;
        }
        bool shift =
            operation == NumpyArithmetic::LeftShift || operation == NumpyArithmetic::RightShift;
        if (shift && is_floating(type)) {
            report(SourceSpan(loc, length_of(what)), DiagKind::FuseIntegerOnly, what,
                   numpy_name(type));
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

    std::optional<Value> floating_arithmetic(NumpyArithmetic operation, const Value& a,
                                             const Value& b, ScalarType type, SourceLocation loc) {
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
        Value div = local(make_binary(BinaryOp::Div,
                                      make_cast(binary(BinaryOp::Sub, a, mod, loc), type, loc),
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
            make_cast(make_binary(BinaryOp::Add, copy(floored).expr, integer(1, type, loc), loc),
                      type, loc),
            copy(floored).expr, loc);
        ast::ExprPtr quotient = make_cast(binary(BinaryOp::Div, a, b, loc), type, loc);
        ast::ExprPtr floor_divided = make_conditional(
            make_binary(BinaryOp::Ne, copy(adjusted).expr, zero(), loc), std::move(snapped),
            call2("copysign", zero(), std::move(quotient)), loc);
        return Value{make_conditional(make_binary(BinaryOp::Eq, copy(b).expr, zero(), loc),
                                      make_cast(binary(BinaryOp::Div, a, b, loc), type, loc),
                                      std::move(floor_divided), loc),
                     type};
    }

    std::optional<Value> integer_arithmetic(NumpyArithmetic operation, const Value& a,
                                            const Value& b, ScalarType type, SourceLocation loc) {
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
                make_binary(BinaryOp::Sub, copy(quotient).expr, integer(1, type, loc), loc), type,
                loc);
            return Value{
                make_conditional(std::move(differ), std::move(lowered), copy(quotient).expr, loc),
                type};
        }
        case NumpyArithmetic::LeftShift:
        case NumpyArithmetic::RightShift: {
            ast::ExprPtr outside = make_binary(
                BinaryOp::LogicalOr, negative(b),
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
                make_conditional(std::move(outside), std::move(beyond), std::move(shifted), loc),
                type};
        }
        case NumpyArithmetic::Power:
            return integer_power(a, b, type, loc);
        }
        return std::nullopt;
    }

    /// `result = 1; base = a; exponent = b; while (exponent > 0) { if (exponent & 1) result *=
    /// base; base *= base; exponent >>= 1; }`, then the negative exponent's value.
    Value integer_power(const Value& a, const Value& b, ScalarType type, SourceLocation loc) {
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
        odd->then_branch =
            assign(result, make_binary(BinaryOp::Mul, name(result), name(base), loc));
        auto body = std::make_unique<ast::BlockStmt>(loc);
        body->statements.push_back(std::move(odd));
        body->statements.push_back(
            assign(base, make_binary(BinaryOp::Mul, name(base), name(base), loc)));
        body->statements.push_back(assign(
            exponent, make_binary(BinaryOp::Shr, name(exponent), integer(1, type, loc), loc)));
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
            make_binary(BinaryOp::Eq, copy(a).expr, integer(1, type, loc), loc),
            integer(1, type, loc),
            make_conditional(make_binary(BinaryOp::Eq, copy(a).expr, integer(-1, type, loc), loc),
                             std::move(minus_one_power), integer(0, type, loc), loc),
            loc);
        return Value{
            make_conditional(make_binary(BinaryOp::Lt, copy(b).expr, integer(0, type, loc), loc),
                             std::move(inverse), name(result), loc),
            type};
    }

    std::optional<Value> lower_where(const ast::Expr& condition, const ast::Expr& if_true,
                                     const ast::Expr& if_false, SourceLocation loc) {
        std::optional<Value> test = lower_expr(condition);
        std::optional<Value> a = lower_expr(if_true);
        std::optional<Value> b = lower_expr(if_false);
        if (!test || !a || !b) {
            return std::nullopt;
        }
        auto [type, weak] = promote(*a, *b);
        ast::ExprPtr chosen = make_conditional(as_type(std::move(*test), ScalarType::Bool, loc),
                                               as_type(std::move(*a), type, loc),
                                               as_type(std::move(*b), type, loc), loc);
        return Value{make_cast(std::move(chosen), type, loc), type, weak};
    }

    bool check_arity(const ast::CallExpr& call, const std::string& name, std::size_t arity) {
        if (call.args.size() == arity) {
            return true;
        }
        std::string expected = std::to_string(arity) + (arity == 1 ? " argument" : " arguments");
        std::string given =
            std::to_string(call.args.size()) + (call.args.size() == 1 ? " was" : " were");
        report(SourceSpan(call.loc, length_of(name)), DiagKind::WrongArgumentCount, name, expected,
               given);
        return false;
    }

    std::optional<std::vector<Value>> lower_args(const ast::CallExpr& call) {
        std::vector<Value> args;
        bool ok = true;
        for (const ast::ExprPtr& arg : call.args) {
            std::optional<Value> value = lower_expr(*arg);
            ok = ok && value.has_value();
            if (value) {
                args.push_back(std::move(*value));
            }
        }
        if (!ok) {
            return std::nullopt;
        }
        return args;
    }

    std::optional<Value> lower_call(const ast::CallExpr& call) {
        if (call.callee->kind != ast::ExprKind::Name) {
            report(SourceSpan(call.loc, 1), DiagKind::CalleeNotAName);
            return std::nullopt;
        }
        const std::string& name = static_cast<const ast::NameExpr&>(*call.callee).name;
        SourceSpan span(call.loc, length_of(name));
        SourceLocation loc = call.loc;
        if (is_reduction_name(name)) {
            if (reduction_ == nullptr || !is_fusable_reduction(name)) {
                report(span, DiagKind::FuseReductionNotImplemented, name);
                return std::nullopt;
            }
            return lower_reduction(call, name, span);
        }
        if (module_kernels_.count(name) != 0) {
            report(span, DiagKind::FuseKernelCallNotImplemented, name);
            return std::nullopt;
        }
        if (name == "astype") {
            return lower_astype(call);
        }
        if (name == "where") {
            if (!check_arity(call, name, 3)) {
                return std::nullopt;
            }
            return lower_where(*call.args[0], *call.args[1], *call.args[2], loc);
        }
        for (const NamedOperator& named : kNamedOperators) {
            if (name == named.numpy) {
                std::optional<std::vector<Value>> args;
                if (!check_arity(call, name, 2) || !(args = lower_args(call))) {
                    return std::nullopt;
                }
                return binary_op(named.op, std::move((*args)[0]), std::move((*args)[1]), loc, name);
            }
        }
        for (const NumpyArithmeticName& named : kNumpyArithmeticNames) {
            if (name == named.numpy) {
                std::optional<std::vector<Value>> args;
                if (!check_arity(call, name, 2) || !(args = lower_args(call))) {
                    return std::nullopt;
                }
                return numpy_arithmetic(named.operation, std::move((*args)[0]),
                                        std::move((*args)[1]), loc, name);
            }
        }
        for (const FloatingUfunc& ufunc : kFloatingUfuncs) {
            if (name == ufunc.numpy) {
                std::optional<std::vector<Value>> args;
                if (!check_arity(call, name, static_cast<std::size_t>(ufunc.arity)) ||
                    !(args = lower_args(call))) {
                    return std::nullopt;
                }
                return floating_call(std::string(ufunc.builtin), std::move(*args), loc);
            }
        }
        bool unary = name == "abs" || name == "absolute" || name == "negative" ||
                     name == "square" || name == "floor" || name == "ceil" || name == "trunc" ||
                     name == "isnan" || name == "isinf" || name == "isfinite" ||
                     name == "logical_not" || name == "invert";
        bool binary = name == "maximum" || name == "minimum" || name == "fmax" || name == "fmin" ||
                      name == "logical_xor";
        bool ternary = name == "clip";
        if (!unary && !binary && !ternary) {
            if (std::optional<std::string> suggestion = closest_name(name, fuse_function_names())) {
                report(span, DiagKind::FuseUnknownFunctionSuggest, name, *suggestion);
            } else {
                report(span, DiagKind::FuseUnknownFunction, name);
            }
            return std::nullopt;
        }
        std::optional<std::vector<Value>> args;
        if (!check_arity(call, name, unary ? 1 : binary ? 2 : 3) || !(args = lower_args(call))) {
            return std::nullopt;
        }
        std::vector<Value>& values = *args;
        if (unary) {
            return unary_function(name, std::move(values[0]), loc);
        }
        if (ternary) {
            return clip(std::move(values), loc);
        }
        return binary_function(name, std::move(values), loc);
    }

    /// The reduction: its operand lowered into the map statements and value, the reduction's
    /// pieces into `reduction_`; its value, read by the post-operations, is `a` (mean: `a`
    /// divided by the count) in the result's type.
    std::optional<Value> lower_reduction(const ast::CallExpr& call, const std::string& name,
                                         SourceSpan span) {
        if (!after_reduction_) {
            report(span, DiagKind::FuseNestedReduction, name);
            return std::nullopt;
        }
        if (reduced_) {
            report(span, DiagKind::FuseSecondReduction, name);
            return std::nullopt;
        }
        std::optional<ReductionArguments> args =
            read_reduction_arguments(call, name, diags_, failed_);
        if (!args) {
            return std::nullopt;
        }
        std::vector<ast::StmtPtr>* statements = statements_;
        statements_ = prelude_;
        after_reduction_ = false;
        std::optional<Value> operand = lower_expr(*args->operand);
        statements_ = statements;
        after_reduction_ = true;
        reduced_ = true;
        if (!operand) {
            return std::nullopt;
        }
        SourceLocation loc = call.loc;
        std::string function = canonical_reduction(name);
        ReductionTypes types = reduction_types(function, operand->type);
        FuseReductionLowering& lowered = *reduction_;
        lowered.function = function;
        lowered.loc = loc;
        lowered.reduce_type = types.reduce_type;
        lowered.axes = args->axes;
        lowered.keepdims = args->keepdims;
        ScalarType operand_type = operand->type;
        lowered.map = function == "all" || function == "any"
                          ? as_type(std::move(*operand), ScalarType::Bool, loc)
                          : make_cast(as_type(std::move(*operand), operand_type, loc),
                                      types.reduce_type, loc);
        lowered.identity = reduction_identity(function, loc);
        lowered.combine = reduction_combine(function, loc);
        ast::ExprPtr reduced =
            function == "mean" ? mean_of_sum(types.reduce_type, loc) : make_name("a", loc);
        return Value{make_cast(std::move(reduced), types.result_type, loc), types.result_type};
    }

    std::optional<Value> lower_astype(const ast::CallExpr& call) {
        if (!check_arity(call, "astype", 2)) {
            return std::nullopt;
        }
        std::optional<ScalarType> type;
        if (call.args[1]->kind == ast::ExprKind::Name) {
            type =
                scalar_type_from_name(static_cast<const ast::NameExpr&>(*call.args[1]).name, true);
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

    /// A floating-only ufunc: its operands promoted together, then computed in the floating type
    /// NumPy's loop would use.
    Value floating_call(const std::string& builtin, std::vector<Value> args, SourceLocation loc) {
        auto [promoted, weak] = promote(args);
        ScalarType type = floating_loop_type(promoted);
        if (weak != WeakKind::None) {
            type = ScalarType::Float64; // a Python scalar's function is a float64
        }
        std::vector<ast::ExprPtr> operands;
        for (Value& arg : args) {
            operands.push_back(as_type(std::move(arg), type, loc));
        }
        ast::ExprPtr computed = make_call(builtin, std::move(operands), loc);
        return Value{make_cast(std::move(computed), type, loc), type,
                     weak == WeakKind::None ? WeakKind::None : WeakKind::Floating};
    }

    std::optional<Value> unary_function(const std::string& name, Value x, SourceLocation loc) {
        ScalarType type = x.type;
        WeakKind weak = x.weak;
        if (name == "negative") {
            return negate(std::move(x), loc, name);
        }
        if (name == "logical_not") {
            return logical_not(std::move(x), loc);
        }
        if (name == "invert") {
            return invert(std::move(x), loc, name);
        }
        if (name == "square") {
            Value once = hoist(std::move(x), loc);
            Value twice = copy(once);
            return binary_op(ast::BinaryOp::Mul, std::move(once), std::move(twice), loc, name);
        }
        if (name == "isnan" || name == "isinf" || name == "isfinite") {
            if (!is_floating(type)) { // integers and bools are finite numbers
                return Value{make_bool(name == "isfinite", loc), ScalarType::Bool};
            }
            std::vector<ast::ExprPtr> operand;
            operand.push_back(as_type(std::move(x), type, loc));
            return Value{make_call(name, std::move(operand), loc), ScalarType::Bool};
        }
        bool rounding = name == "floor" || name == "ceil" || name == "trunc";
        if ((rounding && !is_floating(type)) ||
            ((name == "abs" || name == "absolute") && type == ScalarType::Bool)) {
            return x; // the identity on integers (and abs on bool), as the standard library
        }
        std::vector<ast::ExprPtr> operand;
        operand.push_back(as_type(std::move(x), type, loc));
        ast::ExprPtr computed = make_call(rounding ? name : "abs", std::move(operand), loc);
        return Value{make_cast(std::move(computed), type, loc), type, weak};
    }

    /// maximum/minimum propagate NaN and return the first operand on ties (the standard
    /// library's formulas); fmax/fmin ignore NaN.
    std::optional<Value> binary_function(const std::string& name, std::vector<Value> args,
                                         SourceLocation loc) {
        auto [type, weak] = promote(args);
        if (name == "logical_xor") {
            ast::ExprPtr differ =
                make_binary(ast::BinaryOp::Ne, as_type(std::move(args[0]), ScalarType::Bool, loc),
                            as_type(std::move(args[1]), ScalarType::Bool, loc), loc);
            return Value{std::move(differ), ScalarType::Bool};
        }
        bool is_max = name == "maximum" || name == "fmax";
        if ((name == "fmax" || name == "fmin") && is_floating(type)) {
            std::vector<ast::ExprPtr> operands;
            operands.push_back(as_type(std::move(args[0]), type, loc));
            operands.push_back(as_type(std::move(args[1]), type, loc));
            return Value{make_cast(make_call(name, std::move(operands), loc), type, loc), type,
                         weak};
        }
        Value a = hoist(Value{as_type(std::move(args[0]), type, loc), type, weak}, loc);
        Value b = hoist(Value{as_type(std::move(args[1]), type, loc), type, weak}, loc);
        return pick(is_max, std::move(a), std::move(b), type, weak, loc);
    }

    /// `(a >= b || a != a) ? a : b` (maximum; `<=` for minimum) over hoisted operands.
    static Value pick(bool is_max, Value a, Value b, ScalarType type, WeakKind weak,
                      SourceLocation loc) {
        ast::ExprPtr ordered = make_binary(is_max ? ast::BinaryOp::Ge : ast::BinaryOp::Le,
                                           copy(a).expr, copy(b).expr, loc);
        ast::ExprPtr a_is_nan = make_binary(ast::BinaryOp::Ne, copy(a).expr, copy(a).expr, loc);
        ast::ExprPtr take_a =
            make_binary(ast::BinaryOp::LogicalOr, std::move(ordered), std::move(a_is_nan), loc);
        ast::ExprPtr chosen =
            make_conditional(std::move(take_a), std::move(a.expr), std::move(b.expr), loc);
        return Value{make_cast(std::move(chosen), type, loc), type, weak};
    }

    /// minimum(maximum(x, low), high), NaN in any argument propagating (NumPy's clip).
    Value clip(std::vector<Value> args, SourceLocation loc) {
        auto [type, weak] = promote(args);
        Value x = hoist(Value{as_type(std::move(args[0]), type, loc), type, weak}, loc);
        Value low = hoist(Value{as_type(std::move(args[1]), type, loc), type, weak}, loc);
        Value high = hoist(Value{as_type(std::move(args[2]), type, loc), type, weak}, loc);
        // raised = (x != x || x > low) ? x : low; then (raised != raised || raised < high) ?
        // raised : high. maximum's formula differs only on ties, where both give the same value.
        ast::ExprPtr keep_x =
            make_binary(ast::BinaryOp::LogicalOr,
                        make_binary(ast::BinaryOp::Ne, copy(x).expr, copy(x).expr, loc),
                        make_binary(ast::BinaryOp::Gt, copy(x).expr, copy(low).expr, loc), loc);
        Value raised = hoist(Value{make_cast(make_conditional(std::move(keep_x), std::move(x.expr),
                                                              std::move(low.expr), loc),
                                             type, loc),
                                   type, weak},
                             loc);
        ast::ExprPtr keep_raised = make_binary(
            ast::BinaryOp::LogicalOr,
            make_binary(ast::BinaryOp::Ne, copy(raised).expr, copy(raised).expr, loc),
            make_binary(ast::BinaryOp::Lt, copy(raised).expr, copy(high).expr, loc), loc);
        ast::ExprPtr chosen = make_conditional(std::move(keep_raised), std::move(raised.expr),
                                               std::move(high.expr), loc);
        return Value{make_cast(std::move(chosen), type, loc), type, weak};
    }

    const ast::FuseDef& def_;
    const std::vector<kir::Param>& params_;
    const std::set<std::string>& module_kernels_;
    DiagnosticEngine* diags_; ///< null: errors are only noted (implicit_types tries types)
    std::vector<ast::StmtPtr>* statements_ = nullptr;
    std::map<std::string, Bound> bindings_;
    std::set<std::string> taken_;
    int next_temporary_ = 0;
    bool failed_ = false; ///< an error was reported (some are found while converting a value)
    // A definition with a reduction (lower_reduced): where its pieces go, and where the lowering
    // stands (after_reduction_: values now read are post-operations on the reduced value).
    FuseReductionLowering* reduction_ = nullptr;
    std::vector<ast::StmtPtr>* prelude_ = nullptr;
    std::vector<ast::StmtPtr>* post_ = nullptr;
    bool after_reduction_ = false;
    bool reduced_ = false;
};

} // namespace

bool lower_fuse_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                         const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                         ast::BlockStmt& body, const std::vector<std::string>& outputs,
                         std::vector<ScalarType>& result_types) {
    return FuseLowering(def, params, module_kernels, diags).lower(body, outputs, result_types);
}

bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::string& output,
                                   FuseReductionLowering& lowered) {
    return FuseLowering(def, params, module_kernels, diags).lower_reduced(lowered, output);
}

} // namespace gpucc::sema
