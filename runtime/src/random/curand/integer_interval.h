// CuPy 14's RandomState._interval and randint's checks: uniform integers in [0, mx] from cuRAND's
// 32-bit words, with CuPy's masking, rejection and supplementary draws in CuPy's order, so
// gpucc's RandomState.randint returns CuPy's values. randint draws on the array's device
// (interval_on_device.cpp, kernels/curand_interval.dsl); the host form (integer_interval.cpp) is
// the reference the tests hold it to. Kept apart from the generator so the tests can drive both
// with words of their own.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"

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

/// Fills the contiguous uint32 or uint64 array `buffer` with the generator's next
/// buffer.nbytes() / 4 words, in memory order (curandGenerate into its memory).
using WordSource = std::function<void(const NDArray& buffer)>;

/// randint's values on `device`: low + [0, range.span] in `dtype` and `shape`, drawn as
/// draw_interval draws them (the same words in the same order, the same values) followed by
/// store_offset_values, with every pass on the device: only the count of rejected values of
/// each draw, and each chunk's count of matches, come to the host.
NDArray randint_on_device(IntegerRange range, const Shape& shape, DType dtype, Device device,
                          const WordSource& generate);

} // namespace gpucc::random::detail
