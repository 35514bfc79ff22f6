// gpucc::random against an independent Philox4x32-10 written here from the paper, checked first
// on Random123's published known answers; then the conversions to float32/float64 and Box-Muller
// element by element, the statistics of large draws, reproducibility, counters that advance, and
// the errors of bad calls.
#include "support/device_under_test.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <numeric>
#include <random>
#include <random.gpucc.h> // the runtime's own kernels, for the block function
#include <vector>

namespace {

using gpucc::Device;
using gpucc_test::device_under_test;
namespace rnd = gpucc::random;

using Block = std::array<std::uint32_t, 4>;

/// Philox4x32-10: ten rounds, the key bumped after each (Salmon et al., SC 2011).
Block philox(Block x, std::uint32_t k0, std::uint32_t k1) {
    for (int round = 0; round < 10; ++round) {
        const std::uint64_t a = std::uint64_t{0xD2511F53} * x[0];
        const std::uint64_t b = std::uint64_t{0xCD9E8D57} * x[2];
        x = {static_cast<std::uint32_t>(b >> 32) ^ x[1] ^ k0, static_cast<std::uint32_t>(b),
             static_cast<std::uint32_t>(a >> 32) ^ x[3] ^ k1, static_cast<std::uint32_t>(a)};
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return x;
}

Block block_at(std::uint64_t seed, std::uint64_t counter) {
    return philox(
        {static_cast<std::uint32_t>(counter), static_cast<std::uint32_t>(counter >> 32), 0, 0},
        static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32));
}

double unit53(std::uint32_t a, std::uint32_t b) {
    return (static_cast<double>(a >> 5) * 67108864.0 + static_cast<double>(b >> 6)) /
           9007199254740992.0;
}

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
    gpucc_random::philox4x32_10(arrays[0], arrays[1], arrays[2], arrays[3], arrays[4],
                                       arrays[5], out[0], out[1], out[2], out[3]);
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
    // float64 on [-3, 5), then float32 on [2, 2.5): the second draw starts at counter 1001.
    const auto d = generator.uniform<double>(-3.0, 5.0, {7, 11, 13}, device).to_host();
    ASSERT_EQ(d.size(), 1001u);
    for (std::size_t i = 0; i < d.size(); ++i) {
        const Block b = block_at(kSeed, i);
        const double want = -3.0 + 8.0 * unit53(b[0], b[1]);
        ASSERT_NEAR(d[i], want, 1e-15 * 8) << "element " << i;
        ASSERT_GE(d[i], -3.0);
        ASSERT_LT(d[i], 5.0);
    }
    EXPECT_EQ(generator.offset(), 1001u);
    const auto f = generator.uniform<float>(2.0, 2.5, {517}, device).to_host();
    for (std::size_t i = 0; i < f.size(); ++i) {
        const Block b = block_at(kSeed, 1001 + i);
        const float u = static_cast<float>(b[0] >> 8) * 5.9604644775390625e-8f;
        const float want = 2.0f + 0.5f * u;
        ASSERT_NEAR(f[i], want, 2.5e-7f) << "element " << i;
    }
    EXPECT_EQ(generator.offset(), 1518u);
}

TEST(Random, NormalIsBoxMullerOfTheReference) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 99;
    rnd::Generator generator(kSeed);
    const auto d = generator.normal<double>(1.5, 2.0, {999}, device).to_host();
    for (std::size_t i = 0; i < d.size(); ++i) {
        const Block b = block_at(kSeed, i);
        const double u1 = unit53(b[0], b[1]) + 1.0 / 9007199254740992.0;
        const double u2 = unit53(b[2], b[3]);
        const double want = 1.5 + 2.0 * std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * M_PI * u2);
        ASSERT_NEAR(d[i], want, 1e-13 * (1 + std::fabs(want))) << "element " << i;
    }
    const auto f = generator.standard_normal<float>({333}, device).to_host();
    for (std::size_t i = 0; i < f.size(); ++i) {
        const Block b = block_at(kSeed, 999 + i);
        const double u1 = static_cast<double>((b[0] >> 8) + 1) / 16777216.0;
        const double u2 = static_cast<double>(b[1] >> 8) / 16777216.0;
        const double want = std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * M_PI * u2);
        ASSERT_NEAR(f[i], want, 2e-5 * (1 + std::fabs(want))) << "element " << i;
    }
}

TEST(Random, LargeDrawsHaveTheRightMoments) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator generator(2024);
    constexpr std::int64_t kN = 1 << 20;
    const auto u = generator.random<float>({kN}, device).to_host();
    const double mean = std::accumulate(u.begin(), u.end(), 0.0) / kN;
    double var = 0;
    std::array<std::int64_t, 16> bins{};
    for (float v : u) {
        var += (v - mean) * (v - mean);
        ASSERT_GE(v, 0.0f);
        ASSERT_LT(v, 1.0f);
        ++bins[static_cast<int>(v * 16)];
    }
    var /= kN;
    // Mean of U(0,1) has standard error sqrt(1/12/n) = 2.8e-4: six of them.
    EXPECT_NEAR(mean, 0.5, 1.7e-3);
    EXPECT_NEAR(var, 1.0 / 12, 1e-3);
    double chi2 = 0;
    for (std::int64_t count : bins) {
        const double expected = kN / 16.0;
        chi2 += (count - expected) * (count - expected) / expected;
    }
    EXPECT_LT(chi2, 45.0) << "15 degrees of freedom; p < 1e-4 above 45";

    const auto z = generator.normal<double>(-2.0, 3.0, {kN}, device).to_host();
    const double zmean = std::accumulate(z.begin(), z.end(), 0.0) / kN;
    double zvar = 0;
    std::int64_t within_one = 0;
    for (double v : z) {
        zvar += (v - zmean) * (v - zmean);
        within_one += std::fabs(v + 2.0) < 3.0 ? 1 : 0;
    }
    zvar /= kN;
    EXPECT_NEAR(zmean, -2.0, 6 * 3.0 / 1024);
    EXPECT_NEAR(std::sqrt(zvar), 3.0, 0.02);
    // P(|Z| < 1) = 0.682689; standard error 4.5e-4.
    EXPECT_NEAR(static_cast<double>(within_one) / kN, 0.682689, 3e-3);
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

    rnd::seed(123);
    const auto g1 = rnd::uniform<float>({100}, 0.0, 1.0, device).to_host();
    const auto n1 = rnd::randn<double>({10}, device).to_host();
    rnd::seed(123);
    EXPECT_EQ(g1, rnd::random<float>({100}, device).to_host());
    rnd::seed(123);
    EXPECT_EQ(g1, rnd::rand<float>({100}, device).to_host());
    EXPECT_EQ(n1, rnd::normal<double>({10}, 0.0, 1.0, device).to_host());

    // Shapes: n-d, and empty draws take no counters.
    rnd::Generator shaped(5);
    const auto m = shaped.random<float>({3, 0, 2}, device);
    EXPECT_EQ(m.size(), 0);
    EXPECT_EQ(shaped.offset(), 0u);
    const auto grid = shaped.random<float>({4, 5}, device);
    EXPECT_EQ(grid.shape(), gpucc::Shape({4, 5}));
    EXPECT_EQ(grid.device(), device);
}

#ifdef GPUCC_TEST_ON_GPU
TEST(Random, GpuAndCpuDrawTheSameNumbers) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = Device::cuda(0);
    const Device cpu = Device::cpu();
    rnd::Generator on_gpu(31), on_cpu(31);
    EXPECT_EQ(on_gpu.random<float>({4099}, gpu).to_host(),
              on_cpu.random<float>({4099}, cpu).to_host());
    EXPECT_EQ(on_gpu.uniform<double>(-2.0, 2.0, {3, 1000}, gpu).to_host(),
              on_cpu.uniform<double>(-2.0, 2.0, {3, 1000}, cpu).to_host());
    const auto a = on_gpu.uniform<double>(0.1, 0.7, {777}, gpu).to_host();
    const auto b = on_cpu.uniform<double>(0.1, 0.7, {777}, cpu).to_host();
    for (std::size_t i = 0; i < a.size(); ++i) {
        ASSERT_NEAR(a[i], b[i], 2e-16) << "element " << i;
    }
    const auto z = on_gpu.standard_normal<float>({2048}, gpu).to_host();
    const auto w = on_cpu.standard_normal<float>({2048}, cpu).to_host();
    for (std::size_t i = 0; i < z.size(); ++i) {
        ASSERT_NEAR(z[i], w[i], 1e-5f * (1 + std::fabs(w[i]))) << "element " << i;
    }
}
#endif

TEST(Random, BadCallsSayWhatIsWrong) {
    const gpucc::Device device = device_under_test();
    rnd::Generator generator(1);
    auto message = [](auto&& call) -> std::string {
        try {
            call();
        } catch (const gpucc::Error& error) {
            return error.what();
        }
        return "no exception";
    };
    EXPECT_EQ(message([&] { generator.random({4}, gpucc::DType::Int32, device); }),
              "random.uniform: dtype int32 is not supported; supported dtypes are float32 and "
              "float64");
    EXPECT_EQ(message([&] { generator.normal(0.0, -1.0, {4}, gpucc::DType::Float32, device); }),
              "random.normal: scale must be non-negative, got -1.0");
    EXPECT_EQ(
        message([&] { generator.uniform(0.0, INFINITY, {4}, gpucc::DType::Float64, device); }),
        "random.uniform: high must be finite, got inf");
    EXPECT_EQ(
        message([&] { generator.uniform(-1e308, 1e308, {4}, gpucc::DType::Float64, device); }),
        "random.uniform: high - low must be finite, got high 1e+308 and low -1e+308");
    EXPECT_EQ(generator.offset(), 0u) << "a refused call takes no counters";
}

} // namespace
