// Poisson(lam) below kPoissonTableBelow drawn by inverting its cumulative table: one 53-bit
// uniform per value (choice_by_cdf's, on both devices) instead of lam + 1 uniforms (the
// multiplication method) or PTRS's rejection loop with its logarithms. The table is made on the
// host with IEEE multiplications, divisions and additions only (no libm), so it is the same data
// on every machine and the GPU and the CPU draw the same bits by construction.
#pragma once

#include <vector>

namespace gpucc::random::detail {

/// Poisson draws with lam below this use the table; from it, PTRS (random.dsl's `poisson`).
/// Chosen by measurement (bench/results/2026-11-27-random-poisson-table).
inline constexpr double kPoissonTableBelow = 1000.0;

/// The cumulative distribution of Poisson(lam), 0 <= lam < kPoissonTableBelow: entry k is
/// P(X <= k), non-decreasing, up to the first k whose remaining mass is below 2^-60, the last entry
/// exactly 1 (so the last value takes that remaining mass).
std::vector<double> poisson_cdf(double lam);

} // namespace gpucc::random::detail
