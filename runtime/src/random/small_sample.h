// choice without replacement for a small sample (k draws from range(n) with k <= 4096 or
// 64 k <= n): Floyd's algorithm on the host in O(k) time and memory, where the sort of n random
// keys (kernels/permutation.dsl) would take O(n). Its draws are the default generator's block
// counters, computed here by the same Philox4x32-10 as random.dsl's, so every device gets the
// same sample.
#pragma once

#include <cstdint>
#include <vector>

namespace gpucc::random::detail {

/// Whether choice(n, k, replace=false) without probabilities takes the O(k) path.
constexpr bool uses_small_sample(std::int64_t n, std::int64_t k) {
    return k <= 4096 || k <= n / 64;
}

/// k distinct indices of range(n) in a uniformly random order (every ordered sample equally
/// likely): Bentley and Floyd's permutation variant of Floyd's algorithm ("A sample of
/// brilliance", CACM 1987): for j = n - k .. n - 1, t uniform on [0, j] from block counter
/// first + (j - n + k); t is put at the front of the list when new, else j goes right after t.
/// Takes k block counters from `first`; 0 <= k <= n.
std::vector<std::int64_t> floyd_sample(std::uint64_t key, std::uint64_t first, std::int64_t n,
                                       std::int64_t k);

} // namespace gpucc::random::detail
