// The fixture and comparison the differential tests of fused reductions share
// (fusion_reduction_test.cpp, fusion_post_arrays_test.cpp, fusion_multi_reduction_test.cpp): a
// fused result against the same computation done unfused through the standard library, within a
// tolerance of the result type relative to the magnitudes the element sums (the fused and unfused
// sums may add in another order; integers exactly).
#pragma once

#include "fusion_test_support.h"

#include <cmath>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <type_traits>
#include <vector>

namespace fusion_check {

/// The relative tolerance of a sum in T's result type (integers: exactly).
template <class T>
double tolerance() {
    if constexpr (std::is_same_v<T, gpucc::float16>) {
        return 4e-3;
    } else if constexpr (std::is_same_v<T, gpucc::bfloat16>) {
        return 3e-2;
    } else if constexpr (std::is_same_v<T, float>) {
        return 2e-5;
    } else if constexpr (std::is_same_v<T, double>) {
        return 1e-12;
    } else {
        return 0;
    }
}

/// Same shape, and every element within tolerance<T>() * (|want| + scale + 1) of the reference,
/// where `scale` bounds the magnitudes the element sums (0: relative only); NaN only where the
/// reference has NaN.
template <class T>
void expect_matches(const gpucc::Array<T>& got, const gpucc::Array<T>& want,
                    const std::string& what, double scale = 0) {
    fusion_test::expect_within(got, want, what, tolerance<T>(), scale);
}

/// A comparison of a reduced value with an array: equal to the reference wherever the unfused
/// difference `margin` (reduced value minus the compared array) is beyond rounding.
template <class T, class D>
void expect_same_comparison(const gpucc::Array<bool>& got, const gpucc::Array<bool>& want,
                            const gpucc::Array<D>& margin, double scale, const std::string& what) {
    ASSERT_EQ(got.shape(), want.shape()) << what;
    std::vector<bool> g = got.to_host();
    std::vector<bool> w = want.to_host();
    std::vector<D> m = margin.to_host();
    ASSERT_EQ(m.size(), w.size()) << what;
    int checked = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (std::fabs(static_cast<double>(m[i])) <= 4 * tolerance<T>() * (scale + 1)) {
            continue;
        }
        ++checked;
        ASSERT_EQ(g[i], w[i]) << what << ": element " << i;
    }
    if (w.size() >= 16) {
        EXPECT_GT(checked, 0) << what << ": every element was within rounding";
    }
}

/// The fixture: random arrays of T on the device under test (fusion_test::FusionTest), with the
/// value range the reductions' tests draw from.
template <class T>
class RandomArrays : public fusion_test::FusionTest<T> {
protected:
    /// Values whose products over a few elements stay in range of every type.
    double high() const { return sizeof(T) == 1 ? 10 : 100; }
    double low() const { return std::is_unsigned_v<T> ? 1 : -high(); }
};

} // namespace fusion_check
