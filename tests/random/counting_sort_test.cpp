// The counting sort behind permutation, shuffle and choice without replacement
// (runtime/src/random/counting_sort.h), on the device under test: its order is exactly the
// ascending (key, index) order of the keys an independent Philox makes here, for sizes around the
// block, tile and bucket boundaries and for bucket counts forced far below and above the usual
// (buckets of thousands of keys, most buckets empty); it is the same on the CPU and the device,
// run after run (the scatter's atomics put a bucket's pairs in a different order each time);
// positions are uniform at n = 1000; and shuffle, permutation(x, axis) and a choice without
// replacement from a small population are that order applied.
#include "counting_sort.h"
#include "feistel_choice.h"
#include "random_test_support.h"

#include <algorithm>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;

TEST(RandomCountingSort, BucketBitsGiveAboutEightKeysPerBucket) {
    EXPECT_EQ(rnd::detail::bucket_bits_for(0), 1);
    EXPECT_EQ(rnd::detail::bucket_bits_for(1), 1);
    EXPECT_EQ(rnd::detail::bucket_bits_for(31), 1);
    EXPECT_EQ(rnd::detail::bucket_bits_for(32), 2);
    EXPECT_EQ(rnd::detail::bucket_bits_for(1000), 6);
    EXPECT_EQ(rnd::detail::bucket_bits_for(std::int64_t{1} << 24), 21);
    EXPECT_EQ(rnd::detail::bucket_bits_for((std::int64_t{1} << 24) - 1), 20);
}

// Every size of the brief's list, each against the independent reference (which also makes each
// a permutation), at the usual bucket count.
TEST(RandomCountingSort, IsTheOrderOfTheKeysAtEverySize) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::uint64_t kSeed = 0xC0FFEE22;
    std::uint64_t first = 17;
    for (std::int64_t n : {0, 1, 2, 3, 31, 32, 33, 255, 256, 257, 1000, 2047, 2048, 2049, 4097,
                           (1 << 16) + 1, 1 << 20, (1 << 21) + 3}) { // the last: two levels
        const int bits = rnd::detail::bucket_bits_for(n);
        const auto got = ints(rnd::detail::counting_sort_order(
            kSeed, first, n, bits, rnd::detail::coarse_bits_for(bits), device_under_test()));
        const auto want = reference_order(kSeed, first, n);
        ASSERT_EQ(got.size(), want.size()) << "n = " << n;
        EXPECT_TRUE(got == want) << "n = " << n;
        std::vector<std::int64_t> sorted = got;
        std::sort(sorted.begin(), sorted.end());
        for (std::int64_t e = 0; e < n; ++e) {
            ASSERT_EQ(sorted[static_cast<std::size_t>(e)], e)
                << "n = " << n << ": not a permutation";
        }
        first += static_cast<std::uint64_t>(n);
    }
}

// Two buckets of ~2500 keys (a bucket far past its expected eight: the rank loop's worst case
// at this size), a few large buckets, and 2^20 buckets for 3000 keys (nearly all empty; the scan
// runs three levels of tiles), each with one scatter and with a coarse scatter first (one coarse
// bucket bit, and all but one bit): the same order each time.
TEST(RandomCountingSort, AnyBucketCountGivesTheSameOrder) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::uint64_t kSeed = 77;
    for (std::int64_t n : {1, 2, 3, 1000, 5000}) {
        const auto want = reference_order(kSeed, 5, n);
        for (int bits : {1, 2, 5, 12, 20}) {
            for (int coarse : {0, 1, bits - 1}) {
                if (coarse >= bits || (coarse == bits - 1 && bits <= 2)) {
                    continue; // 0 or 1 again
                }
                const auto got = ints(rnd::detail::counting_sort_order(kSeed, 5, n, bits, coarse,
                                                                       device_under_test()));
                EXPECT_TRUE(got == want)
                    << "n = " << n << ", bucket bits " << bits << ", coarse bits " << coarse;
            }
        }
    }
    EXPECT_EQ(rnd::detail::coarse_bits_for(17), 0);
    EXPECT_EQ(rnd::detail::coarse_bits_for(18), 9);
    EXPECT_EQ(rnd::detail::coarse_bits_for(21), 12);
    const gpucc::Device device = device_under_test();
    EXPECT_THROW(rnd::detail::counting_sort_order(kSeed, 0, 10, 0, 0, device), gpucc::ValueError);
    EXPECT_THROW(rnd::detail::counting_sort_order(kSeed, 0, 10, 41, 0, device), gpucc::ValueError);
    EXPECT_THROW(rnd::detail::counting_sort_order(kSeed, 0, 10, 5, 5, device), gpucc::ValueError);
    EXPECT_THROW(rnd::detail::counting_sort_order(kSeed, 0, 10, 5, -1, device), gpucc::ValueError);
}

// The same seed gives the same permutation on the CPU and on the device under test (on the CPU
// build both are the CPU: then this checks run-to-run determinism alone), three runs each.
TEST(RandomCountingSort, SameSeedSameOrderOnTheCpuAndTheDevice) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::int64_t kN = (std::int64_t{1} << 20) + 5;
    rnd::Generator on_cpu(2026);
    const auto cpu = ints(on_cpu.permutation(kN, gpucc::Device::cpu()));
    for (int run = 0; run < 3; ++run) {
        rnd::Generator on_device(2026);
        const auto device = ints(on_device.permutation(kN, device_under_test()));
        ASSERT_TRUE(device == cpu) << "run " << run;
    }
}

// 400 permutations of 1000: how many values of each tenth of range(1000) land in each tenth of
// the positions (4000 expected per cell). A permutation fixes the table's margins, so the
// statistic has 81 degrees of freedom (critical ~130 at 1e-4) and is slightly conservative.
// Power: 1% of one value tenth's entries moved to a wrong position tenth shifts two cells by 400,
// adding 2 * 400^2 / 4000 = 80 to an expected 81 (fails with probability ~0.9); 2% adds 320.
TEST(RandomCountingSort, PositionsAreUniformAtOneThousand) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(1000);
    constexpr int kDraws = 400;
    std::vector<double> table(100, 0.0);
    for (int t = 0; t < kDraws; ++t) {
        const auto p = ints(g.permutation(1000, device_under_test()));
        for (std::size_t position = 0; position < p.size(); ++position) {
            table[(position / 100) * 10 + static_cast<std::size_t>(p[position] / 100)] += 1;
        }
    }
    EXPECT_LT(chi_square(table, std::vector<double>(100, kDraws * 1000.0 / 100)),
              chi_square_critical(81));
}

// shuffle and permutation(x, axis) apply permutation(n) of the same counters, for a size past one
// tile of the scan; choice without replacement from a population of at most 256 (below the
// Feistel bijection's threshold) is the first k of permutation(n)'s order.
TEST(RandomCountingSort, ShuffleAndChoiceAreThatOrder) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::int64_t kN = 300001;
    constexpr std::uint64_t kSeed = 31337;
    const auto want = reference_order(kSeed, 0, kN);

    rnd::Generator g(kSeed);
    const gpucc::NDArray x = gpucc::arange(0, kN, 1, DType::Int64, device_under_test());
    g.shuffle(x);
    EXPECT_TRUE(ints(x) == want) << "shuffle";

    rnd::Generator h(kSeed);
    const gpucc::NDArray rows =
        gpucc::arange(0, 2 * kN, 1, DType::Int64, device_under_test()).reshape({2, kN});
    const auto permuted = ints(h.permutation(rows, 1));
    for (std::int64_t e = 0; e < kN; ++e) {
        const std::int64_t source = want[static_cast<std::size_t>(e)];
        ASSERT_EQ(permuted[static_cast<std::size_t>(e)], source) << "row 0, entry " << e;
        ASSERT_EQ(permuted[static_cast<std::size_t>(kN + e)], kN + source) << "row 1, entry " << e;
    }

    rnd::Generator c(kSeed);
    constexpr std::int64_t kSmall = rnd::detail::kFeistelMaxSortedPopulation;
    ASSERT_FALSE(rnd::detail::uses_feistel_choice(kSmall));
    const auto picked = ints(c.choice(kSmall, {kSmall - 57}, false, {}, device_under_test()));
    const auto small_order = reference_order(kSeed, 0, kSmall);
    EXPECT_TRUE(std::equal(picked.begin(), picked.end(), small_order.begin())) << "choice";
    EXPECT_EQ(c.offset(), static_cast<std::uint64_t>(kSmall));
}

} // namespace
