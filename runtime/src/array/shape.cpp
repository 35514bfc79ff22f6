// Shape and Strides helpers: formatting, products, C-order strides, their errors.
#include "gpucc/array/shape.h"

#include "gpucc/errors.h"

#include <algorithm>
#include <string>

namespace gpucc {
namespace detail {

void throw_too_many_dims(int ndim) {
    throw ShapeError("an array may have at most " + std::to_string(kMaxNdim) + " dimensions, got " +
                     std::to_string(ndim));
}

void throw_dim_out_of_range(unsigned long long value) {
    throw ShapeError("a dimension must fit in int64, got " + std::to_string(value));
}

std::string DimVector::to_string() const {
    std::string text = "(";
    for (int i = 0; i < ndim_; ++i) {
        if (i > 0) {
            text += ", ";
        }
        text += std::to_string(dims_[i]);
    }
    text += ndim_ == 1 ? ",)" : ")";
    return text;
}

bool DimVector::equals(const DimVector& other) const noexcept {
    return ndim_ == other.ndim_ && std::equal(begin(), end(), other.begin());
}

} // namespace detail

std::int64_t Shape::element_count() const noexcept {
    std::int64_t count = 1;
    for (std::int64_t extent : *this) {
        count *= extent;
    }
    return count;
}

Strides Strides::c_contiguous(const Shape& shape, std::int64_t itemsize) {
    std::int64_t values[kMaxNdim];
    std::int64_t step = itemsize;
    for (int axis = shape.ndim() - 1; axis >= 0; --axis) {
        values[axis] = step;
        step *= std::max<std::int64_t>(shape[axis], 1); // NumPy's rule for empty dimensions
    }
    return Strides(std::span<const std::int64_t>(values, static_cast<std::size_t>(shape.ndim())));
}

} // namespace gpucc
