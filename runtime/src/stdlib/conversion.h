// Conversion between dtypes inside the runtime (conversion.cpp): what NDArray::astype and copy()
// run, and what the ufuncs use to cast operands to their loop's type and results into a given
// output of another type (NumPy's casting pass, made an explicit kernel launch here).
#pragma once

#include "gpucc/array/ndarray.h"

namespace gpucc::stdlib {

/// Writes `source` converted to `destination`'s dtype into `destination` (same shape, same
/// device; the launch checks both). The rules are astype's
/// (runtime/src/stdlib/kernels/conversion.dsl).
void convert_into(const NDArray& source, const NDArray& destination);

} // namespace gpucc::stdlib
