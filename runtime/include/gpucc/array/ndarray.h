// NDArray: an n-d array whose element type is known at run time (a DType), the untyped core that
// the typed Array<T> wraps. It is a view: a shared Buffer, a byte offset into it, a shape and
// byte strides (any sign; 0 for broadcast axes). Copying an NDArray copies the view, not the data
// (NumPy and CuPy reference semantics): both copies see the same elements.
//
// Views (no element is copied): basic indexing with positions, Slices (negative steps too),
// newaxis and ellipsis (gpucc/array/slice.h); transpose, swapaxes, squeeze, expand_dims,
// broadcast_to, and reshape where NumPy's no-copy rule finds strides for the new shape. Copies:
// host<->device synchronous (copy_to_host, copy_from_host) and asynchronous through pinned staging
// memory (copy_to_host_async, copy_from_host_async, gpucc/array/transfer.h), between devices (to,
// copyto). astype() and copy() run the standard library's conversion kernels
// (runtime/src/stdlib/kernels/conversion.dsl, defined in runtime/src/stdlib/conversion.cpp); the
// reductions sum(), mean(), ... run its reduction kernels (gpucc/stdlib/reduction.h says what each
// does; defined in runtime/src/stdlib/reduction.cpp).
//
// Not yet here (later issues): advanced (integer array and mask) indexing; read-only broadcast
// views.
#pragma once

#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/shape.h"
#include "gpucc/array/slice.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/buffer.h"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>

namespace gpucc {

template <ElementType T>
class Array;
class PendingHostCopy;

class NDArray {
public:
    /// An empty float64 array of shape (0,) on the CPU, with no buffer.
    NDArray() : NDArray(DType::Float64) {}
    /// An empty array of `dtype` and shape (0,) on the CPU, with no buffer.
    explicit NDArray(DType dtype);
    /// A view of `buffer`; ValueError unless every element lies inside the buffer (a null
    /// buffer is allowed for an empty array) and the strides match the shape's rank.
    NDArray(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape, Strides strides,
            std::int64_t byte_offset);

    /// Copies are views of the same elements.
    NDArray(const NDArray& other) = default;
    NDArray& operator=(const NDArray& other) = default;
    /// A moved-from array is empty, never half-alive: shape (0,), no buffer, on the CPU, its dtype
    /// kept (so a moved-from Array<T> is still an Array<T>): the state NDArray(dtype) makes. Using
    /// it is using an empty array, with NumPy's answers: to_host() gives no elements, sum() gives
    /// 0, printing shows `array([], dtype=...)`, item() is a ValueError naming the shape (0,), and
    /// as a kernel's input or output it is a ShapeError (or broadcasts, as NumPy's (0,) does).
    /// PyTorch leaves a moved-from tensor undefined; NumPy has no moves; std::vector is empty.
    NDArray(NDArray&& other) noexcept;
    NDArray& operator=(NDArray&& other) noexcept;
    ~NDArray() = default;

    DType dtype() const noexcept { return dtype_; }
    const Shape& shape() const noexcept { return shape_; }
    /// Byte strides.
    const Strides& strides() const noexcept { return strides_; }
    int ndim() const noexcept { return shape_.ndim(); }
    /// Number of elements.
    std::int64_t size() const noexcept { return size_; }
    std::size_t itemsize() const noexcept { return dtype_size(dtype_); }
    /// size() * itemsize(): the bytes of the elements (not of the buffer they sit in).
    std::size_t nbytes() const noexcept { return static_cast<std::size_t>(size_) * itemsize(); }
    Device device() const noexcept { return device_; }
    std::int64_t byte_offset() const noexcept { return byte_offset_; }
    const std::shared_ptr<Buffer>& buffer() const noexcept { return buffer_; }
    /// Address of the first element: a device address for a GPU array, a host one for the CPU.
    void* data() const noexcept;
    /// NumPy's rule: row-major with no gaps; extents of 1 are ignored; empty arrays qualify.
    bool is_c_contiguous() const noexcept;

    /// The same elements with another shape (one extent may be -1: inferred), as a view. The view
    /// exists when the array is C-contiguous or, failing that, when NumPy's no-copy rule
    /// (_attempt_nocopy_reshape) finds strides for the new shape: each group of old axes merged
    /// into new ones must be contiguous within itself (a sliced or transposed array often
    /// qualifies). Otherwise, as NumPy, a new C-contiguous copy of the elements in that shape. A
    /// shape of another element count is a ShapeError naming both shapes.
    NDArray reshape(const Shape& shape) const;
    /// Axes reversed (shape and strides reversed); a view.
    NDArray transpose() const;
    /// NumPy's a.T: transpose(), the axes reversed; a view.
    NDArray T() const { return transpose(); }
    /// NumPy's a @ b: gpucc::matmul(*this, b) (gpucc/linalg/matmul.h, which defines it).
    NDArray matmul(const NDArray& b) const;
    /// Axes permuted: axis i of the result is axis axes[i] of this array (negative axes count from
    /// the end). ValueError unless `axes` names each axis once; IndexError for an axis out of
    /// range.
    NDArray transpose(std::span<const int> axes) const;
    NDArray transpose(std::initializer_list<int> axes) const {
        return transpose(std::span<const int>(axes.begin(), axes.size()));
    }
    /// Axes `axis1` and `axis2` exchanged; a view.
    NDArray swapaxes(int axis1, int axis2) const;
    /// Every axis of extent 1 removed; a view.
    NDArray squeeze() const;
    /// Axis `axis` removed; ValueError naming its extent unless that is 1.
    NDArray squeeze(int axis) const;
    /// An axis of extent 1 inserted so that it becomes axis `axis` of the result (from -ndim()-1
    /// to ndim()); a view.
    NDArray expand_dims(int axis) const;
    /// A view of shape `shape` by NumPy's broadcasting rules: axes are matched from the end, an
    /// axis of extent 1 repeats (stride 0) and missing leading axes are added. ShapeError naming
    /// both shapes and the axis that does not fit. Writing through a broadcast view writes the
    /// shared element (NumPy makes such views read-only; gpucc has no read-only flag yet).
    NDArray broadcast_to(const Shape& shape) const;

    /// Basic indexing (gpucc/array/slice.h): a(2, Slice(none, none, -1)) is NumPy's a[2, ::-1]; a
    /// view. Every position given picks one element along its axis and drops the axis, so indexing
    /// every axis gives a 0-d view of one element. IndexError for a position out of range (naming
    /// the axis, its extent and the valid range), for more indices than axes and for a second
    /// ellipsis; ValueError for a slice step of 0.
    template <class... I>
        requires(std::convertible_to<const I&, Index> && ...)
    NDArray operator()(const I&... items) const {
        const std::array<Index, sizeof...(I)> list{Index(items)...};
        return index(std::span<const Index>(list.data(), list.size()));
    }
    /// The same as operator() with the entries in a list.
    NDArray index(std::span<const Index> items) const;
    NDArray index(std::initializer_list<Index> items) const {
        return index(std::span<const Index>(items.begin(), items.size()));
    }

    /// The one element of a size-1 array (any ndim) as a T; TypeError unless T is the dtype,
    /// ValueError unless size() is 1. Synchronous: waits for the device's current stream.
    template <ElementType T>
    T item() const;
    /// Writes the one element of a size-1 array to `destination` (itemsize() bytes); ValueError
    /// naming the shape unless size() is 1. Synchronous, as copy_to_host.
    void copy_item_to_host(void* destination) const;

    /// Writes the elements in C order to `destination` (nbytes() bytes). Synchronous: for a GPU
    /// array it copies on the device's current stream and waits. Any strides.
    void copy_to_host(void* destination) const;
    /// Reads nbytes() bytes in C order from `source` into this array (any strides: a strided GPU
    /// view is written through a contiguous copy on the device and the copy kernel).
    /// Synchronous, on the current stream for a GPU.
    void copy_from_host(const void* source) const;

    /// Starts copying the elements to the host on `stream`, which must be on this array's device
    /// (DeviceError otherwise), and returns at once: a GPU array is copied into pinned staging
    /// memory in stream order, and PendingHostCopy::wait_into() later writes the elements in C
    /// order where they are wanted. Any strides (the bytes the view spans are copied and picked
    /// on the host). A CPU array is copied at once (a StreamRef of Device::cpu() is accepted).
    PendingHostCopy copy_to_host_async(StreamRef stream) const;
    /// copy_to_host_async on the current stream of this array's device (copied at once on the
    /// CPU).
    PendingHostCopy copy_to_host_async() const;
    /// Starts copying nbytes() bytes in C order from `source` into this array (any strides, as
    /// copy_from_host) on `stream` (on this array's device). `source` may be reused or
    /// freed as soon as the call returns: the bytes go through pinned staging blocks first (in
    /// chunks of a few MiB; a large copy waits for earlier chunks to leave the staging blocks
    /// before it returns). The array must stay alive until the stream has done the copy. A CPU
    /// array is written at once.
    void copy_from_host_async(const void* source, StreamRef stream) const;
    /// copy_from_host_async on the current stream of this array's device (at once on the CPU).
    void copy_from_host_async(const void* source) const;

    /// This array on `device`: *this itself (a view, no copy) when it is there already, else a new
    /// C-contiguous array holding the same values. Host<->device copies are synchronous and
    /// gather any strides; GPU->GPU copies (cuMemcpyPeerAsync, strided views packed first) run
    /// in stream order on the destination's current stream (see copyto).
    NDArray to(Device device) const;
    /// A new C-contiguous array of the same shape on the same device with the elements converted
    /// to `dtype` by NumPy's astype rules (casting='unsafe'; float to integer truncates, NaN
    /// gives 0, out-of-range values saturate: runtime/src/stdlib/kernels/conversion.dsl). With copy
    /// = false and the same dtype, this array itself.
    NDArray astype(DType dtype, bool copy = true) const;
    /// A new C-contiguous array holding the same elements.
    NDArray copy() const;

    /// NumPy's reduction methods, the functions of gpucc/stdlib/reduction.h: x.sum() is sum(x),
    /// x.sum(Axis{1}, true) is sum(x, 1, true), x.var(axis, ddof, keepdims).
    NDArray sum(Axis axis = {}, bool keepdims = false) const;
    NDArray prod(Axis axis = {}, bool keepdims = false) const;
    NDArray min(Axis axis = {}, bool keepdims = false) const;
    NDArray max(Axis axis = {}, bool keepdims = false) const;
    NDArray argmin(Axis axis = {}, bool keepdims = false) const;
    NDArray argmax(Axis axis = {}, bool keepdims = false) const;
    NDArray mean(Axis axis = {}, bool keepdims = false) const;
    NDArray var(Axis axis = {}, int ddof = 0, bool keepdims = false) const;
    NDArray std(Axis axis = {}, int ddof = 0, bool keepdims = false) const;
    NDArray all(Axis axis = {}, bool keepdims = false) const;
    NDArray any(Axis axis = {}, bool keepdims = false) const;

    /// This array as an Array<T>: TypeError naming both dtypes unless T is its dtype.
    template <ElementType T>
    Array<T> as() const;

private:
    /// This array's buffer and dtype with another layout. Unchecked: the callers derive layouts
    /// whose elements lie inside the elements of this one.
    NDArray with_layout(const Shape& shape, const Strides& strides, std::int64_t byte_offset) const;
    /// Leaves this array as NDArray(dtype()) leaves a new one: what a move leaves behind.
    void make_empty() noexcept;

    std::shared_ptr<Buffer> buffer_;
    Shape shape_;
    Strides strides_;
    std::int64_t byte_offset_ = 0;
    std::int64_t size_ = 0;
    Device device_;
    DType dtype_;
};

namespace detail {
/// The element count of `shape`; ShapeError naming `what` for a negative extent or a count
/// whose bytes (of `itemsize`) do not fit in int64.
std::int64_t checked_element_count(const Shape& shape, std::size_t itemsize, const char* what);
} // namespace detail

/// A new C-contiguous array of `shape` and `dtype` on `device`, uninitialised. ShapeError for
/// a negative extent or a byte size that does not fit; OutOfMemory when there is no memory.
NDArray empty(const Shape& shape, DType dtype, Device device = default_device());

} // namespace gpucc
