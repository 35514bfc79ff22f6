// Gamma draws (Generator::gamma, standard_gamma and beta's two log-gammas) computed natively on
// Device::cpu(): the CPU target ran kernels/random.dsl's `gamma` one element at a time, Philox
// rounds included, at about half of NumPy's speed (bench/results/2026-11-26-random-cpu-2). The
// host makes the first blocks of 256 elements with the vector Philox (host_philox.h), their
// log u1 and cos(angle) with glibc's vector math (as the CPU target's kernel does), and evaluates
// the kernel's Marsaglia-Tsang step with the same float64 operations in the same order (no
// contraction); a rejected element takes its further blocks (counter, attempt, 0) one at a time
// with scalar libm, and the outputs' log or pow are taken a batch at a time again. So element e is
// the kernel's value up to the last bits of the math functions, as between the GPU and the CPU.
// Runs across the host pool's threads.
#pragma once

#include "gpucc/array/dtype.h"
#include "host_philox.h"

#include <cstdint>

namespace gpucc::random::detail {

/// Fills y, `n` values of `dtype` (float32 or float64), as random.dsl's gamma launched over n
/// elements from block counter `first`: scale * Gamma(shape, 1), or its log when `log_output`.
/// `isa` (philox_isa() in the library) picks the Philox and the log, cos and pow of the first
/// attempts and the outputs: libm's scalar functions (Baseline) or libmvec's vector ones (Avx2,
/// Avx512, as the CPU target's kernel), which can differ in the last bits. gpucc::TypeError for
/// another dtype; std::invalid_argument when the CPU lacks `isa`.
void host_gamma(PhiloxIsa isa, DType dtype, void* y, std::int64_t n, std::uint64_t seed,
                std::uint64_t first, double shape, double scale, bool log_output);

/// out[e] = X / (X + Y) for e < n as Generator::beta forms it from the kernel's log-gammas:
/// log X of gamma(a) from block counter first_x, log Y of gamma(b) from first_y (a, b > 0), then
/// 1 / (1 + exp(log Y - log X)), exp by libmvec (scalar libm at Baseline). One pass per chunk,
/// across the host pool.
void host_beta(PhiloxIsa isa, double* out, std::int64_t n, std::uint64_t seed,
               std::uint64_t first_x, std::uint64_t first_y, double a, double b);

} // namespace gpucc::random::detail
