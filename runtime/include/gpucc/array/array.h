// Array<T>: the typed n-d array users and generated kernel wrappers work with, and the functions
// that create arrays from host data (empty, asarray). An Array<T> is an NDArray whose dtype is
// fixed to dtype_of<T>() at compile time; the two convert both ways (NDArray::as<T>() checks the
// dtype), and every view of NDArray is here with a typed result.
//
// Copying an Array copies the view, not the data: `Array<float> b = a;` makes b another name for
// a's elements, as `b = a` does in NumPy and CuPy. Arrays live on a Device; data() is a device
// address for a GPU array. Host<->device copies (asarray, to_host, item, to) are synchronous and
// use the current stream of the array's device; to_host_async and copy_from_host_async run on a
// stream through pinned staging memory (gpucc/array/transfer.h says when host buffers may be
// reused). Printing (std::cout << a, to_string(a)) follows NumPy's repr (gpucc/array/format.h).
//
// Creation beyond empty/asarray is in creation.h; astype() and copy() are NDArray's, typed, and
// so are the reduction methods (sum(), mean(), ...; gpucc/stdlib/reduction.h), whose result element
// types are NumPy's (gpucc/stdlib/reduction_types.h: Array<std::int8_t>::sum() is an
// Array<int64_t>).
//
// Not yet here (later issues): copyto into strided GPU views.
#pragma once

#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/format.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/array/slice.h"
#include "gpucc/array/transfer.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/stdlib/reduction_types.h"

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace gpucc {

namespace detail {
[[noreturn]] void throw_dtype_mismatch(DType actual, DType wanted);
[[noreturn]] void throw_asarray_size(std::size_t data_size, const Shape& shape, std::int64_t count);
[[noreturn]] void throw_host_size(const char* what, std::size_t data_size, const Shape& shape);
} // namespace detail

template <ElementType T>
class Array {
public:
    using value_type = T;

    /// An empty array of shape (0,) on the CPU, with no buffer. A moved-from Array is this too
    /// (NDArray's moves say what using one does: the answers of an empty array, never a crash).
    Array() : base_(dtype_of<T>()) {}
    /// `array` as typed; TypeError naming both dtypes unless its dtype is dtype_of<T>().
    explicit Array(NDArray array) : base_(std::move(array)) {
        if (base_.dtype() != dtype_of<T>()) {
            detail::throw_dtype_mismatch(base_.dtype(), dtype_of<T>());
        }
    }

    static constexpr DType dtype() noexcept { return dtype_of<T>(); }
    const Shape& shape() const noexcept { return base_.shape(); }
    /// Byte strides.
    const Strides& strides() const noexcept { return base_.strides(); }
    int ndim() const noexcept { return base_.ndim(); }
    /// Number of elements.
    std::int64_t size() const noexcept { return base_.size(); }
    std::size_t nbytes() const noexcept { return base_.nbytes(); }
    Device device() const noexcept { return base_.device(); }
    std::int64_t byte_offset() const noexcept { return base_.byte_offset(); }
    bool is_c_contiguous() const noexcept { return base_.is_c_contiguous(); }
    /// Address of the first element: a device address for a GPU array (not to be dereferenced
    /// on the host), a host address for the CPU.
    T* data() const noexcept { return static_cast<T*>(base_.data()); }

    /// A view with another shape; see NDArray::reshape.
    Array reshape(const Shape& shape) const { return Array(base_.reshape(shape), Unchecked{}); }
    /// Axes reversed; a view.
    Array transpose() const { return Array(base_.transpose(), Unchecked{}); }
    /// NumPy's a @ b: gpucc::matmul(*this, b), of the promoted element type. Defined in
    /// gpucc/linalg/matmul.h (included by gpucc/gpucc.h), which a caller must include.
    template <ElementType B>
    auto matmul(const Array<B>& b) const;
    /// Axes permuted; see NDArray::transpose(axes).
    Array transpose(std::span<const int> axes) const {
        return Array(base_.transpose(axes), Unchecked{});
    }
    Array transpose(std::initializer_list<int> axes) const {
        return Array(base_.transpose(axes), Unchecked{});
    }
    /// Two axes exchanged; a view.
    Array swapaxes(int axis1, int axis2) const {
        return Array(base_.swapaxes(axis1, axis2), Unchecked{});
    }
    /// Every axis of extent 1 removed; a view.
    Array squeeze() const { return Array(base_.squeeze(), Unchecked{}); }
    /// One axis of extent 1 removed; see NDArray::squeeze(axis).
    Array squeeze(int axis) const { return Array(base_.squeeze(axis), Unchecked{}); }
    /// An axis of extent 1 inserted; see NDArray::expand_dims.
    Array expand_dims(int axis) const { return Array(base_.expand_dims(axis), Unchecked{}); }
    /// A broadcast view (stride 0 for repeated axes); see NDArray::broadcast_to.
    Array broadcast_to(const Shape& shape) const {
        return Array(base_.broadcast_to(shape), Unchecked{});
    }

    /// Basic indexing, a view: a(1, Slice(none, none, -1), newaxis) is NumPy's a[1, ::-1, None];
    /// see NDArray::operator() and gpucc/array/slice.h.
    template <class... I>
        requires(std::convertible_to<const I&, Index> && ...)
    Array operator()(const I&... items) const {
        return Array(base_(items...), Unchecked{});
    }
    /// The same as operator() with the entries in a list.
    Array index(std::span<const Index> items) const {
        return Array(base_.index(items), Unchecked{});
    }
    Array index(std::initializer_list<Index> items) const {
        return Array(base_.index(items), Unchecked{});
    }
    /// The one element of a size-1 array (a(2, 3).item() reads element [2, 3]); ValueError
    /// naming the shape unless size() is 1. Synchronous.
    T item() const {
        T value{};
        base_.copy_item_to_host(&value);
        return value;
    }

    /// The elements converted to U in a new C-contiguous array (NDArray::astype's rules).
    template <ElementType U>
    Array<U> astype() const {
        return Array<U>(base_.astype(dtype_of<U>()));
    }
    /// The elements converted to `dtype` (known at run time).
    NDArray astype(DType dtype) const { return base_.astype(dtype); }
    /// A new C-contiguous array holding the same elements.
    Array copy() const { return Array(base_.copy(), Unchecked{}); }

    /// NumPy's reduction methods (gpucc/stdlib/reduction.h), typed: x.sum(), x.mean(Axis{0}, true).
    Array<sum_result_t<T>> sum(Axis axis = {}, bool keepdims = false) const {
        return Array<sum_result_t<T>>(base_.sum(axis, keepdims));
    }
    Array<sum_result_t<T>> prod(Axis axis = {}, bool keepdims = false) const {
        return Array<sum_result_t<T>>(base_.prod(axis, keepdims));
    }
    Array min(Axis axis = {}, bool keepdims = false) const {
        return Array(base_.min(axis, keepdims));
    }
    Array max(Axis axis = {}, bool keepdims = false) const {
        return Array(base_.max(axis, keepdims));
    }
    Array<std::int64_t> argmin(Axis axis = {}, bool keepdims = false) const {
        return Array<std::int64_t>(base_.argmin(axis, keepdims));
    }
    Array<std::int64_t> argmax(Axis axis = {}, bool keepdims = false) const {
        return Array<std::int64_t>(base_.argmax(axis, keepdims));
    }
    Array<mean_result_t<T>> mean(Axis axis = {}, bool keepdims = false) const {
        return Array<mean_result_t<T>>(base_.mean(axis, keepdims));
    }
    Array<mean_result_t<T>> var(Axis axis = {}, int ddof = 0, bool keepdims = false) const {
        return Array<mean_result_t<T>>(base_.var(axis, ddof, keepdims));
    }
    Array<mean_result_t<T>> std(Axis axis = {}, int ddof = 0, bool keepdims = false) const {
        return Array<mean_result_t<T>>(base_.std(axis, ddof, keepdims));
    }
    Array<bool> all(Axis axis = {}, bool keepdims = false) const {
        return Array<bool>(base_.all(axis, keepdims));
    }
    Array<bool> any(Axis axis = {}, bool keepdims = false) const {
        return Array<bool>(base_.any(axis, keepdims));
    }

    /// The elements in C order, copied to the host (synchronous; any strides).
    std::vector<T> to_host() const {
        if constexpr (std::is_same_v<T, bool>) { // std::vector<bool> is packed: go through bytes
            std::vector<unsigned char> bytes(static_cast<std::size_t>(size()));
            base_.copy_to_host(bytes.data());
            return std::vector<bool>(bytes.begin(), bytes.end());
        } else {
            std::vector<T> values(static_cast<std::size_t>(size()));
            base_.copy_to_host(values.data());
            return values;
        }
    }
    /// Starts copying the elements to the host on `stream` (on this array's device); get() on
    /// the result waits and gives them in C order. See NDArray::copy_to_host_async.
    PendingHostVector<T> to_host_async(StreamRef stream) const {
        return PendingHostVector<T>(base_.copy_to_host_async(stream));
    }
    /// to_host_async on the current stream of this array's device.
    PendingHostVector<T> to_host_async() const {
        return PendingHostVector<T>(base_.copy_to_host_async());
    }
    /// Writes `values` (size() of them, in C order; ShapeError otherwise) into this array, any
    /// strides. Synchronous.
    void copy_from_host(std::span<const T> values) const {
        check_host_size("copy_from_host", values.size());
        base_.copy_from_host(values.data());
    }
    /// Starts writing `values` into this array (any strides) on `stream`; `values` may be reused
    /// as soon as the call returns. See NDArray::copy_from_host_async.
    void copy_from_host_async(std::span<const T> values, StreamRef stream) const {
        check_host_size("copy_from_host_async", values.size());
        base_.copy_from_host_async(values.data(), stream);
    }
    /// copy_from_host_async on the current stream of this array's device.
    void copy_from_host_async(std::span<const T> values) const {
        check_host_size("copy_from_host_async", values.size());
        base_.copy_from_host_async(values.data());
    }
    /// This array on `device`: itself when it is there, else a copy; see NDArray::to.
    Array to(Device device) const { return Array(base_.to(device), Unchecked{}); }

    /// The untyped view of the same elements.
    const NDArray& ndarray() const noexcept { return base_; }
    operator const NDArray&() const noexcept { return base_; } // NOLINT: widening is safe

private:
    struct Unchecked {};
    Array(NDArray array, Unchecked) : base_(std::move(array)) {}
    void check_host_size(const char* what, std::size_t count) const {
        if (static_cast<std::int64_t>(count) != size()) {
            detail::throw_host_size(what, count, shape());
        }
    }
    NDArray base_;
};

template <ElementType T>
Array<bool> detail::AllSlice::operator()(const Array<T>& x, Axis axis, bool keepdims) const {
    return x.all(axis, keepdims);
}

template <ElementType T>
Array<T> NDArray::as() const {
    return Array<T>(*this);
}

template <ElementType T>
T NDArray::item() const {
    return as<T>().item();
}

/// A new C-contiguous array of `shape` on `device`, uninitialised.
template <ElementType T>
Array<T> empty(const Shape& shape, Device device = default_device()) {
    return Array<T>(empty(shape, dtype_of<T>(), device));
}

namespace detail {
template <ElementType T>
Array<T> array_from_host(const T* data, std::size_t count, const Shape& shape, Device device) {
    const std::int64_t expected = checked_element_count(shape, sizeof(T), "asarray");
    if (static_cast<std::int64_t>(count) != expected) {
        throw_asarray_size(count, shape, expected);
    }
    Array<T> array = empty<T>(shape, device);
    array.ndarray().copy_from_host(data);
    return array;
}
} // namespace detail

/// A new array of `shape` on `device` holding `data` (in C order). ShapeError naming both sizes
/// unless data.size() is the shape's element count. Synchronous: `data` may be reused at once.
template <ElementType T>
Array<T> asarray(std::span<const T> data, const Shape& shape, Device device = default_device()) {
    return detail::array_from_host(data.data(), data.size(), shape, device);
}
/// A new 1-d array on `device` holding `data`.
template <ElementType T>
Array<T> asarray(std::span<const T> data, Device device = default_device()) {
    return asarray<T>(data, Shape{data.size()}, device);
}

/// A new array of `shape` on `device` holding `data` (in C order); see asarray(span, shape).
template <ElementType T>
Array<T> asarray(const std::vector<T>& data, const Shape& shape, Device device = default_device()) {
    if constexpr (std::is_same_v<T, bool>) { // std::vector<bool> is packed: go through bytes
        const std::vector<unsigned char> bytes(data.begin(), data.end());
        static_assert(sizeof(bool) == 1);
        return detail::array_from_host(reinterpret_cast<const bool*>(bytes.data()), bytes.size(),
                                       shape, device);
    } else {
        return detail::array_from_host(data.data(), data.size(), shape, device);
    }
}
/// A new 1-d array on `device` holding `data`.
template <ElementType T>
Array<T> asarray(const std::vector<T>& data, Device device = default_device()) {
    return asarray<T>(data, Shape{data.size()}, device);
}

/// A new array of `shape` on `device` holding the listed values (in C order):
/// asarray<float>({1, 2, 3, 4}, {2, 2}).
template <ElementType T>
Array<T> asarray(std::initializer_list<T> data, const Shape& shape,
                 Device device = default_device()) {
    return detail::array_from_host(data.begin(), data.size(), shape, device);
}
/// A new 1-d array on `device` holding the listed values: asarray<int>({1, 2, 3}).
template <ElementType T>
Array<T> asarray(std::initializer_list<T> data, Device device = default_device()) {
    return asarray<T>(data, Shape{data.size()}, device);
}

/// A new 0-d array on `device` holding `value`: asarray(2.5f) is NumPy's
/// np.asarray(np.float32(2.5)).
template <ElementType T>
Array<T> asarray(T value, Device device = default_device()) {
    return detail::array_from_host(&value, 1, Shape{}, device);
}

} // namespace gpucc
