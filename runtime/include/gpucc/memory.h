// Memory behind arrays. A Buffer is one allocation on one device, shared by the arrays that view
// it (through std::shared_ptr) and freed when the last one goes: host memory is 64-byte aligned;
// GPU memory is stream-ordered, allocated on the current stream and freed on that same stream.
//
// GPU memory comes through the DeviceMemoryResource interface, so a pool can replace the
// allocator without touching arrays. The one resource now, StreamOrderedResource, takes memory
// from each device's default pool with cuMemAllocFromPoolAsync / cuMemFreeAsync; the pool keeps
// freed memory cached (release threshold UINT64_MAX). On out-of-memory it synchronizes the
// device, trims the pool to zero, retries once, then throws OutOfMemory with the sizes.
//
// Not yet here (later issues): CuPy's MemoryPool (512-byte rounding, best fit, per-stream
// arenas, limits, used/total bytes), a pinned host pool, set_allocator to choose among them.
#pragma once

#include "gpucc/device.h"
#include "gpucc/stream.h"

#include <cstddef>
#include <memory>

namespace gpucc {

/// Where GPU memory comes from. Implementations are thread-safe.
class DeviceMemoryResource {
public:
    virtual ~DeviceMemoryResource() = default;
    /// `bytes` (> 0) of memory on stream.device(), usable in stream order on `stream`; throws
    /// OutOfMemory when there is none, DeviceError when the device does not exist.
    virtual void* allocate(std::size_t bytes, StreamRef stream) = 0;
    /// Returns memory from allocate(), in stream order on the stream it was allocated on.
    virtual void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept = 0;
};

/// cuMemAllocFromPoolAsync on the device's default memory pool (see the top of this file).
class StreamOrderedResource final : public DeviceMemoryResource {
public:
    void* allocate(std::size_t bytes, StreamRef stream) override;
    void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept override;
};

/// The resource new GPU buffers come from (a StreamOrderedResource, for the life of the process).
DeviceMemoryResource& device_memory_resource();

/// One allocation: `size()` bytes at `data()` on `device()`. Zero bytes is valid (data() is
/// nullptr, and nothing is asked of the driver). Not copyable; shared through std::shared_ptr.
class Buffer {
    struct Private {};

public:
    /// Host memory (64-byte aligned) for the CPU; for a GPU, memory from
    /// device_memory_resource() on the device's current stream. OutOfMemory when there is none.
    static std::shared_ptr<Buffer> allocate(std::size_t bytes, Device device);

    Buffer(Private, void* data, std::size_t bytes, Device device, StreamRef stream,
           DeviceMemoryResource* resource) noexcept;
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    /// Host address for the CPU, device address for a GPU.
    void* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    Device device() const noexcept { return device_; }
    /// The stream the memory was allocated on, and will be freed on (GPU buffers).
    StreamRef stream() const noexcept { return stream_; }

private:
    void* data_;
    std::size_t size_;
    Device device_;
    StreamRef stream_;
    DeviceMemoryResource* resource_; // nullptr for host memory
};

} // namespace gpucc
