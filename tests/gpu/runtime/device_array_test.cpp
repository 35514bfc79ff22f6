// Arrays on a GPU: host round trips for every element type, strided views gathered by to_host,
// reshape, zero-size arrays, out-of-memory, the device's properties and DeviceGuard.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Shape;
using testing::HasSubstr;

TEST(GpuDevice, PropertiesAndDefault) {
    GPUCC_REQUIRE_GPU();
    const gpucc::DeviceProperties& p = gpucc::device_properties(Device::cuda(0));
    EXPECT_GT(p.sm_count, 0);
    EXPECT_GE(p.max_threads_per_sm, 256);
    EXPECT_EQ(p.warp_size, 32);
    EXPECT_GE(p.compute_capability_major, 5);
    EXPECT_FALSE(p.name.empty());
    EXPECT_GT(p.total_memory_bytes, 0U);
    std::printf("cuda:0 is %s, sm_%d%d, %d SMs, %d threads/SM, %zu MiB\n", p.name.c_str(),
                p.compute_capability_major, p.compute_capability_minor, p.sm_count,
                p.max_threads_per_sm, p.total_memory_bytes >> 20);
    if (std::getenv("GPUCC_DEVICE") == nullptr) {
        EXPECT_EQ(gpucc::default_device(), Device::cuda(0));
    }
    {
        gpucc::DeviceGuard guard(Device::cuda(0));
        EXPECT_EQ(gpucc::default_device(), Device::cuda(0));
        gpucc::synchronize();
    }
    const int count = gpucc::cuda_device_count();
    try {
        (void)gpucc::empty<float>(Shape{4}, Device::cuda(count));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_THAT(e.what(), HasSubstr("does not exist"));
    }
}

template <class T>
void round_trip(const std::vector<T>& values) {
    const auto n = values.size();
    const Array<T> a = gpucc::asarray(values, Shape{n}, Device::cuda(0));
    EXPECT_EQ(a.device(), Device::cuda(0));
    EXPECT_NE(a.data(), nullptr);
    const std::vector<T> back = a.to_host();
    ASSERT_EQ(back.size(), n);
    for (std::size_t i = 0; i < n; ++i) {
        EXPECT_TRUE(back[i] == values[i]) << i;
    }
}

TEST(GpuArray, RoundTripEveryType) {
    GPUCC_REQUIRE_GPU();
    round_trip<bool>({true, false, false, true});
    round_trip<std::int8_t>({-128, 0, 127});
    round_trip<std::int16_t>({-32768, 1, 32767});
    round_trip<std::int32_t>({-5, 6, 7});
    round_trip<std::int64_t>({-(1LL << 62), 1LL << 40});
    round_trip<std::uint8_t>({0, 255});
    round_trip<std::uint16_t>({0, 65535});
    round_trip<std::uint32_t>({0, 4000000000U});
    round_trip<std::uint64_t>({0, ~0ULL});
    round_trip<gpucc::float16>({gpucc::float16(1.5F), gpucc::float16(-2.0F)});
    round_trip<gpucc::bfloat16>({gpucc::bfloat16(3.0F)});
    round_trip<float>({1.0F, -2.5F, 3.25F});
    round_trip<double>({1e300, -1e-300});
    std::vector<float> big(3'000'001);
    std::iota(big.begin(), big.end(), 0.0F);
    round_trip(big);
}

TEST(GpuArray, TransposeAndReshapeViews) {
    GPUCC_REQUIRE_GPU();
    std::vector<std::int32_t> data(2 * 3 * 4);
    std::iota(data.begin(), data.end(), 0);
    const Array<std::int32_t> a = gpucc::asarray(data, Shape{2, 3, 4}, Device::cuda(0));
    const Array<std::int32_t> t = a.transpose();
    EXPECT_EQ(t.shape(), (Shape{4, 3, 2}));
    const std::vector<std::int32_t> got = t.to_host();
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 3; ++j) {
            for (int k = 0; k < 2; ++k) {
                EXPECT_EQ(got[static_cast<std::size_t>((i * 3 + j) * 2 + k)],
                          data[static_cast<std::size_t>((k * 3 + j) * 4 + i)]);
            }
        }
    }
    EXPECT_EQ(a.reshape(Shape{6, -1}).to_host(), data);
    EXPECT_EQ(t.transpose().to_host(), data);
}

TEST(GpuArray, ZeroSizeAndOutOfMemory) {
    GPUCC_REQUIRE_GPU();
    const Array<float> e = gpucc::empty<float>(Shape{0, 7}, Device::cuda(0));
    EXPECT_EQ(e.data(), nullptr);
    EXPECT_TRUE(e.to_host().empty());
    try {
        (void)gpucc::empty<std::uint8_t>(Shape{std::int64_t{1} << 50}, Device::cuda(0));
        FAIL() << "no error";
    } catch (const gpucc::OutOfMemory& e) {
        EXPECT_EQ(e.requested_bytes(), std::size_t{1} << 50);
        EXPECT_GT(e.total_bytes(), 0U);
        EXPECT_THAT(e.what(), HasSubstr("out of memory on cuda:0"));
        EXPECT_THAT(e.what(), HasSubstr("1125899906842624 bytes"));
    }
    // The device still works afterwards.
    EXPECT_EQ(gpucc::asarray<int>({1, 2}, Shape{2}, Device::cuda(0)).to_host(),
              (std::vector<int>{1, 2}));
}

TEST(GpuArray, ManyAllocationsAreCached) {
    GPUCC_REQUIRE_GPU();
    for (int i = 0; i < 1000; ++i) {
        const Array<float> a = gpucc::empty<float>(Shape{1 << 20}, Device::cuda(0));
        ASSERT_NE(a.data(), nullptr);
    }
    gpucc::synchronize(Device::cuda(0));
}

} // namespace
