// NDArray::reshape as a view. A C-contiguous array gets C strides for the new shape; any other
// array goes through NumPy's no-copy rule (_attempt_nocopy_reshape in NumPy's shape.c): extents
// of 1 are set aside, the old and new extents are split into the shortest runs with equal
// products, each run of old axes must be contiguous within itself, and the new axes of the run
// take strides that step through it in C order. When a run is not contiguous, reshape copies
// the elements into a new C-contiguous array first, as NumPy does.
#include "gpucc/array/ndarray.h"
#include "gpucc/errors.h"

#include <optional>
#include <string>

namespace gpucc {
namespace {

std::string reshape_prefix(const Shape& from, const Shape& to) {
    return "reshape: cannot reshape an array of shape " + from.to_string() + " into shape " +
           to.to_string();
}

// The strides that view an array of `shape` and `strides` (not C-contiguous, size > 0) with
// `new_shape` (same element count), or nothing when no strides do.
std::optional<Strides> nocopy_strides(const Shape& shape, const Strides& strides,
                                      const Shape& new_shape, std::int64_t itemsize) {
    std::int64_t old_extents[kMaxNdim];
    std::int64_t old_strides[kMaxNdim];
    int old_ndim = 0;
    for (int axis = 0; axis < shape.ndim(); ++axis) {
        if (shape[axis] != 1) { // extents of 1 have no effect, and any stride
            old_extents[old_ndim] = shape[axis];
            old_strides[old_ndim] = strides[axis];
            ++old_ndim;
        }
    }
    const int new_ndim = new_shape.ndim();
    Strides result = Strides::c_contiguous(new_shape, itemsize); // every entry is overwritten
    // [oi, oj) and [ni, nj): the runs of old and new axes with equal products.
    int oi = 0;
    int oj = 1;
    int ni = 0;
    int nj = 1;
    while (ni < new_ndim && oi < old_ndim) {
        std::int64_t new_product = new_shape[ni];
        std::int64_t old_product = old_extents[oi];
        while (new_product != old_product) {
            if (new_product < old_product) {
                new_product *= new_shape[nj++];
            } else {
                old_product *= old_extents[oj++];
            }
        }
        for (int k = oi; k < oj - 1; ++k) { // the old run must be contiguous in C order
            if (old_strides[k] != old_extents[k + 1] * old_strides[k + 1]) {
                return std::nullopt;
            }
        }
        result[nj - 1] = old_strides[oj - 1];
        for (int k = nj - 1; k > ni; --k) {
            result[k - 1] = result[k] * new_shape[k];
        }
        ni = nj++;
        oi = oj++;
    }
    // Trailing extents of 1 in the new shape.
    const std::int64_t last_stride = ni >= 1 ? result[ni - 1] : itemsize;
    for (int k = ni; k < new_ndim; ++k) {
        result[k] = last_stride;
    }
    return result;
}

} // namespace

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
        } else if (__builtin_mul_overflow(known, shape[axis], &known)) {
            throw ShapeError(reshape_prefix(shape_, shape) + ": the shape has too many elements");
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
    const auto item = static_cast<std::int64_t>(itemsize());
    if (is_c_contiguous()) {
        return with_layout(resolved, Strides::c_contiguous(resolved, item), byte_offset_);
    }
    if (std::optional<Strides> strides = nocopy_strides(shape_, strides_, resolved, item)) {
        return with_layout(resolved, *strides, byte_offset_);
    }
    // As NumPy: the elements in C order, copied (the standard library's copy kernel).
    return copy().reshape(resolved);
}

} // namespace gpucc
