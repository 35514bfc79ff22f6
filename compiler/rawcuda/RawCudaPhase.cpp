// The raw CUDA phase's order of work (RawCuda.h): for each definition, lay out the source, run
// Clang once for the newest architecture (diagnostics, signatures, dependencies), check that the
// code Clang generated has the entry points the AST promised, and that every launcher and
// variable accessor has a name of its own in the module's namespace. Later, the back end asks for
// each unit's LLVM IR per architecture.
#include "compiler/diag/Diagnostics.h"
#include "compiler/rawcuda/ClangBridge.h"
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/rawcuda/RawSource.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <map>
#include <set>

namespace gpucc {
namespace {

std::string qualified(const std::vector<std::string>& namespaces, const std::string& name) {
    std::string text;
    for (const std::string& space : namespaces) {
        text += space + "::";
    }
    return text + name;
}

/// The names the generated header declares in the module's namespace, and what has each.
class NameTable {
public:
    NameTable(const RawCudaOptions& options, DiagnosticEngine& diags)
        : module_(options.module_name), diags_(diags) {
        for (const std::string& name : options.taken_names) {
            entries_[name] = Entry{"a kernel", SourceLocation{}, "", {}, 0};
        }
    }

    /// Claims the name of `kernel` of unit number `unit`. False after reporting.
    bool claim(const kir::RawKernel& kernel, std::size_t unit) {
        std::string name = qualified(kernel.namespaces, kernel.name);
        if (!usable(name, kernel.name, kernel.namespaces, kernel.loc)) {
            return false;
        }
        bool is_template = !kernel.template_params.empty();
        auto [entry, added] =
            entries_.try_emplace(name, Entry{is_template ? "a raw kernel template" : "a raw kernel",
                                             kernel.loc,
                                             kernel.template_params,
                                             {},
                                             unit});
        if (!added) {
            if (is_template && entry->second.template_params == kernel.template_params) {
                if (!entry->second.template_args.insert(kernel.template_args).second) {
                    diags_.report(kernel.loc, DiagKind::RawInstantiationDuplicate,
                                  name + "<" + kernel.template_args + ">");
                    return false;
                }
                return true;
            }
            if (!is_template && entry->second.what == std::string("a raw kernel") &&
                entry->second.unit == unit) {
                diags_.report(kernel.loc, DiagKind::RawKernelOverloaded, name);
            } else {
                diags_.report(kernel.loc, DiagKind::RawNameTaken, name, entry->second.what,
                              module_);
            }
            note_previous(entry->second, name);
            return false;
        }
        if (is_template) {
            entry->second.template_args.insert(kernel.template_args);
        }
        return true;
    }

    bool claim(const kir::RawGlobal& global, SourceLocation loc, std::size_t unit) {
        std::string name = qualified(global.namespaces, global.name);
        if (!usable(name, global.name, global.namespaces, loc)) {
            return false;
        }
        auto [entry, added] =
            entries_.try_emplace(name, Entry{"a device variable", loc, "", {}, unit});
        if (!added) {
            diags_.report(loc, DiagKind::RawNameTaken, name, entry->second.what, module_);
            note_previous(entry->second, name);
            return false;
        }
        return true;
    }

private:
    struct Entry {
        const char* what;
        SourceLocation loc;
        std::string template_params;
        std::set<std::string> template_args;
        std::size_t unit;
    };

    /// The header declares each launcher in the module's namespace inside namespaces of the
    /// kernel's own: a kernel in a raw `namespace gpucc` would put `<module>::gpucc` in front of
    /// the library's `gpucc` there, so a namespace name is reserved as a launcher's is.
    bool usable(const std::string& qualified_name, const std::string& name,
                const std::vector<std::string>& namespaces, SourceLocation loc) {
        if (is_reserved(name)) {
            diags_.report(loc, DiagKind::RawNameReserved, qualified_name);
            return false;
        }
        for (const std::string& space : namespaces) {
            if (is_reserved(space)) {
                diags_.report(loc, DiagKind::RawNamespaceReserved, qualified_name, space);
                return false;
            }
        }
        return true;
    }

    static bool is_reserved(const std::string& name) {
        return name == "gpucc" || name == "std" || name.rfind("gpucc_", 0) == 0;
    }

    void note_previous(const Entry& entry, const std::string& name) {
        if (entry.loc.is_valid()) {
            diags_.report(entry.loc, DiagKind::NotePreviousDefinition, name);
        }
    }

    std::string module_;
    DiagnosticEngine& diags_;
    std::map<std::string, Entry> entries_;
};

} // namespace

std::vector<kir::RawCudaUnit> analyze_raw_cuda(const ast::Module& syntax,
                                               const RawCudaOptions& options,
                                               SourceManager& sources, DiagnosticEngine& diags) {
    std::vector<kir::RawCudaUnit> units;
    NameTable names(options, diags);
    for (std::size_t index = 0; index < syntax.raw_cuda.size(); ++index) {
        kir::RawCudaUnit unit;
        if (!rawcuda::lay_out_source(syntax.raw_cuda[index], index, options.dsl_path, sources,
                                     diags, unit)) {
            continue;
        }
        rawcuda::LocationMapper mapper(unit, sources, &sources);
        llvm::LLVMContext context;
        rawcuda::ClangRequest request{options.arch, options.cuda_path, &context, true};
        unsigned errors = diags.error_count();
        std::unique_ptr<llvm::Module> module = rawcuda::run_clang(request, unit, mapper, diags);
        if (!module) {
            continue;
        }
        // What Clang accepted but a launcher cannot do has been reported; the names are checked
        // anyway, so that one run reports every mistake.
        bool ok = diags.error_count() == errors;
        for (const kir::RawKernel& kernel : unit.kernels) {
            if (module->getFunction(kernel.symbol) == nullptr) {
                diags.report_tool_error("internal error: Clang generated no entry point '" +
                                        kernel.symbol + "' for kernel '" + kernel.name + "'");
                ok = false;
            }
            ok = names.claim(kernel, index) && ok;
        }
        for (const kir::RawGlobal& global : unit.globals) {
            ok = names.claim(global, global.loc.is_valid() ? global.loc : unit.loc, index) && ok;
        }
        if (ok) {
            units.push_back(std::move(unit));
        }
    }
    return units;
}

std::unique_ptr<llvm::Module> compile_raw_cuda_ir(const kir::RawCudaUnit& unit, int arch,
                                                  const std::string& cuda_path,
                                                  llvm::LLVMContext& context,
                                                  DiagnosticEngine& diags) {
    kir::RawCudaUnit copy = unit;
    rawcuda::LocationMapper mapper(copy, diags.sources(), nullptr);
    rawcuda::ClangRequest request{arch, cuda_path, &context, false};
    return rawcuda::run_clang(request, copy, mapper, diags);
}

} // namespace gpucc
