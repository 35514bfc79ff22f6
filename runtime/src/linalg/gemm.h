// One batched GEMM as matmul hands it to a BLAS: C[i] = A[i] B[i] for i < batch, row-major terms,
// each operand a base address, a leading dimension, whether it is stored transposed (column
// major), and a batch stride (0 for a broadcast operand). The CPU (gemm_cpu.cpp, CBLAS) and the
// GPU (gemm_cuda.cpp, cuBLAS) run it; both map it to column-major BLAS with the row-major trick
// (C^T = B^T A^T), so C-contiguous arrays need no copy. Private to the runtime.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"

#include <cstdint>

namespace gpucc::linalg::detail {

struct GemmMatrix {
    char* data = nullptr;          // the first matrix (host or device address)
    std::int64_t ld = 1;           // leading dimension, in elements
    bool transposed = false;       // stored column major (C always row major)
    std::int64_t batch_stride = 0; // elements between matrices of the batch; 0 when broadcast
};

struct Gemm {
    DType dtype = DType::Float32; // Float16, BFloat16 (GPU only), Float32 or Float64
    std::int64_t m = 0, n = 0, k = 0, batch = 1;
    GemmMatrix a, b, c; // a: m x k, b: k x n, c: m x n
};

/// Runs `gemm` with CBLAS on the calling thread (OpenBLAS's own threads, see gemm_cpu.cpp).
void run_gemm_cpu(const Gemm& gemm);
/// Queues `gemm` with cuBLAS on `stream` of GPU `device`.
void run_gemm_cuda(const Gemm& gemm, Device device, StreamRef stream);

} // namespace gpucc::linalg::detail
