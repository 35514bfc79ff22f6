// The CUDA driver, loaded at run time. libcuda.so.1 is opened with dlopen on first use and every
// entry point is fetched with cuGetProcAddress (ABI of CUDA 12.0, so a 12.x or 13.x driver gives
// the signatures cuda.h declares for these calls). Nothing links libcuda: a program starts on a
// machine without a driver and only a call that needs the GPU fails, with a DeviceError.
//
// Every driver call goes through GPUCC_CU(name, args...), which calls the entry point, and on
// failure only builds a CudaError naming the call and the error. Destructors use
// GPUCC_CU_NOTHROW, which never throws and stays silent once the driver is shut down at exit.
// Private to the runtime (not installed): it includes cuda.h.
#pragma once

#include <cuda.h>
#include <string>

namespace gpucc::detail {

/// The driver entry points the runtime uses. decltype of the cuda.h declaration fixes each type
/// (the header maps e.g. cuMemcpyHtoD to cuMemcpyHtoD_v2, which is what version 12000 returns).
struct DriverApi {
#define GPUCC_DRIVER_ENTRY(name)                                                                   \
    decltype(&::name) name = nullptr; // NOLINT(bugprone-macro-parentheses)
#include "driver/entries.inc"
#undef GPUCC_DRIVER_ENTRY
};

/// The loaded driver, cuInit done; throws DeviceError ("no CUDA driver found (libcuda.so.1):
/// ...") when it cannot be loaded or initialised. Thread-safe; loads once.
const DriverApi& driver();

/// The loaded driver or nullptr when there is none (never throws, never reports).
const DriverApi* driver_if_available();

/// Throws the CudaError for `result` from `api`; `context` (may be empty) prefixes the message.
[[noreturn]] void throw_cuda_error(CUresult result, const char* api, const std::string& context);

/// Reports a failed call in a destructor on stderr, unless the driver is shutting down.
void report_failure_in_destructor(CUresult result, const char* api) noexcept;

inline void check(CUresult result, const char* api) {
    if (result != CUDA_SUCCESS) [[unlikely]] {
        throw_cuda_error(result, api, std::string());
    }
}

} // namespace gpucc::detail

/// Calls a driver entry point and throws CudaError on failure: GPUCC_CU(cuCtxSynchronize).
#define GPUCC_CU(name, ...)                                                                        \
    ::gpucc::detail::check(::gpucc::detail::driver().name(__VA_ARGS__), #name)

/// For destructors: calls the entry point if the driver is there; failures are reported, not
/// thrown, and CUDA_ERROR_DEINITIALIZED (the driver is gone at process exit) is ignored.
#define GPUCC_CU_NOTHROW(name, ...)                                                                \
    do {                                                                                           \
        if (const ::gpucc::detail::DriverApi* gpucc_api_ =                                         \
                ::gpucc::detail::driver_if_available()) {                                          \
            const CUresult gpucc_result_ = gpucc_api_->name(__VA_ARGS__);                          \
            if (gpucc_result_ != CUDA_SUCCESS) {                                                   \
                ::gpucc::detail::report_failure_in_destructor(gpucc_result_, #name);               \
            }                                                                                      \
        }                                                                                          \
    } while (false)
