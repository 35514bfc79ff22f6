// The floors under gpucc::matmul's host time on the GPU, for linalg_matmul_bench: the same
// 64 x 64 float32 product through a bare cublasLtMatmul whose descriptors and algorithm are made
// once (what the runtime's cached plan calls, without gpucc around it), and a bare cuLaunchKernel
// of an empty kernel (the least any launch costs). Both libraries are opened with dlopen, as the
// runtime opens them, so the benchmark links nothing of CUDA and its CPU mode runs anywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cublasLt.h>
#include <cuda.h>
#include <dlfcn.h>
#include <memory>
#include <string>

namespace matmul_floor {

template <class Fn>
bool resolve(void* library, const char* symbol, Fn*& out, std::string& error) {
    out = reinterpret_cast<Fn*>(dlsym(library, symbol));
    if (out == nullptr) {
        error = std::string("no ") + symbol;
    }
    return out != nullptr;
}

inline void* open_library(const char* name, std::string& error) {
    void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* why = dlerror();
        error = std::string(name) + ": " + (why != nullptr ? why : "not found");
    }
    return library;
}

/// D (n x n) = A B in float32 with exact FP32 compute through one cublasLtMatmul per run().
class RawLtGemm {
public:
    /// The plan for n x n float32 products on `stream` with `workspace`; nullptr with `error` set
    /// where cuBLASLt is missing or declines.
    static std::unique_ptr<RawLtGemm> make(std::int64_t n, void* workspace,
                                           std::size_t workspace_bytes, void* stream,
                                           std::string& error) {
        auto gemm = std::unique_ptr<RawLtGemm>(new RawLtGemm());
        gemm->workspace_ = workspace;
        gemm->stream_ = static_cast<cudaStream_t>(stream);
        return gemm->build(n, workspace_bytes, error) ? std::move(gemm) : nullptr;
    }

    void run(const void* a, const void* b, void* d) const {
        const float one = 1.0F;
        const float zero = 0.0F;
        matmul_(handle_, operation_, &one, a, layout_, b, layout_, &zero, d, layout_, d, layout_,
                &algorithm_, workspace_, workspace_bytes_, stream_);
    }

private:
    RawLtGemm() = default;

    bool build(std::int64_t n, std::size_t workspace_bytes, std::string& error) {
        void* library = open_library("libcublasLt.so.13", error);
        decltype(&::cublasLtCreate) create = nullptr;
        decltype(&::cublasLtMatmulDescCreate) desc_create = nullptr;
        decltype(&::cublasLtMatrixLayoutCreate) layout_create = nullptr;
        decltype(&::cublasLtMatmulPreferenceCreate) preference_create = nullptr;
        decltype(&::cublasLtMatmulPreferenceSetAttribute) preference_set = nullptr;
        decltype(&::cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
        if (library == nullptr || !resolve(library, "cublasLtCreate", create, error) ||
            !resolve(library, "cublasLtMatmulDescCreate", desc_create, error) ||
            !resolve(library, "cublasLtMatrixLayoutCreate", layout_create, error) ||
            !resolve(library, "cublasLtMatmulPreferenceCreate", preference_create, error) ||
            !resolve(library, "cublasLtMatmulPreferenceSetAttribute", preference_set, error) ||
            !resolve(library, "cublasLtMatmulAlgoGetHeuristic", heuristic, error) ||
            !resolve(library, "cublasLtMatmul", matmul_, error)) {
            return false;
        }
        const auto rows = static_cast<std::uint64_t>(n);
        cublasLtMatmulPreference_t preference = nullptr;
        const std::uint64_t max_workspace = workspace_bytes;
        cublasLtMatmulHeuristicResult_t result{};
        int found = 0;
        if (create(&handle_) != CUBLAS_STATUS_SUCCESS ||
            desc_create(&operation_, CUBLAS_COMPUTE_32F, CUDA_R_32F) != CUBLAS_STATUS_SUCCESS ||
            layout_create(&layout_, CUDA_R_32F, rows, rows, static_cast<std::int64_t>(n)) !=
                CUBLAS_STATUS_SUCCESS ||
            preference_create(&preference) != CUBLAS_STATUS_SUCCESS ||
            preference_set(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &max_workspace,
                           sizeof(max_workspace)) != CUBLAS_STATUS_SUCCESS ||
            heuristic(handle_, operation_, layout_, layout_, layout_, layout_, preference, 1,
                      &result, &found) != CUBLAS_STATUS_SUCCESS ||
            found < 1) {
            error = "cuBLASLt declined the 64 x 64 float32 plan";
            return false;
        }
        algorithm_ = result.algo;
        workspace_bytes_ = workspace_bytes;
        return true;
    }

    decltype(&::cublasLtMatmul) matmul_ = nullptr;
    cublasLtHandle_t handle_ = nullptr;
    cublasLtMatmulDesc_t operation_ = nullptr;
    cublasLtMatrixLayout_t layout_ = nullptr;
    cublasLtMatmulAlgo_t algorithm_{};
    void* workspace_ = nullptr;
    std::size_t workspace_bytes_ = 0;
    cudaStream_t stream_ = nullptr;
};

/// One block of 32 threads of a kernel that returns at once, per run(), on GPU 0's primary
/// context (the one gpucc uses).
class RawLaunch {
public:
    static std::unique_ptr<RawLaunch> make(void* stream, std::string& error) {
        auto launch = std::unique_ptr<RawLaunch>(new RawLaunch());
        launch->stream_ = static_cast<CUstream>(stream);
        return launch->build(error) ? std::move(launch) : nullptr;
    }

    void run() const { launch_(function_, 1, 1, 1, 32, 1, 1, 0, stream_, nullptr, nullptr); }

private:
    RawLaunch() = default;

    bool build(std::string& error) {
        static const char kEmptyKernel[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                                           ".visible .entry bench_empty_kernel() { ret; }\n";
        void* library = open_library("libcuda.so.1", error);
        decltype(&::cuDeviceGet) device_get = nullptr;
        decltype(&::cuDevicePrimaryCtxRetain) retain = nullptr;
        decltype(&::cuCtxSetCurrent) set_current = nullptr;
        decltype(&::cuModuleLoadData) load = nullptr;
        decltype(&::cuModuleGetFunction) get_function = nullptr;
        if (library == nullptr || !resolve(library, "cuDeviceGet", device_get, error) ||
            !resolve(library, "cuDevicePrimaryCtxRetain", retain, error) ||
            !resolve(library, "cuCtxSetCurrent", set_current, error) ||
            !resolve(library, "cuModuleLoadData", load, error) ||
            !resolve(library, "cuModuleGetFunction", get_function, error) ||
            !resolve(library, "cuLaunchKernel", launch_, error)) {
            return false;
        }
        CUdevice device = 0;
        CUcontext context = nullptr;
        CUmodule module = nullptr;
        if (device_get(&device, 0) != CUDA_SUCCESS || retain(&context, device) != CUDA_SUCCESS ||
            set_current(context) != CUDA_SUCCESS || load(&module, kEmptyKernel) != CUDA_SUCCESS ||
            get_function(&function_, module, "bench_empty_kernel") != CUDA_SUCCESS) {
            error = "the driver refused the empty kernel";
            return false;
        }
        return true;
    }

    decltype(&::cuLaunchKernel) launch_ = nullptr;
    CUfunction function_ = nullptr;
    CUstream stream_ = nullptr;
};

} // namespace matmul_floor
