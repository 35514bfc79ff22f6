// Cutting a module's instances into parts, and the parts into device images (KernelParts.h).
#include "compiler/target/KernelParts.h"

#include <algorithm>

namespace gpucc {
namespace {

/// Parts per image group, or 0 when the module is one image.
std::size_t parts_per_group(const kir::Module& kernels, std::size_t group_size) {
    if (group_size == 0 || instance_count(kernels) <= group_size) {
        return 0;
    }
    return std::max<std::size_t>(group_size / kInstancesPerPart, 1);
}

} // namespace

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

std::vector<ImageGroup> split_into_image_groups(const kir::Module& kernels,
                                                std::size_t group_size) {
    const std::size_t parts = split_into_parts(kernels).size();
    std::size_t per_group = parts_per_group(kernels, group_size);
    if (per_group == 0) {
        per_group = parts;
    }
    std::vector<ImageGroup> groups;
    for (std::size_t first = 0; first < parts; first += per_group) {
        groups.push_back({first, std::min(first + per_group, parts), false});
    }
    groups.back().holds_raw_cuda = true;
    return groups;
}

std::size_t image_group_of(const kir::Module& kernels, std::size_t instance) {
    std::size_t per_group = parts_per_group(kernels, kernels.image_group_size);
    return per_group == 0 ? 0 : instance / kInstancesPerPart / per_group;
}

} // namespace gpucc
