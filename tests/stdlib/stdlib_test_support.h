// What the standard-library suites share: the device under test (the CPU, or cuda:0 in the GPU
// build of the same sources), the sizes every sweep runs at, random inputs per element type that
// include the values that break naive code (NaN, infinities, negative zero, extremes of the
// integer types), a compile-time list of the 13 element types to sweep over, and comparisons that
// report the first mismatch with its element, input and both values.
#pragma once

#include "support/device_under_test.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace stdlib_test {

using gpucc::Array;
using gpucc::bfloat16;
using gpucc::Device;
using gpucc::DType;
using gpucc::float16;
using gpucc::NDArray;

using gpucc_test::device_under_test;

/// Skips the test when the GPU build runs where there is no GPU.
#define STDLIB_SKIP_WITHOUT_DEVICE() GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST()

/// The sizes of every sweep: empty, one element, odd sizes around vector widths and a larger one.
inline const std::vector<std::int64_t> kSizes = {0, 1, 33, 1000};

template <class... T>
struct TypeList {};

using AllTypes =
    TypeList<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
             std::uint16_t, std::uint32_t, std::uint64_t, float16, bfloat16, float, double>;
using IntegerTypes = TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                              std::uint16_t, std::uint32_t, std::uint64_t>;
using FloatTypes = TypeList<float16, bfloat16, float, double>;

/// Calls f.template operator()<T>() for each T of the list.
template <class... T, class F>
void for_each_type(TypeList<T...>, F&& f) {
    (f.template operator()<T>(), ...);
}

template <class T>
constexpr bool kIsHalf = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <class T>
constexpr bool kIsFloat = kIsHalf<T> || std::is_floating_point_v<T>;
template <class T>
constexpr bool kIsInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// A value of any element type as a double (exact for all but the widest integers).
template <class T>
double as_double(T value) {
    if constexpr (kIsHalf<T>) {
        return static_cast<double>(static_cast<float>(value));
    } else {
        return static_cast<double>(value);
    }
}

template <class T>
bool is_nan(T value) {
    if constexpr (kIsFloat<T>) {
        return std::isnan(as_double(value));
    } else {
        return false;
    }
}

/// Prints a value of any element type for a failure message.
template <class T>
std::string describe(T value) {
    std::ostringstream text;
    text.precision(17);
    if constexpr (std::is_same_v<T, bool>) {
        text << (value ? "true" : "false");
    } else if constexpr (kIsFloat<T>) {
        text << as_double(value);
    } else if constexpr (std::is_signed_v<T>) {
        text << static_cast<long long>(value);
    } else {
        text << static_cast<unsigned long long>(value);
    }
    return text.str();
}

/// Random values of T, never all zero. Floating types get NaN, +-inf, -0.0, +-0.0, tiny and
/// large values among uniform ones in [-range, range] (when `specials`); integer types get their
/// extremes among uniform values of their full range (or [-range, range] when `range` > 0).
template <class T>
std::vector<T> random_values(std::mt19937_64& rng, std::int64_t n, double range = 100,
                             bool specials = true) {
    std::vector<T> values(static_cast<std::size_t>(n));
    if constexpr (std::is_same_v<T, bool>) {
        std::bernoulli_distribution coin(0.5);
        for (auto&& v : values) {
            v = coin(rng);
        }
        if (n > 0) {
            values[0] = true;
        }
    } else if constexpr (kIsFloat<T>) {
        std::uniform_real_distribution<double> uniform(-range, range);
        for (T& v : values) {
            v = static_cast<T>(uniform(rng));
        }
        if (specials) {
            const double kSpecials[] = {std::numeric_limits<double>::quiet_NaN(),
                                        std::numeric_limits<double>::infinity(),
                                        -std::numeric_limits<double>::infinity(),
                                        -0.0,
                                        0.0,
                                        0.5,
                                        -0.5,
                                        1.0,
                                        -1.0,
                                        2.5,
                                        -2.5};
            for (std::size_t k = 0; k < std::size(kSpecials) && 3 * k + 1 < values.size(); ++k) {
                values[3 * k + 1] = static_cast<T>(kSpecials[k]);
            }
        }
        if (n == 1 && as_double(values[0]) == 0) {
            values[0] = static_cast<T>(1.5);
        }
    } else {
        using Wide = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
        Wide low = std::numeric_limits<T>::min();
        Wide high = std::numeric_limits<T>::max();
        if (range > 0 && static_cast<double>(high) > range) {
            high = static_cast<Wide>(range);
            if constexpr (std::is_signed_v<T>) {
                low = -static_cast<Wide>(range);
            }
        }
        std::uniform_int_distribution<Wide> uniform(low, high);
        for (T& v : values) {
            v = static_cast<T>(uniform(rng));
        }
        if (specials && n >= 4) {
            values[1] = std::numeric_limits<T>::min();
            values[2] = std::numeric_limits<T>::max();
            values[3] = 0;
        }
        if (n == 1 && values[0] == 0) {
            values[0] = 7;
        }
    }
    return values;
}

template <class T>
Array<T> to_device(const std::vector<T>& values) {
    return gpucc::asarray<T>(values, {static_cast<std::int64_t>(values.size())},
                             device_under_test());
}

/// Exact comparison; NaN equals NaN; -0.0 and 0.0 differ when `signed_zeros`.
template <class T>
::testing::AssertionResult same_values(const std::vector<T>& got, const std::vector<T>& want,
                                       bool signed_zeros = true) {
    if (got.size() != want.size()) {
        return ::testing::AssertionFailure()
               << "size " << got.size() << ", expected " << want.size();
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
        const T g = got[i];
        const T w = want[i];
        bool same = false;
        if constexpr (kIsFloat<T>) {
            const double gd = as_double(g);
            const double wd = as_double(w);
            same = (std::isnan(gd) && std::isnan(wd)) ||
                   (gd == wd && (!signed_zeros || std::signbit(gd) == std::signbit(wd)));
        } else {
            same = g == w;
        }
        if (!same) {
            return ::testing::AssertionFailure()
                   << "element " << i << " is " << describe(g) << ", expected " << describe(w);
        }
    }
    return ::testing::AssertionSuccess();
}

/// |got - want| <= atol + rtol * |want|; NaN matches NaN, an infinity only itself.
template <class T>
::testing::AssertionResult close_values(const std::vector<T>& got, const std::vector<T>& want,
                                        double rtol, double atol) {
    if (got.size() != want.size()) {
        return ::testing::AssertionFailure()
               << "size " << got.size() << ", expected " << want.size();
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double g = as_double(got[i]);
        const double w = as_double(want[i]);
        const bool same = (std::isnan(g) && std::isnan(w)) || g == w ||
                          (std::isfinite(w) && std::fabs(g - w) <= atol + rtol * std::fabs(w));
        if (!same) {
            return ::testing::AssertionFailure() << "element " << i << " is " << describe(got[i])
                                                 << ", expected " << describe(want[i]);
        }
    }
    return ::testing::AssertionSuccess();
}

/// The NumPy name of T, for messages.
template <class T>
std::string type_name() {
    return std::string(gpucc::dtype_name(gpucc::dtype_of<T>()));
}

} // namespace stdlib_test
