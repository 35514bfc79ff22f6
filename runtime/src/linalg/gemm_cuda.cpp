// The GPU half of a GEMM: one matrix through cuBLASLt with a plan cached per shape
// (cublaslt_gemm.h: no per-call heuristics, the small-call host time), cublasGemmEx where
// cuBLASLt declines, and cublasGemmStridedBatchedEx for a batch (a broadcast operand has batch
// stride 0, so nothing is copied). float16 and bfloat16 run on tensor cores with float32
// accumulation (CUBLAS_COMPUTE_32F, float32 alpha and beta); float32 computes exact FP32 unless
// TF32 is on (linalg/compute_type.h); float64 in FP64.
#include "driver/context.h"
#include "gpucc/errors.h"
#include "gpucc/linalg/compute_type.h"
#include "linalg/cublas.h"
#include "linalg/cublaslt_gemm.h"
#include "linalg/gemm.h"

#include <climits>
#include <string>

namespace gpucc::linalg::detail {
namespace {

int checked_int(std::int64_t value, const char* what) {
    if (value > INT_MAX) {
        throw ValueError("matmul: " + std::string(what) + " " + std::to_string(value) +
                         " exceeds the 32-bit integers of cublasGemmEx");
    }
    return static_cast<int>(value);
}

cudaDataType data_type(DType dtype) {
    switch (dtype) {
    case DType::Float16:
        return CUDA_R_16F;
    case DType::BFloat16:
        return CUDA_R_16BF;
    case DType::Float32:
        return CUDA_R_32F;
    case DType::Float64:
        return CUDA_R_64F;
    default:
        throw TypeError("matmul: cuBLAS has no " + std::string(dtype_name(dtype)) + " GEMM");
    }
}

} // namespace

void run_gemm_cuda(const Gemm& gemm, Device device, StreamRef stream) {
    if (gemm.m == 0 || gemm.n == 0 || gemm.batch == 0) {
        return;
    }
    gpucc::detail::require_cuda_device(device, "matmul");
    const cudaDataType type = data_type(gemm.dtype);
    const bool is_double = gemm.dtype == DType::Float64;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
    if (is_double) {
        compute = CUBLAS_COMPUTE_64F;
    } else if (gemm.dtype == DType::Float32 && tf32_enabled()) {
        compute = CUBLAS_COMPUTE_32F_FAST_TF32;
    }
    const double one_double = 1.0;
    const double zero_double = 0.0;
    const float one_float = 1.0F;
    const float zero_float = 0.0F;
    const void* alpha = is_double ? static_cast<const void*>(&one_double) : &one_float;
    const void* beta = is_double ? static_cast<const void*>(&zero_double) : &zero_float;
    // Column major, the row-major trick: C^T (n x m, ldc) = op(b) op(a).
    const cublasOperation_t trans_b = gemm.b.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t trans_a = gemm.a.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    const int m = checked_int(gemm.n, "a dimension");
    const int n = checked_int(gemm.m, "a dimension");
    const int k = checked_int(gemm.k, "a dimension");
    const int lda = checked_int(gemm.b.ld, "a leading dimension");
    const int ldb = checked_int(gemm.a.ld, "a leading dimension");
    const int ldc = checked_int(gemm.c.ld, "a leading dimension");
    if (gemm.batch == 1) {
        const GemmContext context = gemm_context(device, stream);
        const LtGemmKey key{type,
                            compute,
                            trans_b,
                            trans_a,
                            m,
                            n,
                            k,
                            lda,
                            ldb,
                            ldc,
                            lt_alignment(gemm.b.data),
                            lt_alignment(gemm.a.data),
                            lt_alignment(gemm.c.data)};
        if (run_lt_gemm(device, context, key, alpha, gemm.b.data, gemm.a.data, beta, gemm.c.data)) {
            return;
        }
    }
    const CublasApi& library = cublas();
    cublasHandle_t handle = cublas_handle(device, stream);
    if (gemm.batch == 1) {
        check_cublas(library.gemm_ex(handle, trans_b, trans_a, m, n, k, alpha, gemm.b.data, type,
                                     lda, gemm.a.data, type, ldb, beta, gemm.c.data, type, ldc,
                                     compute, CUBLAS_GEMM_DEFAULT),
                     "cublasGemmEx");
        return;
    }
    const int batch = checked_int(gemm.batch, "a batch of");
    check_cublas(library.gemm_strided_batched_ex(handle, trans_b, trans_a, m, n, k, alpha,
                                                 gemm.b.data, type, lda, gemm.b.batch_stride,
                                                 gemm.a.data, type, ldb, gemm.a.batch_stride, beta,
                                                 gemm.c.data, type, ldc, gemm.c.batch_stride, batch,
                                                 compute, CUBLAS_GEMM_DEFAULT),
                 "cublasGemmStridedBatchedEx");
}

} // namespace gpucc::linalg::detail
