// Choice with replacement and probabilities (Generator::choice(n, size, true, p)), and poisson
// below lam 1000 over Poisson's table (poisson_table.h), computed natively on Device::cpu(): the
// CPU target ran kernels/random.dsl's choice_by_cdf one element at a time, its binary search
// branching on random data, below NumPy's speed (bench/results/2026-11-26-random-cpu-2). The host
// makes the same uniform u of each element's block with the vector Philox (host_philox.h) and finds
// the same index, the first k < n - 1 with cdf[k] > u (else n - 1), by a branch-free search that
// steps 256 elements together. Integer words and exact comparisons: the values are the kernel's bit
// for bit.
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

/// y[e] for e < count as choice_by_cdf over the non-decreasing table cdf[0 .. n) (n >= 1) from
/// block counter `first`. Runs across the host pool's threads.
void host_choice_by_cdf(std::int64_t* y, std::int64_t count, const double* cdf, std::int64_t n,
                        std::uint64_t seed, std::uint64_t first);

} // namespace gpucc::random::detail
