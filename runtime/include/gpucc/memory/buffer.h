// Memory behind arrays, and the whole memory API (this header includes the others). A Buffer is
// one allocation on one device, shared by the arrays that view it (through std::shared_ptr) and
// freed when the last one goes. Memory is allocated on the device's current stream and freed on
// that same stream through the resource it came from, even if set_allocator chose another one
// meanwhile: for a GPU the current allocator, for the CPU the default MemoryPool's CPU pool (host
// memory, 64-byte aligned).
//
// GPU memory comes through the DeviceMemoryResource interface (memory/resource.h). Three
// resources, chosen with set_allocator (memory/allocator.h), CuPy's model:
//  - MemoryPool (memory/pool.h), the default: CuPy's caching pool over cuMemAlloc, per device,
//    with 512-byte rounding, per-stream arenas, best fit with split and merge, a limit, and
//    used/total/free bytes; on out-of-memory it frees its cached blocks and retries;
//  - StreamOrderedResource: the driver's stream-ordered pool (cuMemAllocFromPoolAsync);
//  - UnpooledResource: cuMemAlloc/cuMemFree for every buffer.
// Pinned host memory for transfers comes from a PinnedMemoryPool (memory/pinned_pool.h). The
// pools sit on a MemoryUpstream (memory/upstream.h), which the unit tests replace with a fake.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/allocator.h"
#include "gpucc/memory/pinned_pool.h"
#include "gpucc/memory/pool.h"
#include "gpucc/memory/resource.h"
#include "gpucc/memory/upstream.h"

#include <cstddef>
#include <memory>

namespace gpucc {

/// One allocation: `size()` bytes at `data()` on `device()`. Zero bytes is valid (data() is
/// nullptr, and nothing is asked of the driver). Not copyable; shared through std::shared_ptr.
class Buffer {
    struct Private {};

public:
    /// Memory on the device's current stream: for the CPU from get_default_memory_pool() (host
    /// memory, 64-byte aligned), for a GPU from get_allocator(). OutOfMemory when there is none.
    static std::shared_ptr<Buffer> allocate(std::size_t bytes, Device device);
    /// Memory from `resource` on `stream` (of stream.device()), freed through `resource` on
    /// `stream`. ValueError when `resource` is nullptr; the resource's DeviceError when it does not
    /// serve that device (only MemoryPool serves the CPU).
    static std::shared_ptr<Buffer> allocate(std::size_t bytes, StreamRef stream,
                                            std::shared_ptr<DeviceMemoryResource> resource);

    Buffer(Private, void* data, std::size_t bytes, Device device, StreamRef stream,
           std::shared_ptr<DeviceMemoryResource> resource) noexcept;
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    /// Host address for the CPU, device address for a GPU.
    void* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    Device device() const noexcept { return device_; }
    /// The stream the memory was allocated on, and will be freed on.
    StreamRef stream() const noexcept { return stream_; }
    /// The resource the memory came from; null for 0 bytes.
    std::shared_ptr<DeviceMemoryResource> resource() const noexcept { return resource_; }

private:
    void* data_;
    std::size_t size_;
    Device device_;
    StreamRef stream_;
    std::shared_ptr<DeviceMemoryResource> resource_; // null for 0 bytes
};

} // namespace gpucc
