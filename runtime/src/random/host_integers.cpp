// The host's bounded integers (host_integers.h): per tile of 256 blocks, the Philox words of all
// of them at once, then per word lane one loop that multiplies, stores and notes whether any
// value needs the rejection step (vectorised: no branch inside), and a second, scalar pass over
// that lane only when one does (probability (2^32 mod span) / 2^32 per value).
#include "host_integers.h"

#include "cpu/thread_pool.h"
#include "gpucc/errors.h"
#include "host_philox.h"

#include <string>

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kThreads = 256;
constexpr std::int64_t kTile = 4 * kThreads;
/// Tiles per chunk of the host pool (64 K values).
constexpr std::int64_t kTilesPerChunk = 64;

/// integers32's value for a word whose first product is rejected: the words of blocks
/// (counter, attempt, lane) for attempt = 1, 2, ..., four per block, until one is accepted.
std::uint32_t rejected_value(std::uint64_t seed, std::uint64_t counter, std::uint32_t lane,
                             std::uint32_t word, std::uint32_t span) {
    std::uint64_t product = std::uint64_t{word} * span;
    const std::uint32_t threshold = (0u - span) % span;
    std::uint32_t attempt = 0;
    std::uint32_t used = 4;
    std::uint32_t block[4] = {0, 0, 0, 0};
    while (static_cast<std::uint32_t>(product) < threshold) {
        if (used == 4) {
            ++attempt;
            philox_block(seed, counter, attempt, lane, block);
            used = 0;
        }
        product = std::uint64_t{block[used++]} * span;
    }
    return static_cast<std::uint32_t>(product >> 32);
}

/// One lane's 256 values: out[t] = low + hi(words[t] * span), truncated to T; whether any word
/// has lo(words[t] * span) < span (the only ones that can be rejected). No branch in the loop,
/// so the compiler vectorises it at each level below.
template <class T>
[[gnu::always_inline]] inline bool multiply_lane(const std::uint32_t* __restrict words,
                                                 T* __restrict out, std::uint64_t low,
                                                 std::uint32_t span) {
    std::uint32_t any_low = 0;
    for (std::int64_t t = 0; t < kThreads; ++t) {
        const std::uint64_t product = std::uint64_t{words[t]} * span;
        out[t] = static_cast<T>(low + (product >> 32));
        any_low |= static_cast<std::uint32_t>(static_cast<std::uint32_t>(product) < span);
    }
    return any_low != 0;
}

template <class T>
bool multiply_lane_baseline(const std::uint32_t* words, T* out, std::uint64_t low,
                            std::uint32_t span) {
    return multiply_lane(words, out, low, span);
}

template <class T>
[[gnu::target("avx2")]] bool multiply_lane_avx2(const std::uint32_t* words, T* out,
                                                std::uint64_t low, std::uint32_t span) {
    return multiply_lane(words, out, low, span);
}

template <class T>
[[gnu::target("avx512f,avx512bw,avx512dq,avx512vl")]] bool
multiply_lane_avx512(const std::uint32_t* words, T* out, std::uint64_t low, std::uint32_t span) {
    return multiply_lane(words, out, low, span);
}

struct Draw {
    void* y;
    std::uint64_t seed;
    std::uint64_t first;
    std::uint64_t low;
    std::uint32_t span_minus_1;
    PhiloxIsa isa;
};

template <class T>
void fill_tiles(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    const std::uint32_t span = draw.span_minus_1 + 1u;
    const auto multiply = draw.isa == PhiloxIsa::Avx512 ? multiply_lane_avx512<T>
                          : draw.isa == PhiloxIsa::Avx2 ? multiply_lane_avx2<T>
                                                        : multiply_lane_baseline<T>;
    std::uint32_t w[4][kThreads];
    std::uint32_t* const words[4] = {w[0], w[1], w[2], w[3]};
    for (std::int64_t tile = begin; tile < end; ++tile) {
        const std::uint64_t counter = draw.first + static_cast<std::uint64_t>(tile * kThreads);
        philox_words(draw.isa, draw.seed, counter, kThreads, words);
        for (std::uint32_t lane = 0; lane < 4; ++lane) {
            T* out = static_cast<T*>(draw.y) + tile * kTile + lane * kThreads;
            const std::uint32_t* lane_words = w[lane];
            if (span == 0) { // the full 2^32: the word itself
                for (std::int64_t t = 0; t < kThreads; ++t) {
                    out[t] = static_cast<T>(draw.low + lane_words[t]);
                }
                continue;
            }
            if (!multiply(lane_words, out, draw.low, span)) {
                continue;
            }
            for (std::int64_t t = 0; t < kThreads; ++t) {
                if (static_cast<std::uint32_t>(std::uint64_t{lane_words[t]} * span) < span) {
                    out[t] = static_cast<T>(draw.low +
                                            rejected_value(draw.seed,
                                                           counter + static_cast<std::uint64_t>(t),
                                                           lane, lane_words[t], span));
                }
            }
        }
    }
}

} // namespace

void host_integers32(DType dtype, void* y, std::int64_t tiles, std::uint64_t seed,
                     std::uint64_t first, std::uint64_t low, std::uint32_t span_minus_1) {
    gpucc::detail::ThreadPool::ChunkFn fill = nullptr;
    switch (dtype) {
    case DType::Bool:
        fill = fill_tiles<bool>;
        break;
    case DType::Int8:
        fill = fill_tiles<std::int8_t>;
        break;
    case DType::Int16:
        fill = fill_tiles<std::int16_t>;
        break;
    case DType::Int32:
        fill = fill_tiles<std::int32_t>;
        break;
    case DType::Int64:
        fill = fill_tiles<std::int64_t>;
        break;
    case DType::UInt8:
        fill = fill_tiles<std::uint8_t>;
        break;
    case DType::UInt16:
        fill = fill_tiles<std::uint16_t>;
        break;
    case DType::UInt32:
        fill = fill_tiles<std::uint32_t>;
        break;
    case DType::UInt64:
        fill = fill_tiles<std::uint64_t>;
        break;
    default:
        throw TypeError("random.integers: dtype " + std::string(dtype_name(dtype)) +
                        " is not an integer dtype");
    }
    Draw draw{y, seed, first, low, span_minus_1, philox_isa()};
    gpucc::detail::ThreadPool::instance().parallel_for(tiles, kTilesPerChunk, fill, &draw);
}

} // namespace gpucc::random::detail
