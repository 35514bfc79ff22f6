// MemoryPool: a SingleDeviceMemoryPool per GPU, made on first use under a mutex and published
// through an atomic pointer, so finding a device's pool on each allocation takes one load.
#include "gpucc/errors.h"
#include "gpucc/memory/pool.h"

#include <string>

namespace gpucc {

MemoryPool::MemoryPool() : MemoryPool(make_cuda_malloc_upstream) {
}

MemoryPool::MemoryPool(UpstreamFactory factory)
    : factory_(std::move(factory)),
      pools_(std::make_unique<std::atomic<SingleDeviceMemoryPool*>[]>(detail::kMaxDevices)) {
    if (!factory_) {
        throw ValueError("MemoryPool: the upstream factory is empty; expected a function that "
                         "makes a MemoryUpstream for a device ordinal");
    }
}

MemoryPool::~MemoryPool() {
    for (int i = 0; i < detail::kMaxDevices; ++i) {
        delete pools_[i].load(std::memory_order_acquire);
    }
}

SingleDeviceMemoryPool& MemoryPool::device_pool(Device device) {
    if (device.is_cpu()) {
        throw DeviceError("MemoryPool needs a CUDA device, got cpu");
    }
    if (device.ordinal() >= detail::kMaxDevices) {
        throw DeviceError("MemoryPool: " + device.to_string() + " is past the runtime's limit of " +
                          std::to_string(detail::kMaxDevices) + " GPUs");
    }
    std::atomic<SingleDeviceMemoryPool*>& slot = pools_[device.ordinal()];
    if (SingleDeviceMemoryPool* pool = slot.load(std::memory_order_acquire); pool != nullptr)
        [[likely]] {
        return *pool;
    }
    const std::lock_guard<std::mutex> lock(create_mutex_);
    SingleDeviceMemoryPool* pool = slot.load(std::memory_order_acquire);
    if (pool == nullptr) {
        pool = new SingleDeviceMemoryPool(factory_(device.ordinal()));
        slot.store(pool, std::memory_order_release);
    }
    return *pool;
}

void* MemoryPool::allocate(std::size_t bytes, StreamRef stream) {
    if (bytes == 0) {
        return nullptr;
    }
    return device_pool(stream.device()).allocate(bytes, stream);
}

void MemoryPool::deallocate(void* ptr, std::size_t /*bytes*/, StreamRef stream) noexcept {
    const int ordinal = stream.device().ordinal();
    if (ptr == nullptr || ordinal < 0 || ordinal >= detail::kMaxDevices) {
        return;
    }
    if (SingleDeviceMemoryPool* pool = pools_[ordinal].load(std::memory_order_acquire)) {
        pool->deallocate(ptr);
    }
}

void MemoryPool::free_all_blocks() {
    device_pool(default_device()).free_all_blocks();
}

void MemoryPool::free_all_blocks(StreamRef stream) {
    device_pool(stream.device()).free_all_blocks(stream);
}

std::size_t MemoryPool::used_bytes() {
    return device_pool(default_device()).used_bytes();
}

std::size_t MemoryPool::total_bytes() {
    return device_pool(default_device()).total_bytes();
}

std::size_t MemoryPool::free_bytes() {
    return device_pool(default_device()).free_bytes();
}

std::size_t MemoryPool::n_free_blocks() {
    return device_pool(default_device()).n_free_blocks();
}

void MemoryPool::set_limit(std::size_t bytes) {
    device_pool(default_device()).set_limit(bytes);
}

void MemoryPool::set_limit_fraction(double fraction) {
    device_pool(default_device()).set_limit_fraction(fraction);
}

std::size_t MemoryPool::get_limit() {
    return device_pool(default_device()).get_limit();
}

} // namespace gpucc
