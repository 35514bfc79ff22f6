// libFuzzer harness over gpucc's front end: every input is a .dsl file, run through the lexer, the
// parser, Sema (instantiation, type checking) and the lowering to kernel IR, then printed at each
// stage (--emit=tokens|ast|ir) and, when it is error-free, turned into the C++ header; an input
// with `expected-` comments also goes through --verify's comparison. What it looks for is what no
// input may cause: a crash, a sanitizer report, a GPUCC_CHECK internal error (on in every build),
// a hang or unbounded memory. LLVM code generation, Clang (raw CUDA) and ptxas are left out: they
// are slow per input, and not the front end's code. Built with -DGPUCC_FUZZ=ON (Clang,
// tests/fuzz/CMakeLists.txt), seeded with the project's .dsl files.
#include "compiler/ast/AstPrinter.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/headergen/HeaderGen.h"
#include "compiler/kir/KirPrinter.h"
#include "compiler/lex/Lexer.h"
#include "compiler/parse/Parser.h"
#include "compiler/sema/Sema.h"

#include <cstddef>
#include <cstdint>
#include <llvm/Support/raw_ostream.h>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace gpucc;
    std::string text(reinterpret_cast<const char*>(data), size);
    bool verify = text.find("expected-") != std::string::npos;

    SourceManager sources;
    // Diagnostics are rendered (source line, caret, suggestions) into a sink, not printed: the
    // rendering is front-end code too.
    llvm::raw_null_ostream sink;
    DiagnosticEngine diags(sources, sink);
    diags.set_verify_mode(verify);
    std::uint32_t file = sources.add_buffer("fuzz.dsl", std::move(text));

    std::vector<Token> tokens = lex_file(file, sources, diags);
    print_tokens(tokens, sources, sink);
    std::unique_ptr<ast::Module> syntax = parse_module(tokens, sources, diags);
    print_ast(*syntax, sink);

    SemaOptions options;
    // A bare <T> stands for one type of each kind and of the edge sizes rather than all 13 (as
    // --dtypes= does): instances of the other types take the same paths, and the time per input
    // decides how far the fuzzer gets in CI's minutes.
    options.default_dtypes = {ScalarType::Bool,    ScalarType::Int8,    ScalarType::UInt64,
                              ScalarType::Float16, ScalarType::Float32, ScalarType::Float64};
    options.module_name = syntax->name ? *syntax->name : "fuzz";
    options.is_usable_cpp_name = is_usable_cpp_name;
    options.is_reduction_wrapper_name = is_reduction_wrapper_name;
    std::optional<kir::Module> kernels = analyze_module(*syntax, options, diags);
    if (kernels) {
        print_kir(*kernels, sink);
        if (!diags.has_errors()) {
            sink << generate_header(*kernels, "fuzz.gpucc.h");
        }
    }
    if (verify) {
        diags.verify();
    }
    return 0;
}
