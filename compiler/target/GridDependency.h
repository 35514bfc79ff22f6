// Programmatic dependent launch (Hopper and newer): every kernel gpucc generates for sm_90 or
// later starts with `griddepcontrol.wait` (wait until the grids it depends on have completed and
// their memory is visible) and then `griddepcontrol.launch_dependents` (let the next kernel of
// the stream be scheduled now). A kernel launched with CUDA's programmatic stream serialization
// attribute may then start while its predecessor is still running and only wait at its first
// instruction, which hides the launch latency between back-to-back kernels: on the H100 a graph
// of 100 tiny kernels replays at about 0.7 us per kernel instead of 1.0. Without the attribute
// both instructions do nothing. The runtime sets the attribute only for images whose every
// architecture has them (kImageWaitsForPriorGrids in the object's image flags).
#pragma once

#include <cstdint>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace gpucc {

/// The oldest SM architecture with griddepcontrol.
inline constexpr int kGridDependencyMinArch = 90;

/// Bit of the image flags (the object's `gpucc_image_<module>_flags`): every kernel of the
/// image that gpucc generated from the language, in every architecture the image holds, begins
/// with griddepcontrol.wait. Raw CUDA kernels, linked in afterwards, do not; the runtime launches
/// them without the attribute.
inline constexpr std::uint64_t kImageWaitsForPriorGrids = 1;

/// Inserts the two instructions at the entry of every kernel (PTX_Kernel function) of `module`.
void insert_grid_dependency_control(llvm::Module& module);

/// The image flags of a fatbin holding SASS for `archs` (and PTX of the newest).
std::uint64_t image_flags_for(const std::vector<int>& archs);

} // namespace gpucc
