// Launches kernels/small_gemm.dsl (small_gemm.h): one block of 16 x 16 threads per 16 x 16 tile of
// c, on c's device and its current stream. On a GPU the launch is made here, straight to
// cuLaunchKernel with the argument block on the stack, rather than through the generated
// launcher: that one is general (it plans devices and streams for any grid kernel, keeps the
// arrays' buffers for a queued CPU launch, and builds its argument slots in three heap vectors),
// and its cost was a fifth of a small matmul's host time. The slots follow the jit-kernel ABI
// (detail/grid_kernel_launch.h): per `T[:, :]` array its data pointer, element count, two extents
// and two byte strides, then the int64 scalars; the strided entry point where an array is not
// C-contiguous or has 2^31 elements or more. The CPU keeps the generated launcher (its thread
// pool and CPU streams).
#include "linalg/small_gemm.h"

#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"
#include "small_gemm.gpucc.h"

#include <cstring>
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

// The kernels' argument slots: three 2-d arrays (6 each) and m, n, k.
constexpr int kArraySlots = 6;
constexpr int kSlots = 3 * kArraySlots + 3;

// Writes one 2-d array's slots at `slots`; true when it needs the strided entry point.
bool put_array(std::uint64_t* slots, const NDArray& x) {
    const void* data = x.data();
    const std::int64_t values[kArraySlots - 1] = {x.size(), x.shape()[0], x.shape()[1],
                                                  x.strides()[0], x.strides()[1]};
    std::memcpy(&slots[0], &data, sizeof data);
    std::memcpy(&slots[1], values, sizeof values);
    constexpr std::int64_t kIndex32Limit = std::int64_t{1} << 31;
    return !x.is_c_contiguous() || x.size() >= kIndex32Limit;
}

void launch_on_gpu(gpucc::detail::KernelRef& kernel, const NDArray& a, const NDArray& b,
                   const NDArray& c, std::int64_t m, std::int64_t n, std::int64_t k) {
    std::uint64_t slots[kSlots];
    bool strided = put_array(&slots[0], a);
    strided = put_array(&slots[kArraySlots], b) || strided;
    strided = put_array(&slots[2 * kArraySlots], c) || strided;
    const std::int64_t extents[3] = {m, n, k};
    std::memcpy(&slots[3 * kArraySlots], extents, sizeof extents);
    void* args[kSlots];
    for (int i = 0; i < kSlots; ++i) {
        args[i] = &slots[i];
    }
    const Device device = c.device();
    auto* function = static_cast<CUfunction>(kernel.function(
        device, strided ? gpucc::detail::GpuEntry::Strided : gpucc::detail::GpuEntry::Contiguous));
    const StreamRef stream = current_stream(device);
    gpucc::detail::make_current(device.ordinal());
    const std::uint32_t grid_x = tiles(n, "n");
    const std::uint32_t grid_y = tiles(m, "m");
    const CUresult result = gpucc::detail::driver().cuLaunchKernel(
        function, grid_x, grid_y, 1, kTile, kTile, 1, 0, static_cast<CUstream>(stream.handle()),
        args, nullptr);
    if (result != CUDA_SUCCESS) {
        gpucc::detail::throw_cuda_error(result, "cuLaunchKernel",
                                        std::string("small_gemm: ") + kernel.symbol() + " for " +
                                            a.shape().to_string() + " @ " + b.shape().to_string());
    }
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
    if (a.device() != c.device() || b.device() != c.device()) {
        throw DeviceError("small_gemm: a, b and c must be on one device, got " +
                          a.device().to_string() + ", " + b.device().to_string() + " and " +
                          c.device().to_string());
    }
    if (m == 0 || n == 0) {
        return;
    }
    namespace kernels = gpucc_linalg_small_gemm;
    int instance = 0; // the float32-accumulate kernel's instances: float32, float16, bfloat16
    switch (c.dtype()) {
    case DType::Float64:
        break;
    case DType::Float32:
        instance = 0;
        break;
    case DType::Float16:
        instance = 1;
        break;
    case DType::BFloat16:
        instance = 2;
        break;
    default:
        throw TypeError("small_gemm: no kernel for " + std::string(dtype_name(c.dtype())) +
                        " (float16, bfloat16, float32 and float64 only)");
    }
    if (c.device().is_cuda()) {
        gpucc::detail::KernelRef& kernel =
            c.dtype() == DType::Float64
                ? kernels::gpucc_kernels::small_gemm_float64[0]
                : kernels::gpucc_kernels::small_gemm_float32_accumulate[instance];
        launch_on_gpu(kernel, a, b, c, m, n, k);
        return;
    }
    const gpucc::Dim3 grid(tiles(n, "n"), tiles(m, "m"));
    const gpucc::Dim3 block(kTile, kTile);
    if (c.dtype() == DType::Float64) {
        kernels::small_gemm_float64(grid, block, a, b, c, m, n, k);
    } else {
        kernels::small_gemm_float32_accumulate(grid, block, a, b, c, m, n, k);
    }
}

} // namespace gpucc::linalg::detail
