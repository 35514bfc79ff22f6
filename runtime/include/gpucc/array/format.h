// Printing arrays as NumPy 2 prints them: to_string(a) and `std::cout << a` give NumPy's repr,
//   array([[1.5 , 2.25],
//          [3.  , 4.  ]], dtype=float32)
// with NumPy's default print options (precision 8, threshold 1000, 3 edge items, line width 75):
// floats in positional or scientific notation by NumPy's rule (scientific when the largest
// magnitude reaches 1e8 for float64, 1e6 for float32, 1e3 for float16, 1e2 for bfloat16, or the
// smallest nonzero one is below 1e-4, or their ratio exceeds 1000), the shortest digits that
// identify each value (at most 8 after the point), padded to align; integers right-aligned; bools
// as True/False. Arrays of more than 1000 elements show 3 items at each edge of each axis around
// "...", and their shape. The dtype follows unless it is float64, int64 or bool; a GPU array's
// device follows as device='cuda:0'. bfloat16, which NumPy lacks, is printed by the same rules.
// Printing a GPU array copies the elements shown to the host (synchronous).
#pragma once

#include <iosfwd>
#include <string>

namespace gpucc {

class NDArray;

/// NumPy's repr of `array` (see the top of this file). Array<T> converts to NDArray, so this
/// prints typed arrays too.
std::string to_string(const NDArray& array);

/// Writes to_string(array).
std::ostream& operator<<(std::ostream& out, const NDArray& array);

} // namespace gpucc
