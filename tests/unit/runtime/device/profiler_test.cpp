// The profiler without a GPU: CuPy's summary line character for character from given times (the
// expected strings are what cupyx.profiler's _PerfCaseResult prints for the same times), the
// statistics, the checks on a result and on benchmark()'s arguments, and benchmark() on the CPU,
// which reports CPU times only.
#include "gpucc/device/device.h"
#include "gpucc/device/profiler.h"
#include "gpucc/errors.h"

#include <cmath>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <vector>

namespace {

using gpucc::BenchmarkResult;
using gpucc::Device;
using testing::HasSubstr;

TEST(Profiler, FormatsAsCupy) {
    const BenchmarkResult result("sum", {21.103e-6, 25.5e-6, 51.869e-6, 22.75e-6},
                                 {Device::cuda(0)}, {{96.256e-6, 101.5e-6, 125.952e-6, 99.0e-6}});
    const char* expected =
        "sum                 :    CPU:   30.306 us   +/-12.548 (min:   21.103 / max:   51.869) us "
        "    GPU-0:  105.677 us   +/-11.852 (min:   96.256 / max:  125.952) us";
    EXPECT_EQ(result.to_string(), expected);
    std::ostringstream out;
    out << result;
    EXPECT_EQ(out.str(), expected);
    EXPECT_EQ(
        result.to_string(false),
        "sum                 :    CPU:   30.306 us   +/-12.548 (min:   21.103 / max:   51.869) "
        "us");
}

TEST(Profiler, OneCallHasNoSpread) {
    const BenchmarkResult result("one call", {0.0015}, {Device::cuda(1)}, {{0.002}});
    EXPECT_EQ(result.to_string(),
              "one call            :    CPU: 1500.000 us     GPU-1: 2000.000 us");
}

TEST(Profiler, NamesAndWideNumbers) {
    EXPECT_EQ(BenchmarkResult("a_name_longer_than_twenty", {1e-6, 3e-6}, {}, {}).to_string(),
              "a_name_longer_than_twenty:    CPU:    2.000 us   +/- 1.000 (min:    1.000 / max:    "
              "3.000) us");
    // Padding counts characters, not bytes of UTF-8 (as Python does).
    EXPECT_EQ(BenchmarkResult("h\xc3\xa9llo", {2.5e-6}, {}, {}).to_string(),
              "h\xc3\xa9llo               :    CPU:    2.500 us");
    // Numbers wider than their field push the text right, as Python's format does.
    EXPECT_EQ(BenchmarkResult("big", {1.5, 2.5}, {Device::cuda(0), Device::cuda(3)},
                              {{1e-3, 3e-3}, {5e-6, 7e-6}})
                  .to_string(),
              "big                 :    CPU:2000000.000 us   +/-500000.000 (min:1500000.000 / "
              "max:2500000.000) us     GPU-0: 2000.000 us   +/-1000.000 (min: 1000.000 / max: "
              "3000.000) us     GPU-3:    6.000 us   +/- 1.000 (min:    5.000 / max:    7.000) us");
}

TEST(Profiler, Summary) {
    const std::vector<double> times{4, 1, 3, 2};
    const gpucc::TimeSummary s = gpucc::summarize(times);
    EXPECT_DOUBLE_EQ(s.mean, 2.5);
    EXPECT_DOUBLE_EQ(s.std, std::sqrt(1.25)); // of the population, as NumPy's std
    EXPECT_EQ(s.min, 1);
    EXPECT_EQ(s.max, 4);
    const std::vector<double> one{7};
    EXPECT_EQ(gpucc::summarize(one).std, 0);
    EXPECT_THROW((void)gpucc::summarize(std::vector<double>{}), gpucc::ValueError);
}

TEST(Profiler, ResultChecksItsShape) {
    try {
        (void)BenchmarkResult("x", {}, {}, {});
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("cpu_times is empty"));
    }
    try {
        (void)BenchmarkResult("x", {1, 2}, {Device::cuda(0)}, {});
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("gpu_times has 0 rows but there are 1 devices"));
    }
    try {
        (void)BenchmarkResult("x", {1, 2}, {Device::cuda(0)}, {{1}});
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("gpu_times[0] has 1 times; expected 2"));
    }
    EXPECT_THROW((void)BenchmarkResult("x", {1}, {Device::cpu()}, {{1}}), gpucc::ValueError);
}

// benchmark() on the CPU, whatever this machine has.
class ProfilerOnTheCpu : public testing::Test {
protected:
    void SetUp() override { gpucc::set_default_device(Device::cpu()); }
    void TearDown() override { gpucc::reset_default_device(); }
};

TEST_F(ProfilerOnTheCpu, ReportsCpuTimesOnly) {
    int calls = 0;
    const BenchmarkResult result = gpucc::benchmark([&calls] { ++calls; }, 20, 3);
    EXPECT_EQ(calls, 23);
    EXPECT_EQ(result.name(), "benchmark");
    EXPECT_EQ(result.cpu_times().size(), 20U);
    EXPECT_TRUE(result.devices().empty());
    EXPECT_TRUE(result.gpu_times().empty());
    for (const double t : result.cpu_times()) {
        EXPECT_GE(t, 0.0);
        EXPECT_LT(t, 1.0);
    }
    EXPECT_THAT(result.to_string(), testing::StartsWith("benchmark           :    CPU:"));
    EXPECT_THAT(result.to_string(), testing::Not(HasSubstr("GPU")));
}

TEST_F(ProfilerOnTheCpu, StopsAfterMaxDuration) {
    int calls = 0;
    const BenchmarkResult result =
        gpucc::benchmark([&calls] { ++calls; },
                         {.n_repeat = 1000, .n_warmup = 0, .max_duration = -1.0, .name = "once"});
    EXPECT_EQ(calls, 1); // CuPy's loop checks the duration after each call
    EXPECT_EQ(result.cpu_times().size(), 1U);
    EXPECT_EQ(result.name(), "once");
}

TEST_F(ProfilerOnTheCpu, ChecksItsArguments) {
    const auto message = [](auto&& call) {
        try {
            call();
        } catch (const gpucc::ValueError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const auto nothing = [] {};
    EXPECT_EQ(message([&] { (void)gpucc::benchmark(nothing, 0); }),
              "benchmark: n_repeat must be at least 1, got 0");
    EXPECT_EQ(message([&] { (void)gpucc::benchmark(nothing, 5, -1); }),
              "benchmark: n_warmup must be at least 0, got -1");
    EXPECT_EQ(message([&] {
                  (void)gpucc::benchmark(nothing, 5, 0, std::numeric_limits<double>::quiet_NaN());
              }),
              "benchmark: max_duration is NaN; expected seconds (infinity for no limit)");
    EXPECT_EQ(message([&] { (void)gpucc::benchmark(std::function<void()>()); }),
              "benchmark: fn is empty; expected a callable");
    EXPECT_EQ(message([&] {
                  (void)gpucc::benchmark(nothing, {.devices = std::vector<Device>{Device::cpu()}});
              }),
              "benchmark: devices[0] is cpu; expected GPUs (the CPU time is always measured)");
}

TEST_F(ProfilerOnTheCpu, WhatTheFunctionThrowsPropagates) {
    EXPECT_THROW((void)gpucc::benchmark([] { throw gpucc::ShapeError("bad"); }, 3, 0),
                 gpucc::ShapeError);
}

} // namespace
