// Runs Clang in process on a raw CUDA unit (ClangBridge.h): the Clang driver turns a command line
// like `clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path=...` into the device
// compilation's invocation (the toolkit's headers, libdevice, Clang's CUDA wrapper headers), and
// a CompilerInstance runs it on the generated source, which lives in an in-memory file beside the
// .dsl file so that `#include "x.cuh"` finds headers next to it. One action both reads the AST
// (the signatures) and generates the LLVM module. Clang's diagnostics pass through a consumer
// that reports them through gpucc's DiagnosticEngine at the user's line and column. Clang runs on
// a thread of its own with a large stack and a bracket depth limit, under crash recovery, so
// neither deep nesting nor a crash in Clang takes gpucc down without a word at the definition.
#include "compiler/codegen/common/TargetMachines.h"
#include "compiler/rawcuda/ClangBridge.h"
#include "compiler/rawcuda/RawSource.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticDriver.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Basic/SourceManager.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Driver/CreateInvocationFromArgs.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Lexer.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

namespace gpucc::rawcuda {
namespace {

/// Reports each of Clang's diagnostics through gpucc's engine.
class DiagnosticBridge : public clang::DiagnosticConsumer {
public:
    DiagnosticBridge(LocationMapper& mapper, DiagnosticEngine& diags)
        : mapper_(mapper), diags_(diags) {}

    void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                          const clang::Diagnostic& info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        DiagKind kind;
        switch (level) {
        case clang::DiagnosticsEngine::Error:
        case clang::DiagnosticsEngine::Fatal:
            kind = DiagKind::ClangError;
            break;
        case clang::DiagnosticsEngine::Warning:
            kind = DiagKind::ClangWarning;
            break;
        case clang::DiagnosticsEngine::Note:
            kind = DiagKind::ClangNote;
            break;
        default:
            return;
        }
        llvm::SmallString<256> message;
        info.FormatDiagnostic(message);
        if (kind == DiagKind::ClangNote && message.str().contains("-fbracket-depth")) {
            return; // "use -fbracket-depth=N to increase ...": not an option of gpucc's
        }
        rephrase_not_a_template(info, kind, message);
        SourceSpan span{SourceLocation{}};
        if (info.getLocation().isValid() && info.hasSourceManager()) {
            const clang::SourceManager& sources = info.getSourceManager();
            clang::SourceLocation loc = sources.getFileLoc(info.getLocation());
            clang::PresumedLoc presumed = sources.getPresumedLoc(loc, false);
            if (presumed.isValid()) {
                span.begin =
                    mapper_.map(presumed.getFilename(), presumed.getLine(), presumed.getColumn());
                if (!span.begin.is_valid()) {
                    message = (llvm::Twine(presumed.getFilename()) + ":" +
                               llvm::Twine(presumed.getLine()) + ":" +
                               llvm::Twine(presumed.getColumn()) + ": " + message)
                                  .str();
                }
                span.length = range_length(sources, info, loc);
            }
        }
        diags_.report(span, kind, std::string(message));
    }

    SourceLocation locate(const clang::SourceManager& sources, clang::SourceLocation loc) {
        if (loc.isInvalid()) {
            return {};
        }
        clang::PresumedLoc presumed = sources.getPresumedLoc(sources.getFileLoc(loc), false);
        if (presumed.isInvalid()) {
            return {};
        }
        return mapper_.map(presumed.getFilename(), presumed.getLine(), presumed.getColumn());
    }

private:
    /// `instantiate k<int>` (or `k<int>` in the code) where `k` is a plain function: Clang, which
    /// reads `k <` as a comparison, says "use of undeclared identifier 'k'; did you mean '::k'?",
    /// and its note "'::k' declared here". Said as what it is, with the note naming `k`.
    void rephrase_not_a_template(const clang::Diagnostic& info, DiagKind kind,
                                 llvm::SmallString<256>& message) {
        if (kind == DiagKind::ClangNote && !not_template_name_.empty()) {
            if (message.str() == "'::" + not_template_name_ + "' declared here") {
                message = "'" + not_template_name_ + "' declared here";
            }
            not_template_name_.clear();
            return;
        }
        not_template_name_.clear();
        llvm::StringRef text = message.str();
        const llvm::StringRef prefix = "use of undeclared identifier '";
        if (info.getID() != clang::diag::err_undeclared_var_use_suggest ||
            !info.hasSourceManager() || !text.starts_with(prefix)) {
            return;
        }
        std::string name = text.drop_front(prefix.size()).split('\'').first.str();
        if (name.empty() || text != prefix.str() + name + "'; did you mean '::" + name + "'?") {
            return;
        }
        // Only when template arguments follow the name.
        const clang::SourceManager& sources = info.getSourceManager();
        clang::SourceLocation loc = sources.getFileLoc(info.getLocation());
        bool invalid = false;
        const char* after = sources.getCharacterData(loc, &invalid);
        if (invalid || after == nullptr) {
            return;
        }
        after += name.size();
        while (*after == ' ' || *after == '\t') {
            ++after;
        }
        if (*after != '<') {
            return;
        }
        message = "'" + name + "' is not a template: remove the template arguments";
        not_template_name_ = name;
    }

    /// The bytes of the diagnostic's first range when it starts at `loc` and stays on its line.
    static std::uint32_t range_length(const clang::SourceManager& sources,
                                      const clang::Diagnostic& info, clang::SourceLocation loc) {
        if (info.getNumRanges() == 0) {
            return 0;
        }
        clang::CharSourceRange range = info.getRange(0);
        clang::SourceLocation begin = sources.getFileLoc(range.getBegin());
        clang::SourceLocation end = sources.getFileLoc(range.getEnd());
        if (begin != loc || !sources.isWrittenInSameFile(begin, end)) {
            return 0;
        }
        unsigned begin_offset = sources.getFileOffset(begin);
        unsigned end_offset = sources.getFileOffset(end);
        if (end_offset < begin_offset ||
            sources.getSpellingLineNumber(begin) != sources.getSpellingLineNumber(end)) {
            return 0;
        }
        if (range.isTokenRange()) {
            end_offset += clang::Lexer::MeasureTokenLength(end, sources, clang::LangOptions());
        }
        return end_offset - begin_offset;
    }

    LocationMapper& mapper_;
    DiagnosticEngine& diags_;
    std::string not_template_name_; ///< the name of the last rephrased "is not a template"
};

/// The driver's diagnostics: its errors only. Its warnings are about the command line gpucc
/// builds (a CUDA newer than Clang knows), not about the user's code. A toolkit Clang cannot find
/// is said in gpucc's terms: Clang's advice names its own options (`-nocudalib`, `-nocudainc`),
/// which gpucc does not have.
class DriverDiagnostics : public clang::DiagnosticConsumer {
public:
    DriverDiagnostics(DiagnosticBridge& next, DiagnosticEngine& diags, const ClangRequest& request)
        : next_(next), diags_(diags), request_(request) {}
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                          const clang::Diagnostic& info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level < clang::DiagnosticsEngine::Error) {
            return;
        }
        const char* missing = nullptr;
        if (info.getID() == clang::diag::err_drv_no_cuda_libdevice) {
            missing = "libdevice (nvvm/libdevice/libdevice.10.bc)";
        } else if (info.getID() == clang::diag::err_drv_no_cuda_installation) {
            missing = "the CUDA headers (include/cuda.h)";
        }
        if (missing == nullptr) {
            next_.HandleDiagnostic(level, info);
            return;
        }
        if (reported_toolkit_) {
            return; // one message says it
        }
        reported_toolkit_ = true;
        diags_.report_tool_error("raw CUDA for sm_" + std::to_string(request_.arch) + " needs " +
                                 missing + " from the CUDA toolkit, which is not in '" +
                                 request_.cuda_path +
                                 "'; give the toolkit's root with --cuda-path=DIR or CUDA_PATH");
    }

private:
    DiagnosticBridge& next_;
    DiagnosticEngine& diags_;
    const ClangRequest& request_;
    bool reported_toolkit_ = false;
};

/// Reads the AST before code generation sees it.
class SignatureConsumer : public clang::ASTConsumer {
public:
    SignatureConsumer(clang::CompilerInstance& compiler, std::function<void(clang::ASTContext&)> fn)
        : compiler_(compiler), fn_(std::move(fn)) {}

    void HandleTranslationUnit(clang::ASTContext& context) override {
        if (!compiler_.getDiagnostics().hasErrorOccurred()) {
            fn_(context);
        }
    }

private:
    clang::CompilerInstance& compiler_;
    std::function<void(clang::ASTContext&)> fn_;
};

class CompileAction : public clang::EmitLLVMOnlyAction {
public:
    CompileAction(llvm::LLVMContext* context, std::function<void(clang::ASTContext&)> on_ast)
        : clang::EmitLLVMOnlyAction(context), on_ast_(std::move(on_ast)) {}

protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& compiler,
                                                          llvm::StringRef file) override {
        std::unique_ptr<clang::ASTConsumer> codegen =
            clang::EmitLLVMOnlyAction::CreateASTConsumer(compiler, file);
        if (!on_ast_ || !codegen) {
            return codegen;
        }
        std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
        consumers.push_back(std::make_unique<SignatureConsumer>(compiler, on_ast_));
        consumers.push_back(std::move(codegen));
        return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
    }

private:
    std::function<void(clang::ASTContext&)> on_ast_;
};

/// The deepest nesting of (), [] or {} (each counted apart) raw CUDA may use: Clang's
/// documented default. Clang's own limit was deeper than the stack of gpucc's main thread, so
/// 1,500 nested parentheses crashed it.
constexpr int kBracketDepth = 256;

/// The stack Clang runs on: a parse at kBracketDepth of each kind of bracket, template
/// instantiation at Clang's depth limit and the optimizer take a few MB; the rest is margin (the
/// pages are only reserved until used).
constexpr unsigned kClangStackBytes = 64u << 20;

std::vector<std::string> driver_arguments(const ClangRequest& request,
                                          const kir::RawCudaUnit& unit) {
    llvm::SmallString<256> cccl(request.cuda_path);
    llvm::sys::path::append(cccl, "include", "cccl");
    return {GPUCC_CLANG_DRIVER_PATH, "-x", "cuda", "--cuda-device-only",
            "--cuda-gpu-arch=sm_" + std::to_string(request.arch),
            "--cuda-path=" + request.cuda_path, "-resource-dir", GPUCC_CLANG_RESOURCE_DIR,
            // CUDA 13 keeps CUB, Thrust and libcu++ (which cooperative groups use) here; nvcc
            // searches it without being told.
            "-isystem", std::string(cccl), "-std=c++20", "-O3", "-Wno-unknown-cuda-version",
            // Clang's parser recurses once per nesting level; past this many it reports an
            // error instead of running out of stack (kClangStackBytes holds the levels allowed).
            "-fbracket-depth=" + std::to_string(kBracketDepth), "-c", unit.buffer_name};
}

/// run_clang's work, on the thread run_clang starts.
std::unique_ptr<llvm::Module> run_clang_here(const ClangRequest& request, kir::RawCudaUnit& unit,
                                             LocationMapper& mapper, DiagnosticEngine& diags) {
    auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    memory->addFile(unit.buffer_name, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(unit.source, unit.buffer_name));
    auto files =
        llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
    files->pushOverlay(memory);

    DiagnosticBridge bridge(mapper, diags);
    DriverDiagnostics driver_bridge(bridge, diags, request);
    clang::DiagnosticOptions diagnostic_options;
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> driver_diags =
        clang::CompilerInstance::createDiagnostics(*files, diagnostic_options, &driver_bridge,
                                                   false);

    std::vector<std::string> arguments = driver_arguments(request, unit);
    std::vector<const char*> argv;
    for (const std::string& argument : arguments) {
        argv.push_back(argument.c_str());
    }
    clang::CreateInvocationOptions options;
    options.Diags = driver_diags;
    options.VFS = files;
    std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(argv, options);
    if (!invocation || driver_diags->hasErrorOccurred()) {
        if (!driver_diags->hasErrorOccurred()) {
            diags.report_tool_error("Clang could not set up the compilation of raw CUDA for sm_" +
                                    std::to_string(request.arch));
        }
        return nullptr;
    }
    // The PTX ISA version gpucc chooses for this architecture, so that Clang's functions and
    // gpucc's agree (TargetMachines.h).
    std::vector<std::string>& features = invocation->getTargetOpts().Features;
    std::erase_if(features, [](const std::string& f) { return f.starts_with("+ptx"); });
    features.push_back(ptx_version_feature(request.arch));

    invocation->getDiagnosticOpts().ShowCarets = false; // no "N warnings generated" on stderr
    clang::CompilerInstance compiler(invocation);
    compiler.setVirtualFileSystem(files);
    compiler.createDiagnostics(&bridge, false);
    compiler.createFileManager();
    auto collector = std::make_shared<clang::DependencyCollector>();
    compiler.addDependencyCollector(collector);

    std::function<void(clang::ASTContext&)> on_ast;
    if (request.extract) {
        on_ast = [&](clang::ASTContext& context) {
            LocateFn locate = [&](clang::SourceLocation loc) {
                return bridge.locate(context.getSourceManager(), loc);
            };
            extract_signatures(context, unit.instantiation_count, locate, diags, unit);
        };
    }
    CompileAction action(request.context, on_ast);
    bool ok = compiler.ExecuteAction(action) && !compiler.getDiagnostics().hasErrorOccurred();
    compiler.getDiagnostics().setClient(nullptr, false);
    if (request.extract) {
        for (const std::string& file : collector->getDependencies()) {
            if (file != unit.buffer_name) {
                unit.dependencies.push_back(file);
            }
        }
    }
    if (!ok) {
        return nullptr;
    }
    return action.takeModule();
}

} // namespace

std::unique_ptr<llvm::Module> run_clang(const ClangRequest& request, kir::RawCudaUnit& unit,
                                        LocationMapper& mapper, DiagnosticEngine& diags) {
    // A crash inside Clang becomes an error at the definition rather than a dead compiler.
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext recovery;
    std::unique_ptr<llvm::Module> module;
    bool finished = recovery.RunSafelyOnThread(
        [&] { module = run_clang_here(request, unit, mapper, diags); }, kClangStackBytes);
    // Back to LLVM's handlers (which run on an alternate stack) for the rest of gpucc.
    llvm::CrashRecoveryContext::Disable();
    if (!finished) {
        // What the crashed compilation allocated stays allocated: recovery left the frames
        // that own it without running their destructors (see the LeakSanitizer suppression
        // of tests/lit/RawCuda/clang_crash.test).
        diags.report(unit.loc, DiagKind::RawCudaCrashed);
        return nullptr;
    }
    return module;
}

} // namespace gpucc::rawcuda
