// Differential tests of fused functions (fusion.dsl): each fused call is compared with the same
// expression computed unfused through the standard library (ufuncs and operators of
// <gpucc/gpucc.h>, NumPy 2 promotion with weak scalars), on random inputs (never zeros) over the
// types each function compiles for, with broadcast and strided inputs and given outputs. The
// result types must agree exactly (a static_assert per call), the values within a tolerance of
// the result type (the fused kernel may contract a*b+c into one rounding; integers exactly). One
// test body, two devices: built for the CPU target and for the GPU (label gpu).
#include "fusion.gpucc.h"
#include "fusion_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;

template <class T>
double tolerance() {
    if constexpr (std::is_same_v<T, gpucc::float16>) {
        return 2e-3;
    } else if constexpr (std::is_same_v<T, gpucc::bfloat16>) {
        return 1.6e-2;
    } else if constexpr (std::is_same_v<T, float>) {
        return 4e-6;
    } else if constexpr (std::is_same_v<T, double>) {
        return 1e-14;
    } else {
        return 0; // integers and bool: exactly
    }
}

/// Same shape, and every element within tolerance<T>() relative (and as much absolute) of the
/// reference; NaN only where the reference has NaN.
template <class T>
void expect_matches(const Array<T>& got, const Array<T>& want, const std::string& what) {
    fusion_test::expect_within(got, want, what, tolerance<T>(), 0);
}

template <class T>
class Fusion : public fusion_test::FusionTest<T> {};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(Fusion, AllTypes);

/// The shapes each function is checked over: empty, one element, odd lengths past the vector
/// width, and a 2-D array.
const std::vector<gpucc::Shape> kShapes = {{0}, {1}, {7}, {1031}, {33, 65}};

// language.md section 5: fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));
TYPED_TEST(Fusion, SoftplusAsLanguageSketch) {
    using T = TypeParam;
    double high = std::is_unsigned_v<T> || sizeof(T) == 1 ? 100 : 30;
    double low = std::is_unsigned_v<T> ? 1 : -high;
    for (const gpucc::Shape& shape : kShapes) {
        Array<T> x = this->random(shape, low, high);
        auto fused = fz::softplus(x);
        auto unfused = gpucc::maximum(0, x) + gpucc::log1p(gpucc::exp(-gpucc::abs(x)));
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>,
                      "the fused result type is NumPy's");
        expect_matches(fused, unfused, "softplus");
    }
}

// Tutorial 002: squared_diff(x, y) = (x - y) * (x - y), broadcast, strided and into an output.
TYPED_TEST(Fusion, SquaredDiffBroadcastStridedAndGiven) {
    using T = TypeParam;
    double high = sizeof(T) == 1 ? 10 : 100;
    double low = std::is_unsigned_v<T> ? 1 : -high;
    Array<T> x = this->random({4, 1, 5}, low, high);
    Array<T> y = this->random({3, 1}, low, high);
    auto fused = fz::squared_diff(x, y);
    auto unfused = (x - y) * (x - y);
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "squared_diff broadcast");

    Array<T> a = this->random({37, 29}, low, high);
    Array<T> b = this->random({29, 37}, low, high);
    Array<T> bt = b.transpose(); // strided
    expect_matches(fz::squared_diff(a, bt), (a - bt) * (a - bt), "squared_diff strided");

    auto out = gpucc::empty<T>({37, 29}, this->device_);
    fz::squared_diff(a, bt, out);
    expect_matches(out, (a - bt) * (a - bt), "squared_diff into a given output");
}

TYPED_TEST(Fusion, WhereAndLogistic) {
    using T = TypeParam;
    double high = sizeof(T) == 1 ? 100 : 20;
    double low = std::is_unsigned_v<T> ? 1 : -high;
    Array<T> x = this->random({257, 3}, low, high);
    auto relu = fz::relu(x);
    auto relu_unfused = gpucc::where(x > 0, x, 0);
    static_assert(std::is_same_v<decltype(relu), decltype(relu_unfused)>);
    expect_matches(relu, relu_unfused, "relu");

    auto logistic = fz::logistic(x);
    auto logistic_unfused = 1 / (1 + gpucc::exp(-x));
    static_assert(std::is_same_v<decltype(logistic), decltype(logistic_unfused)>);
    expect_matches(logistic, logistic_unfused, "logistic");

    auto halved = fz::halved(x);
    auto halved_unfused = x.template astype<float>() / 2;
    static_assert(std::is_same_v<decltype(halved), decltype(halved_unfused)>);
    expect_matches(halved, halved_unfused, "halved");
}

TYPED_TEST(Fusion, InfinityAndNanIgnoringMaximum) {
    using T = TypeParam;
    double high = sizeof(T) == 1 ? 100 : 1000;
    double low = std::is_unsigned_v<T> ? 1 : -high;
    Array<T> x = this->random({1000}, low, high);
    auto fused = fz::capped(x);
    auto unfused = gpucc::minimum(x, INFINITY) + gpucc::fmax(x, 1);
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "capped");
}

TYPED_TEST(Fusion, BlockFormWithSeveralResults) {
    using T = TypeParam;
    double high = sizeof(T) == 1 ? 10 : 100;
    double low = std::is_unsigned_v<T> ? 1 : -high;
    Array<T> x = this->random({65, 9}, low, high);
    Array<T> y = this->random({9}, low, high);
    auto [squared, larger, positive] = fz::stats(x, y);
    auto d = x - y;
    auto s = x + y;
    auto squared_unfused = d * d;
    auto larger_unfused = gpucc::maximum(s, d);
    auto positive_unfused = d > 0;
    static_assert(std::is_same_v<decltype(squared), decltype(squared_unfused)>);
    static_assert(std::is_same_v<decltype(larger), decltype(larger_unfused)>);
    static_assert(std::is_same_v<decltype(positive), decltype(positive_unfused)>);
    expect_matches(squared, squared_unfused, "stats d*d");
    expect_matches(larger, larger_unfused, "stats maximum(s, d)");
    expect_matches(positive, positive_unfused, "stats d > 0");
}

template <class T>
class FusionClip : public Fusion<T> {};
using ClipTypes = ::testing::Types<std::int8_t, std::int32_t, std::uint8_t, std::int64_t,
                                   gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionClip, ClipTypes);

TYPED_TEST(FusionClip, ClipWithBroadcastBounds) {
    using T = TypeParam;
    double low = std::is_unsigned_v<T> ? 1 : -100;
    Array<T> x = this->random({40, 30}, low, 100);
    Array<T> lo = this->random({30}, low, 0 > low ? 0 : 40);
    Array<T> hi = this->random({40, 1}, 50, 100);
    auto fused = fz::clipped(x, lo, hi);
    auto unfused = gpucc::clip(x, lo, hi);
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "clip");
}

/// Random values in [low, high] with the edge values of the integer operations written over the
/// first elements: 0, -1 and the most negative value for signed T (as divisors and exponents).
template <class T>
std::vector<T> with_edges(std::vector<T> values, bool as_divisor) {
    std::vector<T> edges = {T(0), T(1)};
    if constexpr (std::is_signed_v<T> && std::is_integral_v<T>) {
        edges.push_back(T(-1));
        if (!as_divisor) {
            edges.push_back(std::numeric_limits<T>::min());
        }
    }
    for (std::size_t i = 0; i < edges.size() && i < values.size(); ++i) {
        values[i] = edges[i];
    }
    return values;
}

// %, floor_divide and mod with a weak scalar: Python's signs, 0 for an integer divided by zero
// (the divisor's first elements are 0, 1, -1; the dividend's include the most negative value).
TYPED_TEST(Fusion, RemainderAndFloorDivideAsNumpy) {
    using T = TypeParam;
    double high = sizeof(T) == 1 ? 100 : 1000;
    double low = std::is_unsigned_v<T> ? 0 : -high;
    Array<T> x = this->on_device(
        with_edges(this->template random_vector<T>(61 * 7, low, high), false), {61, 7});
    Array<T> y =
        this->on_device(with_edges(this->template random_vector<T>(7, low, high), true), {7});
    auto [rem, quotient, mod3] = fz::python_arithmetic(x, y);
    auto rem_unfused = x % y;
    auto quotient_unfused = gpucc::floor_divide(x, y);
    auto mod3_unfused = gpucc::remainder(x, 3) - x % 5;
    static_assert(std::is_same_v<decltype(rem), decltype(rem_unfused)>);
    static_assert(std::is_same_v<decltype(quotient), decltype(quotient_unfused)>);
    static_assert(std::is_same_v<decltype(mod3), decltype(mod3_unfused)>);
    expect_matches(rem, rem_unfused, "x % y");
    expect_matches(quotient, quotient_unfused, "floor_divide(x, y)");
    expect_matches(mod3, mod3_unfused, "mod(x, 3) - x % 5");

    Array<T> yt = this->random({7, 61}, low, high).transpose(); // strided divisor
    expect_matches(std::get<0>(fz::python_arithmetic(x, yt)), x % yt, "x % strided y");
}

TYPED_TEST(Fusion, PowerAsNumpy) {
    using T = TypeParam;
    constexpr bool integer = std::is_integral_v<T>;
    double base_high = integer ? 9 : 3;
    double base_low = std::is_unsigned_v<T> ? 0 : -base_high;
    // Integer exponents wrap past the type's range as NumPy's loop; signed ones include negative
    // exponents (1, +-1 or 0: the integer part of the real result).
    double exp_low = std::is_unsigned_v<T> ? 0 : integer ? -3 : -2.5;
    double exp_high = integer ? 40 : 2.5;
    std::vector<T> base = this->template random_vector<T>(257, base_low, base_high);
    if constexpr (!integer) {
        for (T& b : base) { // positive bases: a negative base to a fractional power is NaN
            b = T(std::fabs(static_cast<double>(b)) + 0.25);
        }
    }
    Array<T> x = this->on_device(with_edges(base, false), {257});
    Array<T> y = this->on_device(
        with_edges(this->template random_vector<T>(257, exp_low, exp_high), true), {257});
    auto fused = fz::raised(x, y);
    auto unfused = gpucc::power(x, y);
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "power(x, y)");
}

template <class T>
class FusionIntegers : public Fusion<T> {};
using IntegerTypes = ::testing::Types<std::int8_t, std::int16_t, std::int32_t, std::int64_t,
                                      std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(FusionIntegers, IntegerTypes);

// Shift counts from -3 to 70: past the width NumPy gives 0 (or -1 shifting a negative value right).
TYPED_TEST(FusionIntegers, ShiftsAsNumpy) {
    using T = TypeParam;
    double low = std::is_unsigned_v<T> ? 0 : -1000;
    Array<T> x = this->random({33, 17}, low, 1000);
    Array<T> s = this->random({17}, std::is_unsigned_v<T> ? 0 : -3, 70);
    auto fused = fz::shifts(x, s);
    auto unfused = (x << s) | gpucc::right_shift(x, s);
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "(x << s) | right_shift(x, s)");
}

class FusionFixedTypes : public kernel_test::KernelTest<> {};

TEST_F(FusionFixedTypes, WeakFloatKeepsFloat32ThenFloat64Promotes) {
    Array<float> x = on_device(random_vector<float>(999, -50, 50));
    Array<double> y = on_device(random_vector<double>(999, -50, 50));
    auto fused = fz::scale_shift(x, y);
    auto unfused = x * 0.5 + y;
    static_assert(std::is_same_v<decltype(fused), Array<double>>);
    static_assert(std::is_same_v<decltype(unfused), Array<double>>);
    expect_matches(fused, unfused, "scale_shift");
}

TEST_F(FusionFixedTypes, PlaceholdersOfMixedKinds) {
    Array<float> a = on_device(random_vector<float>(500, -50, 50));
    Array<double> ad = on_device(random_vector<double>(500, -50, 50));
    Array<std::int8_t> b8 = on_device(random_vector<std::int8_t>(500, -100, 100));
    Array<std::int32_t> b32 = on_device(random_vector<std::int32_t>(500, -100000, 100000));
    Array<std::uint16_t> b16 = on_device(random_vector<std::uint16_t>(500, 1, 60000));
    auto f8 = fz::mixed_add(a, b8);
    auto f32 = fz::mixed_add(a, b32);
    auto f16 = fz::mixed_add(a, b16);
    auto d32 = fz::mixed_add(ad, b32);
    static_assert(std::is_same_v<decltype(f8), Array<float>>);
    static_assert(std::is_same_v<decltype(f32), Array<double>>); // float32 + int32: float64
    static_assert(std::is_same_v<decltype(f16), Array<float>>);
    static_assert(std::is_same_v<decltype(d32), Array<double>>);
    expect_matches(f8, a + b8, "float32 + int8");
    expect_matches(f32, a + b32, "float32 + int32");
    expect_matches(f16, a + b16, "float32 + uint16");
    expect_matches(d32, ad + b32, "float64 + int32");
}

} // namespace
