// Buffer: host allocation (aligned, huge pages for large buffers) and GPU allocation through the
// current allocator, kept by the buffer so its memory goes back where it came from.
#include "gpucc/memory/buffer.h"

#include "gpucc/errors.h"

#include <new>
#include <sys/mman.h>
#include <utility>

namespace gpucc {
namespace {

constexpr std::size_t kHostAlignment = 64;
// Large host buffers start on a 2 MiB boundary and ask for transparent huge pages, as NumPy does:
// streaming kernels then take far fewer TLB misses.
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kHugePageThreshold = std::size_t{4} << 20;

std::size_t host_alignment(std::size_t bytes) {
    return bytes >= kHugePageThreshold ? kHugePage : kHostAlignment;
}

void* allocate_host(std::size_t bytes) {
    const std::size_t alignment = host_alignment(bytes);
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    void* data = ::operator new(rounded, std::align_val_t{alignment}, std::nothrow);
    if (data == nullptr) {
        throw OutOfMemory(bytes, 0, 0, "host");
    }
    if (alignment == kHugePage) {
        ::madvise(data, rounded, MADV_HUGEPAGE); // advice only: failure changes nothing
    }
    return data;
}

void free_host(void* data, std::size_t bytes) noexcept {
    ::operator delete(data, std::align_val_t{host_alignment(bytes)});
}

} // namespace

std::shared_ptr<Buffer> Buffer::allocate(std::size_t bytes, Device device) {
    if (device.is_cpu()) {
        void* data = bytes == 0 ? nullptr : allocate_host(bytes);
        return std::make_shared<Buffer>(Private{}, data, bytes, device,
                                        StreamRef(Device::cpu(), nullptr), nullptr);
    }
    if (bytes == 0) {
        return std::make_shared<Buffer>(Private{}, nullptr, 0, device, StreamRef(device, nullptr),
                                        nullptr);
    }
    return allocate(bytes, current_stream(device), get_allocator());
}

std::shared_ptr<Buffer> Buffer::allocate(std::size_t bytes, StreamRef stream,
                                         std::shared_ptr<DeviceMemoryResource> resource) {
    if (resource == nullptr) {
        throw ValueError("Buffer::allocate: resource is null; expected a DeviceMemoryResource");
    }
    const Device device = stream.device();
    if (device.is_cpu()) {
        throw DeviceError("Buffer::allocate from a DeviceMemoryResource needs a stream on a CUDA "
                          "device, got one on cpu");
    }
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
    if (device_.is_cpu()) {
        free_host(data_, size_);
    } else if (resource_ != nullptr) {
        resource_->deallocate(data_, size_, stream_);
    }
}

} // namespace gpucc
