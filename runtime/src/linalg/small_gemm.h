// The linalg subsystem's own GEMM for small products (kernels/small_gemm.dsl): c = a b for three
// matrices of one floating dtype, any strides, on their device's current stream, by a tiled kernel
// of the library rather than a BLAS. On the GPU a product of 64 x 64 costs cuBLASLt's call (about
// 7 us of host time on an H100) where a launch of the library's own kernel costs about half; the
// kernel is the route to small products' host time. matmul routes a single GPU product to it
// when every extent is within the crossover below (matmul_route.h; TF32 keeps cuBLAS).
//
// The crossover's rule: below it the kernel may be slower on the GPU than cuBLAS by at most the
// host time it saves per call (matmul's call through cuBLAS minus the kernel's launch: 3-17 us in
// the H100 run named below), so that a stream of small products is never slower through the
// kernel whether the host or the GPU bounds it. The bench measures both sides (linalg_matmul_bench
// host: crossover_* lines, GPU time and per-call host time of the routed matmul, forced cuBLAS
// and the kernel at 16..512).
// The tests check the kernel against the BLAS path and a host reference on both targets. Private
// to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// The crossover: matmul's automatic route takes the kernel for m <= kSmallGemmMaxRows,
/// n <= kSmallGemmMaxColumns and k <= kSmallGemmMaxInner. From the H100 run of
/// bench/results/2026-11-26-h100-matmul-small-route (float32 n^3, the only dtype measured): the
/// kernel was faster than cuBLAS by GPU time (events around one call) up to 256 (14.2-15.0 us
/// against 20.7-25.0) and by 3-17 us of host time at every size; at 384 it was 1.4 us slower on
/// the GPU while saving 14-17 us of host time (within the rule, but not chosen: the edge is kept
/// at the last size where it wins both ways); at 512 it was 17 us slower, more than the 12 us it
/// saves.
constexpr std::int64_t kSmallGemmMaxRows = 256;
constexpr std::int64_t kSmallGemmMaxColumns = 256;
constexpr std::int64_t kSmallGemmMaxInner = 256;

/// c (m x n) = a (m x k) b (k x n); all three 2-d, of one dtype among float16, bfloat16, float32
/// and float64, on one device; c must not overlap a or b (the caller checks). float16 and
/// bfloat16 accumulate in float32 and round once; k == 0 gives zeros.
void small_gemm(const NDArray& a, const NDArray& b, const NDArray& c);

} // namespace gpucc::linalg::detail
