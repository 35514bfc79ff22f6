// The pipeline, in order. Each phase takes the previous phase's structure and returns its own;
// `--emit=` prints one of them and stops. Diagnostics accumulate in one engine so a run reports
// every error it can find; a phase whose input had errors still runs when its output can be
// trusted (parsing recovers at declarations), and the back end runs only on an error-free module.
#include "compiler/driver/Driver.h"

#include "compiler/ast/AstPrinter.h"
#include "compiler/codegen/Backend.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/KirPrinter.h"
#include "compiler/lex/Lexer.h"
#include "compiler/parse/Parser.h"
#include "compiler/sema/Sema.h"

#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

/// The module name when the file declares none: the file's stem up to its first dot
/// ("kernels.dsl" -> "kernels"), made a C++ identifier.
std::string default_module_name(const std::string& path) {
    std::string stem = llvm::sys::path::filename(path).str();
    stem = stem.substr(0, stem.find('.'));
    for (char& c : stem) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            c = '_';
        }
    }
    if (stem.empty() || std::isdigit(static_cast<unsigned char>(stem[0]))) {
        stem.insert(0, "m_");
    }
    return stem;
}

/// Reduction kernels have a front end (`--emit=ast`, `--emit=ir` and `--emit=header` show them)
/// but no code generation yet: once the whole module has checked cleanly, each is reported at its
/// name rather than dropped from the output. Returns whether there were any.
bool report_reductions_without_codegen(const kir::Module& kernels, DiagnosticEngine& diags) {
    for (const kir::ReductionKernel& kernel : kernels.reductions) {
        diags.report(SourceSpan(kernel.loc, static_cast<std::uint32_t>(kernel.name.size())),
                     DiagKind::ReductionCodegenNotImplemented);
    }
    return !kernels.reductions.empty();
}

int finish(DiagnosticEngine& diags, bool verify) {
    if (verify) {
        return diags.verify() ? 0 : 1;
    }
    return diags.has_errors() ? 1 : 0;
}

} // namespace

int compile(const DriverOptions& options) {
    SourceManager sources;
    DiagnosticEngine diags(sources, llvm::errs());
    diags.set_verify_mode(options.verify);

    std::string read_error;
    std::uint32_t file = sources.load_file(options.input_path, read_error);
    if (file == 0) {
        diags.report_tool_error("cannot read '" + options.input_path + "': " + read_error);
        return 1;
    }

    std::vector<Token> tokens = lex_file(file, sources, diags);
    if (options.emit == EmitKind::Tokens) {
        print_tokens(tokens, sources, llvm::outs());
        return finish(diags, options.verify);
    }

    std::unique_ptr<ast::Module> syntax = parse_module(tokens, sources, diags);
    if (options.emit == EmitKind::Ast) {
        print_ast(*syntax, llvm::outs());
        return finish(diags, options.verify);
    }

    SemaOptions sema_options;
    sema_options.default_dtypes = options.default_dtypes;
    sema_options.module_name_override = options.module_name;
    sema_options.default_module_name = default_module_name(options.input_path);
    std::optional<kir::Module> kernels = analyze_module(*syntax, sema_options, diags);
    if (options.emit == EmitKind::Ir && kernels) {
        print_kir(*kernels, llvm::outs());
    }
    if (options.verify || options.emit == EmitKind::Ir || !kernels || diags.has_errors()) {
        return finish(diags, options.verify);
    }
    if (options.emit != EmitKind::Header && report_reductions_without_codegen(*kernels, diags)) {
        return finish(diags, false);
    }

    BackendOptions backend;
    backend.output_dir = options.output_dir;
    backend.archs = options.archs;
    backend.cuda_path = options.cuda_path;
    backend.emit = options.emit;
    run_backend(*kernels, backend, diags);
    return finish(diags, false);
}

} // namespace gpucc
