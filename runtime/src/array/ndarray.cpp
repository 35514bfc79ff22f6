// NDArray: view checks, contiguity, and the synchronous host copies (including the gather of a
// strided view: the bytes it spans are copied, then picked in C order on the host). The views
// live in slicing.cpp, axis_views.cpp and reshape.cpp; the other copies in transfer.cpp.
#include "gpucc/array/ndarray.h"

#include "array/strided_host.h"
#include "device/cpu_stream.h"
#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "stdlib/conversion.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace gpucc {

namespace detail {

std::int64_t checked_element_count(const Shape& shape, std::size_t itemsize, const char* what) {
    std::int64_t count = 1;
    bool overflow = false;
    for (std::int64_t extent : shape) {
        if (extent < 0) {
            throw ShapeError(std::string(what) + ": negative extent " + std::to_string(extent) +
                             " in shape " + shape.to_string());
        }
        overflow = overflow || __builtin_mul_overflow(count, extent, &count);
    }
    std::int64_t bytes = 0;
    if (overflow || __builtin_mul_overflow(count, static_cast<std::int64_t>(itemsize), &bytes)) {
        throw ShapeError(std::string(what) + ": shape " + shape.to_string() +
                         " has too many elements to address");
    }
    return count;
}

} // namespace detail

NDArray::NDArray(DType dtype) : shape_{0}, strides_{0}, dtype_(dtype) {
}

NDArray::NDArray(NDArray&& other) noexcept
    : buffer_(std::move(other.buffer_)), shape_(other.shape_), strides_(other.strides_),
      byte_offset_(other.byte_offset_), size_(other.size_), device_(other.device_),
      dtype_(other.dtype_) {
    other.make_empty();
}

NDArray& NDArray::operator=(NDArray&& other) noexcept {
    if (this != &other) {
        buffer_ = std::move(other.buffer_);
        shape_ = other.shape_;
        strides_ = other.strides_;
        byte_offset_ = other.byte_offset_;
        size_ = other.size_;
        device_ = other.device_;
        dtype_ = other.dtype_;
        other.make_empty();
    }
    return *this;
}

void NDArray::make_empty() noexcept {
    buffer_.reset();
    shape_ = Shape{0};
    strides_ = Strides{0};
    byte_offset_ = 0;
    size_ = 0;
    device_ = Device::cpu();
}

NDArray::NDArray(std::shared_ptr<Buffer> buffer, DType dtype, Shape shape, Strides strides,
                 std::int64_t byte_offset)
    : buffer_(std::move(buffer)), shape_(shape), strides_(strides), byte_offset_(byte_offset),
      device_(buffer_ != nullptr ? buffer_->device() : Device::cpu()), dtype_(dtype) {
    if (strides_.ndim() != shape_.ndim()) {
        throw ValueError("NDArray: shape " + shape_.to_string() + " has " +
                         std::to_string(shape_.ndim()) + " dimensions but strides " +
                         strides_.to_string() + " have " + std::to_string(strides_.ndim()));
    }
    size_ = detail::checked_element_count(shape_, itemsize(), "NDArray");
    if (size_ == 0) {
        return;
    }
    const detail::ByteSpan span =
        detail::spanned_bytes(shape_, strides_, static_cast<std::int64_t>(itemsize()));
    const std::int64_t buffer_size =
        buffer_ != nullptr ? static_cast<std::int64_t>(buffer_->size()) : 0;
    if (byte_offset_ + span.low < 0 || byte_offset_ + span.high > buffer_size) {
        throw ValueError("NDArray: a view of shape " + shape_.to_string() + ", strides " +
                         strides_.to_string() + " and byte offset " + std::to_string(byte_offset_) +
                         " reaches bytes [" + std::to_string(byte_offset_ + span.low) + ", " +
                         std::to_string(byte_offset_ + span.high) + ") of a buffer of " +
                         std::to_string(buffer_size) + " bytes");
    }
}

void* NDArray::data() const noexcept {
    if (buffer_ == nullptr || buffer_->data() == nullptr) {
        return nullptr;
    }
    return static_cast<std::byte*>(buffer_->data()) + byte_offset_;
}

bool NDArray::is_c_contiguous() const noexcept {
    if (size_ == 0) {
        return true;
    }
    auto expected = static_cast<std::int64_t>(itemsize());
    for (int axis = ndim() - 1; axis >= 0; --axis) {
        if (shape_[axis] == 1) {
            continue;
        }
        if (strides_[axis] != expected) {
            return false;
        }
        expected *= shape_[axis];
    }
    return true;
}

NDArray NDArray::with_layout(const Shape& shape, const Strides& strides,
                             std::int64_t byte_offset) const {
    NDArray view = *this;
    view.shape_ = shape;
    view.strides_ = strides;
    view.byte_offset_ = byte_offset;
    view.size_ = shape.element_count();
    return view;
}

void NDArray::copy_item_to_host(void* destination) const {
    if (size_ != 1) {
        throw ValueError("item: the array of shape " + shape_.to_string() + " has " +
                         std::to_string(size_) +
                         " elements; item() reads an array of exactly one element");
    }
    copy_to_host(destination);
}

void NDArray::copy_to_host(void* destination) const {
    if (size_ == 0) {
        return;
    }
    const bool contiguous = is_c_contiguous();
    if (device_.is_cpu()) {
        // After the work queued on the current CPU stream (device/cpu_stream.h).
        detail::cpu_before_host_work(current_stream(device_), "copy_to_host", "cuMemcpyDtoH");
        const auto* first = static_cast<const std::byte*>(data());
        if (contiguous) {
            std::memcpy(destination, first, nbytes());
        } else {
            detail::gather(first, shape_, strides_, itemsize(),
                           static_cast<std::byte*>(destination));
        }
        return;
    }
    detail::require_cuda_device(device_, "copy_to_host");
    detail::make_current(device_.ordinal());
    const StreamRef stream = current_stream(device_);
    detail::refuse_host_copy_during_capture(stream, "copy_to_host", "cuStreamSynchronize");
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    const auto source = reinterpret_cast<CUdeviceptr>(data());
    if (contiguous) {
        GPUCC_CU(cuMemcpyDtoHAsync, destination, source, nbytes(), cu_stream);
        GPUCC_CU(cuStreamSynchronize, cu_stream);
        return;
    }
    const detail::ByteSpan span =
        detail::spanned_bytes(shape_, strides_, static_cast<std::int64_t>(itemsize()));
    std::vector<std::byte> staging(static_cast<std::size_t>(span.size()));
    GPUCC_CU(cuMemcpyDtoHAsync, staging.data(), source + span.low, staging.size(), cu_stream);
    GPUCC_CU(cuStreamSynchronize, cu_stream);
    detail::gather(staging.data() - span.low, shape_, strides_, itemsize(),
                   static_cast<std::byte*>(destination));
}

void NDArray::copy_from_host(const void* source) const {
    if (size_ == 0) {
        return;
    }
    if (device_.is_cpu()) {
        detail::cpu_before_host_work(current_stream(device_), "copy_from_host", "cuMemcpyHtoD");
        detail::strided_copy(static_cast<std::byte*>(data()), strides_,
                             static_cast<const std::byte*>(source),
                             Strides::c_contiguous(shape_, static_cast<std::int64_t>(itemsize())),
                             shape_, itemsize());
        return;
    }
    if (!is_c_contiguous()) {
        // Into a contiguous array on the device, then the copy kernel scatters it.
        const NDArray packed = empty(shape_, dtype_, device_);
        packed.copy_from_host(source);
        stdlib::convert_into(packed, *this);
        return;
    }
    detail::require_cuda_device(device_, "copy_from_host");
    detail::make_current(device_.ordinal());
    const StreamRef stream = current_stream(device_);
    detail::refuse_host_copy_during_capture(stream, "copy_from_host", "cuStreamSynchronize");
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    GPUCC_CU(cuMemcpyHtoDAsync, reinterpret_cast<CUdeviceptr>(data()), source, nbytes(), cu_stream);
    GPUCC_CU(cuStreamSynchronize, cu_stream);
}

NDArray empty(const Shape& shape, DType dtype, Device device) {
    const std::size_t itemsize = dtype_size(dtype);
    const std::int64_t count = detail::checked_element_count(shape, itemsize, "empty");
    std::shared_ptr<Buffer> buffer =
        Buffer::allocate(static_cast<std::size_t>(count) * itemsize, device);
    return NDArray(std::move(buffer), dtype, shape,
                   Strides::c_contiguous(shape, static_cast<std::int64_t>(itemsize)), 0);
}

} // namespace gpucc

namespace gpucc::detail {

void throw_dtype_mismatch(DType actual, DType wanted) {
    throw TypeError("cannot view an array of dtype " + std::string(dtype_name(actual)) +
                    " as Array<" + std::string(dtype_name(wanted)) + ">");
}

void throw_asarray_size(std::size_t data_size, const Shape& shape, std::int64_t count) {
    throw ShapeError("asarray: the data has " + std::to_string(data_size) + " elements but shape " +
                     shape.to_string() + " needs " + std::to_string(count));
}

void throw_host_size(const char* what, std::size_t data_size, const Shape& shape) {
    throw ShapeError(std::string(what) + ": the host data has " + std::to_string(data_size) +
                     " elements but the array of shape " + shape.to_string() + " has " +
                     std::to_string(shape.element_count()));
}

} // namespace gpucc::detail
