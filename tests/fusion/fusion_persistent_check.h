// What the tests of fused functions with several reductions over one axis share
// (fusion_persistent_test.cpp: typed arrays, the kernels and their bounds;
// fusion_persistent_arguments_test.cpp: NDArrays, C++ scalars and the errors): the comparison with
// a tolerance of the result type, the unfused references through the standard library, and the
// fixture making random inputs (never zeros) on the device under test.
#pragma once

#include "fusion_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <type_traits>
#include <vector>

namespace persistent_check {

using gpucc::Array;

template <class T>
double tolerance() {
    if constexpr (std::is_same_v<T, gpucc::float16>) {
        return 4e-3;
    } else if constexpr (std::is_same_v<T, gpucc::bfloat16>) {
        return 3e-2;
    } else if constexpr (std::is_same_v<T, float>) {
        return 2e-5;
    } else {
        return 1e-11;
    }
}

/// Same shape; each element within tolerance * (|want| + scale) of the reference; NaN and inf
/// exactly where the reference has them.
template <class T>
void expect_matches(const Array<T>& got, const Array<T>& want, const std::string& what,
                    double scale = 1) {
    fusion_test::expect_within(got, want, what, tolerance<T>(), scale - 1);
}

template <class T>
auto unfused_softmax(const Array<T>& x, int axis = -1) {
    auto e = gpucc::exp(x - gpucc::max(x, axis, true));
    return e / gpucc::sum(e, axis, true);
}

template <class T>
auto unfused_logsumexp(const Array<T>& x) {
    auto m = gpucc::max(x, -1, true);
    return gpucc::log(gpucc::sum(gpucc::exp(x - m), -1)) + gpucc::max(x, -1);
}

template <class T>
auto unfused_variance(const Array<T>& x, int axis = -1, bool keepdims = false) {
    auto d = x - gpucc::mean(x, axis, true);
    return gpucc::mean(d * d, axis, keepdims);
}

/// The fixture: random inputs in [-8, 8] unless told.
template <class T>
class FusionPersistent : public fusion_test::FusionTest<T> {
protected:
    Array<T> random(const gpucc::Shape& shape, double low = -8, double high = 8) {
        return fusion_test::FusionTest<T>::random(shape, low, high);
    }
};

} // namespace persistent_check
