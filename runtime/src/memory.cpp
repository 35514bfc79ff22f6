// Host and GPU allocation: the stream-ordered resource with its out-of-memory retry, and Buffer.
#include "gpucc/memory.h"

#include "context.h"
#include "driver.h"
#include "gpucc/errors.h"
#include "stream_internal.h"

#include <cstdint>
#include <new>
#include <sys/mman.h>

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

void* StreamOrderedResource::allocate(std::size_t bytes, StreamRef stream) {
    const Device device = stream.device();
    detail::require_cuda_device(device, "allocate");
    detail::make_current(device.ordinal());
    const CUmemoryPool pool = detail::default_memory_pool(device.ordinal());
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    const detail::DriverApi& api = detail::driver();
    CUdeviceptr ptr = 0;
    CUresult result = api.cuMemAllocFromPoolAsync(&ptr, bytes, pool, cu_stream);
    if (result == CUDA_ERROR_OUT_OF_MEMORY) {
        // Let pending frees complete, hand the pool's cached memory back, and try once more.
        GPUCC_CU(cuCtxSynchronize);
        GPUCC_CU(cuMemPoolTrimTo, pool, 0);
        result = api.cuMemAllocFromPoolAsync(&ptr, bytes, pool, cu_stream);
        if (result == CUDA_ERROR_OUT_OF_MEMORY) {
            std::size_t free_bytes = 0;
            std::size_t total_bytes = 0;
            GPUCC_CU(cuMemGetInfo, &free_bytes, &total_bytes);
            throw OutOfMemory(bytes, free_bytes, total_bytes, device.to_string());
        }
    }
    detail::check(result, "cuMemAllocFromPoolAsync");
    return reinterpret_cast<void*>( // NOLINT(performance-no-int-to-ptr): a device address
        static_cast<std::uintptr_t>(ptr));
}

void StreamOrderedResource::deallocate(void* ptr, std::size_t /*bytes*/,
                                       StreamRef stream) noexcept {
    const auto address = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(ptr));
    if (detail::driver_if_available() == nullptr) {
        return;
    }
    try {
        detail::make_current(stream.device().ordinal());
    } catch (const Error&) {
        return; // only at shutdown: the driver is gone and the memory with it
    }
    if (stream.is_owned_by_gpucc()) {
        detail::free_async_on_owned_stream(address, static_cast<CUstream>(stream.handle()));
    } else {
        GPUCC_CU_NOTHROW(cuMemFreeAsync, address, static_cast<CUstream>(stream.handle()));
    }
}

DeviceMemoryResource& device_memory_resource() {
    static StreamOrderedResource* const resource = new StreamOrderedResource(); // leaked: exit
    return *resource;
}

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
    const StreamRef stream = current_stream(device);
    DeviceMemoryResource& resource = device_memory_resource();
    void* data = resource.allocate(bytes, stream);
    try {
        return std::make_shared<Buffer>(Private{}, data, bytes, device, stream, &resource);
    } catch (...) {
        resource.deallocate(data, bytes, stream);
        throw;
    }
}

Buffer::Buffer(Private, void* data, std::size_t bytes, Device device, StreamRef stream,
               DeviceMemoryResource* resource) noexcept
    : data_(data), size_(bytes), device_(device), stream_(stream), resource_(resource) {
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
