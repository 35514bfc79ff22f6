// NDArray: view checks, contiguity, reshape and transpose, and the synchronous host copies
// (including the gather of a strided view: the bytes it spans are copied, then picked in C
// order on the host).
#include "gpucc/ndarray.h"

#include "context.h"
#include "driver.h"
#include "gpucc/errors.h"
#include "gpucc/stream.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace gpucc {
namespace {

// The byte range [low, high) the elements of a view span, relative to its first element.
struct Span {
    std::int64_t low = 0;
    std::int64_t high = 0;
};
Span spanned_bytes(const Shape& shape, const Strides& strides, std::int64_t itemsize) {
    Span span{0, itemsize};
    for (int axis = 0; axis < shape.ndim(); ++axis) {
        const std::int64_t reach = strides[axis] * (shape[axis] - 1);
        (reach < 0 ? span.low : span.high) += reach;
    }
    return span;
}

// Copies the elements of a view, whose spanned bytes start at `spanned` on the host, to
// `destination` in C order. `first` is the offset of element 0 within the spanned bytes.
void gather(const std::byte* spanned, std::int64_t first, const Shape& shape,
            const Strides& strides, std::size_t itemsize, std::byte* destination) {
    const int ndim = shape.ndim();
    if (ndim == 0) {
        std::memcpy(destination, spanned + first, itemsize);
        return;
    }
    std::int64_t index[kMaxNdim] = {};
    const int inner = ndim - 1;
    const std::int64_t inner_extent = shape[inner];
    const std::int64_t inner_stride = strides[inner];
    std::int64_t offset = first; // of element (index[0], ..., index[inner - 1], 0)
    while (true) {
        const std::byte* source = spanned + offset;
        if (inner_stride == static_cast<std::int64_t>(itemsize)) {
            std::memcpy(destination, source, itemsize * static_cast<std::size_t>(inner_extent));
            destination += itemsize * static_cast<std::size_t>(inner_extent);
        } else {
            for (std::int64_t i = 0; i < inner_extent; ++i) {
                std::memcpy(destination, source + i * inner_stride, itemsize);
                destination += itemsize;
            }
        }
        int axis = inner - 1; // odometer over the outer axes
        while (axis >= 0) {
            offset += strides[axis];
            if (++index[axis] < shape[axis]) {
                break;
            }
            offset -= strides[axis] * shape[axis];
            index[axis] = 0;
            --axis;
        }
        if (axis < 0) {
            return;
        }
    }
}

std::string reshape_prefix(const Shape& from, const Shape& to) {
    return "reshape: cannot reshape an array of shape " + from.to_string() + " into shape " +
           to.to_string();
}

} // namespace

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
    const Span span = spanned_bytes(shape_, strides_, static_cast<std::int64_t>(itemsize()));
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

NDArray NDArray::reshape(const Shape& shape) const {
    int unknown_axis = -1;
    std::int64_t known = 1;
    for (int axis = 0; axis < shape.ndim(); ++axis) {
        if (shape[axis] == -1) {
            if (unknown_axis >= 0) {
                throw ShapeError(reshape_prefix(shape_, shape) + ": only one extent may be -1");
            }
            unknown_axis = axis;
        } else if (shape[axis] < 0) {
            throw ShapeError(reshape_prefix(shape_, shape) + ": negative extent " +
                             std::to_string(shape[axis]));
        } else {
            known *= shape[axis];
        }
    }
    Shape resolved = shape;
    if (unknown_axis >= 0) {
        if (known == 0 || size_ % known != 0) {
            throw ShapeError(reshape_prefix(shape_, shape) + ": " + std::to_string(size_) +
                             " elements do not divide into it");
        }
        resolved[unknown_axis] = size_ / known;
        known = size_;
    }
    if (known != size_) {
        throw ShapeError(reshape_prefix(shape_, shape) + ": the array has " +
                         std::to_string(size_) + " elements, the shape " + std::to_string(known));
    }
    if (!is_c_contiguous()) {
        throw ShapeError(reshape_prefix(shape_, shape) + ": the array (strides " +
                         strides_.to_string() +
                         ") is not C-contiguous, so this needs a copy; reshape returns views "
                         "only until array copies arrive");
    }
    return NDArray(buffer_, dtype_, resolved,
                   Strides::c_contiguous(resolved, static_cast<std::int64_t>(itemsize())),
                   byte_offset_);
}

NDArray NDArray::transpose() const {
    Shape shape;
    Strides strides;
    for (int axis = ndim() - 1; axis >= 0; --axis) {
        shape.push_back(shape_[axis]);
        strides.push_back(strides_[axis]);
    }
    NDArray view = *this;
    view.shape_ = shape;
    view.strides_ = strides;
    return view;
}

void NDArray::copy_to_host(void* destination) const {
    if (size_ == 0) {
        return;
    }
    const Span span = spanned_bytes(shape_, strides_, static_cast<std::int64_t>(itemsize()));
    const bool contiguous = is_c_contiguous();
    if (device_.is_cpu()) {
        const auto* base = static_cast<const std::byte*>(data());
        if (contiguous) {
            std::memcpy(destination, base, nbytes());
        } else {
            gather(base + span.low, -span.low, shape_, strides_, itemsize(),
                   static_cast<std::byte*>(destination));
        }
        return;
    }
    detail::require_cuda_device(device_, "copy_to_host");
    detail::make_current(device_.ordinal());
    const StreamRef stream = current_stream(device_);
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    const auto source = reinterpret_cast<CUdeviceptr>(data());
    if (contiguous) {
        GPUCC_CU(cuMemcpyDtoHAsync, destination, source, nbytes(), cu_stream);
        GPUCC_CU(cuStreamSynchronize, cu_stream);
        return;
    }
    std::vector<std::byte> staging(static_cast<std::size_t>(span.high - span.low));
    GPUCC_CU(cuMemcpyDtoHAsync, staging.data(), source + span.low, staging.size(), cu_stream);
    GPUCC_CU(cuStreamSynchronize, cu_stream);
    gather(staging.data(), -span.low, shape_, strides_, itemsize(),
           static_cast<std::byte*>(destination));
}

void NDArray::copy_from_host(const void* source) const {
    if (!is_c_contiguous()) {
        throw ValueError("copy_from_host: the array of shape " + shape_.to_string() +
                         " and strides " + strides_.to_string() + " is not C-contiguous");
    }
    if (size_ == 0) {
        return;
    }
    if (device_.is_cpu()) {
        std::memcpy(data(), source, nbytes());
        return;
    }
    detail::require_cuda_device(device_, "copy_from_host");
    detail::make_current(device_.ordinal());
    const auto cu_stream = static_cast<CUstream>(current_stream(device_).handle());
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

} // namespace gpucc::detail
