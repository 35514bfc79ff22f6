// The host's exponential float64 draw (host_exponential.h): per tile of 256 blocks, the Philox
// words of all of them, then for each half of the tile (words 0 and 1, words 2 and 3) 1 - u as the
// exact double j 2^-53, its log by the gamma draw's vector batches and scale * (0 - log). The
// kernel's exponent and mantissa split of j by clz is exact_log's of j 2^-53 (both normalise j
// to [sqrt(2)/2, sqrt(2)) and evaluate the same polynomial with the same fmas), so the values are
// the kernel's. Compiled without floating-point contraction (CMakeLists.txt).
#include "host_exponential.h"

#include "cpu/thread_pool.h"
#include "exact_math.h"
#include "host_gamma_batch.h"

#include <stdexcept>

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kThreads = 256;
static_assert(kThreads == kGammaBatch, "a tile's half is one batch of the vector log");
/// Tiles per chunk of the host pool: 8 K values, host_gamma.cpp's chunk, which smaller chunks did
/// not beat (bench/results/2026-11-27-random-small-cpu).
constexpr std::int64_t kTilesPerChunk = 16;

struct Draw {
    double* y;
    std::uint64_t seed;
    std::uint64_t first;
    double scale;
    PhiloxIsa isa;
};

/// 1 - u of the kernel, j 2^-53 with j = 2^53 - (a 2^26 + b): exact (integers below 2^53 and a
/// power of two), so the loop vectorises without int64 conversions.
void one_minus_u(const std::uint32_t* __restrict high, const std::uint32_t* __restrict low_word,
                 double* __restrict out) {
    for (std::int64_t t = 0; t < kThreads; ++t) {
        const double k = static_cast<double>(static_cast<std::int32_t>(high[t] >> 5)) * 67108864.0 +
                         static_cast<double>(static_cast<std::int32_t>(low_word[t] >> 6));
        out[t] = (9007199254740992.0 - k) * 1.1102230246251565e-16;
    }
}

void log_batch(PhiloxIsa isa, const double* in, double* out) {
    if (isa == PhiloxIsa::Avx512) {
        gamma_batch_avx512(BatchFunction::Log, in, out, 0.0);
    } else if (isa == PhiloxIsa::Avx2) {
        gamma_batch_avx2(BatchFunction::Log, in, out, 0.0);
    } else {
        for (std::int64_t t = 0; t < kThreads; ++t) {
            out[t] = exact_log(in[t]);
        }
    }
}

void fill_tiles(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    std::uint32_t w[4][kThreads];
    std::uint32_t* const words[4] = {w[0], w[1], w[2], w[3]};
    alignas(64) double x[kThreads];
    alignas(64) double log_x[kThreads];
    for (std::int64_t tile = begin; tile < end; ++tile) {
        philox_words(draw.isa, draw.seed, draw.first + static_cast<std::uint64_t>(tile * kThreads),
                     kThreads, words);
        for (int half = 0; half < 2; ++half) {
            one_minus_u(w[2 * half], w[2 * half + 1], x);
            log_batch(draw.isa, x, log_x);
            double* out = draw.y + (tile * 2 + half) * kThreads;
            for (std::int64_t t = 0; t < kThreads; ++t) {
                out[t] = draw.scale * (0.0 - log_x[t]);
            }
        }
    }
}

} // namespace

void host_exponential_float64(PhiloxIsa isa, double* y, std::int64_t tiles, std::uint64_t seed,
                              std::uint64_t first, double scale) {
    if (!philox_isa_supported(isa)) {
        throw std::invalid_argument(
            "random.exponential: this CPU lacks the vector instructions asked for");
    }
    Draw draw{y, seed, first, scale, isa};
    gpucc::detail::ThreadPool::instance().parallel_for(tiles, kTilesPerChunk, fill_tiles, &draw);
}

} // namespace gpucc::random::detail
