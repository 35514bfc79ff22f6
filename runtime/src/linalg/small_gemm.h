// The linalg subsystem's own GEMM for small products (kernels/small_gemm.dsl): c = a b for three
// matrices of one floating dtype, any strides, on their device's current stream, by a tiled kernel
// of the library rather than a BLAS. On the GPU a product of 64 x 64 costs cuBLASLt's call (about
// 7 us of host time on an H100) where a launch of the library's own kernel costs about half; the
// kernel is the route to small products' host time. matmul routes a single GPU product to it
// when every extent is within the crossover below (matmul_route.h; TF32 keeps cuBLAS).
//
// The crossover's rule: below it the kernel may be slower on the GPU than cuBLAS by at most the
// host time it saves per call (matmul's call through cuBLAS minus the kernel's: 2.8-11.5 us in
// the H100 run named below), so that a stream of small products is never slower through the
// kernel whether the host or the GPU bounds it. The bench measures both sides (linalg_matmul_bench
// crossover: per dtype and shape, GPU time and per-call host time with either route forced).
// The tests check the kernel against the BLAS path and a host reference on both targets. Private
// to the runtime.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// One box of the crossover: the kernel for m <= rows, n <= columns and k <= inner.
struct SmallGemmBox {
    std::int64_t rows, columns, inner;
    constexpr bool holds(std::int64_t m, std::int64_t n, std::int64_t k) const noexcept {
        return m <= rows && n <= columns && k <= inner;
    }
};

/// The crossover: matmul's automatic route takes the kernel inside either box below, set from
/// the H100 run of bench/results/2026-11-26-h100-matmul-small-crossover (GPU time of one call
/// and per-call host time, kernel forced against cuBLAS forced, every float dtype, n^3 at
/// 16..512 and non-square shapes; bench/crossover_linalg_matmul.py makes its table). The
/// cube of each dtype: float32 to 256 x 256 with k <= 512 (the kernel faster on the GPU at 256^3
/// and 256x256x512, at most 1.6 us slower at 64x64x512 and 128x128x512 while saving 6.5-6.8 us
/// of host time; 384^3 within the rule, +3.9 us against 9.6 saved, but left out; 512^3 and
/// 64x64x1024 past it); float16, bfloat16 and float64 to 256^3 (at 256^3 -0.7, +0.4 and +1.8
/// us on the GPU against 5.0-6.6 saved; float16 and float64 break the rule at 256x256x512
/// (+6.3 against 5.0, +10.2 against 5.9) and 384^3).
constexpr SmallGemmBox small_gemm_cube(DType dtype) noexcept {
    return dtype == DType::Float32 ? SmallGemmBox{256, 256, 512} : SmallGemmBox{256, 256, 256};
}

/// And for every dtype, wide products over a short inner dimension: to 512 x 512 with k <= 64 (the
/// kernel faster on the GPU at 512x512x32, 512x512x64, 512x64x64 and 64x512x64 in all four
/// dtypes: one wave of 16 x 16 tiles, each a short loop over k).
inline constexpr SmallGemmBox kSmallGemmWide{512, 512, 64};

/// c (m x n) = a (m x k) b (k x n); all three 2-d, of one dtype among float16, bfloat16, float32
/// and float64, on one device; c must not overlap a or b (the caller checks). float16 and
/// bfloat16 accumulate in float32 and round once; k == 0 gives zeros.
void small_gemm(const NDArray& a, const NDArray& b, const NDArray& c);

} // namespace gpucc::linalg::detail
