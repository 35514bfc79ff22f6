// NumPy 2's type promotion (NEP 50) and casting rules over the 13 element types, as constexpr
// functions usable at compile time (typed Array<T> operators compute their result type with them)
// and at run time (NDArray ufuncs).
//
// - result_type(a, b): the dtype two arrays combine to, NumPy's promote_types: the smaller type
//   when it casts safely to the larger, else the smallest type both cast safely to (int8 with
//   uint8 gives int16, int64 with uint64 gives float64, float16 with int16 gives float32).
// - result_type(array, scalar kind): C++ scalars are weak, like Python scalars: a scalar of a kind
//   the array already has (a bool, an integer with an integer array, a float with a floating
//   array) takes the array's dtype; otherwise the scalar's default type joins (int64 for an
//   integer with a bool array, float64 for a float with a bool or integer array). So float32
//   array * 2.0 is float32 and int32 array * 2.0 is float64. Whether the value fits is checked
//   when it is converted (Scalar::to).
// - can_cast(from, to, casting): NumPy's rules; same_kind allows any cast within bool < unsigned
//   < signed < floating order of kinds (int64 to int8, float64 to float32, uint8 to int8), and
//   safe only casts that keep every value.
//
// bfloat16 is not a NumPy type; it follows float16's rules (8-bit integers cast to it safely,
// 16-bit ones do not) except that float16 and bfloat16 do not cast safely to each other and
// promote to float32 together.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/half.h"
#include "gpucc/array/scalar.h"

#include <cstdint>
#include <type_traits>

namespace gpucc {

/// NumPy's casting modes (no/equiv both mean "the same dtype" here).
enum class Casting : std::uint8_t { No, Safe, SameKind, Unsafe };

/// The kinds of element types, in the order same_kind casting respects.
enum class DTypeKind : std::uint8_t { Bool, Unsigned, Signed, Floating };

constexpr DTypeKind dtype_kind(DType dtype) noexcept {
    switch (dtype) {
    case DType::Bool:
        return DTypeKind::Bool;
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64:
        return DTypeKind::Unsigned;
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::Int64:
        return DTypeKind::Signed;
    default:
        return DTypeKind::Floating;
    }
}

constexpr bool is_floating(DType dtype) noexcept {
    return dtype_kind(dtype) == DTypeKind::Floating;
}
/// Signed or unsigned integer (not bool).
constexpr bool is_integer(DType dtype) noexcept {
    return dtype_kind(dtype) == DTypeKind::Signed || dtype_kind(dtype) == DTypeKind::Unsigned;
}

namespace detail {
constexpr int dtype_bytes(DType dtype) noexcept {
    switch (dtype) {
    case DType::Bool:
    case DType::Int8:
    case DType::UInt8:
        return 1;
    case DType::Int16:
    case DType::UInt16:
    case DType::Float16:
    case DType::BFloat16:
        return 2;
    case DType::Int32:
    case DType::UInt32:
    case DType::Float32:
        return 4;
    default:
        return 8;
    }
}
} // namespace detail

/// Whether every value of `from` converts to `to` (NumPy's casting='safe'; int64 and uint64 to
/// float64 count as safe, as in NumPy).
constexpr bool can_cast_safely(DType from, DType to) noexcept {
    if (from == to || from == DType::Bool) {
        return true;
    }
    const DTypeKind from_kind = dtype_kind(from);
    const DTypeKind to_kind = dtype_kind(to);
    const int from_bytes = detail::dtype_bytes(from);
    const int to_bytes = detail::dtype_bytes(to);
    switch (to_kind) {
    case DTypeKind::Bool:
        return false;
    case DTypeKind::Unsigned:
        return from_kind == DTypeKind::Unsigned && to_bytes >= from_bytes;
    case DTypeKind::Signed:
        return (from_kind == DTypeKind::Signed && to_bytes >= from_bytes) ||
               (from_kind == DTypeKind::Unsigned && to_bytes > from_bytes);
    case DTypeKind::Floating:
        break;
    }
    if (from_kind == DTypeKind::Floating) {
        return to == DType::Float64 || (to == DType::Float32 && from_bytes == 2);
    }
    // Integers: 8-bit ones fit the 16-bit floats, 16-bit ones float32, all float64.
    return to == DType::Float64 || (to == DType::Float32 && from_bytes <= 2) || from_bytes == 1;
}

/// NumPy's can_cast for two dtypes.
constexpr bool can_cast(DType from, DType to, Casting casting = Casting::Safe) noexcept {
    switch (casting) {
    case Casting::No:
        return from == to;
    case Casting::Safe:
        return can_cast_safely(from, to);
    case Casting::SameKind:
        return can_cast_safely(from, to) || dtype_kind(from) <= dtype_kind(to);
    case Casting::Unsafe:
        break;
    }
    return true;
}

/// The dtype arrays of dtypes `a` and `b` promote to (NumPy's promote_types).
constexpr DType result_type(DType a, DType b) noexcept {
    if (can_cast_safely(a, b)) {
        return b;
    }
    if (can_cast_safely(b, a)) {
        return a;
    }
    for (DType candidate : {DType::Int16, DType::Int32, DType::Int64, DType::Float32}) {
        if (can_cast_safely(a, candidate) && can_cast_safely(b, candidate)) {
            return candidate;
        }
    }
    return DType::Float64;
}

/// The dtype an array of `array` and a weak scalar of `kind` promote to (NEP 50).
constexpr DType result_type(DType array, Scalar::Kind kind) noexcept {
    switch (kind) {
    case Scalar::Kind::Bool:
        return array;
    case Scalar::Kind::Integer:
        return array == DType::Bool ? DType::Int64 : array;
    case Scalar::Kind::Floating:
        break;
    }
    return is_floating(array) ? array : DType::Float64;
}

/// The kind of scalar a C++ scalar type makes.
template <ScalarValue S>
constexpr Scalar::Kind scalar_kind_of() noexcept {
    using V = std::remove_cvref_t<S>;
    if constexpr (std::is_same_v<V, bool>) {
        return Scalar::Kind::Bool;
    } else if constexpr (std::is_integral_v<V>) {
        return Scalar::Kind::Integer;
    } else {
        return Scalar::Kind::Floating;
    }
}

/// The C++ element type of a DType.
template <DType D>
struct ElementOf;
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind)                                        \
    template <>                                                                                    \
    struct ElementOf<DType::enumerator> {                                                          \
        using type = cpp_type;                                                                     \
    };
#include "gpucc/abi/dtypes.def"

/// element_t<DType::Float32> is float.
template <DType D>
using element_t = typename ElementOf<D>::type;

/// The element type two typed arrays promote to: promote_t<std::int8_t, std::uint8_t> is
/// std::int16_t.
template <ElementType A, ElementType B>
using promote_t = element_t<result_type(dtype_of<A>(), dtype_of<B>())>;

} // namespace gpucc
