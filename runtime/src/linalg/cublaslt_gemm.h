// One GEMM through cuBLASLt with its plan cached: the descriptors (operation and three matrix
// layouts) and the algorithm cuBLASLt's heuristic picks are made once per (shape, leading
// dimensions, transposes, dtype, compute type, pointer alignments) on each thread and GPU, and a
// repeated call is one cublasLtMatmul. This is what takes cuBLAS's per-call heuristics off the
// host time of small products (cublasGemmEx runs them on every call). gemm_cuda.cpp uses it for
// single (unbatched) GEMMs and keeps cublasGemmEx for the rest and for any case cuBLASLt declines.
// The terms are cuBLAS's column-major ones (gemm_cuda.cpp has already applied the row-major
// trick). Private to the runtime.
#pragma once

#include "gpucc/device/device.h"
#include "linalg/cublas.h"

#include <cstdint>

namespace gpucc::linalg::detail {

/// What a plan depends on, in cuBLAS's terms: D (m x n, ldc) = op(A) op(B) with A m x k, B k x n.
struct LtGemmKey {
    cudaDataType type = CUDA_R_32F;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
    cublasOperation_t trans_a = CUBLAS_OP_N;
    cublasOperation_t trans_b = CUBLAS_OP_N;
    std::int32_t m = 0, n = 0, k = 0;
    std::int32_t lda = 0, ldb = 0, ldc = 0;
    // The largest power of two (at most 256) dividing each address: cuBLASLt's heuristic is told
    // (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_*), so a sliced view never gets an algorithm that
    // needs more alignment than it has.
    std::uint32_t align_a = 256, align_b = 256, align_c = 256;
    bool operator==(const LtGemmKey&) const = default;
};

/// The alignment of `address` as LtGemmKey records it.
std::uint32_t lt_alignment(const void* address) noexcept;

/// Runs D = alpha op(A) op(B) + beta D with the calling thread's cached plan for `key` on GPU
/// `device` (alpha and beta of the compute type's scale: float, or double for CUBLAS_COMPUTE_64F).
/// Returns false, having queued nothing, where cuBLASLt has no algorithm for the key or refused
/// the call: the caller then runs cublasGemmEx, and a refused plan is not tried again.
bool run_lt_gemm(Device device, const GemmContext& context, const LtGemmKey& key, const void* alpha,
                 const void* a, const void* b, const void* beta, void* d);

/// This thread's plan-cache counters for `device` (the tests check that repeated shapes hit).
struct LtGemmCacheStats {
    std::uint64_t hits = 0, misses = 0;
};
LtGemmCacheStats lt_gemm_cache_stats(Device device);

} // namespace gpucc::linalg::detail
