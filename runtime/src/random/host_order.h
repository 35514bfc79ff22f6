// The random order of range(n) behind permutation, shuffle and choice without replacement on
// Device::cpu(), computed natively on the host: the GPU's counting sort (counting_sort.h) run on
// the host pool pays an atomic per key and a rank loop per slot, while a CPU wants streaming,
// cache-sized passes. It makes the same 64-bit Philox keys and gives exactly the same (key, index)
// order, so a seed gives the same permutation on every device.
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

/// The largest n host_random_order takes (its indices are 32-bit); larger orders take the
/// counting sort.
constexpr std::int64_t kHostOrderMaxSize = std::int64_t{1} << 32;

/// Writes the first `wanted` of the indices 0 .. n-1 in ascending (key, index) order to
/// order[0 .. wanted-1] (order has room for `wanted`, and nothing past it is written; a choice
/// without replacement from a small population wants its sample size, a permutation n), index e's
/// key the 64-bit word (w1 << 32) | w0 of Philox block counter first + e under `seed`
/// (kernels/permutation.dsl): counting_sort_order's order. Up to 2^12 keys: one pass on the
/// calling thread; above, across the host pool's threads: the keys made once and counted by their
/// top bits; the keys of the coarse buckets holding the first `wanted` positions copied to those
/// buckets; each bucket ordered in the L1 cache
/// (split by a counting pass into parts of about 2^10 first where larger): a counting pass that
/// leaves about half a key per slot and an insertion sort. 0 <= n <=
/// kHostOrderMaxSize and 0 <= wanted <= n (std::invalid_argument otherwise: the caller checks).
void host_random_order(std::uint64_t seed, std::uint64_t first, std::int64_t n, std::int64_t wanted,
                       std::int64_t* order);

} // namespace gpucc::random::detail
