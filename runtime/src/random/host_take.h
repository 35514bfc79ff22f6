// The gather behind shuffle, permutation(x, axis) and choice of rows (generator.cpp's
// take_along_axis) on Device::cpu(): whole rows copied by the host pool, where the kernel
// take_along divides two 64-bit indices per element to find its source.
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

/// out row (o, j) = source row (o, index[j]) for o < outer and j < out_length, each row
/// row_bytes bytes; source has outer * source_length rows and out outer * out_length, both
/// contiguous. Every index[j] must be in [0, source_length) (the callers' orders are).
void host_take_rows(const void* source, const std::int64_t* index, void* out, std::int64_t outer,
                    std::int64_t source_length, std::int64_t out_length, std::int64_t row_bytes);

} // namespace gpucc::random::detail
