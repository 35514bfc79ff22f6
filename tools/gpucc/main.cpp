// The gpucc command: parses the command line and hands it to the driver (compiler/driver).
#include "CrashHandlers.h"
#include "compiler/driver/Driver.h"
#include "compiler/driver/DtypesOption.h"

#include <cctype>
#include <cstdlib>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/raw_ostream.h>
#include <string>

namespace cl = llvm::cl;

namespace {

cl::OptionCategory gpucc_category("gpucc options");

cl::opt<std::string> input_path(cl::Positional, cl::desc("<file.dsl>"), cl::Required,
                                cl::cat(gpucc_category));

cl::opt<std::string>
    output_dir("o", cl::desc("Directory for the generated header and object (default: .)"),
               cl::value_desc("dir"), cl::init("."), cl::cat(gpucc_category));

cl::opt<gpucc::EmitKind> emit(
    "emit", cl::desc("Print one stage to stdout instead of writing outputs"),
    cl::values(
        clEnumValN(gpucc::EmitKind::Tokens, "tokens", "the token stream"),
        clEnumValN(gpucc::EmitKind::Ast, "ast", "the syntax tree"),
        clEnumValN(gpucc::EmitKind::Ir, "ir", "the typed kernel IR, after instantiation"),
        clEnumValN(gpucc::EmitKind::Fusion, "fusion",
                   "per fused function: the operations fused, arrays read and written, bytes moved "
                   "per element"),
        clEnumValN(gpucc::EmitKind::Llvm, "llvm", "LLVM IR for NVPTX, optimized, libdevice linked"),
        clEnumValN(gpucc::EmitKind::LlvmHost, "llvm-host", "LLVM IR for the host CPU, optimized"),
        clEnumValN(gpucc::EmitKind::Ptx, "ptx", "PTX for the highest --arch"),
        clEnumValN(gpucc::EmitKind::Header, "header",
                   "the generated C++ header (no device or host code is compiled)")),
    cl::init(gpucc::EmitKind::None), cl::cat(gpucc_category));

cl::list<int> archs("arch",
                    cl::desc("SM architectures to build SASS for, e.g. --arch=80,90 (default: 90)"),
                    cl::CommaSeparated, cl::value_desc("sm"), cl::cat(gpucc_category));

cl::list<std::string> dtypes("dtypes",
                             cl::desc("Types a bare <T> stands for, e.g. --dtypes=float32,float64 "
                                      "(default: every type of the language)"),
                             cl::CommaSeparated, cl::value_desc("types"), cl::cat(gpucc_category));

cl::opt<std::string>
    module_name("module",
                cl::desc("C++ namespace of the generated code "
                         "(default: the module declaration, else the file's stem)"),
                cl::value_desc("name"), cl::cat(gpucc_category));

cl::opt<std::string> cuda_path("cuda-path",
                               cl::desc("Root of the CUDA toolkit: ptxas, fatbinary, libdevice "
                                        "(default: $CUDA_PATH, else " GPUCC_DEFAULT_CUDA_PATH ")"),
                               cl::value_desc("dir"), cl::cat(gpucc_category));

cl::opt<std::string> depfile("depfile",
                             cl::desc("Write the outputs' dependencies (the .dsl file and the "
                                      "files its raw CUDA reads) to this file, in Make syntax"),
                             cl::value_desc("file"), cl::cat(gpucc_category));

cl::opt<bool> verify("verify",
                     cl::desc("Check the file's // expected-error {{...}} comments against the "
                              "diagnostics instead of printing them; exit 0 when they match"),
                     cl::cat(gpucc_category));

cl::opt<unsigned> error_limit("error-limit",
                              cl::desc("Show at most this many errors; count the rest "
                                       "(default: 20; 0: no limit)"),
                              cl::value_desc("N"), cl::init(20), cl::cat(gpucc_category));
cl::opt<bool> quiet("quiet",
                    cl::desc("Print no progress lines (by default a compile prints them "
                             "when stderr is a terminal or it takes over 2 s)"),
                    cl::cat(gpucc_category));
cl::opt<unsigned> jobs("j",
                       cl::desc("Build and optimize kernel instances on N threads (default 0: one "
                                "per core); the outputs are the same whatever N"),
                       cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(gpucc_category));
cl::opt<bool> progress("progress", cl::desc("Print a progress line for each stage, always"),
                       cl::cat(gpucc_category));

// Hidden: makes gpucc fail in itself, for the tests of its crash handlers.
cl::opt<std::string> debug_crash("debug-crash",
                                 cl::desc("Crash (segv; segv-worker: on another thread) or stop "
                                          "with an LLVM fatal error (fatal), to test the handlers"),
                                 cl::value_desc("segv|segv-worker|fatal"), cl::Hidden);

// Hidden: instances per device image, so that tests make a file of several images out of a few
// kernels (kir::Module::image_group_size; 0: one image whatever the count).
cl::opt<unsigned> image_group_size(
    "image-group-size",
    cl::desc("Compile a file of more kernel instances than N as one device image per N instances "
             "(default: 1024; 0: one image)"),
    cl::value_desc("N"), cl::init(static_cast<unsigned>(gpucc::kir::kDefaultImageGroupSize)),
    cl::Hidden, cl::cat(gpucc_category));

} // namespace

int main(int argc, char** argv) {
    // Instead of llvm::InitLLVM, whose crash handler prints LLVM's banner and stack dump (and
    // whose llvm_shutdown at exit would tear down what a crashed Clang left half-built).
    gpucc_tool::install_crash_handlers();
    cl::HideUnrelatedOptions(gpucc_category);
    cl::SetVersionPrinter([](llvm::raw_ostream& out) { out << "gpucc 0.1.0\n"; });
    if (!cl::ParseCommandLineOptions(
            argc, argv,
            "gpucc: compiles kernels written in the gpucc language ahead of "
            "time to a typed C++ header and an object file with SASS and PTX "
            "for the GPU and code for the host CPU\n",
            &llvm::errs())) {
        return 1;
    }

    if (!debug_crash.empty()) {
        gpucc_tool::crash_for_test(debug_crash == "fatal" ? gpucc_tool::TestCrash::Fatal
                                   : debug_crash == "segv-worker"
                                       ? gpucc_tool::TestCrash::SegvOnWorker
                                       : gpucc_tool::TestCrash::Segv);
    }

    gpucc::DriverOptions options;
    options.input_path = input_path;
    options.output_dir = output_dir;
    options.emit = emit;
    if (!archs.empty()) {
        options.archs.assign(archs.begin(), archs.end());
    }
    std::string dtypes_error;
    std::optional<std::vector<gpucc::ScalarType>> default_dtypes =
        gpucc::parse_dtypes_option(dtypes, dtypes_error);
    if (!default_dtypes) {
        llvm::errs() << "gpucc: error: " << dtypes_error << "\n";
        return 1;
    }
    options.default_dtypes = std::move(*default_dtypes);
    for (int arch : options.archs) {
        if (arch < 75 || arch > 121) {
            llvm::errs() << "gpucc: error: --arch: sm_" << arch
                         << " is not supported by CUDA 13 (sm_75 to sm_121)\n";
            return 1;
        }
    }
    // The module name is the generated header's namespace and part of the object's symbols.
    const std::string& module = module_name;
    bool identifier =
        !module_name.empty() && std::isdigit(static_cast<unsigned char>(module[0])) == 0;
    for (char c : module) {
        identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_');
    }
    if (module_name.getNumOccurrences() != 0 && !identifier) {
        llvm::errs() << "gpucc: error: --module: '" << module
                     << "' is not a C++ identifier (letters, digits and '_', not starting with a "
                        "digit); it names the generated header's namespace\n";
        return 1;
    }
    options.module_name = module_name;
    options.cuda_path = cuda_path;
    if (options.cuda_path.empty()) {
        const char* env = std::getenv("CUDA_PATH");
        options.cuda_path = env != nullptr && *env != '\0' ? env : GPUCC_DEFAULT_CUDA_PATH;
    }
    options.verify = verify;
    options.depfile = depfile;
    options.error_limit = error_limit;
    options.jobs = jobs;
    options.image_group_size = image_group_size;
    options.progress = quiet      ? gpucc::ProgressMode::Never
                       : progress ? gpucc::ProgressMode::Always
                                  : gpucc::ProgressMode::Auto;
    return gpucc::compile(options);
}
