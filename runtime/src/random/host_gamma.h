// Gamma draws (Generator::gamma, standard_gamma and beta's two log-gammas) computed natively on
// Device::cpu(): the CPU target ran kernels/random.dsl's `gamma` one element at a time, Philox
// rounds included, at about half of NumPy's speed (bench/results/2026-11-26-random-cpu-2). The
// host makes every element's first block with the vector Philox (host_philox.h), a few hundred
// at a time, and evaluates the kernel's Marsaglia-Tsang step on them with the same float64
// operations in the same order (no contraction, the same libm functions the CPU target calls), a
// rejected element taking its further blocks (counter, attempt, 0) one at a time; so element e is
// the value the kernel writes on the CPU. Runs across the host pool's threads.
#pragma once

#include "gpucc/array/dtype.h"

#include <cstdint>

namespace gpucc::random::detail {

/// Fills y, `n` values of `dtype` (float32 or float64), as random.dsl's gamma launched over n
/// elements from block counter `first`: scale * Gamma(shape, 1), or its log when `log_output`.
/// gpucc::TypeError for another dtype.
void host_gamma(DType dtype, void* y, std::int64_t n, std::uint64_t seed, std::uint64_t first,
                double shape, double scale, bool log_output);

} // namespace gpucc::random::detail
