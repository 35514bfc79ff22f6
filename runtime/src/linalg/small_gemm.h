// The linalg subsystem's own GEMM for small products (kernels/small_gemm.dsl): c = a b for three
// matrices of one floating dtype, any strides, on their device's current stream, by a tiled kernel
// of the library rather than a BLAS. On the GPU a product of 64 x 64 costs cuBLASLt's call (about
// 7 us of host time on an H100) where a launch of the library's own kernel costs about half; the
// kernel is the route to small products' host time. matmul does NOT route to it yet: the crossover
// against cuBLAS is to be measured on the GPU first (linalg_matmul_bench host); the tests check it
// against the BLAS path and a host reference on both targets. Private to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"

namespace gpucc::linalg::detail {

/// c (m x n) = a (m x k) b (k x n); all three 2-d, of one dtype among float16, bfloat16, float32
/// and float64, on one device; c must not overlap a or b (the caller checks). float16 and
/// bfloat16 accumulate in float32 and round once; k == 0 gives zeros.
void small_gemm(const NDArray& a, const NDArray& b, const NDArray& c);

} // namespace gpucc::linalg::detail
