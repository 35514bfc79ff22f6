// The distributions of gpucc::random::Generator, each in float32 and float64 where it has both:
// moments, and a Kolmogorov-Smirnov distance (continuous) or a chi-square over the probability
// mass function (discrete). Every threshold is the 1e-4 quantile of its statistic under the right
// distribution (random_test_support.h), and the seeds are fixed, so the tests are deterministic.
// Power, at the sizes used (n = 2^17): an exponential whose scale is 5% off gives D = 0.017
// against the threshold 0.0062, a gamma whose shape is 5% off D = 0.044 against 0.0087 (two
// samples; the right shape gives 0.0037), and a Poisson or binomial mean 5% off raises chi-square
// by about n (0.05)^2 mean / variance (over 160 for every case here) above thresholds of 20 to
// 70; so an off-by-one scale, a wrong shape or a swapped parameter fails. Gamma and beta, whose
// CDFs the C++ library lacks, are compared with a sample of std::gamma_distribution (an independent
// generator, mt19937_64) by the two-sample KS test.
#include "random_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;

constexpr std::int64_t kN = std::int64_t{1} << 17;

std::vector<double> to_doubles(const gpucc::NDArray& x) {
    return gpucc::Array<double>(x.astype(DType::Float64)).to_host();
}

double mean_of(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double variance_of(const std::vector<double>& v) {
    const double m = mean_of(v);
    double s = 0;
    for (double x : v) {
        s += (x - m) * (x - m);
    }
    return s / static_cast<double>(v.size());
}

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

/// Mean within six standard errors, variance within 10% (both far above the noise at n = 2^17:
/// the variance's relative error is about sqrt(2 / n) = 0.4% for light tails).
void expect_moments(const std::vector<double>& v, double mean, double variance,
                    const std::string& what) {
    EXPECT_NEAR(mean_of(v), mean, 6 * std::sqrt(variance / static_cast<double>(v.size()))) << what;
    EXPECT_NEAR(variance_of(v), variance, 0.1 * variance) << what;
}

void expect_ks(std::vector<double> v, const std::function<double(double)>& cdf,
               const std::string& what) {
    const double d = ks_distance(v, cdf);
    EXPECT_LT(d, ks_critical(static_cast<double>(v.size()))) << what;
}

void expect_two_sample_ks(std::vector<double> v, std::vector<double> reference,
                          const std::string& what) {
    const double d = ks_two_sample(v, reference);
    EXPECT_LT(d, ks_critical(static_cast<double>(v.size()), static_cast<double>(reference.size())))
        << what;
}

/// Chi-square of integer draws against a probability mass function: consecutive values are
/// grouped until each group expects at least 20 draws, and the tails go to the end groups.
void expect_pmf(const std::vector<double>& v, const std::function<double(std::int64_t)>& pmf,
                std::int64_t low, std::int64_t high, const std::string& what) {
    const double n = static_cast<double>(v.size());
    std::vector<std::int64_t> edges; // group k holds values in [edges[k], edges[k + 1])
    std::vector<double> expected;
    double run = 0;
    edges.push_back(low);
    for (std::int64_t k = low; k <= high; ++k) {
        run += pmf(k) * n;
        if (run >= 20 && k < high) {
            expected.push_back(run);
            edges.push_back(k + 1);
            run = 0;
        }
    }
    expected.push_back(run);
    // Tails beyond [low, high] join the end groups.
    double below = 0;
    for (std::int64_t k = low - 1; k >= std::max<std::int64_t>(0, low - 100000); --k) {
        below += pmf(k) * n;
    }
    expected.front() += below;
    const double total = std::accumulate(expected.begin(), expected.end(), 0.0);
    expected.back() += n - total;
    std::vector<double> observed(expected.size(), 0.0);
    for (double x : v) {
        const auto value = static_cast<std::int64_t>(x);
        const auto it = std::upper_bound(edges.begin(), edges.end(), value);
        const std::size_t group =
            it == edges.begin() ? 0 : static_cast<std::size_t>(it - edges.begin() - 1);
        observed[std::min(group, observed.size() - 1)] += 1;
    }
    const double chi2 = chi_square(observed, expected);
    EXPECT_LT(chi2, chi_square_critical(static_cast<double>(expected.size() - 1)))
        << what << " (" << expected.size() << " groups)";
}

class RandomDistribution : public ::testing::TestWithParam<DType> {};

TEST_P(RandomDistribution, Uniform) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(101);
    const auto v = to_doubles(g.uniform(-2.0, 3.0, {kN}, GetParam(), device_under_test()));
    for (double x : v) {
        ASSERT_GE(x, -2.0);
        ASSERT_LE(x, 3.0);
    }
    expect_moments(v, 0.5, 25.0 / 12, "uniform(-2, 3)");
    expect_ks(v, [](double x) { return std::clamp((x + 2) / 5, 0.0, 1.0); }, "uniform(-2, 3)");
}

TEST_P(RandomDistribution, Normal) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(102);
    const auto v = to_doubles(g.normal(1.0, 2.0, {kN}, GetParam(), device_under_test()));
    expect_moments(v, 1.0, 4.0, "normal(1, 2)");
    expect_ks(v, [](double x) { return normal_cdf((x - 1) / 2); }, "normal(1, 2)");
    // An odd size: the last block's sine half is dropped, the rest is the same.
    const auto odd = to_doubles(g.standard_normal({kN + 1}, GetParam(), device_under_test()));
    expect_ks(odd, normal_cdf, "standard_normal, odd size");
}

TEST_P(RandomDistribution, Lognormal) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(103);
    const auto v = to_doubles(g.lognormal(0.3, 0.6, {kN}, GetParam(), device_under_test()));
    const double mean = std::exp(0.3 + 0.18);
    expect_moments(v, mean, (std::exp(0.36) - 1) * mean * mean, "lognormal(0.3, 0.6)");
    expect_ks(
        v, [](double x) { return x <= 0 ? 0.0 : normal_cdf((std::log(x) - 0.3) / 0.6); },
        "lognormal(0.3, 0.6)");
}

TEST_P(RandomDistribution, Exponential) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(104);
    const auto v = to_doubles(g.exponential(1.7, {kN}, GetParam(), device_under_test()));
    expect_moments(v, 1.7, 1.7 * 1.7, "exponential(1.7)");
    expect_ks(v, [](double x) { return x <= 0 ? 0.0 : -std::expm1(-x / 1.7); }, "exponential(1.7)");
    const auto s = to_doubles(g.standard_exponential({kN}, GetParam(), device_under_test()));
    expect_ks(s, [](double x) { return x <= 0 ? 0.0 : -std::expm1(-x); }, "standard_exponential");
}

TEST_P(RandomDistribution, Gamma) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(105);
    std::mt19937_64 engine(7);
    for (double k : {0.3, 1.0, 3.5, 40.0}) {
        const std::string what = "gamma(" + std::to_string(k) + ", 2)";
        const auto v = to_doubles(g.gamma(k, 2.0, {kN}, GetParam(), device_under_test()));
        for (double x : v) {
            ASSERT_GE(x, 0.0) << what;
        }
        expect_moments(v, 2 * k, 4 * k, what);
        std::gamma_distribution<double> reference(k, 2.0);
        std::vector<double> r(static_cast<std::size_t>(kN));
        for (double& x : r) {
            x = reference(engine);
        }
        expect_two_sample_ks(v, r, what);
    }
    const auto zero = to_doubles(g.standard_gamma(0.0, {100}, GetParam(), device_under_test()));
    EXPECT_EQ(zero, std::vector<double>(100, 0.0)) << "shape 0 gives 0, as NumPy's";
}

TEST_P(RandomDistribution, Beta) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(106);
    std::mt19937_64 engine(8);
    for (auto [a, b] : {std::pair{0.5, 0.5}, std::pair{2.0, 5.0}, std::pair{0.2, 0.3}}) {
        const std::string what = "beta(" + std::to_string(a) + ", " + std::to_string(b) + ")";
        const auto v = to_doubles(g.beta(a, b, {kN}, GetParam(), device_under_test()));
        for (double x : v) {
            ASSERT_GE(x, 0.0) << what;
            ASSERT_LE(x, 1.0) << what;
        }
        expect_moments(v, a / (a + b), a * b / ((a + b) * (a + b) * (a + b + 1)), what);
        std::gamma_distribution<double> ga(a, 1.0), gb(b, 1.0);
        std::vector<double> r(static_cast<std::size_t>(kN));
        for (double& x : r) {
            const double x1 = ga(engine);
            const double y1 = gb(engine);
            x = x1 / (x1 + y1);
        }
        expect_two_sample_ks(v, r, what);
    }
}

INSTANTIATE_TEST_SUITE_P(Float, RandomDistribution,
                         ::testing::Values(DType::Float32, DType::Float64), [](const auto& info) {
                             return std::string(gpucc::dtype_name(info.param));
                         });

double poisson_pmf(double lam, std::int64_t k) {
    if (k < 0) {
        return 0;
    }
    const double kd = static_cast<double>(k);
    return std::exp(kd * std::log(lam) - lam - std::lgamma(kd + 1));
}

double binomial_pmf(std::int64_t n, double p, std::int64_t k) {
    if (k < 0 || k > n) {
        return 0;
    }
    const double nd = static_cast<double>(n);
    const double kd = static_cast<double>(k);
    return std::exp(std::lgamma(nd + 1) - std::lgamma(kd + 1) - std::lgamma(nd - kd + 1) +
                    kd * std::log(p) + (nd - kd) * std::log1p(-p));
}

TEST(RandomDiscrete, Poisson) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(107);
    // Both methods: the inverted table below 1000 (tiny lam, around the old threshold 10, just
    // below 1000), PTRS from 1000.
    for (double lam : {1e-3, 0.5, 4.0, 9.9, 10.0, 37.0, 999.5, 1000.0, 1e4}) {
        const std::string what = "poisson(" + std::to_string(lam) + ")";
        const gpucc::NDArray drawn = g.poisson(lam, {kN}, device_under_test());
        ASSERT_EQ(drawn.dtype(), DType::Int64);
        const auto v = to_doubles(drawn);
        if (lam >= 0.1) {
            expect_moments(v, lam, lam, what);
        } else {
            // About 131 ones in 2^17: the variance's 10% is within the noise; the mean's six
            // standard errors and the chi-square below are not.
            EXPECT_NEAR(mean_of(v), lam, 6 * std::sqrt(lam / static_cast<double>(v.size())))
                << what;
        }
        const double spread = 8 * std::sqrt(lam) + 10;
        expect_pmf(
            v, [lam](std::int64_t k) { return poisson_pmf(lam, k); },
            std::max<std::int64_t>(0, static_cast<std::int64_t>(lam - spread)),
            static_cast<std::int64_t>(lam + spread), what);
    }
    EXPECT_EQ(to_doubles(g.poisson(0.0, {10}, device_under_test())), std::vector<double>(10, 0.0));
}

TEST(RandomDiscrete, PoissonLargeDrawFollowsThePmf) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    // 2^22 values (32 times the test above: a table entry off by 1e-4 of its probability at the
    // mode would show), on each side of the table's threshold.
    rnd::Generator g(2027);
    for (double lam : {4.0, 999.0, 1000.0}) {
        const std::string what = "poisson(" + std::to_string(lam) + ") of 2^22";
        const auto v = to_doubles(g.poisson(lam, {std::int64_t{1} << 22}, device_under_test()));
        expect_moments(v, lam, lam, what);
        const double spread = 8 * std::sqrt(lam) + 10;
        expect_pmf(
            v, [lam](std::int64_t k) { return poisson_pmf(lam, k); },
            std::max<std::int64_t>(0, static_cast<std::int64_t>(lam - spread)),
            static_cast<std::int64_t>(lam + spread), what);
    }
}

TEST(RandomDiscrete, PoissonSmallDrawIsThePrefixOfALargeOne) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    // Value i depends on (seed, counters, i) only, not on the output's size or layout.
    for (double lam : {1e-3, 4.0, 999.5, 1000.0, 3e4}) {
        rnd::Generator small(91), large(91);
        const auto a = to_doubles(small.poisson(lam, {37}, device_under_test()));
        const auto b =
            to_doubles(large.poisson(lam, {(std::int64_t{1} << 20) + 5}, device_under_test()));
        EXPECT_EQ(a, std::vector<double>(b.begin(), b.begin() + 37)) << "lam " << lam;
        if (lam >= 1) {
            EXPECT_NE(a, std::vector<double>(37, a[0])) << "lam " << lam; // not constant
        }
    }
}

TEST(RandomDiscrete, Binomial) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(108);
    // Inversion (n min(p, 1 - p) < 30), reflected (p > 1/2), and BTRD.
    for (auto [n, p] : {std::pair<std::int64_t, double>{10, 0.3},
                        {100, 0.9},
                        {20, 0.5},
                        {1000, 0.4},
                        {5000, 0.02},
                        {100000, 0.7}}) {
        const std::string what = "binomial(" + std::to_string(n) + ", " + std::to_string(p) + ")";
        const gpucc::NDArray drawn = g.binomial(n, p, {kN}, device_under_test());
        ASSERT_EQ(drawn.dtype(), DType::Int64);
        const auto v = to_doubles(drawn);
        for (double x : v) {
            ASSERT_GE(x, 0) << what;
            ASSERT_LE(x, static_cast<double>(n)) << what;
        }
        const double mean = static_cast<double>(n) * p;
        expect_moments(v, mean, mean * (1 - p), what);
        const double spread = 8 * std::sqrt(mean * (1 - p)) + 10;
        expect_pmf(
            v, [n, p](std::int64_t k) { return binomial_pmf(n, p, k); },
            std::max<std::int64_t>(0, static_cast<std::int64_t>(mean - spread)),
            std::min<std::int64_t>(n, static_cast<std::int64_t>(mean + spread)), what);
    }
    EXPECT_EQ(to_doubles(g.binomial(7, 0.0, {5}, device_under_test())),
              std::vector<double>(5, 0.0));
    EXPECT_EQ(to_doubles(g.binomial(7, 1.0, {5}, device_under_test())),
              std::vector<double>(5, 7.0));
}

TEST(RandomDiscrete, IntegersHaveNoBiasJustAbovePowersOfTwo) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    rnd::Generator g(109);
    // span = 3 * 2^30, just above 2^31: `word % span` would give the values below 2^30 twice the
    // probability of the others (1/2 of the draws instead of 1/3), and the multiply-shift without
    // rejection maps 4 words onto 3 values (residues mod 3 at 1/4, 3/8, 3/8 instead of 1/3 each).
    const std::int64_t span = std::int64_t{3} << 30;
    const auto v = to_doubles(g.integers(0, span, {kN}, DType::Int64, false, device_under_test()));
    std::vector<double> below(2, 0.0);
    std::vector<double> residue(3, 0.0);
    for (double x : v) {
        const auto value = static_cast<std::int64_t>(x);
        ASSERT_GE(value, 0);
        ASSERT_LT(value, span);
        below[value < (std::int64_t{1} << 30) ? 0 : 1] += 1;
        residue[static_cast<std::size_t>(value % 3)] += 1;
    }
    const double n = static_cast<double>(kN);
    EXPECT_LT(chi_square(below, {n / 3, 2 * n / 3}), chi_square_critical(1)) << "below 2^30";
    EXPECT_LT(chi_square(residue, {n / 3, n / 3, n / 3}), chi_square_critical(2)) << "mod 3";
    // And a small range in int8, uniform over its 7 values.
    const auto s = to_doubles(g.integers(-3, 3, {kN}, DType::Int8, true, device_under_test()));
    expect_pmf(
        s, [](std::int64_t k) { return k >= -3 && k <= 3 ? 1.0 / 7 : 0.0; }, -3, 3,
        "integers(-3, 3, endpoint) int8");
}

} // namespace
