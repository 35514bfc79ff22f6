// The device memory pool's own behaviour over a fake upstream, after CuPy's test_memory.py:
// rounding, best fit, split, merge, free_all_blocks of split chunks, per-stream arenas, the
// accounting, limits, out-of-memory with its retry and its message, and MemoryPool's choice of a
// pool per device.
#include "gpucc/device/device.h"
#include "gpucc/errors.h"
#include "gpucc/memory/pool.h"
#include "memory/fake_upstream.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace gpucc::testing_support {
namespace {

using testing::HasSubstr;

constexpr std::size_t kKiB = 1024;
constexpr std::size_t kMiB = kKiB * 1024;

StreamRef stream_a() {
    return fake_stream(0xA000);
}
StreamRef stream_b() {
    return fake_stream(0xB000);
}

std::byte* bytes_at(void* ptr) {
    return static_cast<std::byte*>(ptr);
}

class Pool : public testing::Test {
protected:
    std::shared_ptr<FakeUpstreamLog> log_ = std::make_shared<FakeUpstreamLog>();
    SingleDeviceMemoryPool pool_{std::make_unique<FakeUpstream>(log_)};
};

TEST(PoolRounding, To512Bytes) {
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(0), 0U);
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(1), 512U);
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(400), 512U);
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(512), 512U);
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(513), 1024U);
    EXPECT_EQ(SingleDeviceMemoryPool::round_size(kMiB + 1), kMiB + 512);
    EXPECT_THROW((void)SingleDeviceMemoryPool::round_size(std::numeric_limits<std::size_t>::max()),
                 OutOfMemory);
}

TEST_F(Pool, ARequestIsRoundedAndCounted) {
    // CuPy's documentation: a 400-byte array makes used_bytes() == total_bytes() == 512.
    void* ptr = pool_.allocate(400, stream_a());
    EXPECT_EQ(pool_.used_bytes(), 512U);
    EXPECT_EQ(pool_.total_bytes(), 512U);
    EXPECT_EQ(pool_.free_bytes(), 0U);
    EXPECT_EQ(log_->held_bytes, 512U);
    pool_.deallocate(ptr);
    EXPECT_EQ(pool_.used_bytes(), 0U);
    EXPECT_EQ(pool_.total_bytes(), 512U);
    EXPECT_EQ(pool_.free_bytes(), 512U);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
}

TEST_F(Pool, ZeroBytesIsNullAndAsksNothing) {
    EXPECT_EQ(pool_.allocate(0, stream_a()), nullptr);
    EXPECT_EQ(log_->allocations, 0);
    EXPECT_EQ(pool_.total_bytes(), 0U);
    pool_.deallocate(nullptr);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
}

TEST_F(Pool, AFreedBlockIsReusedOnItsStream) {
    void* first = pool_.allocate(1000, stream_a());
    pool_.deallocate(first);
    void* second = pool_.allocate(1000, stream_a());
    EXPECT_EQ(second, first);
    EXPECT_EQ(log_->allocations, 1);
    pool_.deallocate(second);
}

TEST_F(Pool, AFreedBlockIsNotReusedOnAnotherStream) {
    // CuPy's test_free_stream.
    void* on_a = pool_.allocate(1000, stream_a());
    pool_.deallocate(on_a);
    void* on_b = pool_.allocate(1000, stream_b());
    EXPECT_NE(on_b, on_a);
    EXPECT_EQ(log_->allocations, 2);
    void* again_on_a = pool_.allocate(1000, stream_a());
    EXPECT_EQ(again_on_a, on_a);
    EXPECT_EQ(log_->allocations, 2);
    pool_.deallocate(on_b);
    pool_.deallocate(again_on_a);
}

TEST_F(Pool, TheRemainderIsSplitOff) {
    void* whole = pool_.allocate(4 * kKiB, stream_a());
    pool_.deallocate(whole);
    void* first = pool_.allocate(kKiB, stream_a());
    EXPECT_EQ(first, whole);
    EXPECT_EQ(pool_.n_free_blocks(), 1U); // the 3 KiB remainder
    EXPECT_EQ(pool_.used_bytes(), kKiB);
    EXPECT_EQ(pool_.total_bytes(), 4 * kKiB);
    void* rest = pool_.allocate(3 * kKiB, stream_a());
    EXPECT_EQ(rest, bytes_at(whole) + kKiB);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    EXPECT_EQ(log_->allocations, 1);
    pool_.deallocate(first);
    pool_.deallocate(rest);
}

TEST_F(Pool, BestFitTakesTheSmallestChunkThatIsLargeEnough) {
    void* big = pool_.allocate(4 * kKiB, stream_a());
    void* small = pool_.allocate(kKiB, stream_a());
    void* middle = pool_.allocate(2 * kKiB, stream_a());
    pool_.deallocate(big);
    pool_.deallocate(small);
    pool_.deallocate(middle);
    EXPECT_EQ(pool_.allocate(1000, stream_a()), small);
    EXPECT_EQ(pool_.allocate(1500, stream_a()), middle);
    EXPECT_EQ(pool_.allocate(3000, stream_a()), big);
    EXPECT_EQ(log_->allocations, 3);
    pool_.deallocate(small);
    pool_.deallocate(middle);
    pool_.deallocate(big);
}

TEST_F(Pool, FreedNeighboursAreMerged) {
    void* whole = pool_.allocate(4 * kKiB, stream_a());
    pool_.deallocate(whole);
    void* a = pool_.allocate(kKiB, stream_a());
    void* b = pool_.allocate(kKiB, stream_a());
    void* c = pool_.allocate(kKiB, stream_a());
    void* d = pool_.allocate(kKiB, stream_a());
    ASSERT_EQ(b, bytes_at(a) + kKiB);
    ASSERT_EQ(c, bytes_at(a) + 2 * kKiB);
    ASSERT_EQ(d, bytes_at(a) + 3 * kKiB);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    pool_.deallocate(b);
    pool_.deallocate(c); // merged with b: one chunk of 2 KiB
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    void* bc = pool_.allocate(2 * kKiB, stream_a());
    EXPECT_EQ(bc, b);
    pool_.deallocate(bc);
    pool_.deallocate(a); // merged with the next one
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    pool_.deallocate(d); // merged with the previous one: the whole allocation again
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    EXPECT_EQ(pool_.allocate(4 * kKiB, stream_a()), whole);
    EXPECT_EQ(log_->allocations, 1);
    pool_.deallocate(whole);
}

TEST_F(Pool, AChunkFreedBetweenTwoFreeOnesMergesWithBoth) {
    void* whole = pool_.allocate(3 * kKiB, stream_a());
    pool_.deallocate(whole);
    void* a = pool_.allocate(kKiB, stream_a());
    void* b = pool_.allocate(kKiB, stream_a());
    void* c = pool_.allocate(kKiB, stream_a());
    pool_.deallocate(a);
    pool_.deallocate(c);
    EXPECT_EQ(pool_.n_free_blocks(), 2U);
    pool_.deallocate(b);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    pool_.free_all_blocks();
    EXPECT_EQ(pool_.total_bytes(), 0U);
    EXPECT_EQ(log_->deallocations, 1);
    EXPECT_EQ(log_->bad_deallocations, 0);
}

TEST_F(Pool, FreeAllBlocksKeepsTheChunksOfASplitAllocation) {
    // CuPy's test_free_all_blocks_split.
    void* whole = pool_.allocate(4 * kKiB, stream_a());
    pool_.deallocate(whole);
    void* part = pool_.allocate(kKiB, stream_a());
    pool_.free_all_blocks();
    EXPECT_EQ(pool_.total_bytes(), 4 * kKiB);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    EXPECT_EQ(log_->deallocations, 0);
    pool_.deallocate(part);
    pool_.free_all_blocks();
    EXPECT_EQ(pool_.total_bytes(), 0U);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    EXPECT_EQ(log_->deallocations, 1);
    EXPECT_EQ(log_->held_bytes, 0U);
}

TEST_F(Pool, FreeAllBlocksOfOneStream) {
    void* on_a = pool_.allocate(kKiB, stream_a());
    void* on_b = pool_.allocate(2 * kKiB, stream_b());
    pool_.deallocate(on_a);
    pool_.deallocate(on_b);
    EXPECT_EQ(pool_.n_free_blocks(), 2U);
    pool_.free_all_blocks(stream_a());
    EXPECT_EQ(pool_.total_bytes(), 2 * kKiB);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    pool_.free_all_blocks(fake_stream(0xC000));
    EXPECT_EQ(pool_.n_free_blocks(), 1U); // a stream the pool never saw: nothing to free
    pool_.free_all_blocks();
    EXPECT_EQ(pool_.total_bytes(), 0U);
    EXPECT_EQ(log_->held_bytes, 0U);
}

TEST_F(Pool, Accounting) {
    void* a = pool_.allocate(1, stream_a());
    void* b = pool_.allocate(600, stream_a());
    void* c = pool_.allocate(2048, stream_b());
    EXPECT_EQ(pool_.used_bytes(), 512U + 1024U + 2048U);
    EXPECT_EQ(pool_.total_bytes(), 512U + 1024U + 2048U);
    pool_.deallocate(b);
    EXPECT_EQ(pool_.used_bytes(), 512U + 2048U);
    EXPECT_EQ(pool_.free_bytes(), 1024U);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    pool_.deallocate(a);
    pool_.deallocate(c);
    EXPECT_EQ(pool_.used_bytes(), 0U);
    EXPECT_EQ(pool_.free_bytes(), pool_.total_bytes());
    EXPECT_EQ(pool_.n_free_blocks(), 3U);
}

TEST_F(Pool, APointerItDidNotHandOutIsIgnored) {
    void* ptr = pool_.allocate(kKiB, stream_a());
    int not_from_the_pool = 0;
    testing::internal::CaptureStderr();
    pool_.deallocate(&not_from_the_pool);
    pool_.deallocate(bytes_at(ptr) + 512); // inside a block, not its start
    const std::string reported = testing::internal::GetCapturedStderr();
    EXPECT_THAT(reported, HasSubstr("not a pointer the pool handed out (ignored)"));
    EXPECT_EQ(pool_.used_bytes(), kKiB);
    pool_.deallocate(ptr);
    EXPECT_EQ(pool_.used_bytes(), 0U);
}

TEST(PoolLifetime, TheDestructorGivesTheFreeBlocksBack) {
    auto log = std::make_shared<FakeUpstreamLog>();
    {
        SingleDeviceMemoryPool pool(std::make_unique<FakeUpstream>(log));
        pool.deallocate(pool.allocate(kKiB, stream_a()));
        pool.deallocate(pool.allocate(8 * kKiB, stream_b()));
    }
    EXPECT_EQ(log->allocations, 2);
    EXPECT_EQ(log->deallocations, 2);
    EXPECT_EQ(log->bad_deallocations, 0);
}

TEST(PoolLifetime, ANullUpstreamIsAValueError) {
    EXPECT_THROW(SingleDeviceMemoryPool(nullptr), ValueError);
}

// Limits.

TEST_F(Pool, NoLimitByDefault) {
    if (std::getenv("GPUCC_GPU_MEMORY_LIMIT") != nullptr ||
        std::getenv("CUPY_GPU_MEMORY_LIMIT") != nullptr) {
        GTEST_SKIP() << "a memory limit is set in the environment";
    }
    EXPECT_EQ(pool_.get_limit(), 0U);
}

TEST_F(Pool, TheLimitCapsTotalBytes) {
    pool_.set_limit(4 * kKiB);
    EXPECT_EQ(pool_.get_limit(), 4 * kKiB);
    void* all = pool_.allocate(4 * kKiB, stream_a());
    EXPECT_THROW((void)pool_.allocate(1, stream_a()), OutOfMemory);
    EXPECT_EQ(log_->allocations, 1); // the limit refused it: the upstream was not asked
    pool_.deallocate(all);
    pool_.set_limit(0);
    EXPECT_EQ(pool_.get_limit(), 0U);
    void* more = pool_.allocate(8 * kKiB, stream_a());
    EXPECT_NE(more, nullptr);
    pool_.deallocate(more);
}

TEST_F(Pool, ALimitBelowWhatIsHeldTakesEffectForLaterAllocations) {
    void* held = pool_.allocate(8 * kKiB, stream_a());
    pool_.set_limit(4 * kKiB);
    EXPECT_THROW((void)pool_.allocate(512, stream_b()), OutOfMemory);
    pool_.deallocate(held);
    void* fits = pool_.allocate(4 * kKiB, stream_b()); // the cached 8 KiB went back first
    EXPECT_EQ(pool_.total_bytes(), 4 * kKiB);
    pool_.deallocate(fits);
}

TEST_F(Pool, Issue7678TheLimitFreesCachedBlocksBeforeFailing) {
    pool_.set_limit(kMiB);
    pool_.deallocate(pool_.allocate(kMiB / 2, stream_a()));
    EXPECT_EQ(pool_.used_bytes(), 0U);
    void* larger = pool_.allocate(kMiB / 4 * 3, stream_a());
    EXPECT_NE(larger, nullptr);
    EXPECT_EQ(log_->deallocations, 1);
    EXPECT_EQ(pool_.total_bytes(), kMiB / 4 * 3);
    pool_.deallocate(larger);
}

TEST_F(Pool, LimitAsAFractionOfTheDevice) {
    pool_.set_limit_fraction(0.5);
    EXPECT_EQ(pool_.get_limit(), log_->capacity / 2);
    pool_.set_limit_fraction(1.0);
    EXPECT_EQ(pool_.get_limit(), log_->capacity);
    pool_.set_limit_fraction(0.0); // as in CuPy: no limit
    EXPECT_EQ(pool_.get_limit(), 0U);
}

TEST_F(Pool, AFractionOutsideZeroToOneIsAValueError) {
    for (const double bad : {-0.1, 1.5, std::nan(""), std::numeric_limits<double>::infinity()}) {
        EXPECT_THROW(pool_.set_limit_fraction(bad), ValueError) << bad;
    }
    try {
        pool_.set_limit_fraction(1.5);
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "set_limit_fraction: fraction must be in [0, 1], got 1.5");
    }
    EXPECT_EQ(pool_.get_limit(), 0U);
}

// Out of memory.

TEST_F(Pool, AnUpstreamFailureFreesTheCacheAndRetries) {
    log_->capacity = kMiB + kMiB / 2;
    pool_.deallocate(pool_.allocate(kMiB, stream_a())); // cached in stream A's arena
    void* on_b = pool_.allocate(kMiB, stream_b());      // no room until A's block goes back
    EXPECT_NE(on_b, nullptr);
    EXPECT_EQ(log_->failures, 1);
    EXPECT_EQ(log_->deallocations, 1);
    EXPECT_EQ(pool_.total_bytes(), kMiB);
    pool_.deallocate(on_b);
}

TEST_F(Pool, OneRetryOnly) {
    log_->fail_next = 1;
    void* ptr = pool_.allocate(kKiB, stream_a());
    EXPECT_NE(ptr, nullptr);
    pool_.deallocate(ptr);
    pool_.free_all_blocks();
    log_->fail_next = 2;
    EXPECT_THROW((void)pool_.allocate(kKiB, stream_a()), OutOfMemory);
    EXPECT_EQ(log_->failures, 3);
    EXPECT_EQ(pool_.total_bytes(), 0U);
    EXPECT_EQ(pool_.used_bytes(), 0U);
}

TEST_F(Pool, TheOutOfMemoryMessageSaysWhatWasAskedHeldLimitedAndFree) {
    pool_.set_limit(kMiB);
    void* const held = pool_.allocate(kMiB / 2, stream_a());
    ASSERT_NE(held, nullptr);
    try {
        (void)pool_.allocate(kMiB / 4 * 3, stream_a());
        FAIL() << "no error";
    } catch (const OutOfMemory& e) {
        EXPECT_STREQ(e.what(),
                     "out of memory on cuda:0: allocating 786432 bytes (768.0 KiB) failed after "
                     "freeing the pool's cached blocks; the pool holds 524288 bytes (512.0 KiB), "
                     "524288 of them in use, under its limit of 1048576 bytes (1.0 MiB); cuda:0 "
                     "has 66584576 bytes (63.5 MiB) free of 67108864 bytes (64.0 MiB)");
        EXPECT_EQ(e.requested_bytes(), kMiB / 4 * 3);
        EXPECT_EQ(e.free_bytes(), 66584576U);
        EXPECT_EQ(e.total_bytes(), 67108864U);
    }
    pool_.set_limit(0);
    log_->fail_next = 2;
    try {
        (void)pool_.allocate(1000, stream_a());
        FAIL() << "no error";
    } catch (const OutOfMemory& e) {
        EXPECT_STREQ(e.what(),
                     "out of memory on cuda:0: allocating 1000 bytes (rounded up to 1024) failed "
                     "after freeing the pool's cached blocks; the pool holds 524288 bytes (512.0 "
                     "KiB), 524288 of them in use, with no limit set; cuda:0 has 66584576 bytes "
                     "(63.5 MiB) free of 67108864 bytes (64.0 MiB)");
    }
    pool_.deallocate(held);
}

// Threads: the accounting stays exact.

TEST_F(Pool, ManyThreadsLeaveExactAccounting) {
    constexpr int kThreads = 8;
    std::vector<std::thread> threads;
    threads.reserve(kThreads);
    for (int id = 0; id < kThreads; ++id) {
        threads.emplace_back([this, id] {
            const StreamRef stream = fake_stream(std::uintptr_t{0x100} * (id % 3 + 1));
            std::vector<void*> held;
            held.reserve(5);
            for (int i = 0; i < 2000; ++i) {
                held.push_back(
                    pool_.allocate(512 * static_cast<std::size_t>(1 + (i * 7 + id) % 9), stream));
                if (held.size() > 4) {
                    pool_.deallocate(held[static_cast<std::size_t>(i) % held.size()]);
                    held.erase(held.begin() + static_cast<std::ptrdiff_t>(i % held.size()));
                }
            }
            for (void* ptr : held) {
                pool_.deallocate(ptr);
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(pool_.used_bytes(), 0U);
    EXPECT_EQ(pool_.total_bytes(), log_->held_bytes);
    pool_.free_all_blocks(); // everything merged back into whole allocations
    EXPECT_EQ(pool_.total_bytes(), 0U);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    EXPECT_EQ(log_->held_bytes, 0U);
    EXPECT_EQ(log_->bad_deallocations, 0);
}

// MemoryPool: one pool per device.

TEST(MemoryPoolDevices, OnePoolPerDeviceMadeOnFirstUse) {
    FakeUpstreamFactory upstreams;
    MemoryPool pool(upstreams.factory());
    EXPECT_EQ(upstreams.made(0), 0);
    const StreamRef on_1(Device::cuda(1), nullptr);
    void* ptr = pool.allocate(1000, on_1);
    EXPECT_EQ(upstreams.made(1), 1);
    EXPECT_EQ(upstreams.made(0), 0);
    EXPECT_EQ(pool.device_pool(Device::cuda(1)).used_bytes(), 1024U);
    EXPECT_EQ(pool.device_pool(Device::cuda(0)).used_bytes(), 0U);
    EXPECT_EQ(upstreams.made(0), 1);
    EXPECT_NE(&pool.device_pool(Device::cuda(0)), &pool.device_pool(Device::cuda(1)));
    pool.deallocate(ptr, 1000, on_1);
    EXPECT_EQ(pool.device_pool(Device::cuda(1)).n_free_blocks(), 1U);
    EXPECT_EQ(upstreams.made(1), 1);
    EXPECT_EQ(upstreams.log(1)->allocations, 1);
}

TEST(MemoryPoolDevices, ZeroBytesMakesNoPool) {
    FakeUpstreamFactory upstreams;
    MemoryPool pool(upstreams.factory());
    EXPECT_EQ(pool.allocate(0, StreamRef(Device::cuda(2), nullptr)), nullptr);
    EXPECT_EQ(upstreams.made(2), 0);
}

TEST(MemoryPoolDevices, TheCpuHasAPoolOfItsOwnAndOrdinalsPastTheRuntimesLimitAreDeviceErrors) {
    FakeUpstreamFactory upstreams;
    MemoryPool pool(upstreams.factory());
    const StreamRef cpu_null(Device::cpu(), nullptr);
    void* ptr = pool.allocate(1000, cpu_null);
    ASSERT_NE(ptr, nullptr);
    EXPECT_EQ(upstreams.made(-1), 1); // the factory's ordinal for the CPU
    EXPECT_EQ(pool.device_pool(Device::cpu()).used_bytes(), 1024U);
    EXPECT_NE(&pool.device_pool(Device::cpu()), &pool.device_pool(Device::cuda(0)));
    pool.deallocate(ptr, 1000, cpu_null);
    EXPECT_EQ(pool.device_pool(Device::cpu()).used_bytes(), 0U);
    EXPECT_EQ(pool.device_pool(Device::cpu()).n_free_blocks(), 1U);
    gpucc::set_default_device(Device::cpu());
    EXPECT_EQ(pool.total_bytes(), 1024U); // CuPy's methods on the CPU's pool
    pool.free_all_blocks();
    EXPECT_EQ(pool.total_bytes(), 0U);
    gpucc::reset_default_device();
    EXPECT_THROW((void)pool.device_pool(Device::cuda(detail::kMaxDevices)), DeviceError);
    pool.deallocate(nullptr, 0, cpu_null); // ignored, no error
}

TEST(MemoryPoolDevices, TheDefaultUpstreamOfTheCpuIsHostMemory) {
    MemoryPool pool; // over cuMemAlloc for GPUs, host memory for the CPU: no driver needed here
    const StreamRef cpu_null(Device::cpu(), nullptr);
    auto* bytes = static_cast<unsigned char*>(pool.allocate(5000, cpu_null));
    ASSERT_NE(bytes, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(bytes) % 64, 0U);
    for (int i = 0; i < 5000; ++i) {
        bytes[i] = static_cast<unsigned char>(i);
    }
    EXPECT_EQ(bytes[4999], static_cast<unsigned char>(4999));
    SingleDeviceMemoryPool& cpu_pool = pool.device_pool(Device::cpu());
    EXPECT_EQ(cpu_pool.upstream().where(), "cpu");
    EXPECT_GT(cpu_pool.upstream().memory_info().total_bytes, 0U);
    pool.deallocate(bytes, 5000, cpu_null);
    cpu_pool.set_limit(4096);
    try {
        (void)pool.allocate(6000, cpu_null); // the cached 5120 bytes are freed, then OOM
        FAIL() << "no error";
    } catch (const gpucc::OutOfMemory& e) {
        EXPECT_EQ(e.requested_bytes(), 6000U);
        EXPECT_THAT(e.what(), testing::HasSubstr("out of memory on cpu"));
        EXPECT_THAT(e.what(), testing::HasSubstr("under its limit of 4096 bytes"));
    }
    EXPECT_EQ(cpu_pool.total_bytes(), 0U);
}

TEST(MemoryPoolDevices, CupyStyleMethodsUseTheDefaultDevice) {
    FakeUpstreamFactory upstreams;
    MemoryPool pool(upstreams.factory());
    void* on_1 = pool.allocate(1000, StreamRef(Device::cuda(1), nullptr));
    gpucc::set_default_device(Device::cuda(1));
    EXPECT_EQ(pool.used_bytes(), 1024U);
    EXPECT_EQ(pool.total_bytes(), 1024U);
    pool.set_limit(kMiB);
    EXPECT_EQ(pool.get_limit(), kMiB);
    EXPECT_EQ(pool.device_pool(Device::cuda(1)).get_limit(), kMiB);
    pool.set_limit_fraction(0.25);
    EXPECT_EQ(pool.get_limit(), upstreams.log(1)->capacity / 4);
    pool.deallocate(on_1, 1000, StreamRef(Device::cuda(1), nullptr));
    EXPECT_EQ(pool.free_bytes(), 1024U);
    EXPECT_EQ(pool.n_free_blocks(), 1U);
    pool.free_all_blocks();
    EXPECT_EQ(pool.total_bytes(), 0U);
    gpucc::set_default_device(Device::cpu());
    EXPECT_EQ(pool.used_bytes(), 0U); // the CPU's own pool
    gpucc::reset_default_device();
}

TEST(MemoryPoolDevices, FreeAllBlocksOfAStreamUsesItsDevice) {
    FakeUpstreamFactory upstreams;
    MemoryPool pool(upstreams.factory());
    const StreamRef on_1 = fake_stream(0x10, 1);
    pool.deallocate(pool.allocate(1000, on_1), 1000, on_1);
    pool.free_all_blocks(on_1);
    EXPECT_EQ(pool.device_pool(Device::cuda(1)).total_bytes(), 0U);
}

TEST(MemoryPoolDevices, AnEmptyFactoryIsAValueError) {
    EXPECT_THROW(MemoryPool{UpstreamFactory{}}, ValueError);
}

} // namespace
} // namespace gpucc::testing_support
