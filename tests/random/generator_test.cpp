// gpucc::random's default generator against an independent Philox4x32-10 (random_test_support.h),
// checked first on Random123's published known answers: each draw element by element at the
// layout random.dsl states (uniform, normal, exponential, integers with their rejection words),
// reproducibility, counters that advance (also under concurrent draws), the process-wide
// generators, and the errors of bad calls.
#include "random_test_support.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <gpucc/gpucc.h>
#include <limits>
#include <random.gpucc.h> // the library's own kernels, for the block function
#include <random>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using gpucc::Device;
using namespace random_test;
namespace rnd = gpucc::random;

TEST(Random, ReferencePhiloxMatchesKnownAnswers) {
    // Random123's kat_vectors, "philox4x32 10" lines: counter, key, result.
    EXPECT_EQ(philox({0, 0, 0, 0}, 0, 0), (Block{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
    EXPECT_EQ(philox({~0u, ~0u, ~0u, ~0u}, ~0u, ~0u),
              (Block{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
    EXPECT_EQ(philox({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, 0xa4093822, 0x299f31d0),
              (Block{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(Random, BlockKernelMatchesReferenceOnRandomInputs) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    std::mt19937 engine(17);
    constexpr std::int64_t kN = 1003;
    std::vector<std::vector<std::uint32_t>> in(6, std::vector<std::uint32_t>(kN));
    for (auto& column : in) {
        for (auto& v : column) {
            v = engine();
        }
    }
    // The known answers ride along in the first three elements.
    const Block kat_counter[3] = {
        {0, 0, 0, 0}, {~0u, ~0u, ~0u, ~0u}, {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}};
    const std::uint32_t kat_key[3][2] = {{0, 0}, {~0u, ~0u}, {0xa4093822, 0x299f31d0}};
    for (int k = 0; k < 3; ++k) {
        for (int w = 0; w < 4; ++w) {
            in[w][k] = kat_counter[k][w];
        }
        in[4][k] = kat_key[k][0];
        in[5][k] = kat_key[k][1];
    }
    const gpucc::Device device = device_under_test();
    std::vector<gpucc::Array<std::uint32_t>> arrays;
    for (const auto& column : in) {
        arrays.push_back(gpucc::asarray<std::uint32_t>(column, {kN}, device));
    }
    std::array<gpucc::Array<std::uint32_t>, 4> out;
    for (auto& o : out) {
        o = gpucc::empty<std::uint32_t>({kN}, device);
    }
    gpucc_random::philox4x32_10(arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], arrays[5],
                                out[0], out[1], out[2], out[3]);
    std::array<std::vector<std::uint32_t>, 4> got;
    for (int w = 0; w < 4; ++w) {
        got[w] = out[w].to_host();
    }
    for (std::int64_t i = 0; i < kN; ++i) {
        const Block want = philox({in[0][i], in[1][i], in[2][i], in[3][i]}, in[4][i], in[5][i]);
        for (int w = 0; w < 4; ++w) {
            ASSERT_EQ(got[w][i], want[w]) << "element " << i << " word " << w;
        }
    }
    EXPECT_EQ(got[0][0], 0x6627e8d5u);
    EXPECT_EQ(got[3][2], 0x24126ea1u);
}

TEST(Random, UniformIsTheReferenceElementByElement) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 0x0123456789abcdefULL;
    rnd::Generator generator(kSeed);
    // float64 on [-3, 5) (two values per block), then float32 on [2, 2.5) (four per block),
    // which starts where the first draw's counters end.
    const auto d = generator.uniform<double>(-3.0, 5.0, {7, 11, 13}, device).to_host();
    ASSERT_EQ(d.size(), 1001u);
    for (std::size_t i = 0; i < d.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 2);
        const Block b = block_at(kSeed, at.counter);
        const double want = -3.0 + 8.0 * unit53(b[2 * at.value], b[2 * at.value + 1]);
        ASSERT_NEAR(d[i], want, 1e-15 * 8) << "element " << i;
        ASSERT_GE(d[i], -3.0);
        ASSERT_LT(d[i], 5.0);
    }
    const std::uint64_t after_first = counters_for(1001, 2);
    EXPECT_EQ(generator.offset(), after_first);
    const auto f = generator.uniform<float>(2.0, 2.5, {2053}, device).to_host();
    for (std::size_t i = 0; i < f.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 4);
        const Block b = block_at(kSeed, after_first + at.counter);
        const float u = static_cast<float>(b[at.value] >> 8) * 5.9604644775390625e-8f;
        ASSERT_NEAR(f[i], 2.0f + 0.5f * u, 2.5e-7f) << "element " << i;
    }
    EXPECT_EQ(generator.offset(), after_first + counters_for(2053, 4));
    // random() is exact everywhere: u itself.
    rnd::Generator exact(kSeed);
    const auto r = exact.random<float>({1500}, device).to_host();
    for (std::size_t i = 0; i < r.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 4);
        ASSERT_EQ(r[i], static_cast<float>(block_at(kSeed, at.counter)[at.value] >> 8) *
                            5.9604644775390625e-8f)
            << "element " << i;
    }
}

TEST(Random, ElementsDoNotDependOnTheDrawSize) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    const auto big = rnd::Generator(5).random<float>({5000}, device).to_host();
    const auto small = rnd::Generator(5).random<float>({1777}, device).to_host();
    EXPECT_TRUE(std::equal(small.begin(), small.end(), big.begin()));
}

/// Element e of a float32 normal draw whose counters start at `first`, in float64: Box-Muller of
/// the same Philox words (random.dsl's layout), z and the radius r.
struct NormalReference {
    double z;
    double r;
};
NormalReference float32_normal_reference(std::uint64_t seed, std::uint64_t first, std::int64_t e) {
    const Source at = source_of(e, 4);
    const Block b = block_at(seed, first + at.counter);
    const int pair = at.value / 2;
    const double u1 = static_cast<double>((b[2 * pair] >> 8) + 1) / 16777216.0;
    const double angle = 2 * M_PI * static_cast<double>(b[2 * pair + 1] >> 8) / 16777216.0 - M_PI;
    const double r = std::sqrt(-2.0 * std::log(u1));
    return {at.value % 2 == 0 ? r * std::cos(angle) : r * std::sin(angle), r};
}

TEST(Random, NormalIsBoxMullerOfTheReference) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 99;
    rnd::Generator generator(kSeed);
    const auto d = generator.normal<double>(1.5, 2.0, {999}, device).to_host();
    for (std::size_t i = 0; i < d.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 2);
        const Block b = block_at(kSeed, at.counter);
        const double u1 = unit53(b[0], b[1]) + 1.0 / 9007199254740992.0;
        const double angle = 2 * M_PI * unit53(b[2], b[3]);
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double want = 1.5 + 2.0 * (at.value == 0 ? r * std::cos(angle) : r * std::sin(angle));
        ASSERT_NEAR(d[i], want, 1e-13 * (1 + std::fabs(want))) << "element " << i;
    }
    const std::uint64_t first = counters_for(999, 2);
    const auto f = generator.standard_normal<float>({1333}, device).to_host();
    for (std::size_t i = 0; i < f.size(); ++i) {
        const double want = float32_normal_reference(kSeed, first, static_cast<std::int64_t>(i)).z;
        ASSERT_NEAR(f[i], want, 2e-5 * (1 + std::fabs(want))) << "element " << i;
    }
    // lognormal is exp of the same normal.
    const auto z = rnd::Generator(3).normal(0.25, 0.5, {700}, gpucc::DType::Float64, device);
    const auto l = rnd::Generator(3).lognormal(0.25, 0.5, {700}, gpucc::DType::Float64, device);
    const auto zv = gpucc::Array<double>(z).to_host();
    const auto lv = gpucc::Array<double>(l).to_host();
    for (std::size_t i = 0; i < zv.size(); ++i) {
        ASSERT_NEAR(lv[i], std::exp(zv[i]), 1e-14 * std::exp(zv[i])) << "element " << i;
    }
    // float32 too (its own kernel): exp of the same float32 normal, to float32 exp's accuracy.
    const auto z32 = gpucc::Array<float>(rnd::Generator(4).normal(-0.5, 0.75, {2500},
                                                                  gpucc::DType::Float32, device))
                         .to_host();
    const auto l32 = gpucc::Array<float>(rnd::Generator(4).lognormal(-0.5, 0.75, {2500},
                                                                     gpucc::DType::Float32, device))
                         .to_host();
    for (std::size_t i = 0; i < z32.size(); ++i) {
        const double want = std::exp(static_cast<double>(z32[i]));
        ASSERT_NEAR(l32[i], want, 4e-7 * want) << "element " << i;
    }
}

// The float32 transform (common_draws.dsl: -log u by a series for u > 0.9, __logf below; __cosf,
// __sinf) over 2^20 values against Box-Muller in float64 of the same Philox words: within
// 1e-6 (1 + r) of it, r the radius. The series is what keeps values with a small radius
// accurate: __logf alone (absolute error 2^-21.41 near 1) is off by ~1.6e-5 at r = 0.01.
TEST(Random, NormalFloat32IsWithinOneMillionthOfBoxMullerOverManyValues) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 2026;
    constexpr std::int64_t kCount = std::int64_t{1} << 20;
    const auto f = rnd::Generator(kSeed).standard_normal<float>({kCount}, device).to_host();
    double worst = 0;
    double worst_small_radius = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const auto [want, r] = float32_normal_reference(kSeed, 0, i);
        const double error = std::fabs(static_cast<double>(f[static_cast<std::size_t>(i)]) - want);
        ASSERT_LE(error, 1e-6 * (1 + r)) << "element " << i << ", radius " << r;
        worst = std::max(worst, error / (1 + r));
        if (r < 0.1) {
            worst_small_radius = std::max(worst_small_radius, error);
        }
    }
    std::printf("normal float32 on %s: max |z - z64| / (1 + r) = %.3g, max |z - z64| for r < 0.1 = "
                "%.3g\n",
                device.to_string().c_str(), worst, worst_small_radius);
}

/// Element e of a float64 normal draw whose counters start at `first`, in long double: Box-Muller
/// of the same words, the angle 2 pi k 2^-53 written as q pi/2 + i pi 2^-52 (an identity) so that
/// its cosine and sine keep their relative accuracy near their zeros.
long double float64_normal_reference(std::uint64_t seed, std::uint64_t first, std::int64_t e) {
    const Source at = source_of(e, 2);
    const Block b = block_at(seed, first + at.counter);
    const std::uint64_t j = ((std::uint64_t{b[0] >> 5} << 26) | (b[1] >> 6)) + 1;
    const std::uint64_t k = (std::uint64_t{b[2] >> 5} << 26) | (b[3] >> 6);
    const long double r = std::sqrt(-2.0L * std::log(static_cast<long double>(j) / 0x1p53L));
    const std::uint64_t shifted = k + (std::uint64_t{1} << 50);
    const int quadrant = static_cast<int>((shifted >> 51) & 3);
    const long double x = static_cast<long double>(
                              static_cast<std::int64_t>(shifted & ((std::uint64_t{1} << 51) - 1)) -
                              (std::int64_t{1} << 50)) *
                          (3.14159265358979323846264338327950288L / 0x1p52L);
    const long double c = std::cos(x), s = std::sin(x);
    const long double cosine = quadrant == 0 ? c : quadrant == 1 ? -s : quadrant == 2 ? -c : s;
    const long double sine = quadrant == 0 ? s : quadrant == 1 ? c : quadrant == 2 ? -s : -c;
    return r * (at.value == 0 ? cosine : sine);
}

// The float64 normal (common_draws.dsl: log, cos and sin as polynomials over exact reductions)
// against long double Box-Muller of the same words over 2^19 values: within 8e-16 relative (7.2
// units of 2^-53; the polynomials are within 2.1 (-2 log u1) and 2.3 (cos, sin) units of their
// functions).
TEST(Random, NormalFloat64IsBoxMullerToAFewUnitsInTheLastPlace) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 77;
    constexpr std::int64_t kCount = std::int64_t{1} << 19;
    const auto d = rnd::Generator(kSeed).standard_normal<double>({kCount}, device).to_host();
    long double worst = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const long double want = float64_normal_reference(kSeed, 0, i);
        const long double error =
            std::fabs(static_cast<long double>(d[static_cast<std::size_t>(i)]) - want);
        ASSERT_LE(error, 8e-16L * std::fabs(want)) << "element " << i;
        worst = std::max(worst, error / std::fabs(want));
    }
    std::printf("normal float64 on %s: max |z - z_ld| / |z_ld| = %.3Lg (%.2Lf units of 2^-53)\n",
                device.to_string().c_str(), worst, worst / 0x1p-53L);
}

TEST(Random, ExponentialIsMinusLogOfTheReference) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator generator(1234);
    const auto f = generator.exponential<float>(2.5, {1029}, device).to_host();
    for (std::size_t i = 0; i < f.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 4);
        const double u =
            static_cast<double>(block_at(1234, at.counter)[at.value] >> 8) / 16777216.0;
        const double want = -2.5 * std::log(1.0 - u);
        ASSERT_NEAR(f[i], want, 1e-6 * (1 + want)) << "element " << i;
    }
    const std::uint64_t first = counters_for(1029, 4);
    const auto d = generator.standard_exponential({515}, gpucc::DType::Float64, device);
    const auto dv = gpucc::Array<double>(d).to_host();
    for (std::size_t i = 0; i < dv.size(); ++i) {
        const Source at = source_of(static_cast<std::int64_t>(i), 2);
        const Block b = block_at(1234, first + at.counter);
        const double want = -std::log(1.0 - unit53(b[2 * at.value], b[2 * at.value + 1]));
        ASSERT_NEAR(dv[i], want, 1e-14 * (1 + want)) << "element " << i;
    }
}

/// integers64's value for element e (spans above 2^32).
std::uint64_t reference_integer64(std::uint64_t seed, std::uint64_t first, std::int64_t e,
                                  std::uint64_t span_minus_1) {
    const Source at = source_of(e, 2);
    const std::uint64_t counter = first + at.counter;
    const Block b = block_at(seed, counter);
    std::uint64_t word = (std::uint64_t{b[2 * at.value + 1]} << 32) | b[2 * at.value];
    const std::uint64_t span = span_minus_1 + 1;
    if (span == 0) {
        return word;
    }
    const std::uint64_t threshold = (0 - span) % span;
    std::uint32_t attempt = 0;
    for (;;) {
        const unsigned __int128 product = static_cast<unsigned __int128>(word) * span;
        if (static_cast<std::uint64_t>(product) >= threshold) {
            return static_cast<std::uint64_t>(product >> 64);
        }
        const Block extra =
            block_at(seed, counter, ++attempt, static_cast<std::uint32_t>(at.value));
        word = (std::uint64_t{extra[1]} << 32) | extra[0];
    }
}

TEST(Random, IntegersAreLemireOfTheReference) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 77;
    rnd::Generator generator(kSeed);
    std::uint64_t first = 0;
    // [-3, 10) in int32; a span just above 2^31, where about half the words are rejected, in
    // int64 (the rejection words are checked); a full uint32 span; 64-bit spans.
    const auto small = generator.integers<std::int32_t>(-3, 10, {2049}, false, device).to_host();
    for (std::size_t i = 0; i < small.size(); ++i) {
        ASSERT_EQ(small[i], -3 + static_cast<std::int64_t>(reference_integer32(
                                     kSeed, first, static_cast<std::int64_t>(i), 12)))
            << "element " << i;
    }
    first += counters_for(2049, 4);
    const std::int64_t span = (std::int64_t{1} << 31) + 1;
    const auto wide =
        generator.integers<std::int64_t>(-5, -5 + span, {3001}, false, device).to_host();
    for (std::size_t i = 0; i < wide.size(); ++i) {
        ASSERT_EQ(wide[i], -5 + static_cast<std::int64_t>(
                                    reference_integer32(kSeed, first, static_cast<std::int64_t>(i),
                                                        static_cast<std::uint32_t>(span - 1))))
            << "element " << i;
    }
    first += counters_for(3001, 4);
    const auto full =
        generator.integers<std::uint32_t>(0u, 0xFFFFFFFFu, {999}, true, device).to_host();
    for (std::size_t i = 0; i < full.size(); ++i) {
        ASSERT_EQ(full[i], reference_integer32(kSeed, first, static_cast<std::int64_t>(i), ~0u))
            << "element " << i;
    }
    first += counters_for(999, 4);
    const std::uint64_t big_span = (std::uint64_t{1} << 63) + 12345;
    const auto big =
        generator.integers<std::uint64_t>(std::uint64_t{7}, 7 + big_span, {1500}, false, device)
            .to_host();
    for (std::size_t i = 0; i < big.size(); ++i) {
        ASSERT_EQ(big[i],
                  7 + reference_integer64(kSeed, first, static_cast<std::int64_t>(i), big_span - 1))
            << "element " << i;
    }
    first += counters_for(1500, 2);
    const auto every =
        generator
            .integers<std::int64_t>(std::numeric_limits<std::int64_t>::min(),
                                    std::numeric_limits<std::int64_t>::max(), {600}, true, device)
            .to_host();
    for (std::size_t i = 0; i < every.size(); ++i) {
        ASSERT_EQ(
            static_cast<std::uint64_t>(every[i]) ^ (std::uint64_t{1} << 63),
            reference_integer64(kSeed, first, static_cast<std::int64_t>(i), ~std::uint64_t{0}))
            << "element " << i;
    }
    EXPECT_EQ(generator.offset(), first + counters_for(600, 2));
}

TEST(Random, IntegersCoverEveryDtypeAndStayInRange) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator generator(8);
    using gpucc::DType;
    for (DType dtype : {DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
                        DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64}) {
        const bool is_bool = dtype == DType::Bool;
        const bool is_signed = dtype == DType::Int8 || dtype == DType::Int16 ||
                               dtype == DType::Int32 || dtype == DType::Int64;
        const std::int64_t low = is_bool ? 0 : is_signed ? -2 : 3;
        const std::int64_t high = is_bool ? 1 : low + 5; // inclusive below
        const gpucc::NDArray drawn = generator.integers(low, high, {4000}, dtype, true, device);
        ASSERT_EQ(drawn.dtype(), dtype);
        const auto values = gpucc::Array<std::int64_t>(drawn.astype(DType::Int64)).to_host();
        std::set<std::int64_t> seen(values.begin(), values.end());
        EXPECT_EQ(static_cast<std::int64_t>(seen.size()), high - low + 1)
            << gpucc::dtype_name(dtype) << ": every value of [low, high] appears in 4000 draws";
        EXPECT_EQ(*seen.begin(), low) << gpucc::dtype_name(dtype);
        EXPECT_EQ(*seen.rbegin(), high) << gpucc::dtype_name(dtype);
    }
    // The extremes of narrow dtypes.
    const auto bytes = generator.integers<std::int8_t>(-128, 127, {3000}, true, device).to_host();
    EXPECT_EQ(*std::min_element(bytes.begin(), bytes.end()), -128);
    EXPECT_EQ(*std::max_element(bytes.begin(), bytes.end()), 127);
}

TEST(Random, SeedsReproduceAndDrawsAdvance) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator a(7), b(7), c(8);
    const auto first = a.random<double>({64}, device).to_host();
    EXPECT_EQ(first, b.random<double>({64}, device).to_host());
    EXPECT_NE(first, c.random<double>({64}, device).to_host());
    EXPECT_NE(first, a.random<double>({64}, device).to_host()) << "a second draw reuses counters";
    rnd::Generator copy = a;
    EXPECT_EQ(copy.random<double>({5}, device).to_host(), a.random<double>({5}, device).to_host());

    rnd::seed(123, device);
    const auto g1 = rnd::uniform<float>({100}, 0.0, 1.0, device).to_host();
    const auto n1 = rnd::randn<double>({10}, device).to_host();
    rnd::seed(123, device);
    EXPECT_EQ(g1, rnd::random<float>({100}, device).to_host());
    rnd::seed(123, device);
    EXPECT_EQ(g1, rnd::rand<float>({100}, device).to_host());
    EXPECT_EQ(n1, rnd::normal<double>({10}, 0.0, 1.0, device).to_host());
    rnd::seed(123, device);
    EXPECT_EQ(g1, rnd::Generator(123).random<float>({100}, device).to_host())
        << "the process-wide generator is a Generator of that seed";

    // Shapes: n-d, and empty draws take no counters.
    rnd::Generator shaped(5);
    const auto m = shaped.random<float>({3, 0, 2}, device);
    EXPECT_EQ(m.size(), 0);
    EXPECT_EQ(shaped.offset(), 0u);
    const auto grid = shaped.random<float>({4, 5}, device);
    EXPECT_EQ(grid.shape(), gpucc::Shape({4, 5}));
    EXPECT_EQ(grid.device(), device);
}

TEST(Random, ConcurrentDrawsTakeDisjointCounters) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr int kThreadCount = 8;
    constexpr int kDrawsEach = 20;
    rnd::Generator shared(2025);
    std::vector<std::vector<std::uint32_t>> got(kThreadCount);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreadCount; ++t) {
        threads.emplace_back([&, t] {
            for (int k = 0; k < kDrawsEach; ++k) {
                const auto v =
                    shared.integers<std::uint32_t>(0u, 0xFFFFFFFFu, {1024}, true, device).to_host();
                got[t].insert(got[t].end(), v.begin(), v.end());
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(shared.offset(), std::uint64_t{kThreadCount * kDrawsEach * 256});
    // Together the draws are exactly the sequential draws' words, each once.
    std::multiset<std::uint32_t> all;
    for (const auto& values : got) {
        all.insert(values.begin(), values.end());
    }
    std::multiset<std::uint32_t> want;
    for (std::uint64_t counter = 0; counter < kThreadCount * kDrawsEach * 256; ++counter) {
        const Block b = block_at(2025, counter);
        want.insert(b.begin(), b.end());
    }
    EXPECT_TRUE(all == want);
}

// Runs as its own CTest entry with GPUCC_SEED=4242 (tests/random/CMakeLists.txt); skipped
// otherwise.
TEST(RandomSeedEnvironment, GpuccSeedSeedsEachDevicesGenerator) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const char* value = std::getenv("GPUCC_SEED");
    if (value == nullptr || std::string(value) != "4242") {
        GTEST_SKIP() << "needs GPUCC_SEED=4242";
    }
    const gpucc::Device device = device_under_test();
    EXPECT_EQ(rnd::global_generator(device).seed(), 4242u);
    EXPECT_EQ(rnd::random<double>({50}, device).to_host(),
              rnd::Generator(4242).random<double>({50}, device).to_host());
}

#ifdef GPUCC_TEST_ON_GPU
TEST(Random, GpuAndCpuDrawTheSameNumbers) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = Device::cuda(0);
    const Device cpu = Device::cpu();
    rnd::Generator on_gpu(31), on_cpu(31);
    EXPECT_EQ(on_gpu.random<float>({4099}, gpu).to_host(),
              on_cpu.random<float>({4099}, cpu).to_host());
    EXPECT_EQ(on_gpu.random<double>({3, 1000}, gpu).to_host(),
              on_cpu.random<double>({3, 1000}, cpu).to_host());
    // uniform(low, high) is one fma on both devices; the float64 normals' and exponentials' log,
    // cos and sin are polynomials of exactly rounded operations (common_draws.dsl, random.dsl), so
    // these are the same bits. The float32 normal, exponential and lognormal draws of the default
    // Float32Transforms::exact are the same bits too (below); those of Float32Transforms::fast use
    // the GPU's fast approximations (__logf, __cosf, __sinf, rsqrt.approx): within 1e-5 (1 + |z|).
    EXPECT_EQ(on_gpu.uniform<double>(0.1, 0.7, {777}, gpu).to_host(),
              on_cpu.uniform<double>(0.1, 0.7, {777}, cpu).to_host());
    EXPECT_EQ(on_gpu.uniform<double>(-3.25, 1e6 / 3, {1025}, gpu).to_host(),
              on_cpu.uniform<double>(-3.25, 1e6 / 3, {1025}, cpu).to_host());
    EXPECT_EQ(on_gpu.uniform<float>(0.1, 0.7, {4097}, gpu).to_host(),
              on_cpu.uniform<float>(0.1, 0.7, {4097}, cpu).to_host());
    EXPECT_EQ(on_gpu.uniform<float>(-1e4, 3.5, {333}, gpu).to_host(),
              on_cpu.uniform<float>(-1e4, 3.5, {333}, cpu).to_host());
    EXPECT_EQ(on_gpu.standard_normal<float>({2048}, gpu).to_host(),
              on_cpu.standard_normal<float>({2048}, cpu).to_host());
    rnd::Generator fast_gpu(31, rnd::Float32Transforms::fast);
    rnd::Generator fast_cpu(31, rnd::Float32Transforms::fast);
    const auto z = fast_gpu.standard_normal<float>({2048}, gpu).to_host();
    const auto w = fast_cpu.standard_normal<float>({2048}, cpu).to_host();
    for (std::size_t i = 0; i < z.size(); ++i) {
        ASSERT_NEAR(z[i], w[i], 1e-5f * (1 + std::fabs(w[i]))) << "element " << i;
    }
    EXPECT_EQ(on_gpu.standard_normal<double>({3001}, gpu).to_host(),
              on_cpu.standard_normal<double>({3001}, cpu).to_host());
    EXPECT_EQ(on_gpu.normal<double>(7.0, 1e-3, {1 << 16}, gpu).to_host(),
              on_cpu.normal<double>(7.0, 1e-3, {1 << 16}, cpu).to_host());
    // From 2^23 values the GPU's float64 normal computes eight tiles per thread, the CPU one;
    // a size that is not a whole number of eight-tile groups takes only its own counters.
    EXPECT_EQ(on_gpu.normal<double>(-2.0, 0.5, {(1 << 23) + 999}, gpu).to_host(),
              on_cpu.normal<double>(-2.0, 0.5, {(1 << 23) + 999}, cpu).to_host());
    EXPECT_EQ(on_gpu.standard_normal<double>({1 << 23}, gpu).to_host(),
              on_cpu.standard_normal<double>({1 << 23}, cpu).to_host());
    const auto x = on_gpu.exponential<float>(2.5, {1 << 16}, gpu).to_host();
    const auto v = on_cpu.exponential<float>(2.5, {1 << 16}, cpu).to_host();
    for (std::size_t i = 0; i < x.size(); ++i) {
        ASSERT_NEAR(x[i], v[i], 1e-5f * (1 + std::fabs(v[i]))) << "element " << i;
    }
    EXPECT_EQ(on_gpu.exponential<double>(0.125, {4099}, gpu).to_host(),
              on_cpu.exponential<double>(0.125, {4099}, cpu).to_host());
    EXPECT_EQ(on_gpu.integers<std::int32_t>(-1000, (1 << 30) + 3, {5001}, false, gpu).to_host(),
              on_cpu.integers<std::int32_t>(-1000, (1 << 30) + 3, {5001}, false, cpu).to_host());
    EXPECT_EQ(
        on_gpu.integers<std::uint64_t>(0u, ~std::uint64_t{0} / 3, {999}, false, gpu).to_host(),
        on_cpu.integers<std::uint64_t>(0u, ~std::uint64_t{0} / 3, {999}, false, cpu).to_host());
    EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.poisson(3.5, {1000}, gpu)).to_host(),
              gpucc::Array<std::int64_t>(on_cpu.poisson(3.5, {1000}, cpu)).to_host());
    // permutation: the sorted keys up to 256 entries, the Feistel sample above (choice(n, n)),
    // and shuffle's gather by it.
    for (const std::int64_t n :
         {std::int64_t{256}, std::int64_t{1000}, (std::int64_t{1} << 20) + 3}) {
        EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.permutation(n, gpu)).to_host(),
                  gpucc::Array<std::int64_t>(on_cpu.permutation(n, cpu)).to_host())
            << "permutation(" << n << ")";
    }
    const auto to_shuffle = rnd::Generator(5).random<double>({300, 7}, cpu).to_host();
    gpucc::Array<double> shuffled_on_gpu = gpucc::asarray<double>(to_shuffle, {300, 7}, gpu);
    gpucc::Array<double> shuffled_on_cpu = gpucc::asarray<double>(to_shuffle, {300, 7}, cpu);
    on_gpu.shuffle(shuffled_on_gpu.ndarray());
    on_cpu.shuffle(shuffled_on_cpu.ndarray());
    EXPECT_EQ(shuffled_on_gpu.to_host(), shuffled_on_cpu.to_host());
    // choice without replacement: the Feistel bijection (feistel_choice.h; the GPU's kernel, the
    // CPU's vector paths) at 2^16, odd n, one above 2^16 (walks), the 63-bit network, k = 1 and
    // k = n; and the sort's first k at 256 entries.
    EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.choice(1000000, {500}, false, {}, gpu)).to_host(),
              gpucc::Array<std::int64_t>(on_cpu.choice(1000000, {500}, false, {}, cpu)).to_host());
    for (const std::int64_t n :
         {std::int64_t{257}, std::int64_t{1000}, std::int64_t{65536}, std::int64_t{65537},
          (std::int64_t{1} << 24) + 3, std::numeric_limits<std::int64_t>::max()}) {
        for (const std::int64_t k : {std::int64_t{1}, std::min<std::int64_t>(n, 70001)}) {
            EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.choice(n, {k}, false, {}, gpu)).to_host(),
                      gpucc::Array<std::int64_t>(on_cpu.choice(n, {k}, false, {}, cpu)).to_host())
                << "choice(" << n << ", " << k << ")";
        }
    }
    EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.choice(1000, {1000}, false, {}, gpu)).to_host(),
              gpucc::Array<std::int64_t>(on_cpu.choice(1000, {1000}, false, {}, cpu)).to_host());
    EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.choice(256, {200}, false, {}, gpu)).to_host(),
              gpucc::Array<std::int64_t>(on_cpu.choice(256, {200}, false, {}, cpu)).to_host());
    // gamma, beta and lognormal float64 take log, cos and exp as polynomials of exactly rounded
    // operations too (random.dsl; the host's gamma and beta the same operations, exact_math.h):
    // the same bits, shapes below, at and above 1, small beta shapes, float32 outputs rounded from
    // the same float64 values.
    for (const double shape : {0.05, 0.5, 0.999, 1.0, 2.5, 30.0, 1e4}) {
        EXPECT_EQ(on_gpu.gamma<double>(shape, 1.75, {4099}, gpu).to_host(),
                  on_cpu.gamma<double>(shape, 1.75, {4099}, cpu).to_host())
            << "shape " << shape;
    }
    EXPECT_EQ(on_gpu.gamma<float>(0.3, 2.0, {2049}, gpu).to_host(),
              on_cpu.gamma<float>(0.3, 2.0, {2049}, cpu).to_host());
    EXPECT_EQ(on_gpu.gamma<float>(7.0, 0.5, {2049}, gpu).to_host(),
              on_cpu.gamma<float>(7.0, 0.5, {2049}, cpu).to_host());
    for (const auto [a, b] :
         {std::pair{0.1, 0.2}, std::pair{0.5, 0.5}, std::pair{2.0, 5.0}, std::pair{1e-3, 3.0}}) {
        EXPECT_EQ(
            gpucc::Array<double>(on_gpu.beta(a, b, {3001}, gpucc::DType::Float64, gpu)).to_host(),
            gpucc::Array<double>(on_cpu.beta(a, b, {3001}, gpucc::DType::Float64, cpu)).to_host())
            << "beta " << a << ", " << b;
    }
    EXPECT_EQ(gpucc::Array<double>(on_gpu.lognormal(0.5, 2.0, {4099}, gpucc::DType::Float64, gpu))
                  .to_host(),
              gpucc::Array<double>(on_cpu.lognormal(0.5, 2.0, {4099}, gpucc::DType::Float64, cpu))
                  .to_host());
    EXPECT_EQ(gpucc::Array<double>(on_gpu.lognormal(-3.0, 30.0, {2047}, gpucc::DType::Float64, gpu))
                  .to_host(),
              gpucc::Array<double>(on_cpu.lognormal(-3.0, 30.0, {2047}, gpucc::DType::Float64, cpu))
                  .to_host());
    // poisson (the inverted table below lam 1000, PTRS from it) and binomial (inversion below
    // n q 30, BTRD above): one table for both devices, exact log, exp and log-gammas, the same
    // bits.
    for (const double lam :
         {1e-3, 0.5, 3.5, 9.99, 10.0, 47.5, 999.0, 999.99, 1000.0, 1000.5, 1e4, 3e9}) {
        EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.poisson(lam, {4099}, gpu)).to_host(),
                  gpucc::Array<std::int64_t>(on_cpu.poisson(lam, {4099}, cpu)).to_host())
            << "lam " << lam;
    }
    for (const auto [n, p] :
         {std::pair{std::int64_t{10}, 0.3}, std::pair{std::int64_t{1000}, 0.02},
          std::pair{std::int64_t{1000000000}, 1e-8}, std::pair{std::int64_t{100}, 0.5},
          std::pair{std::int64_t{5000}, 0.9}, std::pair{std::int64_t{1} << 40, 0.25}}) {
        EXPECT_EQ(gpucc::Array<std::int64_t>(on_gpu.binomial(n, p, {4099}, gpu)).to_host(),
                  gpucc::Array<std::int64_t>(on_cpu.binomial(n, p, {4099}, cpu)).to_host())
            << "binomial " << n << ", " << p;
    }
    EXPECT_EQ(on_gpu.offset(), on_cpu.offset());

    // Float32Transforms::exact: every float32 draw the same bits on both devices (sizes odd and
    // even, loc and scale varied; 2^22 values reach u within 2^-21 of 0 and of 1). From 2^24
    // values the GPU's normal computes eight tiles per thread (generator.cpp), the CPU one: the
    // same values, and a draw that is not a whole number of eight-tile groups takes only its own
    // counters (the next draw and the offsets agree).
    const auto exact = rnd::Float32Transforms::exact;
    rnd::Generator exact_gpu(33, exact), exact_cpu(33, exact);
    const auto same = [](const gpucc::NDArray& a, const gpucc::NDArray& b, const char* what) {
        const auto x = gpucc::Array<float>(a).to_host();
        const auto y = gpucc::Array<float>(b).to_host();
        ASSERT_EQ(x.size(), y.size()) << what;
        std::size_t differ = 0;
        std::size_t first = x.size();
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (std::memcmp(&x[i], &y[i], sizeof(float)) != 0) {
                first = std::min(first, i);
                ++differ;
            }
        }
        EXPECT_EQ(differ, 0u) << what << ": " << differ << " of " << x.size()
                              << " values differ, the first at " << first;
    };
    using gpucc::DType;
    same(exact_gpu.standard_normal({1 << 22}, DType::Float32, gpu),
         exact_cpu.standard_normal({1 << 22}, DType::Float32, cpu), "standard_normal 2^22");
    same(exact_gpu.normal(0.25, 3.0, {(1 << 24) + 3001}, DType::Float32, gpu),
         exact_cpu.normal(0.25, 3.0, {(1 << 24) + 3001}, DType::Float32, cpu),
         "normal(0.25, 3) of 2^24 + 3001, eight tiles per GPU thread");
    same(exact_gpu.standard_normal({1 << 24}, DType::Float32, gpu),
         exact_cpu.standard_normal({1 << 24}, DType::Float32, cpu),
         "standard_normal 2^24, eight tiles per GPU thread");
    same(exact_gpu.normal(1.5, 2.0, {4097}, DType::Float32, gpu),
         exact_cpu.normal(1.5, 2.0, {4097}, DType::Float32, cpu), "normal(1.5, 2) of 4097");
    same(exact_gpu.normal(-300.0, 1e-3, {2048}, DType::Float32, gpu),
         exact_cpu.normal(-300.0, 1e-3, {2048}, DType::Float32, cpu), "normal(-300, 1e-3)");
    same(exact_gpu.standard_exponential({1 << 22}, DType::Float32, gpu),
         exact_cpu.standard_exponential({1 << 22}, DType::Float32, cpu),
         "standard_exponential 2^22");
    same(exact_gpu.exponential(0.375, {1025}, DType::Float32, gpu),
         exact_cpu.exponential(0.375, {1025}, DType::Float32, cpu), "exponential(0.375) of 1025");
    for (const double mean : {0.0, 88.0, -102.0}) { // near 1, overflowing, subnormal
        same(exact_gpu.lognormal(mean, 1.5, {1 << 14}, DType::Float32, gpu),
             exact_cpu.lognormal(mean, 1.5, {1 << 14}, DType::Float32, cpu),
             ("lognormal float32, mean " + std::to_string(mean)).c_str());
    }
    same(exact_gpu.lognormal(0.5, 0.25, {999}, DType::Float32, gpu),
         exact_cpu.lognormal(0.5, 0.25, {999}, DType::Float32, cpu), "lognormal(0.5, 0.25)");
    EXPECT_EQ(exact_gpu.offset(), exact_cpu.offset());
}
#endif

std::string message_of(const std::function<void()>& call) {
    try {
        call();
    } catch (const gpucc::Error& error) {
        return error.what();
    }
    return "no exception";
}

TEST(Random, BadCallsSayWhatIsWrong) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator g(1);
    using gpucc::DType;
    EXPECT_EQ(message_of([&] { g.random({4}, DType::Int32, device); }),
              "random.random: dtype int32 is not supported; supported dtypes are float32 and "
              "float64");
    EXPECT_EQ(message_of([&] { g.standard_normal({4}, DType::Float16, device); }),
              "random.standard_normal: dtype float16 is not supported; supported dtypes are "
              "float32 and float64");
    EXPECT_EQ(message_of([&] { g.normal(0.0, -1.0, {4}, DType::Float32, device); }),
              "random.normal: scale must be non-negative, got -1.0");
    EXPECT_EQ(message_of([&] { g.uniform(0.0, INFINITY, {4}, DType::Float64, device); }),
              "random.uniform: high must be finite, got inf");
    EXPECT_EQ(message_of([&] { g.uniform(-1e308, 1e308, {4}, DType::Float64, device); }),
              "random.uniform: high - low must be finite, got high 1e+308 and low -1e+308");
    EXPECT_EQ(message_of([&] { g.exponential(-2.0, {4}, DType::Float64, device); }),
              "random.exponential: scale must be non-negative, got -2.0");
    EXPECT_EQ(message_of([&] { g.gamma(-0.5, 1.0, {4}, DType::Float64, device); }),
              "random.gamma: shape must be non-negative, got -0.5");
    EXPECT_EQ(message_of([&] { g.beta(0.0, 1.0, {4}, DType::Float64, device); }),
              "random.beta: a must be positive, got 0.0");
    EXPECT_EQ(message_of([&] { g.lognormal(0.0, NAN, {4}, DType::Float64, device); }),
              "random.lognormal: sigma must be non-negative, got nan");
    EXPECT_EQ(message_of([&] { g.poisson(-1.0, {4}, device); }),
              "random.poisson: lam must be non-negative, got -1.0");
    EXPECT_EQ(message_of([&] { g.binomial(-3, 0.5, {4}, device); }),
              "random.binomial: n must be non-negative, got -3");
    EXPECT_EQ(message_of([&] { g.binomial(3, 1.5, {4}, device); }),
              "random.binomial: p must be in [0, 1], got 1.5");
    EXPECT_EQ(message_of([&] { g.integers(5, 5, {4}, DType::Int32, false, device); }),
              "random.integers: low >= high: low 5, high 5");
    EXPECT_EQ(message_of([&] { g.integers(6, 5, {4}, DType::Int32, true, device); }),
              "random.integers: low > high: low 6, high 5");
    EXPECT_EQ(message_of([&] { g.integers(0, 300, {4}, DType::UInt8, false, device); }),
              "random.integers: high 300 is out of bounds for uint8");
    EXPECT_EQ(message_of([&] { g.integers(-1, 3, {4}, DType::UInt32, false, device); }),
              "random.integers: low -1 is out of bounds for uint32");
    EXPECT_EQ(message_of([&] { g.integers(0, 3, {4}, DType::Float32, false, device); }),
              "random.integers: dtype float32 is not supported; supported dtypes are bool, int8, "
              "int16, int32, int64, uint8, uint16, uint32 and uint64");
    const std::vector<double> bad_sum = {0.5, 0.4};
    EXPECT_EQ(message_of([&] { g.choice(2, {4}, true, bad_sum, device); }),
              "random.choice: probabilities do not sum to 1, their sum is 0.9");
    const std::vector<double> negative = {1.5, -0.5};
    EXPECT_EQ(message_of([&] { g.choice(2, {4}, true, negative, device); }),
              "random.choice: probabilities are not non-negative and finite: p[1] is -0.5");
    EXPECT_EQ(message_of([&] { g.choice(3, {4}, true, bad_sum, device); }),
              "random.choice: a and p must have the same size, got 3 and 2");
    EXPECT_EQ(message_of([&] { g.choice(0, {4}, true, {}, device); }),
              "random.choice: a cannot be empty unless no samples are taken");
    EXPECT_EQ(message_of([&] { g.choice(3, {4}, false, {}, device); }),
              "random.choice: cannot take a larger sample than population when replace is false "
              "(4 from 3)");
    EXPECT_EQ(message_of([&] { g.shuffle(gpucc::zeros<float>({3, 4}, device).ndarray(), 2); }),
              "random.shuffle: axis 2 is out of bounds for array of dimension 2");
    EXPECT_EQ(g.offset(), 0u) << "a refused call takes no counters";
}

} // namespace
