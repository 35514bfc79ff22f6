// The uniform random order of range(n) that permutation, shuffle and choice without replacement
// take (generator.cpp), as a counting sort of its random keys (kernels/permutation.dsl): the keys
// are uniform 64-bit words, so their top bits spread them evenly over buckets of about eight, and
// the order costs four passes over n plus a scan of n / 8 counts, where the sorting network it
// replaces took log2(n)^2 / 2 passes. It is exactly the order of (key, index), so the same
// permutation on every device; the bucket count is a parameter so that tests can force overflowing
// buckets.
#pragma once

#include "gpucc/array/ndarray.h"
#include "gpucc/device/device.h"

#include <cstdint>

namespace gpucc::random::detail {

/// The bucket bits of an order of n: floor(log2(n)) - 3 (about eight keys per bucket), in [1, 40].
int bucket_bits_for(std::int64_t n);

/// The coarse bits of an order with `bucket_bits` fine ones: 0 (one scatter) up to 17 fine bits,
/// else bucket_bits - 9.
int coarse_bits_for(int bucket_bits);

/// The indices 0 .. n-1 in ascending (key, index) order, index e's key the 64-bit word
/// (w1 << 32) | w0 of block counter first + e under `seed` (kernels/permutation.dsl), as an int64
/// array of n on `device`. The keys are counted into 2^bucket_bits buckets by their top
/// bucket_bits bits (1 <= bucket_bits <= 40) and scattered to them, first to 2^coarse_bits coarse
/// buckets (their top coarse_bits bits) when coarse_bits > 0 (0 <= coarse_bits < bucket_bits).
/// Any bucket sizes give this same order, a bucket of m keys costing m^2 comparisons.
NDArray counting_sort_order(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                            int bucket_bits, int coarse_bits, Device device);

} // namespace gpucc::random::detail
