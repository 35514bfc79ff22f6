// The loop that host_gamma_avx2.cpp and host_gamma_avx512.cpp share (host_gamma_batch.h): one
// batch through one of exact_math.h's functions, one loop per function so that the compiler
// vectorises each (the functions are inline and branch-free: selects, bit casts and fma). Included
// only by those two files, each compiled for its own instruction set, so each copy of the loops
// holds that set's instructions only.
#pragma once

#include "exact_math.h"
#include "host_gamma_batch.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace gpucc::random::detail {

inline void apply_exact(BatchFunction f, const double* in, double* out, double exponent,
                        std::int64_t count) {
    switch (f) {
    case BatchFunction::Log:
        for (std::int64_t t = 0; t < count; ++t) {
            out[t] = exact_log(in[t]);
        }
        return;
    case BatchFunction::CosOfWord:
        for (std::int64_t t = 0; t < count; ++t) {
            // The word from its exact double: the low 32 bits of 2^52 + w.
            const std::uint64_t word =
                std::bit_cast<std::uint64_t>(in[t] + 4503599627370496.0) & 0xFFFFFFFFull;
            out[t] = exact_cos_of_word(word);
        }
        return;
    case BatchFunction::Exp:
        for (std::int64_t t = 0; t < count; ++t) {
            out[t] = exact_exp(in[t]);
        }
        return;
    case BatchFunction::Root:
        for (std::int64_t t = 0; t < count; ++t) {
            out[t] = exact_root(in[t], exponent);
        }
        return;
    }
}

/// The batch's arrays are distinct (host_gamma.cpp's Batch), which __restrict tells the compiler
/// (without it GCC did not vectorise this loop).
inline void squeeze_exact(double c, const double* __restrict log_u1,
                          const double* __restrict cos_angle, const double* __restrict u,
                          double* __restrict z, double* __restrict v, double* __restrict squeezed) {
    for (std::int64_t t = 0; t < kGammaBatch; ++t) {
        const double normal = std::sqrt(-2.0 * log_u1[t]) * cos_angle[t];
        double cube = 1.0;
        squeezed[t] = gamma_squeeze(c, normal, u[t], cube) ? 1.0 : 0.0;
        z[t] = normal;
        v[t] = cube;
    }
}

} // namespace gpucc::random::detail
