// The default memory pools on the device under test (built for the CPU and for the GPU,
// tests/CpuGpuTests.cmake): arrays come from the device's pool with CuPy's bookkeeping (the
// numbers seed 002's memory-pool cell prints, the same on both targets), free_all_blocks, limits,
// out-of-memory under a limit (cached blocks freed, retried, then OutOfMemory with the sizes),
// per-stream arenas, and the pinned pool, which is ordinary host memory where there is no GPU.
#include "support/device_under_test.h"

#include <cstring>
#include <gmock/gmock.h>
#include <gpucc/array/array.h>
#include <gpucc/device/stream.h>
#include <gpucc/errors.h>
#include <gpucc/memory/allocator.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/ufunc.h>
#include <gtest/gtest.h>
#include <optional>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::MemoryPool;
using gpucc::Shape;
using gpucc_test::device_under_test;

bool default_pool_in_use() {
    return gpucc::get_allocator().get() == &gpucc::get_default_memory_pool();
}

// The device under test made current, with its default pool; skipped where there is no such
// device or GPUCC_ALLOCATOR put another allocator in the pool's place.
class DevicePool : public testing::Test {
protected:
    void SetUp() override {
        GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
        if (device.is_cuda() && !default_pool_in_use()) {
            GTEST_SKIP() << "GPUCC_ALLOCATOR chose another allocator for GPU memory";
        }
        on.emplace(device);
    }

    const Device device = device_under_test();
    MemoryPool& pool = gpucc::get_default_memory_pool();
    std::optional<gpucc::DeviceGuard> on;
};

TEST_F(DevicePool, ArraysComeFromTheDevicesPool) {
    pool.free_all_blocks();
    const std::size_t used = pool.used_bytes();
    const std::size_t total = pool.total_bytes();
    const std::size_t cached_blocks = pool.n_free_blocks();
    {
        const Array<float> a = gpucc::asarray<float>(std::vector<float>(100, 2.5F), Shape{100});
        EXPECT_EQ(a.device(), device);
        EXPECT_EQ(a.nbytes(), 400U);
        EXPECT_EQ(pool.used_bytes(), used + 512); // rounded up to 512 bytes
        EXPECT_GE(pool.total_bytes(), total);
        EXPECT_LE(pool.total_bytes(), total + 512);
        EXPECT_EQ(pool.device_pool(device).used_bytes(), pool.used_bytes());
    }
    // The array's memory is kept for reuse...
    EXPECT_EQ(pool.used_bytes(), used);
    EXPECT_GE(pool.n_free_blocks(), 1U);
    EXPECT_EQ(pool.free_bytes(), pool.total_bytes() - pool.used_bytes());
    {
        const Array<float> again = gpucc::full<float>(Shape{100}, 1.0F);
        EXPECT_EQ(pool.used_bytes(), used + 512);
        EXPECT_LE(pool.total_bytes(), total + 512); // ...and handed out again
        EXPECT_EQ(again.to_host(), std::vector<float>(100, 1.0F));
    }
    // ...until free_all_blocks gives it back.
    pool.free_all_blocks();
    EXPECT_EQ(pool.total_bytes(), total);
    EXPECT_EQ(pool.n_free_blocks(), cached_blocks);
}

TEST_F(DevicePool, PerStreamArenas) {
    pool.free_all_blocks(); // a stream handle may be reused: its arena starts empty
    const gpucc::Stream s(device, gpucc::StreamKind::NonBlocking);
    const std::size_t blocks_before = pool.n_free_blocks();
    {
        const gpucc::StreamGuard on_s(s);
        const Array<double> x = gpucc::full<double>(Shape{1000}, 4.0);
        EXPECT_EQ(x.ndarray().buffer()->stream(), s.ref());
        const Array<double> y = gpucc::sqrt(x);
        EXPECT_EQ(y.to_host(), std::vector<double>(1000, 2.0));
    }
    s.synchronize();
    EXPECT_GT(pool.n_free_blocks(), blocks_before); // cached in s's arena
    pool.free_all_blocks(s.ref());                  // that arena only
    EXPECT_EQ(pool.n_free_blocks(), blocks_before);
}

TEST_F(DevicePool, LimitsAndOutOfMemory) {
    const std::size_t previous = pool.get_limit();
    pool.free_all_blocks();
    // Some memory cached in the pool: the limit counts it, and it is freed before giving up.
    {
        const Array<float> cached = gpucc::full<float>(Shape{1 << 18}, 1.0F);
    } // 1 MiB
    const std::size_t limit = pool.total_bytes() + (std::size_t{3} << 20);
    pool.set_limit(limit);
    EXPECT_EQ(pool.get_limit(), limit);
    const Array<float> fits = gpucc::full<float>(Shape{3 << 18}, 2.0F); // 3 MiB: after the retry
    EXPECT_EQ(fits.to_host()[12345], 2.0F);
    try {
        (void)gpucc::empty<float>(Shape{1 << 20}); // 4 MiB more: over the limit
        ADD_FAILURE() << "no error";
    } catch (const gpucc::OutOfMemory& e) {
        EXPECT_EQ(e.requested_bytes(), std::size_t{4} << 20);
        EXPECT_THAT(e.what(), testing::HasSubstr("limit"));
        EXPECT_THAT(e.what(), testing::HasSubstr(device.to_string()));
    }
    pool.set_limit(previous);
    EXPECT_EQ(pool.get_limit(), previous);
    const Array<float> after = gpucc::full<float>(Shape{1 << 20}, 3.0F);
    EXPECT_EQ(after.to_host()[(1 << 20) - 1], 3.0F);
    EXPECT_THROW(pool.set_limit_fraction(1.5), gpucc::ValueError);
    pool.set_limit_fraction(0.5);
    EXPECT_GT(pool.get_limit(), 0U);
    pool.set_limit(previous);
}

TEST(Pools, PinnedPoolBookkeeping) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    gpucc::PinnedMemoryPool& pinned = gpucc::get_default_pinned_memory_pool();
    pinned.free_all_blocks();
    EXPECT_EQ(pinned.n_free_blocks(), 0U);
    {
        gpucc::PinnedBlock block = pinned.malloc(400);
        ASSERT_NE(block.data(), nullptr);
        std::memset(block.data(), 7, 400);
        EXPECT_EQ(static_cast<unsigned char*>(block.data())[399], 7);
    }
    EXPECT_EQ(pinned.n_free_blocks(), 1U);
    pinned.free_all_blocks();
    EXPECT_EQ(pinned.n_free_blocks(), 0U);
}

} // namespace
