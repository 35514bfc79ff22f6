// Float32Transforms::exact (gpucc/random/generator.h): the float32 normal, lognormal and
// exponential draws computed only with operations every device rounds alike
// (common_draws.dsl's normal_float32_exact, random.dsl's lognormal_float32_exact and
// exponential_float32_exact). On the device under test the draws equal, bit for bit, an
// independent C++ version of the same transform (std::fma, the same polynomials) on the words of
// an independent Philox (random_test_support.h); the rsqrt correction gives the correctly rounded
// root for every one of the 2^24 values t takes; the values are within their stated error of a
// float64 Box-Muller (or -log, or long double exp) of the same words; the distributions pass
// Kolmogorov-Smirnov and moments; the mode is kept by copies and seeding, and the same counters
// are used as in the fast mode. Built with -ffp-contract=off (tests/random/CMakeLists.txt), so the
// reference rounds every product and sum apart, as the kernels do.
#include "random_test_support.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <gpucc/gpucc.h>
#include <limits>
#include <random>
#include <random_builtins.gpucc.h>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;
constexpr auto kExact = rnd::Float32Transforms::exact;

/// -2 log(j 2^-24), j in [1, 2^24], as the exact kernels compute it: j = m 2^-n with m's top bit
/// set, u = f 2^e with f in [sqrt(1/2), sqrt 2), mm = -2 (f - 1), t = -2 e ln2 + mm + mm^2 Q(mm).
float minus_two_log(std::uint32_t j) {
    const int n = std::countl_zero(j);
    const std::uint32_t m = j << n;
    const bool big = m > 3037000499u; // f >= sqrt 2: take f / 2 and one more in the exponent
    const float mm = std::fma(static_cast<float>(m), big ? -0x1p-31f : -0x1p-30f, 2.0f);
    const float e = static_cast<float>(7 - n + (big ? 1 : 0));
    float q = 0.0007876853342168033f;
    for (const float c : {0.002528203185647726f, 0.0053885080851614475f, 0.012441801838576794f,
                          0.03121403604745865f, 0.08333678543567657f, 0.25000160932540894f}) {
        q = std::fma(q, mm, c);
    }
    return std::fma(e, -1.3862943649291992f, std::fma(mm * mm, q, mm));
}

/// loc + scale r (cos, sin) of words (w0, w1): r = sqrt(-2 log u1), correctly rounded (what the
/// kernels' corrected rsqrt gives); the angle 2 pi w1 2^-32 - pi = q pi / 2 + x, q the top two bits
/// of w1 + 2^31 rounded, x in [-pi/4, pi/4) from the rest, cos x and sin x by their polynomials,
/// exchanged and negated by q.
std::pair<float, float> exact_pair(std::uint32_t w0, std::uint32_t w1, float loc, float scale) {
    const float root = std::sqrt(std::max(minus_two_log((w0 >> 8) + 1), 1.0e-30f));
    const std::uint32_t shifted = w1 + 0x80000000u;
    const int q = static_cast<int>(((shifted + 0x20000000u) >> 30) & 3u);
    const float x =
        static_cast<float>(static_cast<std::int32_t>(w1 << 2)) * (3.14159265358979324f * 0x1p-33f);
    const float y = x * x;
    const float sine_x =
        std::fma(x * y,
                 std::fma(std::fma(-0.0001951528392964974f, y, 0.0083321603015065193f), y,
                          -0.16666655242443085f),
                 x);
    const float cosine_x =
        std::fma(y,
                 std::fma(std::fma(std::fma(2.4383567506447434e-05f, y, -0.001388668199069798f), y,
                                   0.041666619479656219f),
                          y, -0.5f),
                 1.0f);
    const float cosine = q == 0 ? cosine_x : q == 1 ? -sine_x : q == 2 ? -cosine_x : sine_x;
    const float sine = q == 0 ? sine_x : q == 1 ? cosine_x : q == 2 ? -sine_x : -cosine_x;
    const float sr = scale * root;
    return {std::fma(sr, cosine, loc), std::fma(sr, sine, loc)};
}

/// exp x as lognormal_float32_exact computes it: k = rint(x log2 e), r = x - k ln2, 1 + r + r^2
/// E(r), times 2^k in float64, one rounding to float32.
float exact_exp(float x) {
    if (std::isnan(x)) {
        return x;
    }
    const float s = std::min(std::max(x, -104.0f), 89.0f);
    const float k = std::rint(s * 1.44269502f);
    float r = std::fma(k, -0.693145751953125f, s);
    r = std::fma(k, -1.428606765330187e-06f, r);
    float q = std::fma(0.0013814612757414579f, r, 0.0083687100559473038f);
    q = std::fma(q, r, 0.041668388992547989f);
    q = std::fma(q, r, 0.1666652113199234f);
    q = std::fma(q, r, 0.49999994039535522f);
    const float m = 1.0f + std::fma(r * r, q, r);
    return static_cast<float>(static_cast<double>(m) * std::ldexp(1.0, static_cast<int>(k)));
}

/// The words of element e's pair in a four-value draw starting at counter `first`.
struct PairWords {
    std::uint32_t w0;
    std::uint32_t w1;
    bool sine;
};
PairWords pair_words(std::uint64_t seed, std::uint64_t first, std::int64_t e) {
    const Source at = source_of(e, 4);
    const Block b = block_at(seed, first + at.counter);
    const int pair = at.value / 2;
    return {b[2 * pair], b[2 * pair + 1], at.value % 2 == 1};
}

float reference_normal(std::uint64_t seed, std::uint64_t first, std::int64_t e, float loc,
                       float scale) {
    const PairWords p = pair_words(seed, first, e);
    const auto [c, s] = exact_pair(p.w0, p.w1, loc, scale);
    return p.sine ? s : c;
}

float reference_exponential(std::uint64_t seed, std::uint64_t first, std::int64_t e, float scale) {
    const Source at = source_of(e, 4);
    const std::uint32_t word = block_at(seed, first + at.counter)[at.value];
    return scale * (0.5f * minus_two_log(16777216u - (word >> 8)));
}

std::vector<float> host_floats(const gpucc::NDArray& x) {
    return gpucc::Array<float>(x).to_host();
}

/// Every element of `got` equals `want` bit for bit (the first difference is reported).
void expect_same_bits(const std::vector<float>& got, const std::vector<float>& want,
                      const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < got.size(); ++i) {
        ASSERT_EQ(std::bit_cast<std::uint32_t>(got[i]), std::bit_cast<std::uint32_t>(want[i]))
            << what << ", element " << i << ": " << got[i] << " against " << want[i];
    }
}

// The exactness of the root rests on this: for each of the 2^24 values of t = -2 log u1, the
// once-corrected rsqrt is the correctly rounded sqrt on the device under test (on the GPU from
// rsqrt.approx, on the CPU from 1 / sqrt(t), which the CPU target must keep: checked too).
TEST(RandomExactFloat32, CorrectedRootIsTheCorrectlyRoundedSqrtForEveryTOfTheDraw) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::int64_t kCount = std::int64_t{1} << 24;
    std::vector<float> t(kCount);
    for (std::int64_t j = 1; j <= kCount; ++j) {
        t[static_cast<std::size_t>(j - 1)] = minus_two_log(static_cast<std::uint32_t>(j));
    }
    auto root = gpucc::empty<float>({kCount}, device);
    auto inverse = gpucc::empty<float>({kCount}, device);
    random_builtins::corrected_root(gpucc::asarray<float>(t, {kCount}, device), root, inverse);
    const auto roots = root.to_host();
    const auto inverses = inverse.to_host();
    std::int64_t differ = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
        const float tt = std::max(t[k], 1.0e-30f);
        ASSERT_GE(t[k], 0.0f) << "j " << k + 1;
        differ += roots[k] != std::sqrt(tt);
        if (device.is_cpu()) {
            ASSERT_EQ(inverses[k], 1.0f / std::sqrt(tt)) << "the CPU's rsqrt at t = " << tt;
        }
    }
    EXPECT_EQ(differ, 0) << "of 2^24 roots on " << device.to_string();
}

// The draws on the device under test against the C++ transform of the reference words, bit for
// bit: odd and even sizes, loc and scale varied, a large draw (u1 within 2^-21 of 0 and 1).
TEST(RandomExactFloat32, DrawsAreTheReferenceTransformBitForBit) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 0x5eed5eed12345ULL;
    rnd::Generator g(kSeed, kExact);
    std::uint64_t first = 0;
    struct Normal {
        std::int64_t n;
        float loc;
        float scale;
    };
    for (const Normal c : {Normal{std::int64_t{1} << 22, 0.0f, 1.0f}, Normal{4097, 1.5f, 2.0f},
                           Normal{1000, -300.0f, 1e-3f}, Normal{3, 0.25f, 1e6f}}) {
        const auto got = host_floats(g.normal(c.loc, c.scale, {c.n}, DType::Float32, device));
        std::vector<float> want(static_cast<std::size_t>(c.n));
        for (std::int64_t e = 0; e < c.n; ++e) {
            want[static_cast<std::size_t>(e)] = reference_normal(kSeed, first, e, c.loc, c.scale);
        }
        expect_same_bits(got, want,
                         "normal(" + std::to_string(c.loc) + ", " + std::to_string(c.scale) +
                             ") of " + std::to_string(c.n));
        first += counters_for(c.n, 4);
    }
    for (const std::int64_t n : {std::int64_t{1} << 21, std::int64_t{1025}}) {
        const auto got = host_floats(g.standard_exponential({n}, DType::Float32, device));
        std::vector<float> want(static_cast<std::size_t>(n));
        for (std::int64_t e = 0; e < n; ++e) {
            want[static_cast<std::size_t>(e)] = reference_exponential(kSeed, first, e, 1.0f);
        }
        expect_same_bits(got, want, "standard_exponential of " + std::to_string(n));
        first += counters_for(n, 4);
    }
    const auto scaled = host_floats(g.exponential(0.375, {777}, DType::Float32, device));
    for (std::int64_t e = 0; e < 777; ++e) {
        ASSERT_EQ(scaled[static_cast<std::size_t>(e)],
                  reference_exponential(kSeed, first, e, 0.375f))
            << "exponential(0.375), element " << e;
    }
    first += counters_for(777, 4);
    // lognormal: means whose results are near 1, overflow to inf and are subnormal or 0.
    for (const float mean : {0.0f, 88.0f, -102.0f}) {
        const auto got = host_floats(g.lognormal(mean, 1.5, {5001}, DType::Float32, device));
        std::vector<float> want(got.size());
        for (std::int64_t e = 0; e < 5001; ++e) {
            want[static_cast<std::size_t>(e)] =
                exact_exp(reference_normal(kSeed, first, e, mean, 1.5f));
        }
        expect_same_bits(got, want, "lognormal(" + std::to_string(mean) + ", 1.5)");
        first += counters_for(5001, 4);
    }
    EXPECT_EQ(g.offset(), first);
}

// Against float64 Box-Muller of the same words with the same angle (2 pi w1 2^-32 - pi): within
// 2e-7 (1 + r) (the transform's error, 1.25e-7 (1 + r) in the form's analysis), over 2^20 values.
TEST(RandomExactFloat32, NormalIsWithinTwoTenMillionthsOfBoxMuller) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 2027;
    constexpr std::int64_t kCount = std::int64_t{1} << 20;
    const auto f = rnd::Generator(kSeed, kExact).standard_normal<float>({kCount}, device).to_host();
    double worst = 0;
    double worst_small_radius = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const PairWords p = pair_words(kSeed, 0, i);
        const double r = std::sqrt(-2.0 * std::log(static_cast<double>((p.w0 >> 8) + 1) * 0x1p-24));
        const double angle = 2 * M_PI * static_cast<double>(p.w1) * 0x1p-32 - M_PI;
        const double want = r * (p.sine ? std::sin(angle) : std::cos(angle));
        const double error = std::fabs(static_cast<double>(f[static_cast<std::size_t>(i)]) - want);
        ASSERT_LE(error, 2e-7 * (1 + r)) << "element " << i << ", radius " << r;
        worst = std::max(worst, error / (1 + r));
        if (r < 0.1) {
            worst_small_radius = std::max(worst_small_radius, error);
        }
    }
    std::printf("exact normal float32 on %s: max |z - z64| / (1 + r) = %.3g, for r < 0.1 %.3g\n",
                device.to_string().c_str(), worst, worst_small_radius);
}

// standard_exponential within 2.5e-7 relative of -log(1 - u) of the same word (the 7-term log's
// 2.37e-7, halved exactly), over 2^20 values.
TEST(RandomExactFloat32, ExponentialIsWithinItsLogsErrorOfMinusLog) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::uint64_t kSeed = 88;
    constexpr std::int64_t kCount = std::int64_t{1} << 20;
    const auto f = host_floats(
        rnd::Generator(kSeed, kExact).standard_exponential({kCount}, DType::Float32, device));
    double worst = 0;
    for (std::int64_t i = 0; i < kCount; ++i) {
        const Source at = source_of(i, 4);
        const std::uint32_t k = block_at(kSeed, at.counter)[at.value] >> 8;
        const double want = -std::log1p(-static_cast<double>(k) * 0x1p-24);
        const double got = f[static_cast<std::size_t>(i)];
        if (k == 0) {
            ASSERT_EQ(got, 0.0) << "element " << i;
            continue;
        }
        ASSERT_LE(std::fabs(got - want), 2.5e-7 * want) << "element " << i << ", u " << k;
        worst = std::max(worst, std::fabs(got - want) / want);
    }
    std::printf("exact exponential float32 on %s: max relative error %.3g\n",
                device.to_string().c_str(), worst);
}

/// |got - want| in units of the last place of float32 at `want` (2^-149 below the normal range).
long double float32_ulps(float got, long double want) {
    const long double magnitude = std::max(std::fabs(want), 0x1p-126L);
    const long double ulp = std::ldexp(1.0L, std::ilogb(magnitude) - 23);
    return std::fabs(static_cast<long double>(got) - want) / ulp;
}

// lognormal's exp against long double exp, in units in the last place: with sigma = 0 the draw is
// exp(mean) exactly, so edge arguments go in one by one (around every k = rint(x log2 e) step,
// the overflow and underflow thresholds, zero and tiny ones); random arguments as the exp of the
// exact normal of the same generator (sigma 40 spreads them over the whole range).
TEST(RandomExactFloat32, LognormalsExpIsWithinTwoUnitsInTheLastPlaceOfExp) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    std::vector<float> edges = {0.0f,       -0.0f,     1e-30f,      -1e-30f,  1e-8f,
                                -1e-8f,     0.5f,      -0.5f,       1.0f,     -1.0f,
                                88.72283f,  88.72284f, 88.7228394f, 89.0f,    100.0f,
                                -87.33654f, -87.3365f, -103.27893f, -103.97f, -103.972f,
                                -103.9721f, -104.0f,   -110.0f,     1e4f,     -1e4f};
    for (int k = -150; k <= 128; ++k) { // both sides of each (k + 1/2) ln2, where k changes
        const float boundary = static_cast<float>((k + 0.5) * 0.69314718055994530942);
        edges.push_back(boundary);
        edges.push_back(std::nextafter(boundary, 200.0f));
        edges.push_back(std::nextafter(boundary, -200.0f));
    }
    long double worst = 0;
    int infinite = 0;
    int tiny = 0;
    for (const float x : edges) {
        const float got = gpucc::Array<float>(rnd::Generator(1, kExact).lognormal(
                                                  x, 0.0, {1}, DType::Float32, device))
                              .item();
        const long double want = std::exp(static_cast<long double>(x));
        if (want > static_cast<long double>(std::numeric_limits<float>::max()) * (1 + 0x1p-24L)) {
            EXPECT_TRUE(std::isinf(got)) << "exp(" << x << ") is " << got;
            ++infinite;
            continue;
        }
        tiny += want < 0x1p-126L;
        const long double ulps = float32_ulps(got, want);
        EXPECT_LE(ulps, 2.0L) << "exp(" << x << ") is " << got << " against " << want;
        worst = std::max(worst, ulps);
    }
    EXPECT_GT(infinite, 0);
    EXPECT_GT(tiny, 0);
    constexpr std::int64_t kCount = std::int64_t{1} << 18;
    const auto z = host_floats(
        rnd::Generator(9, kExact).normal(-10.0, 40.0, {kCount}, DType::Float32, device));
    const auto l = host_floats(
        rnd::Generator(9, kExact).lognormal(-10.0, 40.0, {kCount}, DType::Float32, device));
    for (std::int64_t i = 0; i < kCount; ++i) {
        const auto k = static_cast<std::size_t>(i);
        ASSERT_EQ(l[k], exact_exp(z[k])) << "element " << i;
        const long double want = std::exp(static_cast<long double>(z[k]));
        if (std::isinf(l[k])) {
            ASSERT_GT(want, static_cast<long double>(std::numeric_limits<float>::max()))
                << "element " << i;
            continue;
        }
        const long double ulps = float32_ulps(l[k], want);
        ASSERT_LE(ulps, 2.0L) << "element " << i << ": exp(" << z[k] << ")";
        worst = std::max(worst, ulps);
    }
    std::printf("exact lognormal float32's exp on %s: max error %.3Lg units in the last place\n",
                device.to_string().c_str(), worst);
}

double mean_of(const std::vector<float>& v) {
    double sum = 0;
    for (const float x : v) {
        sum += x;
    }
    return sum / static_cast<double>(v.size());
}

double variance_of(const std::vector<float>& v) {
    const double m = mean_of(v);
    double sum = 0;
    for (const float x : v) {
        sum += (x - m) * (x - m);
    }
    return sum / static_cast<double>(v.size());
}

/// Kolmogorov-Smirnov at significance 1e-4 and the moments (mean within six standard errors,
/// variance within 10%), as distributions_test.cpp's.
void expect_distribution(const std::vector<float>& v, double mean, double variance,
                         const std::function<double(double)>& cdf, const std::string& what) {
    const double n = static_cast<double>(v.size());
    EXPECT_NEAR(mean_of(v), mean, 6 * std::sqrt(variance / n)) << what;
    EXPECT_NEAR(variance_of(v), variance, 0.1 * variance) << what;
    std::vector<double> sample(v.begin(), v.end());
    EXPECT_LT(ks_distance(sample, cdf), ks_critical(n)) << what;
}

TEST(RandomExactFloat32, DistributionsPassKolmogorovSmirnovAndMoments) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    constexpr std::int64_t kN = std::int64_t{1} << 17;
    rnd::Generator g(104, kExact);
    const auto normal_cdf = [](double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); };
    expect_distribution(
        host_floats(g.normal(1.0, 2.0, {kN}, DType::Float32, device)), 1.0, 4.0,
        [&](double x) { return normal_cdf((x - 1) / 2); }, "normal(1, 2)");
    expect_distribution(host_floats(g.standard_normal({kN + 1}, DType::Float32, device)), 0.0, 1.0,
                        normal_cdf, "standard_normal, odd size");
    const double s2 = 0.36;
    expect_distribution(
        host_floats(g.lognormal(0.3, 0.6, {kN}, DType::Float32, device)), std::exp(0.3 + s2 / 2),
        (std::exp(s2) - 1) * std::exp(0.6 + s2),
        [&](double x) { return x <= 0 ? 0.0 : normal_cdf((std::log(x) - 0.3) / 0.6); },
        "lognormal(0.3, 0.6)");
    expect_distribution(
        host_floats(g.exponential(2.5, {kN}, DType::Float32, device)), 2.5, 6.25,
        [](double x) { return x <= 0 ? 0.0 : 1 - std::exp(-x / 2.5); }, "exponential(2.5)");
}

// The two forms take the same words of the same counters, so an exact draw is the fast one's to
// within their errors (normal: the angle's low 8 bits, 3.7e-7 r, and both forms' errors), and
// each takes the same counters; the mode survives copies, default_rng and seed().
TEST(RandomExactFloat32, ModeIsKeptAndTakesTheFastFormsCounters) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    rnd::Generator fast(606, rnd::Float32Transforms::fast);
    rnd::Generator exact = rnd::default_rng(606, kExact);
    // exact is the default.
    EXPECT_EQ(rnd::Generator(1).float32_transforms(), kExact);
    EXPECT_EQ(rnd::default_rng(1).float32_transforms(), kExact);
    EXPECT_EQ(rnd::default_rng().float32_transforms(), kExact);
    EXPECT_EQ(fast.float32_transforms(), rnd::Float32Transforms::fast);
    EXPECT_EQ(exact.float32_transforms(), kExact);
    const rnd::Generator copy = exact;
    EXPECT_EQ(copy.float32_transforms(), kExact);
    rnd::Generator assigned(1);
    assigned = exact;
    EXPECT_EQ(assigned.float32_transforms(), kExact);
    constexpr std::int64_t kN = 5000;
    const auto zf = fast.standard_normal<float>({kN}, device).to_host();
    const auto ze = exact.standard_normal<float>({kN}, device).to_host();
    for (std::int64_t i = 0; i < kN; ++i) {
        const PairWords p = pair_words(606, 0, i);
        const double r = std::sqrt(-2.0 * std::log(static_cast<double>((p.w0 >> 8) + 1) * 0x1p-24));
        const auto k = static_cast<std::size_t>(i);
        ASSERT_NEAR(ze[k], zf[k], 1.5e-6 * (1 + r)) << "element " << i;
    }
    const auto xf = host_floats(fast.standard_exponential({kN}, DType::Float32, device));
    const auto xe = host_floats(exact.standard_exponential({kN}, DType::Float32, device));
    for (std::size_t k = 0; k < xf.size(); ++k) {
        ASSERT_NEAR(xe[k], xf[k], 1.5e-6 * (1 + xf[k])) << "element " << k;
    }
    (void)fast.lognormal(0.0, 1.0, {kN}, DType::Float32, device);
    (void)exact.lognormal(0.0, 1.0, {kN}, DType::Float32, device);
    EXPECT_EQ(exact.offset(), fast.offset());
    // The same seed and counter in the other mode differ (the transform is used).
    EXPECT_NE(ze, zf);

    rnd::Generator& global = rnd::global_generator(device);
    const rnd::Generator saved = global;
    global = rnd::Generator(5, kExact);
    rnd::seed(11, device);
    EXPECT_EQ(rnd::global_generator(device).float32_transforms(), kExact);
    EXPECT_EQ(rnd::global_generator(device).seed(), 11u);
    EXPECT_EQ(rnd::randn<float>({999}, device).to_host(),
              rnd::Generator(11, kExact).standard_normal<float>({999}, device).to_host());
    global = saved;

    // Argument errors are the fast mode's.
    EXPECT_THROW(exact.normal(0.0, -1.0, {4}, DType::Float32, device), gpucc::ValueError);
    EXPECT_THROW(exact.lognormal(INFINITY, 1.0, {4}, DType::Float32, device), gpucc::ValueError);
    EXPECT_THROW(exact.exponential(-2.0, {4}, DType::Float32, device), gpucc::ValueError);
    EXPECT_THROW(exact.standard_normal({4}, DType::Float16, device), gpucc::TypeError);
}

// Runs as its own CTest entries with GPUCC_RANDOM_EXACT=1, =0 and =yes
// (tests/random/CMakeLists.txt), and unset in the suite's own run.
TEST(RandomExactEnvironment, GpuccRandomExactChoosesTheProcessWideGeneratorsTransforms) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const char* value = std::getenv("GPUCC_RANDOM_EXACT");
    const gpucc::Device device = device_under_test();
    if (value != nullptr && std::string(value) == "yes") {
        try {
            (void)rnd::global_generator(device);
            ADD_FAILURE() << "GPUCC_RANDOM_EXACT=yes was accepted";
        } catch (const gpucc::ValueError& error) {
            EXPECT_STREQ(error.what(), "GPUCC_RANDOM_EXACT: expected 0 or 1, got 'yes'");
        }
        return;
    }
    // Unset or 1: exact (the default); 0: fast. The suite's own run leaves the variable unset,
    // and no test there changes the process-wide generator's transforms for good.
    const auto expected =
        value != nullptr && std::string(value) == "0" ? rnd::Float32Transforms::fast : kExact;
    EXPECT_EQ(rnd::global_generator(device).float32_transforms(), expected);
    const rnd::Generator saved = rnd::global_generator(device);
    rnd::seed(12, device);
    EXPECT_EQ(rnd::randn<float>({100}, device).to_host(),
              rnd::Generator(12, expected).standard_normal<float>({100}, device).to_host());
    rnd::global_generator(device) = saved;
}

} // namespace
