// CuPy's pinned (page-locked) host memory pool in C++. Pinning memory is slow (cuMemHostAlloc
// maps and locks every page), and asynchronous copies need pinned memory, so freed blocks are kept
// and lent again. The semantics are CuPy's PinnedMemoryPool (cupy/cuda/pinned_memory.pyx): sizes
// are rounded up to a multiple of 512 bytes and then to the next power of two; free blocks are
// kept in a list per size and reused only for that exact size (no split, no merge); when the
// upstream has no memory left the pool frees all its free blocks and retries once, then throws
// OutOfMemory. The memory is portable: every GPU's context can use it.
//
// The runtime's asynchronous transfers take their staging blocks from the default pool
// (get_default_pinned_memory_pool(), memory/allocator.h). Thread-safe: one mutex.
#pragma once

#include "gpucc/memory/upstream.h"

#include <cstddef>
#include <memory>

namespace gpucc {

class PinnedMemoryPool;

/// A block lent by a PinnedMemoryPool, given back to it when the PinnedBlock ends. Move-only; a
/// moved-from or default-constructed PinnedBlock holds nothing. The pool must outlive it.
class PinnedBlock {
public:
    PinnedBlock() noexcept = default;
    ~PinnedBlock();
    PinnedBlock(PinnedBlock&& other) noexcept;
    PinnedBlock& operator=(PinnedBlock&& other) noexcept;
    PinnedBlock(const PinnedBlock&) = delete;
    PinnedBlock& operator=(const PinnedBlock&) = delete;

    /// The host address; nullptr when the block holds nothing (or 0 bytes were asked).
    void* data() const noexcept { return data_; }
    /// The bytes asked for (the block may be larger: PinnedMemoryPool::round_size).
    std::size_t size() const noexcept { return size_; }
    /// Gives the memory back to the pool now.
    void reset() noexcept;

private:
    friend class PinnedMemoryPool;
    PinnedBlock(PinnedMemoryPool* pool, void* data, std::size_t size) noexcept
        : pool_(pool), data_(data), size_(size) {}
    PinnedMemoryPool* pool_ = nullptr;
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

/// The pool (see the top of this file).
class PinnedMemoryPool {
public:
    /// `bytes` rounded up to a multiple of 512, then to the next power of two (0 stays 0).
    /// OutOfMemory when that overflows.
    static std::size_t round_size(std::size_t bytes);

    /// Over cuMemHostAlloc(CU_MEMHOSTALLOC_PORTABLE) / cuMemFreeHost.
    PinnedMemoryPool();
    /// Over `upstream` (tests pass a fake).
    explicit PinnedMemoryPool(std::unique_ptr<MemoryUpstream> upstream);
    /// Frees the free blocks. Blocks still lent are not freed.
    ~PinnedMemoryPool();
    PinnedMemoryPool(const PinnedMemoryPool&) = delete;
    PinnedMemoryPool& operator=(const PinnedMemoryPool&) = delete;

    /// A block of round_size(bytes) bytes (at least `bytes`): a free one of that size, else a new
    /// one; nullptr for 0 bytes. OutOfMemory after freeing the free blocks and retrying once.
    void* allocate(std::size_t bytes);
    /// Returns a block from allocate() to the free list of its size. nullptr is ignored; a
    /// pointer the pool did not lend is reported on stderr and ignored.
    void deallocate(void* ptr) noexcept;
    /// allocate(bytes) as a PinnedBlock that gives the memory back when it ends.
    PinnedBlock malloc(std::size_t bytes);

    /// Frees every free block (blocks lent stay lent).
    void free_all_blocks();
    /// Free blocks kept, of all sizes.
    std::size_t n_free_blocks() const;
    /// Bytes lent and not yet returned (rounded sizes).
    std::size_t used_bytes() const;
    /// Bytes held from the upstream (lent or free).
    std::size_t total_bytes() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace gpucc
