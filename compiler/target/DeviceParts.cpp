// Part-by-part device code (DeviceParts.h).
#include "compiler/target/DeviceParts.h"

#include "compiler/target/KernelParts.h"
#include "compiler/target/MemoryTrace.h"
#include "compiler/target/NvptxBackend.h"
#include "compiler/target/ParallelModules.h"
#include "compiler/target/PtxasMessages.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <optional>
#include <set>
#include <vector>

namespace gpucc {
namespace {

llvm::Error failure(std::string message) {
    return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
}

/// Gives the internal symbols of part `part` (libdevice's functions, constants, the back end's
/// private globals) a suffix of their own: every part has its own copies, and the parts' PTX
/// joined into one file must not define a name twice. Entry points and other external symbols
/// keep their names (the runtime looks kernels up by them).
void suffix_local_symbols(llvm::Module& module, std::size_t part) {
    std::string suffix = "_$p" + std::to_string(part);
    for (llvm::GlobalValue& value : module.global_values()) {
        if (value.hasLocalLinkage()) {
            value.setName((value.hasName() ? value.getName().str() : "gpucc_unnamed") + suffix);
        }
    }
}

/// One part's results: files, and what went wrong in it.
struct PartOutcome {
    std::unique_ptr<TempFile> ptx;    ///< the part's PTX
    std::unique_ptr<TempFile> object; ///< its relocatable object (unless only PTX was asked for)
    std::vector<ParamOverflow> overflows;
    std::string ptxas_log; ///< ptxas rejected the part's PTX: its messages
};

/// Writes `ptx` to the part's file and, unless `ptx_only`, assembles it; a ptxas rejection is
/// kept in `outcome` (reported at the definitions later), other failures are returned.
std::optional<std::string> assemble_part(const std::string& cuda_path, int arch,
                                         const std::string& ptx, bool ptx_only,
                                         PartOutcome& outcome) {
    outcome.ptx = std::make_unique<TempFile>(".ptx");
    if (!outcome.ptx->ok() || !write_file(outcome.ptx->path(), ptx)) {
        return "cannot create temporary files for ptxas";
    }
    if (ptx_only) {
        return std::nullopt;
    }
    outcome.object = std::make_unique<TempFile>(".o");
    if (!outcome.object->ok()) {
        return "cannot create temporary files for ptxas";
    }
    if (llvm::Error error =
            assemble_relocatable(cuda_path, outcome.ptx->path(), arch, outcome.object->path())) {
        outcome.ptxas_log = llvm::toString(std::move(error));
    }
    return std::nullopt;
}

std::string read_text(const std::string& path) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
    return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// Appends part PTX `ptx` to `out`: the first part whole; a later part without its header (the
/// lines up to `.address_size`) and without `.extern` declarations an earlier part made.
void append_ptx(llvm::StringRef ptx, bool first, std::set<std::string>& externs,
                llvm::raw_ostream& out) {
    bool in_header = !first;
    while (!ptx.empty()) {
        auto [line, rest] = ptx.split('\n');
        ptx = rest;
        if (in_header) {
            in_header = !line.trim().starts_with(".address_size");
            continue;
        }
        llvm::StringRef trimmed = line.trim();
        if (trimmed.starts_with(".extern") && trimmed.ends_with(";") &&
            !externs.insert(trimmed.str()).second) {
            continue;
        }
        out << line << "\n";
    }
}

} // namespace

bool compiles_in_parts(const kir::Module& kernels) {
    return split_into_parts(kernels).size() > 1;
}

llvm::Expected<PartedDeviceCode> compile_device_in_parts(const kir::Module& kernels,
                                                         const ImageGroup& group, int arch,
                                                         const std::string& cuda_path,
                                                         DiagnosticEngine* diags, unsigned jobs,
                                                         bool want_ptx, bool ptx_only) {
    const Libdevice libdevice = read_libdevice(cuda_path);
    std::vector<InstanceRange> parts = split_into_parts(kernels);
    const std::size_t group_parts = group.end_part - group.first_part;
    const bool with_raw_cuda = group.holds_raw_cuda && !kernels.raw_cuda.empty();
    // The group's parts, then one for the raw CUDA units (Clang reports to `diags`: the caller's
    // thread builds it). outcomes[k] is part group.first_part + k, which names its symbols.
    std::vector<PartOutcome> outcomes(group_parts + (with_raw_cuda ? 1 : 0));
    std::optional<std::string> error =
        run_in_parallel(group_parts, jobs, [&](std::size_t k) -> std::optional<std::string> {
            const std::size_t part = group.first_part + k;
            std::string ptx;
            {
                // The part's context, and its IR, end here: only the PTX text goes on.
                llvm::LLVMContext context;
                llvm::Expected<std::unique_ptr<llvm::Module>> module = build_nvptx_part(
                    kernels, arch, parts[part], libdevice, context, outcomes[k].overflows);
                if (!module) {
                    return llvm::toString(module.takeError());
                }
                if (!*module) {
                    return std::nullopt; // over the parameter limit: reported below
                }
                suffix_local_symbols(**module, part);
                if (llvm::Error emitted = emit_ptx(**module, arch, ptx)) {
                    return llvm::toString(std::move(emitted));
                }
            }
            memory_checkpoint("device part");
            return assemble_part(cuda_path, arch, ptx, ptx_only, outcomes[k]);
        });
    if (error) {
        return failure(std::move(*error));
    }
    memory_checkpoint("device parts assembled");
    std::vector<ParamOverflow> overflows;
    for (PartOutcome& outcome : outcomes) {
        overflows.insert(overflows.end(), outcome.overflows.begin(), outcome.overflows.end());
    }
    if (!overflows.empty()) {
        return report_overflows(overflows, kernels, arch, diags);
    }
    if (with_raw_cuda) {
        std::string ptx;
        {
            llvm::LLVMContext context;
            llvm::Expected<std::unique_ptr<llvm::Module>> raw =
                build_raw_cuda_module(kernels, arch, cuda_path, context, diags);
            if (!raw) {
                return raw.takeError();
            }
            suffix_local_symbols(**raw, parts.size());
            if (llvm::Error emitted = emit_ptx(**raw, arch, ptx)) {
                return emitted;
            }
        }
        if (std::optional<std::string> raw_error =
                assemble_part(cuda_path, arch, ptx, ptx_only, outcomes.back())) {
            return failure(std::move(*raw_error));
        }
    }
    // ptxas's complaints, at the definitions of the kernels whose entries they name.
    bool rejected = false;
    for (PartOutcome& outcome : outcomes) {
        if (outcome.ptxas_log.empty()) {
            continue;
        }
        if (diags == nullptr) {
            return failure(std::move(outcome.ptxas_log));
        }
        report_ptxas_failure(kernels, read_text(outcome.ptx->path()), outcome.ptxas_log, arch,
                             *diags);
        rejected = true;
    }
    if (rejected) {
        return llvm::make_error<ReportedAtDefinitions>();
    }

    PartedDeviceCode result;
    if (want_ptx) {
        result.ptx_file = std::make_unique<TempFile>(".ptx");
        std::error_code open_error;
        std::optional<llvm::raw_fd_ostream> out;
        if (result.ptx_file->ok()) {
            out.emplace(result.ptx_file->path(), open_error, llvm::sys::fs::OF_None);
        }
        if (!out || open_error) {
            return failure("cannot create temporary files for the PTX");
        }
        std::set<std::string> externs;
        for (std::size_t part = 0; part < outcomes.size(); ++part) {
            append_ptx(read_text(outcomes[part].ptx->path()), part == 0, externs, *out);
            outcomes[part].ptx.reset(); // the part's file is in the joined one now
        }
        out->close();
        if (out->has_error()) {
            out->clear_error();
            return failure("cannot write the PTX to a temporary file");
        }
    }
    if (!ptx_only) {
        std::vector<std::string> objects;
        for (const PartOutcome& outcome : outcomes) {
            objects.push_back(outcome.object->path());
        }
        result.cubin_file = std::make_unique<TempFile>(".cubin");
        if (!result.cubin_file->ok()) {
            return failure("cannot create temporary files for nvlink");
        }
        if (llvm::Error linked = link_cubins(cuda_path, objects, arch, result.cubin_file->path())) {
            return linked;
        }
        outcomes.clear(); // the parts' objects are in the cubin now
        memory_checkpoint("nvlink");
    }
    return result;
}

} // namespace gpucc
