// Scalar's range checks and printing (gpucc/array/scalar.h).
#include "gpucc/array/scalar.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace gpucc {
namespace {

template <class Int, class Value>
bool integer_fits(Value value) {
    return std::in_range<Int>(value);
}

template <class Value>
bool fits_integer_dtype(DType dtype, Value value) {
    switch (dtype) {
    case DType::Int8:
        return integer_fits<std::int8_t>(value);
    case DType::Int16:
        return integer_fits<std::int16_t>(value);
    case DType::Int32:
        return integer_fits<std::int32_t>(value);
    case DType::Int64:
        return integer_fits<std::int64_t>(value);
    case DType::UInt8:
        return integer_fits<std::uint8_t>(value);
    case DType::UInt16:
        return integer_fits<std::uint16_t>(value);
    case DType::UInt32:
        return integer_fits<std::uint32_t>(value);
    case DType::UInt64:
        return integer_fits<std::uint64_t>(value);
    default:
        return true; // bool and the floating types take any number
    }
}

} // namespace

double Scalar::as_double() const noexcept {
    switch (kind_) {
    case Kind::Bool:
    case Kind::Integer:
        return is_large_unsigned_ ? static_cast<double>(uint_value_)
                                  : static_cast<double>(int_value_);
    case Kind::Floating:
        break;
    }
    return float_value_;
}

bool Scalar::fits(DType dtype) const noexcept {
    switch (kind_) {
    case Kind::Bool:
        return true;
    case Kind::Integer:
        return is_large_unsigned_ ? fits_integer_dtype(dtype, uint_value_)
                                  : fits_integer_dtype(dtype, int_value_);
    case Kind::Floating:
        break;
    }
    if (dtype == DType::Bool || dtype == DType::Float16 || dtype == DType::BFloat16 ||
        dtype == DType::Float32 || dtype == DType::Float64) {
        return true;
    }
    if (!std::isfinite(float_value_)) {
        return false;
    }
    const double truncated = std::trunc(float_value_);
    const int bits = static_cast<int>(dtype_size(dtype) * 8);
    const bool is_signed = dtype == DType::Int8 || dtype == DType::Int16 || dtype == DType::Int32 ||
                           dtype == DType::Int64;
    const double low = is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
    const double high = std::ldexp(1.0, is_signed ? bits - 1 : bits);
    return truncated >= low && truncated < high;
}

std::string Scalar::to_string() const {
    switch (kind_) {
    case Kind::Bool:
        return int_value_ != 0 ? "True" : "False";
    case Kind::Integer:
        return is_large_unsigned_ ? std::to_string(uint_value_) : std::to_string(int_value_);
    case Kind::Floating:
        break;
    }
    if (std::isnan(float_value_)) {
        return "nan";
    }
    if (std::isinf(float_value_)) {
        return float_value_ > 0 ? "inf" : "-inf";
    }
    char text[64];
    if (float_value_ == std::trunc(float_value_) && std::fabs(float_value_) < 1e16) {
        std::snprintf(text, sizeof text, "%.1f", float_value_); // Python's 1000.0
        return text;
    }
    for (int digits = 1; digits <= 17; ++digits) { // the shortest text that reads back the same
        std::snprintf(text, sizeof text, "%.*g", digits, float_value_);
        if (std::strtod(text, nullptr) == float_value_) {
            break;
        }
    }
    return text;
}

} // namespace gpucc
