// NumPy's element formats (numpy/_core/arrayprint.py: FloatingFormat, IntegerFormat, BoolFormat)
// with the default options: precision 8, floatmode "maxprec", no suppression, sign "-". Floats
// are read into doubles (exact for all four types) and keep their type for the digits and for
// NumPy 2's comparisons, which it makes in the array's own type: the scientific-notation cutoff
// 10**min(8, finfo.precision), the 1e-4 floor and the max/min ratio of 1000.
#include "array/element_format.h"

#include "array/float_digits.h"
#include "gpucc/array/half.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace gpucc::detail {
namespace {

template <class T>
T load(const std::byte* values, std::size_t i) {
    T value;
    std::memcpy(&value, values + i * sizeof(T), sizeof(T));
    return value;
}

// ---- floats ----

struct FloatValues {
    std::vector<double> values;
    FloatKind kind;
    // The value rounded to the array's type, as NumPy computes in that type.
    double round_to_type(double value) const {
        switch (kind) {
        case FloatKind::Float16:
            return static_cast<float>(float16(value));
        case FloatKind::BFloat16:
            return static_cast<float>(bfloat16(value));
        case FloatKind::Float32:
            return static_cast<float>(value);
        case FloatKind::Float64:
            break;
        }
        return value;
    }
    // 10**min(8, np.finfo(dtype).precision).
    double scientific_cutoff() const {
        switch (kind) {
        case FloatKind::Float16:
            return 1e3;
        case FloatKind::BFloat16:
            return 1e2;
        case FloatKind::Float32:
            return 1e6;
        case FloatKind::Float64:
            break;
        }
        return 1e8;
    }
};

FloatValues load_floats(DType dtype, const std::byte* values, std::size_t count) {
    FloatValues floats;
    floats.values.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        switch (dtype) {
        case DType::Float16:
            floats.values.push_back(static_cast<float>(load<float16>(values, i)));
            break;
        case DType::BFloat16:
            floats.values.push_back(static_cast<float>(load<bfloat16>(values, i)));
            break;
        case DType::Float32:
            floats.values.push_back(load<float>(values, i));
            break;
        default:
            floats.values.push_back(load<double>(values, i));
            break;
        }
    }
    floats.kind = dtype == DType::Float16    ? FloatKind::Float16
                  : dtype == DType::BFloat16 ? FloatKind::BFloat16
                  : dtype == DType::Float32  ? FloatKind::Float32
                                             : FloatKind::Float64;
    return floats;
}

constexpr int kPrecision = 8;

// A number split as NumPy's first pass splits it: the integer part with its sign, the fraction,
// and (scientific) the exponent's sign and digits.
struct Parts {
    std::string integer;
    std::string fraction;
    std::string exponent; // "+05", "-100"; empty in positional notation
};

// dragon4_positional(x, precision=8, unique=True, fractional=True, trim='.').
Parts positional(double value, FloatKind kind) {
    const double magnitude = std::fabs(value);
    Decimal d = shortest_decimal(magnitude, kind);
    if (d.fraction_digits() > kPrecision) {
        d = round_to_fraction(magnitude, kPrecision);
    }
    Parts parts;
    parts.integer.assign(std::signbit(value) ? 1 : 0, '-');
    if (d.is_zero() || d.exponent < 0) {
        parts.integer += '0';
        if (!d.is_zero()) {
            parts.fraction = std::string(static_cast<std::size_t>(-d.exponent - 1), '0') + d.digits;
        }
    } else {
        const auto integer_digits = static_cast<std::size_t>(d.exponent) + 1;
        std::string digits = d.digits;
        if (digits.size() < integer_digits) {
            digits.resize(integer_digits, '0');
        }
        parts.integer += digits.substr(0, integer_digits);
        parts.fraction = digits.substr(integer_digits);
    }
    return parts;
}

std::string exponent_text(int exponent, std::size_t min_digits) {
    std::string digits = std::to_string(exponent < 0 ? -exponent : exponent);
    if (digits.size() < min_digits) {
        digits.insert(0, min_digits - digits.size(), '0');
    }
    std::string text(1, exponent < 0 ? '-' : '+');
    return text.append(digits);
}

// Scientific parts of `value` with `digits` (a Decimal of its magnitude), the fraction padded
// with zeros to `fraction_digits` when that is given (trim 'k') and left as is otherwise.
Parts scientific_parts(double value, const Decimal& d, std::size_t exponent_digits,
                       std::size_t fraction_digits) {
    Parts parts;
    parts.integer.assign(std::signbit(value) ? 1 : 0, '-');
    parts.integer += d.digits.front();
    parts.fraction = d.digits.substr(1);
    if (parts.fraction.size() < fraction_digits) {
        parts.fraction.resize(fraction_digits, '0');
    }
    parts.exponent = exponent_text(d.exponent, exponent_digits);
    return parts;
}

// dragon4_scientific(x, precision=8, unique=True, trim='.'): the first pass.
Parts scientific(double value, FloatKind kind) {
    const double magnitude = std::fabs(value);
    Decimal d = shortest_decimal(magnitude, kind);
    if (static_cast<int>(d.digits.size()) - 1 > kPrecision) {
        d = round_to_significant(magnitude, kPrecision + 1);
    }
    return scientific_parts(value, d, 2, 0);
}

std::vector<std::string> format_floats(const FloatValues& floats) {
    const std::vector<double>& values = floats.values;
    std::vector<double> finite;
    for (double v : values) {
        if (std::isfinite(v)) {
            finite.push_back(v);
        }
    }
    // Scientific notation is chosen on the nonzero finite magnitudes, compared in the array's type.
    bool exp_format = false;
    double max_value = 0;
    double min_value = INFINITY;
    for (double v : finite) {
        if (v != 0) {
            max_value = std::max(max_value, std::fabs(v));
            min_value = std::min(min_value, std::fabs(v));
        }
    }
    if (max_value > 0) {
        const double ratio = floats.round_to_type(max_value / min_value); // may overflow to inf
        exp_format = max_value >= floats.scientific_cutoff() ||
                     min_value < floats.round_to_type(0.0001) || ratio > 1000.0;
    }

    std::size_t pad_left = 0;
    std::size_t pad_right = 0;
    std::size_t precision = 0;     // scientific: the digits after the point of every element
    std::size_t exponent_size = 0; // scientific: the digits of every exponent
    if (!finite.empty()) {
        if (exp_format) {
            for (double v : finite) {
                const Parts p = scientific(v, floats.kind);
                exponent_size = std::max(exponent_size, p.exponent.size() - 1);
                precision = std::max(precision, p.fraction.size());
                pad_left = std::max(pad_left, p.integer.size());
            }
            pad_right = exponent_size + 2 + precision;
        } else {
            for (double v : finite) {
                const Parts p = positional(v, floats.kind);
                pad_left = std::max(pad_left, p.integer.size());
                pad_right = std::max(pad_right, p.fraction.size());
            }
        }
    }
    if (finite.size() != values.size()) {
        const bool negative_infinity = std::any_of(values.begin(), values.end(),
                                                   [](double v) { return std::isinf(v) && v < 0; });
        const std::size_t offset = pad_right + 1; // + 1 for the point
        const std::size_t nan_width = 3;
        const std::size_t inf_width = 3 + (negative_infinity ? 1 : 0);
        pad_left = std::max({pad_left, nan_width > offset ? nan_width - offset : 0,
                             inf_width > offset ? inf_width - offset : 0});
    }

    std::vector<std::string> texts;
    texts.reserve(values.size());
    for (double v : values) {
        std::string text;
        if (!std::isfinite(v)) {
            const std::string word = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
            const std::size_t width = pad_left + pad_right + 1;
            text = std::string(width > word.size() ? width - word.size() : 0, ' ') + word;
        } else if (exp_format) {
            // min_digits = precision: fewer unique digits are extended with the exact value's
            // digits, more are cut; both round the exact value.
            const double magnitude = std::fabs(v);
            const auto significant = static_cast<int>(precision) + 1;
            Decimal d = shortest_decimal(magnitude, floats.kind);
            if (static_cast<int>(d.digits.size()) != significant && !d.is_zero()) {
                d = round_to_significant(magnitude, significant);
            }
            const Parts p = scientific_parts(v, d, exponent_size, precision);
            text = std::string(pad_left - p.integer.size(), ' ') + p.integer + "." + p.fraction +
                   "e" + p.exponent;
        } else {
            const Parts p = positional(v, floats.kind);
            text = std::string(pad_left - p.integer.size(), ' ') + p.integer + "." + p.fraction +
                   std::string(pad_right - p.fraction.size(), ' ');
        }
        texts.push_back(std::move(text));
    }
    return texts;
}

// ---- integers and bools ----

template <class I>
std::vector<std::string> format_integers(const std::byte* values, std::size_t count) {
    std::vector<std::string> texts;
    texts.reserve(count);
    std::size_t width = 0;
    for (std::size_t i = 0; i < count; ++i) {
        texts.push_back(std::to_string(load<I>(values, i)));
        width = std::max(width, texts.back().size()); // the widest is the max's or the min's
    }
    for (std::string& text : texts) {
        text.insert(0, width - text.size(), ' ');
    }
    return texts;
}

std::vector<std::string> format_bools(const std::byte* values, std::size_t count, bool zero_d) {
    std::vector<std::string> texts;
    texts.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        texts.emplace_back(values[i] != std::byte{0} ? (zero_d ? "True" : " True") : "False");
    }
    return texts;
}

} // namespace

std::vector<std::string> format_elements(DType dtype, const std::byte* values, std::size_t count,
                                         bool zero_d) {
    switch (dtype) {
    case DType::Bool:
        return format_bools(values, count, zero_d);
    case DType::Int8:
        return format_integers<std::int8_t>(values, count);
    case DType::Int16:
        return format_integers<std::int16_t>(values, count);
    case DType::Int32:
        return format_integers<std::int32_t>(values, count);
    case DType::Int64:
        return format_integers<std::int64_t>(values, count);
    case DType::UInt8:
        return format_integers<std::uint8_t>(values, count);
    case DType::UInt16:
        return format_integers<std::uint16_t>(values, count);
    case DType::UInt32:
        return format_integers<std::uint32_t>(values, count);
    case DType::UInt64:
        return format_integers<std::uint64_t>(values, count);
    case DType::Float16:
    case DType::BFloat16:
    case DType::Float32:
    case DType::Float64:
        break;
    }
    return format_floats(load_floats(dtype, values, count));
}

} // namespace gpucc::detail
