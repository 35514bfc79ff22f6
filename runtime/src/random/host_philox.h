// Philox4x32-10 blocks made on the host with the CPU's vector units, for the draws that the CPU
// target computes natively instead of through the kernels (the sorted keys of a permutation or
// choice of at most 256 entries, host_integers.h's bounded integers): eight blocks at a time, AVX2
// or AVX-512 where the CPU has them and the host kernels' level allows (GPUCC_HOST_ISA=x86-64 keeps
// the baseline). Every way gives the bits random.dsl's philox4x32_10 gives for block (counter, 0,
// 0).
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

enum class PhiloxIsa { Baseline, Avx2, Avx512 };

/// Whether this CPU can run `isa`.
bool philox_isa_supported(PhiloxIsa isa);

/// The widest way this CPU supports within the level host kernels run at (gpucc::host_isa()).
PhiloxIsa philox_isa();

/// keys[e] = (w1 << 32) | w0 of the block of counter first + e (words 2 and 3 of the counter
/// zero; counters wrap at 2^64), for e < count: the permutation keys of kernels/permutation.dsl.
/// std::invalid_argument when the CPU lacks `isa`.
void philox_keys(PhiloxIsa isa, std::uint64_t seed, std::uint64_t first, std::int64_t count,
                 std::uint64_t* keys);

/// words[j][e] = word j of the block of counter first + e, for j < 4 and e < count.
/// std::invalid_argument when the CPU lacks `isa`.
void philox_words(PhiloxIsa isa, std::uint64_t seed, std::uint64_t first, std::int64_t count,
                  std::uint32_t* const words[4]);

/// The four words of the block (counter, counter >> 32, word2, word3) under `seed`, one block.
void philox_block(std::uint64_t seed, std::uint64_t counter, std::uint32_t word2,
                  std::uint32_t word3, std::uint32_t out[4]);

} // namespace gpucc::random::detail
