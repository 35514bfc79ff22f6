// cuBLAS's batched LU for stacks of small matrices (lu_batched_cuda.h). The four entry points come
// from libcublas.so.13 through driver/cuda_library.h, opened as cublas.cpp opens it (a second
// dlopen of a loaded library returns the same one); the handle is cublas.cpp's for the device,
// thread and stream.
#include "linalg/lu_batched_cuda.h"

#include "driver/cuda_library.h"
#include "gpucc/array/transfer.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "linalg/cublas.h"

#include <cstdint>
#include <string>

namespace gpucc::linalg::detail {
namespace {

struct BatchedLuApi {
    decltype(&cublasSgetrfBatched) sgetrf = nullptr;
    decltype(&cublasDgetrfBatched) dgetrf = nullptr;
    decltype(&cublasSgetrsBatched) sgetrs = nullptr;
    decltype(&cublasDgetrsBatched) dgetrs = nullptr;
    std::string error;
};

BatchedLuApi load() {
    BatchedLuApi api;
    std::string tried;
    void* library = gpucc::detail::open_cuda_library("libcublas.so.13", GPUCC_CUDA_LIB_DIR, tried);
    if (library == nullptr) {
        api.error = "solve, inv and det of stacks on the GPU need cuBLAS (libcublas.so.13 of the "
                    "CUDA 13 toolkit), which could not be loaded:" +
                    tried;
        return api;
    }
    std::string error;
    const auto resolve = [&](const char* symbol, auto* out) {
        return gpucc::detail::resolve_symbol(library, "libcublas.so.13", symbol, out, error);
    };
    if (!(resolve("cublasSgetrfBatched", &api.sgetrf) &&
          resolve("cublasDgetrfBatched", &api.dgetrf) &&
          resolve("cublasSgetrsBatched", &api.sgetrs) &&
          resolve("cublasDgetrsBatched", &api.dgetrs))) {
        api.error = "cuBLAS unusable: " + error;
    }
    return api;
}

const BatchedLuApi& batched_lu() {
    static const BatchedLuApi* const api = new BatchedLuApi(load());
    if (!api->error.empty()) {
        throw DeviceError(api->error);
    }
    return *api;
}

} // namespace

NDArray matrix_pointers(const ColumnMajorStack& a) {
    NDArray host = empty(Shape{a.batch}, DType::UInt64, Device::cpu());
    auto* addresses = static_cast<std::uint64_t*>(host.data());
    for (std::int64_t i = 0; i < a.batch; ++i) {
        addresses[i] = reinterpret_cast<std::uintptr_t>(a.matrix(i));
    }
    return host.to(a.memory.device());
}

void gesv_batched_cuda(const ColumnMajorStack& a, const ColumnMajorStack& b, const NDArray& info) {
    const BatchedLuApi& api = batched_lu();
    const Device device = a.memory.device();
    cublasHandle_t handle = cublas_handle(device, current_stream(device));
    const int n = static_cast<int>(a.rows);
    const int nrhs = static_cast<int>(b.cols);
    const int batch = static_cast<int>(a.batch);
    const NDArray a_pointers = matrix_pointers(a);
    const NDArray b_pointers = matrix_pointers(b);
    const NDArray pivots = empty(Shape{a.batch, a.rows}, DType::Int32, device);
    auto* lu_info = static_cast<int*>(info.data());
    auto* ipiv = static_cast<int*>(pivots.data());
    int argument_error = 0;
    if (a.dtype() == DType::Float64) {
        auto* const* pa = static_cast<double* const*>(a_pointers.data());
        check_cublas(api.dgetrf(handle, n, pa, n, ipiv, lu_info, batch), "cublasDgetrfBatched");
        check_cublas(api.dgetrs(handle, CUBLAS_OP_N, n, nrhs,
                                static_cast<const double* const*>(a_pointers.data()), n, ipiv,
                                static_cast<double* const*>(b_pointers.data()), n, &argument_error,
                                batch),
                     "cublasDgetrsBatched");
    } else {
        auto* const* pa = static_cast<float* const*>(a_pointers.data());
        check_cublas(api.sgetrf(handle, n, pa, n, ipiv, lu_info, batch), "cublasSgetrfBatched");
        check_cublas(api.sgetrs(handle, CUBLAS_OP_N, n, nrhs,
                                static_cast<const float* const*>(a_pointers.data()), n, ipiv,
                                static_cast<float* const*>(b_pointers.data()), n, &argument_error,
                                batch),
                     "cublasSgetrsBatched");
    }
    if (argument_error != 0) {
        throw Error("solve: internal error: cublasGetrsBatched rejected its argument " +
                    std::to_string(-argument_error));
    }
}

void getrf_batched_cuda(const ColumnMajorStack& a, const NDArray& pivots, const NDArray& info) {
    const BatchedLuApi& api = batched_lu();
    const Device device = a.memory.device();
    cublasHandle_t handle = cublas_handle(device, current_stream(device));
    const int n = static_cast<int>(a.rows);
    const int batch = static_cast<int>(a.batch);
    const NDArray a_pointers = matrix_pointers(a);
    const NDArray narrow_pivots = empty(Shape{a.batch, a.rows}, DType::Int32, device);
    auto* lu_info = static_cast<int*>(info.data());
    auto* ipiv = static_cast<int*>(narrow_pivots.data());
    if (a.dtype() == DType::Float64) {
        check_cublas(api.dgetrf(handle, n, static_cast<double* const*>(a_pointers.data()), n, ipiv,
                                lu_info, batch),
                     "cublasDgetrfBatched");
    } else {
        check_cublas(api.sgetrf(handle, n, static_cast<float* const*>(a_pointers.data()), n, ipiv,
                                lu_info, batch),
                     "cublasSgetrfBatched");
    }
    // copyto copies elements of the same dtype only: widen the int32 pivots first.
    copyto(pivots.reshape(Shape{a.batch, a.rows}), narrow_pivots.astype(DType::Int64));
}

} // namespace gpucc::linalg::detail
