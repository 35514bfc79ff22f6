// Differential tests of fused functions with a reduction (fusion_reduction.dsl): each fused call
// is compared with the same computation done unfused through the standard library (the
// operators and ufuncs, then gpucc::sum, prod, min, max, amin, amax, mean, all, any), on random
// inputs (never zeros) over float16, bfloat16, float32, float64 and integer types, with broadcast
// and strided (transposed, sliced) inputs, every axis, keepdims, given outputs and empty
// reductions. The result types must agree exactly (a static_assert per call: NumPy 2's reduction
// dtypes); the values within a tolerance of the result type relative to the sum of the magnitudes
// reduced (the fused and unfused sums may add in another order; integers exactly). One test body,
// two devices: built for the CPU target and for the GPU (label gpu).
#include "fusion_reduction.gpucc.h"
#include "fusion_reduction_check.h"
#include "kernels/kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Axis;

using fusion_check::expect_matches;

template <class T>
class FusionReduction : public fusion_check::RandomArrays<T> {};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionReduction, AllTypes);

// language.md section 5 and tutorial 002: fuse sum_of_products(x, y) = sum(x * y, axis = -1);
// over empty, short, odd and 2-D shapes, broadcast, transposed and sliced, into a given output.
TYPED_TEST(FusionReduction, SumOfProductsAsLanguageSketch) {
    using T = TypeParam;
    const std::vector<gpucc::Shape> shapes = {{0}, {1}, {7}, {1031}, {33, 65}, {4, 0}, {0, 5}};
    double bound = sizeof(T) == 1 ? 5 : 30;
    double low = std::is_unsigned_v<T> ? 1 : -bound;
    for (const gpucc::Shape& shape : shapes) {
        Array<T> x = this->random(shape, low, bound);
        Array<T> y = this->random(shape, low, bound);
        auto fused = fzr::sum_of_products(x, y);
        auto unfused = gpucc::sum(x * y, -1);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>,
                      "the fused result type is NumPy's");
        expect_matches(fused, unfused, "sum_of_products", bound * bound * 1031);
    }
    Array<T> x = this->random({33, 65}, low, bound);
    Array<T> row = this->random({65}, low, bound);
    expect_matches(fzr::sum_of_products(x, row), gpucc::sum(x * row, -1), "broadcast row",
                   bound * bound * 65);
    Array<T> column = this->random({33, 1}, low, bound);
    expect_matches(fzr::sum_of_products(x, column), gpucc::sum(x * column, -1), "broadcast column",
                   bound * bound * 65);
    Array<T> other = this->random({65, 33}, low, bound);
    Array<T> transposed = other.transpose();
    expect_matches(fzr::sum_of_products(x, transposed), gpucc::sum(x * transposed, -1),
                   "transposed", bound * bound * 65);
    Array<T> sliced = x(gpucc::Slice(1, 30, 2), gpucc::Slice(0, 64, 3));
    expect_matches(fzr::sum_of_products(sliced, sliced), gpucc::sum(sliced * sliced, -1), "sliced",
                   bound * bound * 65);
    auto out = gpucc::empty<typename decltype(fzr::sum_of_products(x, x))::value_type>(
        {33}, this->device_);
    fzr::sum_of_products(x, transposed, out);
    expect_matches(out, gpucc::sum(x * transposed, -1), "into a given output", bound * bound * 65);
}

// sum over each axis of a 3-D array (and of its transposed view), negative axes, every axis,
// keepdims.
TYPED_TEST(FusionReduction, SumEveryAxisAndKeepdims) {
    using T = TypeParam;
    double scale = this->high() * 64;
    Array<T> dense = this->random({5, 6, 7}, this->low(), this->high());
    Array<T> other = this->random({7, 6, 5}, this->low(), this->high());
    for (const Array<T>& x : {dense, Array<T>(other.transpose())}) {
        static_assert(std::is_same_v<decltype(fzr::sum_all(x)), decltype(gpucc::sum(x))>);
        expect_matches(fzr::sum_all(x), gpucc::sum(x), "sum_all", scale * 4);
        expect_matches(fzr::sum_axis0(x), gpucc::sum(x, 0), "sum axis 0", scale);
        expect_matches(fzr::sum_axis1(x), gpucc::sum(x, 1), "sum axis 1", scale);
        expect_matches(fzr::sum_axis_minus1(x), gpucc::sum(x, -1), "sum axis -1", scale);
        expect_matches(fzr::sum_keepdims(x), gpucc::sum(x, -2, true), "sum axis -2 keepdims",
                       scale);
        expect_matches(fzr::sum_all_keepdims(x), gpucc::sum(x, Axis{}, true),
                       "sum every axis keepdims", scale * 4);
    }
}

// prod, min/amin, max/amax, mean, all, any: each against its standard library function.
TYPED_TEST(FusionReduction, EachReduction) {
    using T = TypeParam;
    // Products of 4 values near 1 (integers: 1 and 2) stay in range of every type.
    double prod_low = std::is_integral_v<T> ? 1 : 0.5;
    double prod_high = std::is_integral_v<T> ? 2 : 1.5;
    Array<T> small = this->random({4, 9, 11}, prod_low, prod_high);
    auto prod = fzr::prod_axis0(small);
    static_assert(std::is_same_v<decltype(prod), decltype(gpucc::prod(small, 0))>);
    expect_matches(prod, gpucc::prod(small, 0), "prod axis 0");

    Array<T> x = this->random({6, 9, 11}, this->low(), this->high());
    auto min = fzr::min_axis2(x);
    static_assert(std::is_same_v<decltype(min), Array<T>>, "min keeps the type");
    expect_matches(min, gpucc::min(x, 2), "min axis 2");
    expect_matches(fzr::amin_all(x), gpucc::amin(x), "amin every axis");
    expect_matches(fzr::max_axis1(x), gpucc::max(x, 1, true), "max axis 1 keepdims");
    expect_matches(fzr::amax_axis0(x), gpucc::amax(x, 0), "amax axis 0");

    auto mean = fzr::mean_axis1(x);
    static_assert(std::is_same_v<decltype(mean), decltype(gpucc::mean(x, 1))>,
                  "mean of integers is float64");
    expect_matches(mean, gpucc::mean(x, 1), "mean axis 1", this->high());
    expect_matches(fzr::mean_all(x), gpucc::mean(x), "mean every axis", this->high());

    auto all = fzr::all_positive(x);
    static_assert(std::is_same_v<decltype(all), Array<bool>>);
    expect_matches(all, gpucc::all(x > 0, -1), "all axis -1");
    Array<T> y = this->random({9, 11}, this->low(), this->high());
    expect_matches(fzr::any_large(x, y), gpucc::any(x > y, 0), "any axis 0 broadcast");
}

// Post-operations on the reduced value with scalar constants; chains before the reduction that
// need temporaries (clip's and maximum's operands, the integer power loop).
TYPED_TEST(FusionReduction, ChainsBeforeAndAfter) {
    using T = TypeParam;
    double scale = this->high() * this->high() * 64;
    Array<T> x = this->random({37, 29}, this->low(), this->high());
    auto norm = fzr::l2norm(x);
    auto norm_unfused = gpucc::sqrt(gpucc::sum(x * x, 1));
    static_assert(std::is_same_v<decltype(norm), decltype(norm_unfused)>);
    expect_matches(norm, norm_unfused, "sqrt(sum(x * x))", this->high() * 8);

    auto scaled = fzr::scaled_mean(x);
    auto scaled_unfused = gpucc::mean(x, 0) * 2 + 1;
    static_assert(std::is_same_v<decltype(scaled), decltype(scaled_unfused)>);
    expect_matches(scaled, scaled_unfused, "mean * 2 + 1", this->high() * 2);

    auto above = fzr::sum_above(x);
    auto above_unfused = gpucc::sum(x, -1) > 10;
    static_assert(std::is_same_v<decltype(above), decltype(above_unfused)>);
    if constexpr (std::is_integral_v<T>) { // floats may round across 10 differently
        expect_matches(above, above_unfused, "sum > 10");
    }

    Array<T> lo = this->random({29}, this->low(), 0 > this->low() ? 0 : 4);
    Array<T> hi = this->random({37, 1}, 5, this->high());
    auto clipped = fzr::clipped_sum(x, lo, hi);
    auto clipped_unfused = gpucc::sum(gpucc::clip(x, lo, hi), 1);
    static_assert(std::is_same_v<decltype(clipped), decltype(clipped_unfused)>);
    expect_matches(clipped, clipped_unfused, "sum(clip(x, lo, hi))", scale);

    Array<T> y = this->random({29}, this->low(), this->high());
    auto relu = fzr::relu_max(x, y);
    auto relu_unfused = gpucc::max(gpucc::maximum(x, y) - y, 0);
    static_assert(std::is_same_v<decltype(relu), decltype(relu_unfused)>);
    expect_matches(relu, relu_unfused, "max(maximum(x, y) - y)");

    Array<T> base = this->random({13, 17}, 1, sizeof(T) == 1 ? 2 : 3);
    Array<T> exponent = this->random({17}, 1, 3);
    auto powers = fzr::power_sum(base, exponent);
    auto powers_unfused = gpucc::sum(gpucc::power(base, exponent), -1);
    static_assert(std::is_same_v<decltype(powers), decltype(powers_unfused)>);
    expect_matches(powers, powers_unfused, "sum(power(x, y))", 27 * 17);
}

TYPED_TEST(FusionReduction, BlockFormAroundTheReduction) {
    using T = TypeParam;
    double bound = sizeof(T) <= 2 ? 3 : 10;
    double low = std::is_unsigned_v<T> ? 1 : -bound;
    Array<T> x = this->random({21, 45}, low, bound);
    Array<T> shift = this->random({21, 1}, low, bound);
    auto fused = fzr::log_sum_exp_shifted(x, shift);
    auto unfused = gpucc::log(gpucc::sum(gpucc::exp(x - shift), -1)) + 1;
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "log(sum(exp(x - shift))) + 1", 4);
}

// NumPy's empty reductions: a sum or product of nothing is the identity, a mean NaN, all true and
// any false; min and max of nothing raise ValueError.
TYPED_TEST(FusionReduction, EmptyReductions) {
    using T = TypeParam;
    Array<T> empty = this->random({3, 0}, this->low(), this->high());
    expect_matches(fzr::sum_axis_minus1(empty), gpucc::sum(empty, -1), "sum of nothing");
    EXPECT_EQ(static_cast<double>(fzr::sum_axis_minus1(empty).to_host().at(0)), 0.0);
    expect_matches(fzr::sum_all(empty), gpucc::sum(empty), "sum of an empty array");
    EXPECT_TRUE(std::isnan(static_cast<double>(fzr::mean_all(empty).to_host().at(0))));
    EXPECT_EQ(fzr::all_positive(empty).to_host(), std::vector<bool>(3, true));
    Array<T> rows = this->random({0, 4}, this->low(), this->high());
    expect_matches(fzr::prod_axis0(rows), gpucc::prod(rows, 0), "prod of nothing");
    EXPECT_EQ(static_cast<double>(fzr::prod_axis0(rows).to_host().at(0)), 1.0);
    EXPECT_THROW(fzr::amin_all(empty), gpucc::ValueError);
    EXPECT_THROW(fzr::min_axis2(this->random({2, 3, 0}, 1, 2)), gpucc::ValueError);
    // The reduced axis empty in the reduced shape only: nothing to compute, an empty result.
    EXPECT_EQ(fzr::max_axis1(this->random({0, 4, 2}, 1, 2)).shape(), (gpucc::Shape{0, 1, 2}));
}

// A NaN reaches min, max and sum, as NumPy propagates it.
template <class T>
class FusionReductionFloat : public FusionReduction<T> {};
using FloatTypes = ::testing::Types<gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionReductionFloat, FloatTypes);

TYPED_TEST(FusionReductionFloat, NanPropagates) {
    using T = TypeParam;
    std::vector<T> values = this->template random_vector<T>(4 * 9, -5, 5);
    values[3 * 9 + 4] = T(NAN);
    Array<T> x = this->on_device(values, {4, 9});
    expect_matches(fzr::min_axis2(x.reshape({4, 9, 1})), gpucc::min(x.reshape({4, 9, 1}), 2),
                   "min with NaN");
    expect_matches(fzr::amax_axis0(x), gpucc::amax(x, 0), "amax with NaN");
    expect_matches(fzr::sum_axis_minus1(x), gpucc::sum(x, -1), "sum with NaN", 50);
    EXPECT_TRUE(std::isnan(static_cast<double>(fzr::amax_axis0(x).to_host().at(4))));
}

} // namespace
