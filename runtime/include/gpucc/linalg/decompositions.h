// numpy.linalg's decompositions and solvers with NumPy's semantics on both targets: LAPACK
// (LAPACKE over OpenBLAS) on the CPU, cuSOLVER (loaded with dlopen at the first GPU call) on the
// GPU. One call for both devices; the operand's device runs it, on its current stream.
//
// Operands and results:
// - Every routine takes stacks of matrices in the last two axes, (..., M, N), where NumPy does
//   (lstsq, like NumPy's, takes one matrix). Any strides: the operand is copied once into the
//   column-major layout LAPACK and cuSOLVER need (the copy also converts the dtype).
// - float64 is computed in float64; float32, float16 and bfloat16 in float32, and the results are
//   float32 (as CuPy; NumPy refuses float16). Integer and bool input is converted to float64, as
//   NumPy does. Matrix results may be views with column-major strides in each matrix (the layout
//   the solver wrote); their values are NumPy's, and ascontiguousarray gives a C-ordered copy.
// - Fewer than two dimensions, or a non-square matrix where a square one is needed, raise
//   LinAlgError naming the routine, the argument and its shape (NumPy raises LinAlgError too).
//   Empty matrices give NumPy's results (det of a 0x0 matrix is 1, an inverse of 0x0 is 0x0).
//
// Errors are never silent: a singular matrix (solve, inv), a matrix that is not positive definite
// (cholesky) or an algorithm that did not converge (svd, eigh, eigvalsh, lstsq, pinv,
// matrix_rank) raises LinAlgError naming the routine and the failing matrix of the stack (the
// first one, by its index in the batch axes). The solvers report failures in an info array; on
// the GPU reading it back waits for the stream. That wait is the default (a result is never
// garbage unannounced). A caller who cannot afford the stall (a pipeline of many small calls, a
// graph capture) opts out for a scope with LinalgErrorGuard(LinalgErrors::Ignore), as with
// cupyx.errstate(linalg='ignore'): the info is then not read on either device, no LinAlgError is
// raised for failures, and a failing matrix's result holds whatever the solver left there
// (typically NaN or meaningless values). det and slogdet never raise for a singular matrix (0 and
// (0, -inf), as NumPy).
// One wait the opt-out does not remove: svd on the GPU (and pinv, lstsq and matrix_rank, which
// call it) of a matrix with 64 or more rows (columns, if more) waits for the stream once per
// matrix, as cuSOLVER's Xgesvdp, the route there, reports on the host how much it perturbed the
// matrix to converge; gpucc then factorizes a matrix perturbed by more than eps times its largest
// singular value again with Xgesvd, so the result is as accurate as Xgesvd's.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/half.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace gpucc::linalg {

/// numpy.linalg.LinAlgError: a failure of a linear-algebra routine (see the top of this file).
class LinAlgError : public Error {
public:
    LinAlgError(const std::string& message, std::string routine, std::int64_t matrix_index)
        : Error(message), routine_(std::move(routine)), matrix_index_(matrix_index) {}
    /// The routine that failed, e.g. "cholesky".
    const std::string& routine() const { return routine_; }
    /// The failing matrix's position in the stack (C order over the batch axes); -1 when the
    /// error is about the arguments rather than one matrix.
    std::int64_t matrix_index() const { return matrix_index_; }

private:
    std::string routine_;
    std::int64_t matrix_index_;
};

/// Whether the solvers' info arrays are read and failures raised (see the top of this file).
enum class LinalgErrors { Raise, Ignore };

/// The calling thread's current setting (Raise unless a LinalgErrorGuard is alive).
LinalgErrors linalg_errors();

/// Sets the calling thread's LinalgErrors for its lifetime, then restores the previous one.
class LinalgErrorGuard {
public:
    explicit LinalgErrorGuard(LinalgErrors mode);
    ~LinalgErrorGuard();
    LinalgErrorGuard(const LinalgErrorGuard&) = delete;
    LinalgErrorGuard& operator=(const LinalgErrorGuard&) = delete;

private:
    LinalgErrors previous_;
};

/// numpy.linalg.cholesky: L with L L^T = a (lower), or U with U^T U = a when `upper` (NumPy 2's
/// upper=True). Only the lower (upper) triangle of a is read. LinAlgError when not positive
/// definite.
NDArray cholesky(const NDArray& a, bool upper = false);

/// numpy.linalg.qr's modes; Raw has its own function, qr_raw.
enum class QRMode { Reduced, Complete, R };
struct QRResult {
    NDArray Q; ///< (..., M, K) for Reduced, (..., M, M) for Complete; empty (0-d) for R.
    NDArray R; ///< (..., K, N) for Reduced and R, (..., M, N) for Complete. K = min(M, N).
};
/// numpy.linalg.qr(a, mode): Q with orthonormal columns and R upper triangular, Q R = a.
QRResult qr(const NDArray& a, QRMode mode = QRMode::Reduced);
struct QRRawResult {
    NDArray h;   ///< (..., N, M): LAPACK's geqrf output, transposed as NumPy returns it.
    NDArray tau; ///< (..., K): the Householder reflectors' scaling factors.
};
/// numpy.linalg.qr(a, mode='raw').
QRRawResult qr_raw(const NDArray& a);

struct SVDResult {
    NDArray U;  ///< (..., M, M) with full_matrices, (..., M, K) without; empty when !compute_uv.
    NDArray S;  ///< (..., K), descending, K = min(M, N).
    NDArray Vh; ///< (..., N, N) with full_matrices, (..., K, N) without; empty when !compute_uv.
};
/// numpy.linalg.svd: a = U diag(S) Vh. LinAlgError when it does not converge.
SVDResult svd(const NDArray& a, bool full_matrices = true, bool compute_uv = true);

struct EighResult {
    NDArray eigenvalues;  ///< (..., M), ascending.
    NDArray eigenvectors; ///< (..., M, M): column i belongs to eigenvalue i.
};
/// numpy.linalg.eigh: the eigendecomposition of a symmetric matrix, reading only its lower
/// (uplo 'L') or upper ('U') triangle. ValueError for another uplo.
EighResult eigh(const NDArray& a, char uplo = 'L');
/// numpy.linalg.eigvalsh: eigh's eigenvalues alone.
NDArray eigvalsh(const NDArray& a, char uplo = 'L');

/// numpy.linalg.solve (NumPy 2): x with a x = b. a is (..., M, M); b is (M,) or (..., M, K), the
/// batch axes broadcasting together. LinAlgError for a singular matrix.
NDArray solve(const NDArray& a, const NDArray& b);
/// numpy.linalg.inv. LinAlgError for a singular matrix.
NDArray inv(const NDArray& a);
/// numpy.linalg.det, from an LU factorization: (...,).
NDArray det(const NDArray& a);
struct SlogdetResult {
    NDArray sign;      ///< (...,): 1, -1, or 0 for a singular matrix.
    NDArray logabsdet; ///< (...,): log |det|, -inf for a singular matrix.
};
/// numpy.linalg.slogdet.
SlogdetResult slogdet(const NDArray& a);

struct LstsqResult {
    NDArray x;         ///< (N,) or (N, K) as b.
    NDArray residuals; ///< (K,) or (1,) squared 2-norms of b - a x; (0,) unless rank == N < M.
    std::int64_t rank; ///< The effective rank of a.
    NDArray s;         ///< (min(M, N),): a's singular values.
};
/// numpy.linalg.lstsq: the least-squares solution of a x = b for a (M, N) and b (M,) or (M, K),
/// through the SVD (as LAPACK's gelsd): singular values <= rcond * max(S) count as zero;
/// rcond defaults to machine epsilon times max(M, N) (NumPy's rcond=None).
LstsqResult lstsq(const NDArray& a, const NDArray& b, std::optional<double> rcond = std::nullopt);

/// numpy.linalg.pinv: the Moore-Penrose pseudo-inverse (..., N, M) from the SVD, singular values
/// <= rcond * max(S) taken as zero.
NDArray pinv(const NDArray& a, double rcond = 1e-15);

/// numpy.linalg.matrix_rank of a stack of matrices: the number of singular values above `tol`,
/// by default max(S) * max(M, N) * eps (eps of the computation's dtype). int64 (...,). A 0-d or
/// 1-d `a` has rank 1 unless all its elements are zero, as NumPy.
NDArray matrix_rank(const NDArray& a, std::optional<double> tol = std::nullopt);

// Typed overloads: the same routines on Array<T>, thin wrappers over the NDArray ones. The results
// are typed by the computation's dtype (see the top of this file): Array<float> for float,
// float16 and bfloat16 input, Array<double> for the rest (matrix_rank: Array<std::int64_t>).

/// The element type Array<T>'s decompositions compute in and return.
template <ElementType T>
using linalg_result_t = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, float16> ||
                                               std::is_same_v<T, bfloat16>,
                                           float, double>;
/// The element type of a two-operand routine (solve, lstsq): float only when both are.
template <ElementType A, ElementType B>
using linalg_result2_t = std::conditional_t<std::is_same_v<linalg_result_t<A>, float> &&
                                                std::is_same_v<linalg_result_t<B>, float>,
                                            float, double>;

template <ElementType E>
struct TypedQRResult {
    Array<E> Q; ///< As QRResult's; an empty (0,) array for QRMode::R.
    Array<E> R;
};
template <ElementType E>
struct TypedQRRawResult {
    Array<E> h;
    Array<E> tau;
};
template <ElementType E>
struct TypedSVDResult {
    Array<E> U; ///< As SVDResult's; an empty (0,) array when !compute_uv.
    Array<E> S;
    Array<E> Vh; ///< An empty (0,) array when !compute_uv.
};
template <ElementType E>
struct TypedEighResult {
    Array<E> eigenvalues;
    Array<E> eigenvectors;
};
template <ElementType E>
struct TypedSlogdetResult {
    Array<E> sign;
    Array<E> logabsdet;
};
template <ElementType E>
struct TypedLstsqResult {
    Array<E> x;
    Array<E> residuals;
    std::int64_t rank;
    Array<E> s;
};

template <ElementType T>
Array<linalg_result_t<T>> cholesky(const Array<T>& a, bool upper = false) {
    return Array<linalg_result_t<T>>(cholesky(a.ndarray(), upper));
}
template <ElementType T>
TypedQRResult<linalg_result_t<T>> qr(const Array<T>& a, QRMode mode = QRMode::Reduced) {
    using R = linalg_result_t<T>;
    QRResult r = qr(a.ndarray(), mode);
    return {mode == QRMode::R ? Array<R>() : Array<R>(std::move(r.Q)), Array<R>(std::move(r.R))};
}
template <ElementType T>
TypedQRRawResult<linalg_result_t<T>> qr_raw(const Array<T>& a) {
    using R = linalg_result_t<T>;
    QRRawResult r = qr_raw(a.ndarray());
    return {Array<R>(std::move(r.h)), Array<R>(std::move(r.tau))};
}
template <ElementType T>
TypedSVDResult<linalg_result_t<T>> svd(const Array<T>& a, bool full_matrices = true,
                                       bool compute_uv = true) {
    using R = linalg_result_t<T>;
    SVDResult r = svd(a.ndarray(), full_matrices, compute_uv);
    if (!compute_uv) {
        return {Array<R>(), Array<R>(std::move(r.S)), Array<R>()};
    }
    return {Array<R>(std::move(r.U)), Array<R>(std::move(r.S)), Array<R>(std::move(r.Vh))};
}
template <ElementType T>
TypedEighResult<linalg_result_t<T>> eigh(const Array<T>& a, char uplo = 'L') {
    using R = linalg_result_t<T>;
    EighResult r = eigh(a.ndarray(), uplo);
    return {Array<R>(std::move(r.eigenvalues)), Array<R>(std::move(r.eigenvectors))};
}
template <ElementType T>
Array<linalg_result_t<T>> eigvalsh(const Array<T>& a, char uplo = 'L') {
    return Array<linalg_result_t<T>>(eigvalsh(a.ndarray(), uplo));
}
template <ElementType A, ElementType B>
Array<linalg_result2_t<A, B>> solve(const Array<A>& a, const Array<B>& b) {
    return Array<linalg_result2_t<A, B>>(solve(a.ndarray(), b.ndarray()));
}
template <ElementType T>
Array<linalg_result_t<T>> inv(const Array<T>& a) {
    return Array<linalg_result_t<T>>(inv(a.ndarray()));
}
template <ElementType T>
Array<linalg_result_t<T>> det(const Array<T>& a) {
    return Array<linalg_result_t<T>>(det(a.ndarray()));
}
template <ElementType T>
TypedSlogdetResult<linalg_result_t<T>> slogdet(const Array<T>& a) {
    using R = linalg_result_t<T>;
    SlogdetResult r = slogdet(a.ndarray());
    return {Array<R>(std::move(r.sign)), Array<R>(std::move(r.logabsdet))};
}
template <ElementType A, ElementType B>
TypedLstsqResult<linalg_result2_t<A, B>> lstsq(const Array<A>& a, const Array<B>& b,
                                               std::optional<double> rcond = std::nullopt) {
    using R = linalg_result2_t<A, B>;
    LstsqResult r = lstsq(a.ndarray(), b.ndarray(), rcond);
    return {Array<R>(std::move(r.x)), Array<R>(std::move(r.residuals)), r.rank,
            Array<R>(std::move(r.s))};
}
template <ElementType T>
Array<linalg_result_t<T>> pinv(const Array<T>& a, double rcond = 1e-15) {
    return Array<linalg_result_t<T>>(pinv(a.ndarray(), rcond));
}
template <ElementType T>
Array<std::int64_t> matrix_rank(const Array<T>& a, std::optional<double> tol = std::nullopt) {
    return Array<std::int64_t>(matrix_rank(a.ndarray(), tol));
}

} // namespace gpucc::linalg
