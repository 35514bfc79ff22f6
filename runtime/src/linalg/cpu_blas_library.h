// The CPU target's BLAS and LAPACK, opened on first use: OpenBLAS (CBLAS and its thread count)
// and LAPACKE, each a table of the functions gpucc calls. A program that never multiplies or
// decomposes a matrix on the CPU loads neither, as with cuBLAS on the GPU; and gpucc chooses
// OpenBLAS's kernels before OpenBLAS starts, which a linked library would not allow. Debian's
// OpenBLAS 0.3.21 predates AMD's AVX-512 processors (Zen 4 and 5) and gives them its Haswell
// (AVX2) kernels: where the processor is AMD's with AVX-512 and the user has not set
// OPENBLAS_CORETYPE, gpucc asks for the SkylakeX (AVX-512) kernels, which OpenBLAS chooses itself
// for Intel's processors of that instruction set (1.7-1.9x at n >= 1024 on the development
// machine, bench/results/2026-11-26-cpu-linalg-matmul-avx512/). The variable is set only while
// OpenBLAS starts and restored after, so child processes see the user's environment.
#pragma once

#include <cblas.h>
#include <lapacke.h>
#include <string>

namespace gpucc::linalg::detail {

/// OpenBLAS's functions that gpucc calls, resolved once.
struct OpenBlas {
    decltype(&::cblas_sgemm) sgemm;
    decltype(&::cblas_dgemm) dgemm;
    decltype(&::openblas_set_num_threads) set_num_threads;
    decltype(&::openblas_get_num_threads) get_num_threads;
    decltype(&::openblas_get_corename) corename;
};

/// LAPACKE's functions that gpucc calls (lapack_cpu.cpp), resolved once.
struct Lapacke {
    decltype(&::LAPACKE_set_nancheck) set_nancheck;
    decltype(&::LAPACKE_spotrf) spotrf;
    decltype(&::LAPACKE_dpotrf) dpotrf;
    decltype(&::LAPACKE_sgetrf) sgetrf;
    decltype(&::LAPACKE_dgetrf) dgetrf;
    decltype(&::LAPACKE_sgesv) sgesv;
    decltype(&::LAPACKE_dgesv) dgesv;
    decltype(&::LAPACKE_sgeqrf) sgeqrf;
    decltype(&::LAPACKE_dgeqrf) dgeqrf;
    decltype(&::LAPACKE_sorgqr) sorgqr;
    decltype(&::LAPACKE_dorgqr) dorgqr;
    decltype(&::LAPACKE_sgesdd) sgesdd;
    decltype(&::LAPACKE_dgesdd) dgesdd;
    decltype(&::LAPACKE_ssyevd) ssyevd;
    decltype(&::LAPACKE_dsyevd) dsyevd;
};

/// OpenBLAS, opened at the first call (thread-safe); throws gpucc::Error naming the library and
/// dlerror's reason where it cannot be opened or lacks a function.
const OpenBlas& openblas();

/// LAPACKE, opened at the first call after OpenBLAS (whose kernels it then uses); throws as
/// openblas() does.
const Lapacke& lapacke();

/// The OPENBLAS_CORETYPE gpucc gives OpenBLAS when it starts, or "" where it leaves OpenBLAS's
/// own choice (the user set the variable, or the processor is not an AMD one with AVX-512).
std::string chosen_openblas_coretype();

} // namespace gpucc::linalg::detail
