// Scalar: a C++ number given where the standard library takes a value (a fill value, an arange
// bound, a ufunc operand). It keeps the number and its kind the way NumPy 2 keeps a Python
// scalar's: bool, integer (int64, or uint64 for values above int64's range) or floating (double,
// which holds every float, float16 and bfloat16 exactly). The kind is what type promotion looks
// at: scalars are "weak" (NEP 50), so a float32 array times 2.0 stays float32 (promotion.h).
// Converting a Scalar to an element type follows NumPy's assignment rules
// (detail/scalar_convert.h): an integer that does not fit, or a NaN or infinity going to an integer
// type, is a ValueError naming the function, the argument, the value and the type.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/detail/scalar_convert.h"

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace gpucc {

/// The C++ types a Scalar is made from: arithmetic types, float16, bfloat16.
template <class S>
concept ScalarValue = detail::ScalarSource<std::remove_cvref_t<S>>;

class Scalar {
public:
    enum class Kind : std::uint8_t { Bool, Integer, Floating };

    template <ScalarValue S>
    Scalar(S value) noexcept { // NOLINT(google-explicit-constructor): 2.0 and 1 are Scalars
        using V = std::remove_cvref_t<S>;
        if constexpr (std::is_same_v<V, bool>) {
            kind_ = Kind::Bool;
            int_value_ = value ? 1 : 0;
        } else if constexpr (std::is_integral_v<V>) {
            kind_ = Kind::Integer;
            if constexpr (std::is_unsigned_v<V>) {
                if (static_cast<std::uint64_t>(value) >
                    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
                    is_large_unsigned_ = true;
                    uint_value_ = value;
                    return;
                }
            }
            int_value_ = static_cast<std::int64_t>(value);
        } else if constexpr (std::is_floating_point_v<V>) {
            kind_ = Kind::Floating;
            float_value_ = static_cast<double>(value);
        } else { // float16, bfloat16
            kind_ = Kind::Floating;
            float_value_ = static_cast<double>(static_cast<float>(value));
        }
    }

    Kind kind() const noexcept { return kind_; }
    /// The value as a double (exact for bool and floating kinds; rounded for large integers).
    double as_double() const noexcept;
    /// For the integer and bool kinds: whether the value is negative.
    bool is_negative() const noexcept { return !is_large_unsigned_ && int_value_ < 0; }

    /// The value as T by NumPy's assignment rules (ValueError, naming `function` and `argument`,
    /// for an integer out of T's range or a NaN or infinity going to an integer type).
    template <ElementType T>
    T to(const char* function, const char* argument) const {
        switch (kind_) {
        case Kind::Bool:
            return detail::convert_scalar<T>(int_value_ != 0, function, argument);
        case Kind::Integer:
            return is_large_unsigned_ ? detail::convert_scalar<T>(uint_value_, function, argument)
                                      : detail::convert_scalar<T>(int_value_, function, argument);
        case Kind::Floating:
            break;
        }
        return detail::convert_scalar<T>(float_value_, function, argument);
    }
    /// Whether to<T> would succeed: the value fits T (any value fits a floating type or bool).
    bool fits(DType dtype) const noexcept;

    /// As Python prints it: "True", "300", "2.5", "nan".
    std::string to_string() const;

private:
    Kind kind_ = Kind::Integer;
    bool is_large_unsigned_ = false;
    union {
        std::int64_t int_value_ = 0;
        std::uint64_t uint_value_;
        double float_value_;
    };
};

} // namespace gpucc
