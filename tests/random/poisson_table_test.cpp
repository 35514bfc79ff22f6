// Poisson's cumulative table (runtime/src/random/poisson_table.h), which poisson inverts below
// lam 1000, against the pmf from std::lgamma in long double: every entry within 1e-12 of the
// exact P(X <= k), non-decreasing, the last entry 1, the mass left past the table below 2^-59,
// for tiny, small, mid and just-below-threshold lam.
#include "poisson_table.h"

#include <cmath>
#include <cstddef>
#include <gtest/gtest.h>

namespace {

namespace detail = gpucc::random::detail;

long double exact_pmf(double lam, std::size_t k) {
    if (lam == 0) {
        return k == 0 ? 1.0L : 0.0L;
    }
    const long double kd = static_cast<long double>(k);
    return std::exp(kd * std::log(static_cast<long double>(lam)) - lam - std::lgamma(kd + 1));
}

TEST(RandomPoissonTable, IsTheExactCdfToTwelveDigitsAndLeavesUnderTwoToTheMinus59) {
    for (const double lam : {0.0, 1e-300, 1e-3, 0.5, 1.0, 4.0, 9.99, 37.5, 250.0, 999.0, 999.99}) {
        const std::vector<double> cdf = detail::poisson_cdf(lam);
        ASSERT_GE(cdf.size(), 2u) << lam;
        EXPECT_EQ(cdf.back(), 1.0) << lam;
        EXPECT_GT(static_cast<double>(cdf.size()), lam) << lam; // reaches past the mean
        long double running = 0;
        for (std::size_t k = 0; k < cdf.size(); ++k) {
            running += exact_pmf(lam, k);
            if (k > 0) {
                ASSERT_GE(cdf[k], cdf[k - 1]) << lam << " at " << k;
            }
            if (k + 1 < cdf.size()) {
                ASSERT_NEAR(cdf[k], static_cast<double>(running), 1e-12) << lam << " at " << k;
            }
        }
        // The last entry, 1, takes the mass of every value from it on; the values past it are
        // never drawn.
        long double beyond = 0;
        for (std::size_t k = cdf.size(); k < cdf.size() + 20000; ++k) {
            beyond += exact_pmf(lam, k);
        }
        EXPECT_LT(static_cast<double>(beyond), std::ldexp(1.0, -59)) << lam;
    }
}

} // namespace
