// The factorizations numpy.linalg's routines are made of, on one device: lapack_cpu.cpp
// implements them with LAPACKE over OpenBLAS, cusolver.cpp with cuSOLVER. decompositions.cpp
// and linalg_derived.cpp prepare the operands (a column-major copy in the computation's dtype),
// call these, and turn the results and info arrays into NumPy's outputs and errors. Each
// function factorizes every matrix of a stack, writes each one's LAPACK info (0 or the failing
// position) into `info` (int32, one per matrix, on the stack's device), never reads it back,
// and runs in stream order on the GPU. Private to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// A stack of column-major matrices in one array: matrix i starts `stride` elements after
/// matrix i - 1, its leading dimension is `rows`. dtype Float32 or Float64.
struct ColumnMajorStack {
    NDArray memory; // keeps the buffer alive; its data() is matrix 0
    std::int64_t batch = 0;
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    std::int64_t stride = 0;

    DType dtype() const { return memory.dtype(); }
    char* matrix(std::int64_t i) const {
        return static_cast<char*>(memory.data()) +
               i * stride * static_cast<std::int64_t>(memory.itemsize());
    }
};

/// The routines of one device (see the top of this file). `pivots` and `tau`, `s`, `w` are
/// C-contiguous (batch, n) arrays made by the caller: pivots int32 on the CPU (LAPACK's
/// lapack_int), int64 on the GPU (cuSOLVER's 64-bit API); the others in the stack's dtype.
struct SolverBackend {
    /// Cholesky of the `uplo` ('L' or 'U') triangle, in place.
    void (*potrf)(const ColumnMajorStack& a, char uplo, const NDArray& info);
    /// LU with partial pivoting, in place; pivots are 1-based as LAPACK's.
    void (*getrf)(const ColumnMajorStack& a, const NDArray& pivots, const NDArray& info);
    /// a x = b for square a: LU of a in place (info from it), then b overwritten by x.
    void (*gesv)(const ColumnMajorStack& a, const ColumnMajorStack& b, const NDArray& info);
    /// Householder QR in place (geqrf); tau gets min(rows, cols) factors per matrix.
    void (*geqrf)(const ColumnMajorStack& a, const NDArray& tau);
    /// Forms the rows x cols Q of the first k reflectors in `a` in place (orgqr).
    void (*orgqr)(const ColumnMajorStack& a, std::int64_t k, const NDArray& tau);
    /// SVD of a (rows >= cols): job 'N' (s only), 'S' (u rows x cols, vt cols x cols) or 'A' (u
    /// rows x rows). a is destroyed. cuSOLVER's route for 64 rows and more (Xgesvdp) waits for
    /// the stream once per matrix (see cusolver.cpp's gesvd_polar): the one exception to the
    /// stream order above.
    void (*gesvd)(const ColumnMajorStack& a, char job, const NDArray& s, const ColumnMajorStack& u,
                  const ColumnMajorStack& vt, const NDArray& info);
    /// Symmetric eigendecomposition from the `uplo` triangle: w ascending; with `vectors` a is
    /// overwritten by the eigenvectors (columns).
    void (*syevd)(const ColumnMajorStack& a, char uplo, bool vectors, const NDArray& w,
                  const NDArray& info);
    /// The dtype of `pivots`.
    DType pivot_dtype;
};

const SolverBackend& lapack_cpu_backend();
const SolverBackend& cusolver_backend();

} // namespace gpucc::linalg::detail
