// The reduction rules of fused functions (FuseReduction.h): NumPy 2's dtypes, the identities and
// combines the standard library's reductions use, and the reading of `axis` and `keepdims`.
#include "compiler/sema/FuseReduction.h"

#include "compiler/ast/FuseTuple.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseSyntax.h"

#include <algorithm>
#include <set>

namespace gpucc::sema {
namespace {

bool calls_reduction(const ast::Expr& expr) {
    switch (expr.kind) {
    case ast::ExprKind::Call: {
        const auto& call = static_cast<const ast::CallExpr&>(expr);
        if (call.callee->kind == ast::ExprKind::Name &&
            is_fusable_reduction(static_cast<const ast::NameExpr&>(*call.callee).name)) {
            return true;
        }
        for (const ast::ExprPtr& arg : call.args) {
            if (calls_reduction(*arg)) {
                return true;
            }
        }
        return false;
    }
    case ast::ExprKind::Unary:
        return calls_reduction(*static_cast<const ast::UnaryExpr&>(expr).operand);
    case ast::ExprKind::Binary: {
        const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
        return calls_reduction(*binary.lhs) || calls_reduction(*binary.rhs);
    }
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        return calls_reduction(*conditional.condition) || calls_reduction(*conditional.if_true) ||
               calls_reduction(*conditional.if_false);
    }
    case ast::ExprKind::Cast:
        return calls_reduction(*static_cast<const ast::CastExpr&>(expr).operand);
    case ast::ExprKind::Assign:
        return calls_reduction(*static_cast<const ast::AssignExpr&>(expr).value);
    default:
        return false;
    }
}

/// Calls `f` on every reduction call of `expr` (outermost first) and `names` on every name read.
template <class OnReduction, class OnName>
void walk(const ast::Expr& expr, const OnReduction& on_reduction, const OnName& on_name) {
    auto recurse = [&](const ast::Expr& inner) { walk(inner, on_reduction, on_name); };
    switch (expr.kind) {
    case ast::ExprKind::Name:
        on_name(static_cast<const ast::NameExpr&>(expr).name);
        return;
    case ast::ExprKind::Call: {
        const auto& call = static_cast<const ast::CallExpr&>(expr);
        if (call.callee->kind == ast::ExprKind::Name &&
            is_fusable_reduction(static_cast<const ast::NameExpr&>(*call.callee).name)) {
            on_reduction(call);
        }
        for (const ast::ExprPtr& arg : call.args) {
            recurse(*arg);
        }
        return;
    }
    case ast::ExprKind::Unary:
        recurse(*static_cast<const ast::UnaryExpr&>(expr).operand);
        return;
    case ast::ExprKind::Binary:
        recurse(*static_cast<const ast::BinaryExpr&>(expr).lhs);
        recurse(*static_cast<const ast::BinaryExpr&>(expr).rhs);
        return;
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        recurse(*conditional.condition);
        recurse(*conditional.if_true);
        recurse(*conditional.if_false);
        return;
    }
    case ast::ExprKind::Cast:
        recurse(*static_cast<const ast::CastExpr&>(expr).operand);
        return;
    case ast::ExprKind::Assign:
        recurse(*static_cast<const ast::AssignExpr&>(expr).value);
        return;
    default:
        return;
    }
}

/// The names `expr` reads.
std::set<std::string> names_read(const ast::Expr& expr) {
    std::set<std::string> names;
    walk(expr, [](const ast::CallExpr&) {}, [&](const std::string& name) { names.insert(name); });
    return names;
}

/// Every reduction call of the definition's bindings and results.
std::vector<const ast::CallExpr*> reduction_calls(const ast::FuseDef& def) {
    std::vector<const ast::CallExpr*> calls;
    auto found = [&](const ast::CallExpr& call) { calls.push_back(&call); };
    for (const ast::FuseBinding& binding : def.bindings) {
        walk(*binding.value, found, [](const std::string&) {});
    }
    for (const ast::ExprPtr& result : def.results) {
        walk(*result, found, [](const std::string&) {});
    }
    return calls;
}

ast::ExprPtr integer_literal(std::uint64_t value, SourceLocation loc) {
    auto literal = std::make_unique<ast::IntegerLiteralExpr>(loc);
    literal->spelling = std::to_string(value);
    literal->value = value;
    return literal;
}

/// The integer constant `expr` spells (`3`, `-1`), if it is one.
std::optional<std::int64_t> integer_constant(const ast::Expr& expr) {
    if (expr.kind == ast::ExprKind::IntegerLiteral) {
        std::uint64_t value = static_cast<const ast::IntegerLiteralExpr&>(expr).value;
        if (value <= 1000) {
            return static_cast<std::int64_t>(value);
        }
        return 1000; // out of range either way
    }
    if (expr.kind == ast::ExprKind::Unary) {
        const auto& unary = static_cast<const ast::UnaryExpr&>(expr);
        if (unary.op == ast::UnaryOp::Minus || unary.op == ast::UnaryOp::Plus) {
            if (std::optional<std::int64_t> value = integer_constant(*unary.operand)) {
                return unary.op == ast::UnaryOp::Minus ? -*value : *value;
            }
        }
    }
    return std::nullopt;
}

} // namespace

bool fuse_has_reduction(const ast::FuseDef& def) {
    for (const ast::FuseBinding& binding : def.bindings) {
        if (calls_reduction(*binding.value)) {
            return true;
        }
    }
    for (const ast::ExprPtr& result : def.results) {
        if (calls_reduction(*result)) {
            return true;
        }
    }
    return false;
}

std::set<std::string> fuse_bindings_feeding_reductions(const ast::FuseDef& def) {
    std::set<std::string> feeding;
    for (const ast::CallExpr* call : reduction_calls(def)) {
        for (const ast::ExprPtr& arg : call->args) {
            std::set<std::string> names = names_read(*arg);
            feeding.insert(names.begin(), names.end());
        }
    }
    // Bindings read by feeding bindings feed too (a binding reads only earlier ones).
    for (auto binding = def.bindings.rbegin(); binding != def.bindings.rend(); ++binding) {
        if (feeding.count(binding->name) != 0) {
            std::set<std::string> names = names_read(*binding->value);
            feeding.insert(names.begin(), names.end());
        }
    }
    return feeding;
}

bool fuse_reductions_independent(const ast::FuseDef& def) {
    // The bindings computed from a reduction, directly or through other bindings.
    std::set<std::string> reduced;
    for (const ast::FuseBinding& binding : def.bindings) {
        bool from_reduction = calls_reduction(*binding.value);
        for (const std::string& name : names_read(*binding.value)) {
            from_reduction = from_reduction || reduced.count(name) != 0;
        }
        if (from_reduction) {
            reduced.insert(binding.name);
        }
    }
    for (const ast::CallExpr* call : reduction_calls(def)) {
        for (const ast::ExprPtr& arg : call->args) {
            if (calls_reduction(*arg)) {
                return false;
            }
            for (const std::string& name : names_read(*arg)) {
                if (reduced.count(name) != 0) {
                    return false;
                }
            }
        }
    }
    return true;
}

bool is_fusable_reduction(const std::string& name) {
    for (const char* reduction : {"sum", "prod", "min", "max", "amin", "amax", "mean", "all", "any",
                                  "argmin", "argmax", "var", "std"}) {
        if (name == reduction) {
            return true;
        }
    }
    return false;
}

std::string canonical_reduction(const std::string& name) {
    return name == "amin" ? "min" : name == "amax" ? "max" : name;
}

ReductionTypes reduction_types(const std::string& function, ScalarType operand) {
    bool half = operand == ScalarType::Float16 || operand == ScalarType::BFloat16;
    if (function == "all" || function == "any") {
        return {ScalarType::Bool, ScalarType::Bool};
    }
    if (function == "min" || function == "max") {
        return {operand, operand};
    }
    if (function == "mean") {
        if (!is_floating(operand)) {
            return {ScalarType::Float64, ScalarType::Float64};
        }
        return {half ? ScalarType::Float32 : operand, operand};
    }
    // sum and prod
    if (operand == ScalarType::Bool || (is_integer(operand) && is_signed(operand))) {
        return {ScalarType::Int64, ScalarType::Int64};
    }
    if (is_integer(operand)) {
        return {ScalarType::UInt64, ScalarType::UInt64};
    }
    return {half ? ScalarType::Float32 : operand, operand};
}

ast::ExprPtr reduction_identity(const std::string& function, SourceLocation loc) {
    if (function == "min" || function == "max") {
        return nullptr;
    }
    if (function == "all" || function == "any") {
        return make_bool(function == "all", loc);
    }
    return integer_literal(function == "prod" ? 1 : 0, loc);
}

ast::ExprPtr reduction_combine(const std::string& function, SourceLocation loc) {
    auto a = [&] { return make_name("a", loc); };
    auto b = [&] { return make_name("b", loc); };
    if (function == "min" || function == "max") {
        // (a <= b || a != a) ? a : b, the standard library's amin (>= for amax).
        ast::ExprPtr ordered =
            make_binary(function == "min" ? ast::BinaryOp::Le : ast::BinaryOp::Ge, a(), b(), loc);
        ast::ExprPtr a_is_nan = make_binary(ast::BinaryOp::Ne, a(), a(), loc);
        return make_conditional(
            make_binary(ast::BinaryOp::LogicalOr, std::move(ordered), std::move(a_is_nan), loc),
            a(), b(), loc);
    }
    ast::BinaryOp op = function == "prod"  ? ast::BinaryOp::Mul
                       : function == "all" ? ast::BinaryOp::LogicalAnd
                       : function == "any" ? ast::BinaryOp::LogicalOr
                                           : ast::BinaryOp::Add;
    return make_binary(op, a(), b(), loc);
}

ast::ExprPtr mean_of_sum(ScalarType reduce_type, SourceLocation loc, int component) {
    auto size_of = [&](const char* indexer) {
        auto member = std::make_unique<ast::MemberExpr>(make_name(indexer, loc), "size", loc);
        return std::make_unique<ast::CallExpr>(std::move(member), std::vector<ast::ExprPtr>{}, loc);
    };
    ast::ExprPtr count =
        make_binary(ast::BinaryOp::Div, size_of("_in_ind"), size_of("_out_ind"), loc);
    return make_binary(ast::BinaryOp::Div, make_name(fused_reduced_value(component), loc),
                       make_cast(std::move(count), reduce_type, loc), loc);
}

std::optional<ReductionArguments> read_reduction_arguments(const ast::CallExpr& call,
                                                           const std::string& name,
                                                           DiagnosticEngine* diags, bool& failed) {
    auto report = [&](SourceSpan span, DiagKind kind, const auto&... args) {
        failed = true;
        if (diags != nullptr) {
            diags->report(span, kind, args...);
        }
    };
    ReductionArguments result;
    const ast::Expr* axis = nullptr;
    const ast::Expr* keepdims = nullptr;
    const ast::Expr* ddof = nullptr;
    const bool has_ddof = name == "var" || name == "std";
    bool ok = true;
    for (std::size_t k = 0; k < call.args.size(); ++k) {
        const ast::Expr& arg = *call.args[k];
        std::string keyword;
        const ast::Expr* value = &arg;
        if (arg.kind == ast::ExprKind::Assign) {
            const auto& assign = static_cast<const ast::AssignExpr&>(arg);
            if (assign.target->kind == ast::ExprKind::Name && !assign.compound_op) {
                keyword = static_cast<const ast::NameExpr&>(*assign.target).name;
                value = assign.value.get();
            }
        }
        if (keyword.empty()) {
            // var/std: NumPy's third is dtype, so ddof and keepdims are keywords only.
            keyword = k == 0 ? "" : k == 1 ? "axis" : k == 2 && !has_ddof ? "keepdims" : "?";
        }
        if (keyword.empty() && arg.kind != ast::ExprKind::Assign) {
            result.operand = value;
        } else if (keyword == "axis") {
            axis = value;
        } else if (keyword == "keepdims") {
            keepdims = value;
        } else if (keyword == "ddof" && has_ddof) {
            ddof = value;
        } else {
            std::string what =
                keyword == "?" ? "argument " + std::to_string(k + 1) : "'" + keyword + "'";
            report(SourceSpan(arg.loc, 1), DiagKind::FuseReductionArgument, name, what);
            ok = false;
        }
    }
    if (result.operand == nullptr) {
        report(SourceSpan(call.loc, length_of(name)), DiagKind::FuseReductionMissingOperand, name);
        ok = false;
    }
    // One axis: an integer constant within 32 dimensions (beyond the call's rank is the
    // launcher's error: the rank is the call's).
    auto read_axis = [&](const ast::Expr& expr) -> std::optional<int> {
        std::optional<std::int64_t> value = integer_constant(expr);
        if (!value) {
            report(SourceSpan(expr.loc, 1), DiagKind::FuseReductionAxis, name);
            return std::nullopt;
        }
        if (*value < -32 || *value >= 32) {
            report(SourceSpan(expr.loc, 1), DiagKind::FuseReductionAxisRange,
                   std::to_string(*value));
            return std::nullopt;
        }
        return static_cast<int>(*value);
    };
    if (axis != nullptr && ast::is_fuse_tuple(*axis)) {
        // `axis = (0, 2)`: none twice (NumPy's ValueError), at least one.
        const auto& tuple = static_cast<const ast::CallExpr&>(*axis);
        std::vector<int> axes;
        for (const ast::ExprPtr& element : tuple.args) {
            std::optional<int> value = read_axis(*element);
            if (value && std::find(axes.begin(), axes.end(), *value) != axes.end()) {
                report(SourceSpan(element->loc, 1), DiagKind::FuseReductionAxisDuplicate,
                       std::to_string(*value));
                value.reset();
            }
            ok = ok && value.has_value();
            if (value) {
                axes.push_back(*value);
            }
        }
        if (tuple.args.empty()) {
            report(SourceSpan(axis->loc, 1), DiagKind::FuseReductionAxisEmpty, name);
            ok = false;
        }
        result.axes = std::move(axes);
    } else if (axis != nullptr && !(axis->kind == ast::ExprKind::Name &&
                                    static_cast<const ast::NameExpr&>(*axis).name == "None")) {
        std::optional<int> value = read_axis(*axis);
        ok = ok && value.has_value();
        if (value) {
            result.axes = std::vector<int>{*value};
        }
    }
    if (keepdims != nullptr) {
        if (keepdims->kind != ast::ExprKind::BoolLiteral) {
            report(SourceSpan(keepdims->loc, 1), DiagKind::FuseReductionKeepdims, name);
            ok = false;
        } else {
            result.keepdims = static_cast<const ast::BoolLiteralExpr&>(*keepdims).value;
        }
    }
    if (ddof != nullptr) {
        std::optional<std::int64_t> value = integer_constant(*ddof);
        if (!value || *value < 0 || *value >= 1000) {
            report(SourceSpan(ddof->loc, 1), DiagKind::FuseReductionDdof, name);
            ok = false;
        } else {
            result.ddof = *value;
        }
    }
    if (!ok) {
        return std::nullopt;
    }
    return result;
}

} // namespace gpucc::sema
