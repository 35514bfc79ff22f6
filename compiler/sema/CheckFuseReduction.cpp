// The check of a fused function with a reduction (CheckFuse.h): per instance, the lowering
// (FuseReduction.h) gives the chain before the reduction as map statements and a map value, the
// reduction's identity and combine, and the post-operations; the BodyChecker checks each as the
// reduction kind's piece, so that the result is an ordinary reduction kernel whose axes and
// keepdims the definition fixes (kir::ReductionKernel::fused). Its code generators (both
// targets, the vector and strided paths), launch planner and header then serve it.
#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/CheckFuse.h"
#include "compiler/sema/FuseLowering.h"
#include "compiler/sema/FusePostArrays.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Instantiation.h"

namespace gpucc::sema {

std::optional<kir::ReductionKernel> check_fuse_reduction(const ast::FuseDef& def,
                                                         const ast::Module& module,
                                                         const SemaOptions& options,
                                                         DiagnosticEngine& diags) {
    std::optional<FuseSignature> checked = check_fuse_signature(def, module, options, diags);
    if (!checked) {
        return std::nullopt;
    }
    kir::ReductionKernel kernel;
    kernel.name = def.name;
    kernel.loc = def.name_loc;
    kernel.placeholders = std::move(checked->signature.placeholders);
    kernel.params = std::move(checked->signature.params);
    kernel.reduce_type_declared = false;
    kernel.post_is_default = false;
    const std::vector<std::string> outputs = fuse_output_names(def);
    std::vector<std::vector<ScalarType>> result_types(outputs.size());
    std::vector<ScalarType> reduce_types;
    std::vector<std::vector<ScalarType>> bindings;
    bool lowered_every_instance = true;
    for_each_instance(
        def.name, def.name_loc, kernel.placeholders, diags, [&](const InstanceKey& key) {
            kir::ReductionInstance instance;
            instance.symbol = key.symbol;
            instance.bindings = key.types;
            for (const kir::ParamSignature& param : kernel.params) {
                kir::Param bound{param.name, bound_type(param.type, key.types), param.role,
                                 param.is_raw, param.loc};
                bound.is_scalar = param.is_scalar;
                instance.params.push_back(std::move(bound));
            }
            FuseReductionLowering lowered;
            if (!lower_fuse_reduction_instance(def, instance.params, checked->module_kernels,
                                               &diags, outputs, lowered, &module)) {
                lowered_every_instance = false;
                return;
            }
            if (!mark_post_arrays(lowered.array_reads, instance.params, kernel.params, diags)) {
                lowered_every_instance = false;
                return;
            }
            std::vector<ast::Param> output_params;
            for (std::size_t k = 0; k < outputs.size(); ++k) {
                ScalarType type = lowered.result_types[k];
                instance.params.push_back(
                    kir::Param{outputs[k], type, kir::ParamRole::Output, false, def.name_loc});
                ast::Param output_param;
                output_param.name = outputs[k];
                output_param.loc = def.name_loc;
                output_param.type = type_name(type, def.name_loc);
                output_params.push_back(std::move(output_param));
                result_types[k].push_back(type);
            }
            instance.reduce_type = lowered.reduce_type;
            kernel.fused = kir::ReductionKernel::FusedAxes{lowered.axes, lowered.keepdims};
            KernelView view{def.name, checked->inputs, output_params};
            auto checker = [&](Piece piece) {
                return BodyChecker(view, piece, key.bindings, instance.params, instance.locals,
                                   diags, lowered.reduce_type);
            };
            if (lowered.identity) {
                if (kir::ExprPtr identity =
                        checker(Piece::Identity).check_value(*lowered.identity)) {
                    instance.identity =
                        BodyChecker::convert(std::move(identity), lowered.reduce_type);
                }
            }
            // Every component's map after the one prelude, in one scope.
            std::vector<const ast::Expr*> maps{lowered.map.get()};
            for (const FuseReductionPart& part : lowered.more) {
                maps.push_back(part.map.get());
            }
            BodyChecker map_checker = checker(Piece::Map);
            std::vector<kir::ExprPtr> checked_maps = map_checker.check_statements_then_values(
                *lowered.prelude, maps, instance.map_prelude);
            if (checked_maps.front()) {
                instance.map =
                    BodyChecker::convert(std::move(checked_maps.front()), lowered.reduce_type);
            }
            if (instance.map_prelude && instance.map_prelude->statements.empty()) {
                instance.map_prelude.reset();
            }
            std::vector<ScalarType> component_types{lowered.reduce_type};
            for (const FuseReductionPart& part : lowered.more) {
                component_types.push_back(part.reduce_type);
            }
            BodyChecker reduce_checker = checker(Piece::Reduce);
            reduce_checker.set_reduced_components(component_types, 0);
            if (kir::ExprPtr combine = reduce_checker.check_value(*lowered.combine)) {
                instance.reduce = BodyChecker::convert(std::move(combine), lowered.reduce_type);
            }
            instance.uses_position = map_checker.used_position();
            // Further independent reductions of the same pass: the components of a tuple
            // reduce type, each checked with its own `a` and `b`.
            for (const FuseReductionPart& part : lowered.more) {
                auto part_checker = [&](Piece piece) {
                    return BodyChecker(view, piece, key.bindings, instance.params, instance.locals,
                                       diags, part.reduce_type);
                };
                kir::ReductionComponent component;
                component.reduce_type = part.reduce_type;
                if (part.identity) {
                    if (kir::ExprPtr identity =
                            part_checker(Piece::Identity).check_value(*part.identity)) {
                        component.identity =
                            BodyChecker::convert(std::move(identity), part.reduce_type);
                    }
                }
                kir::ExprPtr& map = checked_maps[1 + instance.more_components.size()];
                if (map) {
                    component.map = BodyChecker::convert(std::move(map), part.reduce_type);
                }
                BodyChecker part_reduce = part_checker(Piece::Reduce);
                part_reduce.set_reduced_components(
                    component_types, 1 + static_cast<int>(instance.more_components.size()));
                if (kir::ExprPtr combine = part_reduce.check_value(*part.combine)) {
                    component.reduce = BodyChecker::convert(std::move(combine), part.reduce_type);
                }
                instance.more_components.push_back(std::move(component));
            }
            BodyChecker post_checker = checker(Piece::Post);
            post_checker.set_reduced_components(component_types);
            instance.post = post_checker.check_body(*lowered.post);
            reduce_types.push_back(lowered.reduce_type);
            bindings.push_back(key.types);
            kernel.instances.push_back(std::move(instance));
        });
    if (!lowered_every_instance || kernel.instances.empty()) {
        return std::nullopt;
    }
    for (std::size_t k = 0; k < outputs.size(); ++k) {
        kernel.params.push_back(
            fuse_output_signature(outputs[k], def.name_loc, result_types[k], bindings));
    }
    kernel.reduce_type = reduce_types.front(); // each instance has its own (reduce_type)
    return kernel;
}

} // namespace gpucc::sema
