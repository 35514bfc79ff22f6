// CuPy's device memory pool in C++: freed GPU memory is kept and handed out again without asking
// the driver, which is what makes an allocate+free pair cost well under a microsecond instead of
// the tens of microseconds of cuMemAlloc+cuMemFree. The semantics are CuPy's MemoryPool
// (cupy/cuda/memory.pyx):
//  - sizes are rounded up to a multiple of 512 bytes; 0 bytes is a nullptr and allocates nothing;
//  - free memory is kept per stream (an arena for each stream allocations were made on): a block
//    freed on stream A is reused only for allocations on stream A, whose work is ordered after
//    the block's last use there; another stream gets it only after free_all_blocks gave it back
//    to the driver (cuMemFree waits for the device);
//  - best fit: the smallest free chunk that is large enough (std::set ordered by size,
//    lower_bound); the rest of it is split off as a free chunk; a freed chunk is merged with its
//    free neighbours from the same upstream allocation;
//  - free_all_blocks gives back the free chunks that are whole upstream allocations (a chunk of a
//    split allocation stays until its neighbours are freed and merged with it);
//  - a limit (set_limit, set_limit_fraction, or the environment variable GPUCC_GPU_MEMORY_LIMIT,
//    else CUPY_GPU_MEMORY_LIMIT, as "1073741824" or "50%"), 0 meaning none;
//  - out of memory (the limit reached, or the upstream out of memory): free_all_blocks, retry
//    once, then OutOfMemory saying what was asked, what the pool holds, the limit and what the
//    device has free.
// SingleDeviceMemoryPool is the pool of one device over a MemoryUpstream (memory/upstream.h), so
// the unit tests drive it with a fake; MemoryPool holds one per GPU, and one for the CPU over
// host memory, and picks it by the device of the stream (or, for CuPy's methods without
// arguments, by default_device()). Both are thread-safe: one mutex per device pool.
//
// On the CPU the pool works as on a GPU: CPU arrays are allocated from the default MemoryPool's
// CPU pool (whatever set_allocator chose for GPU memory), with the same rounding, per-stream
// arenas, statistics, limit (the same environment variables; a percentage is of the machine's
// physical memory) and out-of-memory handling, so a program prints the same numbers on both.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/resource.h"
#include "gpucc/memory/upstream.h"

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string_view>

namespace gpucc {

/// A pool limit as GPUCC_GPU_MEMORY_LIMIT spells it: a number of bytes, or a fraction of the
/// device's memory.
struct MemoryLimit {
    bool is_fraction = false;
    std::size_t bytes = 0; ///< when !is_fraction; 0 is no limit
    double fraction = 0;   ///< when is_fraction, in [0, 1]
    /// The limit in bytes on a device of `device_total_bytes` (a fraction rounds down).
    std::size_t resolve(std::size_t device_total_bytes) const;
};

/// Parses "1073741824" (bytes) or "50%" / "12.5%" (of the device's memory, from 0 to 100); an
/// empty text is no limit. ValueError naming `source` (e.g. "GPUCC_GPU_MEMORY_LIMIT"), what was
/// expected and the text otherwise.
MemoryLimit parse_memory_limit(std::string_view text, std::string_view source);

/// The limit a new device pool starts with: GPUCC_GPU_MEMORY_LIMIT when set and not empty, else
/// CUPY_GPU_MEMORY_LIMIT, else none. Read at each call; ValueError for a bad value.
MemoryLimit memory_limit_from_environment();

/// The pool of one device (see the top of this file).
class SingleDeviceMemoryPool {
public:
    /// Allocations are rounded up to a multiple of this.
    static constexpr std::size_t kAllocationUnit = 512;
    /// `bytes` rounded up to kAllocationUnit (0 stays 0). OutOfMemory when that overflows.
    static std::size_t round_size(std::size_t bytes);

    /// A pool over `upstream`, with the limit memory_limit_from_environment() gives (a fraction
    /// of upstream->memory_info().total_bytes for a percentage).
    explicit SingleDeviceMemoryPool(std::unique_ptr<MemoryUpstream> upstream);
    /// Gives the free chunks back to the upstream. Memory still handed out is not freed.
    ~SingleDeviceMemoryPool();
    SingleDeviceMemoryPool(const SingleDeviceMemoryPool&) = delete;
    SingleDeviceMemoryPool& operator=(const SingleDeviceMemoryPool&) = delete;

    /// round_size(bytes) bytes from `stream`'s arena (best fit, split), else from the upstream;
    /// nullptr for 0 bytes. Only the stream's handle is used (as the arena's key).
    void* allocate(std::size_t bytes, StreamRef stream);
    /// Returns a pointer from allocate() to the arena of the stream it was allocated on, merged
    /// with its free neighbours. nullptr is ignored; a pointer the pool did not hand out is
    /// reported on stderr and ignored.
    void deallocate(void* ptr) noexcept;

    /// Gives back to the upstream every free chunk that is a whole upstream allocation, in all
    /// arenas / in the arena of `stream` only.
    void free_all_blocks();
    void free_all_blocks(StreamRef stream);

    /// Bytes handed out and not yet freed (rounded sizes).
    std::size_t used_bytes() const;
    /// Bytes held from the upstream (handed out or cached).
    std::size_t total_bytes() const;
    /// total_bytes() - used_bytes(): the bytes cached.
    std::size_t free_bytes() const;
    /// Free chunks in all arenas.
    std::size_t n_free_blocks() const;

    /// Caps total_bytes(): an allocation that would pass the limit first frees the cached blocks,
    /// then fails with OutOfMemory. 0 is no limit. Takes effect for later allocations only.
    void set_limit(std::size_t bytes);
    /// set_limit(fraction * the device's total memory); `fraction` in [0, 1] (0 is no limit, as
    /// in CuPy), else ValueError.
    void set_limit_fraction(double fraction);
    /// The limit in bytes; 0 when there is none.
    std::size_t get_limit() const;

    /// The upstream (for its memory_info()).
    MemoryUpstream& upstream() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

/// CuPy's MemoryPool: one SingleDeviceMemoryPool per GPU, made on first use, chosen by the
/// device of the stream given to allocate() or by default_device() for the methods without a
/// device. Install it with set_allocator (memory/allocator.h); get_default_memory_pool() is the
/// one arrays use by default.
class MemoryPool final : public DeviceMemoryResource {
public:
    /// Pools over cuMemAlloc/cuMemFree (make_cuda_malloc_upstream).
    MemoryPool();
    /// Pools over the upstreams `factory` makes (tests pass a fake).
    explicit MemoryPool(UpstreamFactory factory);
    ~MemoryPool() override;
    MemoryPool(const MemoryPool&) = delete;
    MemoryPool& operator=(const MemoryPool&) = delete;

    void* allocate(std::size_t bytes, StreamRef stream) override;
    void deallocate(void* ptr, std::size_t bytes, StreamRef stream) noexcept override;

    /// The pool of `device`, made on first use (the CPU's over host memory). DeviceError for an
    /// ordinal past detail::kMaxDevices (and, over cuMemAlloc, for a GPU that does not exist).
    SingleDeviceMemoryPool& device_pool(Device device);

    /// CuPy's methods, on the pool of default_device() (the CPU's when that is the CPU).
    void free_all_blocks();
    /// On the pool of stream.device(), the arena of `stream` only.
    void free_all_blocks(StreamRef stream);
    std::size_t used_bytes();
    std::size_t total_bytes();
    std::size_t free_bytes();
    std::size_t n_free_blocks();
    void set_limit(std::size_t bytes);
    void set_limit_fraction(double fraction);
    std::size_t get_limit();

private:
    UpstreamFactory factory_;
    std::mutex create_mutex_;
    std::unique_ptr<std::atomic<SingleDeviceMemoryPool*>[]> pools_; // kMaxDevices GPUs + CPU
};

} // namespace gpucc
