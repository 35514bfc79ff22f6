// Argument slots and symbols of jit-style kernels (GridKernelAbi.h).
#include "compiler/abi/GridKernelAbi.h"

#include "gpucc/abi/symbols.h"

namespace gpucc {

int grid_slot_count(const kir::GridKernelInstance& instance) {
    int slots = 0;
    for (const kir::Param& param : instance.params) {
        slots += param.is_raw ? 2 + 2 * param.rank : 1;
    }
    return slots;
}

bool grid_has_strided_entry(const kir::GridKernelInstance& instance) {
    for (const kir::Param& param : instance.params) {
        if (param.rank > 0) {
            return true;
        }
    }
    return false;
}

std::string grid_gpu_symbol(const kir::GridKernelInstance& instance, EntryKind entry) {
    return entry == EntryKind::Strided ? instance.symbol + std::string(abi::kGpuStridedSuffix)
                                       : instance.symbol;
}

std::string grid_host_symbol(const std::string& module_name,
                             const kir::GridKernelInstance& instance, HostIsa isa,
                             EntryKind entry) {
    std::string symbol = module_name + "__" + instance.symbol + std::string(abi::kGridHostSuffix);
    if (entry == EntryKind::Strided) {
        symbol += abi::kHostStridedSuffix;
    }
    if (isa == HostIsa::X86_64_V3) {
        symbol += abi::kHostV3Suffix;
    }
    return symbol;
}

} // namespace gpucc
