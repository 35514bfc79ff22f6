// What the kernel suites of this folder share. Each test source is built twice
// (tests/CpuGpuTests.cmake): for the CPU target and, with GPUCC_TEST_ON_GPU, for cuda:0. The
// fixture base below picks that device, skips the GPU build with a message where there is no GPU,
// and makes random inputs (never zeros) and arrays on the device under test, so a suite's fixture
// only adds what is its own.
#pragma once

#include "support/device_under_test.h"

#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <random>
#include <type_traits>
#include <vector>

namespace kernel_test {

/// Uniform random values in [low, high]: integers (both ends included) for integer T, reals
/// otherwise.
template <class T>
std::vector<T> random_vector(std::mt19937_64& rng, std::int64_t n, double low, double high) {
    std::vector<T> values(static_cast<std::size_t>(n));
    if constexpr (std::is_integral_v<T>) {
        std::uniform_int_distribution<long long> dist(static_cast<long long>(low),
                                                      static_cast<long long>(high));
        for (T& v : values) {
            v = static_cast<T>(dist(rng));
        }
    } else {
        std::uniform_real_distribution<double> dist(low, high);
        for (T& v : values) {
            v = static_cast<T>(dist(rng));
        }
    }
    return values;
}

/// A suite's fixture base: `Base` is ::testing::Test or a TestWithParam.
template <class Base = ::testing::Test>
class KernelTest : public Base {
protected:
    void SetUp() override {
        GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
        device_ = gpucc_test::device_under_test();
    }

public:
    template <class T>
    std::vector<T> random_vector(std::int64_t n, double low, double high) {
        return kernel_test::random_vector<T>(rng_, n, low, high);
    }

    /// A 1-D array of `values` on the device under test.
    template <class T>
    gpucc::Array<T> on_device(const std::vector<T>& values) {
        return gpucc::asarray<T>(values, {static_cast<std::int64_t>(values.size())}, device_);
    }

    /// An array of `shape` holding `values` in C order on the device under test.
    template <class T>
    gpucc::Array<T> on_device(const std::vector<T>& values, const gpucc::Shape& shape) {
        return gpucc::asarray<T>(values, shape, device_);
    }

    gpucc::Device device_ = gpucc::Device::cpu();
    std::mt19937_64 rng_{20261122};
};

} // namespace kernel_test
