// The calling convention of jit-style kernels (`kernel`, language.md section 3) between the
// generated code and the runtime's launch.h. The launcher packs one `void*` per argument slot
// (cuLaunchKernel's kernelParams), and the same array goes to the host version:
//
//   array `T[] x`          ->  `T* ptr`, then `int64_t size` (its number of elements)
//   array `T[:, ..., :] x` ->  `T* ptr`, `int64_t size`, `int64_t shape[r]`,
//                              `int64_t strides[r]` (in bytes)
//   scalar `T n`           ->  `T value`
//
// Values travel in their storage form (bool as one byte, float16/bfloat16 as their 16 bits). The
// GPU entry point is named by the instance symbol. The host version, for every kernel but those
// grid_runs_on_host refuses, is "<module>__<symbol>__grid" (then "_v3" for x86-64-v3)
// with launch.h's HostGridKernelFn signature: it runs blocks [block_begin, block_end) of the
// launch whose shape it reads from a HostGridShape.
//
// An instance with a ranked array has two versions on each target, with the same slots: the
// contiguous one (the names above), for launches where every ranked array is C-contiguous and
// under 2^31 elements, which addresses `x[i, j]` from the extents in 32-bit arithmetic, and the
// strided one ("<symbol>__strided",
// "<module>__<symbol>__grid_strided"), which addresses through the strides, for any views.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/kir/KernelIR.h"

#include <string>

namespace gpucc {

/// Argument slots of an instance.
int grid_slot_count(const kir::GridKernelInstance& instance);

/// Whether the instance has a ranked array parameter, so a strided version (see above).
bool grid_has_strided_entry(const kir::GridKernelInstance& instance);

/// The GPU entry point: the instance symbol, "<symbol>__strided" for the strided entry.
std::string grid_gpu_symbol(const kir::GridKernelInstance& instance,
                            EntryKind entry = EntryKind::Contiguous);

/// Whether the instance has a host version (see above).
inline bool grid_runs_on_host(const kir::GridKernelInstance& instance) {
    return instance.gpu_only_feature.empty();
}

/// "<module>__<symbol>__grid", "..._strided" for the strided entry, then "_v3" for x86-64-v3.
std::string grid_host_symbol(const std::string& module_name,
                             const kir::GridKernelInstance& instance, HostIsa isa = HostIsa::X86_64,
                             EntryKind entry = EntryKind::Contiguous);

/// Byte offsets in launch.h's HostGridShape: grid[3] and block[3] as uint32, then the dynamic
/// shared-memory size as uint64.
inline constexpr int kHostGridShapeGrid = 0;
inline constexpr int kHostGridShapeBlock = 12;
inline constexpr int kHostGridShapeSharedBytes = 24;
inline constexpr int kHostGridShapeSize = 32;

} // namespace gpucc
