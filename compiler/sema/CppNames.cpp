// Names the generated header cannot use (CppNames.h), checked on the syntax tree: every name has
// its location there, and the check does not depend on how the kernels type-check.
#include "compiler/sema/CppNames.h"

#include "compiler/diag/Diagnostics.h"

namespace gpucc::sema {

bool check_cpp_names(const ast::Module& module, const SemaOptions& options,
                     DiagnosticEngine& diags) {
    if (options.is_usable_cpp_name == nullptr) {
        return true;
    }
    bool ok = true;
    auto check = [&](const std::string& name, SourceLocation loc, const char* what) {
        if (!options.is_usable_cpp_name(name)) {
            diags.report(SourceSpan(loc, length_of(name)), DiagKind::CppNameUnusable, what, name);
            ok = false;
        }
    };
    // A module name from the command line or the file name has no location in the file.
    check(options.module_name,
          module.name && options.module_name == *module.name ? module.name_loc : SourceLocation{},
          "module name");
    for (const ast::ElementwiseDef& def : module.elementwise) {
        check(def.name, def.name_loc, "kernel name");
        for (const std::vector<ast::Param>* params : {&def.inputs, &def.outputs}) {
            for (const ast::Param& param : *params) {
                check(param.name, param.loc, "parameter name");
            }
        }
    }
    for (const ast::ReductionDef& def : module.reductions) {
        check(def.name, def.name_loc, "kernel name");
        for (const std::vector<ast::Param>* params : {&def.inputs, &def.outputs}) {
            for (const ast::Param& param : *params) {
                check(param.name, param.loc, "parameter name");
                if (options.is_reduction_wrapper_name != nullptr &&
                    options.is_reduction_wrapper_name(param.name)) {
                    diags.report(SourceSpan(param.loc, length_of(param.name)),
                                 DiagKind::ReductionParamWrapperName, param.name, def.name);
                    ok = false;
                }
            }
        }
    }
    for (const ast::FuseDef& def : module.fused) {
        check(def.name, def.name_loc, "kernel name");
        for (const ast::Param& param : def.params) {
            check(param.name, param.loc, "parameter name");
        }
    }
    for (const ast::GridKernelDef& def : module.grid_kernels) {
        check(def.name, def.name_loc, "kernel name");
        for (const ast::Param& param : def.params) {
            check(param.name, param.loc, "parameter name");
        }
    }
    return ok;
}

} // namespace gpucc::sema
