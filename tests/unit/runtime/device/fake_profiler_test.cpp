// benchmark() and mem_info over the fake driver (fake_driver.h): with a GPU, each timed call gets
// a GPU time from a pair of events per device (on the fake, whose work finishes when queued, the
// GPU time spans the host call); the warm-up and repeat counts, max_duration and the devices
// argument behave as CuPy's; mem_info reports what the driver says.
#include "driver/fake_driver.h"
#include "gpucc/device/device.h"
#include "gpucc/device/profiler.h"
#include "gpucc/errors.h"

#include <chrono>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <thread>

namespace {

using gpucc::Device;
using testing::HasSubstr;
using testing::StartsWith;

TEST(FakeProfiler, TimesTheCurrentGpuByDefault) {
    const int events_before = fake_cuda_counts().live_events;
    int calls = 0;
    const gpucc::BenchmarkResult result = gpucc::benchmark(
        [&calls] {
            ++calls;
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        },
        {.n_repeat = 5, .n_warmup = 2, .name = "sleep"});
    EXPECT_EQ(calls, 7);
    ASSERT_EQ(result.devices().size(), 1U);
    EXPECT_EQ(result.devices()[0], Device::cuda(0));
    ASSERT_EQ(result.cpu_times().size(), 5U);
    ASSERT_EQ(result.gpu_times().size(), 1U);
    ASSERT_EQ(result.gpu_times()[0].size(), 5U);
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_GE(result.cpu_times()[i], 190e-6);
        EXPECT_GE(result.gpu_times()[0][i], result.cpu_times()[i] * 0.5); // events around the call
    }
    EXPECT_THAT(result.to_string(), StartsWith("sleep               :    CPU:"));
    EXPECT_THAT(result.to_string(), HasSubstr(" us     GPU-0:"));
    EXPECT_THAT(result.to_string(false), testing::Not(HasSubstr("GPU-0")));
    EXPECT_EQ(fake_cuda_counts().live_events, events_before); // its events are gone
}

TEST(FakeProfiler, SeveralDevicesAndMaxDuration) {
    int calls = 0;
    const gpucc::BenchmarkResult result = gpucc::benchmark(
        [&calls] {
            ++calls;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        },
        1000, 0, 0.01, "two gpus", std::vector<Device>{Device::cuda(1), Device::cuda(0)});
    EXPECT_LT(calls, 1000); // stopped once 10 ms had passed (1000 calls take 2 s)
    EXPECT_GE(calls, 1);    // one call can take the 10 ms on a loaded machine
    EXPECT_EQ(result.cpu_times().size(), static_cast<std::size_t>(calls));
    ASSERT_EQ(result.gpu_times().size(), 2U);
    EXPECT_THAT(result.to_string(), HasSubstr("     GPU-1:"));
    EXPECT_THAT(result.to_string(), HasSubstr("     GPU-0:"));
    EXPECT_LT(result.to_string().find("GPU-1"), result.to_string().find("GPU-0"));
    // No GPU at all when asked for none.
    const auto cpu_only = gpucc::benchmark([] {}, 3, 0, 1.0, "none", std::vector<Device>{});
    EXPECT_TRUE(cpu_only.devices().empty());
}

TEST(FakeProfiler, MemInfo) {
    const gpucc::MemoryInfo info = gpucc::mem_info(Device::cuda(1));
    EXPECT_EQ(info.total_bytes, std::size_t{1} << 30);
    EXPECT_EQ(info.free_bytes, (std::size_t{1} << 30) / 4 * 3);
    EXPECT_THROW((void)gpucc::mem_info(Device::cpu()), gpucc::DeviceError);
    try {
        (void)gpucc::mem_info(Device::cuda(2));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_THAT(e.what(), HasSubstr("mem_info: cuda:2 does not exist: this machine has 2 CUDA "
                                        "devices"));
    }
}

} // namespace
