// permutation, shuffle and choice of gpucc::random::Generator: a permutation holds every index
// once, up to 256 entries is the order of its random keys (kernels/permutation.dsl's layout,
// against an independent Philox and std::sort here) and every ordering is equally likely
// (chi-square over the 24 orderings of 4; above 256, feistel_permutation_test.cpp); shuffle moves
// whole slices along each axis of a 3-d array, views included; choice's frequencies follow its
// probabilities, without replacement nothing repeats, each index is picked with probability k / n,
// every ordered sample from a small population (the sort's first k) is equally likely, and
// zero-probability entries never appear (feistel_choice_test.cpp tests the Feistel bijection behind
// a uniform choice from more than 256 entries).
#include "random_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <map>
#include <numeric>
#include <permutation.gpucc.h> // the library's sorting network, run directly below
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;

/// Chi-square of how often each outcome occurred over `draws` draws against `cells` equally
/// likely outcomes, every one of which must have occurred.
void expect_equally_likely(const std::map<std::vector<std::int64_t>, double>& counts, int cells,
                           int draws) {
    ASSERT_EQ(counts.size(), static_cast<std::size_t>(cells));
    std::vector<double> observed;
    for (const auto& [outcome, count] : counts) {
        observed.push_back(count);
    }
    EXPECT_LT(chi_square(observed, std::vector<double>(static_cast<std::size_t>(cells),
                                                       static_cast<double>(draws) / cells)),
              chi_square_critical(cells - 1));
}

TEST(RandomPermutation, IsAPermutation) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(201);
    for (std::int64_t n : {0, 1, 2, 3, 7, 31, 32, 33, 1000, 65537, 1 << 20}) {
        auto p = ints(g.permutation(n, device_under_test()));
        ASSERT_EQ(static_cast<std::int64_t>(p.size()), n);
        std::vector<std::int64_t> sorted = p;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::int64_t> want(static_cast<std::size_t>(n));
        std::iota(want.begin(), want.end(), std::int64_t{0});
        EXPECT_EQ(sorted, want) << "n = " << n;
        if (n >= 1000) {
            EXPECT_NE(p, want) << "n = " << n;
        }
    }
}

TEST(RandomPermutation, EveryOrderingIsEquallyLikely) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(202);
    constexpr int kDraws = 2400;
    std::map<std::vector<std::int64_t>, double> counts;
    // Permutations of an array of 4 along axis 0 (one draw each).
    const gpucc::NDArray x = gpucc::arange(4, device_under_test());
    for (int k = 0; k < kDraws; ++k) {
        counts[ints(g.permutation(x))] += 1;
    }
    expect_equally_likely(counts, 24, kDraws);
}

TEST(RandomPermutation, IsTheOrderOfItsRandomKeys) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::uint64_t kSeed = 0x5EED0F22;
    rnd::Generator g(kSeed);
    g.permutation(5, device_under_test()); // the keys of a later draw start past its counters
    ASSERT_EQ(g.offset(), 5u);
    // Up to 256 entries (above, permutation(n) is choice(n, n)'s Feistel sample:
    // feistel_permutation_test.cpp).
    for (std::int64_t n : {1, 3, 100, 256}) {
        const std::uint64_t first = g.offset();
        const auto got = ints(g.permutation(n, device_under_test()));
        EXPECT_EQ(g.offset(), first + static_cast<std::uint64_t>(n)) << "n counters";
        const std::vector<std::int64_t> want = reference_order(kSeed, first, n);
        EXPECT_EQ(got, want) << "n = " << n;
    }
    // Without replacement with probabilities: the k smallest E / p, E = -log1p(-u).
    const std::vector<double> p = {0.05, 0.2, 0.0, 0.15, 0.1, 0.3, 0.2};
    const std::uint64_t first = g.offset();
    const auto picked = ints(g.choice(7, {4}, false, p, device_under_test()));
    std::vector<std::pair<double, std::int64_t>> keys;
    for (std::int64_t e = 0; e < 7; ++e) {
        const Block b = block_at(kSeed, first + static_cast<std::uint64_t>(e));
        const double u = static_cast<double>(((std::uint64_t{b[1]} << 32) | b[0]) >> 11) * 0x1p-53;
        const double w = p[static_cast<std::size_t>(e)];
        keys.emplace_back(w > 0 ? -std::log1p(-u) / w : INFINITY, e);
    }
    std::sort(keys.begin(), keys.end());
    for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(picked[k], keys[k].second) << "pick " << k;
    }
}

// The bitonic network itself (the GPU's sort of choice's weighted keys; the CPU sorts them on the
// host, to the same order), on the device under test: random float64 keys with repeats, and with
// infinities, sizes a power of two, sorted into ascending (key, index) order as std::sort sorts
// them.
TEST(RandomPermutation, TheBitonicNetworkSortsKeyIndexPairs) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    std::mt19937_64 engine(2222);
    auto run_network = [&](const gpucc::NDArray& keys, const gpucc::NDArray& order) {
        const std::int64_t size = keys.size();
        const auto blocks = static_cast<std::uint32_t>(std::max<std::int64_t>(size / 2 / 256, 1));
        for (std::int64_t k = 2; k <= size; k *= 2) {
            for (std::int64_t j = k / 2; j > 0; j /= 2) {
                gpucc_random_permutation::bitonic_step(gpucc::Dim3(blocks), gpucc::Dim3(256), keys,
                                                       order, j, k);
            }
        }
    };
    for (std::int64_t size : {2, 64, 1024, 8192}) {
        std::vector<double> keys(static_cast<std::size_t>(size));
        for (auto& key : keys) {
            key =
                static_cast<double>(engine() % static_cast<std::uint64_t>(size / 2 + 1)); // repeats
        }
        std::vector<std::int64_t> order(keys.size());
        std::iota(order.begin(), order.end(), std::int64_t{0});
        std::shuffle(order.begin(), order.end(), engine);
        std::vector<std::pair<double, std::int64_t>> want;
        for (std::size_t e = 0; e < keys.size(); ++e) {
            want.emplace_back(keys[e], order[e]);
        }
        std::sort(want.begin(), want.end());
        const auto device_keys = gpucc::asarray<double>(keys, {size}, device);
        const auto device_order = gpucc::asarray<std::int64_t>(order, {size}, device);
        run_network(device_keys.ndarray(), device_order.ndarray());
        const auto got_keys = device_keys.to_host();
        const auto got_order = device_order.to_host();
        for (std::size_t e = 0; e < want.size(); ++e) {
            ASSERT_EQ(got_keys[e], want[e].first) << "size " << size << " entry " << e;
            ASSERT_EQ(got_order[e], want[e].second) << "size " << size << " entry " << e;
        }
    }
    std::vector<double> keys(512);
    for (auto& key : keys) {
        const std::uint64_t bits = engine();
        key = bits % 5 == 0 ? INFINITY : static_cast<double>(bits % 97) * 0.25;
    }
    std::vector<std::int64_t> order(keys.size());
    std::iota(order.begin(), order.end(), std::int64_t{0});
    std::vector<std::pair<double, std::int64_t>> want;
    for (std::size_t e = 0; e < keys.size(); ++e) {
        want.emplace_back(keys[e], order[e]);
    }
    std::sort(want.begin(), want.end());
    const auto device_keys = gpucc::asarray<double>(keys, {512}, device);
    const auto device_order = gpucc::asarray<std::int64_t>(order, {512}, device);
    run_network(device_keys.ndarray(), device_order.ndarray());
    const auto got_order = device_order.to_host();
    for (std::size_t e = 0; e < want.size(); ++e) {
        ASSERT_EQ(got_order[e], want[e].second) << "float64 entry " << e;
    }
}

TEST(RandomChoice, WithoutReplacementEachIndexHasProbabilityKOverN) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(208);
    constexpr int kDraws = 1500;
    std::vector<double> counts(10, 0.0);
    for (int t = 0; t < kDraws; ++t) {
        const auto picked = ints(g.choice(10, {3}, false, {}, device_under_test()));
        ASSERT_EQ(std::set<std::int64_t>(picked.begin(), picked.end()).size(), 3u);
        for (std::int64_t v : picked) {
            ASSERT_GE(v, 0);
            ASSERT_LT(v, 10);
            counts[static_cast<std::size_t>(v)] += 1;
        }
    }
    // Each index is in a sample with probability 3 / 10.
    EXPECT_LT(chi_square(counts, std::vector<double>(10, kDraws * 0.3)), chi_square_critical(9));
}

// A population of at most 256 keeps the sort's definition (the first k of permutation(n)'s
// order): every ordered sample is equally likely. 12000 draws of 3 from 5 over the 60 ordered
// triples (200 expected each; a triple at twice its probability adds ~200 to chi-square, the
// critical value at 1e-4 is ~109).
TEST(RandomChoice, SmallPopulationEveryOrderedSampleIsEquallyLikely) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(209);
    constexpr int kDraws = 12000;
    std::map<std::vector<std::int64_t>, double> counts;
    for (int t = 0; t < kDraws; ++t) {
        const auto picked = ints(g.choice(5, {3}, false, {}, device_under_test()));
        ASSERT_EQ(std::set<std::int64_t>(picked.begin(), picked.end()).size(), 3u);
        for (std::int64_t v : picked) {
            ASSERT_GE(v, 0);
            ASSERT_LT(v, 5);
        }
        counts[picked] += 1;
    }
    expect_equally_likely(counts, 60, kDraws);
}

// A sample of a huge population costs O(k) and no memory of n: 1000 of 2^50 (the sort of 2^50
// keys could not run), distinct and in range, taking the Feistel choice's 4 block counters; at
// 256 entries the sample is the sort's: permutation(256)'s first 200 for the same counters.
TEST(RandomChoice, SampleOfAHugePopulationAndTheSortAtTheThreshold) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr std::int64_t kHuge = std::int64_t{1} << 50;
    rnd::Generator g(210);
    const auto picked = ints(g.choice(kHuge, {10, 100}, false, {}, device_under_test()));
    EXPECT_EQ(std::set<std::int64_t>(picked.begin(), picked.end()).size(), 1000u);
    EXPECT_EQ(g.offset(), 4u);
    std::int64_t above_half = 0;
    for (std::int64_t v : picked) {
        ASSERT_GE(v, 0);
        ASSERT_LT(v, kHuge);
        above_half += v >= kHuge / 2 ? 1 : 0;
    }
    // Binomial(1000, 1/2): 3.9 standard deviations either side.
    EXPECT_NEAR(static_cast<double>(above_half), 500.0, 62.0);
    rnd::Generator a(211), b(211);
    const auto sorted_sample = ints(a.choice(256, {200}, false, {}, device_under_test()));
    auto order = ints(b.permutation(256, device_under_test()));
    order.resize(200);
    EXPECT_EQ(sorted_sample, order);
}

TEST(RandomShuffle, MovesWholeSlicesAlongEachAxis) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(203);
    const gpucc::Shape shape{6, 5, 7};
    const std::int64_t dims[3] = {6, 5, 7};
    for (int axis = 0; axis < 3; ++axis) {
        const gpucc::NDArray x =
            gpucc::arange(0, 210, 1, DType::Float32, device_under_test()).reshape(shape);
        g.shuffle(x, axis);
        const auto v = gpucc::Array<float>(x).to_host();
        // Entry (i, j, k) holds the original's index with axis `axis` replaced by perm[...]: the
        // other two coordinates are unchanged, and the axis coordinate depends only on its own.
        std::vector<std::int64_t> perm(static_cast<std::size_t>(dims[axis]), -1);
        for (std::int64_t i = 0; i < 6; ++i) {
            for (std::int64_t j = 0; j < 5; ++j) {
                for (std::int64_t k = 0; k < 7; ++k) {
                    const auto value =
                        static_cast<std::int64_t>(v[static_cast<std::size_t>((i * 5 + j) * 7 + k)]);
                    const std::int64_t got[3] = {value / 35, (value / 7) % 5, value % 7};
                    const std::int64_t at[3] = {i, j, k};
                    for (int other = 0; other < 3; ++other) {
                        if (other != axis) {
                            ASSERT_EQ(got[other], at[other]) << "axis " << axis;
                        }
                    }
                    auto& slot = perm[static_cast<std::size_t>(at[axis])];
                    if (slot < 0) {
                        slot = got[axis];
                    }
                    ASSERT_EQ(slot, got[axis]) << "axis " << axis << ": slices move whole";
                }
            }
        }
        std::set<std::int64_t> distinct(perm.begin(), perm.end());
        EXPECT_EQ(static_cast<std::int64_t>(distinct.size()), dims[axis]) << "axis " << axis;
        std::vector<std::int64_t> identity(static_cast<std::size_t>(dims[axis]));
        std::iota(identity.begin(), identity.end(), std::int64_t{0});
        EXPECT_NE(perm, identity) << "axis " << axis;
    }
    // A strided view is shuffled in place, through to its base; the rest of the base is untouched.
    const gpucc::NDArray base = gpucc::arange(0, 40, 1, DType::Int32, device_under_test());
    const gpucc::NDArray every_other = base(gpucc::Slice(0, 40, 2));
    g.shuffle(every_other);
    const auto after = ints(base);
    std::vector<std::int64_t> evens;
    for (std::size_t i = 0; i < after.size(); ++i) {
        if (i % 2 == 1) {
            EXPECT_EQ(after[i], static_cast<std::int64_t>(i));
        } else {
            evens.push_back(after[i]);
        }
    }
    std::sort(evens.begin(), evens.end());
    for (std::size_t i = 0; i < evens.size(); ++i) {
        EXPECT_EQ(evens[i], static_cast<std::int64_t>(2 * i));
    }
}

TEST(RandomChoice, FollowsItsProbabilities) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(204);
    constexpr std::int64_t kN = 1 << 16;
    const std::vector<double> p = {0.1, 0.0, 0.25, 0.05, 0.6};
    const auto with_p = ints(g.choice(5, {kN}, true, p, device_under_test()));
    std::vector<double> counts(5, 0.0);
    for (std::int64_t v : with_p) {
        ASSERT_GE(v, 0);
        ASSERT_LT(v, 5);
        counts[static_cast<std::size_t>(v)] += 1;
    }
    EXPECT_EQ(counts[1], 0) << "zero probability";
    const std::vector<double> observed = {counts[0], counts[2], counts[3], counts[4]};
    const std::vector<double> expected = {0.1 * kN, 0.25 * kN, 0.05 * kN, 0.6 * kN};
    EXPECT_LT(chi_square(observed, expected), chi_square_critical(3));

    const auto uniform = ints(g.choice(10, {kN}, true, {}, device_under_test()));
    std::vector<double> uniform_counts(10, 0.0);
    for (std::int64_t v : uniform) {
        uniform_counts[static_cast<std::size_t>(v)] += 1;
    }
    EXPECT_LT(chi_square(uniform_counts, std::vector<double>(10, kN / 10.0)),
              chi_square_critical(9));
}

TEST(RandomChoice, WithoutReplacementNothingRepeats) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(205);
    const auto plain = ints(g.choice(1000, {10, 50}, false, {}, device_under_test()));
    EXPECT_EQ(std::set<std::int64_t>(plain.begin(), plain.end()).size(), 500u);
    const auto all = ints(g.choice(30, {30}, false, {}, device_under_test()));
    EXPECT_EQ(std::set<std::int64_t>(all.begin(), all.end()).size(), 30u);
    // With weights: the heavy entries come first most often; zero weights never appear.
    std::vector<double> p(20, 0.0);
    for (int k = 0; k < 10; ++k) {
        p[static_cast<std::size_t>(2 * k)] = (k + 1) / 55.0;
    }
    double first_is_heaviest = 0;
    constexpr int kDraws = 2000;
    for (int t = 0; t < kDraws; ++t) {
        const auto picked = ints(g.choice(20, {10}, false, p, device_under_test()));
        ASSERT_EQ(std::set<std::int64_t>(picked.begin(), picked.end()).size(), 10u);
        for (std::int64_t v : picked) {
            ASSERT_EQ(v % 2, 0) << "a zero-probability entry was chosen";
        }
        first_is_heaviest += picked[0] == 18 ? 1 : 0;
    }
    // A weight so small that E / p overflows still comes before the zero weights.
    const std::vector<double> tiny = {0.0, 0.0, 1e-310, 1.0};
    for (int t = 0; t < 20; ++t) {
        const auto both = ints(g.choice(4, {2}, false, tiny, device_under_test()));
        EXPECT_EQ(std::set<std::int64_t>(both.begin(), both.end()), (std::set<std::int64_t>{2, 3}));
    }
    // The first pick is index 18 with probability p[18] = 10/55.
    const double expected = kDraws * 10.0 / 55.0;
    EXPECT_LT(
        chi_square({first_is_heaviest, kDraws - first_is_heaviest}, {expected, kDraws - expected}),
        chi_square_critical(1));
}

TEST(RandomChoice, TakesRowsOfAnArray) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(206);
    const gpucc::NDArray a =
        gpucc::arange(0, 24, 1, DType::Float64, device_under_test()).reshape({6, 4});
    const gpucc::NDArray rows = g.choice(a, {3, 2}, true);
    EXPECT_EQ(rows.shape(), gpucc::Shape({3, 2, 4}));
    const auto v = gpucc::Array<double>(rows).to_host();
    for (std::size_t r = 0; r < 6; ++r) {
        const auto first = static_cast<std::int64_t>(v[r * 4]);
        ASSERT_EQ(first % 4, 0);
        for (std::size_t c = 1; c < 4; ++c) {
            ASSERT_EQ(static_cast<std::int64_t>(v[r * 4 + c]),
                      first + static_cast<std::int64_t>(c));
        }
    }
}

} // namespace
