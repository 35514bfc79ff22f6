// The jit-style kernel's check (GridKernelChecker.h): the signature through the shared check,
// the placeholders' binding by arrays, then the instances.
#include "compiler/sema/GridKernelChecker.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"
#include "compiler/kir/GridRegions.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/Instantiation.h"
#include "compiler/sema/Signature.h"

namespace gpucc::sema {

std::optional<kir::GridKernel> check_grid_kernel(const ast::GridKernelDef& def,
                                                 const SemaOptions& options,
                                                 DiagnosticEngine& diags) {
    static const std::vector<ast::Param> kNoOutputs;
    constexpr std::string_view kBuiltin = "it is a builtin of jit-style kernels";
    SignatureSource source{.kind = "kernel",
                           .name = def.name,
                           .name_loc = def.name_loc,
                           .placeholders = def.placeholders,
                           .inputs = def.params,
                           .outputs = kNoOutputs,
                           .reserved_names = {{"threadIdx", kBuiltin},
                                              {"blockIdx", kBuiltin},
                                              {"blockDim", kBuiltin},
                                              {"gridDim", kBuiltin},
                                              {"warpSize", kBuiltin}},
                           .check_placeholder_use = true,
                           .require_outputs = false,
                           .reserve_i = false};
    CheckedSignature signature;
    if (!check_signature(source, options, diags, signature)) {
        return std::nullopt;
    }
    GPUCC_CHECK(signature.params.size() == def.params.size(),
                "complete signatures keep every param");
    kir::GridKernel kernel;
    kernel.name = def.name;
    kernel.loc = def.name_loc;
    kernel.placeholders = std::move(signature.placeholders);
    kernel.params = std::move(signature.params);
    for (std::size_t k = 0; k < kernel.params.size(); ++k) {
        kernel.params[k].is_raw = def.params[k].is_array;
        kernel.params[k].rank = def.params[k].rank;
    }
    // A placeholder's type comes from the array arguments (C++ scalars convert, so they cannot
    // bind it).
    bool bound = true;
    for (std::size_t p = 0; p < kernel.placeholders.size(); ++p) {
        bool by_array = false, used = false;
        for (const kir::ParamSignature& param : kernel.params) {
            const int* index = std::get_if<int>(&param.type);
            bool uses = index != nullptr && *index == static_cast<int>(p);
            used = used || uses;
            by_array = by_array || (uses && param.is_raw);
        }
        if (used && !by_array) {
            const kir::Placeholder& placeholder = kernel.placeholders[p];
            diags.report(SourceSpan(placeholder.loc, 1), DiagKind::PlaceholderNotBoundByArray,
                         placeholder.name);
            bound = false;
        }
    }
    if (!bound) {
        return std::nullopt;
    }
    GPUCC_CHECK(def.body, "the parser only builds definitions with a body");
    for_each_instance(
        def.name, def.name_loc, kernel.placeholders, diags, [&](const InstanceKey& key) {
            kir::GridKernelInstance instance;
            instance.symbol = key.symbol;
            instance.bindings = key.types;
            for (const kir::ParamSignature& param : kernel.params) {
                kir::Param bound{param.name, bound_type(param.type, key.types), param.role,
                                 param.is_raw, param.loc};
                bound.rank = param.rank;
                instance.params.push_back(std::move(bound));
            }
            BodyChecker checker({def.name, def.params, kNoOutputs}, Piece::GridBody, key.bindings,
                                instance.params, instance.locals, diags);
            instance.body = checker.check_body(*def.body);
            // Barriers, shared memory and shuffles run on the CPU too (GridBarrierRegions.cpp);
            // what still cannot is recorded for the launcher's message.
            instance.gpu_only_feature =
                instance.body ? grid_detail::host_obstacle(*instance.body) : std::string();
            // A barrier not every thread reaches is undefined on the GPU (a hang or a wrong
            // answer there, another answer on the CPU): an error for syncthreads, a warning for
            // syncwarp, whose mask may name exactly the threads of a warp-uniform branch.
            for (const grid_detail::DivergentBarrier& divergent :
                 grid_detail::divergent_barriers(instance)) {
                const bool warp = divergent.barrier->warp;
                diags.report(SourceSpan(divergent.barrier->loc, warp ? 8 : 11),
                             warp ? DiagKind::DivergentWarpBarrier : DiagKind::DivergentBarrier);
                diags.report(SourceSpan(divergent.condition->loc, 1),
                             DiagKind::NoteDivergentCondition);
            }
            kernel.instances.push_back(std::move(instance));
        });
    return kernel;
}

} // namespace gpucc::sema
