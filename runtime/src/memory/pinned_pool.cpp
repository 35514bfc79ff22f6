// PinnedMemoryPool: CuPy's exact-size free lists of pinned blocks over a MemoryUpstream, one
// mutex, and PinnedBlock, the handle that gives a block back when it ends.
#include "gpucc/memory/pinned_pool.h"

#include "gpucc/errors.h"
#include "memory/messages.h"

#include <bit>
#include <cstdio>
#include <limits>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gpucc {

PinnedBlock::~PinnedBlock() {
    reset();
}

PinnedBlock::PinnedBlock(PinnedBlock&& other) noexcept
    : pool_(std::exchange(other.pool_, nullptr)), data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {
}

PinnedBlock& PinnedBlock::operator=(PinnedBlock&& other) noexcept {
    if (this != &other) {
        reset();
        pool_ = std::exchange(other.pool_, nullptr);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void PinnedBlock::reset() noexcept {
    if (pool_ != nullptr && data_ != nullptr) {
        pool_->deallocate(data_);
    }
    pool_ = nullptr;
    data_ = nullptr;
    size_ = 0;
}

struct PinnedMemoryPool::State {
    mutable std::mutex mutex;
    std::unique_ptr<MemoryUpstream> upstream;
    std::unordered_map<std::size_t, std::vector<void*>> free; // by rounded size
    std::unordered_map<void*, std::size_t> lent;              // address -> rounded size
    std::size_t n_free = 0;
    std::size_t used = 0;
    std::size_t total = 0;

    ~State() { release_free_blocks(); }

    void release_free_blocks() noexcept {
        for (auto& [size, blocks] : free) {
            for (void* block : blocks) {
                upstream->deallocate(block, size);
                total -= size;
            }
            blocks.clear();
        }
        n_free = 0;
    }
};

std::size_t PinnedMemoryPool::round_size(std::size_t bytes) {
    constexpr std::size_t kUnit = 512;
    constexpr std::size_t kLargest = (std::numeric_limits<std::size_t>::max() >> 1) + 1;
    if (bytes > kLargest) {
        throw OutOfMemory("out of memory on host (pinned): allocating " + std::to_string(bytes) +
                              " bytes: no block that large can exist (rounded up to a power of "
                              "two, the size overflows)",
                          bytes, 0, 0);
    }
    return bytes == 0 ? 0 : std::bit_ceil((bytes + kUnit - 1) / kUnit * kUnit);
}

PinnedMemoryPool::PinnedMemoryPool() : PinnedMemoryPool(make_cuda_host_alloc_upstream()) {
}

PinnedMemoryPool::PinnedMemoryPool(std::unique_ptr<MemoryUpstream> upstream)
    : state_(std::make_unique<State>()) {
    if (upstream == nullptr) {
        throw ValueError("PinnedMemoryPool: upstream is null; expected a MemoryUpstream");
    }
    state_->upstream = std::move(upstream);
}

PinnedMemoryPool::~PinnedMemoryPool() = default;

void* PinnedMemoryPool::allocate(std::size_t bytes) {
    if (bytes == 0) {
        return nullptr;
    }
    const std::size_t size = round_size(bytes);
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.lent.reserve(s.lent.size() + 1); // so the emplace below cannot fail once we hold a block
    void* block = nullptr;
    if (auto it = s.free.find(size); it != s.free.end() && !it->second.empty()) {
        block = it->second.back();
        it->second.pop_back();
        --s.n_free;
    } else {
        block = s.upstream->allocate(size);
        if (block == nullptr) {
            s.release_free_blocks();
            block = s.upstream->allocate(size);
        }
        if (block == nullptr) {
            throw OutOfMemory(
                "out of memory on " + s.upstream->where() + ": allocating " +
                    detail::bytes_text(bytes) + " (a block of " + std::to_string(size) +
                    ") failed after freeing the pool's free blocks; the pool "
                    "holds " +
                    detail::bytes_text(s.total) + ", " + std::to_string(s.used) + " of them lent",
                bytes, 0, 0);
        }
        s.total += size;
    }
    s.lent.emplace(block, size);
    s.used += size;
    return block;
}

void PinnedMemoryPool::deallocate(void* ptr) noexcept {
    if (ptr == nullptr) {
        return;
    }
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.lent.find(ptr);
    if (it == s.lent.end()) {
        std::fprintf(stderr,
                     "gpucc: PinnedMemoryPool: deallocate(%p): not a block the pool lent "
                     "(ignored)\n",
                     ptr);
        return;
    }
    const std::size_t size = it->second;
    s.lent.erase(it);
    s.used -= size;
    try {
        s.free[size].push_back(ptr);
        ++s.n_free;
    } catch (...) { // no memory for the list: give the block back instead
        s.upstream->deallocate(ptr, size);
        s.total -= size;
    }
}

PinnedBlock PinnedMemoryPool::malloc(std::size_t bytes) {
    return PinnedBlock(this, allocate(bytes), bytes);
}

void PinnedMemoryPool::free_all_blocks() {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    state_->release_free_blocks();
}

std::size_t PinnedMemoryPool::n_free_blocks() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->n_free;
}

std::size_t PinnedMemoryPool::used_bytes() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->used;
}

std::size_t PinnedMemoryPool::total_bytes() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->total;
}

} // namespace gpucc
