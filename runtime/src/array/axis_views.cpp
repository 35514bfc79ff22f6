// Views that rearrange axes without moving the first element: transpose (reversed or permuted),
// swapaxes, squeeze, expand_dims and broadcast_to (stride 0 for repeated axes).
#include "array/axis.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/errors.h"

#include <span>
#include <string>
#include <utility>

namespace gpucc {
namespace {

std::string axes_text(std::span<const int> axes) {
    std::string text = "(";
    for (std::size_t i = 0; i < axes.size(); ++i) {
        text += (i > 0 ? ", " : "") + std::to_string(axes[i]);
    }
    return text + (axes.size() == 1 ? ",)" : ")");
}

} // namespace

NDArray NDArray::transpose() const {
    Shape shape;
    Strides strides;
    for (int axis = ndim() - 1; axis >= 0; --axis) {
        shape.push_back(shape_[axis]);
        strides.push_back(strides_[axis]);
    }
    return with_layout(shape, strides, byte_offset_);
}

NDArray NDArray::transpose(std::span<const int> axes) const {
    if (static_cast<int>(axes.size()) != ndim()) {
        throw ValueError("transpose: axes " + axes_text(axes) + " name " +
                         std::to_string(axes.size()) + " axes but the array has " +
                         std::to_string(ndim()) + " dimensions");
    }
    bool seen[kMaxNdim] = {};
    Shape shape;
    Strides strides;
    for (int axis : axes) {
        const int normalized = detail::normalize_axis(axis, ndim(), "transpose: axes");
        if (seen[normalized]) {
            throw ValueError("transpose: axes " + axes_text(axes) + " name axis " +
                             std::to_string(normalized) + " twice");
        }
        seen[normalized] = true;
        shape.push_back(shape_[normalized]);
        strides.push_back(strides_[normalized]);
    }
    return with_layout(shape, strides, byte_offset_);
}

NDArray NDArray::swapaxes(int axis1, int axis2) const {
    const int first = detail::normalize_axis(axis1, ndim(), "swapaxes: axis1");
    const int second = detail::normalize_axis(axis2, ndim(), "swapaxes: axis2");
    Shape shape = shape_;
    Strides strides = strides_;
    std::swap(shape[first], shape[second]);
    std::swap(strides[first], strides[second]);
    return with_layout(shape, strides, byte_offset_);
}

NDArray NDArray::squeeze() const {
    Shape shape;
    Strides strides;
    for (int axis = 0; axis < ndim(); ++axis) {
        if (shape_[axis] != 1) {
            shape.push_back(shape_[axis]);
            strides.push_back(strides_[axis]);
        }
    }
    return with_layout(shape, strides, byte_offset_);
}

NDArray NDArray::squeeze(int axis) const {
    const int removed = detail::normalize_axis(axis, ndim(), "squeeze: axis");
    if (shape_[removed] != 1) {
        throw ValueError("squeeze: axis " + std::to_string(axis) + " has extent " +
                         std::to_string(shape_[removed]) + " in shape " + shape_.to_string() +
                         "; only an axis of extent 1 can be removed");
    }
    Shape shape;
    Strides strides;
    for (int a = 0; a < ndim(); ++a) {
        if (a != removed) {
            shape.push_back(shape_[a]);
            strides.push_back(strides_[a]);
        }
    }
    return with_layout(shape, strides, byte_offset_);
}

NDArray NDArray::expand_dims(int axis) const {
    const int inserted = detail::normalize_axis(axis, ndim() + 1, "expand_dims: axis");
    Shape shape;
    for (int a = 0; a < ndim(); ++a) {
        if (a == inserted) {
            shape.push_back(1);
        }
        shape.push_back(shape_[a]);
    }
    if (inserted == ndim()) {
        shape.push_back(1);
    }
    return reshape(shape); // as NumPy does; inserting an extent of 1 never needs a copy
}

NDArray NDArray::broadcast_to(const Shape& shape) const {
    detail::checked_element_count(shape, itemsize(), "broadcast_to");
    const std::string prefix = "broadcast_to: cannot broadcast an array of shape " +
                               shape_.to_string() + " to shape " + shape.to_string();
    if (shape.ndim() < ndim()) {
        throw ShapeError(prefix + ": the target has " + std::to_string(shape.ndim()) +
                         " dimensions, fewer than the array's " + std::to_string(ndim()));
    }
    const int added = shape.ndim() - ndim();
    Strides strides;
    for (int axis = 0; axis < shape.ndim(); ++axis) {
        if (axis < added) {
            strides.push_back(0);
            continue;
        }
        const int source_axis = axis - added;
        const std::int64_t extent = shape_[source_axis];
        if (extent == shape[axis]) {
            strides.push_back(strides_[source_axis]);
        } else if (extent == 1) {
            strides.push_back(0);
        } else {
            throw ShapeError(prefix + ": axis " + std::to_string(source_axis) +
                             " of the array has extent " + std::to_string(extent) +
                             ", which must be 1 or the target's " + std::to_string(shape[axis]) +
                             " (target axis " + std::to_string(axis) + ")");
        }
    }
    return with_layout(shape, strides, byte_offset_);
}

} // namespace gpucc
