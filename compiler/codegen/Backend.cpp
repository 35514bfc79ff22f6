// The back end's order of work (Backend.h): PTX and SASS for each arch, the fatbin, the host
// object with the fatbin inside, the header. Outputs are written only when every step succeeded,
// each to a temporary name first and then renamed, so a failed run never leaves a half-written
// header or object that a build could pick up.
#include "compiler/codegen/Backend.h"

#include "compiler/codegen/CudaTools.h"
#include "compiler/codegen/GridDependency.h"
#include "compiler/codegen/HostBackend.h"
#include "compiler/codegen/NvptxBackend.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/headergen/HeaderGen.h"

#include <algorithm>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

/// "dir/kernels.dsl" -> "kernels": the name the outputs share.
std::string output_stem(const std::string& source_path) {
    llvm::StringRef name = llvm::sys::path::filename(source_path);
    if (name.ends_with(".dsl")) {
        name = name.drop_back(4);
    }
    return name.str();
}

bool write_output(const std::string& directory, const std::string& name, const std::string& bytes,
                  DiagnosticEngine& diags) {
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, name);
    std::string temporary = std::string(path) + ".tmp";
    {
        std::error_code error;
        llvm::raw_fd_ostream out(temporary, error, llvm::sys::fs::OF_None);
        if (error) {
            diags.report_tool_error("cannot write '" + temporary + "': " + error.message());
            return false;
        }
        out << bytes;
        out.close();
        if (out.has_error()) {
            diags.report_tool_error("cannot write '" + temporary + "': " + out.error().message());
            out.clear_error();
            return false;
        }
    }
    if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
        diags.report_tool_error("cannot write '" + std::string(path) + "': " + error.message());
        return false;
    }
    return true;
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

} // namespace

void run_backend(const kir::Module& module, const BackendOptions& options,
                 DiagnosticEngine& diags) {
    if (!check_cpp_names(module, diags)) {
        return;
    }
    std::string stem = output_stem(module.source_path);
    std::string header_name = stem + ".gpucc.h";
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
    if (write_output(options.output_dir, stem + ".gpucc.o", host.object, diags)) {
        write_output(options.output_dir, header_name, header, diags);
    }
}

} // namespace gpucc
