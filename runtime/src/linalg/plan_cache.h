// A fixed-size cache of the most recently used plans, for the GPU GEMM's cuBLASLt plans
// (cublaslt_gemm.h): a small matmul must not pay for cuBLASLt's descriptors and algorithm
// heuristics on every call, and a program rarely multiplies more than a few dozen shapes in a
// loop. Capacity entries in place (no allocation after construction), a linear search that tries
// the last hit first, and the least recently used entry replaced on a miss. Not thread-safe: each
// thread keeps its own (the handles it serves are per thread). Header-only and free of CUDA so the
// unit tests check it on any machine. Private to the runtime.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace gpucc::linalg::detail {

template <class Key, class Value, std::size_t Capacity>
class PlanCache {
    static_assert(Capacity > 0);

public:
    /// The value cached for `key`; on a miss `make()` builds it (a throw leaves the cache as it
    /// was) and it takes the place of the least recently used entry once the cache is full.
    template <class Make>
    Value& find_or_make(const Key& key, Make&& make) {
        ++clock_;
        if (last_ < size_ && entries_[last_].key == key) {
            return hit(last_);
        }
        for (std::size_t i = 0; i < size_; ++i) {
            if (entries_[i].key == key) {
                return hit(i);
            }
        }
        Value made = std::forward<Make>(make)();
        std::size_t index = size_;
        if (size_ == Capacity) {
            index = 0;
            for (std::size_t i = 1; i < Capacity; ++i) {
                if (entries_[i].used < entries_[index].used) {
                    index = i;
                }
            }
        } else {
            ++size_;
        }
        Entry& entry = entries_[index];
        entry.value = std::move(made);
        entry.key = key;
        entry.used = clock_;
        last_ = index;
        ++misses_;
        return entry.value;
    }

    std::size_t size() const noexcept { return size_; }
    static constexpr std::size_t capacity() noexcept { return Capacity; }
    std::uint64_t hits() const noexcept { return hits_; }
    std::uint64_t misses() const noexcept { return misses_; }

private:
    struct Entry {
        Key key{};
        Value value{};
        std::uint64_t used = 0;
    };

    Value& hit(std::size_t index) {
        entries_[index].used = clock_;
        last_ = index;
        ++hits_;
        return entries_[index].value;
    }

    std::array<Entry, Capacity> entries_{};
    std::size_t size_ = 0;
    std::size_t last_ = 0;
    std::uint64_t clock_ = 0;
    std::uint64_t hits_ = 0;
    std::uint64_t misses_ = 0;
};

} // namespace gpucc::linalg::detail
