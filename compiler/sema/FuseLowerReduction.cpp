// The fused lowering's reduction (FuseLoweringImpl.h): which bindings and expressions read the
// reduced value, and the reduction call itself lowered into FuseReductionLowering's pieces.
#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"
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

/// How a reduction's axes read in a message: "axis 1", "axes (0, 2)", "every axis", with
/// ", keepdims" when it keeps them.
std::string axes_spelling(const ReductionArguments& args) {
    std::string text;
    if (!args.axes) {
        text = "every axis";
    } else if (args.axes->size() == 1) {
        text = "axis " + std::to_string(args.axes->front());
    } else {
        text = "axes (";
        for (std::size_t k = 0; k < args.axes->size(); ++k) {
            text += (k == 0 ? "" : ", ") + std::to_string((*args.axes)[k]);
        }
        text += ")";
    }
    return args.keepdims ? text + " with keepdims" : text;
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
    // A reduction inside another's operand, or reading one's result, makes the reductions
    // dependent: such definitions go to the persistent kernel (fuse_reductions_independent).
    GPUCC_CHECK(after_reduction_, "a dependent reduction reached the one-pass lowering");
    const int component = reduced_ ? 1 + static_cast<int>(reduction_->more.size()) : 0;
    const bool arg_reduction = name == "argmin" || name == "argmax";
    const bool variance = name == "var" || name == "std";
    if ((arg_reduction || variance) && !bindings_by_use_) {
        report(span, DiagKind::FuseArgReductionDependent, name);
        return std::nullopt;
    }
    if (component + (arg_reduction ? 1 : variance ? 2 : 0) >= kMaxFusedReductions) {
        report(span, DiagKind::FuseTooManyReductions, name, kMaxFusedReductions);
        return std::nullopt;
    }
    std::optional<ReductionArguments> args = read_reduction_arguments(call, name, diags_, failed_);
    if (!args) {
        return std::nullopt;
    }
    FuseReductionLowering& lowered = *reduction_;
    if (component > 0 && (args->axes != lowered.axes || args->keepdims != lowered.keepdims)) {
        report(span, DiagKind::FuseReductionAxesDiffer, name, axes_spelling(*args),
               lowered.function, lowered.loc.line,
               axes_spelling(ReductionArguments{nullptr, lowered.axes, lowered.keepdims}));
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
    if (component == 0) {
        lowered.axes = args->axes;
        lowered.keepdims = args->keepdims;
    }
    if (arg_reduction) {
        return lower_arg_reduction(name, std::move(*operand), component, loc);
    }
    if (variance) {
        return lower_variance(name, std::move(*operand), component, args->ddof, loc);
    }
    std::string function = canonical_reduction(name);
    ReductionTypes types = reduction_types(function, operand->type);
    ScalarType operand_type = operand->type;
    ast::ExprPtr map =
        function == "all" || function == "any"
            ? as_type(std::move(*operand), ScalarType::Bool, loc)
            : make_cast(as_type(std::move(*operand), operand_type, loc), types.reduce_type, loc);
    if (component == 0) {
        lowered.function = function;
        lowered.loc = loc;
        lowered.reduce_type = types.reduce_type;
        lowered.axes = args->axes;
        lowered.keepdims = args->keepdims;
        lowered.map = std::move(map);
        lowered.identity = reduction_identity(function, loc);
        lowered.combine = reduction_combine(function, loc);
    } else {
        lowered.more.push_back(FuseReductionPart{function, loc, types.reduce_type, std::move(map),
                                                 reduction_identity(function, loc),
                                                 reduction_combine(function, loc)});
    }
    ast::ExprPtr reduced = function == "mean" ? mean_of_sum(types.reduce_type, loc, component)
                                              : make_name(fused_reduced_value(component), loc);
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
