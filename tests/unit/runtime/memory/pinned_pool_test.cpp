// The pinned host memory pool over a fake upstream, after CuPy's PinnedMemoryPool: rounding to
// 512 then a power of two, exact-size reuse, free_all_blocks, one retry after freeing the free
// blocks, the out-of-memory message, threads; and PinnedBlock's ownership (moves, reset).
#include "gpucc/errors.h"
#include "gpucc/memory/pinned_pool.h"
#include "memory/fake_upstream.h"

#include <cstring>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace gpucc::testing_support {
namespace {

using testing::HasSubstr;

class Pinned : public testing::Test {
protected:
    std::shared_ptr<FakeUpstreamLog> log_ = std::make_shared<FakeUpstreamLog>();
    PinnedMemoryPool pool_{std::make_unique<FakeUpstream>(log_, "host (pinned)")};
};

TEST(PinnedRounding, To512ThenThePowerOfTwo) {
    EXPECT_EQ(PinnedMemoryPool::round_size(0), 0U);
    EXPECT_EQ(PinnedMemoryPool::round_size(1), 512U);
    EXPECT_EQ(PinnedMemoryPool::round_size(512), 512U);
    EXPECT_EQ(PinnedMemoryPool::round_size(513), 1024U);
    EXPECT_EQ(PinnedMemoryPool::round_size(1000), 1024U);
    EXPECT_EQ(PinnedMemoryPool::round_size(1025), 2048U);
    EXPECT_EQ(PinnedMemoryPool::round_size(3000), 4096U);
    EXPECT_EQ(PinnedMemoryPool::round_size((std::size_t{1} << 20) + 1), std::size_t{2} << 20);
    EXPECT_EQ(PinnedMemoryPool::round_size(std::size_t{1} << 63), std::size_t{1} << 63);
    EXPECT_THROW((void)PinnedMemoryPool::round_size((std::size_t{1} << 63) + 1), OutOfMemory);
    EXPECT_THROW((void)PinnedMemoryPool::round_size(std::numeric_limits<std::size_t>::max()),
                 OutOfMemory);
}

TEST_F(Pinned, ZeroBytesIsNullAndAsksNothing) {
    EXPECT_EQ(pool_.allocate(0), nullptr);
    EXPECT_EQ(log_->allocations, 0);
    pool_.deallocate(nullptr);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
}

TEST_F(Pinned, ABlockIsReusedForTheSameRoundedSizeOnly) {
    void* first = pool_.allocate(1000); // 1024
    std::memset(first, 0x5A, 1000);     // host memory: writable
    EXPECT_EQ(pool_.used_bytes(), 1024U);
    pool_.deallocate(first);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    void* same_size = pool_.allocate(700); // 1024 too
    EXPECT_EQ(same_size, first);
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    pool_.deallocate(same_size);
    void* larger = pool_.allocate(2000); // 2048: a new block, no split of anything
    EXPECT_NE(larger, first);
    EXPECT_EQ(log_->allocations, 2);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
    EXPECT_EQ(pool_.total_bytes(), 1024U + 2048U);
    EXPECT_EQ(pool_.used_bytes(), 2048U);
    pool_.deallocate(larger);
}

TEST_F(Pinned, FreeAllBlocksFreesOnlyTheFreeOnes) {
    void* lent = pool_.allocate(512);
    pool_.deallocate(pool_.allocate(4096));
    pool_.deallocate(pool_.allocate(8192));
    EXPECT_EQ(pool_.n_free_blocks(), 2U);
    pool_.free_all_blocks();
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
    EXPECT_EQ(pool_.total_bytes(), 512U);
    EXPECT_EQ(log_->deallocations, 2);
    pool_.deallocate(lent);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
}

TEST_F(Pinned, AnUpstreamFailureFreesTheFreeBlocksAndRetriesOnce) {
    log_->capacity = 4096;
    pool_.deallocate(pool_.allocate(2048));
    void* all = pool_.allocate(4096); // room only once the free 2048 went back
    EXPECT_NE(all, nullptr);
    EXPECT_EQ(log_->failures, 1);
    EXPECT_EQ(log_->deallocations, 1);
    pool_.deallocate(all);
    pool_.free_all_blocks();
    log_->capacity = std::size_t{64} << 20;
    log_->fail_next = 2;
    try {
        (void)pool_.allocate(3000);
        FAIL() << "no error";
    } catch (const OutOfMemory& e) {
        EXPECT_STREQ(e.what(), "out of memory on host (pinned): allocating 3000 bytes (2.9 KiB) "
                               "(a block of 4096) failed after freeing the pool's free blocks; "
                               "the pool holds 0 bytes, 0 of them lent");
        EXPECT_EQ(e.requested_bytes(), 3000U);
    }
}

TEST_F(Pinned, APointerItDidNotLendIsIgnored) {
    int not_from_the_pool = 0;
    testing::internal::CaptureStderr();
    pool_.deallocate(&not_from_the_pool);
    EXPECT_THAT(testing::internal::GetCapturedStderr(),
                HasSubstr("not a block the pool lent (ignored)"));
    EXPECT_EQ(pool_.n_free_blocks(), 0U);
}

TEST_F(Pinned, ManyThreads) {
    std::vector<std::thread> threads;
    threads.reserve(8);
    for (int id = 0; id < 8; ++id) {
        threads.emplace_back([this, id] {
            for (int i = 0; i < 2000; ++i) {
                const std::size_t bytes = 100 + static_cast<std::size_t>((i * 13 + id) % 5000);
                auto* ptr = static_cast<unsigned char*>(pool_.allocate(bytes));
                ptr[0] = static_cast<unsigned char>(id); // ours alone while we hold it
                ptr[bytes - 1] = static_cast<unsigned char>(id);
                EXPECT_EQ(ptr[0], id);
                pool_.deallocate(ptr);
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(pool_.used_bytes(), 0U);
    EXPECT_EQ(pool_.total_bytes(), log_->held_bytes);
    pool_.free_all_blocks();
    EXPECT_EQ(log_->held_bytes, 0U);
    EXPECT_EQ(log_->bad_deallocations, 0);
}

TEST(PinnedLifetime, TheDestructorFreesTheFreeBlocks) {
    auto log = std::make_shared<FakeUpstreamLog>();
    {
        PinnedMemoryPool pool(std::make_unique<FakeUpstream>(log, "host (pinned)"));
        pool.deallocate(pool.allocate(512));
        pool.deallocate(pool.allocate(5000));
    }
    EXPECT_EQ(log->allocations, 2);
    EXPECT_EQ(log->deallocations, 2);
}

TEST(PinnedLifetime, ANullUpstreamIsAValueError) {
    EXPECT_THROW(PinnedMemoryPool(nullptr), ValueError);
}

// PinnedBlock: ownership.

TEST_F(Pinned, ABlockGoesBackWhenItEnds) {
    {
        const PinnedBlock block = pool_.malloc(1000);
        EXPECT_NE(block.data(), nullptr);
        EXPECT_EQ(block.size(), 1000U);
        EXPECT_EQ(pool_.used_bytes(), 1024U);
    }
    EXPECT_EQ(pool_.used_bytes(), 0U);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);
}

TEST_F(Pinned, DefaultAndZeroByteBlocksHoldNothing) {
    const PinnedBlock none;
    EXPECT_EQ(none.data(), nullptr);
    EXPECT_EQ(none.size(), 0U);
    const PinnedBlock zero = pool_.malloc(0);
    EXPECT_EQ(zero.data(), nullptr);
    EXPECT_EQ(log_->allocations, 0);
}

TEST_F(Pinned, MovingABlockMovesTheOwnership) {
    PinnedBlock a = pool_.malloc(1000);
    void* const data = a.data();
    PinnedBlock b(std::move(a));
    // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move): the moved-from
    EXPECT_EQ(a.data(), nullptr);
    EXPECT_EQ(a.size(), 0U); // NOLINT(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
    EXPECT_EQ(b.data(), data);
    EXPECT_EQ(b.size(), 1000U);
    EXPECT_EQ(pool_.used_bytes(), 1024U);

    PinnedBlock c = pool_.malloc(3000);
    c = std::move(b); // c's own block goes back
    EXPECT_EQ(c.data(), data);
    EXPECT_EQ(pool_.used_bytes(), 1024U);
    EXPECT_EQ(pool_.n_free_blocks(), 1U);

    PinnedBlock& self = c;
    c = std::move(self);
    EXPECT_EQ(c.data(), data);
    EXPECT_EQ(pool_.used_bytes(), 1024U);

    a = std::move(c); // into a moved-from block
    EXPECT_EQ(a.data(), data);
    a.reset();
    EXPECT_EQ(a.data(), nullptr);
    EXPECT_EQ(pool_.used_bytes(), 0U);
    a.reset(); // twice: nothing happens
    EXPECT_EQ(pool_.n_free_blocks(), 2U);
}

} // namespace
} // namespace gpucc::testing_support
