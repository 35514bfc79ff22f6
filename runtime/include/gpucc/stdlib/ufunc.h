// The ufuncs of the standard library, NumPy's names and semantics, on the GPU and the CPU: each
// runs one kernel of runtime/src/stdlib/kernels over arrays (and scalars) of any of the 13 element
// types.
//
// Every ufunc has two forms:
// - untyped: `NDArray add(const Operand& x1, const Operand& x2)`. Operands are NDArrays, Array<T>s
//   or C++ scalars; at least one must be an array. The loop is chosen at run time by NumPy 2's
//   rules (ufunc_loops.h): the inputs' dtypes promote (scalars are weak: float32 array + 2.0 is
//   float32, uint8 array + 300 is a ValueError naming the value and uint8), array inputs of
//   another dtype are converted to the loop's dtype first (one astype pass each), and a dtype the
//   ufunc has no loop for is a TypeError naming the ufunc, the argument, its dtype and the dtypes
//   it supports.
// - typed: `add(const Array<A>&, const Array<B>&)`, `add(const Array<A>&, S)`, `add(S, const
//   Array<B>&)` return an Array of the result type computed at compile time by the same rules (a
//   missing loop is a compile error). NumPy's aliases: divide = true_divide.
//
// Arrays must be on one device; the result is allocated there. Operands broadcast together as in
// NumPy and may be any views (strided, transposed, negatively stepped).
// Math functions of float16 and bfloat16 compute in float32; integer inputs of float-only math
// use the loop NumPy picks (sqrt of int8 is float16, of int16 float32, of int32 float64).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/scalar.h"
#include "gpucc/stdlib/operand.h"
#include "gpucc/stdlib/promotion.h"
#include "gpucc/stdlib/ufunc_loops.h"

#include <initializer_list>
#include <optional>
#include <span>
#include <type_traits>

namespace gpucc {

namespace detail {

/// Runs ufunc U's loop for input dtype `loop` on inputs already of that dtype (arrays) or
/// scalars, into `out` when given (of the loop's output dtype). One function per ufunc
/// (runtime/src/stdlib/ufunc_*.cpp), rather than one switch over them all, so that a program
/// links the kernels of the ufuncs it calls and no others.
template <Ufunc U>
NDArray run_ufunc_loop(DType loop, std::span<const Operand> inputs, const NDArray* out);
#define GPUCC_UFUNC(enumerator, name, nin, loops, output, rejects_bool)                            \
    template <>                                                                                    \
    NDArray run_ufunc_loop<Ufunc::enumerator>(DType, std::span<const Operand>, const NDArray*);
#include "gpucc/stdlib/ufuncs.def"

/// NumPy 2's exact comparisons that no common dtype gives: int64 arrays against uint64 arrays,
/// and integer arrays against integer scalars outside their range (a constant result). Empty
/// when neither applies.
std::optional<NDArray> compare_exactly(Ufunc ufunc, std::span<const Operand> inputs);

/// The code a ufunc call reaches after its loop is chosen: U's loop runner, and for the six
/// comparisons the exact comparisons tried first.
struct UfuncKernels {
    NDArray (*run)(DType loop, std::span<const Operand> inputs, const NDArray* out);
    std::optional<NDArray> (*exact)(Ufunc ufunc, std::span<const Operand> inputs) = nullptr;
};

/// Runs `ufunc` on `inputs` (ufunc_info(ufunc).nin of them) with `kernels`, into `out` when it is
/// given (which must have the result's shape and a dtype the result casts to under same_kind;
/// TypeError otherwise, naming `operator_name` when one is given, e.g. "+="). Returns the result
/// (`*out` when given).
NDArray apply_ufunc(Ufunc ufunc, UfuncKernels kernels, std::initializer_list<Operand> inputs,
                    const NDArray* out = nullptr, const char* operator_name = nullptr);

/// apply_ufunc with U's own kernels.
template <Ufunc U>
NDArray apply_ufunc(std::initializer_list<Operand> inputs, const NDArray* out = nullptr,
                    const char* operator_name = nullptr) {
    UfuncKernels kernels{&run_ufunc_loop<U>};
    if constexpr (U >= Ufunc::Equal && U <= Ufunc::GreaterEqual) {
        kernels.exact = &compare_exactly;
    }
    return apply_ufunc(U, kernels, inputs, out, operator_name);
}

template <class X>
struct TypedOperandTraits {
    static constexpr bool kIsArray = false;
    static constexpr bool kIsTyped = ScalarValue<X>;
};
template <ElementType T>
struct TypedOperandTraits<Array<T>> {
    static constexpr bool kIsArray = true;
    static constexpr bool kIsTyped = true;
};

template <class X>
inline constexpr bool kIsTypedArray = TypedOperandTraits<std::remove_cvref_t<X>>::kIsArray;

/// Operands whose types fix the result type at compile time: Array<T>s and C++ scalars, at least
/// one Array.
template <class... X>
concept TypedOperands =
    (TypedOperandTraits<std::remove_cvref_t<X>>::kIsTyped && ...) && (kIsTypedArray<X> || ...);

template <class X>
constexpr DType typed_operand_dtype() {
    return std::remove_cvref_t<X>::dtype();
}

/// The common dtype of typed operands: the arrays' dtypes promoted, then the weak scalars.
template <class... X>
constexpr DType typed_common_dtype() {
    DType common = DType::Bool;
    bool have_array = false;
    (
        [&] {
            if constexpr (kIsTypedArray<X>) {
                common = have_array ? result_type(common, typed_operand_dtype<X>())
                                    : typed_operand_dtype<X>();
                have_array = true;
            }
        }(),
        ...);
    (
        [&] {
            if constexpr (!kIsTypedArray<X>) {
                common = result_type(common, scalar_kind_of<std::remove_cvref_t<X>>());
            }
        }(),
        ...);
    return common;
}

template <Ufunc U, class... X>
inline constexpr bool kHasTypedLoop = find_loop(U, typed_common_dtype<X...>()).has_value();

/// The element type of U's result for operands X (bool when there is no loop: the function body
/// then fails its static_assert).
template <Ufunc U, class... X>
using typed_result_t = element_t<
    find_loop(U, typed_common_dtype<X...>()).value_or(UfuncLoop{DType::Bool, DType::Bool}).output>;

template <Ufunc U, class... X>
Array<typed_result_t<U, X...>> typed_ufunc(const X&... x) {
    static_assert(
        kHasTypedLoop<U, X...>,
        "this ufunc has no loop for these element types (gpucc/stdlib/ufunc_loops.h lists them)");
    return Array<typed_result_t<U, X...>>(apply_ufunc<U>({Operand(x)...}));
}

} // namespace detail

/// -x; TypeError for bool (NumPy's rule: use invert or logical_not). Unsigned values wrap.
NDArray negative(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Negative, Array<T>>> negative(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Negative>(x);
}

/// !x (nonzero and NaN are true), as bool.
NDArray logical_not(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::LogicalNot, Array<T>>> logical_not(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::LogicalNot>(x);
}

/// |x|; bool and unsigned unchanged; the most negative integer wraps to itself.
NDArray abs(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Abs, Array<T>>> abs(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Abs>(x);
}

/// 1, -1 or 0 of x's type; NaN stays NaN, -0.0 gives 0.0; bool runs the int8 loop.
NDArray sign(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Sign, Array<T>>> sign(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Sign>(x);
}

/// C's sqrt(x); floating types only (integers and bool use NumPy's loop).
NDArray sqrt(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Sqrt, Array<T>>> sqrt(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Sqrt>(x);
}

/// C's cbrt(x); floating types only (integers and bool use NumPy's loop).
NDArray cbrt(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Cbrt, Array<T>>> cbrt(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Cbrt>(x);
}

/// C's exp(x); floating types only (integers and bool use NumPy's loop).
NDArray exp(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Exp, Array<T>>> exp(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Exp>(x);
}

/// C's exp2(x); floating types only (integers and bool use NumPy's loop).
NDArray exp2(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Exp2, Array<T>>> exp2(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Exp2>(x);
}

/// C's expm1(x); floating types only (integers and bool use NumPy's loop).
NDArray expm1(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Expm1, Array<T>>> expm1(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Expm1>(x);
}

/// C's log(x); floating types only (integers and bool use NumPy's loop).
NDArray log(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Log, Array<T>>> log(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Log>(x);
}

/// C's log2(x); floating types only (integers and bool use NumPy's loop).
NDArray log2(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Log2, Array<T>>> log2(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Log2>(x);
}

/// C's log10(x); floating types only (integers and bool use NumPy's loop).
NDArray log10(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Log10, Array<T>>> log10(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Log10>(x);
}

/// C's log1p(x); floating types only (integers and bool use NumPy's loop).
NDArray log1p(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Log1p, Array<T>>> log1p(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Log1p>(x);
}

/// C's sin(x); floating types only (integers and bool use NumPy's loop).
NDArray sin(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Sin, Array<T>>> sin(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Sin>(x);
}

/// C's cos(x); floating types only (integers and bool use NumPy's loop).
NDArray cos(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Cos, Array<T>>> cos(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Cos>(x);
}

/// C's tan(x); floating types only (integers and bool use NumPy's loop).
NDArray tan(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Tan, Array<T>>> tan(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Tan>(x);
}

/// C's asin(x); floating types only (integers and bool use NumPy's loop).
NDArray arcsin(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Arcsin, Array<T>>> arcsin(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Arcsin>(x);
}

/// C's acos(x); floating types only (integers and bool use NumPy's loop).
NDArray arccos(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Arccos, Array<T>>> arccos(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Arccos>(x);
}

/// C's atan(x); floating types only (integers and bool use NumPy's loop).
NDArray arctan(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Arctan, Array<T>>> arctan(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Arctan>(x);
}

/// C's sinh(x); floating types only (integers and bool use NumPy's loop).
NDArray sinh(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Sinh, Array<T>>> sinh(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Sinh>(x);
}

/// C's cosh(x); floating types only (integers and bool use NumPy's loop).
NDArray cosh(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Cosh, Array<T>>> cosh(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Cosh>(x);
}

/// C's tanh(x); floating types only (integers and bool use NumPy's loop).
NDArray tanh(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Tanh, Array<T>>> tanh(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Tanh>(x);
}

/// Rounded toward minus infinity; bool and integers unchanged (current NumPy's loops).
NDArray floor(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Floor, Array<T>>> floor(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Floor>(x);
}

/// Rounded toward plus infinity; bool and integers unchanged.
NDArray ceil(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Ceil, Array<T>>> ceil(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Ceil>(x);
}

/// Rounded toward zero; bool and integers unchanged.
NDArray trunc(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Trunc, Array<T>>> trunc(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Trunc>(x);
}

/// Rounded to the nearest integer, ties to even (a floating result, as NumPy).
NDArray rint(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Rint, Array<T>>> rint(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Rint>(x);
}

/// Whether x is NaN (false for bool and integers).
NDArray isnan(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Isnan, Array<T>>> isnan(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Isnan>(x);
}

/// Whether x is +-infinity.
NDArray isinf(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Isinf, Array<T>>> isinf(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Isinf>(x);
}

/// Whether x is neither NaN nor infinite.
NDArray isfinite(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Isfinite, Array<T>>> isfinite(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Isfinite>(x);
}

/// ~x: every bit flipped; logical not for bool; TypeError for floats.
NDArray invert(const Operand& x);
template <ElementType T>
Array<detail::typed_result_t<Ufunc::Invert, Array<T>>> invert(const Array<T>& x) {
    return detail::typed_ufunc<Ufunc::Invert>(x);
}

/// x1 + x2 (logical or for bool). Integers wrap.
NDArray add(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Add, X1, X2>> add(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Add>(x1, x2);
}

/// x1 - x2; TypeError for bool (use bitwise_xor or logical_xor).
NDArray subtract(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Subtract, X1, X2>> subtract(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Subtract>(x1, x2);
}

/// x1 * x2 (logical and for bool).
NDArray multiply(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Multiply, X1, X2>> multiply(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Multiply>(x1, x2);
}

/// x1 / x2, NumPy's true division: integer and bool inputs give float64.
NDArray divide(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::TrueDivide, X1, X2>> divide(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::TrueDivide>(x1, x2);
}

/// The same as divide.
NDArray true_divide(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::TrueDivide, X1, X2>> true_divide(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::TrueDivide>(x1, x2);
}

/// Python's x1 // x2 (rounded toward minus infinity); integer division by
/// zero gives 0, float division by zero +-inf or NaN; bool runs the int8 loop.
NDArray floor_divide(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::FloorDivide, X1, X2>> floor_divide(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::FloorDivide>(x1, x2);
}

/// Python's x1 % x2 (the sign of x2); 0 for an integer divisor of 0, NaN for a float
/// one.
NDArray remainder(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Remainder, X1, X2>> remainder(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Remainder>(x1, x2);
}

/// x1 ** x2. Integers: repeated multiplication, wrapping; a negative scalar exponent is a
/// ValueError as in NumPy, a negative element of an exponent array gives the integer part of the
/// real result (1 for 1, +-1 for -1, else 0).
NDArray power(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Power, X1, X2>> power(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Power>(x1, x2);
}

/// x1 == x2, as bool. int64 against uint64 compares exactly (NumPy 2); an integer
/// array against an integer scalar outside its dtype's range is all false (all true for !=).
NDArray equal(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Equal, X1, X2>> equal(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Equal>(x1, x2);
}

/// x1 != x2, as bool (NaN != anything).
NDArray not_equal(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::NotEqual, X1, X2>> not_equal(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::NotEqual>(x1, x2);
}

/// x1 < x2, as bool.
NDArray less(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Less, X1, X2>> less(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Less>(x1, x2);
}

/// x1 <= x2, as bool.
NDArray less_equal(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::LessEqual, X1, X2>> less_equal(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::LessEqual>(x1, x2);
}

/// x1 > x2, as bool.
NDArray greater(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Greater, X1, X2>> greater(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Greater>(x1, x2);
}

/// x1 >= x2, as bool.
NDArray greater_equal(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::GreaterEqual, X1, X2>> greater_equal(const X1& x1,
                                                                         const X2& x2) {
    return detail::typed_ufunc<Ufunc::GreaterEqual>(x1, x2);
}

/// x1 && x2, as bool.
NDArray logical_and(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::LogicalAnd, X1, X2>> logical_and(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::LogicalAnd>(x1, x2);
}

/// x1 || x2, as bool.
NDArray logical_or(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::LogicalOr, X1, X2>> logical_or(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::LogicalOr>(x1, x2);
}

/// bool(x1) != bool(x2).
NDArray logical_xor(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::LogicalXor, X1, X2>> logical_xor(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::LogicalXor>(x1, x2);
}

/// atan2(x1, x2): the angle of the point (x2, x1).
NDArray arctan2(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Arctan2, X1, X2>> arctan2(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Arctan2>(x1, x2);
}

/// The larger; NaN if either is NaN; the first when they compare equal.
NDArray maximum(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Maximum, X1, X2>> maximum(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Maximum>(x1, x2);
}

/// The smaller; NaN if either is NaN.
NDArray minimum(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Minimum, X1, X2>> minimum(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Minimum>(x1, x2);
}

/// The larger, ignoring a NaN (NaN only when both are).
NDArray fmax(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Fmax, X1, X2>> fmax(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Fmax>(x1, x2);
}

/// The smaller, ignoring a NaN.
NDArray fmin(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::Fmin, X1, X2>> fmin(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::Fmin>(x1, x2);
}

/// x1 & x2 on bool and integers.
NDArray bitwise_and(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::BitwiseAnd, X1, X2>> bitwise_and(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::BitwiseAnd>(x1, x2);
}

/// x1 | x2 on bool and integers.
NDArray bitwise_or(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::BitwiseOr, X1, X2>> bitwise_or(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::BitwiseOr>(x1, x2);
}

/// x1 ^ x2 on bool and integers.
NDArray bitwise_xor(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::BitwiseXor, X1, X2>> bitwise_xor(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::BitwiseXor>(x1, x2);
}

/// x1 << x2 on integers; 0 for a count outside [0, bits).
NDArray left_shift(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::LeftShift, X1, X2>> left_shift(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::LeftShift>(x1, x2);
}

/// x1 >> x2 on integers (arithmetic for signed); a count outside [0, bits)
/// gives 0, or -1 for a negative x1.
NDArray right_shift(const Operand& x1, const Operand& x2);
template <class X1, class X2>
    requires detail::TypedOperands<X1, X2>
Array<detail::typed_result_t<Ufunc::RightShift, X1, X2>> right_shift(const X1& x1, const X2& x2) {
    return detail::typed_ufunc<Ufunc::RightShift>(x1, x2);
}

/// minimum(maximum(x, min), max), NaN in any argument propagating.
NDArray clip(const Operand& x, const Operand& min, const Operand& max);
template <class X, class Min, class Max>
    requires detail::TypedOperands<X, Min, Max>
Array<detail::typed_result_t<Ufunc::Clip, X, Min, Max>> clip(const X& x, const Min& min,
                                                             const Max& max) {
    return detail::typed_ufunc<Ufunc::Clip>(x, min, max);
}

/// x where `condition` is true, y elsewhere. The condition is converted to bool (nonzero is
/// true); x and y promote to one dtype by the same rules as a binary ufunc (two scalars: their
/// NumPy default types promote, int64 and float64 to float64).
NDArray where(const Operand& condition, const Operand& x, const Operand& y);
template <class C, class X, class Y>
    requires detail::TypedOperands<C, X, Y>
auto where(const C& condition, const X& x, const Y& y) {
    constexpr DType kResult = [] {
        if constexpr (detail::kIsTypedArray<X> || detail::kIsTypedArray<Y>) {
            return detail::typed_common_dtype<X, Y>();
        } else {
            const DType x_default = result_type(DType::Bool, scalar_kind_of<X>());
            return result_type(x_default, scalar_kind_of<Y>());
        }
    }();
    return Array<element_t<kResult>>(where(Operand(condition), Operand(x), Operand(y)));
}

} // namespace gpucc
