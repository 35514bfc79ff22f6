// The host's own ordering of the permutation keys on Device::cpu() (runtime/src/random/
// host_order.h): its order is exactly the ascending (key, index) order that std::sort gives the
// keys of an independent Philox here, at sizes around its one-level/two-level switch and its
// small-bucket path; every key maker this CPU has (baseline, AVX2, AVX-512) makes the same keys,
// counters crossing 2^32 and wrapping at 2^64 included; it equals the counting sort of
// counting_sort.h on the device under test (the kernels on the CPU build, the GPU's on the GPU
// build: the same seed, the same permutation on both); and Generator::permutation on the CPU is
// that order.
#include "counting_sort.h"
#include "host_order.h"
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

std::uint64_t reference_key(std::uint64_t seed, std::uint64_t counter) {
    const Block b = block_at(seed, counter);
    return (std::uint64_t{b[1]} << 32) | b[0];
}

/// The indices 0 .. n-1 by (key, index), by std::sort of the independent keys.
std::vector<std::int64_t> reference_order(std::uint64_t seed, std::uint64_t first, std::int64_t n) {
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

std::vector<std::int64_t> host_order(std::uint64_t seed, std::uint64_t first, std::int64_t n) {
    // One slot past the end, to see that nothing is written there.
    std::vector<std::int64_t> order(static_cast<std::size_t>(n) + 1, -7);
    rnd::detail::host_random_order(seed, first, n, order.data());
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

TEST(RandomHostOrder, EveryKeyMakerMakesThePhiloxKeys) {
    using rnd::detail::KeyMaker;
    int tried = 0;
    for (const KeyMaker maker : {KeyMaker::Baseline, KeyMaker::Avx2, KeyMaker::Avx512}) {
        if (!rnd::detail::key_maker_supported(maker)) {
            continue;
        }
        ++tried;
        for (const std::uint64_t first :
             {std::uint64_t{0}, (std::uint64_t{1} << 32) - 9, ~std::uint64_t{0} - 4}) {
            for (const std::int64_t count : {0, 1, 7, 8, 9, 15, 16, 17, 1001}) {
                std::vector<std::uint64_t> keys(static_cast<std::size_t>(count) + 1, 0);
                rnd::detail::make_permutation_keys(maker, 0xFEEDFACE12345678ull, first, count,
                                                   keys.data());
                ASSERT_EQ(keys.back(), 0u) << "wrote past the end";
                for (std::int64_t e = 0; e < count; ++e) {
                    ASSERT_EQ(
                        keys[static_cast<std::size_t>(e)],
                        reference_key(0xFEEDFACE12345678ull, first + static_cast<std::uint64_t>(e)))
                        << "maker " << static_cast<int>(maker) << ", first " << first << ", e "
                        << e;
                }
            }
        }
    }
    EXPECT_GE(tried, 1);
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

TEST(RandomHostOrder, RejectsSizesOutsideItsRange) {
    std::int64_t slot = 0;
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, -1, &slot), std::invalid_argument);
    EXPECT_THROW(rnd::detail::host_random_order(1, 0, rnd::detail::kHostOrderMaxSize + 1, &slot),
                 std::invalid_argument);
}

} // namespace
