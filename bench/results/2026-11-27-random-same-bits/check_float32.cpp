// The float32 normal's operations (runtime/src/random/kernels/common_draws.dsl, normal_float32),
// written again in C++ with std::fma, against long double over every input: each of the 2^24
// values of j (u1 = j 2^-24) for -2 log u1 and r, each of the 2^24 angle integers k for cos and
// sin. Prints the largest relative errors, in units of 2^-24 too. Build:
// g++ -O2 -std=c++20 -mfma check_float32.cpp -o check_float32.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
float logpart(uint32_t k) { // -2 log u1 -> r
    uint32_t j = k + 1;
    uint32_t n = std::countl_zero(j);
    uint32_t m = (j << n) >> 8;
    bool big = m > 11863283u;
    float g =
        std::fma((float)(int32_t)m, big ? 5.9604644775390625e-8f : 1.1920928955078125e-7f, -1.0f);
    float e = (float)(7 - (int32_t)n + (big ? 1 : 0));
    float p = std::fma(0.087348364293575287f, g, -0.14307518303394318f);
    p = std::fma(p, g, 0.14917974174022675f);
    p = std::fma(p, g, -0.16570508480072021f);
    p = std::fma(p, g, 0.19962072372436523f);
    p = std::fma(p, g, -0.25001755356788635f);
    p = std::fma(p, g, 0.33333951234817505f);
    p = std::fma(p, g, -0.49999991059303284f);
    return -2.0f * std::fma(e, 0.693147182f, std::fma(g * g, p, g));
}
void angle(uint32_t k, float& c, float& s) {
    uint32_t a = k + 2097152u;
    uint32_t q = (a >> 22) & 3u;
    float x = (float)((int32_t)(a & 4194303u) - 2097152) * 3.74507039e-7f;
    float y = x * x;
    float ss = std::fma(std::fma(-0.0001951528392964974f, y, 0.0083321603015065193f), y,
                        -0.16666655242443085f);
    float sn = std::fma(x * y, ss, x);
    float cc = std::fma(std::fma(std::fma(2.4383567506447434e-05f, y, -0.001388668199069798f), y,
                                 0.041666619479656219f),
                        y, -0.5f);
    float cs = std::fma(y, cc, 1.0f);
    bool sw = q & 1;
    float al = sw ? sn : cs, ac = sw ? cs : sn;
    c = ((q + 1) & 2) ? -al : al;
    s = (q & 2) ? -ac : ac;
}
int main() {
    long double worst_t = 0, worst_c = 0, worst_s = 0, worst_r = 0;
    uint32_t wk = 0;
    for (uint32_t k = 0; k < (1u << 24); ++k) {
        long double u1 = (long double)(k + 1) / 16777216.0L;
        long double t = -2 * logl(u1);
        float tf = logpart(k);
        if (t > 0) {
            long double e = fabsl(tf - t) / t;
            if (e > worst_t)
                worst_t = e, wk = k;
        }
        float r = std::sqrt(tf);
        if (t > 0) {
            long double e = fabsl(r - sqrtl(t)) / sqrtl(t);
            if (e > worst_r)
                worst_r = e;
        }
        float c, s;
        angle(k, c, s);
        long double th = 2 * 3.14159265358979323846264338327950288L * k / 16777216.0L;
        long double ce = fabsl(c - cosl(th)), se = fabsl(s - sinl(th));
        // relative to the value, with an absolute floor at 2^-24 * 2^-22 (the angle's granularity)
        long double cr = ce / fmaxl(fabsl(cosl(th)), 1e-12L),
                    sr = se / fmaxl(fabsl(sinl(th)), 1e-12L);
        if (cr > worst_c)
            worst_c = cr;
        if (sr > worst_s)
            worst_s = sr;
    }
    printf("t rel %.3Lg (%.2Lf ulp) at k=%u; r rel %.3Lg (%.2Lf ulp); cos rel %.3Lg (%.2Lf); sin "
           "rel %.3Lg (%.2Lf)\n",
           worst_t, worst_t / 0x1p-24L, wk, worst_r, worst_r / 0x1p-24L, worst_c,
           worst_c / 0x1p-24L, worst_s, worst_s / 0x1p-24L);
}
