// The two 16-bit floating types of the kernel language, as host-side value types: float16 (IEEE
// binary16: 1 sign, 5 exponent, 10 fraction bits) and bfloat16 (1, 8, 7: the top half of a
// float32). Each is 2 bytes, trivially copyable, with the same bits as CUDA's __half and
// __nv_bfloat16, so arrays of them are passed to kernels as they are. Conversions from float,
// double and integers round to nearest, ties to even, directly from the source value (no double
// rounding through float); overflow gives infinity, NaN stays NaN (quiet, sign kept).
// Arithmetic and comparison go through float, and the result is rounded back.
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace gpucc {
namespace detail {
std::uint16_t float16_bits_from(float value) noexcept;
std::uint16_t float16_bits_from(double value) noexcept;
std::uint16_t float16_bits_from_integer(bool negative, std::uint64_t magnitude) noexcept;
float float16_bits_to_float(std::uint16_t bits) noexcept;
std::uint16_t bfloat16_bits_from(float value) noexcept;
std::uint16_t bfloat16_bits_from(double value) noexcept;
std::uint16_t bfloat16_bits_from_integer(bool negative, std::uint64_t magnitude) noexcept;
float bfloat16_bits_to_float(std::uint16_t bits) noexcept;

template <std::integral I>
constexpr bool is_negative(I value) noexcept {
    if constexpr (std::is_signed_v<I>) {
        return value < 0;
    } else {
        return false;
    }
}
template <std::integral I>
constexpr std::uint64_t magnitude(I value) noexcept {
    const auto wide = static_cast<std::uint64_t>(value); // two's complement for negatives
    return is_negative(value) ? ~wide + 1 : wide;
}
} // namespace detail

// The two classes are written out rather than generated from one template so that their names
// and error messages stay plain.

/// IEEE binary16.
class float16 { // NOLINT(readability-identifier-naming): the kernel language's type name
public:
    float16() = default;
    explicit float16(float value) noexcept : bits_(detail::float16_bits_from(value)) {}
    explicit float16(double value) noexcept : bits_(detail::float16_bits_from(value)) {}
    template <std::integral I>
    explicit float16(I value) noexcept
        : bits_(detail::float16_bits_from_integer(detail::is_negative(value),
                                                  detail::magnitude(value))) {}

    static constexpr float16 from_bits(std::uint16_t bits) noexcept {
        float16 h;
        h.bits_ = bits;
        return h;
    }
    constexpr std::uint16_t bits() const noexcept { return bits_; }
    operator float() const noexcept { return detail::float16_bits_to_float(bits_); }
    constexpr bool is_nan() const noexcept {
        return (bits_ & 0x7C00U) == 0x7C00U && (bits_ & 0x03FFU) != 0;
    }

    friend float16 operator+(float16 a, float16 b) noexcept { return float16(float(a) + float(b)); }
    friend float16 operator-(float16 a, float16 b) noexcept { return float16(float(a) - float(b)); }
    friend float16 operator*(float16 a, float16 b) noexcept { return float16(float(a) * float(b)); }
    friend float16 operator/(float16 a, float16 b) noexcept { return float16(float(a) / float(b)); }
    friend float16 operator-(float16 a) noexcept { return from_bits(a.bits_ ^ 0x8000U); }
    float16& operator+=(float16 b) noexcept { return *this = *this + b; }
    float16& operator-=(float16 b) noexcept { return *this = *this - b; }
    float16& operator*=(float16 b) noexcept { return *this = *this * b; }
    float16& operator/=(float16 b) noexcept { return *this = *this / b; }
    friend bool operator==(float16 a, float16 b) noexcept { return float(a) == float(b); }
    friend bool operator!=(float16 a, float16 b) noexcept { return float(a) != float(b); }
    friend bool operator<(float16 a, float16 b) noexcept { return float(a) < float(b); }
    friend bool operator<=(float16 a, float16 b) noexcept { return float(a) <= float(b); }
    friend bool operator>(float16 a, float16 b) noexcept { return float(a) > float(b); }
    friend bool operator>=(float16 a, float16 b) noexcept { return float(a) >= float(b); }

private:
    std::uint16_t bits_;
};

/// bfloat16: float32's sign and exponent, 7 fraction bits.
class bfloat16 { // NOLINT(readability-identifier-naming): the kernel language's type name
public:
    bfloat16() = default;
    explicit bfloat16(float value) noexcept : bits_(detail::bfloat16_bits_from(value)) {}
    explicit bfloat16(double value) noexcept : bits_(detail::bfloat16_bits_from(value)) {}
    template <std::integral I>
    explicit bfloat16(I value) noexcept
        : bits_(detail::bfloat16_bits_from_integer(detail::is_negative(value),
                                                   detail::magnitude(value))) {}

    static constexpr bfloat16 from_bits(std::uint16_t bits) noexcept {
        bfloat16 h;
        h.bits_ = bits;
        return h;
    }
    constexpr std::uint16_t bits() const noexcept { return bits_; }
    operator float() const noexcept { return detail::bfloat16_bits_to_float(bits_); }
    constexpr bool is_nan() const noexcept {
        return (bits_ & 0x7F80U) == 0x7F80U && (bits_ & 0x007FU) != 0;
    }

    friend bfloat16 operator+(bfloat16 a, bfloat16 b) noexcept {
        return bfloat16(float(a) + float(b));
    }
    friend bfloat16 operator-(bfloat16 a, bfloat16 b) noexcept {
        return bfloat16(float(a) - float(b));
    }
    friend bfloat16 operator*(bfloat16 a, bfloat16 b) noexcept {
        return bfloat16(float(a) * float(b));
    }
    friend bfloat16 operator/(bfloat16 a, bfloat16 b) noexcept {
        return bfloat16(float(a) / float(b));
    }
    friend bfloat16 operator-(bfloat16 a) noexcept { return from_bits(a.bits_ ^ 0x8000U); }
    bfloat16& operator+=(bfloat16 b) noexcept { return *this = *this + b; }
    bfloat16& operator-=(bfloat16 b) noexcept { return *this = *this - b; }
    bfloat16& operator*=(bfloat16 b) noexcept { return *this = *this * b; }
    bfloat16& operator/=(bfloat16 b) noexcept { return *this = *this / b; }
    friend bool operator==(bfloat16 a, bfloat16 b) noexcept { return float(a) == float(b); }
    friend bool operator!=(bfloat16 a, bfloat16 b) noexcept { return float(a) != float(b); }
    friend bool operator<(bfloat16 a, bfloat16 b) noexcept { return float(a) < float(b); }
    friend bool operator<=(bfloat16 a, bfloat16 b) noexcept { return float(a) <= float(b); }
    friend bool operator>(bfloat16 a, bfloat16 b) noexcept { return float(a) > float(b); }
    friend bool operator>=(bfloat16 a, bfloat16 b) noexcept { return float(a) >= float(b); }

private:
    std::uint16_t bits_;
};

static_assert(sizeof(float16) == 2 && std::is_trivially_copyable_v<float16>);
static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>);

} // namespace gpucc
