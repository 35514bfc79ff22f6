// Uniform float64 draws (Generator::random and uniform in float64) computed natively on
// Device::cpu(): the kernel uniform_float64 (kernels/common_draws.dsl) measured slower than NumPy's
// random() on the host (bench/results/2026-11-26-random-cpu-2), so the CPU makes the same words
// with the vector Philox (host_philox.h) and converts them in a vectorised loop: the same 53-bit
// value in [0, 1) for the same element, low + range * u evaluated as the kernel writes it.
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

/// Fills y, `tiles` * 512 float64 values, as uniform_float64 launched with `tiles` blocks of 256
/// threads: value 512 k + 256 h + t is low + range * u, u = (a 2^26 + b) 2^-53 with a the top 27
/// bits of word 2h and b the top 26 bits of word 2h + 1 of the block of counter first + 256 k + t.
/// Runs across the host pool's threads.
void host_uniform_float64(double* y, std::int64_t tiles, std::uint64_t seed, std::uint64_t first,
                          double low, double range);

} // namespace gpucc::random::detail
