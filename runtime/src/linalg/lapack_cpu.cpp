// The CPU solver backend (solver_backend.h): LAPACKE (Debian's liblapacke) in column-major mode
// over the LAPACK of OpenBLAS, the routines NumPy uses: potrf, getrf/getrs, geqrf/orgqr, gesdd,
// syevd. One call per matrix of a stack.
//
// Threads: a stack of small matrices (n <= 64) is spread over gpucc's thread pool with OpenBLAS
// held to one thread; a large matrix (or a stack of them) runs matrix after matrix on the caller's
// thread with OpenBLAS using the pool's width. The two never run at full width together. The
// count is taken through the same lease as matmul's (openblas_width.h), so a decomposition on one
// thread and a product on another never change it under each other; where OPENBLAS_NUM_THREADS or
// OMP_NUM_THREADS is set, OpenBLAS's count is left alone. The bodies call LAPACK only (no matmul,
// which would take a second lease on the same thread). LAPACKE's scan of the input for NaN is
// turned off (LAPACKE_set_nancheck): it costs a pass over every matrix and would turn a NaN into
// an "illegal argument"; NaN input goes to LAPACK as NumPy sends it.
#include "cpu/thread_pool.h"
#include "gpucc/errors.h"
#include "linalg/cpu_blas_library.h"
#include "linalg/openblas_width.h"
#include "linalg/solver_backend.h"

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

namespace gpucc::linalg::detail {
namespace {

constexpr std::int64_t kSmallMatrix = 64;

lapack_int lp(std::int64_t value) {
    if (value > INT_MAX) {
        throw ValueError("linalg: a dimension of " + std::to_string(value) +
                         " exceeds the 32-bit integers of the CPU LAPACK (OpenBLAS LP64)");
    }
    return static_cast<lapack_int>(value);
}

lapack_int ld(std::int64_t rows) {
    return lp(std::max<std::int64_t>(rows, 1));
}

void disable_nancheck_once() {
    static const bool done = [] {
        lapacke().set_nancheck(0);
        return true;
    }();
    (void)done;
}

// Runs body(i) for every matrix i of a stack of n x n-sized problems (see the top of this file).
// body must not throw.
template <class Body>
void for_each_matrix(std::int64_t batch, std::int64_t n, Body&& body) {
    disable_nancheck_once();
    auto& pool = gpucc::detail::ThreadPool::instance();
    if (batch > 1 && n <= kSmallMatrix && pool.thread_count() > 1) {
        const OpenblasWidthLease lease(1);
        pool.parallel_for(
            batch, 1,
            [](void* context, std::int64_t begin, std::int64_t end) {
                auto& f = *static_cast<Body*>(context);
                for (std::int64_t i = begin; i < end; ++i) {
                    f(i);
                }
            },
            &body);
        return;
    }
    const OpenblasWidthLease lease(n <= kSmallMatrix ? 1 : pool.thread_count());
    for (std::int64_t i = 0; i < batch; ++i) {
        body(i);
    }
}

int* info_of(const NDArray& info) {
    return static_cast<int*>(info.data());
}

template <class T>
T* at(const ColumnMajorStack& a, std::int64_t i) {
    return reinterpret_cast<T*>(a.matrix(i));
}

template <class T>
T* row_of(const NDArray& x, std::int64_t i) {
    const std::int64_t width = x.ndim() == 0 ? 0 : x.shape()[x.ndim() - 1];
    return static_cast<T*>(x.data()) + i * width;
}

void potrf(const ColumnMajorStack& a, char uplo, const NDArray& info) {
    const lapack_int n = lp(a.rows);
    int* infos = info_of(info);
    const bool f64 = a.dtype() == DType::Float64;
    for_each_matrix(a.batch, a.rows, [&](std::int64_t i) {
        infos[i] = f64 ? lapacke().dpotrf(LAPACK_COL_MAJOR, uplo, n, at<double>(a, i), ld(n))
                       : lapacke().spotrf(LAPACK_COL_MAJOR, uplo, n, at<float>(a, i), ld(n));
    });
}

void getrf(const ColumnMajorStack& a, const NDArray& pivots, const NDArray& info) {
    const lapack_int m = lp(a.rows);
    const lapack_int n = lp(a.cols);
    int* infos = info_of(info);
    const bool f64 = a.dtype() == DType::Float64;
    for_each_matrix(a.batch, a.rows, [&](std::int64_t i) {
        lapack_int* ipiv = row_of<lapack_int>(pivots, i);
        infos[i] = f64 ? lapacke().dgetrf(LAPACK_COL_MAJOR, m, n, at<double>(a, i), ld(m), ipiv)
                       : lapacke().sgetrf(LAPACK_COL_MAJOR, m, n, at<float>(a, i), ld(m), ipiv);
    });
}

void gesv(const ColumnMajorStack& a, const ColumnMajorStack& b, const NDArray& info) {
    const lapack_int n = lp(a.rows);
    const lapack_int nrhs = lp(b.cols);
    int* infos = info_of(info);
    const bool f64 = a.dtype() == DType::Float64;
    for_each_matrix(a.batch, a.rows, [&](std::int64_t i) {
        // One pivot vector per thread at a time: gesv's ipiv is scratch here.
        thread_local std::vector<lapack_int> ipiv;
        ipiv.resize(static_cast<std::size_t>(std::max(n, 1)));
        infos[i] = f64 ? lapacke().dgesv(LAPACK_COL_MAJOR, n, nrhs, at<double>(a, i), ld(n),
                                         ipiv.data(), at<double>(b, i), ld(n))
                       : lapacke().sgesv(LAPACK_COL_MAJOR, n, nrhs, at<float>(a, i), ld(n),
                                         ipiv.data(), at<float>(b, i), ld(n));
    });
}

void geqrf(const ColumnMajorStack& a, const NDArray& tau) {
    const lapack_int m = lp(a.rows);
    const lapack_int n = lp(a.cols);
    const bool f64 = a.dtype() == DType::Float64;
    for_each_matrix(a.batch, std::max(a.rows, a.cols), [&](std::int64_t i) {
        if (f64) {
            lapacke().dgeqrf(LAPACK_COL_MAJOR, m, n, at<double>(a, i), ld(m),
                             row_of<double>(tau, i));
        } else {
            lapacke().sgeqrf(LAPACK_COL_MAJOR, m, n, at<float>(a, i), ld(m), row_of<float>(tau, i));
        }
    });
}

void orgqr(const ColumnMajorStack& a, std::int64_t k, const NDArray& tau) {
    const lapack_int m = lp(a.rows);
    const lapack_int n = lp(a.cols);
    const lapack_int reflectors = lp(k);
    const bool f64 = a.dtype() == DType::Float64;
    for_each_matrix(a.batch, std::max(a.rows, a.cols), [&](std::int64_t i) {
        if (f64) {
            lapacke().dorgqr(LAPACK_COL_MAJOR, m, n, reflectors, at<double>(a, i), ld(m),
                             row_of<double>(tau, i));
        } else {
            lapacke().sorgqr(LAPACK_COL_MAJOR, m, n, reflectors, at<float>(a, i), ld(m),
                             row_of<float>(tau, i));
        }
    });
}

void gesvd(const ColumnMajorStack& a, char job, const NDArray& s, const ColumnMajorStack& u,
           const ColumnMajorStack& vt, const NDArray& info) {
    const lapack_int m = lp(a.rows);
    const lapack_int n = lp(a.cols);
    int* infos = info_of(info);
    const bool f64 = a.dtype() == DType::Float64;
    const lapack_int ldu = job == 'N' ? 1 : ld(u.rows);
    const lapack_int ldvt = job == 'N' ? 1 : ld(vt.rows);
    for_each_matrix(a.batch, a.rows, [&](std::int64_t i) {
        if (f64) {
            double* pu = job == 'N' ? nullptr : at<double>(u, i);
            double* pvt = job == 'N' ? nullptr : at<double>(vt, i);
            infos[i] = lapacke().dgesdd(LAPACK_COL_MAJOR, job, m, n, at<double>(a, i), ld(m),
                                        row_of<double>(s, i), pu, ldu, pvt, ldvt);
        } else {
            float* pu = job == 'N' ? nullptr : at<float>(u, i);
            float* pvt = job == 'N' ? nullptr : at<float>(vt, i);
            infos[i] = lapacke().sgesdd(LAPACK_COL_MAJOR, job, m, n, at<float>(a, i), ld(m),
                                        row_of<float>(s, i), pu, ldu, pvt, ldvt);
        }
    });
}

void syevd(const ColumnMajorStack& a, char uplo, bool vectors, const NDArray& w,
           const NDArray& info) {
    const lapack_int n = lp(a.rows);
    int* infos = info_of(info);
    const bool f64 = a.dtype() == DType::Float64;
    const char jobz = vectors ? 'V' : 'N';
    for_each_matrix(a.batch, a.rows, [&](std::int64_t i) {
        infos[i] = f64 ? lapacke().dsyevd(LAPACK_COL_MAJOR, jobz, uplo, n, at<double>(a, i), ld(n),
                                          row_of<double>(w, i))
                       : lapacke().ssyevd(LAPACK_COL_MAJOR, jobz, uplo, n, at<float>(a, i), ld(n),
                                          row_of<float>(w, i));
    });
}

} // namespace

const SolverBackend& lapack_cpu_backend() {
    static const SolverBackend backend{potrf, getrf, gesv,  geqrf,
                                       orgqr, gesvd, syevd, DType::Int32};
    return backend;
}

} // namespace gpucc::linalg::detail
