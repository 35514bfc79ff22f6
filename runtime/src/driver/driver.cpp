// Loads libcuda.so.1 once, resolves the entry points of entries.inc with
// cuGetProcAddress_v2 (found with dlsym), and runs cuInit. A failure at any step is remembered
// and reported by driver() as a DeviceError; driver_if_available() then returns nullptr.
#include "driver/driver.h"

#include "gpucc/errors.h"

#include <cstdio>
#include <dlfcn.h>
#include <mutex>
#include <string>

namespace gpucc::detail {
namespace {

// The ABI every entry point is requested with: CUDA 12.0.
constexpr int kRequestedCudaVersion = 12000;

using GetProcAddressFn = CUresult (*)(const char* symbol, void** pfn, int cuda_version,
                                      cuuint64_t flags,
                                      CUdriverProcAddressQueryResult* symbol_status);

struct LoadedDriver {
    DriverApi api;
    bool ok = false;
    std::string error; // why it is not available, when !ok
};

std::string describe(const DriverApi& api, CUresult result) {
    const char* name = nullptr;
    if (api.cuGetErrorName == nullptr || api.cuGetErrorName(result, &name) != CUDA_SUCCESS ||
        name == nullptr) {
        return "CUresult " + std::to_string(static_cast<int>(result));
    }
    return name;
}

// Fills `out` with the entry point `symbol`; returns an error text or "" on success.
template <class Fn>
std::string resolve(GetProcAddressFn get_proc, const char* symbol, Fn* out) {
    void* pfn = nullptr;
    CUdriverProcAddressQueryResult status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    const CUresult result =
        get_proc(symbol, &pfn, kRequestedCudaVersion, CU_GET_PROC_ADDRESS_DEFAULT, &status);
    if (result != CUDA_SUCCESS || status != CU_GET_PROC_ADDRESS_SUCCESS || pfn == nullptr) {
        const char* why = status == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
                              ? "the driver is older than CUDA 12.0"
                              : "symbol not found";
        return std::string("cuGetProcAddress(\"") + symbol + "\") failed: " + why + " (CUresult " +
               std::to_string(static_cast<int>(result)) + ")";
    }
    *out = reinterpret_cast<Fn>(pfn);
    return {};
}

LoadedDriver load() {
    LoadedDriver loaded;
    // RTLD_NODELETE: the library stays mapped through static destruction, so destructors that
    // run at exit can still call into it (they get CUDA_ERROR_DEINITIALIZED at worst).
    void* handle = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (handle == nullptr) {
        const char* why = ::dlerror();
        loaded.error = std::string("no CUDA driver found (libcuda.so.1): ") +
                       (why != nullptr ? why : "dlopen failed");
        return loaded;
    }
    auto get_proc = reinterpret_cast<GetProcAddressFn>(::dlsym(handle, "cuGetProcAddress_v2"));
    if (get_proc == nullptr) {
        loaded.error = "no CUDA driver found (libcuda.so.1): it has no cuGetProcAddress_v2, so "
                       "it is older than CUDA 12.0";
        return loaded;
    }
    std::string error;
#define GPUCC_DRIVER_ENTRY(name)                                                                   \
    if (error.empty()) {                                                                           \
        error = resolve(get_proc, #name, &loaded.api.name);                                        \
    }
#include "driver/entries.inc"
#undef GPUCC_DRIVER_ENTRY
    if (!error.empty()) {
        loaded.error = "CUDA driver unusable (libcuda.so.1): " + error;
        return loaded;
    }
    // Every entry point was resolved above (error is empty).
    const CUresult init = loaded.api.cuInit(0); // NOLINT(clang-analyzer-core.CallAndMessage)
    if (init != CUDA_SUCCESS) {
        const char* text = nullptr;
        loaded.api.cuGetErrorString(init, &text);
        loaded.error = (init == CUDA_ERROR_NO_DEVICE ? "no CUDA device: cuInit failed: "
                                                     : "CUDA driver unusable: cuInit failed: ") +
                       describe(loaded.api, init) + " (" + (text != nullptr ? text : "") + ")";
        return loaded;
    }
    loaded.ok = true;
    return loaded;
}

const LoadedDriver& loaded_driver() {
    // Leaked on purpose: destructors running at exit may still look at it.
    static const LoadedDriver* const driver = new LoadedDriver(load());
    return *driver;
}

} // namespace

const DriverApi& driver() {
    const LoadedDriver& loaded = loaded_driver();
    if (!loaded.ok) [[unlikely]] {
        throw DeviceError(loaded.error);
    }
    return loaded.api;
}

const DriverApi* driver_if_available() {
    const LoadedDriver& loaded = loaded_driver();
    return loaded.ok ? &loaded.api : nullptr;
}

namespace {

// The names of the errors the CPU target raises itself (its streams and events), for machines
// without a driver to ask; nullptr for the others.
const char* cpu_target_error_name(CUresult result) {
    switch (result) {
    case CUDA_ERROR_NOT_READY:
        return "CUDA_ERROR_NOT_READY";
    case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED:
        return "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED";
    case CUDA_ERROR_ILLEGAL_STATE:
        return "CUDA_ERROR_ILLEGAL_STATE";
    default:
        return nullptr;
    }
}

} // namespace

void throw_cuda_error(CUresult result, const char* api, const std::string& context) {
    const DriverApi* driver_api = driver_if_available();
    const char* known = cpu_target_error_name(result);
    std::string name =
        known != nullptr ? known : "CUresult " + std::to_string(static_cast<int>(result));
    std::string description;
    if (driver_api != nullptr) {
        name = describe(*driver_api, result);
        const char* text = nullptr;
        if (driver_api->cuGetErrorString(result, &text) == CUDA_SUCCESS && text != nullptr) {
            description = text;
        }
    }
    throw CudaError(api, static_cast<int>(result), name, description, context);
}

void report_failure_in_destructor(CUresult result, const char* api) noexcept {
    if (result == CUDA_ERROR_DEINITIALIZED) {
        return; // the driver shut down before this object: nothing left to release
    }
    const DriverApi* driver_api = driver_if_available();
    const char* name = nullptr;
    if (driver_api == nullptr || driver_api->cuGetErrorName(result, &name) != CUDA_SUCCESS) {
        name = nullptr;
    }
    if (name != nullptr) {
        std::fprintf(stderr, "gpucc: %s failed in a destructor: %s (ignored)\n", api, name);
    } else {
        std::fprintf(stderr, "gpucc: %s failed in a destructor: CUresult %d (ignored)\n", api,
                     static_cast<int>(result));
    }
}

} // namespace gpucc::detail
