// Differential tests of fused functions with several independent reductions over the same axes
// (fusion_multi_reduction.dsl): one reduction kernel with a tuple reduce type, one pass over the
// inputs. Each result is compared with the same computation done unfused through the standard
// library, on random inputs (never all zeros) over float16, bfloat16, float32, float64 and integer
// types, dense, transposed and sliced, with keepdims, axis tuples, every axis, and reductions long
// enough to be split across blocks (GPU) and chunks (CPU). The result types must agree exactly (a
// static_assert per result); the values within a tolerance of the result type relative to the
// magnitudes reduced (integers exactly). One test body, two devices: built for the CPU target and
// for the GPU (label gpu).
#include "fusion_multi_reduction.gpucc.h"
#include "fusion_reduction_check.h"

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

using fusion_check::expect_matches;
using fusion_check::expect_same_comparison;

template <class T>
class FusionMultiReduction : public fusion_check::RandomArrays<T> {
protected:
    using fusion_check::RandomArrays<T>::high;
    using fusion_check::RandomArrays<T>::low;

    /// 2-D arrays: dense, small, transposed, sliced, and rows long enough to be reduced in several
    /// slices. Every one has elements (min and max of nothing raise: tested below).
    std::vector<Array<T>> inputs() {
        Array<T> dense = this->random({33, 65}, low(), high());
        return {dense,
                this->random({5, 7}, low(), high()),
                this->random({1, 1}, low(), high()),
                this->random({65, 33}, low(), high()).transpose(),
                dense(gpucc::Slice(1, 30, 2), gpucc::Slice(0, 64, 3)),
                this->random({3, 20000}, low(), high()),
                this->random({20000, 3}, low(), high()).transpose()};
    }

    /// A bound of the magnitudes a reduction over the rows of `x` sums.
    double row_scale(const Array<T>& x) const { return high() * static_cast<double>(x.shape()[1]); }
};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionMultiReduction, AllTypes);

// fuse sum_and_max(x) { return sum(x, axis = 1), max(x, axis = 1); }
TYPED_TEST(FusionMultiReduction, SumAndMaxOfRows) {
    using T = TypeParam;
    for (const Array<T>& x : this->inputs()) {
        auto [s, m] = fmr::sum_and_max(x);
        auto want_s = gpucc::sum(x, 1);
        auto want_m = gpucc::max(x, 1);
        static_assert(std::is_same_v<decltype(s), decltype(want_s)>);
        static_assert(std::is_same_v<decltype(m), decltype(want_m)>);
        expect_matches(s, want_s, "sum", this->row_scale(x));
        expect_matches(m, want_m, "max");
    }
    // Into given outputs, and the empty reduction max raises on.
    Array<T> x = this->random({33, 65}, this->low(), this->high());
    auto [s, m] = fmr::sum_and_max(x);
    auto given_s = gpucc::empty<typename decltype(s)::value_type>({33}, this->device_);
    auto given_m = gpucc::empty<T>({33}, this->device_);
    fmr::sum_and_max(x, given_s, given_m);
    expect_matches(given_s, s, "given sum", this->row_scale(x));
    expect_matches(given_m, m, "given max");
    EXPECT_THROW(fmr::sum_and_max(this->random({4, 0}, 1, 2)), gpucc::ValueError);
}

// fuse mean_and_square_sum(x) { sq = x * x; m = mean(x, axis = 0, keepdims = true);
//                               return m, sum(sq, axis = 0, keepdims = true); }
TYPED_TEST(FusionMultiReduction, MeanAndSumOfSquaresKeepdims) {
    using T = TypeParam;
    std::vector<Array<T>> arrays = this->inputs();
    arrays.push_back(this->random({0, 5}, this->low(), this->high())); // sum and mean of nothing
    for (const Array<T>& x : arrays) {
        auto [m, squares] = fmr::mean_and_square_sum(x);
        auto want_m = gpucc::mean(x, 0, true);
        auto want_squares = gpucc::sum(x * x, 0, true);
        static_assert(std::is_same_v<decltype(m), decltype(want_m)>);
        static_assert(std::is_same_v<decltype(squares), decltype(want_squares)>);
        double rows = static_cast<double>(x.shape()[0]);
        expect_matches(m, want_m, "mean", this->high());
        expect_matches(squares, want_squares, "sum of squares", this->high() * this->high() * rows);
    }
}

// fuse everywhere(x) { return min(x), max(x), sum(x), any(x > 0); }
TYPED_TEST(FusionMultiReduction, EveryAxis) {
    using T = TypeParam;
    std::vector<Array<T>> arrays = this->inputs();
    arrays.push_back(this->random({2, 3, 4}, this->low(), this->high()));
    arrays.push_back(this->random({7}, this->low(), this->high()));
    for (const Array<T>& x : arrays) {
        auto [lowest, highest, total, positive] = fmr::everywhere(x);
        auto want_lowest = gpucc::min(x);
        auto want_highest = gpucc::max(x);
        auto want_total = gpucc::sum(x);
        auto want_positive = gpucc::any(x > 0);
        static_assert(std::is_same_v<decltype(lowest), decltype(want_lowest)>);
        static_assert(std::is_same_v<decltype(total), decltype(want_total)>);
        static_assert(std::is_same_v<decltype(positive), decltype(want_positive)>);
        expect_matches(lowest, want_lowest, "min");
        expect_matches(highest, want_highest, "max");
        expect_matches(total, want_total, "sum", this->high() * static_cast<double>(x.size()));
        ASSERT_EQ(positive.to_host(), want_positive.to_host());
    }
    // Every element below zero (signed types): any is false, computed with the others.
    if constexpr (!std::is_unsigned_v<T>) {
        Array<T> negative = this->random({9, 11}, -this->high(), -1);
        ASSERT_FALSE(std::get<3>(fmr::everywhere(negative)).to_host().front());
    }
}

// fuse spread_plus(x, b) { return max(x, axis = (0, 2)) - min(x, axis = (0, 2)) + b; }
TYPED_TEST(FusionMultiReduction, TwoReductionsInOneResultOverAnAxisTuple) {
    using T = TypeParam;
    Array<T> dense = this->random({4, 5, 6}, this->low(), this->high());
    Array<T> b = this->random({5}, this->low(), this->high());
    for (const Array<T>& x : {dense, this->random({6, 5, 4}, this->low(), this->high()).transpose(),
                              this->random({9, 5, 700}, this->low(), this->high())}) {
        auto fused = fmr::spread_plus(x, b);
        auto unfused = gpucc::max(x, {0, 2}) - gpucc::min(x, {0, 2}) + b;
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "max - min + b", this->high() * 4);
    }
    // b broadcast from one element.
    Array<T> one = this->random({1}, this->low(), this->high());
    expect_matches(fmr::spread_plus(dense, one),
                   gpucc::max(dense, {0, 2}) - gpucc::min(dense, {0, 2}) + one, "b of one element",
                   this->high() * 4);
}

// fuse dot_and_sums(x, y) { return sum(x * y, axis = -1), sum(x, axis = -1), sum(y, axis = -1); }
TYPED_TEST(FusionMultiReduction, DotAndSumsOfTwoOperands) {
    using T = TypeParam;
    for (const Array<T>& x : this->inputs()) {
        Array<T> y = this->random(x.shape(), this->low(), this->high());
        auto [dot, sx, sy] = fmr::dot_and_sums(x, y);
        auto want_dot = gpucc::sum(x * y, -1);
        auto want_sx = gpucc::sum(x, -1);
        auto want_sy = gpucc::sum(y, -1);
        static_assert(std::is_same_v<decltype(dot), decltype(want_dot)>);
        static_assert(std::is_same_v<decltype(sx), decltype(want_sx)>);
        expect_matches(dot, want_dot, "sum(x * y)", this->row_scale(x) * this->high());
        expect_matches(sx, want_sx, "sum(x)", this->row_scale(x));
        expect_matches(sy, want_sy, "sum(y)", this->row_scale(x));
    }
    // y broadcast along the rows.
    Array<T> x = this->random({17, 40}, this->low(), this->high());
    Array<T> row = this->random({40}, this->low(), this->high());
    auto [dot, sx, sy] = fmr::dot_and_sums(x, row);
    expect_matches(dot, gpucc::sum(x * row, -1), "broadcast sum(x * y)",
                   this->row_scale(x) * this->high());
    expect_matches(sy, gpucc::sum(row.broadcast_to(x.shape()), -1), "broadcast sum(y)",
                   this->row_scale(x));
}

// fuse above_doubled(x, b) { c = b * 2; return sum(x, axis = 1) > c; }: c is computed after the
// reduction, at each result element, from b broadcast to the reduced shape.
TYPED_TEST(FusionMultiReduction, ValueBoundBeforeTheReductionReadAfter) {
    using T = TypeParam;
    for (const Array<T>& x : this->inputs()) {
        Array<T> b = this->random({x.shape()[0]}, this->low(), this->high());
        auto fused = fmr::above_doubled(x, b);
        auto sums = gpucc::sum(x, 1);
        auto doubled = b * 2;
        auto unfused = sums > doubled;
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_same_comparison<T>(fused, unfused, sums - doubled, this->row_scale(x), "sum > 2b");
    }
}

/// The same positions, exactly.
void expect_same_positions(const Array<std::int64_t>& got, const Array<std::int64_t>& want,
                           const std::string& what) {
    ASSERT_EQ(got.shape(), want.shape()) << what;
    ASSERT_EQ(got.to_host(), want.to_host()) << what;
}

// fuse arg_extremes(x) { return argmax(x, axis = 1), argmin(x, axis = 1), sum(x, axis = 1); }
TYPED_TEST(FusionMultiReduction, ArgmaxArgminAndSumOfRows) {
    using T = TypeParam;
    std::vector<Array<T>> arrays = this->inputs();
    // Few distinct values: ties everywhere (the first position wins), also across slices.
    arrays.push_back(this->random({6, 300}, 1, 3));
    arrays.push_back(this->random({3, 20000}, 1, 2));
    for (const Array<T>& x : arrays) {
        auto [highest, lowest, total] = fmr::arg_extremes(x);
        static_assert(std::is_same_v<decltype(highest), Array<std::int64_t>>);
        static_assert(std::is_same_v<decltype(lowest), Array<std::int64_t>>);
        expect_same_positions(highest, gpucc::argmax(x, 1), "argmax");
        expect_same_positions(lowest, gpucc::argmin(x, 1), "argmin");
        expect_matches(total, gpucc::sum(x, 1), "sum", this->row_scale(x));
    }
    EXPECT_THROW(fmr::arg_extremes(this->random({4, 0}, 1, 2)), gpucc::ValueError);
}

// NaN wins, the first one (floating types).
TYPED_TEST(FusionMultiReduction, ArgmaxArgminFindTheFirstNan) {
    using T = TypeParam;
    if constexpr (std::is_integral_v<T>) {
        GTEST_SKIP() << "integers have no NaN";
    } else {
        const std::int64_t rows = 8, length = 5000;
        std::vector<T> values =
            this->template random_vector<T>(rows * length, this->low(), this->high());
        const T nan = T(std::numeric_limits<float>::quiet_NaN());
        for (std::int64_t row = 0; row < rows; ++row) {
            // Row r holds NaNs at r * 601 + 7 and, from row 2 on, later at 4000 + r.
            if (row % 4 != 3) { // every fourth row has none
                values[static_cast<std::size_t>(row * length + row * 601 + 7)] = nan;
                if (row >= 2) {
                    values[static_cast<std::size_t>(row * length + 4000 + row)] = nan;
                }
            }
        }
        Array<T> x = this->on_device(values, {rows, length});
        auto [highest, lowest, total] = fmr::arg_extremes(x);
        expect_same_positions(highest, gpucc::argmax(x, 1), "argmax with NaN");
        expect_same_positions(lowest, gpucc::argmin(x, 1), "argmin with NaN");
        std::vector<std::int64_t> got = highest.to_host();
        EXPECT_EQ(got[0], 7);
        EXPECT_EQ(got[2], 2 * 601 + 7);
        expect_same_positions(fmr::flat_argmax(x), gpucc::argmax(x), "flattened argmax with NaN");
    }
}

// fuse flat_argmax(x) = argmax(x); fuse nearest_kept(x, c) = argmin(abs(x - c), axis = 0,
// keepdims = true);
TYPED_TEST(FusionMultiReduction, FlattenedAndKeptArgReductions) {
    using T = TypeParam;
    std::vector<Array<T>> arrays = this->inputs();
    arrays.push_back(this->random({3, 4, 5}, this->low(), this->high()).transpose());
    arrays.push_back(this->random({7}, this->low(), this->high()));
    for (const Array<T>& x : arrays) {
        Array<std::int64_t> flat = fmr::flat_argmax(x);
        ASSERT_EQ(flat.shape(), gpucc::Shape());
        expect_same_positions(flat, gpucc::argmax(x), "flattened argmax");
    }
    Array<T> x = this->random({40, 9}, this->low(), this->high());
    Array<T> c = this->random({9}, this->low(), this->high());
    auto kept = fmr::nearest_kept(x, c);
    expect_same_positions(kept, gpucc::argmin(gpucc::abs(x - c), 0, true), "nearest, keepdims");
    ASSERT_EQ(kept.shape(), gpucc::Shape(1, 9));
}

// fuse spread(x) { return var(x, axis = 1), std(x, axis = 1, ddof = 1), mean(x, axis = 1); }
TYPED_TEST(FusionMultiReduction, VarStdAndMeanOfRows) {
    using T = TypeParam;
    std::vector<Array<T>> arrays = this->inputs();
    arrays.push_back(this->random({3, 0}, this->low(), this->high())); // NaN, as NumPy's
    for (const Array<T>& x : arrays) {
        auto [variance, deviation, mean] = fmr::spread(x);
        auto want_variance = gpucc::var(x, 1, 0);
        auto want_deviation = gpucc::std(x, 1, 1);
        auto want_mean = gpucc::mean(x, 1);
        static_assert(std::is_same_v<decltype(variance), decltype(want_variance)>);
        static_assert(std::is_same_v<decltype(deviation), decltype(want_deviation)>);
        static_assert(std::is_same_v<decltype(mean), decltype(want_mean)>);
        double square = this->high() * this->high();
        expect_matches(variance, want_variance, "var", square);
        expect_matches(deviation, want_deviation, "std ddof 1", this->high());
        expect_matches(mean, want_mean, "mean", this->high());
    }
    // One element per row with ddof = 1: NaN, as NumPy's (0 / 0).
    auto [variance, deviation, mean] = fmr::spread(this->random({4, 1}, 1, 5));
    for (auto value : deviation.to_host()) {
        EXPECT_TRUE(std::isnan(static_cast<double>(value)));
    }
}

// fuse var_every(x) = var(x); fuse std_kept(x) = std(x, axis = 0, keepdims = true, ddof = 2);
TYPED_TEST(FusionMultiReduction, VarOfEveryAxisAndStdKept) {
    using T = TypeParam;
    double square = this->high() * this->high();
    for (const Array<T>& x : this->inputs()) {
        auto every = fmr::var_every(x);
        static_assert(std::is_same_v<decltype(every), decltype(gpucc::var(x))>);
        expect_matches(every, gpucc::var(x), "var of every axis", square);
        auto kept = fmr::std_kept(x);
        static_assert(std::is_same_v<decltype(kept), decltype(gpucc::std(x, 0, 2, true))>);
        expect_matches(kept, gpucc::std(x, 0, 2, true), "std axis 0 ddof 2 keepdims", this->high());
    }
}

// A large mean (1e4 + noise in [-1, 1]): one pass, yet as exact as two (float32 and float64).
TYPED_TEST(FusionMultiReduction, VarianceStableAtALargeMean) {
    using T = TypeParam;
    if constexpr (!std::is_same_v<T, float> && !std::is_same_v<T, double>) {
        GTEST_SKIP() << "1e4 + noise does not keep the noise in this type";
    } else {
        const std::int64_t rows = 4, length = 100000;
        std::vector<T> values = this->template random_vector<T>(rows * length, -1, 1);
        for (T& value : values) {
            value += T(1e4);
        }
        Array<T> x = this->on_device(values, {rows, length});
        auto [variance, deviation, mean] = fmr::spread(x);
        std::vector<T> got = variance.to_host();
        std::vector<T> library = gpucc::var(x, 1, 0).to_host();
        const double tol = std::is_same_v<T, float> ? 5e-3 : 1e-10;
        for (std::int64_t row = 0; row < rows; ++row) {
            double sum = 0;
            for (std::int64_t k = 0; k < length; ++k) {
                sum += static_cast<double>(values[static_cast<std::size_t>(row * length + k)]);
            }
            const double row_mean = sum / static_cast<double>(length);
            double squares = 0;
            for (std::int64_t k = 0; k < length; ++k) {
                const double d =
                    static_cast<double>(values[static_cast<std::size_t>(row * length + k)]) -
                    row_mean;
                squares += d * d;
            }
            const double want = squares / static_cast<double>(length); // about 1/3
            const auto r = static_cast<std::size_t>(row);
            EXPECT_NEAR(static_cast<double>(got[r]), want, tol * want) << "row " << row;
            EXPECT_NEAR(static_cast<double>(library[r]), want, tol * want)
                << "library, row " << row;
        }
    }
}

} // namespace
