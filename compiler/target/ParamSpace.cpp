// Counting an entry function's parameter bytes (ParamSpace.h).
#include "compiler/target/ParamSpace.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/target/KernelSites.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Alignment.h>
#include <set>
#include <tuple>

namespace gpucc {

std::uint64_t kernel_param_limit(int arch) {
    return arch >= 70 ? 32764 : 4096;
}

std::uint64_t kernel_param_bytes(const llvm::Function& entry) {
    const llvm::DataLayout& layout = entry.getParent()->getDataLayout();
    std::uint64_t bytes = 0;
    for (const llvm::Argument& argument : entry.args()) {
        llvm::Type* type = argument.getType();
        llvm::Align align = layout.getABITypeAlign(type);
        if (llvm::Type* byval = argument.getParamByValType()) {
            type = byval;
            align = argument.getParamAlign().value_or(layout.getABITypeAlign(byval));
        }
        bytes = llvm::alignTo(bytes, align) + layout.getTypeAllocSize(type).getFixedValue();
    }
    return bytes;
}

std::vector<ParamOverflow> find_param_overflows(const llvm::Module& module, int arch) {
    const std::uint64_t limit = kernel_param_limit(arch);
    std::vector<ParamOverflow> overflows;
    for (const llvm::Function& function : module) {
        if (function.isDeclaration() ||
            function.getCallingConv() != llvm::CallingConv::PTX_Kernel) {
            continue;
        }
        if (std::uint64_t bytes = kernel_param_bytes(function); bytes > limit) {
            overflows.push_back({function.getName().str(), bytes, function.arg_size()});
        }
    }
    return overflows;
}

void report_param_overflows(const std::vector<ParamOverflow>& overflows, const kir::Module& kernels,
                            int arch, DiagnosticEngine& diags) {
    if (overflows.empty()) {
        return;
    }
    const std::uint64_t limit = kernel_param_limit(arch);
    const std::string target = "sm_" + std::to_string(arch);
    KernelSites sites = kernel_sites(kernels);
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> reported;
    for (const ParamOverflow& overflow : overflows) {
        const KernelSite* site = owner_of(sites, overflow.entry);
        if (site == nullptr || !site->loc.is_valid()) {
            diags.report_tool_error("kernel entry '" + overflow.entry + "' takes " +
                                    std::to_string(overflow.bytes) + " bytes of parameters (" +
                                    std::to_string(overflow.params) + " parameters), over the " +
                                    std::to_string(limit) + " bytes a CUDA kernel may take on " +
                                    target);
            continue;
        }
        if (reported.insert({site->loc.file_id, site->loc.line, site->loc.column}).second) {
            diags.report(site->loc, DiagKind::KernelParamSpace, site->name, overflow.bytes,
                         overflow.params, limit, target);
        }
    }
}

} // namespace gpucc
