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
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/sema/Sema.h"

#include <algorithm>
#include <llvm/Support/FileSystem.h>
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

/// What the raw CUDA phase needs: the newest architecture (analysis compiles for it), and the
/// names the module's other kernels take.
RawCudaOptions raw_cuda_options(const DriverOptions& options, const ast::Module& syntax,
                                const std::string& module_name) {
    RawCudaOptions raw;
    raw.dsl_path = options.input_path;
    raw.cuda_path = options.cuda_path;
    if (!options.archs.empty()) {
        raw.arch = *std::max_element(options.archs.begin(), options.archs.end());
    }
    for (const ast::ElementwiseDef& def : syntax.elementwise) {
        raw.taken_names.push_back(def.name);
    }
    for (const ast::ReductionDef& def : syntax.reductions) {
        raw.taken_names.push_back(def.name);
    }
    raw.module_name = module_name;
    return raw;
}

/// `--depfile`: the outputs depend on the .dsl file and on every user file Clang read for its
/// raw CUDA definitions (Make's syntax, which Ninja and CMake's DEPFILE read).
void write_depfile(const DriverOptions& options, const kir::Module& kernels,
                   DiagnosticEngine& diags) {
    auto escape = [](const std::string& path) {
        std::string escaped;
        for (char c : path) {
            if (c == ' ' || c == '#' || c == '\\') {
                escaped += '\\';
            } else if (c == '$') {
                escaped += '$';
            }
            escaped += c;
        }
        return escaped;
    };
    std::error_code error;
    llvm::raw_fd_ostream out(options.depfile, error);
    if (error) {
        diags.report_tool_error("cannot write '" + options.depfile + "': " + error.message());
        return;
    }
    std::string stem = llvm::sys::path::filename(options.input_path).str();
    if (llvm::StringRef(stem).ends_with(".dsl")) {
        stem.resize(stem.size() - 4);
    }
    // Both outputs as targets, the header first (gpucc_add_kernels lists it first, and Ninja
    // wants a depfile to name the first output of its edge).
    llvm::SmallString<256> header(options.output_dir);
    llvm::sys::path::append(header, stem + ".gpucc.h");
    llvm::SmallString<256> object(options.output_dir);
    llvm::sys::path::append(object, stem + ".gpucc.o");
    out << escape(std::string(header)) << " " << escape(std::string(object)) << ": "
        << escape(options.input_path);
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        for (const std::string& file : unit.dependencies) {
            out << " \\\n  " << escape(file);
        }
    }
    out << "\n";
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

    // Raw CUDA definitions: Clang compiles each (compiler/rawcuda), even when the rest had errors.
    std::vector<kir::RawCudaUnit> raw_cuda;
    if (!syntax->raw_cuda.empty()) {
        std::string module_name = !options.module_name.empty() ? options.module_name
                                  : syntax->name               ? *syntax->name
                                                               : sema_options.default_module_name;
        raw_cuda = analyze_raw_cuda(*syntax, raw_cuda_options(options, *syntax, module_name),
                                    sources, diags);
    }
    if (kernels) {
        kernels->raw_cuda = std::move(raw_cuda);
        if (kernels->source_path.empty()) {
            kernels->source_path = options.input_path;
        }
    }
    if (options.emit == EmitKind::Ir && kernels) {
        print_kir(*kernels, llvm::outs());
        print_raw_cuda(kernels->raw_cuda, llvm::outs());
    }
    if (options.verify || options.emit == EmitKind::Ir || !kernels || diags.has_errors()) {
        return finish(diags, options.verify);
    }

    BackendOptions backend;
    backend.output_dir = options.output_dir;
    backend.archs = options.archs;
    backend.cuda_path = options.cuda_path;
    backend.emit = options.emit;
    run_backend(*kernels, backend, diags);
    if (!options.depfile.empty() && options.emit == EmitKind::None && !diags.has_errors()) {
        write_depfile(options, *kernels, diags);
    }
    return finish(diags, false);
}

} // namespace gpucc
