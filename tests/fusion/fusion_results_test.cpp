// Differential tests of fused functions with a reduction and several results (fusion_results.dsl):
// each result of the one fused reduction kernel is compared with the same computation done
// unfused through the standard library, on random inputs (never all zeros) over float16,
// bfloat16, float32, float64 and integer types, with transposed and sliced inputs, keepdims and
// empty reductions. The result types must agree exactly (a static_assert per result: NumPy 2's
// reduction dtypes); the values within a tolerance of the result type relative to the magnitudes
// reduced (integers exactly). One test body, two devices: built for the CPU target and for the
// GPU (label gpu).
#include "fusion_reduction_check.h"
#include "fusion_results.gpucc.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;

using fusion_check::expect_matches;
using fusion_check::tolerance;

template <class T>
class FusionResults : public fusion_check::RandomArrays<T> {
protected:
    using fusion_check::RandomArrays<T>::high;
    using fusion_check::RandomArrays<T>::low;

    /// The arrays each test reduces: dense, empty along the reduced axes or not, transposed,
    /// sliced.
    std::vector<Array<T>> inputs() {
        Array<T> other = this->random({65, 33}, low(), high());
        Array<T> dense = this->random({33, 65}, low(), high());
        return {dense,
                this->random({5, 7}, low(), high()),
                this->random({4, 0}, low(), high()),
                this->random({0, 5}, low(), high()),
                other.transpose(),
                dense(gpucc::Slice(1, 30, 2), gpucc::Slice(0, 64, 3))};
    }
};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionResults, AllTypes);

// fuse norm_and_sum(x) { s = sum(square(x), axis = 1); return s, sqrt(s); }
TYPED_TEST(FusionResults, ReducedValueAndAFunctionOfIt) {
    using T = TypeParam;
    double scale = this->high() * this->high() * 65;
    for (const Array<T>& x : this->inputs()) {
        auto [s, root] = fzm::norm_and_sum(x);
        auto want_s = gpucc::sum(x * x, 1);
        auto want_root = gpucc::sqrt(want_s);
        static_assert(std::is_same_v<decltype(s), decltype(want_s)>);
        static_assert(std::is_same_v<decltype(root), decltype(want_root)>);
        expect_matches(s, want_s, "sum of squares", scale);
        expect_matches(root, want_root, "its square root", scale);
    }
    // Into given outputs.
    Array<T> x = this->random({33, 65}, this->low(), this->high());
    auto [s, root] = fzm::norm_and_sum(x);
    auto given_s = gpucc::empty<typename decltype(s)::value_type>({33}, this->device_);
    auto given_root = gpucc::empty<typename decltype(root)::value_type>({33}, this->device_);
    fzm::norm_and_sum(x, given_s, given_root);
    expect_matches(given_s, s, "given sum", scale);
    expect_matches(given_root, root, "given root", scale);
}

// fuse mean_stats(x) { c = 0.5; m = mean(x * c, axis = 0, keepdims = true); return m, m / c, m > 0;
// }
TYPED_TEST(FusionResults, ConstantBindingOnBothSidesOfTheReduction) {
    using T = TypeParam;
    for (const Array<T>& x : this->inputs()) {
        auto [m, doubled, positive] = fzm::mean_stats(x);
        auto want_m = gpucc::mean(x * 0.5, 0, true);
        auto want_doubled = want_m / 0.5;
        auto want_positive = want_m > 0;
        static_assert(std::is_same_v<decltype(m), decltype(want_m)>);
        static_assert(std::is_same_v<decltype(doubled), decltype(want_doubled)>);
        static_assert(std::is_same_v<decltype(positive), decltype(want_positive)>);
        expect_matches(m, want_m, "mean", this->high());
        expect_matches(doubled, want_doubled, "mean / c", this->high());
        // A mean within rounding of 0 may fall on either side: compare where it is clearly not.
        std::vector<bool> got = [&] {
            std::vector<bool> v;
            for (bool b : positive.to_host()) {
                v.push_back(b);
            }
            return v;
        }();
        std::vector<typename decltype(want_m)::value_type> means = want_m.to_host();
        std::vector<bool> want = [&] {
            std::vector<bool> v;
            for (bool b : want_positive.to_host()) {
                v.push_back(b);
            }
            return v;
        }();
        ASSERT_EQ(positive.shape(), want_positive.shape());
        for (std::size_t k = 0; k < want.size(); ++k) {
            if (std::fabs(static_cast<double>(means[k])) > tolerance<T>() * this->high() * 4) {
                ASSERT_EQ(got[k], want[k]) << "m > 0 at " << k;
            }
        }
    }
}

// fuse scaled_max(x) { k = 3; twice_k = k * 2; return max(x + k, axis = -1) * twice_k; }
TYPED_TEST(FusionResults, ConstantBindingsInChainAndPost) {
    using T = TypeParam;
    for (const Array<T>& x : this->inputs()) {
        if (x.size() == 0) {
            continue; // max of nothing raises (tested by the reduction suite)
        }
        auto fused = fzm::scaled_max(x);
        auto unfused = gpucc::max(x + 3, -1) * 6;
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "scaled_max", this->high());
    }
}

} // namespace
