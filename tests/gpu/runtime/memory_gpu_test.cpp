// The memory pools on a GPU through arrays: arrays come from the current allocator, the pool
// counts them as CuPy's does (a 400-byte array holds 512 bytes), a block freed on one stream is
// reused on that stream only, arrays made under each allocator keep working and go back to their
// own after set_allocator changed it, the pool's limit and its out-of-memory message on a real
// device, arrays that outlive their stream, and the pinned pool (directly and as the staging of
// asynchronous copies). Each test installs a fresh MemoryPool where it counts bytes, and puts the
// allocator back at the end. Skipped without a GPU.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/memory/buffer.h"
#include "gpucc/stdlib/operators.h"

#include <cstdint>
#include <cstring>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <memory>
#include <numeric>
#include <span>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::MemoryPool;
using gpucc::Shape;
using gpucc::Stream;
using gpucc::StreamKind;
using testing::HasSubstr;

constexpr std::size_t kMiB = std::size_t{1} << 20;

/// Installs a fresh MemoryPool (or keeps the allocator) and puts the previous one back.
class GpuMemory : public testing::Test {
protected:
    void SetUp() override {
        GPUCC_REQUIRE_GPU();
        saved_ = gpucc::get_allocator();
        pool_ = std::make_shared<MemoryPool>();
        gpucc::set_allocator(pool_);
    }
    void TearDown() override {
        if (saved_ != nullptr) {
            gpucc::synchronize(gpu_);
            gpucc::set_allocator(saved_);
        }
    }
    gpucc::SingleDeviceMemoryPool& device_pool() { return pool_->device_pool(gpu_); }

    const Device gpu_ = Device::cuda(0);
    std::shared_ptr<gpucc::DeviceMemoryResource> saved_;
    std::shared_ptr<MemoryPool> pool_;
};

TEST_F(GpuMemory, ArraysComeFromTheCurrentAllocatorRoundedTo512) {
    {
        const Array<float> a = gpucc::empty<float>(Shape{100}, gpu_); // 400 bytes
        EXPECT_EQ(a.ndarray().buffer()->resource(), pool_);
        EXPECT_EQ(device_pool().used_bytes(), 512U);
        EXPECT_EQ(device_pool().total_bytes(), 512U);
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.data()) % 256, 0U);
    }
    EXPECT_EQ(device_pool().used_bytes(), 0U);
    EXPECT_EQ(device_pool().total_bytes(), 512U);
    EXPECT_EQ(device_pool().n_free_blocks(), 1U);
    device_pool().free_all_blocks();
    EXPECT_EQ(device_pool().total_bytes(), 0U);
}

TEST_F(GpuMemory, AFreedBlockIsReusedOnItsStreamOnly) {
    Stream s1(gpu_, StreamKind::NonBlocking);
    Stream s2(gpu_, StreamKind::NonBlocking);
    const void* first = nullptr;
    {
        const gpucc::StreamGuard on(s1);
        first = gpucc::empty<float>(Shape{1 << 18}, gpu_).data(); // freed at once
    }
    {
        const gpucc::StreamGuard on(s2);
        const Array<float> b = gpucc::empty<float>(Shape{1 << 18}, gpu_);
        EXPECT_NE(b.data(), first);
    }
    {
        const gpucc::StreamGuard on(s1);
        const Array<float> c = gpucc::empty<float>(Shape{1 << 18}, gpu_);
        EXPECT_EQ(c.data(), first);
    }
    EXPECT_EQ(device_pool().used_bytes(), 0U);
    EXPECT_EQ(device_pool().total_bytes(), 2 * kMiB);
}

TEST_F(GpuMemory, ArraysFromEveryAllocatorWorkAndGoBackToTheirOwn) {
    std::vector<float> values(3000);
    std::iota(values.begin(), values.end(), 0.5F);
    std::vector<Array<float>> arrays;
    for (const gpucc::AllocatorKind kind :
         {gpucc::AllocatorKind::MemoryPool, gpucc::AllocatorKind::StreamOrdered,
          gpucc::AllocatorKind::Unpooled}) {
        gpucc::set_allocator(kind);
        arrays.push_back(gpucc::asarray<float>(values, Shape{3000}, gpu_));
        EXPECT_EQ(arrays.back().ndarray().buffer()->resource(), gpucc::get_allocator());
        arrays.push_back(arrays.back() + arrays.back()); // a kernel's output, same allocator
    }
    gpucc::set_allocator(pool_);
    std::vector<float> doubled(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        doubled[i] = values[i] * 2;
    }
    for (std::size_t i = 0; i < arrays.size(); i += 2) {
        EXPECT_EQ(arrays[i].to_host(), values);
        EXPECT_EQ(arrays[i + 1].to_host(), doubled);
    }
    arrays.clear(); // each buffer frees through the resource it came from
    gpucc::synchronize(gpu_);
    EXPECT_EQ(device_pool().used_bytes(), 0U);
}

TEST_F(GpuMemory, TheLimitAndTheOutOfMemoryMessageOnARealDevice) {
    device_pool().set_limit(64 * kMiB);
    Array<std::uint8_t> first =
        gpucc::empty<std::uint8_t>(Shape{static_cast<std::int64_t>(48 * kMiB)}, gpu_);
    try {
        (void)gpucc::empty<std::uint8_t>(Shape{static_cast<std::int64_t>(48 * kMiB)}, gpu_);
        FAIL() << "no error";
    } catch (const gpucc::OutOfMemory& e) {
        EXPECT_THAT(e.what(), HasSubstr("out of memory on cuda:0: allocating 50331648 bytes"));
        EXPECT_THAT(e.what(), HasSubstr("the pool holds 50331648 bytes (48.0 MiB), 50331648 of "
                                        "them in use, under its limit of 67108864 bytes"));
        EXPECT_THAT(e.what(), HasSubstr("; cuda:0 has "));
        EXPECT_GT(e.total_bytes(), 0U);
        EXPECT_GT(e.free_bytes(), 0U);
    }
    first = Array<std::uint8_t>(); // CuPy #7678: the freed block is cached, then released
    const Array<std::uint8_t> second =
        gpucc::empty<std::uint8_t>(Shape{static_cast<std::int64_t>(56 * kMiB)}, gpu_);
    EXPECT_EQ(device_pool().total_bytes(), 56 * kMiB);
}

TEST_F(GpuMemory, ArraysOutliveTheirStream) {
    Array<float> survivor;
    {
        Stream s(gpu_, StreamKind::NonBlocking);
        const gpucc::StreamGuard on(s);
        survivor = gpucc::asarray<float>({4, 5, 6}, Shape{3}, gpu_);
    }
    EXPECT_EQ(survivor.to_host(), (std::vector<float>{4, 5, 6}));
    survivor = Array<float>();
    EXPECT_EQ(device_pool().used_bytes(), 0U);
    device_pool().free_all_blocks();
    EXPECT_EQ(device_pool().total_bytes(), 0U);
}

TEST_F(GpuMemory, ManyAllocationsReuseOneBlock) {
    for (int i = 0; i < 1000; ++i) {
        const Array<float> a = gpucc::empty<float>(Shape{1 << 18}, gpu_);
        ASSERT_NE(a.data(), nullptr);
    }
    EXPECT_EQ(device_pool().total_bytes(), kMiB);
}

TEST(GpuPinnedMemory, TheDefaultPoolLendsPortableHostMemory) {
    GPUCC_REQUIRE_GPU();
    gpucc::PinnedMemoryPool& pinned = gpucc::get_default_pinned_memory_pool();
    const Device gpu = Device::cuda(0);
    std::vector<float> values(kMiB / sizeof(float));
    std::iota(values.begin(), values.end(), 1.0F);
    const Array<float> a =
        gpucc::empty<float>(Shape{static_cast<std::int64_t>(values.size())}, gpu);
    {
        const gpucc::PinnedBlock block = pinned.malloc(kMiB);
        ASSERT_NE(block.data(), nullptr);
        std::memcpy(block.data(), values.data(), kMiB);
        a.ndarray().copy_from_host(block.data());
        EXPECT_GE(pinned.used_bytes(), kMiB);
    }
    EXPECT_EQ(a.to_host(), values);
    EXPECT_GE(pinned.n_free_blocks(), 1U);
    pinned.free_all_blocks();
    EXPECT_EQ(pinned.n_free_blocks(), 0U);
}

TEST(GpuPinnedMemory, AsynchronousCopiesStageThroughThePinnedPool) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    std::vector<float> values(3 * kMiB / sizeof(float));
    std::iota(values.begin(), values.end(), -5.0F);
    const Array<float> a =
        gpucc::empty<float>(Shape{static_cast<std::int64_t>(values.size())}, gpu);
    a.copy_from_host_async(std::span<const float>(values));
    EXPECT_EQ(a.to_host_async().get(), values);
    // The staging blocks are lent by the pinned pool (the staging cache keeps them lent).
    EXPECT_GT(gpucc::get_default_pinned_memory_pool().used_bytes(), 0U);
}

} // namespace
