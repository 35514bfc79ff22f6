// choice without replacement of k from range(n) for n above kFeistelMaxSortedPopulation, and
// permutation(n) (k = n, the same counters and values; shuffle and permutation(x) gather by it):
// element j of the sample is pi(j) for a keyed pseudo-random bijection pi of range(n), so a sample
// of k costs O(k) on every device, each element computed alone (a sort of n keys would cost O(n),
// however small k is). pi is a Feistel network on b bits, b the smallest count with 2^b >= n
// (halves of floor(b / 2) and ceil(b / 2) bits), restricted to range(n) by cycle walking, then a
// seeded transposition of the values 0 and 1. This file holds the definition (the key schedule and
// one element, which the tests and kernels/permutation.dsl's feistel_choice follow) and the CPU's
// vectorised evaluation across the host pool.
#pragma once

#include "host_philox.h"

#include <cstdint>

namespace gpucc::random::detail {

/// Populations up to this size keep the sort's definition (the first k of n random keys' order,
/// every ordering exactly equally likely); larger ones take the Feistel bijection (halves of at
/// least 4 and 5 bits).
constexpr std::int64_t kFeistelMaxSortedPopulation = 256;

/// Whether choice(n, k, replace=false) without probabilities, and permutation(n), take the
/// Feistel bijection.
constexpr bool uses_feistel_choice(std::int64_t n) {
    return n > kFeistelMaxSortedPopulation;
}

/// Rounds of the network. Measured with independent uniform round keys (bench/results/
/// 2026-11-27-random-choice-feistel/rounds: chi-square of pi(1) - pi(0), pi(0) xor pi(1), pi(0)
/// and pi(N - 1) against a uniform random permutation's exact probabilities): with 5-bit halves
/// (N = 1024) 6 rounds fail (z = 42 at 10^7 keys), 7, 8 and 10 are marginal (z up to 2.7 at
/// 10^8), 12 pass (|z| <= 1.4); with halves of 4 and 5 bits (N = 512) 8 rounds fail (z = 377),
/// 12 pass (|z| <= 1.4 at 10^8). 12 is the count, with the round function below (and
/// RandomFeistelChoice.NeighboursAreIndependentOverFourMillionKeys fails with 6).
constexpr int kFeistelRounds = 12;

/// Block counters a Feistel choice takes (its 16 words: 12 round keys and the transposition bit),
/// whatever k.
constexpr std::uint64_t kFeistelCounters = 4;

/// One draw's bijection: n, the halves' widths (high_bits = floor(b / 2), low_bits = b -
/// high_bits) and the keys. x is (L, R), its top high_bits and bottom low_bits bits; an even round
/// r sets L ^= f_r(R) & (2^high_bits - 1), an odd one R ^= f_r(L) & (2^low_bits - 1), with
/// f_r(v) = hi32(p) ^ lo32(p), p the 64-bit product of the 32-bit (v ^ round_keys[r]) and
/// 0xD2511F53 (Philox's first multiplier); round_keys[r] is word r % 4 of Philox block counter
/// first + r / 4, and `swap_zero_one` the low bit of word 0 of block first + 3. (For even b two
/// rounds are those of the textbook form (L, R) -> (R, L ^ f(R)) twice.)
struct FeistelChoice {
    std::int64_t n = 0;
    int high_bits = 0;
    int low_bits = 0;
    std::uint32_t round_keys[kFeistelRounds] = {};
    bool swap_zero_one = false;
};

/// The bijection of range(n) for the draw whose block counters start at `first` under `seed`;
/// n > kFeistelMaxSortedPopulation.
FeistelChoice feistel_choice_key(std::uint64_t seed, std::uint64_t first, std::int64_t n);

/// The network on high_bits + low_bits bits, one value x < 2^(high_bits + low_bits).
std::uint64_t feistel_network(const FeistelChoice& key, std::uint64_t x);

/// Element j of the sample (0 <= j < n): pi(j) walked until below n (x = network(x) while x >=
/// n; the network is a bijection of the b-bit values, so this is a bijection of range(n), and
/// since 2^b < 2n the expected number of steps is below 2), then 0 and 1 exchanged when
/// swap_zero_one (a network of 2^b values is always an even permutation; the exchange makes both
/// parities equally likely).
std::int64_t feistel_choice_element(const FeistelChoice& key, std::int64_t j);

/// y[j] = feistel_choice_element(key, j) for j < k, vectorised (AVX2 or AVX-512 where the CPU has
/// them and host kernels may use them) and across the host pool.
void host_feistel_choice(const FeistelChoice& key, std::int64_t* y, std::int64_t k);

/// host_feistel_choice by the way `isa` (the tests run each one the CPU has);
/// std::invalid_argument when the CPU lacks it.
void host_feistel_choice(const FeistelChoice& key, std::int64_t* y, std::int64_t k, PhiloxIsa isa);

} // namespace gpucc::random::detail
