// Pinned memory lent to asynchronous host<->device copies: a small cache of page-locked blocks
// per GPU, each with an event that marks the end of the last copy that used it, so a block is
// lent again only once the DMA engine is done with it. The cache keeps at most 8 blocks and
// 64 MiB per GPU; a larger or surplus block is released when it comes back (after waiting for its
// last copy). Blocks up to 64 MiB come from and go back to the default PinnedMemoryPool (CuPy's
// staging does the same); larger ones are cuMemHostAlloc'd (portable) for the one copy. Private
// to the runtime: it includes cuda.h.
#pragma once

#include <cstddef>
#include <cuda.h>

namespace gpucc::detail {

/// One pinned block, lent for the life of the lease and returned to the cache by its destructor.
/// Move-only. The GPU's context must be current when a lease is made.
class StagingLease {
public:
    /// A block of at least `bytes` for copies on GPU `ordinal` whose earlier copies have all
    /// finished: from the cache when one fits, else newly allocated (OutOfMemory when the host
    /// has no pinned memory left, after freeing the idle cached blocks and the pinned pool's).
    StagingLease(int ordinal, std::size_t bytes);
    ~StagingLease();
    StagingLease(StagingLease&& other) noexcept;
    StagingLease& operator=(StagingLease&& other) = delete;
    StagingLease(const StagingLease&) = delete;
    StagingLease& operator=(const StagingLease&) = delete;

    void* host() const noexcept { return host_; }
    std::size_t bytes() const noexcept { return bytes_; }
    /// Marks the copies queued on `stream` so far as users of the block.
    void record_use(CUstream stream);
    /// True when the copies marked by record_use() have finished; never blocks.
    bool idle() const;
    /// Waits for the copies marked by record_use().
    void wait_idle() const;

private:
    void* host_ = nullptr;
    std::size_t bytes_ = 0;
    CUevent last_use_ = nullptr;
    int ordinal_ = -1;
};

} // namespace gpucc::detail
