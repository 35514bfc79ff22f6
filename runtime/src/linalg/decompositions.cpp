// numpy.linalg's factorizations (gpucc/linalg/decompositions.h): cholesky, qr, svd, eigh,
// eigvalsh, solve and inv. Each checks its operand as NumPy does, copies it once into the
// column-major stack the device's solver takes (solver_backend.h), runs the solver, reads the
// info array (solver_common.h) and hands back the solver's memory as NumPy's results, choosing the
// copy (plain or transposing) that leaves the results in place without another pass:
// - a symmetric operand (eigh) is copied in C order, which is column-major for its transpose,
//   the same matrix: only the triangle read flips (NumPy's lower is LAPACK's upper); cholesky
//   copies so that potrf always factors a lower triangle, its fast case (see cholesky);
// - svd of a wide matrix (M < N) factorizes the transpose (cuSOLVER's gesvd needs M >= N): the
//   transpose's U and V^T, read in C order, are the operand's V^T and U.
#include "gpucc/linalg/decompositions.h"

#include "gpucc/array/slice.h"
#include "gpucc/array/transfer.h"
#include "gpucc/stdlib/creation.h"
#include "linalg/small_batched.h"
#include "linalg/solver_common.h"

#include <algorithm>
#include <string>

namespace gpucc::linalg {

using detail::as_matrices;
using detail::backend_for;
using detail::batch_shape;
using detail::check_info;
using detail::ColumnMajorStack;
using detail::compute_dtype;
using detail::Failure;
using detail::new_info;
using detail::new_stack;
using detail::with_matrix;
using detail::with_vector;

namespace {

char flipped(char uplo) {
    return uplo == 'L' ? 'U' : 'L';
}

// An identity matrix of each of `batch`, C-contiguous.
NDArray identities(const Shape& batch, std::int64_t n, DType dtype, Device device) {
    return ascontiguousarray(eye(n, n, 0, dtype, device).broadcast_to(with_matrix(batch, n, n)));
}

char checked_uplo(char uplo, const char* routine) {
    if (uplo != 'L' && uplo != 'U') {
        throw ValueError(std::string(routine) + ": UPLO must be 'L' or 'U', got '" +
                         std::string(1, uplo) + "'");
    }
    return uplo;
}

} // namespace

NDArray cholesky(const NDArray& a, bool upper) {
    detail::require_square(a, "cholesky", "a");
    const DType dtype = compute_dtype(a.dtype());
    if (a.size() == 0) {
        return empty(a.shape(), dtype, a.device());
    }
    const std::int64_t n = a.shape()[a.ndim() - 1];
    if (detail::takes_small_cholesky(a.device(), batch_shape(a).element_count(), n)) {
        return detail::cholesky_small(a, dtype, upper);
    }
    // Both factors come from potrf of a column-major lower triangle, cuSOLVER's fast case (2048 on
    // an H100: 0.66 ms, the upper 1.85 ms; bench/results/2026-11-26-h100-linalg-decomp-routes):
    // - lower: a column-major copy of a; potrf 'L' reads a's lower triangle (NumPy's) and leaves
    //   L in place, read through the column-major view;
    // - upper: the C-order copy is column-major a^T, whose lower triangle is a's upper one; potrf
    //   'L' leaves L' with L' L'^T = a^T, which read in C order is U = L'^T with U^T U = a.
    const ColumnMajorStack stack =
        upper ? detail::transposed_copy(a, dtype) : detail::column_major_copy(a, dtype);
    const NDArray info = new_info(stack.batch, a.device());
    backend_for(a.device()).potrf(stack, 'L', info);
    check_info(info, batch_shape(a), "cholesky", Failure::NotPositiveDefinite);
    return upper ? detail::keep_triangle(stack.memory, false)
                 : detail::keep_triangle(as_matrices(stack), true);
}

namespace {

struct Factored {
    ColumnMajorStack h;
    NDArray tau;
    std::int64_t m, n, k;
};

Factored householder(const NDArray& a, const char* routine) {
    detail::require_stack(a, routine, "a");
    const DType dtype = compute_dtype(a.dtype());
    const int nd = a.ndim();
    Factored f;
    f.m = a.shape()[nd - 2];
    f.n = a.shape()[nd - 1];
    f.k = std::min(f.m, f.n);
    f.h = detail::column_major_copy(a, dtype);
    f.tau = empty(with_vector(batch_shape(a), f.k), dtype, a.device());
    if (f.h.batch > 0 && f.k > 0) {
        backend_for(a.device()).geqrf(f.h, f.tau);
    }
    return f;
}

} // namespace

QRResult qr(const NDArray& a, QRMode mode) {
    Factored f = householder(a, "qr");
    const Shape batch = batch_shape(a);
    const Device device = a.device();
    const DType dtype = f.h.dtype();
    const std::int64_t r_rows = mode == QRMode::Complete ? f.m : f.k;
    // R first: forming Q overwrites the reflectors below it.
    NDArray r = detail::keep_triangle(detail::leading_rows(as_matrices(f.h), r_rows), false);
    if (mode == QRMode::R) {
        return {NDArray(dtype), r};
    }
    const std::int64_t q_cols = mode == QRMode::Complete ? f.m : f.k;
    if (f.k == 0 || f.h.batch == 0) {
        return {mode == QRMode::Complete ? identities(batch, f.m, dtype, device)
                                         : zeros(with_matrix(batch, f.m, q_cols), dtype, device),
                r};
    }
    const auto& backend = backend_for(device);
    if (q_cols <= f.n) {
        // Q is the first q_cols columns of the reflectors' stack, formed in place.
        ColumnMajorStack q = f.h;
        q.cols = q_cols;
        backend.orgqr(q, f.k, f.tau);
        NDArray columns = f.h.memory.index({ellipsis, Slice(0, q_cols), Slice()});
        const int nd = columns.ndim();
        return {columns.swapaxes(nd - 2, nd - 1), r};
    }
    // Complete with M > N: an M x M stack whose first N columns are the reflectors.
    ColumnMajorStack q = new_stack(batch, f.m, f.m, dtype, device, true);
    copyto(q.memory.index({ellipsis, Slice(0, f.n), Slice()}), f.h.memory);
    backend.orgqr(q, f.k, f.tau);
    return {as_matrices(q), r};
}

QRRawResult qr_raw(const NDArray& a) {
    Factored f = householder(a, "qr");
    return {f.h.memory, f.tau};
}

SVDResult svd(const NDArray& a, bool full_matrices, bool compute_uv) {
    detail::require_stack(a, "svd", "a");
    const DType dtype = compute_dtype(a.dtype());
    const Device device = a.device();
    const Shape batch = batch_shape(a);
    const int nd = a.ndim();
    const std::int64_t m = a.shape()[nd - 2];
    const std::int64_t n = a.shape()[nd - 1];
    const bool wide = m < n;
    const std::int64_t rows = std::max(m, n);
    const std::int64_t k = std::min(m, n);
    const char job = !compute_uv ? 'N' : full_matrices ? 'A' : 'S';
    const std::int64_t u_cols = job == 'A' ? rows : k;

    SVDResult result;
    result.S = empty(with_vector(batch, k), dtype, device);
    ColumnMajorStack u;
    ColumnMajorStack vt;
    if (compute_uv) {
        u = new_stack(batch, rows, u_cols, dtype, device);
        vt = new_stack(batch, k, k, dtype, device);
    }
    const std::int64_t count = batch.element_count();
    if (count > 0 && k > 0) {
        const ColumnMajorStack stack =
            wide ? detail::transposed_copy(a, dtype) : detail::column_major_copy(a, dtype);
        const NDArray info = new_info(count, device);
        backend_for(device).gesvd(stack, job, result.S, u, vt, info);
        check_info(info, batch, "svd", Failure::SvdNoConvergence);
    } else if (compute_uv && job == 'A') {
        // No singular values: U (or V^T) is the identity of its size (LAPACK leaves it unset).
        u.memory = identities(batch, rows, dtype, device);
    }
    if (!compute_uv) {
        return result;
    }
    if (wide) {
        // a^T = U' S V'^T, so a = V' S U'^T: C order of V'^T's memory is U, of U''s is V^T.
        result.U = vt.memory;
        result.Vh = u.memory;
    } else {
        result.U = as_matrices(u);
        result.Vh = as_matrices(vt);
    }
    return result;
}

namespace {

EighResult eigen(const NDArray& a, char uplo, bool vectors, const char* routine) {
    detail::require_square(a, routine, "a");
    checked_uplo(uplo, routine);
    const DType dtype = compute_dtype(a.dtype());
    const Device device = a.device();
    const Shape batch = batch_shape(a);
    const std::int64_t n = a.shape()[a.ndim() - 1];
    EighResult result;
    result.eigenvalues = empty(with_vector(batch, n), dtype, device);
    // C order is column-major a^T = a; its uplo triangle is a's other one.
    const ColumnMajorStack stack = detail::transposed_copy(a, dtype);
    if (stack.batch > 0 && n > 0) {
        const NDArray info = new_info(stack.batch, device);
        backend_for(device).syevd(stack, flipped(uplo), vectors, result.eigenvalues, info);
        check_info(info, batch, routine, Failure::EigNoConvergence);
    }
    if (vectors) {
        result.eigenvectors = as_matrices(stack);
    }
    return result;
}

// x with a x = b for a (B..., M, M) and b (B..., M, K) of the same batch; result (B..., M, K).
NDArray solve_stacks(const NDArray& a, const NDArray& b, DType dtype, const char* routine) {
    const Shape batch = batch_shape(a);
    const int nd = a.ndim();
    const std::int64_t m = a.shape()[nd - 1];
    const std::int64_t k = b.shape()[nd - 1];
    if (m > 0 && k > 0 && detail::takes_small_solve(a.device(), batch.element_count(), m, k)) {
        return detail::solve_small(a, b, batch, dtype, routine);
    }
    ColumnMajorStack x = detail::column_major_copy(b, dtype);
    if (x.batch == 0 || m == 0 || k == 0) {
        return as_matrices(x);
    }
    const ColumnMajorStack lu = detail::column_major_copy(a, dtype);
    const NDArray info = new_info(lu.batch, a.device());
    backend_for(a.device()).gesv(lu, x, info);
    check_info(info, batch, routine, Failure::Singular);
    return as_matrices(x);
}

Shape broadcast_batches(const Shape& a, const Shape& b, const NDArray& a_in, const NDArray& b_in) {
    const int nd = std::max(a.ndim(), b.ndim());
    Shape out;
    for (int i = 0; i < nd; ++i) {
        const int ia = i - (nd - a.ndim());
        const int ib = i - (nd - b.ndim());
        const std::int64_t da = ia >= 0 ? a[ia] : 1;
        const std::int64_t db = ib >= 0 ? b[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            throw ValueError("solve: the batch axes of a " + a_in.shape().to_string() + " and b " +
                             b_in.shape().to_string() + " do not broadcast together");
        }
        out.push_back(da == 1 ? db : da);
    }
    return out;
}

} // namespace

EighResult eigh(const NDArray& a, char uplo) {
    return eigen(a, uplo, true, "eigh");
}

NDArray eigvalsh(const NDArray& a, char uplo) {
    return eigen(a, uplo, false, "eigvalsh").eigenvalues;
}

NDArray solve(const NDArray& a, const NDArray& b) {
    detail::require_square(a, "solve", "a");
    if (a.device() != b.device()) {
        throw DeviceError("solve: a is on " + a.device().to_string() + ", b on " +
                          b.device().to_string());
    }
    const DType dtype = compute_dtype(a.dtype(), b.dtype());
    const std::int64_t m = a.shape()[a.ndim() - 1];
    const Shape a_batch = batch_shape(a);
    if (b.ndim() == 1) {
        if (b.shape()[0] != m) {
            throw ValueError("solve: b has shape " + b.shape().to_string() + ", a " +
                             a.shape().to_string() + ": b's length must be a's " +
                             std::to_string(m) + " rows");
        }
        const NDArray column = b.reshape(Shape{m, 1}).broadcast_to(with_matrix(a_batch, m, 1));
        return solve_stacks(a, column, dtype, "solve").reshape(with_vector(a_batch, m));
    }
    if (b.ndim() == 0) {
        throw ValueError("solve: b is 0-dimensional; it must be (M,) or (..., M, K)");
    }
    if (b.shape()[b.ndim() - 2] != m) {
        throw ValueError("solve: b has shape " + b.shape().to_string() + ", a " +
                         a.shape().to_string() + ": b's second-to-last axis must be a's " +
                         std::to_string(m) + " rows");
    }
    const Shape batch = broadcast_batches(a_batch, batch_shape(b), a, b);
    const std::int64_t k = b.shape()[b.ndim() - 1];
    return solve_stacks(a.broadcast_to(with_matrix(batch, m, m)),
                        b.broadcast_to(with_matrix(batch, m, k)), dtype, "solve");
}

NDArray inv(const NDArray& a) {
    detail::require_square(a, "inv", "a");
    const DType dtype = compute_dtype(a.dtype());
    const std::int64_t n = a.shape()[a.ndim() - 1];
    const NDArray identity = eye(n, n, 0, dtype, a.device()).broadcast_to(a.shape());
    return solve_stacks(a, identity, dtype, "inv");
}

} // namespace gpucc::linalg
