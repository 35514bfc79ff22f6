// Where the memory pools get their memory: an upstream allocator hands out and takes back raw
// blocks and says how much memory its device has free. The pools (memory/pool.h,
// memory/pinned_pool.h) hold all their logic above this interface, so the same code runs over
// cuMemAlloc/cuMemFree on a GPU, over cuMemHostAlloc for pinned host memory, and over a fake in
// the unit tests (which count calls, fail on demand and have a capacity) on a machine without one.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace gpucc {

/// What an upstream's memory looks like now: bytes free and bytes in all (0 when unknown).
struct MemoryInfo {
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
};

/// Raw memory for a pool. Called by one pool under its lock; need not be thread-safe itself.
class MemoryUpstream {
public:
    virtual ~MemoryUpstream() = default;
    /// `bytes` (> 0) of fresh memory, or nullptr when there is not enough left (the pool then
    /// frees what it caches and asks again). Other failures throw (CudaError, DeviceError).
    virtual void* allocate(std::size_t bytes) = 0;
    /// Gives back a block from allocate() with the size it was asked for. Never throws.
    virtual void deallocate(void* ptr, std::size_t bytes) noexcept = 0;
    /// Free and total memory of what the upstream draws from (the device for cuMemAlloc), for
    /// set_limit_fraction and for out-of-memory messages.
    virtual MemoryInfo memory_info() = 0;
    /// Where the memory is, for messages: "cuda:0", "host (pinned)".
    virtual std::string where() const = 0;
};

/// Makes the upstream of the pool for device `ordinal` (a MemoryPool calls it once per device):
/// a GPU's ordinal, or -1 (Device::cpu().ordinal()) for the CPU's pool.
using UpstreamFactory = std::function<std::unique_ptr<MemoryUpstream>(int ordinal)>;

/// cuMemAlloc / cuMemFree in the primary context of GPU `ordinal`; memory_info() is
/// cuMemGetInfo. DeviceError when the GPU does not exist. For ordinal -1 (the CPU),
/// make_host_upstream(), so the default MemoryPool serves CPU arrays too.
std::unique_ptr<MemoryUpstream> make_cuda_malloc_upstream(int ordinal);

/// Ordinary host memory (64-byte aligned; 2 MiB-aligned with transparent huge pages from 4 MiB),
/// where() "cpu"; memory_info() is the machine's physical memory, available and in all.
std::unique_ptr<MemoryUpstream> make_host_upstream();

/// cuMemHostAlloc(CU_MEMHOSTALLOC_PORTABLE) / cuMemFreeHost: page-locked host memory usable by
/// every GPU's context. Calls are made in the calling thread's current context, or GPU 0's when
/// none is current. memory_info() reports nothing (zeros). Where there is no CUDA driver or no
/// GPU, ordinary host memory instead (nothing needs pinning there), where() saying so.
std::unique_ptr<MemoryUpstream> make_cuda_host_alloc_upstream();

} // namespace gpucc
