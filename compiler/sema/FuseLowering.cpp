// The lowering of one instance of a fused function into an elementwise body (FuseLowering.h): the
// two entry points and the drivers that lower the bindings and results in order; the parts they
// call are in the FuseLower*.cpp files (FuseLoweringImpl.h).
#include "compiler/sema/FuseLowering.h"

#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema {
namespace fuse {

FuseLowering::FuseLowering(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                           const std::set<std::string>& module_kernels, DiagnosticEngine* diags)
    : def_(def), params_(params), module_kernels_(module_kernels), diags_(diags) {
    for (const kir::Param& param : params) {
        taken_.insert(param.name);
    }
    for (const ast::FuseBinding& binding : def.bindings) {
        taken_.insert(binding.name);
    }
}

bool FuseLowering::check_binding_name(const ast::FuseBinding& binding) {
    bool is_param = false;
    for (const kir::Param& param : params_) {
        is_param = is_param || param.name == binding.name;
    }
    if (is_param || bindings_.count(binding.name) != 0) {
        report(SourceSpan(binding.loc, length_of(binding.name)), DiagKind::FuseBindingRedefined,
               binding.name);
        return false;
    }
    return true;
}

bool FuseLowering::lower(ast::BlockStmt& body, const std::vector<std::string>& outputs,
                         std::vector<ScalarType>& result_types) {
    statements_ = &body.statements;
    for (const ast::FuseBinding& binding : def_.bindings) {
        if (!check_binding_name(binding)) {
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

bool FuseLowering::lower_reduced(FuseReductionLowering& lowered, const std::string& output) {
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
        if (!check_binding_name(binding)) {
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
    auto assign =
        std::make_unique<ast::AssignExpr>(std::nullopt, make_name(output, result.loc),
                                          as_type(std::move(*value), type, result.loc), result.loc);
    statements_->push_back(std::make_unique<ast::ExprStmt>(std::move(assign), result.loc));
    return !failed_;
}

} // namespace fuse

bool lower_fuse_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                         const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                         ast::BlockStmt& body, const std::vector<std::string>& outputs,
                         std::vector<ScalarType>& result_types) {
    return fuse::FuseLowering(def, params, module_kernels, diags)
        .lower(body, outputs, result_types);
}

bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::string& output,
                                   FuseReductionLowering& lowered) {
    return fuse::FuseLowering(def, params, module_kernels, diags).lower_reduced(lowered, output);
}

} // namespace gpucc::sema
