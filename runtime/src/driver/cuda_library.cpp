// The search for a CUDA toolkit library (cuda_library.h).
#include "driver/cuda_library.h"

#include <cstdlib>
#include <vector>

namespace gpucc::detail {

void* open_cuda_library(const char* soname, const char* build_lib_dir, std::string& tried) {
    std::vector<std::string> candidates = {soname};
    if (const char* cuda_path = std::getenv("CUDA_PATH"); cuda_path != nullptr) {
        candidates.push_back(std::string(cuda_path) + "/lib64/" + soname);
    }
    candidates.push_back(std::string(build_lib_dir) + "/" + soname);
    for (const std::string& name : candidates) {
        void* library = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
        if (library != nullptr) {
            return library;
        }
        const char* why = ::dlerror();
        tried += "\n  " + name + ": " + (why != nullptr ? why : "dlopen failed");
    }
    return nullptr;
}

} // namespace gpucc::detail
