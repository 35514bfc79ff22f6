// numpy.trace (linalg/matmul.h): the diagonal is a strided view of the array (its step is the sum
// of the two axes' strides), and its sum is the standard library's sum reduction, a kernel written
// in the language (runtime/src/stdlib/kernels/reduction_sum.dsl): no copy, NumPy's result dtype.
#include "gpucc/errors.h"
#include "gpucc/linalg/matmul.h"
#include "gpucc/stdlib/reduction.h"

#include <algorithm>
#include <string>

namespace gpucc {

NDArray trace(const NDArray& a, std::int64_t offset, int axis1, int axis2) {
    const int nd = a.ndim();
    if (nd < 2) {
        throw ValueError("trace: argument a has " + std::to_string(nd) + " dimension(s) (shape " +
                         a.shape().to_string() + "); the diagonal needs at least 2");
    }
    const auto normalize = [nd](int axis, const char* name) {
        if (axis < -nd || axis >= nd) {
            throw IndexError("trace: " + std::string(name) + " " + std::to_string(axis) +
                             " is out of bounds for an array of dimension " + std::to_string(nd));
        }
        return axis < 0 ? axis + nd : axis;
    };
    const int first = normalize(axis1, "axis1");
    const int second = normalize(axis2, "axis2");
    if (first == second) {
        throw ValueError("trace: axis1 and axis2 are the same axis (" + std::to_string(first) +
                         ")");
    }
    const std::int64_t rows = a.shape()[first];
    const std::int64_t cols = a.shape()[second];
    std::int64_t length = 0;
    std::int64_t start = a.byte_offset();
    if (offset >= 0) {
        length = std::max<std::int64_t>(0, std::min(rows, cols - offset));
        if (length > 0) {
            start += offset * a.strides()[second];
        }
    } else {
        length = std::max<std::int64_t>(0, std::min(rows + offset, cols));
        if (length > 0) {
            start += -offset * a.strides()[first];
        }
    }
    Shape shape;
    Strides strides;
    for (int i = 0; i < nd; ++i) {
        if (i != first && i != second) {
            shape.push_back(a.shape()[i]);
            strides.push_back(a.strides()[i]);
        }
    }
    shape.push_back(length);
    strides.push_back(a.strides()[first] + a.strides()[second]);
    const NDArray diagonal(a.buffer(), a.dtype(), shape, strides, start);
    return sum(diagonal, shape.ndim() - 1);
}

} // namespace gpucc
