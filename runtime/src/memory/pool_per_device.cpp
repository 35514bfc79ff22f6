// MemoryPool: a SingleDeviceMemoryPool per GPU and one for the CPU (the last slot, its upstream
// made by the factory for ordinal -1), each made on first use under a mutex and published
// through an atomic pointer, so finding a device's pool on each allocation takes one load.
#include "gpucc/errors.h"
#include "gpucc/memory/pool.h"

#include <string>

namespace gpucc {
namespace {

constexpr int kSlots = detail::kMaxDevices + 1; // the GPUs, then the CPU

// The slot of a device; -1 when there is none (an ordinal past the limit).
int slot_of(Device device) noexcept {
    if (device.is_cpu()) {
        return detail::kMaxDevices;
    }
    return device.ordinal() < detail::kMaxDevices ? device.ordinal() : -1;
}

} // namespace

MemoryPool::MemoryPool() : MemoryPool(make_cuda_malloc_upstream) {
}

MemoryPool::MemoryPool(UpstreamFactory factory)
    : factory_(std::move(factory)),
      pools_(std::make_unique<std::atomic<SingleDeviceMemoryPool*>[]>(kSlots)) {
    if (!factory_) {
        throw ValueError("MemoryPool: the upstream factory is empty; expected a function that "
                         "makes a MemoryUpstream for a device ordinal");
    }
}

MemoryPool::~MemoryPool() {
    for (int i = 0; i < kSlots; ++i) {
        delete pools_[i].load(std::memory_order_acquire);
    }
}

SingleDeviceMemoryPool& MemoryPool::device_pool(Device device) {
    const int index = slot_of(device);
    if (index < 0) {
        throw DeviceError("MemoryPool: " + device.to_string() + " is past the runtime's limit of " +
                          std::to_string(detail::kMaxDevices) + " GPUs");
    }
    std::atomic<SingleDeviceMemoryPool*>& slot = pools_[index];
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
    const int index = slot_of(stream.device());
    if (ptr == nullptr || index < 0) {
        return;
    }
    if (SingleDeviceMemoryPool* pool = pools_[index].load(std::memory_order_acquire)) {
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
