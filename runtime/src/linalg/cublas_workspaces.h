// How many per-stream cuBLAS workspaces the calling thread keeps for a GPU, declared without
// CUDA's headers so that the tests can ask (cublas.cpp defines it; cublas.h has the rest).
// Private to the runtime.
#pragma once

#include "gpucc/device/device.h"

#include <cstddef>

namespace gpucc::linalg::detail {

/// The workspaces the calling thread keeps for GPU `device`: one per stream it ran products on,
/// less those of gpucc::Streams destroyed since (dropped by the stream's destruction, on every
/// thread, unless a graph captured them).
std::size_t cublas_workspace_count(Device device);

} // namespace gpucc::linalg::detail
