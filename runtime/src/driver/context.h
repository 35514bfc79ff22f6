// Per-GPU driver state shared by the runtime's sources: the primary context (retained once,
// never released), the default memory pool (configured once), and the check that a Device names
// a GPU that exists. Private to the runtime: it includes cuda.h.
#pragma once

#include "gpucc/device/device.h"

#include <cuda.h>

namespace gpucc::detail {

/// Throws DeviceError unless `device` is a GPU that exists: for the CPU "<what> needs a CUDA
/// device, got cpu"; without a driver the driver's own error; past the count, the count.
void require_cuda_device(Device device, const char* what);

/// Retains the primary context of GPU `ordinal` (first time only) and makes it current on the
/// calling thread if it is not already. The ordinal must have passed require_cuda_device.
void make_current(int ordinal);

/// The driver's handle of GPU `ordinal`.
CUdevice cu_device(int ordinal);

/// The primary context of GPU `ordinal` (retained on first use), e.g. for cuMemcpyPeerAsync.
CUcontext primary_context(int ordinal);

/// The device's default memory pool, its release threshold set to UINT64_MAX (first time only)
/// so freed memory stays cached in the pool instead of going back to the driver at each sync.
CUmemoryPool default_memory_pool(int ordinal);

} // namespace gpucc::detail
