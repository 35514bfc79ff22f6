// The fixture and comparison the differential tests of fused reductions share
// (fusion_reduction_test.cpp, fusion_post_arrays_test.cpp): a fused result against the same
// computation done unfused through the standard library, within a tolerance of the result type
// relative to the magnitudes the element sums (the fused and unfused sums may add in another order;
// integers exactly).
#pragma once

#include "kernels/kernel_test_support.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
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
    ASSERT_EQ(got.shape(), want.shape()) << what;
    std::vector<T> g = got.to_host();
    std::vector<T> w = want.to_host();
    double tol = tolerance<T>();
    for (std::size_t i = 0; i < w.size(); ++i) {
        double a = static_cast<double>(g[i]);
        double b = static_cast<double>(w[i]);
        if (std::isnan(b)) {
            ASSERT_TRUE(std::isnan(a)) << what << ": element " << i << " is " << a << ", not NaN";
            continue;
        }
        if (std::isinf(b)) {
            ASSERT_EQ(a, b) << what << ": element " << i;
            continue;
        }
        ASSERT_LE(std::fabs(a - b), tol * (std::fabs(b) + scale + 1))
            << what << ": element " << i << " is " << a << ", expected " << b;
    }
}

/// The fixture: random arrays of T on the device under test.
template <class T>
class RandomArrays : public kernel_test::KernelTest<> {
protected:
    gpucc::Array<T> random(const gpucc::Shape& shape, double low, double high) {
        std::int64_t n = 1;
        for (std::int64_t extent : shape) {
            n *= extent;
        }
        return this->on_device(this->template random_vector<T>(n, low, high), shape);
    }
    /// Values whose products over a few elements stay in range of every type.
    double high() const { return sizeof(T) == 1 ? 10 : 100; }
    double low() const { return std::is_unsigned_v<T> ? 1 : -high(); }
};

} // namespace fusion_check
