// Opening a library of the CUDA toolkit on first use (cuBLAS, cuSOLVER, cuRAND): each is looked
// for in the same places, opened the same way and its symbols resolved the same way, so a program
// that never calls one needs none of them, and every "could not be loaded" message lists where it
// looked. The driver itself (driver.cpp) and NCCL (distributed/nccl_library.cpp) have search
// orders of their own.
#pragma once

#include <dlfcn.h>
#include <string>

namespace gpucc::detail {

/// dlopen of `soname` by its name, then in $CUDA_PATH/lib64, then in `build_lib_dir` (the toolkit
/// gpucc was built against), with RTLD_NODELETE (handles may still be destroyed by destructors
/// that run at exit). Null when none opens; `tried` then lists each place and dlerror's reason,
/// one per line.
void* open_cuda_library(const char* soname, const char* build_lib_dir, std::string& tried);

/// Sets `*out` to `symbol`'s address in `library`; otherwise returns false and sets `error` to
/// "<library_name> has no <symbol>".
template <class Fn>
bool resolve_symbol(void* library, const char* library_name, const char* symbol, Fn* out,
                    std::string& error) {
    void* address = ::dlsym(library, symbol);
    if (address == nullptr) {
        error = std::string(library_name) + " has no " + symbol;
        return false;
    }
    *out = reinterpret_cast<Fn>(address);
    return true;
}

} // namespace gpucc::detail
