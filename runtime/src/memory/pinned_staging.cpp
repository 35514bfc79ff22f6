// The pinned staging cache: per GPU a list of idle-or-busy blocks under one mutex. A lease takes
// the smallest cached block that is big enough and idle (its event has fired), or gets one
// (sizes rounded up to powers of two from 64 KiB, so blocks are reused across similar copies);
// the lease's end puts it back, evicting idle blocks to stay within the limits. Blocks up to
// 64 MiB come from the default PinnedMemoryPool and go back to it when evicted, so pinned memory
// is shared with the program's own pinned allocations; larger ones are allocated with
// cuMemHostAlloc for the one copy and freed after it.
#include "memory/pinned_staging.h"

#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/device/device.h"
#include "gpucc/errors.h"
#include "gpucc/memory/allocator.h"

#include <bit>
#include <mutex>
#include <utility>
#include <vector>

namespace gpucc::detail {
namespace {

constexpr std::size_t kMinBlockBytes = std::size_t{64} << 10;
constexpr std::size_t kMaxCachedBytes = std::size_t{64} << 20; // per GPU
constexpr std::size_t kMaxCachedBlocks = 8;                    // per GPU
constexpr std::size_t kLargeBlockGranule = std::size_t{2} << 20;

struct Block {
    void* host = nullptr;
    std::size_t bytes = 0;
    CUevent last_use = nullptr;
};

struct DeviceCache {
    std::vector<Block> blocks; // oldest first
    std::size_t bytes = 0;
};

struct StagingCache {
    std::mutex mutex;
    DeviceCache devices[kMaxDevices];
};

StagingCache& cache() {
    static StagingCache* const instance = new StagingCache(); // leaked: used by frees at exit
    return *instance;
}

std::size_t block_bytes_for(std::size_t bytes) {
    if (bytes <= kMinBlockBytes) {
        return kMinBlockBytes;
    }
    if (bytes <= kMaxCachedBytes) {
        return std::bit_ceil(bytes);
    }
    return (bytes + kLargeBlockGranule - 1) / kLargeBlockGranule * kLargeBlockGranule;
}

bool block_idle(const Block& block) {
    // A never-recorded event counts as fired; an error (a broken context) keeps the block busy,
    // so it is never lent again and is freed when evicted.
    return driver().cuEventQuery(block.last_use) == CUDA_SUCCESS;
}

bool from_pool(const Block& block) {
    return block.bytes <= kMaxCachedBytes;
}

// Releases a block after its last copy: to the pinned pool, or to the driver for a large one.
// Never throws; silent once the driver is gone.
void free_block(const Block& block, int ordinal) noexcept {
    if (driver_if_available() == nullptr) {
        return;
    }
    try {
        make_current(ordinal);
    } catch (const Error&) {
        return;
    }
    GPUCC_CU_NOTHROW(cuEventSynchronize, block.last_use);
    GPUCC_CU_NOTHROW(cuEventDestroy, block.last_use);
    if (from_pool(block)) {
        get_default_pinned_memory_pool().deallocate(block.host);
    } else {
        GPUCC_CU_NOTHROW(cuMemFreeHost, block.host);
    }
}

// Removes the idle blocks of `device`, oldest first, until `fits` says there is room (or all idle
// ones are gone); returns them for freeing outside the lock.
template <class Fits>
std::vector<Block> evict_idle(DeviceCache& device, Fits fits) {
    std::vector<Block> evicted;
    for (auto it = device.blocks.begin(); it != device.blocks.end() && !fits();) {
        if (block_idle(*it)) {
            device.bytes -= it->bytes;
            evicted.push_back(*it);
            it = device.blocks.erase(it);
        } else {
            ++it;
        }
    }
    return evicted;
}

// Frees the idle cached blocks of GPU `ordinal` (so that their memory can be allocated again).
void evict_all_idle(int ordinal) {
    std::vector<Block> evicted;
    {
        StagingCache& c = cache();
        std::lock_guard<std::mutex> lock(c.mutex);
        evicted = evict_idle(c.devices[ordinal], [] { return false; });
    }
    for (const Block& old : evicted) {
        free_block(old, ordinal);
    }
}

// Pinned memory for a block of `size` bytes: from the pinned pool (which frees its own free
// blocks and retries before it gives up); when it has none, once more after the idle staging
// blocks went back to it and it freed them.
void* allocate_pooled(int ordinal, std::size_t size) {
    PinnedMemoryPool& pool = get_default_pinned_memory_pool();
    try {
        return pool.allocate(size);
    } catch (const OutOfMemory&) {
        evict_all_idle(ordinal);
        pool.free_all_blocks();
    }
    return pool.allocate(size);
}

void* allocate_unpooled(int ordinal, std::size_t size) {
    const DriverApi& api = driver();
    void* host = nullptr;
    CUresult result = api.cuMemHostAlloc(&host, size, CU_MEMHOSTALLOC_PORTABLE);
    if (result == CUDA_ERROR_OUT_OF_MEMORY) {
        evict_all_idle(ordinal);
        get_default_pinned_memory_pool().free_all_blocks();
        result = api.cuMemHostAlloc(&host, size, CU_MEMHOSTALLOC_PORTABLE);
        if (result == CUDA_ERROR_OUT_OF_MEMORY) {
            throw OutOfMemory(size, 0, 0, "host (pinned staging memory)");
        }
    }
    check(result, "cuMemHostAlloc");
    return host;
}

Block allocate_block(int ordinal, std::size_t bytes) {
    Block block;
    block.bytes = block_bytes_for(bytes);
    block.host = from_pool(block) ? allocate_pooled(ordinal, block.bytes)
                                  : allocate_unpooled(ordinal, block.bytes);
    const CUresult result = driver().cuEventCreate(&block.last_use, CU_EVENT_DISABLE_TIMING);
    if (result != CUDA_SUCCESS) {
        if (from_pool(block)) {
            get_default_pinned_memory_pool().deallocate(block.host);
        } else {
            GPUCC_CU_NOTHROW(cuMemFreeHost, block.host);
        }
        throw_cuda_error(result, "cuEventCreate", "pinned staging");
    }
    return block;
}

} // namespace

StagingLease::StagingLease(int ordinal, std::size_t bytes) : ordinal_(ordinal) {
    StagingCache& c = cache();
    {
        std::lock_guard<std::mutex> lock(c.mutex);
        DeviceCache& device = c.devices[ordinal];
        auto best = device.blocks.end();
        for (auto it = device.blocks.begin(); it != device.blocks.end(); ++it) {
            if (it->bytes >= bytes && (best == device.blocks.end() || it->bytes < best->bytes) &&
                block_idle(*it)) {
                best = it;
            }
        }
        if (best != device.blocks.end()) {
            host_ = best->host;
            bytes_ = best->bytes;
            last_use_ = best->last_use;
            device.bytes -= best->bytes;
            device.blocks.erase(best);
            return;
        }
    }
    const Block block = allocate_block(ordinal, bytes);
    host_ = block.host;
    bytes_ = block.bytes;
    last_use_ = block.last_use;
}

StagingLease::StagingLease(StagingLease&& other) noexcept
    : host_(std::exchange(other.host_, nullptr)), bytes_(std::exchange(other.bytes_, 0)),
      last_use_(std::exchange(other.last_use_, nullptr)), ordinal_(other.ordinal_) {
}

StagingLease::~StagingLease() {
    if (host_ == nullptr) {
        return;
    }
    const Block block{host_, bytes_, last_use_};
    std::vector<Block> evicted;
    bool kept = false;
    {
        StagingCache& c = cache();
        std::lock_guard<std::mutex> lock(c.mutex);
        DeviceCache& device = c.devices[ordinal_];
        const auto fits = [&device, &block] {
            return device.blocks.size() < kMaxCachedBlocks &&
                   device.bytes + block.bytes <= kMaxCachedBytes;
        };
        if (block.bytes <= kMaxCachedBytes && driver_if_available() != nullptr) {
            evicted = evict_idle(device, fits);
            if (fits()) {
                device.blocks.push_back(block);
                device.bytes += block.bytes;
                kept = true;
            }
        }
    }
    for (const Block& old : evicted) {
        free_block(old, ordinal_);
    }
    if (!kept) {
        free_block(block, ordinal_);
    }
}

void StagingLease::record_use(CUstream stream) {
    GPUCC_CU(cuEventRecord, last_use_, stream);
}

bool StagingLease::idle() const {
    const CUresult result = driver().cuEventQuery(last_use_);
    if (result == CUDA_ERROR_NOT_READY) {
        return false;
    }
    check(result, "cuEventQuery");
    return true;
}

void StagingLease::wait_idle() const {
    GPUCC_CU(cuEventSynchronize, last_use_);
}

} // namespace gpucc::detail
