// A module's kernel instances cut into parts that the back ends build and optimize in parallel
// (ParallelModules.h), and the parts grouped into device images. The cut depends on the module
// only, never on the number of threads, so a compile on one core and one on many produce the same
// bytes. Each part is a range of consecutive instances in the order build_kernel_module emits
// them. Raw CUDA is in no part: Clang compiles it, and it is linked after the parts of the last
// image. A module of more instances than kir::Module::image_group_size is compiled as several
// device images, each a run of whole parts with its own nvlink, fatbinary, embedded symbol and
// CUmodule: the driver (which builds them) and the header generator (which names each kernel's
// image) both derive the groups from the module with split_into_image_groups.
#pragma once

#include "compiler/codegen/common/LlvmModuleBuilder.h"
#include "compiler/kir/KernelIR.h"

#include <cstddef>
#include <vector>

namespace gpucc {

/// Instances per part: few enough that a file of thousands of instances keeps every core busy,
/// enough that the libdevice functions each part links and keeps are not repeated too often.
inline constexpr std::size_t kInstancesPerPart = 16;

/// The number of instances of `kernels` (raw CUDA kernels not counted).
std::size_t instance_count(const kir::Module& kernels);

/// `kernels`' instances in ranges of at most `per_part` (the last may be smaller); a module
/// without instances gives one empty range.
std::vector<InstanceRange> split_into_parts(const kir::Module& kernels,
                                            std::size_t per_part = kInstancesPerPart);

/// One device image of a module: parts [first_part, end_part) of split_into_parts.
struct ImageGroup {
    std::size_t first_part = 0;
    std::size_t end_part = 0;
    bool holds_raw_cuda = false; ///< the last group: the module's raw CUDA units are linked in it
};

/// The device images of `kernels`: one holding every part when the module has at most
/// `group_size` instances (or `group_size` is 0), else groups of group_size / kInstancesPerPart
/// consecutive parts (at least one), the last holding the rest.
std::vector<ImageGroup> split_into_image_groups(const kir::Module& kernels, std::size_t group_size);

/// The groups the module's own image_group_size makes (what the object and the header hold).
inline std::vector<ImageGroup> split_into_image_groups(const kir::Module& kernels) {
    return split_into_image_groups(kernels, kernels.image_group_size);
}

/// The index, in split_into_image_groups(kernels), of the group holding instance `instance` (in
/// build_kernel_module's order: elementwise, reduction, then jit-style instances).
std::size_t image_group_of(const kir::Module& kernels, std::size_t instance);

} // namespace gpucc
