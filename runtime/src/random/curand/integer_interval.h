// CuPy 14's RandomState._interval and randint's checks, on the host (integer_interval.cpp):
// uniform integers in [0, mx] from cuRAND's 32-bit words, with CuPy's masking, rejection and
// supplementary draws in CuPy's order, so gpucc's RandomState.randint returns CuPy's values. Kept
// apart from the generator so the tests can drive it with words of their own.
#pragma once

#include "gpucc/array/dtype.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace gpucc::random::detail {

/// randint's interval: values are low + [0, span] (span = high - 1 - low, CuPy's `mx`).
struct IntegerRange {
    std::int64_t low;
    std::uint64_t span;
};

/// CuPy's checks: TypeError for a dtype that is not an integer one (bool included); ValueError
/// "low >= high" and when low or high - 1 lies outside the dtype's range.
IntegerRange check_randint_range(std::int64_t low, std::int64_t high, DType dtype);

/// `count` integers uniform on [0, span], drawn as CuPy's _interval draws them: `words(n)` must
/// return the generator's next n 32-bit words (curandGenerate). A span of 0 draws nothing.
std::vector<std::uint64_t>
draw_interval(std::uint64_t span, std::size_t count,
              const std::function<std::vector<std::uint32_t>(std::size_t)>& words);

/// Writes value + low, wrapped to `dtype`'s width (CuPy's astype(dtype) then add), to `out`.
void store_offset_values(const std::vector<std::uint64_t>& values, std::int64_t low, DType dtype,
                         void* out);

} // namespace gpucc::random::detail
