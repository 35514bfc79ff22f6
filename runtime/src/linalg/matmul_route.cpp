// The calling thread's forced matmul route and the crossover test (matmul_route.h).
#include "linalg/matmul_route.h"

#include "gpucc/linalg/compute_type.h"
#include "linalg/small_gemm.h"

namespace gpucc::linalg::detail {
namespace {

thread_local MatmulRoute forced_route = MatmulRoute::Automatic;

} // namespace

MatmulRoute forced_matmul_route() noexcept {
    return forced_route;
}

ForcedMatmulRoute::ForcedMatmulRoute(MatmulRoute route) noexcept : previous_(forced_route) {
    forced_route = route;
}

ForcedMatmulRoute::~ForcedMatmulRoute() {
    forced_route = previous_;
}

bool small_gemm_preferred(DType dtype, std::int64_t m, std::int64_t n, std::int64_t k) noexcept {
    return small_gemm_cube(dtype).holds(m, n, k) || kSmallGemmWide.holds(m, n, k);
}

bool small_gemm_route(DType dtype, Device device, std::int64_t m, std::int64_t n,
                      std::int64_t k) noexcept {
    const MatmulRoute route = forced_route;
    if (device.is_cpu() || route == MatmulRoute::Blas ||
        (dtype != DType::Float16 && dtype != DType::BFloat16 && dtype != DType::Float32 &&
         dtype != DType::Float64) ||
        (dtype == DType::Float32 && tf32_enabled())) {
        return false;
    }
    return route == MatmulRoute::SmallGemm || small_gemm_preferred(dtype, m, n, k);
}

} // namespace gpucc::linalg::detail
