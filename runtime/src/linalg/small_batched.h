// The one-matrix-per-thread route for stacks of small matrices (kernels/small_batched.dsl): solve
// (and inv, which solves against identities) and cholesky of n up to a limit per device, where
// one launch that reads the operand in place beats the libraries' batched routes (cuBLAS's
// getrfBatched + getrsBatched, cuSOLVER's potrfBatched) and LAPACK's call per matrix. The limits
// are measured crossovers (small_batched.cpp says where); tests and benchmarks move them through
// small_batched_limits() to reach both routes, which is not a user setting. Private to the
// runtime.
#pragma once

#include "gpucc/array/ndarray.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// Which stacks take the kernels, per device kind (0: none). Solve (and inv, k = n): a thread
/// does about n^2 (n + 3k) / 3 multiply-adds, and the kernel is taken while n^2 (n + 3k) is at most
/// `solve_work`; cholesky: n at most `cholesky`.
struct SmallBatchedLimits {
    std::int64_t solve_work_gpu;
    std::int64_t cholesky_gpu;
    std::int64_t solve_work_cpu;
    std::int64_t cholesky_cpu;
};

/// The process's limits (mutable for tests and benchmarks; not synchronised).
SmallBatchedLimits& small_batched_limits();

/// Whether a stack of `batch` n x n matrices with k right-hand sides each on `device` takes the
/// solve kernel (see SmallBatchedLimits: one thread does all k).
bool takes_small_solve(Device device, std::int64_t batch, std::int64_t n, std::int64_t k);
/// Whether it takes the cholesky kernel.
bool takes_small_cholesky(Device device, std::int64_t batch, std::int64_t n);

/// x with a x = b for a (B..., n, n) and b (B..., n, k) of the same batch shape `batch`, both
/// non-empty, computed in `dtype`: a new C-contiguous (B..., n, k) array. The info of every
/// matrix is checked as the library routes' (check_info, raising for a singular one under
/// `routine`'s name unless errors are ignored).
NDArray solve_small(const NDArray& a, const NDArray& b, const Shape& batch, DType dtype,
                    const char* routine);

/// numpy.linalg.cholesky of a non-empty (B..., n, n) in `dtype`: reads a's lower (upper) triangle
/// and returns L (U) as a new C-contiguous array with zeros in the other triangle.
NDArray cholesky_small(const NDArray& a, DType dtype, bool upper);

} // namespace gpucc::linalg::detail
