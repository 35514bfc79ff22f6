// The host loops over strided views: an odometer over all axes but the last, and a memcpy per row
// where the last axis is contiguous (one element at a time otherwise).
#include "array/strided_host.h"

#include <cstring>

namespace gpucc::detail {

ByteSpan spanned_bytes(const Shape& shape, const Strides& strides, std::int64_t itemsize) {
    ByteSpan span{0, itemsize};
    for (int axis = 0; axis < shape.ndim(); ++axis) {
        const std::int64_t reach = strides[axis] * (shape[axis] - 1);
        (reach < 0 ? span.low : span.high) += reach;
    }
    return span;
}

void strided_copy(std::byte* destination, const Strides& destination_strides,
                  const std::byte* source, const Strides& source_strides, const Shape& shape,
                  std::size_t itemsize) {
    const int ndim = shape.ndim();
    if (ndim == 0) {
        std::memcpy(destination, source, itemsize);
        return;
    }
    for (std::int64_t extent : shape) {
        if (extent == 0) {
            return;
        }
    }
    const int inner = ndim - 1;
    const std::int64_t inner_extent = shape[inner];
    const std::int64_t row_in = source_strides[inner];
    const std::int64_t row_out = destination_strides[inner];
    const auto item = static_cast<std::int64_t>(itemsize);
    std::int64_t index[kMaxNdim] = {};
    std::int64_t in = 0;  // offset of element (index[0], ..., index[inner - 1], 0) in the source
    std::int64_t out = 0; // and in the destination
    while (true) {
        if (row_in == item && row_out == item) {
            std::memcpy(destination + out, source + in,
                        itemsize * static_cast<std::size_t>(inner_extent));
        } else {
            for (std::int64_t i = 0; i < inner_extent; ++i) {
                std::memcpy(destination + out + i * row_out, source + in + i * row_in, itemsize);
            }
        }
        int axis = inner - 1; // odometer over the outer axes
        while (axis >= 0) {
            in += source_strides[axis];
            out += destination_strides[axis];
            if (++index[axis] < shape[axis]) {
                break;
            }
            in -= source_strides[axis] * shape[axis];
            out -= destination_strides[axis] * shape[axis];
            index[axis] = 0;
            --axis;
        }
        if (axis < 0) {
            return;
        }
    }
}

void gather(const std::byte* first, const Shape& shape, const Strides& strides,
            std::size_t itemsize, std::byte* destination) {
    strided_copy(destination, Strides::c_contiguous(shape, static_cast<std::int64_t>(itemsize)),
                 first, strides, shape, itemsize);
}

} // namespace gpucc::detail
