// The lowering of one instance of a fused function into an elementwise body (FuseLowering.h): the
// two entry points and the drivers that lower the bindings and results in order; the parts they
// call are in the FuseLower*.cpp files (FuseLoweringImpl.h).
#include "compiler/sema/FuseLowering.h"

#include "compiler/sema/CheckFuse.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema {
namespace fuse {

FuseLowering::FuseLowering(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                           const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                           const ast::Module* module)
    : def_(def), params_(params), module_kernels_(module_kernels), module_(module), diags_(diags) {
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

bool FuseLowering::lower_reduced(FuseReductionLowering& lowered,
                                 const std::vector<std::string>& outputs, bool bindings_by_use) {
    reduction_ = &lowered;
    bindings_by_use_ = bindings_by_use;
    lowered.prelude = std::make_unique<ast::BlockStmt>(def_.loc);
    lowered.post = std::make_unique<ast::BlockStmt>(def_.loc);
    prelude_ = &lowered.prelude->statements;
    post_ = &lowered.post->statements;
    const std::set<std::string> feeding = fuse_bindings_feeding_reductions(def_);
    for (const ast::FuseBinding& binding : def_.bindings) {
        if (!check_binding_name(binding)) {
            return false;
        }
        // A binding a reduction's operand reads feeds it (map statements); any other (computed
        // from a reduced value, or from parameters read only after the reductions) is a
        // post-operation. A constant one may be read by both (it is declared again in post
        // where it is read there: lower_name).
        after_reduction_ = binding_calls_reduction(*binding.value) ||
                           (bindings_by_use ? feeding.count(binding.name) == 0 : reduced_);
        statements_ = after_reduction_ ? post_ : prelude_;
        bool constant = !after_reduction_ && is_constant_expr(*binding.value);
        std::optional<Value> value = lower_expr(*binding.value);
        if (!value) {
            return false;
        }
        ScalarType type = value->type;
        WeakKind weak = value->weak;
        declare(binding.name, std::move(*value), binding.loc);
        bindings_.emplace(binding.name, Bound{type, weak, after_reduction_,
                                              constant ? binding.value.get() : nullptr});
    }
    for (std::size_t k = 0; k < def_.results.size(); ++k) {
        after_reduction_ = true;
        statements_ = post_;
        current_result_ = static_cast<int>(k);
        const ast::Expr& result = *def_.results[k];
        std::optional<Value> value = lower_expr(result);
        if (!value) {
            return false;
        }
        ScalarType type = value->type;
        if (k == 0) {
            lowered.result_type = type;
        }
        lowered.result_types.push_back(type);
        auto assign = std::make_unique<ast::AssignExpr>(
            std::nullopt, make_name(outputs[k], result.loc),
            as_type(std::move(*value), type, result.loc), result.loc);
        statements_->push_back(std::make_unique<ast::ExprStmt>(std::move(assign), result.loc));
    }
    return !failed_;
}

} // namespace fuse

bool lower_fuse_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                         const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                         ast::BlockStmt& body, const std::vector<std::string>& outputs,
                         std::vector<ScalarType>& result_types, const ast::Module* module) {
    return fuse::FuseLowering(def, params, module_kernels, diags, module)
        .lower(body, outputs, result_types);
}

bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::vector<std::string>& outputs,
                                   FuseReductionLowering& lowered, const ast::Module* module) {
    return fuse::FuseLowering(def, params, module_kernels, diags, module)
        .lower_reduced(lowered, outputs, /*bindings_by_use=*/true);
}

bool lower_fuse_reduction_instance(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                   const std::set<std::string>& module_kernels,
                                   DiagnosticEngine* diags, const std::string& output,
                                   FuseReductionLowering& lowered, const ast::Module* module) {
    std::vector<std::string> outputs =
        def.results.size() == 1 ? std::vector<std::string>{output} : fuse_output_names(def);
    // The persistent kernel's passes (FusePersistent.cpp): each pass keeps the bindings before
    // its reduction as map statements, whether it reads them or not.
    return fuse::FuseLowering(def, params, module_kernels, diags, module)
        .lower_reduced(lowered, outputs, /*bindings_by_use=*/false);
}

} // namespace gpucc::sema
