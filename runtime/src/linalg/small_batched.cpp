// Launches kernels/small_batched.dsl for solve, inv and cholesky of stacks of small matrices
// (small_batched.h), one thread per matrix in blocks of kThreads, and reads the info array as the
// library routes do. The operands go to the kernels as they are (strided or broadcast views in
// the computation's dtype), so a stack costs one launch, the scratch allocation and the info
// check.
#include "linalg/small_batched.h"

#include "gpucc/launch/grid.h"
#include "gpucc/stdlib/creation.h"
#include "linalg/solver_common.h"
#include "small_batched.gpucc.h"

#include <limits>

namespace gpucc::linalg::detail {
namespace {

namespace kernels = gpucc_linalg;

constexpr std::uint32_t kThreads = 64;

// The crossovers, bench/results/2026-11-26-h100-linalg-batched-small/README.md: on an H100 against
// cuBLAS's and cuSOLVER's batched routes (stacks of 1, 100 and 10000 matrices), on the CPU against
// LAPACK's call per matrix. The kernels won for every solve with n^2 (n + 3k) <= 2160 that was
// measured (n = 12 with one right-hand side, inv of 8x8) and lost for every one above (n = 16 with
// one, inv of 12x12), on both devices; cholesky won up to n = 12 for every stack on the GPU (at 16
// only for 10000 matrices) and up to 16 for every stack on the CPU.
SmallBatchedLimits limits{2160, 12, 2160, 16};

Dim3 grid_of(std::int64_t batch) {
    return Dim3(static_cast<std::uint32_t>((batch + kThreads - 1) / kThreads));
}

// (B..., r, c) as a (batch, r, c) view (a copy only when the batch axes do not merge).
NDArray as_stack(const NDArray& x, std::int64_t batch) {
    const int nd = x.ndim();
    return x.reshape(Shape{batch, x.shape()[nd - 2], x.shape()[nd - 1]});
}

bool fits_grid(std::int64_t batch) {
    return batch > 0 && batch <= std::numeric_limits<std::int32_t>::max();
}

} // namespace

SmallBatchedLimits& small_batched_limits() {
    return limits;
}

bool takes_small_solve(Device device, std::int64_t batch, std::int64_t n, std::int64_t k) {
    if (!fits_grid(batch) || n > 4096 || k > (std::int64_t{1} << 30)) {
        return false;
    }
    const std::int64_t work = n * n * (n + 3 * k); // below 2^63 within the bounds above
    return work <= (device.is_cpu() ? limits.solve_work_cpu : limits.solve_work_gpu);
}

bool takes_small_cholesky(Device device, std::int64_t batch, std::int64_t n) {
    return fits_grid(batch) && n <= (device.is_cpu() ? limits.cholesky_cpu : limits.cholesky_gpu);
}

NDArray solve_small(const NDArray& a, const NDArray& b, const Shape& batch, DType dtype,
                    const char* routine) {
    const int nd = a.ndim();
    const std::int64_t n = a.shape()[nd - 1];
    const std::int64_t k = b.shape()[nd - 1];
    const std::int64_t count = batch.element_count();
    const Device device = a.device();
    const NDArray matrices = as_stack(a.astype(dtype, false), count);
    const NDArray rhs = as_stack(b.astype(dtype, false), count);
    const NDArray work = empty(Shape{count * n * (n + k)}, dtype, device);
    const NDArray x = empty(with_matrix(batch, n, k), dtype, device);
    const NDArray info = empty(Shape{count}, DType::Int32, device);
    kernels::lu_solve_small(grid_of(count), Dim3(kThreads), matrices, rhs, work, x, info, n, k);
    check_info(info, batch, routine, Failure::Singular);
    return x;
}

NDArray cholesky_small(const NDArray& a, DType dtype, bool upper) {
    const int nd = a.ndim();
    const std::int64_t n = a.shape()[nd - 1];
    const Shape batch = batch_shape(a);
    const std::int64_t count = batch.element_count();
    const Device device = a.device();
    const NDArray matrices = as_stack(a.astype(dtype, false), count);
    const NDArray work = empty(Shape{count * n * n}, dtype, device);
    const NDArray factor = empty(a.shape(), dtype, device);
    const NDArray info = empty(Shape{count}, DType::Int32, device);
    kernels::cholesky_small(grid_of(count), Dim3(kThreads), matrices, work, factor, info, n,
                            static_cast<std::int32_t>(upper ? 1 : 0));
    check_info(info, batch, "cholesky", Failure::NotPositiveDefinite);
    return factor;
}

} // namespace gpucc::linalg::detail
