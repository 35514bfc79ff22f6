// The host's own ordering of the permutation keys on Device::cpu() (runtime/src/random/
// host_order.h): its order is exactly the ascending (key, index) order that std::sort gives the
// keys of an independent Philox here, at sizes around its one-level/two-level switch and its
// small-bucket path, counters crossing 2^32 and wrapping at 2^64 included (host_philox_test.cpp
// checks each vector Philox's keys); it equals the counting sort of
// counting_sort.h on the device under test (the kernels on the CPU build, the GPU's on the GPU
// build: the same seed, the same permutation on both); and Generator::permutation on the CPU is
// that order; a prefix of k is the order's (the prefix written alone, with k at and around the
// coarse buckets' boundaries, and the filter of the keys below a limit, its fallback included:
// choice without replacement from at most 256 entries takes it); and the row gather of shuffle and
// choice (host_take.h) copies the indexed rows.
#include "counting_sort.h"
#include "host_order.h"
#include "host_take.h"
#include "random_test_support.h"

#include <algorithm>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;

std::vector<std::int64_t> host_order(std::uint64_t seed, std::uint64_t first, std::int64_t n) {
    // One slot past the end, to see that nothing is written there.
    std::vector<std::int64_t> order(static_cast<std::size_t>(n) + 1, -7);
    rnd::detail::host_random_order(seed, first, n, n, order.data());
    EXPECT_EQ(order.back(), -7) << "n = " << n << ": wrote past the end";
    order.pop_back();
    return order;
}

TEST(RandomHostOrder, IsTheOrderOfTheKeysAtEverySize) {
    constexpr std::uint64_t kSeed = 0x5EED2222ABCDull;
    std::uint64_t first = 5;
    for (const std::int64_t n :
         {0, 1, 2, 17, 31, 32, 33, 1000, 4095, 4096, 4097, (1 << 16) + 3, 1 << 20}) {
        const auto got = host_order(kSeed, first, n);
        ASSERT_TRUE(got == reference_order(kSeed, first, n)) << "n = " << n;
        first += static_cast<std::uint64_t>(n);
    }
}

// The counters of a draw cross 2^32 (the key's second counter word) and wrap at 2^64 as the
// kernels' uint64 arithmetic does.
TEST(RandomHostOrder, CountersCrossingAndWrappingGiveTheKernelsKeys) {
    constexpr std::uint64_t kSeed = 77;
    for (const std::uint64_t first :
         {(std::uint64_t{1} << 32) - 3000, std::numeric_limits<std::uint64_t>::max() - 2500}) {
        for (const std::int64_t n : {std::int64_t{3001}, std::int64_t{70001}}) {
            ASSERT_TRUE(host_order(kSeed, first, n) == reference_order(kSeed, first, n))
                << "first " << first << ", n = " << n;
        }
    }
}

// The same keys ordered by counting_sort.h's kernels on the device under test: the same order.
TEST(RandomHostOrder, EqualsTheCountingSortOnTheDeviceUnderTest) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::uint64_t kSeed = 2026;
    for (const std::int64_t n : {std::int64_t{3000}, (std::int64_t{1} << 18) + 5}) {
        const int bits = rnd::detail::bucket_bits_for(n);
        const auto device = ints(rnd::detail::counting_sort_order(
            kSeed, 11, n, bits, rnd::detail::coarse_bits_for(bits), device_under_test()));
        ASSERT_TRUE(device == host_order(kSeed, 11, n)) << "n = " << n;
    }
}

// Generator::permutation on the CPU takes the host ordering: the keys of its block counters.
TEST(RandomHostOrder, PermutationOnTheCpuIsThatOrder) {
    rnd::Generator g(31337);
    const auto first = ints(g.permutation(5000, gpucc::Device::cpu()));
    EXPECT_TRUE(first == reference_order(31337, 0, 5000));
    const auto second = ints(g.permutation(70000, gpucc::Device::cpu()));
    EXPECT_TRUE(second == reference_order(31337, 5000, 70000));
}

// A prefix wants only the first k positions: those are the full order's.
TEST(RandomHostOrder, AWantedPrefixIsTheFullOrdersPrefix) {
    constexpr std::int64_t kN = (std::int64_t{1} << 18) + 5;
    const auto want = reference_order(404, 9, kN);
    for (const std::int64_t wanted : {std::int64_t{0}, std::int64_t{1}, kN / 3, kN - 1}) {
        std::vector<std::int64_t> order(static_cast<std::size_t>(kN), -1);
        rnd::detail::host_random_order(404, 9, kN, wanted, order.data());
        ASSERT_TRUE(std::equal(order.begin(), order.begin() + wanted, want.begin()))
            << "wanted " << wanted;
    }
}

/// The first `wanted` of host_random_order into a buffer of exactly `wanted` plus guard slots
/// that must stay untouched.
std::vector<std::int64_t> host_prefix(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                                      std::int64_t wanted) {
    constexpr std::size_t kGuard = 4;
    std::vector<std::int64_t> order(static_cast<std::size_t>(wanted) + kGuard, -7);
    rnd::detail::host_random_order(seed, first, n, wanted, order.data());
    for (std::size_t g = 0; g < kGuard; ++g) {
        EXPECT_EQ(order[static_cast<std::size_t>(wanted) + g], -7)
            << "n = " << n << ", wanted " << wanted << ": wrote past the end";
    }
    order.resize(static_cast<std::size_t>(wanted));
    return order;
}

// The two-level ordering keeps only the coarse buckets (top 8 bits of the key) that hold the
// first `wanted` positions and orders the last of them in part: at every k around the bucket
// boundaries (k the number of keys below a bucket, and one either side), k = 1, n - 1 and n, sizes
// that are not powers of two, just above the one-level switch and large enough for each bucket
// to hold thousands of keys sharing their top bits, the prefix is exactly the full (key, index)
// order's, and nothing past it is written.
TEST(RandomHostOrder, APrefixStopsAtAnyBucketBoundaryAndIsTheFullOrders) {
    constexpr std::uint64_t kSeed = 0xC401CE5EEDull;
    for (const std::int64_t n :
         {std::int64_t{4097}, std::int64_t{50001}, (std::int64_t{1} << 19) + 77}) {
        const std::uint64_t first = 3 + static_cast<std::uint64_t>(n);
        const auto want = reference_order(kSeed, first, n);
        // below[b]: the keys whose top 8 bits are below b, the positions where bucket b starts.
        std::vector<std::int64_t> below(257, 0);
        for (std::int64_t e = 0; e < n; ++e) {
            ++below[(reference_key(kSeed, first + static_cast<std::uint64_t>(e)) >> 56) + 1];
        }
        for (std::size_t b = 1; b < below.size(); ++b) {
            below[b] += below[b - 1];
        }
        std::vector<std::int64_t> sizes = {1, 2, n / 2, n - 1, n};
        for (const std::size_t b :
             {std::size_t{1}, std::size_t{2}, std::size_t{128}, std::size_t{255}}) {
            for (const std::int64_t delta : {-1, 0, 1}) {
                sizes.push_back(std::clamp<std::int64_t>(below[b] + delta, 1, n));
            }
        }
        for (const std::int64_t wanted : sizes) {
            const auto got = host_prefix(kSeed, first, n, wanted);
            ASSERT_TRUE(std::equal(got.begin(), got.end(), want.begin()))
                << "n = " << n << ", wanted " << wanted;
        }
    }
}

// A prefix of k is written straight into the result: the order's first k at a k that ends
// inside a bucket and one that ends at a bucket's end, and all of it.
TEST(RandomHostOrder, APrefixOfHalfOrAllIsTheOrdersPrefix) {
    constexpr std::int64_t kN = 300001;
    const auto want = reference_order(99, 0, kN);
    for (const std::int64_t k : {kN / 2 + 1, kN - 1, kN}) {
        std::vector<std::int64_t> order(static_cast<std::size_t>(k));
        rnd::detail::host_random_order(99, 0, kN, k, order.data());
        EXPECT_TRUE(std::equal(order.begin(), order.end(), want.begin())) << "k = " << k;
    }
}

// The first `wanted` of the order (100, a tenth, half, 7n/8 and either side), at odd sizes and
// sizes at the chunk and step boundaries of the key pass (multiples of 2048 and one either side),
// are exactly the full order's prefix, and nothing is written past them.
TEST(RandomHostOrder, TheFirstWantedAreTheFullOrdersPrefix) {
    constexpr std::uint64_t kSeed = 0x1217E5EEDull;
    for (const std::int64_t n :
         {std::int64_t{4097}, std::int64_t{8 * 2048 - 1}, std::int64_t{8 * 2048},
          std::int64_t{8 * 2048 + 1}, std::int64_t{100003}, (std::int64_t{1} << 18) + 1}) {
        const std::uint64_t first = 17 * static_cast<std::uint64_t>(n);
        const auto want = reference_order(kSeed, first, n);
        for (const std::int64_t wanted :
             {std::int64_t{100}, n / 10, n / 2 + 1, n * 7 / 8 - 70, n * 7 / 8 - 64, n * 7 / 8}) {
            std::vector<std::int64_t> order(static_cast<std::size_t>(wanted) + 2, -7);
            rnd::detail::host_random_order(kSeed, first, n, wanted, order.data());
            ASSERT_TRUE(std::equal(order.begin(), order.begin() + wanted, want.begin()))
                << "n = " << n << ", wanted " << wanted;
            ASSERT_EQ(order[static_cast<std::size_t>(wanted)], -7) << "wrote past the end";
        }
    }
}

// A prefix of a tenth and of half of an odd n (the sizes of the benchmark's choices when they
// took this order): the order's first k.
TEST(RandomHostOrder, APrefixOfATenthIsTheOrdersPrefix) {
    constexpr std::int64_t kN = 654321;
    const auto want = reference_order(7, 0, kN);
    for (const std::int64_t k : {kN / 10, kN / 2}) {
        std::vector<std::int64_t> order(static_cast<std::size_t>(k));
        rnd::detail::host_random_order(7, 0, kN, k, order.data());
        EXPECT_TRUE(std::equal(order.begin(), order.end(), want.begin())) << "k = " << k;
    }
}

// Rows of every width the gather copies (typed words and memcpy) and several outer blocks,
// against a plain copy.
TEST(RandomHostOrder, TakeRowsCopiesTheIndexedRows) {
    for (const std::int64_t row_bytes : {1, 2, 4, 8, 12, 24}) {
        constexpr std::int64_t kOuter = 3;
        constexpr std::int64_t kLength = 40000;
        std::vector<unsigned char> source(static_cast<std::size_t>(kOuter * kLength * row_bytes));
        for (std::size_t i = 0; i < source.size(); ++i) {
            source[i] = static_cast<unsigned char>((i * 2654435761u) >> 13);
        }
        const auto index = reference_order(5, 0, kLength);
        const std::int64_t out_length = kLength - 7; // a prefix, as choice takes
        std::vector<unsigned char> out(static_cast<std::size_t>(kOuter * out_length * row_bytes));
        rnd::detail::host_take_rows(source.data(), index.data(), out.data(), kOuter, kLength,
                                    out_length, row_bytes);
        for (std::int64_t o = 0; o < kOuter; ++o) {
            for (std::int64_t j = 0; j < out_length; ++j) {
                const auto* from =
                    source.data() + (o * kLength + index[static_cast<std::size_t>(j)]) * row_bytes;
                const auto* to = out.data() + (o * out_length + j) * row_bytes;
                ASSERT_TRUE(std::equal(from, from + row_bytes, to))
                    << "row bytes " << row_bytes << ", outer " << o << ", row " << j;
            }
        }
    }
}

TEST(RandomHostOrder, RejectsSizesOutsideItsRange) {
    std::int64_t order[4] = {};
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, 3, 4, order), std::invalid_argument);
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, 3, -1, order), std::invalid_argument);
    std::int64_t slot = 0;
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, -1, 0, &slot), std::invalid_argument);
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, rnd::detail::kHostOrderMaxSize + 1, 0, &slot),
                 std::invalid_argument);
}

} // namespace
