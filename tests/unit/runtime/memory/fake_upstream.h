// A MemoryUpstream for testing the pools without a GPU: it hands out plain host memory (aligned
// to 256 bytes, as cuMemAlloc's is, and writable, so tests can check that blocks do not overlap),
// has a capacity, fails on demand, and counts its calls. The counters live in a FakeUpstreamLog
// shared with the test, since the pool owns the upstream itself.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/upstream.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <utility>

namespace gpucc::testing_support {

/// A stream of cuda:`ordinal` that exists only as a key: the pools use a stream's handle to pick
/// an arena, and naming a stream needs no driver.
inline StreamRef fake_stream(std::uintptr_t key, int ordinal = 0) {
    return StreamRef(Device::cuda(ordinal),
                     reinterpret_cast<void*>(key)); // NOLINT(performance-no-int-to-ptr): a key
}

/// What a FakeUpstream did, and how it should behave next. Lock `mutex` to read it while other
/// threads use the upstream.
struct FakeUpstreamLog {
    std::mutex mutex;
    std::size_t capacity = std::size_t{64} << 20; ///< allocations beyond this fail
    int fail_next = 0;                            ///< this many allocations fail first
    std::size_t held_bytes = 0;                   ///< allocated and not yet deallocated
    int allocations = 0;                          ///< successful ones
    int deallocations = 0;
    int failures = 0;
    int bad_deallocations = 0; ///< of pointers it did not hand out (or sizes that differ)
    std::set<std::pair<void*, std::size_t>> live;
};

class FakeUpstream final : public MemoryUpstream {
public:
    static constexpr std::size_t kAlignment = 256;

    explicit FakeUpstream(std::shared_ptr<FakeUpstreamLog> log, std::string where = "cuda:0")
        : log_(std::move(log)), where_(std::move(where)) {}

    ~FakeUpstream() override {
        // What the pool did not give back is freed here, so the tests do not leak.
        const std::lock_guard<std::mutex> lock(log_->mutex);
        for (const auto& [ptr, bytes] : log_->live) {
            ::operator delete(ptr, std::align_val_t{kAlignment});
        }
        log_->live.clear();
        log_->held_bytes = 0;
    }

    void* allocate(std::size_t bytes) override {
        const std::lock_guard<std::mutex> lock(log_->mutex);
        if (log_->fail_next > 0 || bytes > log_->capacity - log_->held_bytes) {
            log_->fail_next = log_->fail_next > 0 ? log_->fail_next - 1 : 0;
            ++log_->failures;
            return nullptr;
        }
        void* ptr = ::operator new(bytes, std::align_val_t{kAlignment});
        log_->live.emplace(ptr, bytes);
        log_->held_bytes += bytes;
        ++log_->allocations;
        return ptr;
    }

    void deallocate(void* ptr, std::size_t bytes) noexcept override {
        const std::lock_guard<std::mutex> lock(log_->mutex);
        if (log_->live.erase({ptr, bytes}) == 0) {
            ++log_->bad_deallocations;
            return;
        }
        ::operator delete(ptr, std::align_val_t{kAlignment});
        log_->held_bytes -= bytes;
        ++log_->deallocations;
    }

    MemoryInfo memory_info() override {
        const std::lock_guard<std::mutex> lock(log_->mutex);
        return {log_->capacity - log_->held_bytes, log_->capacity};
    }

    std::string where() const override { return where_; }

private:
    std::shared_ptr<FakeUpstreamLog> log_;
    std::string where_;
};

/// An UpstreamFactory of FakeUpstreams, one log per device ordinal (created on first use), named
/// "cuda:N" as the real ones are.
class FakeUpstreamFactory {
public:
    std::shared_ptr<FakeUpstreamLog> log(int ordinal) {
        const std::lock_guard<std::mutex> lock(mutex_);
        std::shared_ptr<FakeUpstreamLog>& log = logs_[ordinal];
        if (log == nullptr) {
            log = std::make_shared<FakeUpstreamLog>();
        }
        return log;
    }

    /// How many upstreams were made for `ordinal`.
    int made(int ordinal) {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto it = made_.find(ordinal);
        return it == made_.end() ? 0 : it->second;
    }

    /// The factory to give a MemoryPool or an UnpooledResource (it refers to this object).
    UpstreamFactory factory() {
        return [this](int ordinal) -> std::unique_ptr<MemoryUpstream> {
            {
                const std::lock_guard<std::mutex> lock(mutex_);
                ++made_[ordinal];
            }
            return std::make_unique<FakeUpstream>(log(ordinal), "cuda:" + std::to_string(ordinal));
        };
    }

private:
    std::mutex mutex_;
    std::map<int, std::shared_ptr<FakeUpstreamLog>> logs_;
    std::map<int, int> made_;
};

} // namespace gpucc::testing_support
