// The host's choice by a cumulative table (host_choice.h): per batch of 256 elements the Philox
// words, the kernel's 53-bit u, then the search one halving step at a time across the batch (the
// steps depend only on n, so every lane takes the same number; the loads of a step are
// independent, which hides their latency where the kernel's one search at a time waited on each).
#include "host_choice.h"

#include "cpu/thread_pool.h"
#include "host_philox.h"

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kBatch = 256;
/// Elements per chunk of the host pool.
constexpr std::int64_t kChunk = 16384;

struct Draw {
    std::int64_t* y;
    const double* cdf;
    std::int64_t n;
    std::uint64_t seed;
    std::uint64_t first;
    PhiloxIsa isa;
};

void fill_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    std::uint32_t w[4][kBatch];
    std::uint32_t* const words[4] = {w[0], w[1], w[2], w[3]};
    double u[kBatch];
    std::int64_t base[kBatch];
    // The kernel searches [0, n - 1] and never reads cdf[n - 1]: the first k < n - 1 with
    // cdf[k] > u, else n - 1.
    const std::int64_t searched = draw.n - 1;
    for (std::int64_t start = begin; start < end; start += kBatch) {
        const std::int64_t count = end - start < kBatch ? end - start : kBatch;
        philox_words(draw.isa, draw.seed, draw.first + static_cast<std::uint64_t>(start), count,
                     words);
        for (std::int64_t t = 0; t < count; ++t) {
            u[t] = (static_cast<double>(static_cast<std::int32_t>(w[0][t] >> 5)) * 67108864.0 +
                    static_cast<double>(static_cast<std::int32_t>(w[1][t] >> 6))) *
                   1.1102230246251565e-16;
            base[t] = 0;
        }
        std::int64_t* y = draw.y + start;
        if (searched == 0) {
            for (std::int64_t t = 0; t < count; ++t) {
                y[t] = 0;
            }
            continue;
        }
        // Invariant: every k < base[t] has cdf[k] <= u[t], and the answer is in
        // [base[t], base[t] + length].
        for (std::int64_t length = searched; length > 1;) {
            const std::int64_t half = length / 2;
            for (std::int64_t t = 0; t < count; ++t) {
                base[t] += draw.cdf[base[t] + half] <= u[t] ? half : 0;
            }
            length -= half;
        }
        for (std::int64_t t = 0; t < count; ++t) {
            y[t] = base[t] + (draw.cdf[base[t]] <= u[t] ? 1 : 0);
        }
    }
}

} // namespace

void host_choice_by_cdf(std::int64_t* y, std::int64_t count, const double* cdf, std::int64_t n,
                        std::uint64_t seed, std::uint64_t first) {
    Draw draw{y, cdf, n, seed, first, philox_isa()};
    gpucc::detail::ThreadPool::instance().parallel_for(count, kChunk, fill_chunk, &draw);
}

} // namespace gpucc::random::detail
