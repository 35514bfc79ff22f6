// The host's row gather (host_take.h): rows of 1, 2, 4 or 8 bytes as typed loads and stores (a
// shuffle of a 1-d array is a gather of single elements), longer rows by memcpy; chunks of rows
// across the host pool.
#include "host_take.h"

#include "cpu/thread_pool.h"

#include <cstring>

namespace gpucc::random::detail {
namespace {

/// Rows per chunk of the host pool.
constexpr std::int64_t kRowsPerChunk = 16384;

struct Take {
    const unsigned char* source;
    const std::int64_t* index;
    unsigned char* out;
    std::int64_t source_length;
    std::int64_t out_length;
    std::int64_t row_bytes;
};

template <class Word>
void take_words(const Take& take, std::int64_t begin, std::int64_t end) {
    const auto* source = reinterpret_cast<const Word*>(take.source);
    auto* out = reinterpret_cast<Word*>(take.out);
    for (std::int64_t row = begin; row < end; ++row) {
        const std::int64_t o = row / take.out_length;
        const std::int64_t j = row - o * take.out_length;
        out[row] = source[o * take.source_length + take.index[j]];
    }
}

void take_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const Take& take = *static_cast<const Take*>(context);
    switch (take.row_bytes) {
    case 1:
        return take_words<std::uint8_t>(take, begin, end);
    case 2:
        return take_words<std::uint16_t>(take, begin, end);
    case 4:
        return take_words<std::uint32_t>(take, begin, end);
    case 8:
        return take_words<std::uint64_t>(take, begin, end);
    default:
        for (std::int64_t row = begin; row < end; ++row) {
            const std::int64_t o = row / take.out_length;
            const std::int64_t j = row - o * take.out_length;
            std::memcpy(take.out + row * take.row_bytes,
                        take.source + (o * take.source_length + take.index[j]) * take.row_bytes,
                        static_cast<std::size_t>(take.row_bytes));
        }
    }
}

} // namespace

void host_take_rows(const void* source, const std::int64_t* index, void* out, std::int64_t outer,
                    std::int64_t source_length, std::int64_t out_length, std::int64_t row_bytes) {
    if (outer == 0 || out_length == 0 || row_bytes == 0) {
        return;
    }
    Take take{static_cast<const unsigned char*>(source),
              index,
              static_cast<unsigned char*>(out),
              source_length,
              out_length,
              row_bytes};
    gpucc::detail::ThreadPool::instance().parallel_for(outer * out_length, kRowsPerChunk,
                                                       take_chunk, &take);
}

} // namespace gpucc::random::detail
