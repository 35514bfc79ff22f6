// The host's uniform float64 draw (host_uniform.h): per tile of 256 blocks, the Philox words of
// all of them, then two conversion loops (words 0 and 1, words 2 and 3) compiled at each level,
// so that they vectorise.
#include "host_uniform.h"

#include "cpu/thread_pool.h"
#include "host_philox.h"

#include <cmath>

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kThreads = 256;
/// Tiles per chunk of the host pool (32 K values).
constexpr std::int64_t kTilesPerChunk = 64;

/// out[t] = fma(range, u(high[t], low_word[t]), low) for t < 256, the kernel's expression.
[[gnu::always_inline]] inline void convert(const std::uint32_t* __restrict high,
                                           const std::uint32_t* __restrict low_word,
                                           double* __restrict out, double low, double range) {
    for (std::int64_t t = 0; t < kThreads; ++t) {
        const double u =
            (static_cast<double>(static_cast<std::int32_t>(high[t] >> 5)) * 67108864.0 +
             static_cast<double>(static_cast<std::int32_t>(low_word[t] >> 6))) *
            1.1102230246251565e-16;
        out[t] = std::fma(range, u, low);
    }
}

void convert_baseline(const std::uint32_t* high, const std::uint32_t* low_word, double* out,
                      double low, double range) {
    convert(high, low_word, out, low, range);
}

// The kernel's explicit fma (one rounding), vectorised with the FMA instructions the AVX2 and
// AVX-512 levels have; the baseline calls libm's fma, which is exact too.
[[gnu::target("avx2,fma")]] void convert_avx2(const std::uint32_t* high,
                                              const std::uint32_t* low_word, double* out,
                                              double low, double range) {
    convert(high, low_word, out, low, range);
}

[[gnu::target("avx512f,avx512dq,avx512vl")]] void convert_avx512(const std::uint32_t* high,
                                                                 const std::uint32_t* low_word,
                                                                 double* out, double low,
                                                                 double range) {
    convert(high, low_word, out, low, range);
}

struct Draw {
    double* y;
    std::uint64_t seed;
    std::uint64_t first;
    double low;
    double range;
    PhiloxIsa isa;
};

void fill_tiles(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    const auto converter = draw.isa == PhiloxIsa::Avx512 ? convert_avx512
                           : draw.isa == PhiloxIsa::Avx2 ? convert_avx2
                                                         : convert_baseline;
    std::uint32_t w[4][kThreads];
    std::uint32_t* const words[4] = {w[0], w[1], w[2], w[3]};
    for (std::int64_t tile = begin; tile < end; ++tile) {
        philox_words(draw.isa, draw.seed, draw.first + static_cast<std::uint64_t>(tile * kThreads),
                     kThreads, words);
        double* out = draw.y + tile * 2 * kThreads;
        converter(w[0], w[1], out, draw.low, draw.range);
        converter(w[2], w[3], out + kThreads, draw.low, draw.range);
    }
}

} // namespace

void host_uniform_float64(double* y, std::int64_t tiles, std::uint64_t seed, std::uint64_t first,
                          double low, double range) {
    Draw draw{y, seed, first, low, range, philox_isa()};
    gpucc::detail::ThreadPool::instance().parallel_for(tiles, kTilesPerChunk, fill_tiles, &draw);
}

} // namespace gpucc::random::detail
