// NumPy's shape rules for matmul and the checks of its arguments, apart from the arithmetic
// (matmul.cpp): 1-d operands promoted to matrices, the batch axes broadcast, the result dtype,
// and the errors for bad calls, each naming the argument (linalg/matmul.h lists them). Private
// to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"

namespace gpucc::linalg::detail {

struct MatmulShapes {
    NDArray a2, b2; // the operands as stacks of matrices (1-d promoted), dtypes unchanged
    bool a_vector = false, b_vector = false; // a (b) was 1-d: its added axis leaves the result
    Shape batch;                             // the broadcast batch axes
    Shape full;                              // batch + (m, n)
    Shape result;                            // full without the added axes
    DType dtype = DType::Float64;            // result_type(a, b)
};

/// Checks a and b for `function` (same device, at least 1-d, inner dimensions equal, batch axes
/// broadcastable) and works out the shapes and dtype.
MatmulShapes matmul_shapes(const NDArray& a, const NDArray& b, const char* function);
/// Checks a given output: the result's shape (ShapeError) and dtype (TypeError), the operands'
/// device (DeviceError), no memory shared with a or b (ValueError).
void check_out(const NDArray& out, const NDArray& a, const NDArray& b, const MatmulShapes& shapes,
               const char* function);
/// The result seen without the axes 1-d operands added (a view).
NDArray drop_added_axes(const NDArray& full, const MatmulShapes& shapes);
/// A given output seen with those axes (a view).
NDArray with_added_axes(const NDArray& out, const MatmulShapes& shapes);
/// True when a and b may share a byte (same buffer, overlapping extents).
bool may_overlap(const NDArray& a, const NDArray& b);

} // namespace gpucc::linalg::detail
