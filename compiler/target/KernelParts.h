// A module's kernel instances cut into parts that the back ends build and optimize in parallel
// (ParallelModules.h). The cut depends on the module only, never on the number of threads, so a
// compile on one core and one on many produce the same bytes. Each part is a range of
// consecutive instances in the order build_kernel_module emits them. Raw CUDA is in no part:
// Clang compiles it, and it is linked after the parts.
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

} // namespace gpucc
