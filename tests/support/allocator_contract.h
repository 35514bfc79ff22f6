// The contract every DeviceMemoryResource keeps, as value-parameterized tests: allocate and free,
// reuse of freed memory, alignment, zero size, live blocks never overlapping, many threads at
// once, a request beyond the limit failing with OutOfMemory (and the resource working after it),
// and fragmentation, CuPy issue #7678's case among them: with the memory up to the limit taken
// and freed, a request of another size must succeed (a caching resource frees its cache for it).
//
// Each executable instantiates AllocatorContract with the subjects it can make: the CPU unit tests
// the pool and the unpooled resource over a fake upstream, the GPU tests every resource over real
// memory. A subject that cannot be made here (no GPU) makes nullptr, and its tests skip.
#pragma once

#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/memory/resource.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace gpucc::testing_support {

/// One resource under test, with what the contract needs to know about it.
class AllocatorUnderTest {
public:
    virtual ~AllocatorUnderTest() = default;
    virtual DeviceMemoryResource& resource() = 0;
    /// Two different streams of the device the resource allocates on (`which` is 0 or 1).
    virtual StreamRef stream(int which) = 0;
    /// The bytes the tests may hold at once: the pool's limit or what the device has free. The
    /// resource must be able to hand out this much in blocks of limit()/16 and larger.
    virtual std::size_t limit() = 0;
    /// A request that must fail with OutOfMemory.
    virtual std::size_t impossible_bytes() = 0;
    /// True when freed memory is kept and handed out again (the same address for the same size
    /// on the same stream).
    virtual bool caches() const = 0;
    /// Waits for work in flight (frees that are stream-ordered).
    virtual void synchronize() {}
};

/// A named way to make a subject; make() returns nullptr when it cannot be made here.
struct AllocatorCase {
    std::string name;
    std::function<std::unique_ptr<AllocatorUnderTest>()> make;
};

inline std::string allocator_case_name(const testing::TestParamInfo<AllocatorCase>& info) {
    return info.param.name;
}

/// How GoogleTest prints a case (in the list of tests, and when one fails); it looks for this name.
// NOLINTNEXTLINE(readability-identifier-naming)
inline void PrintTo(const AllocatorCase& c, std::ostream* os) {
    *os << c.name;
}

class AllocatorContract : public testing::TestWithParam<AllocatorCase> {
protected:
    void SetUp() override {
        subject_ = GetParam().make();
        if (subject_ == nullptr) {
            GTEST_SKIP() << GetParam().name << " cannot be made here (no CUDA device)";
        }
    }
    void TearDown() override {
        if (subject_ != nullptr) {
            subject_->synchronize();
        }
    }

    DeviceMemoryResource& resource() { return subject_->resource(); }
    StreamRef stream(int which = 0) { return subject_->stream(which); }
    std::size_t limit() { return subject_->limit(); }
    /// `bytes` rounded down to a multiple of 512 (so the pool's rounding does not add to it).
    static std::size_t whole_units(std::size_t bytes) { return bytes / 512 * 512; }

    /// Memory freed through the resource when it goes out of scope.
    struct Block {
        AllocatorContract* test = nullptr;
        void* ptr = nullptr;
        std::size_t bytes = 0;
        StreamRef stream;
        Block(AllocatorContract* t, std::size_t n, StreamRef s)
            : test(t), ptr(t->resource().allocate(n, s)), bytes(n), stream(s) {}
        ~Block() {
            if (test != nullptr) {
                test->resource().deallocate(ptr, bytes, stream);
            }
        }
        Block(Block&& other) noexcept
            : test(std::exchange(other.test, nullptr)), ptr(other.ptr), bytes(other.bytes),
              stream(other.stream) {}
        Block& operator=(Block&&) = delete;
        Block(const Block&) = delete;
        Block& operator=(const Block&) = delete;
    };

    std::unique_ptr<AllocatorUnderTest> subject_;
};

/// True when no two of the [ptr, ptr + bytes) ranges overlap.
inline bool disjoint(std::vector<std::pair<std::uintptr_t, std::size_t>> ranges) {
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t i = 1; i < ranges.size(); ++i) {
        if (ranges[i - 1].first + ranges[i - 1].second > ranges[i].first) {
            return false;
        }
    }
    return true;
}

inline std::uintptr_t address(const void* ptr) {
    return reinterpret_cast<std::uintptr_t>(ptr);
}

TEST_P(AllocatorContract, AllocatesAndFrees) {
    for (const std::size_t bytes : {std::size_t{1}, std::size_t{511}, std::size_t{512},
                                    std::size_t{513}, std::size_t{1} << 20}) {
        void* ptr = resource().allocate(bytes, stream());
        EXPECT_NE(ptr, nullptr) << bytes << " bytes";
        resource().deallocate(ptr, bytes, stream());
    }
}

TEST_P(AllocatorContract, ZeroBytesIsNull) {
    EXPECT_EQ(resource().allocate(0, stream()), nullptr);
    resource().deallocate(nullptr, 0, stream()); // nothing happens
    resource().deallocate(nullptr, 512, stream());
}

TEST_P(AllocatorContract, AlignedToAtLeast256Bytes) {
    std::vector<Block> blocks;
    for (const std::size_t bytes :
         {std::size_t{1}, std::size_t{3}, std::size_t{255}, std::size_t{257}, std::size_t{511},
          std::size_t{513}, std::size_t{1000}, std::size_t{4097}, (std::size_t{1} << 20) + 3}) {
        blocks.emplace_back(this, bytes, stream(blocks.size() % 2 == 0 ? 0 : 1));
        EXPECT_EQ(address(blocks.back().ptr) % 256, 0U) << bytes << " bytes";
    }
}

TEST_P(AllocatorContract, LiveBlocksDoNotOverlap) {
    std::vector<Block> blocks;
    std::vector<std::pair<std::uintptr_t, std::size_t>> ranges;
    blocks.reserve(64);
    ranges.reserve(64);
    std::mt19937 random(7); // NOLINT(bugprone-random-generator-seed): reproducible
    const std::size_t largest = std::min<std::size_t>(limit() / 128, std::size_t{64} << 10);
    for (int i = 0; i < 64; ++i) {
        const std::size_t bytes = 1 + random() % largest;
        blocks.emplace_back(this, bytes, stream(i % 2));
        ranges.emplace_back(address(blocks.back().ptr), bytes);
    }
    EXPECT_TRUE(disjoint(ranges));
}

TEST_P(AllocatorContract, FreedMemoryIsReused) {
    // Eight times half the limit: only possible if each free gives the memory back.
    const std::size_t half = whole_units(limit() / 2);
    void* first = nullptr;
    for (int i = 0; i < 8; ++i) {
        void* ptr = resource().allocate(half, stream());
        ASSERT_NE(ptr, nullptr);
        if (i == 0) {
            first = ptr;
        } else if (subject_->caches()) {
            EXPECT_EQ(ptr, first) << "a caching resource hands the freed block out again";
        }
        resource().deallocate(ptr, half, stream());
    }
}

TEST_P(AllocatorContract, FreedOnOneStreamThenAllocatedOnAnother) {
    const std::size_t half = whole_units(limit() / 2);
    resource().deallocate(resource().allocate(half, stream(0)), half, stream(0));
    subject_->synchronize();
    const Block other(this, half, stream(1)); // a caching resource frees its cache for it
    EXPECT_NE(other.ptr, nullptr);
}

TEST_P(AllocatorContract, BlocksUpToTheLimit) {
    const std::size_t sixteenth = whole_units(limit() / 16);
    std::vector<Block> blocks;
    for (int i = 0; i < 16; ++i) {
        blocks.emplace_back(this, sixteenth, stream());
        ASSERT_NE(blocks.back().ptr, nullptr);
    }
}

TEST_P(AllocatorContract, BeyondTheLimitIsOutOfMemoryAndTheResourceStillWorks) {
    const std::size_t impossible = subject_->impossible_bytes();
    try {
        void* ptr = resource().allocate(impossible, stream());
        resource().deallocate(ptr, impossible, stream());
        FAIL() << "allocating " << impossible << " bytes succeeded";
    } catch (const OutOfMemory& e) {
        EXPECT_EQ(e.requested_bytes(), impossible);
        EXPECT_THAT(e.what(), testing::HasSubstr(std::to_string(impossible) + " bytes"));
        EXPECT_THAT(e.what(), testing::HasSubstr("out of memory on cuda:"));
    }
    const Block after(this, 4096, stream());
    EXPECT_NE(after.ptr, nullptr);
}

TEST_P(AllocatorContract, Issue7678AnotherSizeAfterFreeingUpToTheLimit) {
    // CuPy #7678: limit L, L/2 allocated and freed, then 3L/4 failed with used_bytes() == 0.
    const std::size_t half = whole_units(limit() / 2);
    const std::size_t three_quarters = whole_units(limit() / 4 * 3);
    resource().deallocate(resource().allocate(half, stream()), half, stream());
    subject_->synchronize();
    const Block larger(this, three_quarters, stream());
    EXPECT_NE(larger.ptr, nullptr);
}

TEST_P(AllocatorContract, ManySmallBlocksFreedThenOneLarge) {
    const std::size_t sixteenth = whole_units(limit() / 16);
    {
        std::vector<Block> blocks;
        blocks.reserve(16);
        for (int i = 0; i < 16; ++i) {
            blocks.emplace_back(this, sixteenth, stream());
        }
    }
    subject_->synchronize();
    const Block large(this, whole_units(limit() / 4 * 3), stream());
    EXPECT_NE(large.ptr, nullptr);
}

TEST_P(AllocatorContract, HalfTheBlocksFreedInACheckerboardThenALargerOne) {
    const std::size_t sixteenth = whole_units(limit() / 16);
    std::vector<Block> kept;
    {
        std::vector<Block> freed;
        for (int i = 0; i < 16; ++i) {
            (i % 2 == 0 ? kept : freed).emplace_back(this, sixteenth, stream());
        }
    }
    subject_->synchronize();
    // Half the memory is free, in eight holes of a sixteenth: a quarter needs the cache freed.
    const Block quarter(this, whole_units(limit() / 4), stream());
    EXPECT_NE(quarter.ptr, nullptr);
}

TEST_P(AllocatorContract, ManyThreads) {
    constexpr int kThreads = 8;
    constexpr int kIterations = 400;
    constexpr int kLivePerThread = 8;
    const std::size_t largest = std::min<std::size_t>(
        limit() / static_cast<std::size_t>(2 * kThreads * kLivePerThread), std::size_t{64} << 10);
    std::mutex mutex;
    std::map<std::uintptr_t, std::size_t> live; // every block held by any thread
    std::atomic<int> overlaps{0};
    std::atomic<int> errors{0};
    const auto worker = [&](int id) {
        std::mt19937 random(static_cast<unsigned>(id)); // NOLINT(bugprone-random-generator-seed)
        std::vector<std::pair<void*, std::size_t>> mine;
        const StreamRef s = stream(id % 2);
        const auto release = [&](std::size_t index) {
            {
                const std::lock_guard<std::mutex> lock(mutex);
                live.erase(address(mine[index].first));
            }
            resource().deallocate(mine[index].first, mine[index].second, s);
            mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(index));
        };
        for (int i = 0; i < kIterations; ++i) {
            if (mine.size() == kLivePerThread || (!mine.empty() && random() % 3 == 0)) {
                release(random() % mine.size());
                continue;
            }
            const std::size_t bytes = 1 + random() % largest;
            void* ptr = nullptr;
            try {
                ptr = resource().allocate(bytes, s);
            } catch (const Error&) {
                ++errors;
                continue;
            }
            {
                const std::lock_guard<std::mutex> lock(mutex);
                const std::uintptr_t begin = address(ptr);
                auto next = live.lower_bound(begin);
                if (next != live.end() && next->first < begin + bytes) {
                    ++overlaps;
                }
                if (next != live.begin()) {
                    const auto previous = std::prev(next);
                    if (previous->first + previous->second > begin) {
                        ++overlaps;
                    }
                }
                live.emplace(begin, bytes);
            }
            mine.emplace_back(ptr, bytes);
        }
        while (!mine.empty()) {
            release(mine.size() - 1);
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(kThreads);
    for (int id = 0; id < kThreads; ++id) {
        threads.emplace_back(worker, id);
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(overlaps.load(), 0);
    EXPECT_EQ(errors.load(), 0);
    EXPECT_TRUE(live.empty());
}

} // namespace gpucc::testing_support
