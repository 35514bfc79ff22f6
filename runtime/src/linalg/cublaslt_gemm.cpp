// cuBLASLt GEMMs with cached plans (cublaslt_gemm.h). A plan owns its descriptors and destroys
// them when the cache replaces it; a plan cuBLASLt could not make (no algorithm for the key, or a
// descriptor it refused) is cached too, as "use cublasGemmEx", so the refusal costs once.
#include "linalg/cublaslt_gemm.h"

#include "linalg/plan_cache.h"

#include <bit>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace gpucc::linalg::detail {
namespace {

// Plans kept per thread and GPU: more distinct shapes than this in one loop make a plan per call
// (the heuristic's cost, as cublasGemmEx has anyway).
constexpr std::size_t kPlansPerDevice = 32;

class LtGemmPlan {
public:
    LtGemmPlan() = default;
    LtGemmPlan(const LtGemmPlan&) = delete;
    LtGemmPlan& operator=(const LtGemmPlan&) = delete;
    LtGemmPlan(LtGemmPlan&& other) noexcept { take(other); }
    LtGemmPlan& operator=(LtGemmPlan&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~LtGemmPlan() { release(); }

    /// The plan for `key`, or an unusable one where cuBLASLt declines it.
    static LtGemmPlan make(const CublasApi& api, cublasLtHandle_t lt, const LtGemmKey& key,
                           std::size_t workspace_bytes) {
        LtGemmPlan plan;
        plan.api_ = &api;
        if (!plan.describe(key) || !plan.choose_algorithm(lt, key, workspace_bytes)) {
            plan.release();
        }
        return plan;
    }

    bool usable() const noexcept { return usable_; }

    cublasStatus_t run(cublasLtHandle_t lt, const GemmContext& context, const void* alpha,
                       const void* a, const void* b, const void* beta, void* d) const {
        return api_->lt.matmul(lt, operation_, alpha, a, layout_a_, b, layout_b_, beta, d,
                               layout_d_, d, layout_d_, &algorithm_, context.workspace,
                               context.workspace_bytes, context.stream);
    }

    /// Frees the descriptors; the plan becomes unusable (cublasGemmEx from then on).
    void release() noexcept {
        if (api_ != nullptr) {
            if (operation_ != nullptr) {
                api_->lt.desc_destroy(operation_);
            }
            for (cublasLtMatrixLayout_t layout : {layout_a_, layout_b_, layout_d_}) {
                if (layout != nullptr) {
                    api_->lt.layout_destroy(layout);
                }
            }
        }
        operation_ = nullptr;
        layout_a_ = layout_b_ = layout_d_ = nullptr;
        usable_ = false;
    }

private:
    void take(LtGemmPlan& other) noexcept {
        api_ = other.api_;
        operation_ = std::exchange(other.operation_, nullptr);
        layout_a_ = std::exchange(other.layout_a_, nullptr);
        layout_b_ = std::exchange(other.layout_b_, nullptr);
        layout_d_ = std::exchange(other.layout_d_, nullptr);
        algorithm_ = other.algorithm_;
        usable_ = std::exchange(other.usable_, false);
    }

    bool describe(const LtGemmKey& key) {
        const cudaDataType scale = key.compute == CUBLAS_COMPUTE_64F ? CUDA_R_64F : CUDA_R_32F;
        if (api_->lt.desc_create(&operation_, key.compute, scale) != CUBLAS_STATUS_SUCCESS) {
            operation_ = nullptr;
            return false;
        }
        const auto trans_a = static_cast<std::int32_t>(key.trans_a);
        const auto trans_b = static_cast<std::int32_t>(key.trans_b);
        if (api_->lt.desc_set(operation_, CUBLASLT_MATMUL_DESC_TRANSA, &trans_a, sizeof(trans_a)) !=
                CUBLAS_STATUS_SUCCESS ||
            api_->lt.desc_set(operation_, CUBLASLT_MATMUL_DESC_TRANSB, &trans_b, sizeof(trans_b)) !=
                CUBLAS_STATUS_SUCCESS) {
            return false;
        }
        // The stored matrices: op(A) is m x k, so A is k x m when transposed; likewise B.
        const bool a_t = key.trans_a != CUBLAS_OP_N;
        const bool b_t = key.trans_b != CUBLAS_OP_N;
        const auto rows = [](std::int32_t v) { return static_cast<std::uint64_t>(v); };
        return make_layout(layout_a_, key.type, rows(a_t ? key.k : key.m),
                           rows(a_t ? key.m : key.k), key.lda) &&
               make_layout(layout_b_, key.type, rows(b_t ? key.n : key.k),
                           rows(b_t ? key.k : key.n), key.ldb) &&
               make_layout(layout_d_, key.type, rows(key.m), rows(key.n), key.ldc);
    }

    bool make_layout(cublasLtMatrixLayout_t& layout, cudaDataType type, std::uint64_t rows,
                     std::uint64_t cols, std::int32_t ld) {
        if (api_->lt.layout_create(&layout, type, rows, cols, ld) != CUBLAS_STATUS_SUCCESS) {
            layout = nullptr;
            return false;
        }
        return true;
    }

    bool choose_algorithm(cublasLtHandle_t lt, const LtGemmKey& key, std::size_t workspace_bytes) {
        cublasLtMatmulPreference_t preference = nullptr;
        if (api_->lt.preference_create(&preference) != CUBLAS_STATUS_SUCCESS) {
            return false;
        }
        const std::uint64_t max_workspace = workspace_bytes;
        bool ok =
            api_->lt.preference_set(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                    &max_workspace, sizeof(max_workspace)) == CUBLAS_STATUS_SUCCESS;
        // D is C (the product is written in place of C, beta = 0).
        const std::uint32_t alignments[4] = {key.align_a, key.align_b, key.align_c, key.align_c};
        const cublasLtMatmulPreferenceAttributes_t alignment_attributes[4] = {
            CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
            CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES};
        for (int i = 0; i < 4 && ok; ++i) {
            ok = api_->lt.preference_set(preference, alignment_attributes[i], &alignments[i],
                                         sizeof(alignments[i])) == CUBLAS_STATUS_SUCCESS;
        }
        cublasLtMatmulHeuristicResult_t result{};
        int found = 0;
        ok = ok && api_->lt.heuristic(lt, operation_, layout_a_, layout_b_, layout_d_, layout_d_,
                                      preference, 1, &result, &found) == CUBLAS_STATUS_SUCCESS;
        api_->lt.preference_destroy(preference);
        if (!ok || found < 1 || result.state != CUBLAS_STATUS_SUCCESS ||
            result.workspaceSize > workspace_bytes) {
            return false;
        }
        algorithm_ = result.algo;
        usable_ = true;
        return true;
    }

    const CublasApi* api_ = nullptr;
    cublasLtMatmulDesc_t operation_ = nullptr;
    cublasLtMatrixLayout_t layout_a_ = nullptr;
    cublasLtMatrixLayout_t layout_b_ = nullptr;
    cublasLtMatrixLayout_t layout_d_ = nullptr;
    cublasLtMatmulAlgo_t algorithm_{};
    bool usable_ = false;
};

using LtPlanCache = PlanCache<LtGemmKey, LtGemmPlan, kPlansPerDevice>;

// The calling thread's cache for GPU `ordinal` (destroyed with the thread; the descriptors are
// host memory, and RTLD_NODELETE keeps cuBLASLt loaded until then).
LtPlanCache& thread_cache(int ordinal) {
    thread_local std::vector<std::unique_ptr<LtPlanCache>> caches;
    const auto index = static_cast<std::size_t>(ordinal);
    if (caches.size() <= index) [[unlikely]] {
        caches.resize(index + 1);
    }
    if (caches[index] == nullptr) [[unlikely]] {
        caches[index] = std::make_unique<LtPlanCache>();
    }
    return *caches[index];
}

} // namespace

std::uint32_t lt_alignment(const void* address) noexcept {
    const auto bits = reinterpret_cast<std::uintptr_t>(address);
    if (bits == 0) {
        return 256;
    }
    const int zeros = std::countr_zero(bits);
    return zeros >= 8 ? 256U : (1U << zeros);
}

bool run_lt_gemm(Device device, const GemmContext& context, const LtGemmKey& key, const void* alpha,
                 const void* a, const void* b, const void* beta, void* d) {
    const CublasApi& api = cublas();
    LtGemmPlan& plan = thread_cache(device.ordinal()).find_or_make(key, [&] {
        return LtGemmPlan::make(api, context.lt, key, context.workspace_bytes);
    });
    if (!plan.usable()) {
        return false;
    }
    if (plan.run(context.lt, context, alpha, a, b, beta, d) != CUBLAS_STATUS_SUCCESS) {
        plan.release();
        return false;
    }
    return true;
}

LtGemmCacheStats lt_gemm_cache_stats(Device device) {
    const LtPlanCache& cache = thread_cache(device.ordinal());
    return LtGemmCacheStats{cache.hits(), cache.misses()};
}

} // namespace gpucc::linalg::detail
