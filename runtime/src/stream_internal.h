// What memory.cpp needs from stream.cpp: freeing in stream order on a stream that a
// gpucc::Stream owned when the memory was allocated, which may have been destroyed since.
// Private to the runtime: it includes cuda.h.
#pragma once

#include <cuda.h>

namespace gpucc::detail {

/// cuMemFreeAsync(ptr, stream) while `stream` lives; once its Stream was destroyed (which
/// finished its work first), on the legacy null stream. Never throws. The caller has made the
/// device's context current.
void free_async_on_owned_stream(CUdeviceptr ptr, CUstream stream) noexcept;

} // namespace gpucc::detail
