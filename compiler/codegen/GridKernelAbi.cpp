// Argument slots and symbols of jit-style kernels (GridKernelAbi.h).
#include "compiler/codegen/GridKernelAbi.h"

namespace gpucc {

int grid_slot_count(const kir::GridKernelInstance& instance) {
    int slots = 0;
    for (const kir::Param& param : instance.params) {
        slots += param.is_raw ? 2 : 1;
    }
    return slots;
}

std::string grid_host_symbol(const std::string& module_name,
                             const kir::GridKernelInstance& instance, HostIsa isa) {
    return module_name + "__" + instance.symbol + "__grid" +
           (isa == HostIsa::X86_64_V3 ? "_v3" : "");
}

} // namespace gpucc
