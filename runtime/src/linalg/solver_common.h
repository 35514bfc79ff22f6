// What the numpy.linalg front ends (decompositions.cpp, linalg_derived.cpp) share: NumPy's
// argument checks with LinAlgError messages naming the routine, the argument and its shape, the
// computation's dtype, the one-pass copies into the column-major stacks the solvers take, the
// backend of a device, and the reading of the solvers' info arrays into LinAlgError (or not, under
// LinalgErrorGuard(Ignore)). Private to the runtime.
#pragma once

#include "gpucc/linalg/decompositions.h"
#include "linalg/solver_backend.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// Float64 for float64, integers and bool; Float32 for float32, float16 and bfloat16.
DType compute_dtype(DType input);
/// Float64 unless both are computed in Float32.
DType compute_dtype(DType a, DType b);
/// Machine epsilon of a compute dtype.
double epsilon(DType compute);

/// LinAlgError unless `a` has at least two dimensions.
void require_stack(const NDArray& a, const char* routine, const char* argument);
/// LinAlgError unless `a` is a stack of square matrices.
void require_square(const NDArray& a, const char* routine, const char* argument);

/// a.shape[:-2].
Shape batch_shape(const NDArray& a);
/// batch + (rows, cols).
Shape with_matrix(const Shape& batch, std::int64_t rows, std::int64_t cols);
/// batch + (n,).
Shape with_vector(const Shape& batch, std::int64_t n);

const SolverBackend& backend_for(Device device);

/// The matrices of `a` (..., M, N) converted to `dtype`, column-major: an M x N stack.
ColumnMajorStack column_major_copy(const NDArray& a, DType dtype);
/// The matrices of `a` converted to `dtype` in C order, which is the column-major layout of
/// their transposes: an N x M stack (no transposing pass).
ColumnMajorStack transposed_copy(const NDArray& a, DType dtype);
/// A new (uninitialised, or zero with `zero`) rows x cols stack of `batch` matrices.
ColumnMajorStack new_stack(const Shape& batch, std::int64_t rows, std::int64_t cols, DType dtype,
                           Device device, bool zero = false);
/// The stack's matrices as a (..., rows, cols) array (a view with column-major strides).
NDArray as_matrices(const ColumnMajorStack& stack);

/// A zeroed int32 info array, one entry per matrix.
NDArray new_info(std::int64_t batch, Device device);

enum class Failure { Singular, NotPositiveDefinite, SvdNoConvergence, EigNoConvergence };
/// Reads `info` (unless the thread's LinalgErrors is Ignore) and raises LinAlgError for the first
/// failing matrix, naming `routine` and its index in `batch`.
void check_info(const NDArray& info, const Shape& batch, const char* routine, Failure failure);

/// `x` (..., R, C) with the entries outside its lower (lower = true) or upper triangle set to 0:
/// a new C-contiguous array.
NDArray keep_triangle(const NDArray& x, bool lower);

/// x[..., :rows, :] (a view).
NDArray leading_rows(const NDArray& x, std::int64_t rows);

} // namespace gpucc::linalg::detail
