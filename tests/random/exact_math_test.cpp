// The exact log, exp and cos of runtime/src/random/exact_math.h (the default generator's gamma and
// lognormal float64 compute them with the same operations on both devices) against long double's
// logl, expl and cosl over many random arguments across the exponent range, arguments near 1 and
// near the over- and underflow limits, and the special values. The bounds are the measured
// maxima (printed by the tests; log 1.44, exp 0.88, cos 0.55 of its bound) rounded up: log within
// 1.5 units of 2^-53 (ulp of the result),
// exp within 1, cos of a word within 1 ulp plus 2^-53 absolute (the reduction's one rounding).
#include "exact_math.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <gtest/gtest.h>
#include <limits>
#include <random>

namespace {

using gpucc::random::detail::exact_cos_of_word;
using gpucc::random::detail::exact_exp;
using gpucc::random::detail::exact_log;

/// |got - want| in units of the last place of want (a normal double's spacing at |want|; the
/// smallest subnormal's below).
double ulps(double got, long double want) {
    const long double magnitude = std::fabs(want);
    int exponent = 0;
    std::frexp(static_cast<double>(magnitude), &exponent);
    const long double ulp = std::ldexp(1.0L, std::max(exponent - 53, -1074));
    return static_cast<double>(std::fabs(static_cast<long double>(got) - want) / ulp);
}

TEST(ExactMath, LogIsWithinOnePointFiveUlpOverTheWholeRange) {
    std::mt19937_64 engine(20261127);
    double worst = 0.0;
    double worst_x = 0.0;
    auto check = [&](double x) {
        const double error = ulps(exact_log(x), std::log(static_cast<long double>(x)));
        if (error > worst) {
            worst = error;
            worst_x = x;
        }
    };
    std::uniform_int_distribution<std::uint64_t> bits(1, 0x7FEFFFFFFFFFFFFFull);
    for (int i = 0; i < 2000000; ++i) {
        check(std::bit_cast<double>(bits(engine))); // every exponent, subnormals included
    }
    std::uniform_real_distribution<double> near_one(0.5, 2.0);
    for (int i = 0; i < 2000000; ++i) {
        check(near_one(engine));
    }
    for (int i = 1; i < 2000; ++i) { // one side and the other of 1, and of sqrt(2)
        check(1.0 + i * 0x1p-52);
        check(1.0 - i * 0x1p-53);
        check(std::sqrt(2.0) + (i - 1000) * 0x1p-52);
    }
    for (std::uint32_t word = 0; word < (1u << 20); ++word) { // the draws' u = (w + 0.5) 2^-32
        check((static_cast<double>(word) + 0.5) * 0x1p-32);
        check((static_cast<double>(0xFFFFFFFFu - word) + 0.5) * 0x1p-32);
    }
    std::printf("exact_log: max %.3f ulp at %a\n", worst, worst_x);
    EXPECT_LE(worst, 1.5);
    EXPECT_EQ(exact_log(0.0), -INFINITY);
    EXPECT_EQ(exact_log(INFINITY), INFINITY);
    EXPECT_TRUE(std::isnan(exact_log(-1.0)));
    EXPECT_TRUE(std::isnan(exact_log(std::numeric_limits<double>::quiet_NaN())));
    EXPECT_EQ(exact_log(1.0), 0.0);
    EXPECT_EQ(exact_log(4.9406564584124654e-324), std::log(4.9406564584124654e-324));
}

TEST(ExactMath, ExpIsWithinOneUlpAndOverflowsAndUnderflowsAtTheLimits) {
    std::mt19937_64 engine(1127);
    double worst = 0.0;
    double worst_x = 0.0;
    auto check = [&](double x) {
        const long double want = std::exp(static_cast<long double>(x));
        const double got = exact_exp(x);
        if (want > static_cast<long double>(std::numeric_limits<double>::max())) {
            EXPECT_EQ(got, INFINITY) << x;
            return;
        }
        const double error = ulps(got, want);
        if (error > worst) {
            worst = error;
            worst_x = x;
        }
    };
    std::uniform_real_distribution<double> wide(-750.0, 712.0);
    for (int i = 0; i < 4000000; ++i) {
        check(wide(engine));
    }
    std::uniform_real_distribution<double> small(-1.0, 1.0);
    for (int i = 0; i < 2000000; ++i) {
        check(small(engine));
        check(small(engine) * 1e-10);
    }
    for (int i = -2000; i <= 2000; ++i) { // near the round-to-nearest boundaries of k
        check((i + 0.5) * 0.6931471805599453);
        check(i * 0.6931471805599453);
    }
    for (double x : {709.78, 709.782712893384, 709.7827128933840, -708.3964185322641,
                     -745.1332191019411, -744.44007192138122, -740.0, 0.0, -0.0}) {
        check(x);
    }
    std::printf("exact_exp: max %.3f ulp at %a\n", worst, worst_x);
    EXPECT_LE(worst, 1.0);
    EXPECT_EQ(exact_exp(710.0), INFINITY);
    EXPECT_EQ(exact_exp(1e300), INFINITY);
    EXPECT_EQ(exact_exp(-746.0), 0.0);
    EXPECT_EQ(exact_exp(-1e300), 0.0);
    EXPECT_EQ(exact_exp(-INFINITY), 0.0);
    EXPECT_EQ(exact_exp(INFINITY), INFINITY);
    EXPECT_EQ(exact_exp(0.0), 1.0);
    EXPECT_EQ(exact_exp(-745.1332191019411), 4.9406564584124654e-324);
    EXPECT_TRUE(std::isnan(exact_exp(std::numeric_limits<double>::quiet_NaN())));
}

TEST(ExactMath, CosOfAWordIsWithinOneUlpPlusTheReductionsRounding) {
    double worst = 0.0;
    std::uint32_t worst_word = 0;
    const long double two_pi = 6.283185307179586476925286766559L;
    auto check = [&](std::uint32_t word) {
        const long double angle = two_pi * std::ldexp(static_cast<long double>(word), -32);
        const long double want = std::cos(angle);
        // One ulp of the result (at least 2^-53 near the zeros) plus 2^-53: x's one rounding.
        const long double allowed = std::ldexp(std::fabs(want), -52) + 0x1p-53L;
        const double error = static_cast<double>(
            std::fabs(static_cast<long double>(exact_cos_of_word(word)) - want) / allowed);
        if (error > worst) {
            worst = error;
            worst_word = word;
        }
    };
    for (std::uint64_t word = 0; word < (1ull << 32); word += 997) {
        check(static_cast<std::uint32_t>(word));
    }
    for (std::uint32_t q = 0; q < 4; ++q) { // around each quadrant's edges
        for (int i = -3000; i <= 3000; ++i) {
            check(q * 0x40000000u + 0x20000000u + static_cast<std::uint32_t>(i));
            check(q * 0x40000000u + static_cast<std::uint32_t>(i));
        }
    }
    std::printf("exact_cos_of_word: max %.3f of the bound at word %u\n", worst, worst_word);
    EXPECT_LE(worst, 1.0);
    EXPECT_EQ(exact_cos_of_word(0u), 1.0);
    EXPECT_EQ(exact_cos_of_word(0x80000000u), -1.0);
}

} // namespace
