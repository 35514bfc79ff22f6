// Which GPU path runs a floating matmul: the library's small-product kernel (small_gemm.h) or
// cuBLAS (gemm.h). matmul takes the kernel for one matrix product (every batch extent 1) of
// float16, bfloat16, float32 or float64 whose extents are within small_gemm.h's crossover, unless
// float32 runs as TF32 (TF32 keeps cuBLAS); everything else, and the CPU, keeps its BLAS. Tests and
// the bench force either route on the calling thread with ForcedMatmulRoute, to compare the two
// on the same operands; this is deliberately no user-visible setting. Private to the runtime.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/device/device.h"

#include <cstdint>

namespace gpucc::linalg::detail {

enum class MatmulRoute {
    Automatic, // the kernel within the crossover, cuBLAS above it
    SmallGemm, // the kernel for every single GPU product it can take, whatever its size
    Blas,      // cuBLAS for every GPU product
};

/// The route forced on the calling thread (Automatic unless a ForcedMatmulRoute is alive).
MatmulRoute forced_matmul_route() noexcept;

/// Forces `route` on the calling thread for the guard's lifetime; the previous one comes back.
class ForcedMatmulRoute {
public:
    explicit ForcedMatmulRoute(MatmulRoute route) noexcept;
    ~ForcedMatmulRoute();
    ForcedMatmulRoute(const ForcedMatmulRoute&) = delete;
    ForcedMatmulRoute& operator=(const ForcedMatmulRoute&) = delete;

private:
    MatmulRoute previous_;
};

/// True when matmul's automatic route takes the kernel for an m x k by k x n product of `dtype`
/// (small_gemm.h's crossover).
bool small_gemm_preferred(DType dtype, std::int64_t m, std::int64_t n, std::int64_t k) noexcept;

/// True when one product (no batch) of `dtype` on `device`, m x k by k x n, goes to the kernel:
/// a GPU, a floating dtype, float32 not as TF32, no cuBLAS route forced, and the extents within
/// the crossover unless the kernel is forced.
bool small_gemm_route(DType dtype, Device device, std::int64_t m, std::int64_t n,
                      std::int64_t k) noexcept;

} // namespace gpucc::linalg::detail
