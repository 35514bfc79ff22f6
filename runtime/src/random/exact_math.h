// log, exp and cos computed with operations that every target rounds the same way (integer and
// bit operations, conversions of exact integers, correctly rounded * and fma, no contraction), so
// that the host's values are bit for bit those of kernels/random.dsl's gamma and lognormal_float64
// on either device; the kernels write the same operations in the same order (random.dsl says
// where). The functions are inline, branch-free and built from bit casts rather than integer to
// floating conversions, so that a loop over them vectorises with AVX2 (which has no 64-bit
// integer conversions) as well as AVX-512; at a level without FMA std::fma is libm's, slow but
// the same value. Accuracy against long double (tests/random/exact_math_test.cpp): within a few
// units of 2^-53 of the function, stated there.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace gpucc::random::detail {

/// log(x) for every double: log of the mantissa m in [sqrt(2)/2, sqrt(2)) as g + g^2 p(g), g =
/// m - 1 exact, p the 18-term minimax polynomial of common_draws.dsl's normal_float64, plus e ln 2
/// by one fma; subnormals scaled by 2^54 first; log 0 = -inf, log inf = inf, NaN below 0.
[[gnu::always_inline]] inline double exact_log(double x) {
    const bool tiny = x < 2.2250738585072014e-308;
    const double scaled = tiny ? x * 18014398509481984.0 : x;
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(scaled);
    const std::uint64_t mantissa = bits & 0x000FFFFFFFFFFFFFull;
    const bool big = mantissa > 0x6A09E667F3BCCull;
    const double m =
        std::bit_cast<double>(mantissa | (big ? 0x3FE0000000000000ull : 0x3FF0000000000000ull));
    const double g = m - 1.0;
    // The biased exponent as a double without an integer conversion: 2^52 + field, minus 2^52.
    const double field = std::bit_cast<double>(0x4330000000000000ull | ((bits >> 52) & 0x7FFull)) -
                         4503599627370496.0;
    const double e = field - ((big ? 1022.0 : 1023.0) + (tiny ? 54.0 : 0.0));
    double p = std::fma(-0.028300767748604135, g, 0.063251660400264351);
    p = std::fma(p, g, -0.067870724287799597);
    p = std::fma(p, g, 0.059735205328110511);
    p = std::fma(p, g, -0.060411147624269232);
    p = std::fma(p, g, 0.066216083305965984);
    p = std::fma(p, g, -0.071602616298596142);
    p = std::fma(p, g, 0.076977106779687596);
    p = std::fma(p, g, -0.083325519705282236);
    p = std::fma(p, g, 0.09090583291121275);
    p = std::fma(p, g, -0.1000001819058728);
    p = std::fma(p, g, 0.11111122018278023);
    p = std::fma(p, g, -0.12499999829698444);
    p = std::fma(p, g, 0.14285714087166534);
    p = std::fma(p, g, -0.16666666666267768);
    p = std::fma(p, g, 0.20000000001741747);
    p = std::fma(p, g, -0.25000000000012362);
    p = std::fma(p, g, 0.33333333333328097);
    p = std::fma(p, g, -0.49999999999999972);
    const double result = std::fma(e, 0.6931471805599453, std::fma(g * g, p, g));
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const double special = x == 0.0    ? -kInf
                           : x == kInf ? kInf
                                       : std::numeric_limits<double>::quiet_NaN();
    return x > 0.0 && x < kInf ? result : special;
}

/// exp(x) for every double: k = round(x / ln 2) by the 1.5 * 2^52 shifter (x clamped to [-746,
/// 710] first), r = x - k ln 2 by a Cody-Waite split (the first fma exact), e^r by its Taylor
/// polynomial to r^13 (|r| <= 0.347: truncation below 2^-57 relative) in Horner's order with fma,
/// times 2^k as two exact powers of two 2^k1 2^k2 (k1 = floor(k / 2)), so a subnormal result is
/// rounded once; overflow gives inf, underflow 0, NaN stays NaN.
[[gnu::always_inline]] inline double exact_exp(double x) {
    const double low = x < -746.0 ? -746.0 : x;
    const double c = low > 710.0 ? 710.0 : low;
    const double t = std::fma(c, 1.4426950408889634, 6755399441055744.0);
    const double k = t - 6755399441055744.0;
    const std::int64_t ki =
        static_cast<std::int64_t>(std::bit_cast<std::uint64_t>(t) - 0x4338000000000000ull);
    double r = std::fma(-k, 0.6931471805599453, c);
    r = std::fma(-k, 2.3190468138462996e-17, r);
    double p = std::fma(1.6059043836821613e-10, r, 2.08767569878681e-09);
    p = std::fma(p, r, 2.505210838544172e-08);
    p = std::fma(p, r, 2.755731922398589e-07);
    p = std::fma(p, r, 2.7557319223985893e-06);
    p = std::fma(p, r, 2.48015873015873e-05);
    p = std::fma(p, r, 0.0001984126984126984);
    p = std::fma(p, r, 0.001388888888888889);
    p = std::fma(p, r, 0.008333333333333333);
    p = std::fma(p, r, 0.041666666666666664);
    p = std::fma(p, r, 0.16666666666666666);
    p = std::fma(p, r, 0.5);
    p = std::fma(p, r, 1.0);
    const double er = std::fma(p, r, 1.0);
    const std::int64_t k1 =
        static_cast<std::int64_t>(static_cast<std::uint64_t>(ki + 2048) >> 1) - 1024;
    const std::int64_t k2 = ki - k1;
    const double s1 = std::bit_cast<double>(static_cast<std::uint64_t>(k1 + 1023) << 52);
    const double s2 = std::bit_cast<double>(static_cast<std::uint64_t>(k2 + 1023) << 52);
    const double result = er * s1 * s2;
    return x != x ? x : result;
}

/// x^(1 / s) as exp(log x / s), gamma's boost for a shape below 1.
[[gnu::always_inline]] inline double exact_root(double x, double s) {
    return exact_exp(exact_log(x) / s);
}

/// cos(2 pi w 2^-32) of a 32-bit word w (held in a uint64, so that a vector loop need not narrow
/// it): the quadrant from w's top two bits (w + 2^29 rounded
/// to the nearest quarter turn), the rest x = r (2 pi 2^-32) in [-pi/4, pi/4) with r an exact
/// integer, and cos x or sin x by common_draws.dsl's minimax polynomials (fma, Horner), signed by
/// the quadrant.
[[gnu::always_inline]] inline double exact_cos_of_word(std::uint64_t w) {
    const std::uint64_t a = w + 536870912ull;
    const std::uint64_t quadrant = (a >> 30) & 3ull;
    // r = (a mod 2^30) - 2^29 as a double, exactly, by the 2^52 trick.
    const double r =
        (std::bit_cast<double>(0x4330000000000000ull | (a & 1073741823ull)) - 4503599627370496.0) -
        536870912.0;
    const double x = r * 1.4629180792671596e-09;
    const double xx = x * x;
    double s = std::fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
    s = std::fma(s, xx, 2.7557313621812441e-06);
    s = std::fma(s, xx, -0.00019841269829592626);
    s = std::fma(s, xx, 0.0083333333333221252);
    s = std::fma(s, xx, -0.1666666666666663);
    const double sine = std::fma(x * xx, s, x);
    double q = std::fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
    q = std::fma(q, xx, -2.7557312806707791e-07);
    q = std::fma(q, xx, 2.4801587284129658e-05);
    q = std::fma(q, xx, -0.0013888888888865056);
    q = std::fma(q, xx, 0.041666666666666526);
    q = std::fma(q, xx, -0.5);
    const double cosine = std::fma(xx, q, 1.0);
    const double along = (quadrant & 1ull) != 0 ? sine : cosine;
    return ((quadrant + 1ull) & 2ull) != 0 ? -along : along;
}

} // namespace gpucc::random::detail
