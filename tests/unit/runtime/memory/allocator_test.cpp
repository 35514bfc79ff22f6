// set_allocator and Buffer's ownership of its resource, without a GPU: the kinds and their
// spellings, the default (the MemoryPool), buffers freed through the resource they came from after
// the allocator changed (also while other threads switch it), and the resource kept alive by its
// buffers. Buffers on a fake stream of cuda:0 come from pools over fake upstreams.
#include "gpucc/errors.h"
#include "gpucc/memory/buffer.h"
#include "memory/fake_upstream.h"

#include <atomic>
#include <cstdlib>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <memory>
#include <thread>
#include <vector>

namespace gpucc::testing_support {
namespace {

using testing::HasSubstr;

StreamRef stream() {
    return fake_stream(0x51);
}

/// Puts back the allocator the test found.
class Allocator : public testing::Test {
protected:
    void TearDown() override { set_allocator(saved_); }
    std::shared_ptr<DeviceMemoryResource> saved_ = get_allocator();
};

TEST(AllocatorKinds, Spellings) {
    EXPECT_EQ(to_string(AllocatorKind::MemoryPool), "pool");
    EXPECT_EQ(to_string(AllocatorKind::StreamOrdered), "stream_ordered");
    EXPECT_EQ(to_string(AllocatorKind::Unpooled), "unpooled");
    for (const AllocatorKind kind :
         {AllocatorKind::MemoryPool, AllocatorKind::StreamOrdered, AllocatorKind::Unpooled}) {
        EXPECT_EQ(parse_allocator_kind(to_string(kind), "X"), kind);
    }
    try {
        (void)parse_allocator_kind("cnmem", "GPUCC_ALLOCATOR");
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "GPUCC_ALLOCATOR=\"cnmem\" is not an allocator: expected pool, "
                               "stream_ordered or unpooled");
    }
}

TEST_F(Allocator, TheDefaultIsTheMemoryPool) {
    const char* env = std::getenv("GPUCC_ALLOCATOR");
    if (env != nullptr && *env != '\0') {
        GTEST_SKIP() << "GPUCC_ALLOCATOR is set";
    }
    EXPECT_EQ(saved_.get(), &get_default_memory_pool());
}

TEST_F(Allocator, ChoosingAKind) {
    set_allocator(AllocatorKind::StreamOrdered);
    EXPECT_NE(dynamic_cast<StreamOrderedResource*>(get_allocator().get()), nullptr);
    const std::shared_ptr<DeviceMemoryResource> stream_ordered = get_allocator();
    set_allocator(AllocatorKind::Unpooled);
    EXPECT_NE(dynamic_cast<UnpooledResource*>(get_allocator().get()), nullptr);
    set_allocator(AllocatorKind::MemoryPool);
    EXPECT_EQ(get_allocator().get(), &get_default_memory_pool());
    set_allocator(AllocatorKind::StreamOrdered);
    EXPECT_EQ(get_allocator(), stream_ordered); // one resource per kind for the process
}

TEST_F(Allocator, ANullResourceIsAValueError) {
    try {
        set_allocator(std::shared_ptr<DeviceMemoryResource>());
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("set_allocator: resource is null"));
    }
    EXPECT_EQ(get_allocator(), saved_);
}

TEST_F(Allocator, TheDefaultPoolsAreOneEach) {
    EXPECT_EQ(&get_default_memory_pool(), &get_default_memory_pool());
    EXPECT_EQ(&get_default_pinned_memory_pool(), &get_default_pinned_memory_pool());
}

TEST_F(Allocator, ABufferIsFreedThroughTheResourceItCameFrom) {
    FakeUpstreamFactory upstreams_a;
    FakeUpstreamFactory upstreams_b;
    auto pool_a = std::make_shared<MemoryPool>(upstreams_a.factory());
    auto pool_b = std::make_shared<MemoryPool>(upstreams_b.factory());
    set_allocator(pool_a);
    std::shared_ptr<Buffer> buffer = Buffer::allocate(1000, stream(), get_allocator());
    EXPECT_EQ(buffer->resource(), pool_a);
    EXPECT_EQ(buffer->stream(), stream());
    EXPECT_EQ(buffer->device(), Device::cuda(0));
    EXPECT_EQ(pool_a->device_pool(Device::cuda(0)).used_bytes(), 1024U);
    set_allocator(pool_b);
    buffer.reset();
    EXPECT_EQ(pool_a->device_pool(Device::cuda(0)).used_bytes(), 0U);
    EXPECT_EQ(pool_a->device_pool(Device::cuda(0)).n_free_blocks(), 1U);
    EXPECT_EQ(pool_b->device_pool(Device::cuda(0)).total_bytes(), 0U);
}

TEST_F(Allocator, ABufferKeepsItsResourceAlive) {
    FakeUpstreamFactory upstreams;
    auto pool = std::make_shared<MemoryPool>(upstreams.factory());
    const std::weak_ptr<MemoryPool> watch = pool;
    set_allocator(pool);
    std::shared_ptr<Buffer> buffer = Buffer::allocate(4096, stream(), get_allocator());
    pool.reset();
    set_allocator(AllocatorKind::Unpooled); // the last reference but the buffer's goes
    EXPECT_FALSE(watch.expired());
    buffer.reset(); // frees into the pool, then the pool goes and gives its blocks back
    EXPECT_TRUE(watch.expired());
    EXPECT_EQ(upstreams.log(0)->allocations, 1);
    EXPECT_EQ(upstreams.log(0)->deallocations, 1);
    EXPECT_EQ(upstreams.log(0)->bad_deallocations, 0);
}

TEST_F(Allocator, BufferAllocateChecksItsArguments) {
    FakeUpstreamFactory upstreams;
    auto pool = std::make_shared<MemoryPool>(upstreams.factory());
    EXPECT_THROW((void)Buffer::allocate(16, stream(), nullptr), ValueError);
    // The CPU: from the pool's CPU pool; resources that serve GPUs only refuse it.
    const std::shared_ptr<Buffer> host =
        Buffer::allocate(16, StreamRef(Device::cpu(), nullptr), pool);
    EXPECT_EQ(host->device(), Device::cpu());
    EXPECT_EQ(upstreams.made(-1), 1);
    EXPECT_THROW((void)Buffer::allocate(16, StreamRef(Device::cpu(), nullptr),
                                        std::make_shared<gpucc::UnpooledResource>()),
                 DeviceError);
    const std::shared_ptr<Buffer> empty = Buffer::allocate(0, stream(), pool);
    EXPECT_EQ(empty->data(), nullptr);
    EXPECT_EQ(empty->size(), 0U);
    EXPECT_EQ(empty->resource(), nullptr);
    EXPECT_EQ(upstreams.made(0), 0);
}

TEST_F(Allocator, AFailedAllocationLeavesNothingBehind) {
    FakeUpstreamFactory upstreams;
    auto pool = std::make_shared<MemoryPool>(upstreams.factory());
    EXPECT_THROW((void)Buffer::allocate(std::size_t{1} << 40, stream(), pool), OutOfMemory);
    EXPECT_EQ(pool->device_pool(Device::cuda(0)).total_bytes(), 0U);
}

TEST_F(Allocator, BuffersMadeWhileOtherThreadsSwitchTheAllocatorGoBackWhereTheyCameFrom) {
    FakeUpstreamFactory upstreams_a;
    FakeUpstreamFactory upstreams_b;
    auto pool_a = std::make_shared<MemoryPool>(upstreams_a.factory());
    auto pool_b = std::make_shared<MemoryPool>(upstreams_b.factory());
    set_allocator(pool_a);
    std::atomic<bool> stop{false};
    std::thread switcher([&] {
        for (int i = 0; !stop.load(); ++i) {
            set_allocator(i % 2 == 0 ? pool_b : pool_a);
        }
    });
    std::vector<std::thread> users;
    users.reserve(4);
    for (int id = 0; id < 4; ++id) {
        users.emplace_back([] {
            std::vector<std::shared_ptr<Buffer>> held;
            for (int i = 0; i < 2000; ++i) {
                held.push_back(Buffer::allocate(512 + static_cast<std::size_t>(i % 7) * 512,
                                                stream(), get_allocator()));
                if (held.size() > 8) {
                    held.erase(held.begin());
                }
            }
        });
    }
    for (std::thread& user : users) {
        user.join();
    }
    stop = true;
    switcher.join();
    for (const std::shared_ptr<MemoryPool>& pool : {pool_a, pool_b}) {
        EXPECT_EQ(pool->device_pool(Device::cuda(0)).used_bytes(), 0U);
        pool->device_pool(Device::cuda(0)).free_all_blocks();
        EXPECT_EQ(pool->device_pool(Device::cuda(0)).total_bytes(), 0U);
    }
    EXPECT_EQ(upstreams_a.log(0)->bad_deallocations, 0);
    EXPECT_EQ(upstreams_b.log(0)->bad_deallocations, 0);
}

} // namespace
} // namespace gpucc::testing_support
