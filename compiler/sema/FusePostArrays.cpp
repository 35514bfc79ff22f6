// The post arrays of a fused function with a reduction (FusePostArrays.h).
#include "compiler/sema/FusePostArrays.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema {

bool mark_post_arrays(const std::vector<FuseArrayRead>& reads, std::vector<kir::Param>& params,
                      std::vector<kir::ParamSignature>& signature, DiagnosticEngine& diags) {
    bool ok = true;
    for (kir::Param& param : params) {
        if (param.is_scalar || param.role != kir::ParamRole::Input) {
            continue;
        }
        const FuseArrayRead* first_after = nullptr;
        bool before = false;
        for (const FuseArrayRead& read : reads) {
            if (read.name != param.name) {
                continue;
            }
            before = before || !read.after_reduction;
            if (read.after_reduction && first_after == nullptr) {
                first_after = &read;
            }
        }
        if (first_after == nullptr) {
            continue;
        }
        if (before) {
            diags.report(SourceSpan(first_after->loc, length_of(param.name)),
                         DiagKind::FuseArrayBeforeAndAfterReduction, param.name);
            ok = false;
            continue;
        }
        param.is_post = true;
        for (kir::ParamSignature& declared : signature) {
            if (declared.name == param.name) {
                declared.is_post = true;
            }
        }
    }
    return ok;
}

} // namespace gpucc::sema
