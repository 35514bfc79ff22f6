// Decimal digits of floating-point values, as NumPy's Dragon4 makes them for printing: the
// shortest digits that identify a value among the values of its own type (float16, bfloat16,
// float32 or float64), and the exact value rounded to a given number of digits (half to even).
// Private to the runtime: array printing (element_format.cpp) builds on it.
#pragma once

#include <string>

namespace gpucc::detail {

/// The floating types, whose spacing decides how many digits identify a value.
enum class FloatKind { Float16, BFloat16, Float32, Float64 };

/// A nonnegative decimal d1.d2d3... x 10^exponent: `digits` has no leading or trailing zeros,
/// except that zero is digits "0" with exponent 0.
struct Decimal {
    std::string digits = "0";
    int exponent = 0;
    bool is_zero() const noexcept { return digits == "0"; }
    /// Digits after the point when written positionally (0 for integers).
    int fraction_digits() const noexcept;
};

/// The shortest decimal that rounds back to `magnitude` in `kind` (round to nearest, ties to
/// even), the closest to it when several are as short. `magnitude` is finite, >= 0 and a value
/// of `kind` (every such value is exact in a double).
Decimal shortest_decimal(double magnitude, FloatKind kind);

/// `magnitude` (finite, >= 0) exactly, rounded half to even to `fraction_digits` digits after
/// the point.
Decimal round_to_fraction(double magnitude, int fraction_digits);

/// `magnitude` (finite, >= 0) exactly, rounded half to even to `significant` digits (>= 1).
Decimal round_to_significant(double magnitude, int significant);

} // namespace gpucc::detail
