// C++ operators on arrays, as NumPy's: + - * / % (remainder, Python's sign rule) & | ^ << >>,
// unary - and ~, comparisons giving bool arrays, each the ufunc of the same meaning (ufunc.h),
// between two arrays or an array and a scalar in either order. Typed Array<T> operands give a
// typed Array of the result type computed at compile time (Array<std::int8_t> + Array<std::uint8_t>
// is Array<std::int16_t>, Array<float> * 2.0 is Array<float>); NDArray operands resolve at run
// time.
//
// Compound assignments (+= -= *= /= %= &= |= ^= <<= >>=) write into the left array, in place,
// with NumPy's same_kind rule for the result: float32 += float64 array is allowed (the float64
// result is rounded into float32), int32 += 2.5 or += a float array is a TypeError (at compile
// time for typed operands). The left array is a view, so every copy of it sees the change.
//
// `a == b` compares elements (it does not say whether two arrays are the same); `a && b` is not
// overloaded (use logical_and).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/stdlib/operand.h"
#include "gpucc/stdlib/ufunc.h"

namespace gpucc {

namespace detail {

/// An operator's untyped operands: at least one NDArray, and no Array<T> with a typed partner
/// (those use the typed overloads).
template <class X1, class X2>
concept UntypedOperatorOperands =
    (std::is_same_v<std::remove_cvref_t<X1>, NDArray> ||
     std::is_same_v<std::remove_cvref_t<X2>, NDArray>) &&
    std::is_convertible_v<const X1&, Operand> && std::is_convertible_v<const X2&, Operand>;

/// Runs `ufunc` on the array `target` and `operand`, writing the result into `target`.
template <Ufunc U, class X>
void compound_assign(const NDArray& target, const X& operand, const char* operator_name) {
    apply_ufunc<U>({Operand(target), Operand(operand)}, &target, operator_name);
}

template <Ufunc U, ElementType T, class X>
void typed_compound_assign(const Array<T>& target, const X& operand, const char* operator_name) {
    if constexpr (TypedOperands<Array<T>, X>) {
        static_assert(
            kHasTypedLoop<U, Array<T>, X>,
            "this ufunc has no loop for these element types (gpucc/stdlib/ufunc_loops.h)");
        static_assert(
            can_cast(dtype_of<typed_result_t<U, Array<T>, X>>(), dtype_of<T>(), Casting::SameKind),
            "in-place operator: the result's type does not cast to the array's element "
            "type under NumPy's same_kind rule (e.g. an integer array += a float)");
    }
    compound_assign<U>(target.ndarray(), operand, operator_name);
}

} // namespace detail

template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator+(const X1& x1, const X2& x2) {
    return add(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator+(const X1& x1, const X2& x2) {
    return add(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator-(const X1& x1, const X2& x2) {
    return subtract(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator-(const X1& x1, const X2& x2) {
    return subtract(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator*(const X1& x1, const X2& x2) {
    return multiply(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator*(const X1& x1, const X2& x2) {
    return multiply(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator/(const X1& x1, const X2& x2) {
    return divide(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator/(const X1& x1, const X2& x2) {
    return divide(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator%(const X1& x1, const X2& x2) {
    return remainder(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator%(const X1& x1, const X2& x2) {
    return remainder(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator&(const X1& x1, const X2& x2) {
    return bitwise_and(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator&(const X1& x1, const X2& x2) {
    return bitwise_and(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator|(const X1& x1, const X2& x2) {
    return bitwise_or(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator|(const X1& x1, const X2& x2) {
    return bitwise_or(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator^(const X1& x1, const X2& x2) {
    return bitwise_xor(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator^(const X1& x1, const X2& x2) {
    return bitwise_xor(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator<<(const X1& x1, const X2& x2) {
    return left_shift(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator<<(const X1& x1, const X2& x2) {
    return left_shift(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator>>(const X1& x1, const X2& x2) {
    return right_shift(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator>>(const X1& x1, const X2& x2) {
    return right_shift(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator==(const X1& x1, const X2& x2) {
    return equal(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator==(const X1& x1, const X2& x2) {
    return equal(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator!=(const X1& x1, const X2& x2) {
    return not_equal(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator!=(const X1& x1, const X2& x2) {
    return not_equal(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator<(const X1& x1, const X2& x2) {
    return less(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator<(const X1& x1, const X2& x2) {
    return less(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator<=(const X1& x1, const X2& x2) {
    return less_equal(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator<=(const X1& x1, const X2& x2) {
    return less_equal(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator>(const X1& x1, const X2& x2) {
    return greater(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator>(const X1& x1, const X2& x2) {
    return greater(Operand(x1), Operand(x2));
}
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
auto operator>=(const X1& x1, const X2& x2) {
    return greater_equal(x1, x2);
}
template <class X1, class X2>
    requires detail::UntypedOperatorOperands<X1, X2>
NDArray operator>=(const X1& x1, const X2& x2) {
    return greater_equal(Operand(x1), Operand(x2));
}

template <ElementType T>
auto operator-(const Array<T>& x) {
    return negative(x);
}
inline NDArray operator-(const NDArray& x) {
    return negative(x);
}
template <ElementType T>
auto operator~(const Array<T>& x) {
    return invert(x);
}
inline NDArray operator~(const NDArray& x) {
    return invert(x);
}

template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator+=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::Add>(target, operand, "+=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator+=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::Add>(target, operand, "+=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator-=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::Subtract>(target, operand, "-=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator-=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::Subtract>(target, operand, "-=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator*=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::Multiply>(target, operand, "*=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator*=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::Multiply>(target, operand, "*=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator/=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::TrueDivide>(target, operand, "/=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator/=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::TrueDivide>(target, operand, "/=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator%=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::Remainder>(target, operand, "%=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator%=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::Remainder>(target, operand, "%=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator&=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::BitwiseAnd>(target, operand, "&=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator&=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::BitwiseAnd>(target, operand, "&=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator|=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::BitwiseOr>(target, operand, "|=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator|=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::BitwiseOr>(target, operand, "|=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator^=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::BitwiseXor>(target, operand, "^=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator^=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::BitwiseXor>(target, operand, "^=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator<<=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::LeftShift>(target, operand, "<<=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator<<=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::LeftShift>(target, operand, "<<=");
    return target;
}
template <ElementType T, class X>
    requires std::is_convertible_v<const X&, Operand>
Array<T>& operator>>=(Array<T>& target, const X& operand) {
    detail::typed_compound_assign<Ufunc::RightShift>(target, operand, ">>=");
    return target;
}
template <class X>
    requires std::is_convertible_v<const X&, Operand>
NDArray& operator>>=(NDArray& target, const X& operand) {
    detail::compound_assign<Ufunc::RightShift>(target, operand, ">>=");
    return target;
}

} // namespace gpucc
