// The float64 normal's operations (runtime/src/random/kernels/common_draws.dsl, normal_float64),
// written again in C++ with std::fma, against long double over 4e7 inputs: 2e6 each next to
// u1 = 1 and u1 = 0, 2e6 spread over every exponent, the rest random; the reference angle is
// reduced exactly (q pi/2 + i pi 2^-52) so that long double keeps cos and sin accurate near their
// zeros. Prints the largest relative errors, in units of 2^-53 too. Build:
// g++ -O2 -std=c++20 -mfma check_float64.cpp -o check_float64.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
const double P[] = {
    -0.49999999999999972,  0.33333333333328097,  -0.25000000000012362,  0.20000000001741747,
    -0.16666666666267768,  0.14285714087166534,  -0.12499999829698444,  0.11111122018278023,
    -0.1000001819058728,   0.09090583291121275,  -0.083325519705282236, 0.076977106779687596,
    -0.071602616298596142, 0.066216083305965984, -0.060411147624269232, 0.059735205328110511,
    -0.067870724287799597, 0.063251660400264351, -0.028300767748604135};
const double S[] = {-0.1666666666666663,    0.0083333333333221252,   -0.00019841269829592626,
                    2.7557313621812441e-06, -2.5050747759061653e-08, 1.5896226931109456e-10};
const double C[] = {-0.5,
                    0.041666666666666526,
                    -0.0013888888888865056,
                    2.4801587284129658e-05,
                    -2.7557312806707791e-07,
                    2.0875511853630803e-09,
                    -1.1348677428783619e-11};
double tpart(uint64_t K) {
    uint64_t j = K + 1;
    uint64_t n = std::countl_zero(j);
    uint64_t m = (j << n) >> 11;
    bool big = m > 6369051672525772ull;
    double g =
        std::fma((double)(int64_t)m, big ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
    double e = (double)(10 - (int64_t)n + (big ? 1 : 0));
    double p = std::fma(P[18], g, P[17]);
    for (int i = 16; i >= 0; --i)
        p = std::fma(p, g, P[i]);
    return -2.0 * std::fma(e, 0.6931471805599453, std::fma(g * g, p, g));
}
void ang(uint64_t K, double& co, double& si) {
    uint64_t a = K + 1125899906842624ull;
    uint64_t q = (a >> 51) & 3;
    double x =
        (double)((int64_t)(a & 2251799813685247ull) - 1125899906842624LL) * 6.975736996017264e-16;
    double xx = x * x;
    double s = std::fma(S[5], xx, S[4]);
    for (int i = 3; i >= 0; --i)
        s = std::fma(s, xx, S[i]);
    double sx = std::fma(x * xx, s, x);
    double c = std::fma(C[6], xx, C[5]);
    for (int i = 4; i >= 0; --i)
        c = std::fma(c, xx, C[i]);
    double cx = std::fma(xx, c, 1.0);
    bool sw = q & 1;
    double al = sw ? sx : cx, ac = sw ? cx : sx;
    co = ((q + 1) & 2) ? -al : al;
    si = (q & 2) ? -ac : ac;
}
int main() {
    std::mt19937_64 rng(7);
    long double wt = 0, wc = 0, ws = 0;
    uint64_t wk = 0;
    const uint64_t top = (1ull << 53);
    for (long i = 0; i < 40000000; ++i) {
        uint64_t K;
        if (i < 2000000)
            K = top - 1 - (uint64_t)i; // u1 near 1
        else if (i < 4000000)
            K = (uint64_t)(i - 2000000); // u1 near 0
        else if (i < 6000000)
            K = (rng() >> 11) >> (rng() % 53); // every exponent
        else
            K = rng() >> 11;
        long double u1 = (long double)(K + 1) / 9007199254740992.0L;
        long double t = -2 * logl(u1);
        double tf = tpart(K);
        if (t > 0) {
            long double e = fabsl(tf - t) / t;
            if (e > wt)
                wt = e, wk = K;
        } else if (tf != 0)
            printf("t!=0 at %llu\n", (unsigned long long)K);
        double c, s;
        ang(K, c, s);
        uint64_t a = K + 1125899906842624ull;
        int q = (a >> 51) & 3;
        long double xr = (long double)((int64_t)(a & 2251799813685247ull) - 1125899906842624LL) *
                         (3.14159265358979323846264338327950288L / 4503599627370496.0L);
        long double cx = cosl(xr), sx = sinl(xr);
        long double cw = q == 0   ? cx
                         : q == 1 ? -sx
                         : q == 2 ? -cx
                                  : sx,
                    sw = q == 0   ? sx
                         : q == 1 ? cx
                         : q == 2 ? -sx
                                  : -cx;
        long double cr = fabsl(c - cw) / fmaxl(fabsl(cw), 1e-300L),
                    sr = fabsl(s - sw) / fmaxl(fabsl(sw), 1e-300L);
        if (cw == 0 && c != 0)
            printf("c\n");
        if (sw == 0 && s != 0)
            printf("s\n");
        if (cr > wc)
            wc = cr;
        if (sr > ws)
            ws = sr;
    }
    printf("t rel %.3Lg (%.2Lf u) at K=%llu; cos rel %.3Lg (%.2Lf u); sin rel %.3Lg (%.2Lf u)\n",
           wt, wt / 0x1p-53L, (unsigned long long)wk, wc, wc / 0x1p-53L, ws, ws / 0x1p-53L);
}
