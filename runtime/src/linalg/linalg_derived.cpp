// The numpy.linalg routines built on the factorizations (gpucc/linalg/decompositions.h): det and
// slogdet from an LU factorization's diagonal and pivots, and lstsq, pinv and matrix_rank from the
// SVD. The arithmetic after the factorization is the standard library's ufuncs, reductions and
// matmul, so it runs on either device without code of its own.
#include "gpucc/array/slice.h"
#include "gpucc/linalg/decompositions.h"
#include "gpucc/linalg/matmul.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/reduction.h"
#include "gpucc/stdlib/ufunc.h"
#include "linalg/solver_common.h"

#include <algorithm>
#include <string>

namespace gpucc::linalg {

using detail::batch_shape;
using detail::compute_dtype;
using detail::with_matrix;
using detail::with_vector;

namespace {

struct LuParts {
    NDArray diagonal; // (..., n) U's diagonal
    NDArray sign;     // (...,) the permutation's sign, in the compute dtype
};

// LU of a^T (C order copy; det a^T = det a). For n = 0 the diagonal is empty and the sign 1.
LuParts lu_parts(const NDArray& a, const char* routine) {
    detail::require_square(a, routine, "a");
    const DType dtype = compute_dtype(a.dtype());
    const Device device = a.device();
    const Shape batch = batch_shape(a);
    const std::int64_t n = a.shape()[a.ndim() - 1];
    const detail::ColumnMajorStack lu = detail::transposed_copy(a, dtype);
    const auto& backend = detail::backend_for(device);
    const NDArray pivots = empty(with_vector(batch, n), backend.pivot_dtype, device);
    if (lu.batch > 0 && n > 0) {
        // A singular matrix is no error here: its U has a zero on the diagonal and det is 0.
        backend.getrf(lu, pivots, detail::new_info(lu.batch, device));
    }
    Strides strides;
    for (int i = 0; i + 2 < lu.memory.ndim(); ++i) {
        strides.push_back(lu.memory.strides()[i]);
    }
    strides.push_back((n + 1) * static_cast<std::int64_t>(lu.memory.itemsize()));
    LuParts parts;
    parts.diagonal =
        NDArray(lu.memory.buffer(), dtype, with_vector(batch, n), strides, lu.memory.byte_offset());
    // Each pivot that is not its own row is one transposition.
    const NDArray own = arange(1, n + 1, 1, backend.pivot_dtype, device);
    const NDArray swaps = sum(not_equal(pivots, own), Axis(-1));
    parts.sign = subtract(1, multiply(remainder(swaps, 2), 2)).astype(dtype);
    return parts;
}

// S's cut-off: rcond times each matrix's largest singular value, as (..., 1).
NDArray cutoff(const NDArray& s, double rcond) {
    return multiply(max(s, Axis(-1), true), full(Shape{}, rcond, s.dtype(), s.device()));
}

// 1 / s where s > limit, else 0.
NDArray inverted_above(const NDArray& s, const NDArray& limit) {
    const NDArray zero = zeros(Shape{}, s.dtype(), s.device());
    const NDArray one = ones(Shape{}, s.dtype(), s.device());
    const NDArray keep = greater(s, limit);
    return where(keep, divide(one, where(keep, s, one)), zero);
}

NDArray swap_last(const NDArray& x) {
    return x.swapaxes(x.ndim() - 2, x.ndim() - 1);
}

} // namespace

NDArray det(const NDArray& a) {
    const LuParts parts = lu_parts(a, "det");
    return multiply(prod(parts.diagonal, Axis(-1)), parts.sign);
}

SlogdetResult slogdet(const NDArray& a) {
    const LuParts parts = lu_parts(a, "slogdet");
    SlogdetResult result;
    result.sign = multiply(prod(gpucc::sign(parts.diagonal), Axis(-1)), parts.sign);
    result.logabsdet = sum(log(abs(parts.diagonal)), Axis(-1));
    return result;
}

NDArray pinv(const NDArray& a, double rcond) {
    detail::require_stack(a, "pinv", "a");
    const DType dtype = compute_dtype(a.dtype());
    const int nd = a.ndim();
    const std::int64_t m = a.shape()[nd - 2];
    const std::int64_t n = a.shape()[nd - 1];
    if (std::min(m, n) == 0 || a.size() == 0) {
        return zeros(with_matrix(batch_shape(a), n, m), dtype, a.device());
    }
    const SVDResult usv = svd(a, false, true);
    const NDArray s_inv = inverted_above(usv.S, cutoff(usv.S, rcond));
    // V diag(1/s) U^T.
    return matmul(multiply(swap_last(usv.Vh), s_inv.expand_dims(-2)), swap_last(usv.U));
}

NDArray matrix_rank(const NDArray& a, std::optional<double> tol) {
    if (a.ndim() < 2) {
        return any(not_equal(a, 0)).astype(DType::Int64);
    }
    const DType dtype = compute_dtype(a.dtype());
    const int nd = a.ndim();
    const std::int64_t m = a.shape()[nd - 2];
    const std::int64_t n = a.shape()[nd - 1];
    if (std::min(m, n) == 0) {
        return zeros(batch_shape(a), DType::Int64, a.device());
    }
    const NDArray s = svd(a, false, false).S;
    const NDArray limit =
        tol.has_value() ? full(Shape{}, *tol, dtype, a.device())
                        : cutoff(s, static_cast<double>(std::max(m, n)) * detail::epsilon(dtype));
    return sum(greater(s, limit), Axis(-1)).astype(DType::Int64);
}

LstsqResult lstsq(const NDArray& a, const NDArray& b, std::optional<double> rcond) {
    if (a.ndim() != 2) {
        throw LinAlgError("lstsq: a has shape " + a.shape().to_string() + ", " +
                              std::to_string(a.ndim()) + "-dimensional; it must be two-dimensional",
                          "lstsq", -1);
    }
    if (b.ndim() != 1 && b.ndim() != 2) {
        throw LinAlgError("lstsq: b has shape " + b.shape().to_string() +
                              "; it must be one- or two-dimensional",
                          "lstsq", -1);
    }
    if (a.device() != b.device()) {
        throw DeviceError("lstsq: a is on " + a.device().to_string() + ", b on " +
                          b.device().to_string());
    }
    const std::int64_t m = a.shape()[0];
    const std::int64_t n = a.shape()[1];
    if (b.shape()[0] != m) {
        throw LinAlgError("lstsq: incompatible dimensions: a " + a.shape().to_string() + ", b " +
                              b.shape().to_string() + " (b's first axis must be a's rows)",
                          "lstsq", -1);
    }
    const DType dtype = compute_dtype(a.dtype(), b.dtype());
    const Device device = a.device();
    const bool vector = b.ndim() == 1;
    const std::int64_t k = vector ? 1 : b.shape()[1];
    const NDArray b2 = (vector ? b.reshape(Shape{m, 1}) : b).astype(dtype);
    const double limit =
        rcond.value_or(detail::epsilon(dtype) * static_cast<double>(std::max(m, n)));

    LstsqResult result;
    NDArray x2;
    if (std::min(m, n) == 0) {
        result.s = zeros(Shape{0}, dtype, device);
        result.rank = 0;
        x2 = zeros(Shape{n, k}, dtype, device);
    } else {
        const SVDResult usv = svd(a.astype(dtype, false), false, true);
        result.s = usv.S;
        const NDArray threshold = cutoff(usv.S, limit);
        result.rank = sum(greater(usv.S, threshold)).item<std::int64_t>();
        const NDArray s_inv = inverted_above(usv.S, threshold);
        // x = V diag(1/s) U^T b.
        const NDArray projected = multiply(matmul(swap_last(usv.U), b2), s_inv.expand_dims(-1));
        x2 = matmul(swap_last(usv.Vh), projected);
    }
    if (result.rank == n && m > n) {
        const NDArray r = subtract(b2, matmul(a.astype(dtype, false), x2));
        result.residuals = sum(multiply(r, r), Axis(0));
    } else {
        result.residuals = zeros(Shape{0}, dtype, device);
    }
    result.x = vector ? x2.reshape(Shape{n}) : x2;
    return result;
}

} // namespace gpucc::linalg
