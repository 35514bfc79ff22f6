// SingleDeviceMemoryPool: CuPy's arena logic over a MemoryUpstream. Each upstream allocation is a
// doubly linked list of chunks (split on allocation, merged on free); each stream has an arena, a
// std::set of its free chunks ordered by size then address, so lower_bound is the best fit; chunks
// handed out are found again by address in a hash map. Chunk records are recycled, so the steady
// state (allocate and free the same sizes) asks the heap only for the set's and map's nodes.
#include "gpucc/memory/pool.h"

#include "gpucc/errors.h"
#include "memory/messages.h"

#include <array>
#include <cstdio>
#include <functional>
#include <limits>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gpucc {
namespace {

struct Arena;

// A piece of one upstream allocation: handed out (in_use) or free in its arena.
struct Chunk {
    std::byte* ptr = nullptr;
    std::size_t size = 0;
    Chunk* prev = nullptr; // the neighbours in the same upstream allocation
    Chunk* next = nullptr;
    Arena* arena = nullptr;
    bool in_use = false;
};

// Free chunks by size, then by address (so equal sizes go lowest address first).
struct BySizeThenAddress {
    bool operator()(const std::pair<std::size_t, Chunk*>& a,
                    const std::pair<std::size_t, Chunk*>& b) const {
        if (a.first != b.first) {
            return a.first < b.first;
        }
        const std::byte* pa = a.second != nullptr ? a.second->ptr : nullptr;
        const std::byte* pb = b.second != nullptr ? b.second->ptr : nullptr;
        return std::less<const std::byte*>()(pa, pb);
    }
};
using FreeChunks = std::set<std::pair<std::size_t, Chunk*>, BySizeThenAddress>;

// The free chunks of one stream.
struct Arena {
    void* stream = nullptr;
    FreeChunks free;
};

} // namespace

struct SingleDeviceMemoryPool::State {
    mutable std::mutex mutex;
    std::unique_ptr<MemoryUpstream> upstream;
    std::vector<std::unique_ptr<Arena>> arenas;
    Arena* last_arena = nullptr; // the arena found last: usually the next one asked for
    std::unordered_map<void*, Chunk*> in_use;
    std::vector<Chunk*> spare_chunks; // records to reuse
    std::size_t used = 0;
    std::size_t total = 0;
    std::size_t limit = 0;

    ~State() {
        for (const std::unique_ptr<Arena>& arena : arenas) {
            release_free_blocks(*arena);
            for (const auto& [size, chunk] : arena->free) {
                delete chunk; // part of a split allocation still in use: only the record goes
            }
        }
        for (const auto& [ptr, chunk] : in_use) {
            delete chunk;
        }
        for (Chunk* chunk : spare_chunks) {
            delete chunk;
        }
    }

    Arena& arena_for(void* stream) {
        if (last_arena != nullptr && last_arena->stream == stream) {
            return *last_arena;
        }
        for (const std::unique_ptr<Arena>& arena : arenas) {
            if (arena->stream == stream) {
                last_arena = arena.get();
                return *arena;
            }
        }
        auto arena = std::make_unique<Arena>();
        arena->stream = stream;
        arenas.push_back(std::move(arena));
        last_arena = arenas.back().get();
        return *last_arena;
    }

    Chunk* new_chunk() {
        if (spare_chunks.empty()) {
            return new Chunk();
        }
        Chunk* chunk = spare_chunks.back();
        spare_chunks.pop_back();
        *chunk = Chunk();
        return chunk;
    }

    void recycle(Chunk* chunk) noexcept {
        try {
            spare_chunks.push_back(chunk);
        } catch (...) {
            delete chunk;
        }
    }

    // The smallest free chunk of at least `size` bytes, split to `size`; nullptr when none.
    Chunk* take_best_fit(Arena& arena, std::size_t size) {
        const auto it = arena.free.lower_bound({size, nullptr});
        if (it == arena.free.end()) {
            return nullptr;
        }
        Chunk* chunk = it->second;
        if (chunk->size > size) {
            Chunk* rest = new_chunk(); // before anything changes: may throw
            rest->ptr = chunk->ptr + size;
            rest->size = chunk->size - size;
            rest->arena = &arena;
            rest->prev = chunk;
            rest->next = chunk->next;
            try {
                arena.free.emplace(rest->size, rest);
            } catch (...) {
                recycle(rest);
                throw;
            }
            if (chunk->next != nullptr) {
                chunk->next->prev = rest;
            }
            chunk->next = rest;
            arena.free.erase(it); // erased before its size changes: the key is (size, address)
            chunk->size = size;
        } else {
            arena.free.erase(it);
        }
        chunk->in_use = true;
        return chunk;
    }

    // A fresh upstream allocation of `size` bytes within the limit; nullptr when there is none.
    void* grow(std::size_t size) {
        if (limit != 0 && (size > limit || total > limit - size)) {
            return nullptr;
        }
        return upstream->allocate(size);
    }

    // Gives back the arena's free chunks that are whole upstream allocations.
    void release_free_blocks(Arena& arena) noexcept {
        for (auto it = arena.free.begin(); it != arena.free.end();) {
            Chunk* chunk = it->second;
            if (chunk->prev == nullptr && chunk->next == nullptr) {
                upstream->deallocate(chunk->ptr, chunk->size);
                total -= chunk->size;
                it = arena.free.erase(it);
                recycle(chunk);
            } else {
                ++it;
            }
        }
    }

    void release_all_free_blocks() noexcept {
        for (const std::unique_ptr<Arena>& arena : arenas) {
            release_free_blocks(*arena);
        }
    }

    // Frees `chunk` into its arena, merged with its free neighbours.
    void free_chunk(Chunk* chunk) {
        Arena& arena = *chunk->arena;
        chunk->in_use = false;
        if (Chunk* next = chunk->next; next != nullptr && !next->in_use) {
            arena.free.erase({next->size, next});
            chunk->size += next->size;
            chunk->next = next->next;
            if (next->next != nullptr) {
                next->next->prev = chunk;
            }
            recycle(next);
        }
        if (Chunk* prev = chunk->prev; prev != nullptr && !prev->in_use) {
            arena.free.erase({prev->size, prev});
            prev->size += chunk->size;
            prev->next = chunk->next;
            if (chunk->next != nullptr) {
                chunk->next->prev = prev;
            }
            recycle(chunk);
            chunk = prev;
        }
        arena.free.emplace(chunk->size, chunk);
    }

    [[noreturn]] void throw_out_of_memory(std::size_t bytes, std::size_t size) {
        MemoryInfo info;
        try {
            info = upstream->memory_info();
        } catch (const Error&) { // NOLINT(bugprone-empty-catch): the message says less, that's all
        }
        const std::string where = upstream->where();
        std::string message =
            "out of memory on " + where + ": allocating " + detail::bytes_text(bytes);
        if (size != bytes) {
            message += " (rounded up to " + std::to_string(size) + ")";
        }
        message += " failed after freeing the pool's cached blocks; the pool holds " +
                   detail::bytes_text(total) + ", " + std::to_string(used) + " of them in use";
        message += limit != 0 ? ", under its limit of " + detail::bytes_text(limit)
                              : ", with no limit set";
        if (info.total_bytes != 0) {
            message += "; " + where + " has " + detail::bytes_text(info.free_bytes) + " free of " +
                       detail::bytes_text(info.total_bytes);
        }
        throw OutOfMemory(message, bytes, info.free_bytes, info.total_bytes);
    }
};

std::size_t SingleDeviceMemoryPool::round_size(std::size_t bytes) {
    constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max() / kAllocationUnit;
    if (bytes / kAllocationUnit >= kMax) {
        throw OutOfMemory("out of memory: allocating " + std::to_string(bytes) +
                              " bytes: no block that large can exist (rounded up to a multiple of "
                              "512, the size overflows)",
                          bytes, 0, 0);
    }
    return (bytes + kAllocationUnit - 1) / kAllocationUnit * kAllocationUnit;
}

SingleDeviceMemoryPool::SingleDeviceMemoryPool(std::unique_ptr<MemoryUpstream> upstream)
    : state_(std::make_unique<State>()) {
    if (upstream == nullptr) {
        throw ValueError("SingleDeviceMemoryPool: upstream is null; expected a MemoryUpstream");
    }
    const MemoryLimit limit = memory_limit_from_environment();
    state_->limit =
        limit.is_fraction ? limit.resolve(upstream->memory_info().total_bytes) : limit.bytes;
    state_->upstream = std::move(upstream);
}

SingleDeviceMemoryPool::~SingleDeviceMemoryPool() = default;

void* SingleDeviceMemoryPool::allocate(std::size_t bytes, StreamRef stream) {
    if (bytes == 0) {
        return nullptr;
    }
    const std::size_t size = round_size(bytes);
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    Arena& arena = s.arena_for(stream.handle());
    Chunk* chunk = s.take_best_fit(arena, size);
    if (chunk == nullptr) {
        void* base = s.grow(size);
        if (base == nullptr) {
            s.release_all_free_blocks();
            base = s.grow(size);
        }
        if (base == nullptr) {
            s.throw_out_of_memory(bytes, size);
        }
        try {
            chunk = s.new_chunk();
        } catch (...) {
            s.upstream->deallocate(base, size);
            throw;
        }
        chunk->ptr = static_cast<std::byte*>(base);
        chunk->size = size;
        chunk->arena = &arena;
        chunk->in_use = true;
        s.total += size;
    }
    try {
        s.in_use.emplace(chunk->ptr, chunk);
    } catch (...) {
        s.free_chunk(chunk);
        throw;
    }
    s.used += chunk->size;
    return chunk->ptr;
}

void SingleDeviceMemoryPool::deallocate(void* ptr) noexcept {
    if (ptr == nullptr) {
        return;
    }
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.in_use.find(ptr);
    if (it == s.in_use.end()) {
        std::fprintf(stderr,
                     "gpucc: MemoryPool on %s: deallocate(%p): not a pointer the pool handed out "
                     "(ignored)\n",
                     s.upstream->where().c_str(), ptr);
        return;
    }
    Chunk* chunk = it->second;
    s.in_use.erase(it);
    s.used -= chunk->size;
    try {
        s.free_chunk(chunk);
    } catch (...) { // NOLINT(bugprone-empty-catch): no memory for a set node; the chunk is lost
    }
}

void SingleDeviceMemoryPool::free_all_blocks() {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    state_->release_all_free_blocks();
}

void SingleDeviceMemoryPool::free_all_blocks(StreamRef stream) {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    for (const std::unique_ptr<Arena>& arena : state_->arenas) {
        if (arena->stream == stream.handle()) {
            state_->release_free_blocks(*arena);
        }
    }
}

std::size_t SingleDeviceMemoryPool::used_bytes() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->used;
}

std::size_t SingleDeviceMemoryPool::total_bytes() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->total;
}

std::size_t SingleDeviceMemoryPool::free_bytes() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->total - state_->used;
}

std::size_t SingleDeviceMemoryPool::n_free_blocks() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    std::size_t n = 0;
    for (const std::unique_ptr<Arena>& arena : state_->arenas) {
        n += arena->free.size();
    }
    return n;
}

void SingleDeviceMemoryPool::set_limit(std::size_t bytes) {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    state_->limit = bytes;
}

void SingleDeviceMemoryPool::set_limit_fraction(double fraction) {
    if (!(fraction >= 0.0 && fraction <= 1.0)) {
        std::array<char, 32> text{};
        std::snprintf(text.data(), text.size(), "%g", fraction);
        throw ValueError(std::string("set_limit_fraction: fraction must be in [0, 1], got ") +
                         text.data());
    }
    const std::lock_guard<std::mutex> lock(state_->mutex);
    const MemoryLimit limit{true, 0, fraction};
    state_->limit = limit.resolve(state_->upstream->memory_info().total_bytes);
}

std::size_t SingleDeviceMemoryPool::get_limit() const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->limit;
}

MemoryUpstream& SingleDeviceMemoryPool::upstream() const {
    return *state_->upstream;
}

} // namespace gpucc
