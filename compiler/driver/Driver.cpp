// The pipeline, in order, in one function: `compile` reads
//   tokens -> syntax -> kernels (+ raw CUDA) -> per arch: LLVM IR -> PTX -> SASS
//          -> fatbin -> host object -> header -> write
// (the device stage is DeviceStage's: a module of several parts goes to PTX and SASS part by
// part, DeviceParts.h, and one of more instances than an image holds makes a fatbin per group of
// parts, KernelParts.h)
// and `--emit=` stops it with one line per stage, `if (stops_at(EmitKind::X)) return print(x);`
// (the stops are listed in pipeline order in EmitKind.h). Diagnostics accumulate in one engine so
// a run reports every error it can find; a phase whose input had errors still runs when its output
// can be trusted (parsing recovers at declarations), and code generation runs only on an
// error-free module. Outputs are written only when every step succeeded.
#include "compiler/driver/Driver.h"

#include "compiler/ast/AstPrinter.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/driver/Outputs.h"
#include "compiler/headergen/HeaderGen.h"
#include "compiler/kir/KirPrinter.h"
#include "compiler/lex/Lexer.h"
#include "compiler/parse/Parser.h"
#include "compiler/rawcuda/RawCuda.h"
#include "compiler/sema/FusionReport.h"
#include "compiler/sema/Sema.h"
#include "compiler/target/CudaTools.h"
#include "compiler/target/DeviceParts.h"
#include "compiler/target/GridDependency.h"
#include "compiler/target/HostBackend.h"
#include "compiler/target/KernelParts.h"
#include "compiler/target/LaunchSlots.h"
#include "compiler/target/MemoryTrace.h"
#include "compiler/target/NvptxBackend.h"
#include "compiler/target/PtxasMessages.h"

#include <algorithm>
#include <iostream>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>
#include <optional>

namespace gpucc {
namespace {

/// The module name when neither the command line nor the file names the module: the file's stem
/// up to its first dot ("kernels.dsl" -> "kernels"), made a C++ identifier.
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

/// The module's name: from the command line, else the file's `module` declaration, else the file
/// name.
std::string module_name(const DriverOptions& options, const ast::Module& syntax) {
    if (!options.module_name.empty()) {
        return options.module_name;
    }
    return syntax.name ? *syntax.name : default_module_name(options.input_path);
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

/// What a run carries from phase to phase: the options, the files read and the diagnostics, and
/// the ways a run ends (printing a stage, a failed back-end step, or the end of the pipeline).
class Session {
public:
    explicit Session(const DriverOptions& options)
        : options(options), diags(sources, llvm::errs()) {
        diags.set_verify_mode(options.verify);
        diags.set_error_limit(options.error_limit);
    }

    const DriverOptions& options;
    SourceManager sources;
    DiagnosticEngine diags;

    /// Whether `--emit=` asks to print `kind` (and stop there).
    bool stops_at(EmitKind kind) const { return options.emit == kind; }

    int print(const std::vector<Token>& tokens) {
        print_tokens(tokens, sources, llvm::outs());
        return finish();
    }
    /// Prints nothing after an error: a module that had errors is not shown in part.
    int print(const ast::Module& syntax) {
        if (!diags.has_errors()) {
            print_ast(syntax, llvm::outs());
        }
        return finish();
    }
    /// Prints nothing when Sema or Clang found an error (it was reported).
    int print(const std::optional<kir::Module>& kernels) {
        if (kernels && !diags.has_errors()) {
            print_kir(*kernels, llvm::outs());
            print_raw_cuda(kernels->raw_cuda, llvm::outs());
        }
        return finish();
    }
    int print(const std::string& text) {
        llvm::outs() << text;
        return finish();
    }

    /// A back-end step failed (a tool missing, ptxas rejecting PTX): "gpucc: error: <message>".
    int fail(std::string message) {
        diags.report_tool_error(std::move(message));
        return finish();
    }
    int fail(llvm::Error error) { return fail(llvm::toString(std::move(error))); }

    /// The exit status: 0 on success, 1 on errors; in verify mode, whether the expected
    /// diagnostics were the ones reported.
    int finish() {
        diags.print_suppressed();
        if (options.verify) {
            return diags.verify() ? 0 : 1;
        }
        return diags.has_errors() ? 1 : 0;
    }
};

/// The architectures to build SASS for, sorted, each once; a device stage (`--emit=llvm|ptx`)
/// prints the newest only.
std::vector<int> target_archs(const DriverOptions& options) {
    std::vector<int> archs = options.archs;
    std::sort(archs.begin(), archs.end());
    archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
    if (options.emit == EmitKind::Llvm || options.emit == EmitKind::Ptx) {
        archs.erase(archs.begin(), archs.end() - 1);
    }
    return archs;
}

/// "12 kernel instances", for progress lines: gpucc's instances and the raw CUDA kernels.
std::string count_instances(const kir::Module& kernels) {
    std::size_t count = instance_count(kernels);
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        count += unit.kernels.size();
    }
    return std::to_string(count) + (count == 1 ? " kernel instance" : " kernel instances");
}

/// The device code of a module: the fatbin of a module of one image, or one object per device
/// image of a module of several (KernelParts.h), made as each image's fatbin is.
struct DeviceImages {
    std::string fatbin;
    std::vector<std::unique_ptr<TempFile>> image_objects;
    std::vector<std::string> image_object_paths;
};

/// The device stage of `compile`: LLVM IR -> PTX -> SASS per arch -> fatbin, for a module compiled
/// whole or part by part. Each compile_* returns the exit status when the run ends in it (an
/// `--emit=llvm|ptx` stop printed, or a step failed), nothing when `images` is ready.
class DeviceStage {
public:
    DeviceStage(Session& session, const kir::Module& kernels, std::vector<int> archs)
        : session(session), kernels(kernels), archs(std::move(archs)),
          progress(session.options.emit == EmitKind::None ? session.options.progress
                                                          : ProgressMode::Never,
                   llvm::sys::path::filename(session.options.input_path).str()),
          instances(count_instances(kernels)) {}

    Session& session;
    const kir::Module& kernels;
    const std::vector<int> archs;
    Progress progress;
    const std::string instances; // "12 kernel instances", for the progress lines
    DeviceImages images;

    /// The whole module to PTX (one LLVM module), ptxas per arch, one fatbin.
    std::optional<int> compile_whole() {
        const DriverOptions& options = session.options;
        std::vector<FatbinImage> fatbin_images;
        for (int arch : archs) {
            const bool newest = arch == archs.back();
            progress.stage("PTX for sm_" + std::to_string(arch) + " (" + instances + ")");
            llvm::Expected<DeviceCode> device =
                compile_to_ptx(kernels, arch, options.cuda_path, session.stops_at(EmitKind::Llvm),
                               &session.diags, options.jobs);
            if (!device) {
                return placed_or_failed(device.takeError());
            }
            if (session.stops_at(EmitKind::Llvm)) {
                return session.print(device->llvm_ir);
            }
            if (session.stops_at(EmitKind::Ptx)) {
                return session.print(device->ptx);
            }
            progress.stage("ptxas for sm_" + std::to_string(arch));
            llvm::Expected<std::string> sass = run_ptxas(options.cuda_path, device->ptx, arch);
            if (!sass) {
                report_ptxas_failure(kernels, device->ptx, llvm::toString(sass.takeError()), arch,
                                     session.diags);
                return session.finish();
            }
            fatbin_images.push_back({arch, false, std::move(*sass), ""});
            if (newest) {
                fatbin_images.push_back({arch, true, std::move(device->ptx), ""});
            }
        }
        llvm::Expected<std::string> whole = run_fatbinary(options.cuda_path, fatbin_images);
        if (!whole) {
            return session.fail(whole.takeError());
        }
        images.fatbin = std::move(*whole);
        memory_checkpoint("fatbin");
        return std::nullopt;
    }

    /// Each part to PTX and a relocatable object on its worker, nvlink joining an image group's
    /// parts (DeviceParts.h); a fatbin per group, each group's files and bytes gone before the
    /// next group starts, so gpucc and the CUDA tools hold one image at a time. --emit=ptx prints
    /// every part's PTX in one module.
    std::optional<int> compile_in_image_groups() {
        std::vector<ImageGroup> groups = split_into_image_groups(
            kernels, session.stops_at(EmitKind::Ptx) ? 0 : kernels.image_group_size);
        std::size_t total_parts = split_into_parts(kernels).size();
        for (std::size_t g = 0; g < groups.size(); ++g) {
            std::string parts =
                groups.size() == 1
                    ? std::to_string(total_parts) + " parts"
                    : "image " + std::to_string(g + 1) + " of " + std::to_string(groups.size()) +
                          ": parts " + std::to_string(groups[g].first_part + 1) + "-" +
                          std::to_string(groups[g].end_part) + " of " + std::to_string(total_parts);
            std::string group_fatbin;
            if (std::optional<int> ended = compile_image_group(groups[g], parts, group_fatbin)) {
                return ended;
            }
            if (groups.size() == 1) {
                images.fatbin = std::move(group_fatbin);
                return std::nullopt;
            }
            llvm::Expected<std::unique_ptr<TempFile>> object =
                emit_image_object(kernels.name, g, group_fatbin, image_flags_for(archs));
            if (!object) {
                return session.fail(object.takeError());
            }
            images.image_object_paths.push_back((*object)->path());
            images.image_objects.push_back(std::move(*object));
        }
        return std::nullopt;
    }

private:
    /// One image group's parts per arch to cubins (and the newest arch's PTX), then its fatbin.
    std::optional<int> compile_image_group(const ImageGroup& group, const std::string& parts,
                                           std::string& fatbin) {
        const DriverOptions& options = session.options;
        const bool ptx_only = session.stops_at(EmitKind::Ptx);
        std::vector<FatbinImage> fatbin_images;
        std::vector<std::unique_ptr<TempFile>> device_files; // what fatbinary reads
        for (int arch : archs) {
            const bool newest = arch == archs.back();
            progress.stage("PTX and SASS for sm_" + std::to_string(arch) + " (" + instances + ", " +
                           parts + ")");
            llvm::Expected<PartedDeviceCode> device =
                compile_device_in_parts(kernels, group, arch, options.cuda_path, &session.diags,
                                        options.jobs, newest || ptx_only, ptx_only);
            if (!device) {
                return placed_or_failed(device.takeError());
            }
            if (ptx_only) {
                auto text = llvm::MemoryBuffer::getFile(device->ptx_file->path());
                return text ? session.print((*text)->getBuffer().str())
                            : session.fail("cannot read back the PTX");
            }
            memory_checkpoint("device code");
            fatbin_images.push_back({arch, false, "", device->cubin_file->path()});
            device_files.push_back(std::move(device->cubin_file));
            if (newest) {
                fatbin_images.push_back({arch, true, "", device->ptx_file->path()});
                device_files.push_back(std::move(device->ptx_file));
            }
        }
        llvm::Expected<std::string> made = run_fatbinary(options.cuda_path, fatbin_images);
        if (!made) {
            return session.fail(made.takeError());
        }
        memory_checkpoint("fatbin");
        fatbin = std::move(*made);
        return std::nullopt;
    }

    /// A device step's error: findings already reported at their definitions end the run as
    /// errors do (a void handler consumes them); any other is a tool failure.
    int placed_or_failed(llvm::Error error) {
        error = llvm::handleErrors(std::move(error), [](const ReportedAtDefinitions&) {});
        return error ? session.fail(std::move(error)) : session.finish();
    }
};

} // namespace

int compile(const DriverOptions& options) {
    Session session(options);
    SourceManager& sources = session.sources;
    DiagnosticEngine& diags = session.diags;
    auto stops_at = [&](EmitKind kind) { return session.stops_at(kind); };

    std::string read_error;
    std::uint32_t file = sources.load_file(options.input_path, read_error);
    if (file == 0) {
        diags.report_tool_error("cannot read '" + options.input_path + "': " + read_error);
        return 1;
    }

    if (!options.depfile.empty() && !options.verify && options.emit == EmitKind::None &&
        !check_depfile_path(options.depfile, output_paths(options.input_path, options.output_dir),
                            {options.input_path}, diags)) {
        return session.finish();
    }

    std::vector<Token> tokens = lex_file(file, sources, diags);
    if (stops_at(EmitKind::Tokens)) {
        return session.print(tokens);
    }

    std::unique_ptr<ast::Module> syntax = parse_module(tokens, sources, diags);
    if (stops_at(EmitKind::Ast)) {
        return session.print(*syntax);
    }

    std::string name = module_name(options, *syntax);
    SemaOptions sema_options;
    sema_options.default_dtypes = options.default_dtypes;
    sema_options.module_name = name;
    sema_options.is_usable_cpp_name = is_usable_cpp_name;
    sema_options.is_usable_kernel_name = is_usable_kernel_name;
    sema_options.is_reduction_wrapper_name = is_reduction_wrapper_name;
    std::optional<kir::Module> kernels = analyze_module(*syntax, sema_options, diags);
    memory_checkpoint("sema");
    // Raw CUDA definitions: Clang compiles each (compiler/rawcuda), even when the rest had errors.
    std::vector<kir::RawCudaUnit> raw_cuda;
    if (!syntax->raw_cuda.empty()) {
        raw_cuda =
            analyze_raw_cuda(*syntax, raw_cuda_options(options, *syntax, name), sources, diags);
    }
    if (kernels) {
        kernels->raw_cuda = std::move(raw_cuda);
        if (kernels->source_path.empty()) {
            kernels->source_path = options.input_path;
        }
        kernels->image_group_size = options.image_group_size;
    }
    if (stops_at(EmitKind::Ir)) {
        return session.print(kernels);
    }
    if (stops_at(EmitKind::Fusion)) {
        return session.print(kernels && !diags.has_errors() ? fusion_report(*syntax, *kernels)
                                                            : std::string());
    }

    // A kernel the runtime could not call is refused before any code is made for it.
    if (kernels && !diags.has_errors()) {
        check_launch_slots(*kernels, diags);
    }
    // Code generation trusts the kernel IR: only an error-free module goes on.
    if (options.verify || !kernels || diags.has_errors()) {
        return session.finish();
    }

    // The header needs the kernel IR only, and the host code needs no device code.
    OutputPaths outputs = output_paths(options.input_path, options.output_dir);
    if (stops_at(EmitKind::Header)) {
        // Streamed as the file is: a line at a time (nothing else was written to stdout).
        write_header(*kernels, outputs.header_name, std::cout);
        std::cout.flush();
        return session.finish();
    }
    if (stops_at(EmitKind::LlvmHost)) {
        llvm::Expected<HostObject> host = compile_host_object(*kernels, "", /*want_llvm_ir=*/true,
                                                              /*image_flags=*/0, options.jobs);
        return host ? session.print(host->llvm_ir) : session.fail(host.takeError());
    }

    // Per arch: LLVM IR -> PTX -> SASS; the fatbin holds SASS for every arch and PTX of the
    // newest, for GPUs newer than any listed.
    DeviceStage stage(session, *kernels, target_archs(options));
    // A module of several parts goes part by part (DeviceParts.h), one device image per group of
    // parts; --emit=llvm prints the joined module of the whole-module path.
    std::optional<int> ended = compiles_in_parts(*kernels) && !stops_at(EmitKind::Llvm)
                                   ? stage.compile_in_image_groups()
                                   : stage.compile_whole();
    if (ended) {
        return *ended;
    }
    stage.progress.stage("host code (" + stage.instances + ")");
    llvm::Expected<HostObject> host =
        compile_host_object(*kernels, stage.images.fatbin, false, image_flags_for(stage.archs),
                            options.jobs, stage.images.image_object_paths);
    if (!host) {
        return session.fail(host.takeError());
    }
    memory_checkpoint("host object");

    if (std::error_code error = llvm::sys::fs::create_directories(options.output_dir)) {
        return session.fail("cannot create '" + options.output_dir + "': " + error.message());
    }
    // The header goes to its file as it is generated (about 11 kB a kernel: never held whole).
    auto header = [&](std::ostream& out) { write_header(*kernels, outputs.header_name, out); };
    if (install_output(outputs.object, host->object_file->path(), diags) &&
        write_streamed_output(outputs.header, header, diags) && !options.depfile.empty()) {
        write_depfile(options.depfile, outputs, options.input_path, *kernels, diags);
    }
    memory_checkpoint("written");
    return session.finish();
}

} // namespace gpucc
