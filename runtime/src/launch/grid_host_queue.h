// Jit-style kernel launches queued on a CPU gpucc::Stream. A launch on the GPU is one
// cuLaunchKernel that returns at once; on a CPU stream the same launch must return at once too
// and run after the work queued before it, so the launcher hands its packed argument words (and
// the arrays they point into, kept alive until the kernel has run) to the stream's queue. Private
// to the runtime (grid.cpp defines it; jit_kernel.cpp calls it).
#pragma once

#include "gpucc/array/ndarray.h"
#include "gpucc/device/stream.h"
#include "gpucc/launch/grid.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace gpucc::detail {

/// Checks the launch's shapes (as launch_grid_kernel does) and queues the host version of
/// `kernel` on the queued CPU stream `stream` (cpu_stream_queues) with argument slots `words`
/// (one 64-bit word per slot, as GridKernelLaunch packs them); `buffers` live until it has run.
void queue_grid_kernel_on_cpu(KernelRef& kernel, const LaunchConfig& config, StreamRef stream,
                              std::vector<std::uint64_t> words,
                              std::vector<std::shared_ptr<Buffer>> buffers, GpuEntry entry);

} // namespace gpucc::detail
