// Bounded integers (Generator::integers with a span up to 2^32) computed natively on
// Device::cpu(): the kernel integers32 (kernels/common_draws.dsl) keeps a rejection loop that
// stops the host compiler from vectorising it, so on the CPU the draw is a vector Philox
// (host_philox.h), a vector multiply-shift for every value, and the kernel's rejection steps only
// for the rare values that need them. The values are the kernel's, bit for bit, so a seed gives
// the same integers on every device.
#pragma once

#include "gpucc/array/dtype.h"

#include <cstdint>

namespace gpucc::random::detail {

/// Fills `y`, `tiles` * 1024 contiguous values of the integer `dtype` (bool, int8 .. uint64) on
/// the host, exactly as integers32 launched with `tiles` blocks of 256 threads: value
/// 1024 k + 256 lane + t is low + hi(w * span) for word `lane` of the block of counter
/// first + 256 k + t (span = span_minus_1 + 1; w itself when span is 2^32), truncated to the
/// dtype, where a word with lo(w * span) < 2^32 mod span is replaced by the next words of blocks
/// (counter, attempt, lane), attempt = 1, 2, ... Runs across the host pool's threads.
/// TypeError for another dtype.
void host_integers32(DType dtype, void* y, std::int64_t tiles, std::uint64_t seed,
                     std::uint64_t first, std::uint64_t low, std::uint32_t span_minus_1);

} // namespace gpucc::random::detail
