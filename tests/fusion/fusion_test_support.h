// What the fusion suites of this folder share: the comparison of a fused result with the same
// computation done unfused (same shape; each element within a relative tolerance, plus a scale
// for sums whose terms may be added in another order; NaN and infinities exactly where the
// reference has them), and the typed fixture that makes random arrays of a shape on the device
// under test. Each suite keeps its own tolerances (elementwise and reduction results round
// differently).
#pragma once

#include "kernels/kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace fusion_test {

/// Same shape, and every element within `tol` * (|want| + `scale` + 1) of the reference; NaN only
/// where the reference has NaN, infinities equal.
template <class T>
void expect_within(const gpucc::Array<T>& got, const gpucc::Array<T>& want, const std::string& what,
                   double tol, double scale) {
    ASSERT_EQ(got.shape(), want.shape()) << what;
    std::vector<T> g = got.to_host();
    std::vector<T> w = want.to_host();
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

/// A typed suite's fixture: random arrays of T of a shape on the device under test.
template <class T>
class FusionTest : public kernel_test::KernelTest<> {
protected:
    /// Random values of T in [low, high] (integers: inclusive), shaped.
    gpucc::Array<T> random(const gpucc::Shape& shape, double low, double high) {
        std::int64_t n = 1;
        for (std::int64_t extent : shape) {
            n *= extent;
        }
        return this->on_device(this->template random_vector<T>(n, low, high), shape);
    }
};

} // namespace fusion_test
