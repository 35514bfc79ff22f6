// The float32 draws' -log u near u = 1 (common_draws.dsl's normal_float32, random.dsl's
// exponential_float32): there __logf's absolute error would swamp the small result, so the
// kernels use a short minimax polynomial in 1 - u instead. These tests hold that window to a
// relative accuracy the rest of the range does not need, over 2^20 values against float64 of the
// same Philox words (an independent Philox, random_test_support.h): a polynomial with too few
// terms or wrong coefficients fails here even where the absolute bounds of generator_test.cpp
// (1e-6 (1 + value)) still pass.
#include "random_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;

constexpr std::int64_t kCount = std::int64_t{1} << 20;

// Exponential: where u < 0.1 (the polynomial's window, values below -log 0.9 = 0.10536), within
// 1e-6 relative of -log(1 - u); elsewhere within 1e-6 (1 + x) (__logf on the GPU).
TEST(RandomNearOne, ExponentialFloat32IsRelativelyAccurateBelowMinusLogOfPointNine) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 77;
    const auto f = gpucc::Array<float>(rnd::Generator(kSeed).standard_exponential(
                                           {kCount}, gpucc::DType::Float32, device))
                       .to_host();
    double worst_relative = 0;
    std::int64_t in_window = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const Source at = source_of(i, 4);
        const std::uint32_t k = block_at(kSeed, at.counter)[at.value] >> 8;
        const double want = -std::log1p(-static_cast<double>(k) / 16777216.0);
        const double given = f[static_cast<std::size_t>(i)];
        if (k < 1677722u) { // u = k 2^-24 < 0.1
            ++in_window;
            if (want == 0) {
                ASSERT_EQ(given, 0.0) << "element " << i;
                continue;
            }
            const double relative = std::fabs(given - want) / want;
            ASSERT_LE(relative, 1e-6) << "element " << i << ", k " << k;
            worst_relative = std::max(worst_relative, relative);
        } else {
            ASSERT_NEAR(given, want, 1e-6 * (1 + want)) << "element " << i << ", k " << k;
        }
    }
    // About a tenth of the values fall in the window: the check above is not vacuous.
    ASSERT_GT(in_window, kCount / 12);
    std::printf(
        "exponential float32 on %s: max relative error for u < 0.1 = %.3g over %lld values\n",
        device.to_string().c_str(), worst_relative, static_cast<long long>(in_window));
}

// Normal: where u1 > 0.9 (r < sqrt(-2 log 0.9) = 0.459), z within 1e-7 + 1.5e-6 r of float64
// Box-Muller of the same words (generator_test.cpp allows 1e-6 (1 + r) over the whole range). The
// worst case of the float32 transform there: the polynomial 1.6e-7 r (3.2e-7 relative in t, every
// u1 of the window checked in float32), the float32 angle 4e-7 r, the GPU's __cosf / __sinf
// 4.1e-7 r and rsqrt.approx 1.3e-7 r, rounding 0.6e-7 r: 1.16e-6 r. A polynomial with one term
// fewer (9e-6 relative in t, 4.5e-6 r) fails.
TEST(RandomNearOne, NormalFloat32IsAccurateForSmallRadius) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 4711;
    const auto f = rnd::Generator(kSeed).standard_normal<float>({kCount}, device).to_host();
    double worst = 0;
    std::int64_t in_window = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const Source at = source_of(i, 4);
        const Block b = block_at(kSeed, at.counter);
        const int pair = at.value / 2;
        const std::uint32_t k = b[2 * pair] >> 8;
        const double u1 = static_cast<double>(k + 1) / 16777216.0;
        if (!(u1 > 0.9)) {
            continue;
        }
        ++in_window;
        const double angle =
            2 * M_PI * static_cast<double>(b[2 * pair + 1] >> 8) / 16777216.0 - M_PI;
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double want = at.value % 2 == 0 ? r * std::cos(angle) : r * std::sin(angle);
        const double error = std::fabs(static_cast<double>(f[static_cast<std::size_t>(i)]) - want);
        ASSERT_LE(error, 1e-7 + 1.5e-6 * r) << "element " << i << ", radius " << r;
        worst = std::max(worst, error / (1e-7 + 1.5e-6 * r));
    }
    ASSERT_GT(in_window, kCount / 12);
    std::printf(
        "normal float32 on %s, u1 > 0.9: max |z - z64| / (1e-7 + 1.5e-6 r) = %.3g over %lld "
        "values\n",
        device.to_string().c_str(), worst, static_cast<long long>(in_window));
}

} // namespace
