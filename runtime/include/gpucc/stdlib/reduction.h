// The reductions of the standard library, NumPy 2's names, arguments and result dtypes, on the
// GPU and the CPU: sum, prod, min/amin, max/amax, argmin, argmax, mean, var, std, all, any,
// count_nonzero and linalg::norm, each over any of the 13 element types. Each runs the reduction
// kernels of runtime/src/stdlib/kernels/reduction_*.dsl (var and std two of them: the mean, then
// the squared deviations).
//
// Every reduction has three forms:
// - untyped: `NDArray sum(const NDArray& x, Axis axis = {}, bool keepdims = false)`;
// - into a given output: `void sum(const NDArray& x, const NDArray& out, Axis axis = {},
//   bool keepdims = false)`. `out` must have the result dtype (no casting: a TypeError names the
//   argument, the dtype expected and the one given) and the result's shape (ShapeError), on x's
//   device;
// - typed: `Array<sum_result_t<T>> sum(const Array<T>& x, Axis axis = {}, bool keepdims = false)`,
//   the result type computed at compile time (gpucc/stdlib/reduction_types.h).
// NDArray and Array<T> have NumPy's methods too: x.sum(), x.sum(Axis{1}), x.prod(), x.min(),
// x.max(), x.argmin(), x.argmax(), x.mean(), x.var(), x.std(), x.all(), x.any().
//
// `axis` is NumPy's: every axis by default (Axis{} or Axis::all()), one (`sum(x, 1)`), or several
// (`sum(x, {0, 2})`); negative axes count from the end. An axis out of range is an IndexError and
// an axis given twice a ValueError, both naming the function. The result has x's shape without the
// reduced axes (a 0-d array for a full reduction), or with extent 1 in their place when keepdims.
// var and std take NumPy's `ddof` after the axis: `var(x, axis, ddof, keepdims)`, as the keyword
// order of numpy.var(a, axis, dtype, out, ddof, keepdims).
//
// Result dtypes and arithmetic (NumPy 2's):
// - sum, prod: bool and signed integers give int64, unsigned integers uint64 (both wrap around
//   on overflow), floats keep their type; float16 and bfloat16 are summed and multiplied in
//   float32 and rounded once.
// - min, max (amin, amax): x's dtype; a NaN anywhere in a reduced group gives NaN. No identity:
//   reducing zero elements into a non-empty result is a ValueError, "zero-size array to reduction
//   operation minimum which has no identity" (maximum for max).
// - argmin, argmax: int64, the position of the first smallest (largest) element: along `axis`
//   when one axis is given, else in the flattened array (C order), as NumPy's; the first NaN
//   when there is one. `axis` is one axis or all (several are a ValueError, as in NumPy); an
//   empty sequence is a ValueError ("attempt to get argmax of an empty sequence"). Two passes:
//   min (max) with keepdims, then the first position equal to it.
// - mean: bool and integers give float64 (summed in float64), floats keep their type (float16
//   and bfloat16 summed in float32); the sum divided by the number of elements reduced into each
//   output. The mean of nothing is NaN.
// - var, std: the mean of the squared deviations from the mean, divided by max(n - ddof, 0)
//   instead of n (n the elements reduced into each output; a zero divisor gives inf, or NaN);
//   std is its square root. Two passes, as NumPy's: the mean (with keepdims), then the squared
//   deviations. Dtypes as mean; float16 and bfloat16 compute in float32.
// - all, any: bool; an element counts as true when it is not zero (NaN is true). all of nothing
//   is true, any of nothing false. count_nonzero: the number of such elements, int64.
// - linalg::norm: the 2-norm of the reduced elements, sqrt(sum(x * x)) (the vector 2-norm for one
//   axis, the Frobenius norm for two, the 2-norm of the flattened array by default); bool and
//   integers give float64, floats keep their type (float16 and bfloat16 computed in float32). No
//   scaling against overflow (as NumPy's default norm). Only NumPy's default `ord` is here: other
//   orders (1, inf, 'nuc', ...) are absent, and any number of axes is accepted.
//
// Reductions of the same data on the same device give the same bits every time; the order in
// which elements are combined is not C order (float sums differ from a sequential loop in the
// last bits).
//
// Absent: the `dtype=`, `where=` and `initial=` arguments, casting into `out`, nan-aware reductions
// (nansum, nanmax, ...), ptp, cumulative sums, median and percentiles.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/axis.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/stdlib/reduction_types.h"

namespace gpucc {

/// The sum of the elements over `axis`.
NDArray sum(const NDArray& x, Axis axis = {}, bool keepdims = false);
void sum(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<sum_result_t<T>> sum(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<sum_result_t<T>>(sum(x.ndarray(), axis, keepdims));
}

/// The product of the elements over `axis`.
NDArray prod(const NDArray& x, Axis axis = {}, bool keepdims = false);
void prod(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<sum_result_t<T>> prod(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<sum_result_t<T>>(prod(x.ndarray(), axis, keepdims));
}

/// The smallest element over `axis` (numpy.min, numpy.amin); NaN when a NaN is among them.
NDArray min(const NDArray& x, Axis axis = {}, bool keepdims = false);
void min(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<T> min(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<T>(min(x.ndarray(), axis, keepdims));
}

/// The largest element over `axis` (numpy.max, numpy.amax); NaN when a NaN is among them.
NDArray max(const NDArray& x, Axis axis = {}, bool keepdims = false);
void max(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<T> max(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<T>(max(x.ndarray(), axis, keepdims));
}

/// numpy.amin, the same as min.
inline NDArray amin(const NDArray& x, Axis axis = {}, bool keepdims = false) {
    return min(x, axis, keepdims);
}
inline void amin(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false) {
    min(x, out, axis, keepdims);
}
template <ElementType T>
Array<T> amin(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return min(x, axis, keepdims);
}

/// numpy.amax, the same as max.
inline NDArray amax(const NDArray& x, Axis axis = {}, bool keepdims = false) {
    return max(x, axis, keepdims);
}
inline void amax(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false) {
    max(x, out, axis, keepdims);
}
template <ElementType T>
Array<T> amax(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return max(x, axis, keepdims);
}

/// The position of the first smallest element over `axis` (one axis, or all: the index into
/// the flattened array), as int64.
NDArray argmin(const NDArray& x, Axis axis = {}, bool keepdims = false);
void argmin(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<std::int64_t> argmin(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<std::int64_t>(argmin(x.ndarray(), axis, keepdims));
}

/// The position of the first largest element over `axis`, as argmin.
NDArray argmax(const NDArray& x, Axis axis = {}, bool keepdims = false);
void argmax(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<std::int64_t> argmax(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<std::int64_t>(argmax(x.ndarray(), axis, keepdims));
}

/// The arithmetic mean over `axis`.
NDArray mean(const NDArray& x, Axis axis = {}, bool keepdims = false);
void mean(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<mean_result_t<T>> mean(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<mean_result_t<T>>(mean(x.ndarray(), axis, keepdims));
}

/// The variance over `axis`, with `ddof` delta degrees of freedom (divisor n - ddof).
NDArray var(const NDArray& x, Axis axis = {}, int ddof = 0, bool keepdims = false);
void var(const NDArray& x, const NDArray& out, Axis axis = {}, int ddof = 0, bool keepdims = false);
template <ElementType T>
Array<mean_result_t<T>> var(const Array<T>& x, Axis axis = {}, int ddof = 0,
                            bool keepdims = false) {
    return Array<mean_result_t<T>>(var(x.ndarray(), axis, ddof, keepdims));
}

/// The standard deviation over `axis`: the square root of var.
NDArray std(const NDArray& x, Axis axis = {}, int ddof = 0, bool keepdims = false);
void std(const NDArray& x, const NDArray& out, Axis axis = {}, int ddof = 0, bool keepdims = false);
template <ElementType T>
Array<mean_result_t<T>> std(const Array<T>& x, Axis axis = {}, int ddof = 0,
                            bool keepdims = false) {
    return Array<mean_result_t<T>>(std(x.ndarray(), axis, ddof, keepdims));
}

// all(x, axis, keepdims): whether every element over `axis` is nonzero (NaN counts as nonzero);
// all(x, out, axis, keepdims) and the typed all(const Array<T>&) -> Array<bool> as the others.
// gpucc::all is also the slice `:` (a(all, 1)): one object that indexes and, called, reduces,
// declared with the slices in gpucc/array/slice.h.

/// Whether any element over `axis` is nonzero (NaN counts as nonzero).
NDArray any(const NDArray& x, Axis axis = {}, bool keepdims = false);
void any(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<bool> any(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<bool>(any(x.ndarray(), axis, keepdims));
}

/// The number of nonzero elements over `axis` (NaN counts), as int64.
NDArray count_nonzero(const NDArray& x, Axis axis = {}, bool keepdims = false);
void count_nonzero(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<std::int64_t> count_nonzero(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<std::int64_t>(count_nonzero(x.ndarray(), axis, keepdims));
}

namespace linalg {

/// numpy.linalg.norm(x, ord=None, axis, keepdims): sqrt(sum(x * x)) over `axis` (every axis by
/// default). Other `ord`s are not implemented.
NDArray norm(const NDArray& x, Axis axis = {}, bool keepdims = false);
void norm(const NDArray& x, const NDArray& out, Axis axis = {}, bool keepdims = false);
template <ElementType T>
Array<mean_result_t<T>> norm(const Array<T>& x, Axis axis = {}, bool keepdims = false) {
    return Array<mean_result_t<T>>(norm(x.ndarray(), axis, keepdims));
}

} // namespace linalg

} // namespace gpucc
