// Names the generated header cannot use (CppNames.h), checked on the syntax tree: every name has
// its location there, and the check does not depend on how the kernels type-check.
#include "compiler/sema/CppNames.h"

#include "compiler/basic/ScalarType.h"
#include "compiler/diag/Diagnostics.h"

#include <string_view>

namespace gpucc::sema {
namespace {

/// Why C++ reserves `name` ([lex.name]: any name with "__", or '_' and a capital letter first;
/// at namespace scope also '_' first), or null when it does not.
const char* reserved_identifier_rule(const std::string& name, bool namespace_scope) {
    if (name.find("__") != std::string::npos) {
        return "C++ reserves names that contain '__'";
    }
    if (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z') {
        return "C++ reserves names that start with '_' and a capital letter";
    }
    if (namespace_scope && !name.empty() && name[0] == '_') {
        return "C++ reserves names that start with '_' for the global namespace";
    }
    return nullptr;
}

} // namespace

bool check_cpp_names(const ast::Module& module, const SemaOptions& options,
                     DiagnosticEngine& diags) {
    if (options.is_usable_cpp_name == nullptr) {
        return true;
    }
    bool ok = true;
    auto check = [&](const std::string& name, SourceLocation loc, const char* what) {
        bool parameter = std::string_view(what) == "parameter name";
        if (parameter && (name.starts_with("_") || scalar_type_from_name(name, true))) {
            return; // the signature's check says why such a parameter name is refused
        }
        const bool kernel = std::string_view(what) == "kernel name";
        if (!(kernel && options.is_usable_kernel_name != nullptr
                  ? options.is_usable_kernel_name(name)
                  : options.is_usable_cpp_name(name))) {
            diags.report(SourceSpan(loc, length_of(name)), DiagKind::CppNameUnusable, what, name);
            ok = false;
        } else if (const char* rule =
                       reserved_identifier_rule(name, std::string_view(what) == "module name")) {
            diags.report(SourceSpan(loc, length_of(name)), DiagKind::CppNameReserved, what, name,
                         rule);
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
