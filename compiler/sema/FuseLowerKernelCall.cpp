// The fused lowering of a call to one of the module's elementwise kernels (FuseLoweringImpl.h),
// inlined: `sq_diff(a, b)` becomes locals holding the arguments converted to the kernel's
// parameter types, a local for its one output, and a copy of its body (FuseInlineKernel.h). The
// arguments bind the kernel's placeholders as an elementwise call from C++ does: arrays (here
// every non-literal value) bind them and must agree, and are never converted; literals take the
// bound type. Inside, the kernel's own C typing applies (its body is checked as written); around
// the call, its output is a value of the output's type in NumPy's promotion.
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseInlineKernel.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema::fuse {
namespace {

/// The definition named `name` and what kind it is, for the message ("reduction kernel").
const ast::ElementwiseDef* find_elementwise(const ast::Module& module, const std::string& name,
                                            std::string& kind) {
    for (const ast::ElementwiseDef& kernel : module.elementwise) {
        if (kernel.name == name) {
            return &kernel;
        }
    }
    for (const ast::ReductionDef& kernel : module.reductions) {
        if (kernel.name == name) {
            kind = "reduction kernel";
        }
    }
    for (const ast::GridKernelDef& kernel : module.grid_kernels) {
        if (kernel.name == name) {
            kind = "jit-style kernel";
        }
    }
    return nullptr;
}

const ast::Placeholder* find_placeholder(const ast::ElementwiseDef& kernel,
                                         const std::string& spelling) {
    for (const ast::Placeholder& placeholder : kernel.placeholders) {
        if (placeholder.name == spelling) {
            return &placeholder;
        }
    }
    return nullptr;
}

/// "float32, float64" from a placeholder's list.
std::string listed_types(const ast::Placeholder& placeholder) {
    std::string text;
    for (const ast::TypeName& type : placeholder.allowed) {
        text += (text.empty() ? "" : ", ") + type.spelling;
    }
    return text;
}

} // namespace

std::optional<Value> FuseLowering::lower_kernel_call(const ast::CallExpr& call,
                                                     const std::string& name) {
    SourceSpan span(call.loc, length_of(name));
    std::string kind = "fused function";
    const ast::ElementwiseDef* kernel =
        module_ != nullptr ? find_elementwise(*module_, name, kind) : nullptr;
    if (kernel == nullptr) {
        if (kind == "fused function") {
            report(span, DiagKind::FuseKernelCallNotImplemented, name);
        } else {
            report(span, DiagKind::FuseKernelNotElementwise, name, kind);
        }
        return std::nullopt;
    }
    if (kernel->outputs.size() != 1) {
        report(span, DiagKind::FuseKernelOutputs, name, std::to_string(kernel->outputs.size()));
        return std::nullopt;
    }
    for (const std::vector<ast::Param>* params : {&kernel->inputs, &kernel->outputs}) {
        for (const ast::Param& param : *params) {
            if (param.is_raw) {
                report(span, DiagKind::FuseKernelRawParam, param.name, name);
                return std::nullopt;
            }
        }
    }
    if (!check_arity(call, name, kernel->inputs.size())) {
        return std::nullopt;
    }
    std::optional<std::vector<Value>> args = lower_args(call);
    if (!args) {
        return std::nullopt;
    }

    // Placeholders: bound by the non-literal arguments, which must agree.
    std::map<std::string, ScalarType> bound;
    std::map<std::string, std::string> bound_by; // placeholder -> the parameter that bound it
    std::vector<ScalarType> param_types(kernel->inputs.size(), ScalarType::Float32);
    for (std::size_t k = 0; k < kernel->inputs.size(); ++k) {
        const ast::Param& param = kernel->inputs[k];
        const Value& arg = (*args)[k];
        SourceSpan arg_span(call.args[k]->loc, 1);
        const ast::Placeholder* placeholder = find_placeholder(*kernel, param.type.spelling);
        if (placeholder == nullptr) {
            std::optional<ScalarType> fixed = scalar_type_from_name(param.type.spelling, false);
            if (!fixed) {
                return std::nullopt; // the kernel's own check reports its signature
            }
            param_types[k] = *fixed;
            if (arg.weak == WeakKind::None && arg.type != *fixed) {
                report(arg_span, DiagKind::FuseKernelArgumentType, param.name, name,
                       numpy_name(*fixed), numpy_name(arg.type));
                return std::nullopt;
            }
            continue;
        }
        if (arg.weak != WeakKind::None) {
            continue;
        }
        auto [entry, inserted] = bound.emplace(placeholder->name, arg.type);
        if (inserted) {
            bound_by[placeholder->name] = param.name;
            bool allowed = placeholder->allowed.empty();
            for (const ast::TypeName& type : placeholder->allowed) {
                allowed = allowed || scalar_type_from_name(type.spelling, false) == arg.type;
            }
            if (!allowed) {
                report(arg_span, DiagKind::FuseKernelPlaceholderType, placeholder->name, name,
                       numpy_name(arg.type), listed_types(*placeholder));
                return std::nullopt;
            }
        } else if (entry->second != arg.type) {
            report(arg_span, DiagKind::FuseKernelArgumentType, param.name, name,
                   placeholder->name + ", bound to " + std::string(numpy_name(entry->second)) +
                       " by '" + bound_by[placeholder->name] + "'",
                   numpy_name(arg.type));
            return std::nullopt;
        }
    }
    auto type_of = [&](const ast::Param& param) -> std::optional<ScalarType> {
        if (find_placeholder(*kernel, param.type.spelling) == nullptr) {
            return scalar_type_from_name(param.type.spelling, false);
        }
        if (auto found = bound.find(param.type.spelling); found != bound.end()) {
            return found->second;
        }
        report(span, DiagKind::FuseKernelUnbound, param.type.spelling, name);
        return std::nullopt;
    };
    for (std::size_t k = 0; k < kernel->inputs.size(); ++k) {
        if (find_placeholder(*kernel, kernel->inputs[k].type.spelling) != nullptr) {
            std::optional<ScalarType> type = type_of(kernel->inputs[k]);
            if (!type) {
                return std::nullopt;
            }
            param_types[k] = *type;
        }
    }
    const ast::Param& output = kernel->outputs.front();
    std::optional<ScalarType> output_type = type_of(output);
    if (!output_type) {
        return std::nullopt;
    }

    // `const TYPE k_x = arg;` per input, `TYPE k_z;` for the output, then the body's copy.
    KernelInlining inlining;
    inlining.bound_types = bound;
    inlining.fresh_name = [&](const std::string& local) { return fresh_name(name + "_" + local); };
    SourceLocation loc = call.loc;
    for (std::size_t k = 0; k < kernel->inputs.size(); ++k) {
        const ast::Param& param = kernel->inputs[k];
        std::string local = fresh_name(name + "_" + param.name);
        inlining.renamed_params[param.name] = local;
        ast::ExprPtr converted = as_type(std::move((*args)[k]), param_types[k], loc);
        auto decl = std::make_unique<ast::DeclStmt>(loc);
        decl->is_const = true;
        decl->type = type_name(param_types[k], loc);
        decl->declarators.push_back(ast::Declarator{local, loc, std::move(converted)});
        statements_->push_back(std::move(decl));
    }
    std::string result = fresh_name(name + "_" + output.name);
    inlining.renamed_params[output.name] = result;
    auto result_decl = std::make_unique<ast::DeclStmt>(loc);
    result_decl->type = type_name(*output_type, loc);
    result_decl->declarators.push_back(ast::Declarator{result, loc, nullptr});
    statements_->push_back(std::move(result_decl));
    auto block = std::make_unique<ast::BlockStmt>(kernel->body->loc);
    InlineObstacle obstacle;
    if (!inline_kernel_body(*kernel->body, inlining, block->statements, obstacle)) {
        report(span, DiagKind::FuseKernelObstacle, name, obstacle.what);
        report(SourceSpan(obstacle.loc, obstacle.length), DiagKind::NoteFuseKernelObstacle,
               obstacle.what, name);
        return std::nullopt;
    }
    statements_->push_back(std::move(block));
    return Value{make_name(result, loc), *output_type};
}

} // namespace gpucc::sema::fuse
