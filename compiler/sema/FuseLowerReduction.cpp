// The fused lowering's reduction (FuseLoweringImpl.h): which bindings and expressions read the
// reduced value, and the reduction call itself lowered into FuseReductionLowering's pieces.
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseNames.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema::fuse {
namespace {

/// Calls `f` on `expr` and every expression inside it.
template <class F>
void visit(const ast::Expr& expr, const F& f) {
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

} // namespace

bool FuseLowering::binding_calls_reduction(const ast::Expr& expr) const {
    for (const auto& [name, bound] : bindings_) {
        if (bound.after_reduction && mentions(expr, name)) {
            return true;
        }
    }
    return expr_calls_reduction(expr);
}

bool FuseLowering::expr_calls_reduction(const ast::Expr& expr) {
    bool found = false;
    visit(expr, [&](const ast::Expr& node) {
        if (node.kind == ast::ExprKind::Call) {
            const auto& call = static_cast<const ast::CallExpr&>(node);
            found =
                found || (call.callee->kind == ast::ExprKind::Name &&
                          is_reduction_name(static_cast<const ast::NameExpr&>(*call.callee).name));
        }
    });
    return found;
}

bool FuseLowering::mentions(const ast::Expr& expr, const std::string& name) {
    bool found = false;
    visit(expr, [&](const ast::Expr& node) {
        found = found || (node.kind == ast::ExprKind::Name &&
                          static_cast<const ast::NameExpr&>(node).name == name);
    });
    return found;
}

std::optional<Value> FuseLowering::lower_reduction(const ast::CallExpr& call,
                                                   const std::string& name, SourceSpan span) {
    if (!after_reduction_) {
        report(span, DiagKind::FuseNestedReduction, name);
        return std::nullopt;
    }
    if (reduced_) {
        bool other_result = reduction_result_ >= 0 && reduction_result_ != current_result_;
        report(span,
               other_result ? DiagKind::FuseReductionPerResult : DiagKind::FuseSecondReduction,
               name);
        return std::nullopt;
    }
    reduction_result_ = current_result_;
    std::optional<ReductionArguments> args = read_reduction_arguments(call, name, diags_, failed_);
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
    lowered.map =
        function == "all" || function == "any"
            ? as_type(std::move(*operand), ScalarType::Bool, loc)
            : make_cast(as_type(std::move(*operand), operand_type, loc), types.reduce_type, loc);
    lowered.identity = reduction_identity(function, loc);
    lowered.combine = reduction_combine(function, loc);
    ast::ExprPtr reduced = function == "mean" ? mean_of_sum(types.reduce_type, loc)
                                              : make_name(kFusedReducedValue, loc);
    return Value{make_cast(std::move(reduced), types.result_type, loc), types.result_type};
}

bool FuseLowering::is_constant_expr(const ast::Expr& expr) const {
    bool constant = true;
    visit(expr, [&](const ast::Expr& node) {
        if (node.kind != ast::ExprKind::Name) {
            return;
        }
        const std::string& name = static_cast<const ast::NameExpr&>(node).name;
        auto bound = bindings_.find(name);
        bool constant_binding = bound != bindings_.end() && bound->second.constant != nullptr;
        constant = constant && (constant_binding || name == "inf" || name == "nan");
    });
    return constant && !expr_calls_reduction(expr);
}

bool FuseLowering::declare_constant_in_post(const std::string& name, Bound& bound) {
    // Lowered into post (statements_ is post's while a post-operation is lowered).
    std::optional<Value> value = lower_expr(*bound.constant);
    if (!value) {
        return false;
    }
    declare(name, std::move(*value), bound.constant->loc);
    bound.declared_in_post = true;
    return true;
}

} // namespace gpucc::sema::fuse
