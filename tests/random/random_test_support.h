// What the random tests share: an independent Philox4x32-10 written from the paper, the layout of
// a draw (which block counter and word make element e, runtime/src/random/kernels/random.dsl),
// the statistics the distribution tests use (Kolmogorov-Smirnov distances and chi-square), and
// the checks of samples and permutations (distinct values in range, cycles).
#pragma once

#include "support/device_under_test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <gpucc/gpucc.h>
#include <utility>
#include <vector>

namespace random_test {

using gpucc_test::device_under_test;

using Block = std::array<std::uint32_t, 4>;

/// Philox4x32-10: ten rounds, the key bumped after each (Salmon et al., SC 2011).
inline Block philox(Block x, std::uint32_t k0, std::uint32_t k1) {
    for (int round = 0; round < 10; ++round) {
        const std::uint64_t a = std::uint64_t{0xD2511F53} * x[0];
        const std::uint64_t b = std::uint64_t{0xCD9E8D57} * x[2];
        x = {static_cast<std::uint32_t>(b >> 32) ^ x[1] ^ k0, static_cast<std::uint32_t>(b),
             static_cast<std::uint32_t>(a >> 32) ^ x[3] ^ k1, static_cast<std::uint32_t>(a)};
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return x;
}

/// The block of counter (counter, word2, word3) under `seed`.
inline Block block_at(std::uint64_t seed, std::uint64_t counter, std::uint32_t word2 = 0,
                      std::uint32_t word3 = 0) {
    return philox({static_cast<std::uint32_t>(counter), static_cast<std::uint32_t>(counter >> 32),
                   word2, word3},
                  static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32));
}

/// The permutation key of block counter `counter`: (w1 << 32) | w0.
inline std::uint64_t reference_key(std::uint64_t seed, std::uint64_t counter) {
    const Block b = block_at(seed, counter);
    return (std::uint64_t{b[1]} << 32) | b[0];
}

/// The indices 0 .. n-1 sorted by (key, index), index e's key reference_key(seed, first + e), by
/// std::sort: the order of permutation, shuffle and choice without replacement from at most 256
/// entries.
inline std::vector<std::int64_t> reference_order(std::uint64_t seed, std::uint64_t first,
                                                 std::int64_t n) {
    std::vector<std::pair<std::uint64_t, std::int64_t>> keys;
    keys.reserve(static_cast<std::size_t>(n));
    for (std::int64_t e = 0; e < n; ++e) {
        keys.emplace_back(reference_key(seed, first + static_cast<std::uint64_t>(e)), e);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::int64_t> order;
    order.reserve(keys.size());
    for (const auto& key : keys) {
        order.push_back(key.second);
    }
    return order;
}

/// Where element e of a draw with `per_block` values per block (4 or 2) comes from: the block
/// counter (relative to the draw's first) and which value of the block.
struct Source {
    std::uint64_t counter;
    int value;
};

inline Source source_of(std::int64_t e, int per_block) {
    const std::int64_t tile = e / (256 * per_block);
    const std::int64_t rest = e % (256 * per_block);
    return {static_cast<std::uint64_t>(tile * 256 + rest % 256), static_cast<int>(rest / 256)};
}

/// Block counters a draw of n values takes.
inline std::uint64_t counters_for(std::int64_t n, int per_block) {
    return static_cast<std::uint64_t>((n + 256 * per_block - 1) / (256 * per_block) * 256);
}

/// integers32's value for element e: Lemire's method with its rejection words.
inline std::uint64_t reference_integer32(std::uint64_t seed, std::uint64_t first, std::int64_t e,
                                         std::uint32_t span_minus_1) {
    const Source at = source_of(e, 4);
    const std::uint64_t counter = first + at.counter;
    const std::uint32_t word = block_at(seed, counter)[at.value];
    const std::uint32_t span = span_minus_1 + 1;
    if (span == 0) {
        return word;
    }
    std::uint64_t product = std::uint64_t{word} * span;
    std::uint32_t attempt = 0;
    int used = 4;
    Block extra{};
    const std::uint32_t threshold = (0u - span) % span;
    while (static_cast<std::uint32_t>(product) < threshold) {
        if (used == 4) {
            extra = block_at(seed, counter, ++attempt, static_cast<std::uint32_t>(at.value));
            used = 0;
        }
        product = std::uint64_t{extra[used++]} * span;
    }
    return product >> 32;
}

/// NumPy's random_double from two words: [0, 1) in steps of 2^-53.
inline double unit53(std::uint32_t a, std::uint32_t b) {
    return (static_cast<double>(a >> 5) * 67108864.0 + static_cast<double>(b >> 6)) /
           9007199254740992.0;
}

/// sup |F_n - F| of a sample against a continuous CDF (the sample is sorted in place).
inline double ks_distance(std::vector<double>& sample, const std::function<double(double)>& cdf) {
    std::sort(sample.begin(), sample.end());
    const double n = static_cast<double>(sample.size());
    double d = 0;
    for (std::size_t k = 0; k < sample.size(); ++k) {
        const double f = cdf(sample[k]);
        d = std::max({d, f - static_cast<double>(k) / n, static_cast<double>(k + 1) / n - f});
    }
    return d;
}

/// sup |F_n - G_m| of two samples (both sorted in place).
inline double ks_two_sample(std::vector<double>& a, std::vector<double>& b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::size_t i = 0;
    std::size_t j = 0;
    double d = 0;
    while (i < a.size() && j < b.size()) {
        const double x = std::min(a[i], b[j]);
        while (i < a.size() && a[i] <= x) {
            ++i;
        }
        while (j < b.size() && b[j] <= x) {
            ++j;
        }
        d = std::max(d, std::fabs(static_cast<double>(i) / static_cast<double>(a.size()) -
                                  static_cast<double>(j) / static_cast<double>(b.size())));
    }
    return d;
}

/// The Kolmogorov-Smirnov critical distance at significance 1e-4 (c = sqrt(-ln(alpha / 2) / 2)
/// = 2.23) for samples of n and m (one sample: m = infinity, pass 0).
inline double ks_critical(double n, double m = 0) {
    const double c = 2.23;
    return m == 0 ? c / std::sqrt(n) : c * std::sqrt((n + m) / (n * m));
}

/// Pearson's chi-square of observed counts against expected counts (bins with expected count
/// below 5 are merged into their neighbour by the caller's binning).
inline double chi_square(const std::vector<double>& observed, const std::vector<double>& expected) {
    double chi2 = 0;
    for (std::size_t k = 0; k < observed.size(); ++k) {
        chi2 += (observed[k] - expected[k]) * (observed[k] - expected[k]) / expected[k];
    }
    return chi2;
}

/// An upper bound of chi-square's 1 - 1e-4 quantile with `dof` degrees of freedom
/// (Wilson-Hilferty with z = 3.72, plus a margin of 1 for small dof).
inline double chi_square_critical(double dof) {
    const double z = 3.72;
    const double h = 2.0 / (9.0 * dof);
    return dof * std::pow(1 - h + z * std::sqrt(h), 3) + 1;
}

/// The values of `x` as int64 on the host (permutations and samples of any integer dtype).
inline std::vector<std::int64_t> ints(const gpucc::NDArray& x) {
    return gpucc::Array<std::int64_t>(x.astype(gpucc::DType::Int64)).to_host();
}

/// Every value in range(n) and none twice (a bitmap of n bits).
inline void expect_distinct_in_range(const std::vector<std::int64_t>& sample, std::int64_t n) {
    std::vector<bool> seen(static_cast<std::size_t>(n), false);
    for (std::size_t j = 0; j < sample.size(); ++j) {
        ASSERT_GE(sample[j], 0) << "n = " << n << ", element " << j;
        ASSERT_LT(sample[j], n) << "n = " << n << ", element " << j;
        ASSERT_FALSE(seen[static_cast<std::size_t>(sample[j])])
            << "n = " << n << ", value " << sample[j] << " repeats at " << j;
        seen[static_cast<std::size_t>(sample[j])] = true;
    }
}

/// The number of cycles of a permutation of range(p.size()).
inline std::size_t cycles_of(const std::vector<std::int64_t>& p) {
    std::vector<bool> visited(p.size(), false);
    std::size_t cycles = 0;
    for (std::size_t start = 0; start < p.size(); ++start) {
        if (!visited[start]) {
            ++cycles;
            for (std::size_t e = start; !visited[e]; e = static_cast<std::size_t>(p[e])) {
                visited[e] = true;
            }
        }
    }
    return cycles;
}

} // namespace random_test
