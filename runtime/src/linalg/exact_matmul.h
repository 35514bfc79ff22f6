// Integer and bool matmul, exact as NumPy's: no BLAS has them, so the library computes them with
// its own kernels, on either device. Private to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"

namespace gpucc::linalg::detail {

/// c = a @ b for a (..., m, k), b (..., k, n) and c (batch..., m, n), all of one integer or bool
/// dtype: integers wrap around on overflow, bool is the logical or of ands.
void exact_matmul(const NDArray& a, const NDArray& b, const NDArray& c);

} // namespace gpucc::linalg::detail
