// Floyd's O(k) sample without replacement (small_sample.h), with the host's copy of the Philox
// block function that the kernels compute (random.dsl states the rounds and the counter layout).
#include "small_sample.h"

#include <array>
#include <unordered_map>

namespace gpucc::random::detail {
namespace {

using Block = std::array<std::uint32_t, 4>;

/// Philox4x32-10 of the counter (c0, c1, c2, c3) under `key`, as random.dsl's philox4x32_10.
Block philox(std::uint64_t key, std::uint64_t counter, std::uint32_t attempt) {
    std::uint32_t x0 = static_cast<std::uint32_t>(counter);
    std::uint32_t x1 = static_cast<std::uint32_t>(counter >> 32);
    std::uint32_t x2 = attempt;
    std::uint32_t x3 = 0;
    std::uint32_t key0 = static_cast<std::uint32_t>(key);
    std::uint32_t key1 = static_cast<std::uint32_t>(key >> 32);
    for (int round = 0; round < 10; ++round) {
        const std::uint64_t p0 = std::uint64_t{x0} * 0xD2511F53u;
        const std::uint64_t p1 = std::uint64_t{x2} * 0xCD9E8D57u;
        const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1 ^ key0;
        const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3 ^ key1;
        x1 = static_cast<std::uint32_t>(p1);
        x3 = static_cast<std::uint32_t>(p0);
        x0 = next0;
        x2 = next2;
        key0 += 0x9E3779B9u;
        key1 += 0xBB67AE85u;
    }
    return {x0, x1, x2, x3};
}

/// Uniform on [0, span) (span >= 1) by Lemire's method on 64-bit words: words (0, 1), then
/// (2, 3), of block (counter, attempt) for attempt 0, 1, ..., until one is accepted (the
/// variable-word layout of random.dsl).
std::int64_t bounded(std::uint64_t key, std::uint64_t counter, std::uint64_t span) {
    const std::uint64_t threshold = (0 - span) % span;
    for (std::uint32_t attempt = 0;; ++attempt) {
        const Block block = philox(key, counter, attempt);
        for (int pair = 0; pair < 2; ++pair) {
            const std::uint64_t word =
                std::uint64_t{block[2 * pair]} | (std::uint64_t{block[2 * pair + 1]} << 32);
            const unsigned __int128 product = static_cast<unsigned __int128>(word) * span;
            if (static_cast<std::uint64_t>(product) >= threshold) {
                return static_cast<std::int64_t>(product >> 64);
            }
        }
    }
}

} // namespace

std::vector<std::int64_t> floyd_sample(std::uint64_t key, std::uint64_t first, std::int64_t n,
                                       std::int64_t k) {
    // The sample as a singly linked list (values, next) with each value's node in `node_of`.
    std::vector<std::int64_t> values;
    std::vector<std::int64_t> next;
    values.reserve(static_cast<std::size_t>(k));
    next.reserve(static_cast<std::size_t>(k));
    std::unordered_map<std::int64_t, std::int64_t> node_of;
    node_of.reserve(static_cast<std::size_t>(2 * k));
    std::int64_t head = -1;
    for (std::int64_t step = 0; step < k; ++step) {
        const std::int64_t j = n - k + step;
        const std::int64_t t = bounded(key, first + static_cast<std::uint64_t>(step),
                                       static_cast<std::uint64_t>(j) + 1);
        const std::int64_t node = static_cast<std::int64_t>(values.size());
        const auto found = node_of.find(t);
        if (found == node_of.end()) {
            values.push_back(t);
            next.push_back(head);
            head = node;
            node_of.emplace(t, node);
        } else {
            values.push_back(j);
            next.push_back(next[static_cast<std::size_t>(found->second)]);
            next[static_cast<std::size_t>(found->second)] = node;
            node_of.emplace(j, node);
        }
    }
    std::vector<std::int64_t> sample;
    sample.reserve(static_cast<std::size_t>(k));
    for (std::int64_t node = head; node >= 0; node = next[static_cast<std::size_t>(node)]) {
        sample.push_back(values[static_cast<std::size_t>(node)]);
    }
    return sample;
}

} // namespace gpucc::random::detail
