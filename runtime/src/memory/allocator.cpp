// The current allocator (a shared_ptr under a mutex: Buffer::allocate copies it once per buffer
// and keeps it) and the process-wide resources set_allocator chooses among. Each thread keeps a
// weak copy tagged with the generation it read, so the allocation path takes no lock while the
// allocator is unchanged: an atomic load and weak_ptr::lock (weak, so a replaced resource is not
// kept alive by threads that saw it). The default pools and
// resources are never destroyed: buffers freed during static destruction still find them.
#include "gpucc/memory/allocator.h"

#include "gpucc/errors.h"
#include "memory/default_pool.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>

namespace gpucc {
namespace {

template <class Resource>
const std::shared_ptr<Resource>& leaked_resource() {
    static const auto* const resource = new std::shared_ptr<Resource>(std::make_shared<Resource>());
    return *resource;
}

std::shared_ptr<DeviceMemoryResource> resource_of(AllocatorKind kind) {
    switch (kind) {
    case AllocatorKind::MemoryPool:
        return leaked_resource<MemoryPool>();
    case AllocatorKind::StreamOrdered:
        return leaked_resource<StreamOrderedResource>();
    case AllocatorKind::Unpooled:
        return leaked_resource<UnpooledResource>();
    }
    throw ValueError("set_allocator: kind is " + std::to_string(static_cast<int>(kind)) +
                     ", not an AllocatorKind");
}

// The allocator new buffers come from; empty until the first get_allocator() or set_allocator().
// A mutex rather than std::atomic<std::shared_ptr>: as cheap uncontended, and ThreadSanitizer
// understands it.
struct CurrentAllocator {
    std::mutex mutex;
    std::shared_ptr<DeviceMemoryResource> resource;
    std::atomic<std::uint64_t> generation{1}; // bumped under the mutex with every change
};

/// This thread's copy of the current allocator and the generation it was read at (0: none).
struct ThreadCopy {
    std::uint64_t generation = 0;
    std::weak_ptr<DeviceMemoryResource> resource;
};
thread_local ThreadCopy t_copy;

CurrentAllocator& current() {
    static auto* const allocator = new CurrentAllocator();
    return *allocator;
}

void store(std::shared_ptr<DeviceMemoryResource> resource) {
    CurrentAllocator& c = current();
    const std::lock_guard<std::mutex> lock(c.mutex);
    c.resource.swap(resource); // the old one is released after the lock, by `resource`
    c.generation.fetch_add(1, std::memory_order_release);
}

std::shared_ptr<DeviceMemoryResource> initial_allocator() {
    const char* env = std::getenv("GPUCC_ALLOCATOR");
    if (env != nullptr && *env != '\0') {
        return resource_of(parse_allocator_kind(env, "GPUCC_ALLOCATOR"));
    }
    return resource_of(AllocatorKind::MemoryPool);
}

} // namespace

std::string_view to_string(AllocatorKind kind) {
    switch (kind) {
    case AllocatorKind::MemoryPool:
        return "pool";
    case AllocatorKind::StreamOrdered:
        return "stream_ordered";
    case AllocatorKind::Unpooled:
        return "unpooled";
    }
    return "?";
}

AllocatorKind parse_allocator_kind(std::string_view text, std::string_view source) {
    for (const AllocatorKind kind :
         {AllocatorKind::MemoryPool, AllocatorKind::StreamOrdered, AllocatorKind::Unpooled}) {
        if (text == to_string(kind)) {
            return kind;
        }
    }
    throw ValueError(std::string(source) + "=\"" + std::string(text) +
                     "\" is not an allocator: expected pool, stream_ordered or unpooled");
}

void set_allocator(AllocatorKind kind) {
    store(resource_of(kind));
}

void set_allocator(std::shared_ptr<DeviceMemoryResource> resource) {
    if (resource == nullptr) {
        throw ValueError("set_allocator: resource is null; expected a DeviceMemoryResource (or "
                         "an AllocatorKind)");
    }
    store(std::move(resource));
}

std::shared_ptr<DeviceMemoryResource> get_allocator() {
    CurrentAllocator& c = current();
    if (t_copy.generation == c.generation.load(std::memory_order_acquire)) [[likely]] {
        if (std::shared_ptr<DeviceMemoryResource> resource = t_copy.resource.lock()) [[likely]] {
            return resource;
        }
    }
    {
        const std::lock_guard<std::mutex> lock(c.mutex);
        if (c.resource != nullptr) [[likely]] {
            t_copy.resource = c.resource;
            t_copy.generation = c.generation.load(std::memory_order_relaxed);
            return c.resource;
        }
    }
    std::shared_ptr<DeviceMemoryResource> chosen = initial_allocator(); // may throw: not locked
    const std::lock_guard<std::mutex> lock(c.mutex);
    if (c.resource == nullptr) { // another thread may have set or chosen one meanwhile
        c.resource = std::move(chosen);
        c.generation.fetch_add(1, std::memory_order_release);
    }
    t_copy.resource = c.resource;
    t_copy.generation = c.generation.load(std::memory_order_relaxed);
    return c.resource;
}

MemoryPool& get_default_memory_pool() {
    return *leaked_resource<MemoryPool>();
}

const std::shared_ptr<MemoryPool>& detail::default_memory_pool_resource() {
    return leaked_resource<MemoryPool>();
}

PinnedMemoryPool& get_default_pinned_memory_pool() {
    static PinnedMemoryPool* const pool = new PinnedMemoryPool();
    return *pool;
}

} // namespace gpucc
