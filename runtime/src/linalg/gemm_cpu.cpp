// The CPU half of a GEMM: CBLAS from OpenBLAS, sgemm or dgemm once per matrix of the batch
// (Debian's OpenBLAS 0.3.21 has no batched GEMM). float16 and bfloat16 never get here: matmul
// converts them to float32 first (a half-precision GEMM without hardware support is 50-500x
// slower, pytorch/pytorch#146508).
//
// Threads: the call runs on the caller's thread, outside gpucc's thread pool, and OpenBLAS
// parallelises it with its own threads; while it runs the pool has nothing queued (CPU kernels
// are synchronous), so the two never run at full width together. OpenBLAS uses as many threads
// as the pool has (the cores gpucc was given) for large products and one for small ones (up to
// 128^3 multiply-adds per matrix): its threads wait for each other by spinning, and on a busy
// machine a 100^3 product took 66 ms with two threads against 0.02 ms with one. Where
// OPENBLAS_NUM_THREADS or OMP_NUM_THREADS is set, OpenBLAS's choice is left alone.
#include "cpu/thread_pool.h"
#include "gpucc/errors.h"
#include "linalg/gemm.h"

#include <atomic>
#include <cblas.h>
#include <climits>
#include <cstdlib>
#include <string>

namespace gpucc::linalg::detail {
namespace {

constexpr double kSmallProduct = 128.0 * 128.0 * 128.0;

// Sets OpenBLAS's thread count for a product of m n k multiply-adds (see the top of this file).
void choose_threads(double multiply_adds) {
    static const bool user_chose =
        std::getenv("OPENBLAS_NUM_THREADS") != nullptr || std::getenv("OMP_NUM_THREADS") != nullptr;
    if (user_chose) {
        return;
    }
    static const int pool_width = gpucc::detail::ThreadPool::instance().thread_count();
    static std::atomic<int> current{0};
    const int wanted = multiply_adds <= kSmallProduct ? 1 : pool_width;
    if (current.exchange(wanted, std::memory_order_relaxed) != wanted) {
        openblas_set_num_threads(wanted);
    }
}

blasint checked_int(std::int64_t value, const char* what) {
    if (value > INT_MAX) {
        throw ValueError("matmul: " + std::string(what) + " " + std::to_string(value) +
                         " exceeds the 32-bit integers of the CPU BLAS (OpenBLAS LP64)");
    }
    return static_cast<blasint>(value);
}

} // namespace

void run_gemm_cpu(const Gemm& gemm) {
    if (gemm.m == 0 || gemm.n == 0 || gemm.batch == 0) {
        return;
    }
    choose_threads(static_cast<double>(gemm.m) * static_cast<double>(gemm.n) *
                   static_cast<double>(gemm.k));
    // Column major: C^T (n x m, ldc) = op(B') op(A') with B' = b, A' = a.
    const auto trans_b = gemm.b.transposed ? CblasTrans : CblasNoTrans;
    const auto trans_a = gemm.a.transposed ? CblasTrans : CblasNoTrans;
    const blasint m = checked_int(gemm.n, "a dimension");
    const blasint n = checked_int(gemm.m, "a dimension");
    const blasint k = checked_int(gemm.k, "a dimension");
    const blasint lda = checked_int(gemm.b.ld, "a leading dimension");
    const blasint ldb = checked_int(gemm.a.ld, "a leading dimension");
    const blasint ldc = checked_int(gemm.c.ld, "a leading dimension");
    const std::size_t item = gemm.dtype == DType::Float64 ? 8 : 4;
    for (std::int64_t i = 0; i < gemm.batch; ++i) {
        const char* a = gemm.a.data + i * gemm.a.batch_stride * static_cast<std::int64_t>(item);
        const char* b = gemm.b.data + i * gemm.b.batch_stride * static_cast<std::int64_t>(item);
        char* c = gemm.c.data + i * gemm.c.batch_stride * static_cast<std::int64_t>(item);
        if (gemm.dtype == DType::Float64) {
            cblas_dgemm(CblasColMajor, trans_b, trans_a, m, n, k, 1.0,
                        reinterpret_cast<const double*>(b), lda, reinterpret_cast<const double*>(a),
                        ldb, 0.0, reinterpret_cast<double*>(c), ldc);
        } else if (gemm.dtype == DType::Float32) {
            cblas_sgemm(CblasColMajor, trans_b, trans_a, m, n, k, 1.0F,
                        reinterpret_cast<const float*>(b), lda, reinterpret_cast<const float*>(a),
                        ldb, 0.0F, reinterpret_cast<float*>(c), ldc);
        } else {
            throw TypeError("matmul: the CPU BLAS has no " + std::string(dtype_name(gemm.dtype)) +
                            " GEMM (internal: float16 and bfloat16 convert to float32 first)");
        }
    }
}

} // namespace gpucc::linalg::detail
