// The CPU's values of bench/random_normal_ziggurat.dsl's ziggurat normal (the same Philox words,
// the same tables, exp and log by runtime/src/random/exact_math.h, every operation rounded as the
// kernels round it), to check that the GPU gives the same bits (issue 22). Writes the first COUNT
// float32 values of key 0x243F6A8885A308D3, offset 12345, loc 0, scale 1 (what
// bench/random_normal_ziggurat.py draws) and prints how many went past the fast path and into the
// tail. Build (no contraction, so a * b + c stays two roundings as in the kernels):
//   g++ -O2 -std=c++20 -mfma -ffp-contract=off -I runtime/src \
//       bench/random_normal_ziggurat_reference.cpp -o zig_reference
//   zig_reference TABLE.bin OUT.bin [COUNT = 2^22]
#include "random/exact_math.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using gpucc::random::detail::exact_exp;
using gpucc::random::detail::exact_log;

constexpr std::uint64_t kKey = 0x243F6A8885A308D3ull;
constexpr std::uint64_t kOffset = 12345;
constexpr double kR = 3.6541528853610088;

void philox(std::uint32_t x[4]) {
    std::uint32_t k0 = static_cast<std::uint32_t>(kKey),
                  k1 = static_cast<std::uint32_t>(kKey >> 32);
    for (int round = 0; round < 10; round++) {
        const std::uint64_t p0 = std::uint64_t{x[0]} * 0xD2511F53u;
        const std::uint64_t p1 = std::uint64_t{x[2]} * 0xCD9E8D57u;
        const std::uint32_t next0 = static_cast<std::uint32_t>(p1 >> 32) ^ x[1] ^ k0;
        const std::uint32_t next2 = static_cast<std::uint32_t>(p0 >> 32) ^ x[3] ^ k1;
        x[1] = static_cast<std::uint32_t>(p1);
        x[3] = static_cast<std::uint32_t>(p0);
        x[0] = next0;
        x[2] = next2;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
}

struct Tables {
    std::uint32_t words[768];
    std::uint32_t ki(unsigned i) const { return words[2 * i]; }
    float wi(unsigned i) const { return std::bit_cast<float>(words[2 * i + 1]); }
    float fi(unsigned i) const { return std::bit_cast<float>(words[512 + i]); }
};

float signed_x(std::uint32_t w, float wi) {
    const float x = static_cast<float>(w >> 9) * wi;
    return std::bit_cast<float>(std::bit_cast<std::uint32_t>(x) ^ ((w << 23) & 0x80000000u));
}

double neglog1m(std::uint32_t w) {
    return -exact_log(1.0 - static_cast<double>(w) * 0x1p-32);
}

struct Counts {
    long slow = 0, tail = 0;
};

float slow_value(const Tables& t, std::uint32_t w, std::uint64_t counter, unsigned j,
                 Counts& counts) {
    counts.slow++;
    bool tail = false;
    for (std::uint32_t attempt = 0;; attempt++) {
        std::uint32_t b[4] = {static_cast<std::uint32_t>(counter),
                              static_cast<std::uint32_t>(counter >> 32), attempt, 0x80000000u | j};
        philox(b);
        if (!tail) {
            const unsigned idx = w & 255u;
            const float x = signed_x(w, t.wi(idx));
            if ((w >> 9) < t.ki(idx))
                return x;
            if (idx != 0) {
                const double lo = t.fi(idx), hi = t.fi(idx - 1);
                const double u = static_cast<double>(b[0]) * 0x1p-32;
                const double xd = x;
                if (std::fma(hi - lo, u, lo) < exact_exp(xd * xd * -0.5))
                    return x;
                w = b[3];
                continue;
            }
            tail = true;
            counts.tail++;
        }
        const double xx = neglog1m(b[0]) / kR;
        const double yy = neglog1m(b[1]);
        if (yy + yy > xx * xx) {
            const float z = static_cast<float>(kR + xx);
            return (w & 256u) ? -z : z;
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s TABLE.bin OUT.bin [COUNT]\n", argv[0]);
        return 2;
    }
    Tables tables;
    std::FILE* in = std::fopen(argv[1], "rb");
    if (!in || std::fread(tables.words, 4, 768, in) != 768) {
        std::fprintf(stderr, "cannot read 768 table words from %s\n", argv[1]);
        return 1;
    }
    std::fclose(in);
    const long count = argc > 3 ? std::atol(argv[3]) : 1L << 22;
    if (count <= 0 || count % 1024 != 0) {
        std::fprintf(stderr, "COUNT must be a positive multiple of 1024, not %ld\n", count);
        return 2;
    }
    std::vector<float> out(count);
    Counts counts;
    for (long block = 0; block < count / 1024; block++) {
        for (unsigned thread = 0; thread < 256; thread++) {
            const std::uint64_t counter = kOffset + block * 256 + thread;
            std::uint32_t w[4] = {static_cast<std::uint32_t>(counter),
                                  static_cast<std::uint32_t>(counter >> 32), 0u, 0u};
            philox(w);
            for (unsigned j = 0; j < 4; j++) {
                const unsigned idx = w[j] & 255u;
                const float fast = signed_x(w[j], tables.wi(idx));
                const float x = (w[j] >> 9) < tables.ki(idx)
                                    ? fast
                                    : slow_value(tables, w[j], counter, j, counts);
                // loc 0, scale 1 by the kernels' fma (which makes -0 into +0).
                out[block * 1024 + j * 256 + thread] = std::fma(x, 1.0f, 0.0f);
            }
        }
    }
    std::FILE* file = std::fopen(argv[2], "wb");
    if (!file || std::fwrite(out.data(), 4, count, file) != static_cast<std::size_t>(count)) {
        std::fprintf(stderr, "cannot write %s\n", argv[2]);
        return 1;
    }
    std::fclose(file);
    std::printf("{\"values\": %ld, \"past_fast_path\": %ld, \"tail\": %ld}\n", count, counts.slow,
                counts.tail);
    return 0;
}
