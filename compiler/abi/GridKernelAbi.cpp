// Argument slots and symbols of jit-style kernels (GridKernelAbi.h).
#include "compiler/abi/GridKernelAbi.h"

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
    return instance.symbol + (entry == EntryKind::Strided ? "__strided" : "");
}

std::string grid_host_symbol(const std::string& module_name,
                             const kir::GridKernelInstance& instance, HostIsa isa,
                             EntryKind entry) {
    return module_name + "__" + instance.symbol + "__grid" +
           (entry == EntryKind::Strided ? "_strided" : "") +
           (isa == HostIsa::X86_64_V3 ? "_v3" : "");
}

} // namespace gpucc
