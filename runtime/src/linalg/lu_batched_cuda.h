// Many small LU solves on the GPU in two launches: cuBLAS's getrfBatched and getrsBatched (which
// cuSOLVER lacks), for the stacks of small matrices that solve and inv get (10000 x 8x8 is one
// call each rather than 20000 cuSOLVER calls). cusolver.cpp sends a stack here when it has more
// than one matrix of at most kBatchedLuMax rows, for solve and for the LU of det (solve and inv of
// the smallest matrices take small_batched.h's kernel before reaching cusolver.cpp). Also the
// pointer arrays the batched routines of both libraries take. Private to the runtime.
#pragma once

#include "linalg/solver_backend.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// The largest n whose GPU stacks of solves take cuBLAS's batched LU.
constexpr std::int64_t kBatchedLuMax = 32;

/// The device addresses of the stack's matrices, a uint64 array on the stack's GPU.
NDArray matrix_pointers(const ColumnMajorStack& a);

/// gesv (solver_backend.h) for a GPU stack of square matrices with rows <= kBatchedLuMax and a
/// batch below 2^31: LU of a in place with its info per matrix, b overwritten by the solutions.
void gesv_batched_cuda(const ColumnMajorStack& a, const ColumnMajorStack& b, const NDArray& info);

/// getrf (solver_backend.h) for the same stacks (det and slogdet): one getrfBatched call, its
/// int32 pivots widened into `pivots` (int64, as cuSOLVER's 64-bit getrf gives them).
void getrf_batched_cuda(const ColumnMajorStack& a, const NDArray& pivots, const NDArray& info);

} // namespace gpucc::linalg::detail
