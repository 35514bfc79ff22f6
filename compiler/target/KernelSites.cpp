// Entry functions to kernel definitions (KernelSites.h).
#include "compiler/target/KernelSites.h"

#include "compiler/basic/ScalarType.h"

namespace gpucc {

/// Every entry symbol's owner, by instance symbol.
KernelSites kernel_sites(const kir::Module& kernels) {
    KernelSites sites;
    auto with_types = [](const std::string& name, const std::vector<ScalarType>& bindings) {
        if (bindings.empty()) {
            return name;
        }
        std::string text = name + "<";
        for (std::size_t i = 0; i < bindings.size(); ++i) {
            text += (i ? ", " : "") + std::string(numpy_name(bindings[i]));
        }
        return text + ">";
    };
    for (const kir::ElementwiseKernel& kernel : kernels.elementwise) {
        for (const kir::ElementwiseInstance& instance : kernel.instances) {
            sites[instance.symbol] = {with_types(kernel.name, instance.bindings), kernel.loc};
        }
    }
    for (const kir::ReductionKernel& kernel : kernels.reductions) {
        for (const kir::ReductionInstance& instance : kernel.instances) {
            sites[instance.symbol] = {with_types(kernel.name, instance.bindings), kernel.loc};
        }
    }
    for (const kir::GridKernel& kernel : kernels.grid_kernels) {
        for (const kir::GridKernelInstance& instance : kernel.instances) {
            sites[instance.symbol] = {with_types(kernel.name, instance.bindings), kernel.loc};
        }
    }
    for (const kir::RawCudaUnit& unit : kernels.raw_cuda) {
        for (const kir::RawKernel& kernel : unit.kernels) {
            std::string name;
            for (const std::string& space : kernel.namespaces) {
                name += space + "::";
            }
            name += kernel.name;
            if (!kernel.template_args.empty()) {
                name += "<" + kernel.template_args + ">";
            }
            sites[kernel.symbol] = {name, kernel.loc.is_valid() ? kernel.loc : unit.loc};
        }
    }
    return sites;
}

/// The owner of entry `entry`: an exact symbol, else the longest symbol it extends with "__".
const KernelSite* owner_of(const KernelSites& sites, llvm::StringRef entry) {
    if (auto exact = sites.find(entry); exact != sites.end()) {
        return &exact->second;
    }
    const KernelSite* best = nullptr;
    std::size_t best_length = 0;
    for (std::size_t cut = entry.find("__"); cut != llvm::StringRef::npos;
         cut = entry.find("__", cut + 1)) {
        if (auto found = sites.find(entry.substr(0, cut)); found != sites.end()) {
            if (cut > best_length) {
                best = &found->second;
                best_length = cut;
            }
        }
    }
    return best;
}

} // namespace gpucc
