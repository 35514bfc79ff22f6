// Loads NCCL (see nccl_library.h).
#include "distributed/nccl_library.h"

#include "gpucc/errors.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <string>
#include <vector>

#ifndef GPUCC_CUDA_LIB_DIR
#error "GPUCC_CUDA_LIB_DIR must name the CUDA toolkit's library folder"
#endif

namespace gpucc::distributed::detail {

const NcclApi& nccl() {
    static NcclApi api;
    static std::string error;
    static std::once_flag once;
    std::call_once(once, [] {
        ::setenv("NCCL_NVLS_ENABLE", "0", 0);
        std::vector<std::string> places;
        if (const char* chosen = std::getenv("GPUCC_NCCL_LIBRARY");
            chosen != nullptr && *chosen != '\0') {
            places.emplace_back(chosen);
        } else {
            const std::string lib64 = GPUCC_CUDA_LIB_DIR;
            places = {lib64 + "/libnccl.so.2", lib64.substr(0, lib64.size() - 2) + "/libnccl.so.2",
                      "libnccl.so.2"};
        }
        void* handle = nullptr;
        std::string tried;
        for (const std::string& place : places) {
            handle = ::dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
            if (handle != nullptr) {
                break;
            }
            const char* why = ::dlerror();
            tried += "\n  " + place + ": " + (why != nullptr ? why : "dlopen failed");
        }
        if (handle == nullptr) {
            error = "gpucc::distributed needs NCCL for GPU arrays and cannot load libnccl.so.2 "
                    "(GPUCC_NCCL_LIBRARY names a copy):" +
                    tried;
            return;
        }
#define GPUCC_NCCL_RESOLVE(fn)                                                                     \
    api.fn = reinterpret_cast<decltype(&::fn)>(::dlsym(handle, #fn));                              \
    if (api.fn == nullptr && error.empty()) {                                                      \
        error = std::string("libnccl.so.2 has no " #fn ": NCCL 2.14 or later is needed");          \
    }
        GPUCC_NCCL_FUNCTIONS(GPUCC_NCCL_RESOLVE)
#undef GPUCC_NCCL_RESOLVE
        if (error.empty()) {
            api.ncclGetVersion(&api.version);
        }
    });
    if (!error.empty()) {
        throw DeviceError(error);
    }
    return api;
}

std::string nccl_error_text(ncclResult_t result, ncclComm_t comm) {
    const NcclApi& api = nccl();
    static const char* const kNames[] = {
        "ncclSuccess",         "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError",
        "ncclInvalidArgument", "ncclInvalidUsage",       "ncclRemoteError", "ncclInProgress"};
    std::string text = static_cast<unsigned>(result) < std::size(kNames)
                           ? kNames[result]
                           : "ncclResult " + std::to_string(static_cast<int>(result));
    text += std::string(" (") + api.ncclGetErrorString(result) + ")";
    const char* last = api.ncclGetLastError(comm);
    if (last != nullptr && *last != '\0') {
        text += std::string(": ") + last;
    }
    return text;
}

} // namespace gpucc::distributed::detail
