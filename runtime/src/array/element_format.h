// The strings NumPy prints for the elements of an array, with its default print options:
// FloatingFormat (positional or scientific, shortest unique digits up to 8 after the point,
// padded so the points align), IntegerFormat (right-aligned to the widest) and BoolFormat.
// Each format looks at all the values shown at once, so it takes them all. Private to the
// runtime: format.cpp lays the strings out.
#pragma once

#include "gpucc/array/dtype.h"

#include <cstddef>
#include <string>
#include <vector>

namespace gpucc::detail {

/// The printed form of each of the `count` values of `dtype` at `values` (packed), in order.
/// `zero_d` is true for the element of a 0-d array (NumPy prints True there, not " True").
std::vector<std::string> format_elements(DType dtype, const std::byte* values, std::size_t count,
                                         bool zero_d);

} // namespace gpucc::detail
