// The driver's upstreams for the pools: cuMemAlloc/cuMemFree for device memory (one GPU each) and
// cuMemHostAlloc/cuMemFreeHost for pinned host memory. Out-of-memory is a nullptr, so the pool
// can free its cache and ask again; any other failure is a CudaError. Frees never throw and are
// silent once the driver has shut down at exit.
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"
#include "gpucc/memory/upstream.h"

#include <cstdint>

namespace gpucc {
namespace {

void* to_pointer(CUdeviceptr address) {
    return reinterpret_cast<void*>( // NOLINT(performance-no-int-to-ptr): a device address
        static_cast<std::uintptr_t>(address));
}

CUdeviceptr to_address(void* ptr) {
    return static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(ptr));
}

class CudaMallocUpstream final : public MemoryUpstream {
public:
    explicit CudaMallocUpstream(int ordinal) : ordinal_(ordinal) {
        detail::require_cuda_device(Device::cuda(ordinal), "device memory");
    }

    void* allocate(std::size_t bytes) override {
        detail::make_current(ordinal_);
        CUdeviceptr address = 0;
        const CUresult result = detail::driver().cuMemAlloc(&address, bytes);
        if (result == CUDA_ERROR_OUT_OF_MEMORY) {
            return nullptr;
        }
        detail::check(result, "cuMemAlloc");
        return to_pointer(address);
    }

    void deallocate(void* ptr, std::size_t /*bytes*/) noexcept override {
        if (detail::driver_if_available() == nullptr) {
            return;
        }
        try {
            detail::make_current(ordinal_);
        } catch (const Error&) {
            return; // only at shutdown: the driver is gone and the memory with it
        }
        GPUCC_CU_NOTHROW(cuMemFree, to_address(ptr));
    }

    MemoryInfo memory_info() override {
        detail::make_current(ordinal_);
        MemoryInfo info;
        GPUCC_CU(cuMemGetInfo, &info.free_bytes, &info.total_bytes);
        return info;
    }

    std::string where() const override { return Device::cuda(ordinal_).to_string(); }

private:
    int ordinal_;
};

// Pinned memory needs a context to be current; portable memory serves all of them, so any will
// do: the caller's, else GPU 0's primary context.
void make_some_context_current() {
    CUcontext current = nullptr;
    GPUCC_CU(cuCtxGetCurrent, &current);
    if (current == nullptr) {
        detail::require_cuda_device(Device::cuda(0), "pinned host memory");
        detail::make_current(0);
    }
}

class CudaHostAllocUpstream final : public MemoryUpstream {
public:
    void* allocate(std::size_t bytes) override {
        make_some_context_current();
        void* ptr = nullptr;
        const CUresult result =
            detail::driver().cuMemHostAlloc(&ptr, bytes, CU_MEMHOSTALLOC_PORTABLE);
        if (result == CUDA_ERROR_OUT_OF_MEMORY) {
            return nullptr;
        }
        detail::check(result, "cuMemHostAlloc");
        return ptr;
    }

    void deallocate(void* ptr, std::size_t /*bytes*/) noexcept override {
        if (detail::driver_if_available() == nullptr) {
            return;
        }
        try {
            make_some_context_current();
        } catch (const Error&) {
            return; // only at shutdown: the driver is gone and the memory with it
        }
        GPUCC_CU_NOTHROW(cuMemFreeHost, ptr);
    }

    MemoryInfo memory_info() override { return {}; }

    std::string where() const override { return "host (pinned)"; }
};

} // namespace

namespace detail {
std::unique_ptr<MemoryUpstream> make_unpinned_host_upstream(); // upstream_host.cpp
} // namespace detail

std::unique_ptr<MemoryUpstream> make_cuda_malloc_upstream(int ordinal) {
    if (ordinal < 0) {
        return make_host_upstream();
    }
    return std::make_unique<CudaMallocUpstream>(ordinal);
}

std::unique_ptr<MemoryUpstream> make_cuda_host_alloc_upstream() {
    if (cuda_device_count() == 0) {
        return detail::make_unpinned_host_upstream();
    }
    return std::make_unique<CudaHostAllocUpstream>();
}

} // namespace gpucc
