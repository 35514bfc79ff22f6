// The CPU target's BLAS and LAPACK, opened on first use: OpenBLAS (CBLAS and its thread count)
// and LAPACKE, each a table of the functions gpucc calls. A program that never multiplies or
// decomposes a matrix on the CPU loads neither (OpenBLAS starts its thread pool when it is
// loaded), as a program that never multiplies on the GPU loads no cuBLAS. OpenBLAS chooses its
// kernels when it starts, as it would linked (OPENBLAS_CORETYPE and its other variables apply).
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
    decltype(&::openblas_get_corename) corename; // the kernels OpenBLAS chose
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

} // namespace gpucc::linalg::detail
