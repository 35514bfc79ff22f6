// The fixture and comparison the differential tests of fused reductions share
// (fusion_reduction_test.cpp, fusion_post_arrays_test.cpp): a fused result against the same
// computation done unfused through the standard library, within a tolerance of the result type
// relative to the magnitudes the element sums (the fused and unfused sums may add in another order;
// integers exactly).
#pragma once

#include "fusion_test_support.h"

#include <gpucc/gpucc.h>
#include <string>
#include <type_traits>

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
