// The pipeline, in order. Each phase takes the previous phase's structure and returns its own;
// `--emit=` prints one of them and stops. Diagnostics accumulate in one engine so a run reports
// every error it can find; a phase whose input had errors still runs when its output can be
// trusted (parsing recovers at declarations), and the back end runs only on an error-free module.
#include "compiler/driver/Driver.h"

#include "compiler/ast/AstPrinter.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/driver/Outputs.h"
#include "compiler/headergen/HeaderGen.h"
#include "compiler/kir/KirPrinter.h"
#include "compiler/lex/Lexer.h"
#include "compiler/parse/Parser.h"
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/sema/Sema.h"
#include "compiler/target/CudaTools.h"
#include "compiler/target/GridDependency.h"
#include "compiler/target/HostBackend.h"
#include "compiler/target/NvptxBackend.h"

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

/// Names the header cannot use are caught here, before any code is generated.
bool check_cpp_names(const kir::Module& module, DiagnosticEngine& diags) {
    bool ok = true;
    auto check = [&](const std::string& name, const char* what) {
        if (!is_usable_cpp_name(name)) {
            diags.report_tool_error(
                module.source_path + ": " + what + " '" + name +
                "' cannot be used in the generated C++ header (a C++ keyword or a reserved name)");
            ok = false;
        }
    };
    check(module.name, "module name");
    for (const kir::ElementwiseKernel& kernel : module.elementwise) {
        check(kernel.name, "kernel name");
        for (const kir::ParamSignature& param : kernel.params) {
            check(param.name, "parameter name");
        }
    }
    for (const kir::ReductionKernel& kernel : module.reductions) {
        check(kernel.name, "kernel name");
        for (const kir::ParamSignature& param : kernel.params) {
            check(param.name, "parameter name");
            if (is_reduction_wrapper_name(param.name)) {
                diags.report_tool_error(module.source_path + ": parameter name '" + param.name +
                                        "' of reduction '" + kernel.name +
                                        "' cannot be used in the generated C++ header (its "
                                        "functions take 'axis' and 'keepdims' after the arrays)");
                ok = false;
            }
        }
    }
    for (const kir::GridKernel& kernel : module.grid_kernels) {
        check(kernel.name, "kernel name");
        for (const kir::ParamSignature& param : kernel.params) {
            check(param.name, "parameter name");
        }
    }
    return ok;
}

/// The back end: PTX and SASS for each arch, the fatbin, the host object with the fatbin inside,
/// the header. Outputs are written only when every step succeeded.
void run_backend(const kir::Module& module, const DriverOptions& options,
                 const OutputPaths& outputs, DiagnosticEngine& diags) {
    if (!check_cpp_names(module, diags)) {
        return;
    }
    const std::string& header_name = outputs.header_name;
    if (options.emit == EmitKind::Header) {
        llvm::outs() << generate_header(module, header_name);
        return;
    }
    std::vector<int> archs = options.archs;
    std::sort(archs.begin(), archs.end());
    archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
    int newest = archs.back();

    if (options.emit == EmitKind::LlvmHost) {
        HostObjectResult host = compile_host_object(module, "", /*want_llvm_ir=*/true);
        if (!host.ok) {
            diags.report_tool_error(host.error);
            return;
        }
        llvm::outs() << host.llvm_ir;
        return;
    }
    if (options.emit == EmitKind::Llvm || options.emit == EmitKind::Ptx) {
        PtxResult device = compile_to_ptx(module, newest, options.cuda_path,
                                          options.emit == EmitKind::Llvm, &diags);
        if (!device.ok) {
            diags.report_tool_error(device.error);
            return;
        }
        llvm::outs() << (options.emit == EmitKind::Llvm ? device.llvm_ir : device.ptx);
        return;
    }

    // SASS for every arch, PTX of the newest for GPUs newer than any listed.
    std::vector<FatbinImage> images;
    for (int arch : archs) {
        PtxResult device = compile_to_ptx(module, arch, options.cuda_path, false, &diags);
        if (!device.ok) {
            diags.report_tool_error(device.error);
            return;
        }
        CudaToolResult cubin = run_ptxas(options.cuda_path, device.ptx, arch);
        if (!cubin.ok) {
            diags.report_tool_error(cubin.error);
            return;
        }
        images.push_back({arch, false, std::move(cubin.output)});
        if (arch == newest) {
            images.push_back({arch, true, std::move(device.ptx)});
        }
    }
    CudaToolResult fatbin = run_fatbinary(options.cuda_path, images);
    if (!fatbin.ok) {
        diags.report_tool_error(fatbin.error);
        return;
    }
    HostObjectResult host =
        compile_host_object(module, fatbin.output, false, image_flags_for(archs));
    if (!host.ok) {
        diags.report_tool_error(host.error);
        return;
    }
    std::string header = generate_header(module, header_name);
    if (std::error_code error = llvm::sys::fs::create_directories(options.output_dir)) {
        diags.report_tool_error("cannot create '" + options.output_dir + "': " + error.message());
        return;
    }
    if (write_output(outputs.object, host.object, diags)) {
        write_output(outputs.header, header, diags);
    }
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

    OutputPaths outputs = output_paths(options.input_path, options.output_dir);
    run_backend(*kernels, options, outputs, diags);
    if (!options.depfile.empty() && options.emit == EmitKind::None && !diags.has_errors()) {
        write_depfile(options.depfile, outputs, options.input_path, *kernels, diags);
    }
    return finish(diags, false);
}

} // namespace gpucc
