// The calling thread's forced matmul route and the crossover test (matmul_route.h).
#include "linalg/matmul_route.h"

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

bool small_gemm_preferred(std::int64_t m, std::int64_t n, std::int64_t k) noexcept {
    return m <= kSmallGemmMaxRows && n <= kSmallGemmMaxColumns && k <= kSmallGemmMaxInner;
}

} // namespace gpucc::linalg::detail
