// Buffer: CPU allocation from the default pool's CPU pool and GPU allocation through the current
// allocator, both on the device's current stream, kept by the buffer so its memory goes back where
// it came from.
#include "gpucc/memory/buffer.h"

#include "gpucc/errors.h"
#include "memory/default_pool.h"

#include <utility>

namespace gpucc {

std::shared_ptr<Buffer> Buffer::allocate(std::size_t bytes, Device device) {
    if (bytes == 0) {
        return std::make_shared<Buffer>(Private{}, nullptr, 0, device, StreamRef(device, nullptr),
                                        nullptr);
    }
    if (device.is_cpu()) {
        return allocate(bytes, current_stream(device), detail::default_memory_pool_resource());
    }
    return allocate(bytes, current_stream(device), get_allocator());
}

std::shared_ptr<Buffer> Buffer::allocate(std::size_t bytes, StreamRef stream,
                                         std::shared_ptr<DeviceMemoryResource> resource) {
    if (resource == nullptr) {
        throw ValueError("Buffer::allocate: resource is null; expected a DeviceMemoryResource");
    }
    const Device device = stream.device();
    if (bytes == 0) {
        return std::make_shared<Buffer>(Private{}, nullptr, 0, device, stream, nullptr);
    }
    DeviceMemoryResource& from = *resource;
    void* data = from.allocate(bytes, stream);
    try {
        return std::make_shared<Buffer>(Private{}, data, bytes, device, stream,
                                        std::move(resource));
    } catch (...) {
        from.deallocate(data, bytes, stream); // `resource` was not moved from: it still owns
        throw;
    }
}

Buffer::Buffer(Private, void* data, std::size_t bytes, Device device, StreamRef stream,
               std::shared_ptr<DeviceMemoryResource> resource) noexcept
    : data_(data), size_(bytes), device_(device), stream_(stream), resource_(std::move(resource)) {
}

Buffer::~Buffer() {
    if (data_ == nullptr) {
        return;
    }
    if (resource_ != nullptr) {
        resource_->deallocate(data_, size_, stream_);
    }
}

} // namespace gpucc
