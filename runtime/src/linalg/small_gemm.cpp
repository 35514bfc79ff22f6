// Launches kernels/small_gemm.dsl (small_gemm.h): one block of 16 x 16 threads per 16 x 16 tile of
// c, on c's device and its current stream (the generated launcher's default).
#include "linalg/small_gemm.h"

#include "gpucc/errors.h"
#include "small_gemm.gpucc.h"

#include <string>

namespace gpucc::linalg::detail {
namespace {

constexpr std::uint32_t kTile = 16; // the kernels' tile edge (their shared arrays are 16 x 16)

std::uint32_t tiles(std::int64_t extent, const char* what) {
    const std::int64_t count = (extent + kTile - 1) / kTile;
    if (count > 65535) {
        throw ValueError(std::string("small_gemm: ") + what + " " + std::to_string(extent) +
                         " is past the small-product kernel's grid (65535 tiles of 16)");
    }
    return static_cast<std::uint32_t>(count);
}

} // namespace

void small_gemm(const NDArray& a, const NDArray& b, const NDArray& c) {
    if (a.ndim() != 2 || b.ndim() != 2 || c.ndim() != 2) {
        throw ValueError("small_gemm: a, b and c must be 2-d, got shapes " + a.shape().to_string() +
                         ", " + b.shape().to_string() + " and " + c.shape().to_string());
    }
    const std::int64_t m = a.shape()[0];
    const std::int64_t k = a.shape()[1];
    const std::int64_t n = b.shape()[1];
    if (b.shape()[0] != k || c.shape()[0] != m || c.shape()[1] != n) {
        throw ValueError("small_gemm: shapes " + a.shape().to_string() + " @ " +
                         b.shape().to_string() + " -> " + c.shape().to_string() + " do not fit");
    }
    if (a.dtype() != c.dtype() || b.dtype() != c.dtype()) {
        throw TypeError("small_gemm: a, b and c must have one dtype, got " +
                        std::string(dtype_name(a.dtype())) + ", " +
                        std::string(dtype_name(b.dtype())) + " and " +
                        std::string(dtype_name(c.dtype())));
    }
    if (m == 0 || n == 0) {
        return;
    }
    const gpucc::Dim3 grid(tiles(n, "n"), tiles(m, "m"));
    const gpucc::Dim3 block(kTile, kTile);
    namespace kernels = gpucc_linalg_small_gemm;
    switch (c.dtype()) {
    case DType::Float64:
        kernels::small_gemm_float64(grid, block, a, b, c, m, n, k);
        return;
    case DType::Float32:
    case DType::Float16:
    case DType::BFloat16:
        kernels::small_gemm_float32_accumulate(grid, block, a, b, c, m, n, k);
        return;
    default:
        throw TypeError("small_gemm: no kernel for " + std::string(dtype_name(c.dtype())) +
                        " (float16, bfloat16, float32 and float64 only)");
    }
}

} // namespace gpucc::linalg::detail
