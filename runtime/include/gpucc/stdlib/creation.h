// Array creation, as NumPy and CuPy spell it: zeros, ones, full, arange, linspace, eye, the
// *_like forms and ascontiguousarray, each untyped (a DType chosen at run time, an NDArray back)
// and typed (`zeros<float>(shape, device)`, an Array<T> back). The arrays are new, C-contiguous,
// on `device` (the default device when none is given), filled by the standard library's kernels
// (runtime/src/stdlib/kernels/creation.dsl) on the GPU or the CPU. empty() and asarray() live with
// the arrays (ndarray.h, array.h).
//
// Values go through NumPy's assignment rules (scalar.h): full(shape, 300, DType::UInt8) is a
// ValueError naming the value and the type, a float fill value truncates toward zero for an
// integer type, and NaN or infinity for an integer type is a ValueError.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/scalar.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <optional>

namespace gpucc {

/// Every element 0. NumPy's default dtype is float64.
NDArray zeros(const Shape& shape, DType dtype = DType::Float64, Device device = default_device());
/// Every element 1.
NDArray ones(const Shape& shape, DType dtype = DType::Float64, Device device = default_device());
/// Every element `fill_value`, of the dtype NumPy gives a Python scalar of its kind: bool, int64
/// (uint64 for an integer above int64's range) or float64.
NDArray full(const Shape& shape, Scalar fill_value, Device device = default_device());
/// Every element `fill_value` converted to `dtype` (ValueError when it does not fit).
NDArray full(const Shape& shape, Scalar fill_value, DType dtype, Device device = default_device());

/// arange(stop): 0, 1, ..., up to but excluding `stop`; int64 for integer stops, float64 for
/// floating ones.
NDArray arange(Scalar stop, Device device = default_device());
/// Values from `start` by `step` up to but excluding `stop`. The dtype is float64 when any bound
/// is floating, else int64 (uint64 when a bound is above int64's range). The length is NumPy's:
/// ceil((stop - start) / step), at least 0, computed exactly for integer bounds and in float64
/// otherwise (a nonzero difference that divides to ±0 gives 1 or 0 elements by its sign). The
/// elements are NumPy's too: the first two are start and start + step converted to the dtype,
/// the rest first + i * delta with delta their difference, computed in the dtype (float32 for
/// float16 and bfloat16); integer dtypes wrap. ValueError for a zero step or a length that is NaN
/// or too large; TypeError for bool (NumPy has no bool arange beyond two elements).
NDArray arange(Scalar start, Scalar stop, Scalar step = 1, Device device = default_device());
NDArray arange(Scalar start, Scalar stop, Scalar step, DType dtype,
               Device device = default_device());

/// `num` values evenly spaced from `start` to `stop` (included when `endpoint`), NumPy's
/// formula computed in float64: i * step + start with step = (stop - start) / div, div = num - 1
/// with the endpoint and num without (i / div * (stop - start) + start when the step underflows
/// to 0); the last element is exactly `stop` when the endpoint is included. A fused
/// multiply-add may round once where NumPy rounds twice (the GPU, AVX2 hosts). Integer dtypes
/// take the floor (ValueError when a floored bound is outside the dtype's range), bool takes
/// nonzero. ValueError for a negative num.
NDArray linspace(double start, double stop, std::int64_t num = 50, bool endpoint = true,
                 DType dtype = DType::Float64, Device device = default_device());

/// A rows x columns matrix (columns = rows when absent) with ones on diagonal k (k > 0 above the
/// main diagonal, k < 0 below) and zeros elsewhere.
NDArray eye(std::int64_t rows, std::optional<std::int64_t> columns = std::nullopt,
            std::int64_t k = 0, DType dtype = DType::Float64, Device device = default_device());

/// A new uninitialised array of `prototype`'s shape and device, of its dtype or `dtype`.
NDArray empty_like(const NDArray& prototype, std::optional<DType> dtype = std::nullopt);
NDArray zeros_like(const NDArray& prototype, std::optional<DType> dtype = std::nullopt);
NDArray ones_like(const NDArray& prototype, std::optional<DType> dtype = std::nullopt);
NDArray full_like(const NDArray& prototype, Scalar fill_value,
                  std::optional<DType> dtype = std::nullopt);

/// `array` itself when it is C-contiguous, else a C-contiguous copy (NDArray::copy()).
NDArray ascontiguousarray(const NDArray& array);

// Typed forms: the same functions with the element type fixed at compile time.

template <ElementType T>
Array<T> zeros(const Shape& shape, Device device = default_device()) {
    return Array<T>(zeros(shape, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> ones(const Shape& shape, Device device = default_device()) {
    return Array<T>(ones(shape, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> full(const Shape& shape, Scalar fill_value, Device device = default_device()) {
    return Array<T>(full(shape, fill_value, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> arange(Scalar stop, Device device = default_device()) {
    return Array<T>(arange(0, stop, 1, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> arange(Scalar start, Scalar stop, Scalar step = 1, Device device = default_device()) {
    return Array<T>(arange(start, stop, step, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> linspace(double start, double stop, std::int64_t num = 50, bool endpoint = true,
                  Device device = default_device()) {
    return Array<T>(linspace(start, stop, num, endpoint, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> eye(std::int64_t rows, std::optional<std::int64_t> columns = std::nullopt,
             std::int64_t k = 0, Device device = default_device()) {
    return Array<T>(eye(rows, columns, k, dtype_of<T>(), device));
}
template <ElementType T>
Array<T> empty_like(const Array<T>& prototype) {
    return Array<T>(empty_like(prototype.ndarray()));
}
template <ElementType T>
Array<T> zeros_like(const Array<T>& prototype) {
    return Array<T>(zeros_like(prototype.ndarray()));
}
template <ElementType T>
Array<T> ones_like(const Array<T>& prototype) {
    return Array<T>(ones_like(prototype.ndarray()));
}
template <ElementType T>
Array<T> full_like(const Array<T>& prototype, Scalar fill_value) {
    return Array<T>(full_like(prototype.ndarray(), fill_value));
}
template <ElementType T>
Array<T> ascontiguousarray(const Array<T>& array) {
    return Array<T>(ascontiguousarray(array.ndarray()));
}

} // namespace gpucc
