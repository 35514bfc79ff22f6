// The module level of semantic analysis: the module name, kernel names unique across kinds and
// usable in the generated header (CppNames.h), and each kernel's check. An elementwise kernel's
// signature is checked (Signature.h), then it is instantiated (Instantiation.h) with each
// instance's body checked by BodyChecker; reduction kernels go through ReductionChecker.h the same
// way.
#include "compiler/sema/Sema.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/CheckFuse.h"
#include "compiler/sema/CppNames.h"
#include "compiler/sema/DefiniteAssignment.h"
#include "compiler/sema/FusePersistent.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/GridKernelChecker.h"
#include "compiler/sema/Instantiation.h"
#include "compiler/sema/ReductionChecker.h"
#include "compiler/sema/Signature.h"

#include <algorithm>
#include <map>

namespace gpucc {
namespace {

std::optional<kir::ElementwiseKernel> check_elementwise(const ast::ElementwiseDef& def,
                                                        const SemaOptions& options,
                                                        DiagnosticEngine& diags) {
    sema::SignatureSource source{.kind = "elementwise",
                                 .name = def.name,
                                 .name_loc = def.name_loc,
                                 .placeholders = def.placeholders,
                                 .inputs = def.inputs,
                                 .outputs = def.outputs,
                                 .reserved_names = {},
                                 .check_placeholder_use = true};
    sema::CheckedSignature signature;
    if (!sema::check_signature(source, options, diags, signature)) {
        return std::nullopt;
    }
    kir::ElementwiseKernel kernel;
    kernel.name = def.name;
    kernel.loc = def.name_loc;
    kernel.placeholders = std::move(signature.placeholders);
    kernel.params = std::move(signature.params);
    GPUCC_CHECK(def.body, "the parser only builds definitions with a body");
    unsigned errors_before = diags.error_count();
    sema::for_each_instance(
        def.name, def.name_loc, kernel.placeholders, diags, [&](const sema::InstanceKey& key) {
            kir::ElementwiseInstance instance;
            instance.symbol = key.symbol;
            instance.bindings = key.types;
            for (const kir::ParamSignature& param : kernel.params) {
                instance.params.push_back(kir::Param{param.name,
                                                     sema::bound_type(param.type, key.types),
                                                     param.role, param.is_raw, param.loc});
            }
            sema::BodyChecker checker({def.name, def.inputs, def.outputs},
                                      sema::Piece::ElementwiseBody, key.bindings, instance.params,
                                      instance.locals, diags);
            instance.body = checker.check_body(*def.body);
            kernel.instances.push_back(std::move(instance));
        });
    if (diags.error_count() == errors_before) {
        sema::AssignmentCheck check{.kind = "elementwise kernel", .kernel = def.name};
        for (const ast::Param& output : def.outputs) {
            if (!output.is_raw) {
                check.outputs.push_back(&output);
            }
        }
        sema::check_outputs_assigned(*def.body, check, diags);
    }
    return kernel;
}

/// A definition of any kind, for going through them in source order.
struct Definition {
    const ast::ElementwiseDef* elementwise = nullptr;
    const ast::ReductionDef* reduction = nullptr;
    const ast::GridKernelDef* grid_kernel = nullptr;
    const ast::FuseDef* fuse = nullptr;
    const std::string& name() const {
        return elementwise ? elementwise->name
               : reduction ? reduction->name
               : fuse      ? fuse->name
                           : grid_kernel->name;
    }
    SourceLocation name_loc() const {
        return elementwise ? elementwise->name_loc
               : reduction ? reduction->name_loc
               : fuse      ? fuse->name_loc
                           : grid_kernel->name_loc;
    }
    SourceLocation loc() const {
        return elementwise ? elementwise->loc
               : reduction ? reduction->loc
               : fuse      ? fuse->loc
                           : grid_kernel->loc;
    }
};

/// Every definition in source order (the kinds are kept in separate lists).
std::vector<Definition> definitions_in_source_order(const ast::Module& module) {
    std::vector<Definition> definitions;
    for (const ast::ElementwiseDef& def : module.elementwise) {
        definitions.push_back({&def, nullptr, nullptr});
    }
    for (const ast::ReductionDef& def : module.reductions) {
        definitions.push_back({nullptr, &def, nullptr});
    }
    for (const ast::GridKernelDef& def : module.grid_kernels) {
        definitions.push_back({nullptr, nullptr, &def});
    }
    for (const ast::FuseDef& def : module.fused) {
        definitions.push_back({nullptr, nullptr, nullptr, &def});
    }
    std::stable_sort(definitions.begin(), definitions.end(),
                     [](const Definition& a, const Definition& b) {
                         return ast::comes_before(a.loc(), b.loc());
                     });
    return definitions;
}

} // namespace

std::optional<kir::Module> analyze_module(const ast::Module& module, const SemaOptions& options,
                                          DiagnosticEngine& diags) {
    unsigned errors_before = diags.error_count();
    kir::Module result;
    result.name = options.module_name;
    sema::check_cpp_names(module, options, diags);
    if (module.name_loc.is_valid()) {
        result.source_path = diags.sources().path(module.name_loc.file_id);
    } else if (!module.elementwise.empty()) {
        result.source_path = diags.sources().path(module.elementwise.front().loc.file_id);
    } else if (!module.reductions.empty()) {
        result.source_path = diags.sources().path(module.reductions.front().loc.file_id);
    } else if (!module.grid_kernels.empty()) {
        result.source_path = diags.sources().path(module.grid_kernels.front().loc.file_id);
    } else if (!module.fused.empty()) {
        result.source_path = diags.sources().path(module.fused.front().loc.file_id);
    }

    std::map<std::string, SourceLocation> kernel_names;
    for (const Definition& def : definitions_in_source_order(module)) {
        const std::string& name = def.name();
        if (auto earlier = kernel_names.find(name); earlier != kernel_names.end()) {
            diags.report(SourceSpan(def.name_loc(), length_of(name)), DiagKind::KernelRedefined,
                         name);
            diags.report(SourceSpan(earlier->second, length_of(name)),
                         DiagKind::NotePreviousDefinition, name);
            continue;
        }
        kernel_names.emplace(name, def.name_loc());
        if (def.elementwise != nullptr) {
            if (std::optional<kir::ElementwiseKernel> kernel =
                    check_elementwise(*def.elementwise, options, diags)) {
                result.elementwise.push_back(std::move(*kernel));
            }
        } else if (def.reduction != nullptr) {
            if (std::optional<kir::ReductionKernel> kernel =
                    sema::check_reduction(*def.reduction, options, diags)) {
                result.reductions.push_back(std::move(*kernel));
            }
        } else if (def.fuse != nullptr && sema::fuse_is_persistent(*def.fuse) &&
                   !sema::fuse_reductions_independent(*def.fuse)) {
            for (kir::GridKernel& kernel :
                 sema::check_fuse_persistent(*def.fuse, module, options, diags)) {
                result.grid_kernels.push_back(std::move(kernel));
            }
        } else if (def.fuse != nullptr && sema::fuse_has_reduction(*def.fuse)) {
            if (std::optional<kir::ReductionKernel> kernel =
                    sema::check_fuse_reduction(*def.fuse, module, options, diags)) {
                result.reductions.push_back(std::move(*kernel));
            }
        } else if (def.fuse != nullptr) {
            if (std::optional<kir::ElementwiseKernel> kernel =
                    sema::check_fuse(*def.fuse, module, options, diags)) {
                result.elementwise.push_back(std::move(*kernel));
            }
        } else if (std::optional<kir::GridKernel> kernel =
                       sema::check_grid_kernel(*def.grid_kernel, options, diags)) {
            result.grid_kernels.push_back(std::move(*kernel));
        }
    }
    if (diags.error_count() != errors_before) {
        return std::nullopt;
    }
    return result;
}

} // namespace gpucc
