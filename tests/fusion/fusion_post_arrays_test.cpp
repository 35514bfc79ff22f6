// Differential tests of fused reductions whose post-operations read arrays, and of axis tuples
// (fusion_post_arrays.dsl): each fused call is compared with the same computation done unfused
// through the standard library, on random inputs (never zeros) over float16, bfloat16, float32,
// float64 and integer types. The arrays read after the reduction come in every form the launcher
// must index: of the reduced shape, broadcast from a lower rank or from extents of 1, a 0-d and a
// one-element array, transposed and sliced views; every axis of 3-D inputs, keepdims either way,
// given outputs; a shape that does not broadcast to the reduced shape is a ShapeError naming the
// argument. Result types must agree exactly (static_assert); values within a tolerance of the
// result type relative to the magnitudes summed (integers exactly). Comparisons of float sums
// (`sum(a, axis=1) > b`) are checked where the sum is not within rounding of b. One test body, two
// devices: built for the CPU target and for the GPU (label gpu).
#include "fusion_post_arrays.gpucc.h"
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

using fusion_check::expect_matches;
using fusion_check::expect_same_comparison;
using fusion_check::tolerance;

template <class T>
class FusionPostArrays : public fusion_check::RandomArrays<T> {};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionPostArrays, AllTypes);

// CuPy issue 9008: `sum(a, axis=1) > b` with b of the reduced shape, the issue's 357899 x 2 float64
// shape among them, then b broadcast, transposed, sliced, and into a given output.
TYPED_TEST(FusionPostArrays, RowSumGreaterAsCupyIssue9008) {
    using T = TypeParam;
    for (const std::int64_t rows : {std::int64_t{1}, std::int64_t{1031}, std::int64_t{357899}}) {
        Array<T> a = this->random({rows, 2}, this->low(), this->high());
        Array<T> b = this->random({rows}, this->low() * 2, this->high() * 2);
        auto fused = fzp::row_sum_greater(a, b);
        auto unfused = gpucc::sum(a, 1) > b;
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_same_comparison<T>(fused, unfused, gpucc::sum(a, 1) - b, this->high() * 2,
                                  "sum(a, axis=1) > b, " + std::to_string(rows) + " rows");
    }
    Array<T> a = this->random({37, 5}, this->low(), this->high());
    Array<T> wide = this->random({2, 37}, this->low() * 2, this->high() * 2);
    Array<T> sliced = wide(1, gpucc::Slice());
    expect_same_comparison<T>(fzp::row_sum_greater(a, sliced), gpucc::sum(a, 1) > sliced,
                              gpucc::sum(a, 1) - sliced, this->high() * 5, "b a sliced row");
    Array<T> one = this->random({1}, this->low(), this->high());
    expect_same_comparison<T>(fzp::row_sum_greater(a, one), gpucc::sum(a, 1) > one,
                              gpucc::sum(a, 1) - one, this->high() * 5, "b of one element");
    Array<T> scalar_shaped = this->random({}, this->low(), this->high());
    expect_same_comparison<T>(fzp::row_sum_greater(a, scalar_shaped),
                              gpucc::sum(a, 1) > scalar_shaped, gpucc::sum(a, 1) - scalar_shaped,
                              this->high() * 5, "b 0-d");
    Array<bool> out = gpucc::empty<bool>({37}, this->device_);
    Array<T> b = this->random({37}, this->low() * 2, this->high() * 2);
    fzp::row_sum_greater(a, b, out);
    expect_same_comparison<T>(out, gpucc::sum(a, 1) > b, gpucc::sum(a, 1) - b, this->high() * 5,
                              "into a given output");
}

// sum(x * y, axis=-1) + c: c of the reduced shape, broadcast from a column, transposed.
TYPED_TEST(FusionPostArrays, DotPlusArray) {
    using T = TypeParam;
    const double bound = sizeof(T) == 1 ? 3 : 20;
    const double low = std::is_unsigned_v<T> ? 1 : -bound;
    const double scale = bound * bound * 40;
    Array<T> x = this->random({6, 9, 40}, low, bound);
    Array<T> y = this->random({40}, low, bound);
    for (const gpucc::Shape& shape :
         {gpucc::Shape{6, 9}, gpucc::Shape{9}, gpucc::Shape{6, 1}, gpucc::Shape{1, 1}}) {
        Array<T> c = this->random(shape, low, bound);
        auto fused = fzp::dot_plus(x, y, c);
        auto unfused = gpucc::sum(x * y, -1) + c;
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "sum(x * y, axis=-1) + c of " + shape.to_string(), scale);
    }
    Array<T> other = this->random({9, 6}, low, bound);
    Array<T> transposed = other.transpose();
    expect_matches(fzp::dot_plus(x, y, transposed), gpucc::sum(x * y, -1) + transposed,
                   "c transposed", scale);
}

// Each axis of 3-D inputs (dense and a transposed view), keepdims either way, b in several forms.
TYPED_TEST(FusionPostArrays, EveryAxisAndKeepdims) {
    using T = TypeParam;
    const double scale = this->high() * 8;
    Array<T> dense = this->random({5, 6, 7}, this->low(), this->high());
    Array<T> other = this->random({7, 6, 5}, this->low(), this->high());
    for (const Array<T>& x : {dense, Array<T>(other.transpose())}) {
        Array<T> b0 = this->random({6, 7}, this->low(), this->high());
        auto axis0 = fzp::sum_axis0_minus(x, b0);
        static_assert(std::is_same_v<decltype(axis0), decltype(gpucc::sum(x, 0) - b0)>);
        expect_matches(axis0, gpucc::sum(x, 0) - b0, "sum axis 0 - b", scale);
        Array<T> b0_row = this->random({7}, this->low(), this->high());
        expect_matches(fzp::sum_axis0_minus(x, b0_row), gpucc::sum(x, 0) - b0_row,
                       "sum axis 0 - b row", scale);

        Array<T> b1 = this->random({5, 1}, this->low(), this->high());
        expect_matches(fzp::sum_axis1_plus(x, b1), gpucc::sum(x, 1) + b1, "sum axis 1 + b column",
                       scale);
        Array<T> b1_big = this->random({14, 10}, this->low(), this->high());
        Array<T> b1_sliced = b1_big(gpucc::Slice(0, 10, 2), gpucc::Slice(1, 8));
        expect_matches(fzp::sum_axis1_plus(x, b1_sliced), gpucc::sum(x, 1) + b1_sliced,
                       "sum axis 1 + b sliced", scale);

        const double product_high = sizeof(T) == 1 ? 1.5 : 3;
        Array<T> bk = this->random({5, 1, 7}, 1, product_high);
        auto kept = fzp::sum_axis1_keep_times(x, bk);
        expect_matches(kept, gpucc::sum(x, 1, true) * bk, "sum axis 1 keepdims * b",
                       scale * product_high);
        Array<T> bk_row = this->random({7}, 1, product_high);
        expect_matches(fzp::sum_axis1_keep_times(x, bk_row), gpucc::sum(x, 1, true) * bk_row,
                       "sum axis 1 keepdims * b row", scale * product_high);

        Array<T> b2_t = this->random({6, 5}, this->low(), this->high());
        Array<T> b2 = b2_t.transpose();
        expect_matches(fzp::sum_axis2_plus(x, b2), gpucc::sum(x, 2) + b2,
                       "sum axis 2 + b transposed", scale);
    }
}

// Two arrays after the reduction; min with where; mean; the block form.
TYPED_TEST(FusionPostArrays, SeveralArraysAndForms) {
    using T = TypeParam;
    Array<T> x = this->random({8, 11, 3}, this->low(), this->high());
    const double small = sizeof(T) == 1 ? 3 : 9;
    const double small_low = std::is_unsigned_v<T> ? 1 : -small;
    Array<T> b = this->random({11, 3}, small_low, small);
    Array<T> c = this->random({3}, small_low, small);
    auto fused = fzp::max_plus_product(x, b, c);
    auto unfused = gpucc::max(x, 0) + b * c;
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "max(x, axis=0) + b * c", this->high());

    Array<T> lo = this->random({8, 11}, this->low(), this->high());
    Array<T> alt = this->random({11}, this->low(), this->high());
    auto chosen = fzp::min_where(x, lo, alt);
    auto chosen_unfused = gpucc::where(gpucc::min(x, -1) < lo, lo, alt);
    static_assert(std::is_same_v<decltype(chosen), decltype(chosen_unfused)>);
    expect_matches(chosen, chosen_unfused, "where(min(x, axis=-1) < b, b, c)");

    if constexpr (std::is_same_v<T, float>) {
        Array<float> m = this->random({8, 11}, -5, 5);
        Array<float> mb = this->random({8}, -5, 5);
        expect_matches(fzp::mean_minus(m, mb), gpucc::mean(m, 1) - mb, "mean(x, axis=1) - b", 5);
    }

    const double bound = sizeof(T) == 1 ? 3 : 10;
    Array<T> y = this->random({13, 7}, std::is_unsigned_v<T> ? 1 : -bound, bound);
    Array<T> w = this->random({13}, std::is_unsigned_v<T> ? 1 : -bound, bound);
    auto norm = fzp::norm_scaled(y, w);
    auto norm_unfused = gpucc::sum(y * y, 1) * w + 1;
    static_assert(std::is_same_v<decltype(norm), decltype(norm_unfused)>);
    expect_matches(norm, norm_unfused, "block form: sum(x * x) * w + 1", bound * bound * bound * 7);
}

// A post array that does not broadcast to the reduced shape: a ShapeError naming it and both
// shapes, before anything runs; one that would enlarge the result is refused too.
TYPED_TEST(FusionPostArrays, BadShapeNamesTheArgument) {
    using T = TypeParam;
    Array<T> a = this->random({4, 3}, this->low(), this->high());
    for (const gpucc::Shape& shape : {gpucc::Shape{3}, gpucc::Shape{2, 4}, gpucc::Shape{5}}) {
        Array<T> b = this->random(shape, this->low(), this->high());
        try {
            fzp::row_sum_greater(a, b);
            ADD_FAILURE() << "b of shape " << shape.to_string() << " was accepted";
        } catch (const gpucc::ShapeError& error) {
            const std::string message = error.what();
            EXPECT_NE(message.find("row_sum_greater: b has shape " + shape.to_string()),
                      std::string::npos)
                << message;
            EXPECT_NE(message.find("broadcast to (4,)"), std::string::npos) << message;
        }
    }
}

// Axis tuples against the standard library's several-axes reductions.
TYPED_TEST(FusionPostArrays, AxisTuples) {
    using T = TypeParam;
    const double scale = this->high() * 64;
    Array<T> dense = this->random({5, 6, 7}, this->low(), this->high());
    Array<T> other = this->random({7, 6, 5}, this->low(), this->high());
    for (const Array<T>& x : {dense, Array<T>(other.transpose())}) {
        auto fused = fzp::sum_axes_0_2(x);
        static_assert(std::is_same_v<decltype(fused), decltype(gpucc::sum(x, {0, 2}))>);
        expect_matches(fused, gpucc::sum(x, {0, 2}), "sum axis (0, 2)", scale);
        expect_matches(fzp::sum_axes_neg(x), gpucc::sum(x, {-1, -2}), "sum axis (-1, -2)", scale);
        expect_matches(fzp::max_axes_keep(x), gpucc::max(x, {2, 0}, true),
                       "max axis (2, 0) keepdims");
        expect_matches(fzp::sum_axes_single(x), gpucc::sum(x, 1), "sum axis (1,)", scale);
        Array<T> b = this->random({7}, this->low(), this->high());
        expect_matches(fzp::mean_axes_plus(x, b), gpucc::mean(x, {0, 1}) + b,
                       "mean axis (0, 1) + b", this->high());
    }
    // An axis beyond the call's rank, or (0, -2) naming one axis twice on 2-D, is the launcher's
    // error, as the reduction kind's.
    Array<T> flat = this->random({4, 5}, this->low(), this->high());
    EXPECT_THROW(fzp::sum_axes_0_2(flat), gpucc::IndexError);
}

} // namespace
