// Converts a C++ scalar passed to a kernel's scalar parameter to the parameter's element type,
// by NumPy 2's assignment rules (what CuPy applies to scalar kernel arguments): to an integer
// type, a value out of range (300 to uint8, -1 to uint32) or a NaN or infinity is a ValueError
// naming the kernel, the parameter, the value and the type, and a float in range is truncated
// toward zero; to a floating type any number converts, rounding to nearest (narrowing is
// allowed); to bool, any number converts (nonzero is true). Used by generated code through
// ElementwiseLaunch::input_scalar.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/half.h"

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace gpucc::detail {

/// The C++ types a scalar argument may have: arithmetic types, float16, bfloat16.
template <class S>
concept ScalarSource =
    std::is_arithmetic_v<S> || std::is_same_v<S, float16> || std::is_same_v<S, bfloat16>;

[[noreturn]] void throw_scalar_out_of_range(const char* kernel, const char* param,
                                            std::int64_t value, DType target);
[[noreturn]] void throw_scalar_out_of_range(const char* kernel, const char* param,
                                            std::uint64_t value, DType target);
[[noreturn]] void throw_scalar_out_of_range(const char* kernel, const char* param, double value,
                                            DType target);

template <ElementType T, ScalarSource S>
T convert_scalar(S value, const char* kernel, const char* param) {
    if constexpr (std::is_same_v<T, bool>) {
        if constexpr (std::is_same_v<S, float16> || std::is_same_v<S, bfloat16>) {
            return static_cast<float>(value) != 0.0F;
        } else {
            return value != S{};
        }
    } else if constexpr (std::is_integral_v<T>) {
        if constexpr (std::is_same_v<S, bool>) {
            return static_cast<T>(value);
        } else if constexpr (std::is_integral_v<S>) {
            // Widened first: std::in_range does not take character types.
            using Wide = std::conditional_t<std::is_signed_v<S>, std::int64_t, std::uint64_t>;
            const Wide wide = value;
            if (!std::in_range<T>(wide)) [[unlikely]] {
                throw_scalar_out_of_range(kernel, param, wide, dtype_of<T>());
            }
            return static_cast<T>(wide);
        } else {
            const auto wide = static_cast<double>(
                static_cast<std::conditional_t<std::is_floating_point_v<S>, S, float>>(
                    value)); // float16/bfloat16 via float
            const double truncated = std::trunc(wide);
            constexpr int kBits = static_cast<int>(sizeof(T) * 8);
            const double low = std::is_signed_v<T> ? -std::ldexp(1.0, kBits - 1) : 0.0;
            const double high = std::ldexp(1.0, std::is_signed_v<T> ? kBits - 1 : kBits);
            // NaN fails both comparisons; infinities fail one.
            if (!(truncated >= low && truncated < high)) [[unlikely]] {
                throw_scalar_out_of_range(kernel, param, wide, dtype_of<T>());
            }
            return static_cast<T>(truncated);
        }
    } else if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
        if constexpr (std::is_same_v<S, float16> || std::is_same_v<S, bfloat16>) {
            return T(static_cast<float>(value)); // exact through float, then rounded once
        } else {
            return T(value);
        }
    } else { // float or double
        if constexpr (std::is_same_v<S, float16> || std::is_same_v<S, bfloat16>) {
            return static_cast<T>(static_cast<float>(value));
        } else {
            return static_cast<T>(value);
        }
    }
}

} // namespace gpucc::detail
