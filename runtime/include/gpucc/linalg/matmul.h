// Matrix products with NumPy's semantics, on the GPU (cuBLAS) and the CPU (OpenBLAS's CBLAS):
// matmul, dot, vdot, inner, outer, and trace. One call for both devices; the operands' device
// runs it, on its current stream.
//
// matmul(a, b[, out]) follows numpy.matmul:
// - 1-d operands are promoted to matrices (a: (k,) -> (1, k), b: (k,) -> (k, 1)) and the added
//   axis is removed from the result; 0-d operands are a ValueError naming the argument.
// - n-d operands are stacks of matrices in their last two axes; the other (batch) axes broadcast
//   together as in NumPy. A broadcast batch is read with stride 0, never copied.
// - The result dtype is result_type(a, b) (gpucc/stdlib/promotion.h); an operand of another dtype
//   is converted first. `out` must have exactly the result's shape and dtype (ShapeError,
//   TypeError), be on the operands' device (DeviceError) and share no memory with a or b
//   (ValueError).
// - Any strides: a transposed or sliced matrix becomes a BLAS transpose flag and leading
//   dimension; only an operand no BLAS layout fits (e.g. both strides above the element size,
//   negative strides) is copied, once.
// Arithmetic by dtype:
// - float32 and float64: SGEMM and DGEMM. On the GPU float32 is exact FP32 by default; TF32 tensor
//   cores on request, with linalg::Tf32Guard or GPUCC_TF32=1 (linalg/compute_type.h).
// - float16 and bfloat16: on the GPU tensor cores with float32 accumulation (cublasGemmEx with
//   CUBLAS_COMPUTE_32F), rounded once; on the CPU converted to float32, SGEMM, rounded once.
// - Small products on the GPU: one matrix product (no batch) with m, n and k all at most 256 runs
//   on a tiled kernel of the library instead of cuBLAS, for its host time (about half of a cuBLAS
//   call's), with the same accumulation (float32 for float16/bfloat16/float32, float64 for
//   float64); TF32 requests keep cuBLAS. A program whose only products are small never loads
//   cuBLAS.
// - integers: exact, with NumPy's wrap-around on overflow; bool: the logical or of ands. A kernel
//   of the library (the elementwise products summed by the stdlib's reductions), not BLAS; it
//   holds the products of a block of rows at a time, about 2^24 of them (batch x k x n when one
//   row of every matrix has more), and is O(m n k) without BLAS's blocking.
// Every one of the library's 13 dtypes is accepted, so the operands' dtypes raise no error; a
// given `out` must have the result's dtype exactly (no casting into it).
//
// dot, vdot, inner, outer follow NumPy's definitions (see each below); trace sums a diagonal with
// the stdlib's sum reduction (NumPy's dtype: integers and bool give int64/uint64).
//
// C++ has no `@`. Besides the functions, the members a.matmul(b) (NDArray and Array<T>; NumPy's
// a.T is NDArray::T(), transpose() on both; NumPy 2's a.mT is matrix_transpose(a) on both, as
// Array<T> cannot have a member named T) read as NumPy's a @ b, and `a ->* b` means
// matmul(a, b) for arrays once `using namespace gpucc::matmul_operator;` is in scope. Why this
// operator: `*` is already the elementwise product on arrays (as in NumPy), `->*` is the only
// other binary operator C++ lets a class overload that no array operation uses, and it binds
// tighter than + and -, so `a ->* b + c` reads as NumPy's `a @ b + c`. It is opt-in because it
// surprises a reader who has not met it; matmul(a, b) is always available.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/device/stream.h"
#include "gpucc/stdlib/promotion.h"

#include <cstdint>

namespace gpucc {

/// NumPy's matmul (see the top of this file); the result is allocated on the operands' device.
NDArray matmul(const NDArray& a, const NDArray& b);
/// matmul into `out` (exactly the result's shape and dtype, sharing no memory with a or b).
void matmul(const NDArray& a, const NDArray& b, const NDArray& out);

/// numpy.dot: 0-d operands multiply elementwise; 1-d with 1-d is the inner product (a 0-d array);
/// 2-d with 2-d is matmul; n-d with 1-d sums over the last axis of a; n-d with m-d (m >= 2) sums
/// over the last axis of a and the second-to-last of b: the result's shape is a.shape[:-1] +
/// b.shape[:-2] + b.shape[-1:].
NDArray dot(const NDArray& a, const NDArray& b);
/// numpy.vdot: both flattened (C order), the same number of elements, their inner product (0-d).
NDArray vdot(const NDArray& a, const NDArray& b);
/// numpy.inner: the sum over the last axes of a and b; the result's shape is a.shape[:-1] +
/// b.shape[:-1]; a 0-d operand multiplies elementwise.
NDArray inner(const NDArray& a, const NDArray& b);
/// numpy.outer: both flattened; result[i, j] = a[i] * b[j] (logical and for bool).
NDArray outer(const NDArray& a, const NDArray& b);
/// numpy.trace: the sum of the diagonal `offset` (above the main one when positive) of the
/// matrices in axes axis1 and axis2; the other axes stay, in order. ValueError for fewer than two
/// dimensions or equal axes, IndexError for an axis out of range.
NDArray trace(const NDArray& a, std::int64_t offset = 0, int axis1 = 0, int axis2 = 1);
/// numpy.matrix_transpose (NumPy 2's a.mT): the last two axes swapped, a view (no copy), so
/// matmul(a, matrix_transpose(b)) reads b through a BLAS transpose flag. For a stack of matrices
/// this is not a.T(), which reverses every axis. ValueError for fewer than two dimensions.
NDArray matrix_transpose(const NDArray& a);

template <ElementType A, ElementType B>
Array<promote_t<A, B>> matmul(const Array<A>& a, const Array<B>& b) {
    return Array<promote_t<A, B>>(matmul(a.ndarray(), b.ndarray()));
}
template <ElementType A, ElementType B, ElementType C>
void matmul(const Array<A>& a, const Array<B>& b, const Array<C>& out) {
    matmul(a.ndarray(), b.ndarray(), out.ndarray());
}
template <ElementType A, ElementType B>
Array<promote_t<A, B>> dot(const Array<A>& a, const Array<B>& b) {
    return Array<promote_t<A, B>>(dot(a.ndarray(), b.ndarray()));
}
template <ElementType A, ElementType B>
Array<promote_t<A, B>> vdot(const Array<A>& a, const Array<B>& b) {
    return Array<promote_t<A, B>>(vdot(a.ndarray(), b.ndarray()));
}
template <ElementType A, ElementType B>
Array<promote_t<A, B>> inner(const Array<A>& a, const Array<B>& b) {
    return Array<promote_t<A, B>>(inner(a.ndarray(), b.ndarray()));
}
template <ElementType A, ElementType B>
Array<promote_t<A, B>> outer(const Array<A>& a, const Array<B>& b) {
    return Array<promote_t<A, B>>(outer(a.ndarray(), b.ndarray()));
}

template <ElementType T>
Array<T> matrix_transpose(const Array<T>& a) {
    return Array<T>(matrix_transpose(a.ndarray()));
}

template <ElementType T>
template <ElementType B>
auto Array<T>::matmul(const Array<B>& b) const {
    return gpucc::matmul(*this, b);
}

namespace linalg {
/// Frees the cuBLAS workspace (32 MiB from the memory pool) that the calling thread keeps for GPU
/// products on `stream`; returns whether there was one to free. Workspaces of gpucc::Streams go
/// by themselves when the stream is destroyed (every thread's, except those a graph captured),
/// but gpucc cannot tell when an external stream (StreamRef over another library's CUstream)
/// ends, so each one's workspace stays until this is called: call it on every thread that ran
/// products on the stream, before the stream is destroyed (the memory is freed in the stream's
/// order, after the products queued on it). A workspace that a graph captured stays (the graph
/// may replay with it): false. A later product on the stream makes a new one. Does nothing for
/// the CPU or a stream that never ran a product.
bool release_workspace(StreamRef stream);
} // namespace linalg

/// `a ->* b` is matmul(a, b) where this namespace is used (see the top of this file).
namespace matmul_operator {
inline NDArray operator->*(const NDArray& a, const NDArray& b) {
    return matmul(a, b);
}
template <ElementType A, ElementType B>
Array<promote_t<A, B>> operator->*(const Array<A>& a, const Array<B>& b) {
    return matmul(a, b);
}
} // namespace matmul_operator

} // namespace gpucc
