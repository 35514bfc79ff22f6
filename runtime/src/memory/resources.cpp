// The resources without a cache of gpucc's own: StreamOrderedResource (the driver's stream-ordered
// pool, with its out-of-memory retry) and UnpooledResource (straight to an upstream per device).
#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"
#include "gpucc/memory/resource.h"
#include "memory/messages.h"

#include <cstdint>
#include <mutex>
#include <string>

namespace gpucc {

void* StreamOrderedResource::allocate(std::size_t bytes, StreamRef stream) {
    if (bytes == 0) {
        return nullptr;
    }
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
    if (ptr == nullptr || detail::driver_if_available() == nullptr) {
        return;
    }
    const auto address = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(ptr));
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

// One device's upstream, made on first use, and the lock its calls are made under.
struct UnpooledResource::DeviceSlot {
    std::mutex mutex;
    std::unique_ptr<MemoryUpstream> upstream;
};

UnpooledResource::UnpooledResource() : UnpooledResource(make_cuda_malloc_upstream) {
}

UnpooledResource::UnpooledResource(UpstreamFactory factory)
    : factory_(std::move(factory)), slots_(std::make_unique<DeviceSlot[]>(detail::kMaxDevices)) {
    if (!factory_) {
        throw ValueError("UnpooledResource: the upstream factory is empty; expected a function "
                         "that makes a MemoryUpstream for a device ordinal");
    }
}

UnpooledResource::~UnpooledResource() = default;

UnpooledResource::DeviceSlot& UnpooledResource::slot(Device device) {
    if (device.is_cpu()) {
        throw DeviceError("UnpooledResource needs a CUDA device, got cpu");
    }
    if (device.ordinal() >= detail::kMaxDevices) {
        throw DeviceError("UnpooledResource: " + device.to_string() +
                          " is past the runtime's limit of " + std::to_string(detail::kMaxDevices) +
                          " GPUs");
    }
    return slots_[device.ordinal()];
}

void* UnpooledResource::allocate(std::size_t bytes, StreamRef stream) {
    if (bytes == 0) {
        return nullptr;
    }
    DeviceSlot& s = slot(stream.device());
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (s.upstream == nullptr) {
        s.upstream = factory_(stream.device().ordinal());
    }
    if (void* ptr = s.upstream->allocate(bytes)) {
        return ptr;
    }
    MemoryInfo info;
    try {
        info = s.upstream->memory_info();
    } catch (const Error&) { // NOLINT(bugprone-empty-catch): the message says less, that's all
    }
    const std::string where = s.upstream->where();
    std::string message = "out of memory on " + where + ": allocating " +
                          detail::bytes_text(bytes) + " failed (unpooled: nothing cached to free)";
    if (info.total_bytes != 0) {
        message += "; " + where + " has " + detail::bytes_text(info.free_bytes) + " free of " +
                   detail::bytes_text(info.total_bytes);
    }
    throw OutOfMemory(message, bytes, info.free_bytes, info.total_bytes);
}

void UnpooledResource::deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept {
    const int ordinal = stream.device().ordinal();
    if (ptr == nullptr || ordinal < 0 || ordinal >= detail::kMaxDevices) {
        return;
    }
    DeviceSlot& s = slots_[ordinal];
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (s.upstream != nullptr) {
        s.upstream->deallocate(ptr, bytes);
    }
}

} // namespace gpucc
