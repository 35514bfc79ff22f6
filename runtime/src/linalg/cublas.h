// cuBLAS, loaded at first use: libcublas.so.13 (which brings libcublasLt.so.13) is opened with
// dlopen the first time a GPU matrix product runs, so a program that never multiplies matrices
// on the GPU needs no cuBLAS, and one on a machine without it starts and fails only at that call,
// with a DeviceError saying where it looked. The types come from the toolkit's cublas_api.h; the
// functions from dlsym.
//
// cuBLASLt's entry points come from the same library handle: libcublas.so.13 depends on
// libcublasLt.so.13, so loading one loads both, and dlsym searches the dependencies.
//
// Handles: one cuBLAS and one cuBLASLt handle per (GPU, thread), created on the thread's first
// product on that GPU and kept for the life of the process (as CuPy's per-thread handles; a thread
// that exits leaves its handles). Each stream gets a workspace of its own, taken from gpucc's
// memory pool rather than left to cuBLAS's internal cudaMallocAsync: so a product captured into a
// gpucc::Graph uses memory the handle keeps for as long as the process runs, and every replay
// finds it (the workspace of PyTorch's graph bugs, pytorch/pytorch#83461, #99196). A
// gpucc::Stream's workspaces go back to the pool when it is destroyed (every thread's; not those a
// graph captured); an external stream's when linalg::release_workspace says so. The cuBLAS handle
// is bound to a stream and its workspace (cublasSetStream, cublasSetWorkspace) only when the stream
// differs from the last call's; cuBLASLt takes both per call. Private to the runtime.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"

#include <cstddef>
#include <cublasLt.h>
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
    // cuBLASLt: the types are the header's own declarations.
    struct Lt {
        decltype(&::cublasLtCreate) create = nullptr;
        decltype(&::cublasLtMatmulDescCreate) desc_create = nullptr;
        decltype(&::cublasLtMatmulDescDestroy) desc_destroy = nullptr;
        decltype(&::cublasLtMatmulDescSetAttribute) desc_set = nullptr;
        decltype(&::cublasLtMatrixLayoutCreate) layout_create = nullptr;
        decltype(&::cublasLtMatrixLayoutDestroy) layout_destroy = nullptr;
        decltype(&::cublasLtMatmulPreferenceCreate) preference_create = nullptr;
        decltype(&::cublasLtMatmulPreferenceDestroy) preference_destroy = nullptr;
        decltype(&::cublasLtMatmulPreferenceSetAttribute) preference_set = nullptr;
        decltype(&::cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
        decltype(&::cublasLtMatmul) matmul = nullptr;
    } lt;
};

/// What a GEMM on the calling thread needs for GPU `device` and a stream: the cuBLASLt handle and
/// the stream's workspace.
struct GemmContext {
    cublasLtHandle_t lt = nullptr;
    void* workspace = nullptr;
    std::size_t workspace_bytes = 0;
    cudaStream_t stream = nullptr;
};

/// The calling thread's context for GPU `device` (made current) and `stream`. The device must
/// exist (require_cuda_device).
GemmContext gemm_context(Device device, StreamRef stream);

/// The loaded library; DeviceError when libcublas.so.13 cannot be loaded. Thread-safe; loads once.
const CublasApi& cublas();

/// The calling thread's cuBLAS handle for GPU `device`, made current there and bound to `stream`
/// and to that stream's workspace. The device must exist (require_cuda_device).
cublasHandle_t cublas_handle(Device device, StreamRef stream);

/// Throws CudaError naming `api` and the cuBLAS status unless it is CUBLAS_STATUS_SUCCESS.
void check_cublas(cublasStatus_t status, const char* api);

} // namespace gpucc::linalg::detail
