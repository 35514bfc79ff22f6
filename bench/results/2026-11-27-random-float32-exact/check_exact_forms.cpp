// The exact-operation float32 normal transforms of bench/random_normal_variants.dsl (lean_* and
// table_*), written again in C++ with std::fma and the same float32 operations, measured against
// long double on the CPU: t = -2 log u1 over all 2^24 values of u1; the rsqrt-corrected root
// (ptxas's fast path of sqrt.rn, with the CPU target's rsqrt, 1 / sqrt(x)) against sqrt over all
// 2^24 t; and z against Box-Muller of the same words over 2e7 random words (the first 1e6 with u1
// next to 1). Build: g++ -O2 -std=c++20 -mfma check_exact_forms.cpp -o check && ./check
// (check_exact_forms.txt is its output).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
static float exact_t(uint32_t w) {
    uint32_t j = (w >> 8) + 1u;
    uint32_t n = __builtin_clz(j);
    uint32_t m = j << n;
    bool big = m > 3037000499u;
    float mm = std::fma((float)m, big ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float e = (float)(7 - (int)n + (big ? 1 : 0));
    float q = 0.0007876853342168033f;
    q = std::fma(q, mm, 0.002528203185647726f);
    q = std::fma(q, mm, 0.0053885080851614475f);
    q = std::fma(q, mm, 0.012441801838576794f);
    q = std::fma(q, mm, 0.03121403604745865f);
    q = std::fma(q, mm, 0.08333678543567657f);
    q = std::fma(q, mm, 0.25000160932540894f);
    return std::fma(e, -1.3862943649291992f, std::fma(mm * mm, q, mm));
}
float table[512];
static void pair(uint32_t wu, uint32_t wa, bool lean, float& c, float& d) {
    float sr = std::sqrt(std::fmax(exact_t(wu), 1.0e-30f));
    if (lean) {
        uint32_t b = wa + 536870912u;
        float x =
            (float)(int32_t)(wa << 2) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
        float y = x * x;
        float s = std::fma(x * y,
                           std::fma(std::fma(-0.0001951528392964974f, y, 0.0083321603015065193f), y,
                                    -0.16666655242443085f),
                           x);
        float co =
            std::fma(y,
                     std::fma(std::fma(std::fma(2.4383567506447434e-05f, y, -0.001388668199069798f),
                                       y, 0.041666619479656219f),
                              y, -0.5f),
                     1.0f);
        bool swap = (b & 1073741824u) != 0u;
        float along = swap ? s : co, across = swap ? co : s;
        float srcos = ((b ^ (b << 1)) & 2147483648u) != 0u ? -sr : sr;
        float srsin = (int32_t)b < 0 ? -sr : sr;
        c = std::fma(srcos, along, 0.0f);
        d = std::fma(srsin, across, 0.0f);
    } else {
        uint32_t i = (wa + 8388608u) >> 24;
        float cx = table[2 * i], cy = table[2 * i + 1];
        float x =
            (float)(int32_t)(wa << 8) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
        float y = x * x;
        float cm = y * -0.5f;
        float sx = std::fma(x * y, -0.16666667f, x);
        float co = std::fma(cx, cm, std::fma(-cy, sx, cx));
        float si = std::fma(cy, cm, std::fma(cx, sx, cy));
        c = sr * co;
        d = sr * si;
    }
}
int main() {
    for (int i = 0; i < 256; ++i) {
        long double a = 2 * 3.14159265358979323846264L * i / 256;
        table[2 * i] = (float)std::cos(a);
        table[2 * i + 1] = (float)std::sin(a);
    }
    // t over all 2^24 j
    long double worst_t = 0;
    uint32_t wt = 0;
    for (uint32_t k = 0; k < (1u << 24); ++k) {
        long double u = (k + 1.0L) / 16777216.0L;
        long double t = -2 * std::log(u);
        float g = exact_t(k << 8);
        if (t == 0) {
            if (g != 0)
                printf("t!=0 at 1: %g\n", g);
            continue;
        }
        long double err = std::fabs((g - t) / t);
        if (err > worst_t)
            worst_t = err, wt = k;
    }
    printf("t relative %.3Lg at k=%u\n", worst_t, wt);
    // The rsqrt-corrected root with the host's rsqrt (1 / sqrt(x), as the CPU target lowers it).
    unsigned differ = 0;
    for (uint32_t k = 0; k < (1u << 24); ++k) {
        float t = std::fmax(exact_t(k << 8), 1.0e-30f);
        float r = 1.0f / std::sqrt(t);
        float s = t * r;
        float root = std::fma(std::fma(-s, s, t), r * 0.5f, s);
        differ += root != std::sqrt(t);
    }
    printf("host rsqrt-corrected root differs from sqrt for %u of 2^24 t\n", differ);
    for (int lean = 1; lean >= 0; --lean) {
        std::mt19937 gen(1);
        long double worst = 0, worst_small = 0;
        for (int it = 0; it < 20000000; ++it) {
            uint32_t wu = gen(), wa = gen();
            if (it < 1000000)
                wu = 0xFFFFFF00u - (uint32_t(it) << 8); // u near 1
            float c, d;
            pair(wu, wa, lean, c, d);
            long double r = std::sqrt(-2 * std::log(((wu >> 8) + 1.0L) / 16777216.0L));
            long double a = 2 * 3.14159265358979323846264L * wa / 4294967296.0L;
            long double ec = std::fabs(c - r * std::cos(a)), ed = std::fabs(d - r * std::sin(a));
            long double e = std::fmax(ec, ed) / (1 + r);
            if (e > worst)
                worst = e;
            if (r < 0.1 && std::fmax(ec, ed) > worst_small)
                worst_small = std::fmax(ec, ed);
        }
        printf("%s: max |z - ref| / (1 + r) %.3Lg, r < 0.1 %.3Lg\n", lean ? "lean" : "table", worst,
               worst_small);
    }
}
