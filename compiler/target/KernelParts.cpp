// Cutting a module's instances into parts (KernelParts.h).
#include "compiler/target/KernelParts.h"

#include <algorithm>

namespace gpucc {

std::size_t instance_count(const kir::Module& kernels) {
    std::size_t count = 0;
    for (const kir::ElementwiseKernel& kernel : kernels.elementwise) {
        count += kernel.instances.size();
    }
    for (const kir::ReductionKernel& kernel : kernels.reductions) {
        count += kernel.instances.size();
    }
    for (const kir::GridKernel& kernel : kernels.grid_kernels) {
        count += kernel.instances.size();
    }
    return count;
}

std::vector<InstanceRange> split_into_parts(const kir::Module& kernels, std::size_t per_part) {
    std::size_t count = instance_count(kernels);
    per_part = std::max<std::size_t>(per_part, 1);
    std::vector<InstanceRange> parts;
    for (std::size_t first = 0; first < count; first += per_part) {
        parts.push_back({first, std::min(first + per_part, count)});
    }
    if (parts.empty()) {
        parts.push_back({0, 0});
    }
    return parts;
}

} // namespace gpucc
