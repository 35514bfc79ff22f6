// Rounding to the 16-bit formats. Every source (float, double, integer) is first taken apart
// exactly into sign, integer magnitude and power of two; one routine then rounds that value to
// nearest, ties to even, for a format of E exponent and M fraction bits. Widening is exact.
#include "gpucc/array/half.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace gpucc::detail {
namespace {

// The value (-1)^negative * magnitude * 2^exponent, rounded to the format (E, M).
template <int E, int M>
std::uint16_t round_to_format(bool negative, std::uint64_t magnitude, int exponent) noexcept {
    constexpr int kBias = (1 << (E - 1)) - 1;
    constexpr int kMinExponent = 1 - kBias;
    constexpr std::uint32_t kInfinity = ((1U << E) - 1U) << M;
    const std::uint32_t sign = negative ? 1U << (E + M) : 0U;
    if (magnitude == 0) {
        return static_cast<std::uint16_t>(sign);
    }
    const int top_bit = 63 - std::countl_zero(magnitude);
    const int leading_exponent = top_bit + exponent; // value in [2^e, 2^(e+1))
    if (leading_exponent > kBias) {
        return static_cast<std::uint16_t>(sign | kInfinity);
    }
    // The result's last place is 2^ulp_exponent (subnormals share the smallest exponent).
    const int ulp_exponent = std::max(leading_exponent, kMinExponent) - M;
    const int shift = ulp_exponent - exponent; // bits of `magnitude` below the last place
    std::uint64_t quotient = 0;
    if (shift <= 0) {
        quotient = magnitude << -shift; // exact: fewer than M + 1 significant bits
    } else if (shift <= 64) {
        quotient = shift == 64 ? 0 : magnitude >> shift;
        const std::uint64_t remainder =
            shift == 64 ? magnitude : magnitude & ((std::uint64_t{1} << shift) - 1);
        const std::uint64_t half = std::uint64_t{1} << (shift - 1);
        if (remainder > half || (remainder == half && (quotient & 1U) != 0)) {
            ++quotient;
        }
    } // else: below half of the smallest subnormal, rounds to zero
    // For normals quotient is in [2^M, 2^(M+1)]; adding it to the exponent field minus one lets
    // the implicit bit and a rounding carry move the exponent up (up to infinity). Subnormals
    // have an exponent field of 0 and a carry into 2^M gives the smallest normal.
    const int field = leading_exponent < kMinExponent ? 0 : leading_exponent + kBias - 1;
    const auto bits =
        (static_cast<std::uint32_t>(field) << M) + static_cast<std::uint32_t>(quotient);
    return static_cast<std::uint16_t>(sign | std::min(bits, kInfinity));
}

// NaN: the sign and the top fraction bits kept, the quiet bit set.
template <int E, int M>
std::uint16_t nan_bits(bool negative, std::uint64_t top_fraction_bits) noexcept {
    const std::uint32_t sign = negative ? 1U << (E + M) : 0U;
    const std::uint32_t fraction = static_cast<std::uint32_t>(top_fraction_bits) | (1U << (M - 1));
    return static_cast<std::uint16_t>(sign | (((1U << E) - 1U) << M) | fraction);
}

template <int E, int M>
std::uint16_t from_float(float value) noexcept {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const bool negative = (bits >> 31) != 0;
    const std::uint32_t field = (bits >> 23) & 0xFFU;
    const std::uint32_t fraction = bits & 0x7FFFFFU;
    if (field == 0xFFU) {
        return fraction == 0 ? round_to_format<E, M>(negative, 1, 1 << 20) // infinity
                             : nan_bits<E, M>(negative, fraction >> (23 - M));
    }
    if (field == 0) {
        return round_to_format<E, M>(negative, fraction, -149);
    }
    return round_to_format<E, M>(negative, fraction | 0x800000U, static_cast<int>(field) - 150);
}

template <int E, int M>
std::uint16_t from_double(double value) noexcept {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    const bool negative = (bits >> 63) != 0;
    const std::uint64_t field = (bits >> 52) & 0x7FFU;
    const std::uint64_t fraction = bits & 0xFFFFFFFFFFFFFULL;
    if (field == 0x7FFU) {
        return fraction == 0 ? round_to_format<E, M>(negative, 1, 1 << 20)
                             : nan_bits<E, M>(negative, fraction >> (52 - M));
    }
    if (field == 0) {
        return round_to_format<E, M>(negative, fraction, -1074);
    }
    return round_to_format<E, M>(negative, fraction | (std::uint64_t{1} << 52),
                                 static_cast<int>(field) - 1075);
}

template <int E, int M>
float to_float(std::uint16_t bits) noexcept {
    constexpr int kBias = (1 << (E - 1)) - 1;
    const std::uint32_t sign = static_cast<std::uint32_t>(bits >> (E + M)) << 31;
    const std::uint32_t field = (bits >> M) & ((1U << E) - 1U);
    const std::uint32_t fraction = bits & ((1U << M) - 1U);
    if (field == (1U << E) - 1U) {
        return std::bit_cast<float>(sign | 0x7F800000U | (fraction << (23 - M)));
    }
    if (field == 0) { // zero or subnormal: fraction * 2^(1 - bias - M), exact in float
        const float magnitude = std::ldexp(static_cast<float>(fraction), 1 - kBias - M);
        return sign != 0 ? -magnitude : magnitude;
    }
    const std::uint32_t float_field = field - kBias + 127;
    return std::bit_cast<float>(sign | (float_field << 23) | (fraction << (23 - M)));
}

} // namespace

std::uint16_t float16_bits_from(float value) noexcept {
    return from_float<5, 10>(value);
}
std::uint16_t float16_bits_from(double value) noexcept {
    return from_double<5, 10>(value);
}
std::uint16_t float16_bits_from_integer(bool negative, std::uint64_t magnitude) noexcept {
    return round_to_format<5, 10>(negative, magnitude, 0);
}
float float16_bits_to_float(std::uint16_t bits) noexcept {
    return to_float<5, 10>(bits);
}

std::uint16_t bfloat16_bits_from(float value) noexcept {
    return from_float<8, 7>(value);
}
std::uint16_t bfloat16_bits_from(double value) noexcept {
    return from_double<8, 7>(value);
}
std::uint16_t bfloat16_bits_from_integer(bool negative, std::uint64_t magnitude) noexcept {
    return round_to_format<8, 7>(negative, magnitude, 0);
}
float bfloat16_bits_to_float(std::uint16_t bits) noexcept {
    return to_float<8, 7>(bits);
}

} // namespace gpucc::detail
