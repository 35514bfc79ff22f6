// Host-side loops over strided views, shared by the copies (ndarray.cpp, transfer.cpp) and the
// printer: the byte range a view spans, the gather of a view's elements into C order, and the
// general strided copy between two host views. Strides may be negative or zero.
// Private to the runtime.
#pragma once

#include "gpucc/array/shape.h"

#include <cstddef>
#include <cstdint>

namespace gpucc::detail {

/// The byte range [low, high) the elements of a non-empty view span, relative to its first
/// element (low <= 0 < high).
struct ByteSpan {
    std::int64_t low = 0;
    std::int64_t high = 0;
    std::int64_t size() const noexcept { return high - low; }
};
ByteSpan spanned_bytes(const Shape& shape, const Strides& strides, std::int64_t itemsize);

/// Copies the elements of a non-empty view whose element 0 is at `first` to `destination` in C
/// order (destination is contiguous).
void gather(const std::byte* first, const Shape& shape, const Strides& strides,
            std::size_t itemsize, std::byte* destination);

/// Copies every element of the view at `source` (strides `source_strides`) to the same position of
/// the view at `destination`; both have `shape`. The views must not overlap.
void strided_copy(std::byte* destination, const Strides& destination_strides,
                  const std::byte* source, const Strides& source_strides, const Shape& shape,
                  std::size_t itemsize);

} // namespace gpucc::detail
