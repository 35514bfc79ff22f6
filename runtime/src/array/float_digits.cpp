// Digits of floats. float32 and float64 take their shortest digits from std::to_chars (Ryu in
// libstdc++). float16 and bfloat16 have no to_chars, so their shortest digits are searched: for
// 1, 2, ... significant digits, the correctly rounded candidate and its neighbour on the other
// side of the value are tested against the interval of reals that round to the value, compared
// exactly as decimal strings (the interval's ends are exact in a double and std::to_chars
// writes a double's exact expansion). Rounding to a number of digits is std::to_chars with a
// precision, which rounds the exact binary value half to even, as Dragon4 does.
#include "array/float_digits.h"

#include "gpucc/array/half.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>

namespace gpucc::detail {
namespace {

// Parses what std::to_chars writes for a finite value >= 0 ("123.45", "0.00120", "1.5e-07").
Decimal parse(const char* first, const char* last) {
    std::string digits;
    int integer_digits = -1; // digits before the point, once the point (or the end) is met
    int exponent = 0;
    for (const char* p = first; p != last; ++p) {
        if (*p >= '0' && *p <= '9') {
            digits += *p;
        } else if (*p == '.') {
            integer_digits = static_cast<int>(digits.size());
        } else if (*p == 'e') {
            std::from_chars(p + 1 + (p[1] == '+' ? 1 : 0), last, exponent);
            break;
        }
    }
    if (integer_digits < 0) {
        integer_digits = static_cast<int>(digits.size());
    }
    Decimal decimal;
    int first_exponent = integer_digits - 1 + exponent; // the power of ten of digits[0]
    std::size_t lead = 0;
    while (lead < digits.size() && digits[lead] == '0') {
        ++lead;
        --first_exponent;
    }
    std::size_t end = digits.size();
    while (end > lead && digits[end - 1] == '0') {
        --end;
    }
    if (lead == end) {
        return decimal; // zero
    }
    decimal.digits = digits.substr(lead, end - lead);
    decimal.exponent = first_exponent;
    return decimal;
}

template <class Value, class... Format>
Decimal write_and_parse(Value value, Format... format) {
    char buffer[512];
    const std::to_chars_result result =
        std::to_chars(buffer, buffer + sizeof buffer, value, format...);
    return parse(buffer, result.ptr);
}

// The exact decimal expansion of a double whose expansion has at most 121 significant digits
// (true of float16 and bfloat16 values and of the midpoints between them).
Decimal exact(double value) {
    return write_and_parse(value, std::chars_format::scientific, 120);
}

int compare(const Decimal& a, const Decimal& b) {
    if (a.is_zero() || b.is_zero()) {
        return static_cast<int>(!a.is_zero()) - static_cast<int>(!b.is_zero());
    }
    if (a.exponent != b.exponent) {
        return a.exponent < b.exponent ? -1 : 1;
    }
    const int order = a.digits.compare(b.digits);
    return order < 0 ? -1 : (order > 0 ? 1 : 0);
}

// `d` moved by one unit in its `significant`-th digit, up or down.
Decimal step(Decimal d, int significant, bool up) {
    std::string digits = d.digits;
    digits.resize(static_cast<std::size_t>(significant), '0');
    int exponent = d.exponent;
    int i = significant - 1;
    if (up) {
        while (i >= 0 && digits[static_cast<std::size_t>(i)] == '9') {
            digits[static_cast<std::size_t>(i--)] = '0';
        }
        if (i < 0) {
            digits.insert(digits.begin(), '1');
            ++exponent;
        } else {
            ++digits[static_cast<std::size_t>(i)];
        }
    } else {
        while (i >= 0 && digits[static_cast<std::size_t>(i)] == '0') {
            digits[static_cast<std::size_t>(i--)] = '9';
        }
        --digits[static_cast<std::size_t>(i)]; // d >= 1 unit, so a nonzero digit is there
    }
    // Written as d1.d2d3...e<exponent> and read back, which drops a leading zero left by a
    // borrow ("0.999e2") and the trailing zeros.
    const std::string text =
        digits.substr(0, 1) + "." + digits.substr(1) + "e" + std::to_string(exponent);
    return parse(text.data(), text.data() + text.size());
}

struct Neighbours {
    double value;
    double below; // the next smaller value of the type (0 below the smallest subnormal)
    double above; // the next larger one (for the largest finite value: value + its spacing)
    bool even;    // whether the value's last mantissa bit is 0: ties round to it
};

template <class Half>
Neighbours neighbours(double magnitude) {
    const Half h(magnitude);
    const std::uint16_t bits = h.bits();
    const double below = static_cast<float>(Half::from_bits(static_cast<std::uint16_t>(bits - 1)));
    const Half next = Half::from_bits(static_cast<std::uint16_t>(bits + 1));
    const float next_value = static_cast<float>(next);
    const double above = std::isinf(next_value) ? magnitude + (magnitude - below) : next_value;
    return Neighbours{magnitude, below, above, (bits & 1U) == 0};
}

// The shortest digits of a positive float16 or bfloat16 value.
template <class Half>
Decimal shortest_small_float(double magnitude) {
    const Neighbours n = neighbours<Half>(magnitude);
    const Decimal low = exact((n.value + n.below) / 2); // exact: one more bit than the type
    const Decimal high = exact((n.value + n.above) / 2);
    const Decimal value = exact(n.value);
    const auto inside = [&](const Decimal& d) {
        const int above_low = compare(d, low);
        const int below_high = compare(d, high);
        return n.even ? (above_low >= 0 && below_high <= 0) : (above_low > 0 && below_high < 0);
    };
    for (int significant = 1;; ++significant) {
        const Decimal nearest = round_to_significant(magnitude, significant);
        if (inside(nearest)) {
            return nearest;
        }
        const int side = compare(nearest, value); // nonzero: an equal one is inside
        const Decimal other = step(nearest, significant, side < 0);
        if (inside(other)) {
            return other;
        }
    }
}

} // namespace

int Decimal::fraction_digits() const noexcept {
    const int after = static_cast<int>(digits.size()) - 1 - exponent;
    return after > 0 ? after : 0;
}

Decimal shortest_decimal(double magnitude, FloatKind kind) {
    if (magnitude == 0) {
        return Decimal{};
    }
    switch (kind) {
    case FloatKind::Float16:
        return shortest_small_float<float16>(magnitude);
    case FloatKind::BFloat16:
        return shortest_small_float<bfloat16>(magnitude);
    case FloatKind::Float32:
        return write_and_parse(static_cast<float>(magnitude), std::chars_format::scientific);
    case FloatKind::Float64:
        break;
    }
    return write_and_parse(magnitude, std::chars_format::scientific);
}

Decimal round_to_fraction(double magnitude, int fraction_digits) {
    return write_and_parse(magnitude, std::chars_format::fixed, fraction_digits);
}

Decimal round_to_significant(double magnitude, int significant) {
    return write_and_parse(magnitude, std::chars_format::scientific, significant - 1);
}

} // namespace gpucc::detail
