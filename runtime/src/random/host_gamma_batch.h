// The log, cos, exp and pow of one batch of the host's gamma draw (host_gamma.h) by glibc's
// vector math (libmvec), which the CPU target's kernels call where LLVM vectorises them: four
// lanes with AVX2, eight with AVX-512. Each width lives in its own source file compiled for its
// instruction set (host_gamma_avx2.cpp with -mavx2 -mfma, host_gamma_avx512.cpp with -mavx512f),
// because a compiler passes a vector argument by the translation unit's instruction set, not by a
// function's `target` attribute: Clang passed the __m256d and __m512d arguments of libmvec's
// calls in memory from a baseline file while libmvec reads them from registers. host_gamma.cpp,
// compiled for the baseline, calls these only after the run-time check of the instruction set
// (philox_isa_supported), so no AVX instruction runs on a CPU without it.
#pragma once

#include <cstdint>

namespace gpucc::random::detail {

/// Elements per batch of the host's gamma draw.
constexpr std::int64_t kGammaBatch = 256;

enum class BatchFunction { Log, Cos, Exp, Pow };

/// out[t] = f(in[t]) (Pow: in[t] ^ exponent) for t < kGammaBatch by libmvec's AVX2 functions.
/// Only on a CPU with AVX2 and FMA.
void gamma_batch_avx2(BatchFunction f, const double* in, double* out, double exponent);

/// The same by libmvec's AVX-512 functions. Only on a CPU with AVX-512F.
void gamma_batch_avx512(BatchFunction f, const double* in, double* out, double exponent);

} // namespace gpucc::random::detail
