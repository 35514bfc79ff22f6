// Exponential float64 draws (Generator::exponential and standard_exponential in float64) computed
// natively on Device::cpu(): the kernel exponential_float64 (kernels/random.dsl) runs unvectorised
// on the CPU target and measured slower than NumPy's Generator at 1024 values, so the host makes
// the same words with the vector Philox (host_philox.h) and takes exact_math.h's log of the same
// 1 - u a batch at a time (host_gamma_batch.h's vector loops): the kernel's value bit for bit.
#pragma once

#include "host_philox.h"

#include <cstdint>

namespace gpucc::random::detail {

/// Fills y, `tiles` * 512 float64 values, as exponential_float64 launched with `tiles` blocks of
/// 256 threads: value 512 k + 256 h + t is scale * (0 - log(j 2^-53)), j = 2^53 - (a 2^26 + b)
/// with a the top 27 bits of word 2h and b the top 26 bits of word 2h + 1 of the block of counter
/// first + 256 k + t. Runs across the host pool's threads. Throws std::invalid_argument where the
/// CPU lacks `isa`.
void host_exponential_float64(PhiloxIsa isa, double* y, std::int64_t tiles, std::uint64_t seed,
                              std::uint64_t first, double scale);

} // namespace gpucc::random::detail
