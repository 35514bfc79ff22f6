// CheckFuse.h: a fused function's signature (untyped parameters sharing one implicit placeholder),
// then per instance the lowering of its expressions into an elementwise body (FuseLowering.h) and
// the BodyChecker's check of that body.
#include "compiler/sema/CheckFuse.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/FuseLowering.h"
#include "compiler/sema/FusePersistent.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Instantiation.h"
#include "compiler/sema/Signature.h"

#include <algorithm>
#include <set>

namespace gpucc::sema {
namespace {

std::set<std::string> module_kernel_names(const ast::Module& module) {
    std::set<std::string> names;
    for (const ast::ElementwiseDef& kernel : module.elementwise) {
        names.insert(kernel.name);
    }
    for (const ast::ReductionDef& kernel : module.reductions) {
        names.insert(kernel.name);
    }
    for (const ast::GridKernelDef& kernel : module.grid_kernels) {
        names.insert(kernel.name);
    }
    for (const ast::FuseDef& other : module.fused) {
        names.insert(other.name);
    }
    return names;
}

/// The types of the implicit placeholder of a definition whose only placeholder it is: those of
/// the default types for which NumPy's rules accept the body (softplus's `-abs(x)` has no bool
/// version, as NumPy's negative has none), as cupy.fuse compiles only the types it is called
/// with. Every default type when none is accepted (the errors are then reported) or when the
/// definition declares placeholders of its own (each instance must then be valid).
std::vector<ast::TypeName> implicit_types(const ast::FuseDef& def,
                                          const std::set<std::string>& module_kernels,
                                          const ast::Module& module, const SemaOptions& options) {
    std::vector<ScalarType> defaults = options.default_dtypes;
    if (defaults.empty()) {
        for (int k = 0; k < kNumScalarTypes; ++k) {
            defaults.push_back(static_cast<ScalarType>(k));
        }
    }
    std::vector<ast::TypeName> accepted, every;
    for (ScalarType type : defaults) {
        every.push_back(type_name(type, def.name_loc));
    }
    if (!def.placeholders.empty()) {
        return every;
    }
    for (ScalarType type : defaults) {
        std::vector<kir::Param> params;
        for (const ast::Param& param : def.params) {
            std::optional<ScalarType> fixed =
                param.type.spelling.empty() ? type
                                            : scalar_type_from_name(param.type.spelling, false);
            if (!fixed) {
                return every; // the signature check reports it
            }
            params.push_back(
                kir::Param{param.name, *fixed, kir::ParamRole::Input, false, param.loc});
        }
        bool lowered = false;
        if (fuse_is_persistent(def) && !fuse_reductions_independent(def)) {
            lowered = persistent_instance_lowers(def, params, module_kernels);
        } else if (fuse_has_reduction(def)) {
            FuseReductionLowering reduction;
            lowered = lower_fuse_reduction_instance(def, params, module_kernels, nullptr,
                                                    fuse_output_names(def), reduction, &module);
        } else {
            ast::BlockStmt body(def.loc);
            std::vector<ScalarType> types;
            std::vector<std::string> outputs(def.results.size(), "out");
            lowered = lower_fuse_instance(def, params, module_kernels, nullptr, body, outputs,
                                          types, &module);
        }
        if (lowered) {
            accepted.push_back(type_name(type, def.name_loc));
        }
    }
    return accepted.empty() ? every : accepted;
}

} // namespace

std::vector<std::string> fuse_output_names(const ast::FuseDef& def) {
    std::set<std::string> taken;
    for (const ast::Param& param : def.params) {
        taken.insert(param.name);
    }
    for (const ast::FuseBinding& binding : def.bindings) {
        taken.insert(binding.name);
    }
    std::vector<std::string> names;
    for (std::size_t k = 0; k < def.results.size(); ++k) {
        std::string name = def.results.size() == 1 ? "out" : "out" + std::to_string(k);
        while (taken.count(name) != 0) {
            name += "_";
        }
        names.push_back(name);
    }
    return names;
}

std::optional<FuseSignature> check_fuse_signature(const ast::FuseDef& def,
                                                  const ast::Module& module,
                                                  const SemaOptions& options,
                                                  DiagnosticEngine& diags) {
    // Untyped parameters share one implicit placeholder over the default types: T unless the
    // definition declares a T, then the first capital letter it does not declare.
    std::vector<ast::Placeholder> placeholders = def.placeholders;
    std::vector<ast::Param> inputs = def.params;
    bool has_untyped = false;
    for (const ast::Param& param : inputs) {
        has_untyped = has_untyped || param.type.spelling.empty();
    }
    if (has_untyped) {
        std::string implicit;
        for (char letter : std::string("TUVWXYZABCDEFGHIJKLMNOPQRS")) {
            bool declared = false;
            for (const ast::Placeholder& placeholder : placeholders) {
                declared = declared || placeholder.name == std::string(1, letter);
            }
            if (!declared) {
                implicit = std::string(1, letter);
                break;
            }
        }
        if (implicit.empty()) {
            diags.report(SourceSpan(def.name_loc, length_of(def.name)),
                         DiagKind::FuseNoPlaceholderName);
            return std::nullopt;
        }
        placeholders.push_back(
            ast::Placeholder{implicit, def.name_loc,
                             implicit_types(def, module_kernel_names(module), module, options)});
        for (ast::Param& param : inputs) {
            if (param.type.spelling.empty()) {
                param.type.spelling = implicit;
                param.type.length = 0;
            }
        }
    }
    std::vector<ast::Param> no_outputs;
    SignatureSource source{.kind = "fuse",
                           .name = def.name,
                           .name_loc = def.name_loc,
                           .placeholders = placeholders,
                           .inputs = inputs,
                           .outputs = no_outputs,
                           .reserved_names = {},
                           .check_placeholder_use = true,
                           .require_outputs = false};
    FuseSignature result;
    if (!check_signature(source, options, diags, result.signature)) {
        return std::nullopt;
    }
    result.inputs = std::move(inputs);
    result.module_kernels = module_kernel_names(module);
    return result;
}

std::optional<kir::ElementwiseKernel> check_fuse(const ast::FuseDef& def, const ast::Module& module,
                                                 const SemaOptions& options,
                                                 DiagnosticEngine& diags) {
    std::optional<FuseSignature> checked = check_fuse_signature(def, module, options, diags);
    if (!checked) {
        return std::nullopt;
    }
    CheckedSignature& signature = checked->signature;
    const std::vector<ast::Param>& inputs = checked->inputs;
    const std::set<std::string>& module_kernels = checked->module_kernels;

    kir::ElementwiseKernel kernel;
    kernel.name = def.name;
    kernel.loc = def.name_loc;
    kernel.placeholders = std::move(signature.placeholders);
    kernel.params = std::move(signature.params);
    std::vector<std::string> outputs = fuse_output_names(def);
    std::vector<std::vector<ScalarType>> result_types(outputs.size());
    bool lowered_every_instance = true;
    for_each_instance(
        def.name, def.name_loc, kernel.placeholders, diags, [&](const InstanceKey& key) {
            kir::ElementwiseInstance instance;
            instance.symbol = key.symbol;
            instance.bindings = key.types;
            for (const kir::ParamSignature& param : kernel.params) {
                instance.params.push_back(kir::Param{param.name, bound_type(param.type, key.types),
                                                     param.role, param.is_raw, param.loc});
            }
            ast::BlockStmt body(def.loc);
            std::vector<ScalarType> types;
            if (!lower_fuse_instance(def, instance.params, module_kernels, &diags, body, outputs,
                                     types, &module)) {
                lowered_every_instance = false;
                return;
            }
            std::vector<ast::Param> output_params;
            for (std::size_t k = 0; k < outputs.size(); ++k) {
                instance.params.push_back(
                    kir::Param{outputs[k], types[k], kir::ParamRole::Output, false, def.name_loc});
                ast::Param output;
                output.name = outputs[k];
                output.loc = def.name_loc;
                output.type = type_name(types[k], def.name_loc);
                output_params.push_back(std::move(output));
                result_types[k].push_back(types[k]);
            }
            BodyChecker checker({def.name, inputs, output_params}, Piece::ElementwiseBody,
                                key.bindings, instance.params, instance.locals, diags);
            instance.body = checker.check_body(body);
            kernel.instances.push_back(std::move(instance));
        });
    if (!lowered_every_instance) {
        return kernel;
    }
    std::vector<std::vector<ScalarType>> bindings;
    for (const kir::ElementwiseInstance& instance : kernel.instances) {
        bindings.push_back(instance.bindings);
    }
    for (std::size_t k = 0; k < outputs.size(); ++k) {
        kernel.params.push_back(
            fuse_output_signature(outputs[k], def.name_loc, result_types[k], bindings));
    }
    return kernel;
}

kir::ParamSignature fuse_output_signature(const std::string& name, SourceLocation loc,
                                          const std::vector<ScalarType>& types,
                                          const std::vector<std::vector<ScalarType>>& bindings) {
    // Fixed when every instance agrees, a placeholder when it is always that placeholder's type,
    // else the list of the instances' types.
    kir::ParamSignature output;
    output.name = name;
    output.role = kir::ParamRole::Output;
    output.loc = loc;
    bool fixed = std::all_of(types.begin(), types.end(),
                             [&](ScalarType type) { return type == types.front(); });
    std::optional<int> placeholder;
    std::size_t placeholders = bindings.empty() ? 0 : bindings.front().size();
    for (std::size_t p = 0; p < placeholders && !placeholder; ++p) {
        bool matches = true;
        for (std::size_t n = 0; n < bindings.size(); ++n) {
            matches = matches && bindings[n][p] == types[n];
        }
        if (matches) {
            placeholder = static_cast<int>(p);
        }
    }
    if (fixed) {
        output.type = types.front();
    } else if (placeholder) {
        output.type = *placeholder;
    } else {
        output.type = types.front();
        output.instance_types = types;
    }
    return output;
}

} // namespace gpucc::sema
