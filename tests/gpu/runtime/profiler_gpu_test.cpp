// The profiler and mem_info on a GPU: benchmark() of a standard-library ufunc gives CPU and GPU
// times that make sense (the GPU time of a bandwidth-bound kernel is at least what the bytes
// take), and CuPy's line; mem_info agrees with the device's properties and sees an allocation.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/device/device.h"
#include "gpucc/device/profiler.h"
#include "gpucc/memory/allocator.h"
#include "gpucc/random/generator.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"

#include <cstdio>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace {

using gpucc::Device;
using gpucc::Shape;

TEST(GpuProfiler, BenchmarkOfAUfunc) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const gpucc::DeviceGuard on(gpu);
    const auto a = gpucc::random::uniform<float>(Shape{256, 256, 256}); // as the seed's cell
    const gpucc::BenchmarkResult result = gpucc::benchmark([&a] { (void)gpucc::multiply(a, a); },
                                                           {.n_repeat = 100, .name = "multiply"});
    std::printf("%s\n", result.to_string().c_str());
    ASSERT_EQ(result.devices().size(), 1U);
    EXPECT_EQ(result.devices()[0], gpu);
    ASSERT_EQ(result.cpu_times().size(), 100U);
    ASSERT_EQ(result.gpu_times()[0].size(), 100U);
    const gpucc::TimeSummary gpu_time = gpucc::summarize(result.gpu_times()[0]);
    const gpucc::TimeSummary cpu_time = gpucc::summarize(result.cpu_times());
    // 64 MiB read (both operands are the same array: the second read may hit the cache; an H200
    // measured 37 us, 5.4 TB/s if counted twice) and 64 MiB written: at most ~8 TB/s on any GPU.
    EXPECT_GT(gpu_time.min, 2.0 * 64 * (1 << 20) / 8e12);
    EXPECT_LT(gpu_time.mean, 0.1);
    EXPECT_GT(cpu_time.min, 0.0);
    EXPECT_THAT(result.to_string(), testing::StartsWith("multiply            :    CPU:"));
    EXPECT_THAT(result.to_string(), testing::HasSubstr(" us     GPU-0:"));
}

TEST(GpuDevice, MemInfo) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const gpucc::MemoryInfo before = gpucc::mem_info(gpu);
    std::printf("cuda:0: %zu bytes free of %zu\n", before.free_bytes, before.total_bytes);
    EXPECT_EQ(before.total_bytes, gpucc::device_properties(gpu).total_memory_bytes);
    EXPECT_LE(before.free_bytes, before.total_bytes);
    EXPECT_GT(before.free_bytes, 0U);
    // 256 MiB more in use (the pool takes it from the driver) shows as less free memory.
    gpucc::get_default_memory_pool().free_all_blocks();
    const gpucc::MemoryInfo empty_pool = gpucc::mem_info(gpu);
    {
        const auto big = gpucc::empty<float>(Shape{64 << 20}, gpu);
        const gpucc::MemoryInfo during = gpucc::mem_info(gpu);
        EXPECT_LE(during.free_bytes + (std::size_t{256} << 20), empty_pool.free_bytes + (4 << 20));
    }
    gpucc::get_default_memory_pool().free_all_blocks();
}

} // namespace
