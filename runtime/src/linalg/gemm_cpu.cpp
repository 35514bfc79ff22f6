// The CPU half of a GEMM: CBLAS from OpenBLAS, sgemm or dgemm once per matrix of the batch
// (Debian's OpenBLAS 0.3.21 has no batched GEMM). float16 and bfloat16 never get here: matmul
// converts them to float32 first (a half-precision GEMM without hardware support is 50-500x
// slower, pytorch/pytorch#146508).
//
// Threads: one of two kinds runs a call, never both at full width. Large matrices (more than
// 128^3 multiply-adds each) run one after the other on the caller's thread, and OpenBLAS
// parallelises each with as many threads as gpucc's pool has (the cores gpucc was given); the
// pool has nothing queued meanwhile (CPU kernels are synchronous). Small matrices get one
// OpenBLAS thread each (its threads wait for each other by spinning: on a busy machine a 100^3
// product took 66 ms with two threads against 0.02 ms with one), and a batch of them is spread
// over gpucc's pool, whole matrices per thread. Where OPENBLAS_NUM_THREADS or OMP_NUM_THREADS is
// set, OpenBLAS's choice is left alone and the batch runs on the caller's thread. The count is
// one for the process: products on several caller threads take it through a lease
// (openblas_width.h), so one never changes it under another.
#include "cpu/thread_pool.h"
#include "gpucc/errors.h"
#include "linalg/cpu_blas_library.h"
#include "linalg/gemm.h"
#include "linalg/openblas_width.h"

#include <climits>
#include <string>

namespace gpucc::linalg::detail {
namespace {

constexpr double kSmallProduct = 128.0 * 128.0 * 128.0;

// OpenBLAS's thread count for a product of `multiply_adds` multiply-adds (see the top of this
// file), held by the caller for the product's duration (openblas_width.h).
int wanted_threads(double multiply_adds) {
    static const int pool_width = gpucc::detail::ThreadPool::instance().thread_count();
    return multiply_adds <= kSmallProduct ? 1 : pool_width;
}

blasint checked_int(std::int64_t value, const char* what) {
    if (value > INT_MAX) {
        throw ValueError("matmul: " + std::string(what) + " " + std::to_string(value) +
                         " exceeds the 32-bit integers of the CPU BLAS (OpenBLAS LP64)");
    }
    return static_cast<blasint>(value);
}

// The matrices [begin, end) of a batch, each one CBLAS call in column-major terms:
// C^T (n x m, ldc) = op(B') op(A') with B' = b, A' = a.
struct CpuBatch {
    const Gemm* gemm;
    CBLAS_TRANSPOSE trans_a, trans_b;
    blasint m, n, k, lda, ldb, ldc;
};

// Batches of small matrices go to the pool in units of this many "elements" per matrix: the
// pool cuts ranges into multiples of 64, so every chunk holds whole matrices.
constexpr std::int64_t kUnitsPerMatrix = 64;

void run_matrices(const CpuBatch& batch, std::int64_t begin, std::int64_t end) {
    const Gemm& gemm = *batch.gemm;
    const std::int64_t item = gemm.dtype == DType::Float64 ? 8 : 4;
    for (std::int64_t i = begin; i < end; ++i) {
        const char* a = gemm.a.data + i * gemm.a.batch_stride * item;
        const char* b = gemm.b.data + i * gemm.b.batch_stride * item;
        char* c = gemm.c.data + i * gemm.c.batch_stride * item;
        if (gemm.dtype == DType::Float64) {
            openblas().dgemm(CblasColMajor, batch.trans_b, batch.trans_a, batch.m, batch.n, batch.k,
                             1.0, reinterpret_cast<const double*>(b), batch.lda,
                             reinterpret_cast<const double*>(a), batch.ldb, 0.0,
                             reinterpret_cast<double*>(c), batch.ldc);
        } else {
            openblas().sgemm(CblasColMajor, batch.trans_b, batch.trans_a, batch.m, batch.n, batch.k,
                             1.0F, reinterpret_cast<const float*>(b), batch.lda,
                             reinterpret_cast<const float*>(a), batch.ldb, 0.0F,
                             reinterpret_cast<float*>(c), batch.ldc);
        }
    }
}

void run_matrix_chunk(void* context, std::int64_t begin, std::int64_t end) {
    run_matrices(*static_cast<const CpuBatch*>(context), begin / kUnitsPerMatrix,
                 end / kUnitsPerMatrix);
}

} // namespace

void run_gemm_cpu(const Gemm& gemm) {
    if (gemm.m == 0 || gemm.n == 0 || gemm.batch == 0) {
        return;
    }
    if (gemm.dtype != DType::Float32 && gemm.dtype != DType::Float64) {
        throw TypeError("matmul: the CPU BLAS has no " + std::string(dtype_name(gemm.dtype)) +
                        " GEMM (internal: float16 and bfloat16 convert to float32 first)");
    }
    const double multiply_adds =
        static_cast<double>(gemm.m) * static_cast<double>(gemm.n) * static_cast<double>(gemm.k);
    const OpenblasWidthLease lease(wanted_threads(multiply_adds));
    const CpuBatch batch{&gemm,
                         gemm.a.transposed ? CblasTrans : CblasNoTrans,
                         gemm.b.transposed ? CblasTrans : CblasNoTrans,
                         checked_int(gemm.n, "a dimension"),
                         checked_int(gemm.m, "a dimension"),
                         checked_int(gemm.k, "a dimension"),
                         checked_int(gemm.b.ld, "a leading dimension"),
                         checked_int(gemm.a.ld, "a leading dimension"),
                         checked_int(gemm.c.ld, "a leading dimension")};
    if (gemm.batch > 1 && multiply_adds <= kSmallProduct && !user_chose_openblas_threads()) {
        gpucc::detail::ThreadPool::instance().parallel_for(gemm.batch * kUnitsPerMatrix,
                                                           kUnitsPerMatrix, run_matrix_chunk,
                                                           const_cast<CpuBatch*>(&batch));
        return;
    }
    run_matrices(batch, 0, gemm.batch);
}

} // namespace gpucc::linalg::detail
