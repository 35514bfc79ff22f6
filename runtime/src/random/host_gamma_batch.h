// The log, cos, exp and root of one batch of the host's gamma draw (host_gamma.h) by exact_math.h's
// exact functions (the kernels' operations, so the same bits), vectorised by the compiler: four
// lanes with AVX2 and FMA, eight with AVX-512. Each width lives in its own source file compiled
// for its instruction set (host_gamma_avx2.cpp with -mavx2 -mfma, host_gamma_avx512.cpp with
// -mavx512f), so that the baseline file's code never holds these instructions. host_gamma.cpp,
// compiled for the baseline, calls these only after the run-time check of the instruction set
// (philox_isa_supported), so no AVX instruction runs on a CPU without it.
#pragma once

#include <cmath>
#include <cstdint>

namespace gpucc::random::detail {

/// Elements per batch of the host's gamma draw.
constexpr std::int64_t kGammaBatch = 256;

/// Log: log x; CosOfWord: cos(2 pi w 2^-32) of the word w held exactly as a double; Exp: exp x;
/// Root: x^(1 / exponent) as exp(log x / exponent).
enum class BatchFunction { Log, CosOfWord, Exp, Root };

/// random.dsl gamma's first test of an attempt with normal z and acceptance uniform u: v = base^3,
/// base = fma(c, z, 1), and whether base > 0 and u < fma(-0.0331 z^2, z^2, 1) (Marsaglia and
/// Tsang's squeeze: accepted without a logarithm), the kernel's operations in its order.
[[gnu::always_inline]] inline bool gamma_squeeze(double c, double z, double u, double& v) {
    const double base = std::fma(c, z, 1.0);
    v = base * base * base;
    const double zz = z * z;
    const bool squeezed = u < std::fma(-0.0331 * zz, zz, 1.0);
    return (base > 0.0) & squeezed; // no short circuit: the loop over it vectorises
}

/// The first attempts of kGammaBatch elements: z[t] = sqrt(-2 log u1) cos, and gamma_squeeze's v[t]
/// and its answer in squeezed[t] (1 or 0), four lanes at a time. Only on a CPU with AVX2 and FMA.
void gamma_squeeze_avx2(double c, const double* log_u1, const double* cos_angle, const double* u,
                        double* z, double* v, double* squeezed);

/// The same eight lanes at a time. Only on a CPU with AVX-512F.
void gamma_squeeze_avx512(double c, const double* log_u1, const double* cos_angle, const double* u,
                          double* z, double* v, double* squeezed);

/// out[t] = f(in[t]) for t < count (count <= kGammaBatch), four lanes at a time. Only on a CPU
/// with AVX2 and FMA.
void gamma_batch_avx2(BatchFunction f, const double* in, double* out, double exponent,
                      std::int64_t count = kGammaBatch);

/// The same eight lanes at a time. Only on a CPU with AVX-512F.
void gamma_batch_avx512(BatchFunction f, const double* in, double* out, double exponent,
                        std::int64_t count = kGammaBatch);

} // namespace gpucc::random::detail
