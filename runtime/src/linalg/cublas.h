// cuBLAS, loaded at first use: libcublas.so.13 (which brings libcublasLt.so.13) is opened with
// dlopen the first time a GPU matrix product runs, so a program that never multiplies matrices
// on the GPU needs no cuBLAS, and one on a machine without it starts and fails only at that call,
// with a DeviceError saying where it looked. The types come from the toolkit's cublas_api.h; the
// functions from dlsym.
//
// Handles: one per (GPU, thread), created on the thread's first product on that GPU and kept for
// the life of the process (as CuPy's per-thread handles; a thread that exits leaves its handle).
// Each call binds the handle to the current stream and to a workspace of its own for that stream,
// taken from gpucc's memory pool (cublasSetWorkspace) rather than left to cuBLAS's internal
// cudaMallocAsync: so a product captured into a gpucc::Graph uses memory the handle keeps for as
// long as the process runs, and every replay finds it (the workspace of PyTorch's graph bugs,
// pytorch/pytorch#83461, #99196). Private to the runtime.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"

#include <cublas_api.h>

namespace gpucc::linalg::detail {

/// The cuBLAS entry points matmul uses.
struct CublasApi {
    cublasStatus_t (*create)(cublasHandle_t*) = nullptr;
    cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t) = nullptr;
    cublasStatus_t (*set_workspace)(cublasHandle_t, void*, size_t) = nullptr;
    cublasStatus_t (*set_math_mode)(cublasHandle_t, cublasMath_t) = nullptr;
    const char* (*status_name)(cublasStatus_t) = nullptr;
    const char* (*status_string)(cublasStatus_t) = nullptr;
    cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                              const void*, const void*, cudaDataType, int, const void*,
                              cudaDataType, int, const void*, void*, cudaDataType, int,
                              cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
    cublasStatus_t (*gemm_strided_batched_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t,
                                              int, int, int, const void*, const void*, cudaDataType,
                                              int, long long, const void*, cudaDataType, int,
                                              long long, const void*, void*, cudaDataType, int,
                                              long long, int, cublasComputeType_t,
                                              cublasGemmAlgo_t) = nullptr;
};

/// The loaded library; DeviceError when libcublas.so.13 cannot be loaded. Thread-safe; loads once.
const CublasApi& cublas();

/// The calling thread's handle for GPU `device`, made current there and bound to `stream` and to
/// that stream's workspace. The device must exist (require_cuda_device).
cublasHandle_t cublas_handle(Device device, StreamRef stream);

/// Throws CudaError naming `api` and the cuBLAS status unless it is CUBLAS_STATUS_SUCCESS.
void check_cublas(cublasStatus_t status, const char* api);

} // namespace gpucc::linalg::detail
