// The passes CuPy runs after a cuRAND draw, as gpucc's kernels (curand_fixups.dsl) on both
// targets: 1.0 becomes 0 and nothing else changes; uniform's scale is one fused multiply-add
// after that fix. Values chosen so that a separately rounded multiply and add would differ.
#include "curand_fixups.gpucc.h"
#include "support/device_under_test.h"

#include <cmath>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace {

template <class T>
std::vector<T> host(const gpucc::Array<T>& array) {
    std::vector<T> values(static_cast<std::size_t>(array.size()));
    array.ndarray().copy_to_host(values.data());
    return values;
}

template <class T>
void check_fix_and_scale() {
    const gpucc::Device device = gpucc_test::device_under_test();
    std::mt19937_64 engine(11);
    std::uniform_real_distribution<T> unit(T(0), T(1));
    std::vector<T> values(10007);
    for (T& v : values) {
        v = unit(engine);
    }
    for (std::size_t k = 0; k < values.size(); k += 97) {
        values[k] = T(1);
    }
    values.back() = T(1);
    auto x = gpucc::asarray<T>(values, {static_cast<std::int64_t>(values.size())}, device);
    gpucc_random_curand::curand_uniform_fix_one(gpucc::Dim3(7), gpucc::Dim3(64), x);
    const std::vector<T> fixed = host(x);
    for (std::size_t k = 0; k < values.size(); ++k) {
        ASSERT_EQ(fixed[k], values[k] == T(1) ? T(0) : values[k]) << "element " << k;
    }

    auto y = gpucc::asarray<T>(values, {static_cast<std::int64_t>(values.size())}, device);
    const T low = T(-2.1);
    const T range = T(3.3) - low;
    gpucc_random_curand::curand_uniform_scale(low, range, y);
    const std::vector<T> scaled = host(y);
    int fused_differs = 0;
    for (std::size_t k = 0; k < values.size(); ++k) {
        const T u = values[k] == T(1) ? T(0) : values[k];
        ASSERT_EQ(scaled[k], std::fma(u, range, low)) << "element " << k;
        const T product = u * range;
        fused_differs += (product + low) != std::fma(u, range, low) ? 1 : 0;
    }
    EXPECT_GT(fused_differs, 0) << "no value tells a fused multiply-add from two roundings";
}

TEST(CurandFixups, Float32) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    check_fix_and_scale<float>();
}

TEST(CurandFixups, Float64) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    check_fix_and_scale<double>();
}

} // namespace
