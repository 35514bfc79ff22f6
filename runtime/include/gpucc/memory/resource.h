// Where GPU memory comes from: the DeviceMemoryResource interface that Buffer allocates through,
// and the two resources that keep no cache of their own in gpucc: StreamOrderedResource (the
// driver's stream-ordered pool, cuMemAllocFromPoolAsync) and UnpooledResource (cuMemAlloc and
// cuMemFree for every buffer, CuPy's set_allocator(None)). The caching pool, CuPy's MemoryPool,
// is in memory/pool.h; set_allocator (memory/allocator.h) chooses among the three.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/upstream.h"

#include <cstddef>
#include <memory>

namespace gpucc {

/// Where GPU memory comes from. Implementations are thread-safe.
class DeviceMemoryResource {
public:
    virtual ~DeviceMemoryResource() = default;
    /// `bytes` of memory on stream.device(), usable in stream order on `stream`; nullptr for 0
    /// bytes (nothing is allocated). Throws OutOfMemory when there is none, DeviceError when the
    /// device does not exist. GPU memory is aligned to at least 256 bytes.
    virtual void* allocate(std::size_t bytes, StreamRef stream) = 0;
    /// Returns memory from allocate() (a nullptr is ignored), with the size and the stream it was
    /// allocated with. Never throws.
    virtual void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept = 0;
};

/// cuMemAllocFromPoolAsync on the device's default memory pool, cuMemFreeAsync on the stream the
/// memory was allocated on. The driver's pool keeps freed memory cached (release threshold
/// UINT64_MAX) and reuses it in stream order. On out-of-memory: synchronize the device, trim the
/// pool to zero, retry once, then throw OutOfMemory with the sizes.
class StreamOrderedResource final : public DeviceMemoryResource {
public:
    void* allocate(std::size_t bytes, StreamRef stream) override;
    void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept override;
};

/// Every allocation straight from an upstream and every free straight back to it: cuMemAlloc and
/// cuMemFree by default (CuPy's set_allocator(None)); the stream is not used. OutOfMemory when the
/// upstream has no memory (nothing is cached, so there is nothing to release and retry).
class UnpooledResource final : public DeviceMemoryResource {
public:
    /// Over cuMemAlloc/cuMemFree (make_cuda_malloc_upstream).
    UnpooledResource();
    /// Over the upstreams `factory` makes, one per device on first use (tests pass a fake).
    explicit UnpooledResource(UpstreamFactory factory);
    ~UnpooledResource() override;
    UnpooledResource(const UnpooledResource&) = delete;
    UnpooledResource& operator=(const UnpooledResource&) = delete;

    void* allocate(std::size_t bytes, StreamRef stream) override;
    void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept override;

private:
    struct DeviceSlot;
    DeviceSlot& slot(Device device);
    UpstreamFactory factory_;
    std::unique_ptr<DeviceSlot[]> slots_; // detail::kMaxDevices of them
};

} // namespace gpucc
