// Which resource new GPU buffers come from, CuPy's cupy.cuda.set_allocator: the caching
// MemoryPool (the default, as in CuPy), the driver's stream-ordered pool, unpooled
// cuMemAlloc/cuMemFree, or any DeviceMemoryResource of the program's. A Buffer keeps the resource
// it came from alive and frees through it, so changing the allocator while arrays exist is safe.
// Also the process's default pools, CuPy's get_default_memory_pool and
// get_default_pinned_memory_pool.
#pragma once

#include "gpucc/memory/pinned_pool.h"
#include "gpucc/memory/pool.h"
#include "gpucc/memory/resource.h"

#include <cstdint>
#include <memory>
#include <string_view>

namespace gpucc {

/// The resources gpucc provides.
enum class AllocatorKind : std::uint8_t {
    MemoryPool,    ///< get_default_memory_pool(): CuPy's pool over cuMemAlloc
    StreamOrdered, ///< a StreamOrderedResource: cuMemAllocFromPoolAsync / cuMemFreeAsync
    Unpooled,      ///< an UnpooledResource: cuMemAlloc / cuMemFree per buffer
};

/// "pool", "stream_ordered" or "unpooled".
std::string_view to_string(AllocatorKind kind);
/// The inverse of to_string; ValueError naming `source`, the accepted spellings and the text.
AllocatorKind parse_allocator_kind(std::string_view text, std::string_view source);

/// Makes `kind`'s process-wide resource the one new GPU buffers come from (all threads).
void set_allocator(AllocatorKind kind);
/// Makes `resource` the one new GPU buffers come from (all threads). ValueError for nullptr.
void set_allocator(std::shared_ptr<DeviceMemoryResource> resource);
/// The resource new GPU buffers come from: the last one set; before any set_allocator call, the
/// one the environment variable GPUCC_ALLOCATOR names ("pool", "stream_ordered", "unpooled"),
/// else the default MemoryPool. ValueError for a bad GPUCC_ALLOCATOR.
std::shared_ptr<DeviceMemoryResource> get_allocator();

/// The process's MemoryPool (over cuMemAlloc), made on first use and never destroyed.
MemoryPool& get_default_memory_pool();
/// The process's PinnedMemoryPool (over cuMemHostAlloc), made on first use and never destroyed;
/// the runtime's asynchronous transfers stage through it.
PinnedMemoryPool& get_default_pinned_memory_pool();

} // namespace gpucc
