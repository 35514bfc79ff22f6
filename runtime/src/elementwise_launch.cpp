// ElementwiseLaunch's checks (with their messages, built only on failure) and the two ways to
// run: cuLaunchKernel on the GPU, the host function over the thread pool on the CPU.
#include "gpucc/detail/elementwise_launch.h"

#include "context.h"
#include "driver.h"
#include "gpucc/errors.h"
#include "gpucc/stream.h"
#include "thread_pool.h"

#include <algorithm>
#include <string>

namespace gpucc::detail {

void ElementwiseLaunch::throw_too_many_slots() const {
    throw ValueError(std::string(kernel_name_) + ": more than " + std::to_string(kMaxSlots) +
                     " kernel argument slots; the runtime supports at most " +
                     std::to_string(kMaxSlots));
}

void ElementwiseLaunch::note_device(const char* param, Device device) {
    if (device_param_ == nullptr) {
        device_param_ = param;
        device_ = device;
    } else if (device != device_) [[unlikely]] {
        throw DeviceError(std::string(kernel_name_) + ": device mismatch: " + device_param_ +
                          " is on " + device_.to_string() + " but " + param + " is on " +
                          device.to_string());
    }
}

void ElementwiseLaunch::note_loop_array(const char* param, const NDArray& array) {
    note_device(param, array.device());
    if (!array.is_c_contiguous()) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": " + param + " is not C-contiguous (shape " +
                         array.shape().to_string() + ", strides " + array.strides().to_string() +
                         "); strided arguments arrive with n-d arrays");
    }
    if (loop_param_ == nullptr) {
        loop_param_ = param;
        loop_shape_ = array.shape();
    } else if (!(array.shape() == loop_shape_)) [[unlikely]] {
        throw ShapeError(std::string(kernel_name_) + ": shape mismatch: " + loop_param_ +
                         " has shape " + loop_shape_.to_string() + " but " + param + " has shape " +
                         array.shape().to_string() + " (broadcasting arrives with n-d arrays)");
    }
}

void ElementwiseLaunch::note_raw_array(const char* param, const NDArray& array) {
    note_device(param, array.device());
    if (!array.is_c_contiguous()) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": raw parameter " + param +
                         " is not C-contiguous (shape " + array.shape().to_string() + ", strides " +
                         array.strides().to_string() + "); the kernel indexes it as a flat array");
    }
}

NDArray ElementwiseLaunch::allocate_output(const char* param, DType dtype) {
    if (loop_param_ == nullptr) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) +
                         ": loop size is undecided: at least one non-raw parameter must be an "
                         "array (to allocate output " +
                         param + ")");
    }
    return empty(loop_shape_, dtype, device_);
}

void ElementwiseLaunch::run_host_chunk(void* self, std::int64_t begin, std::int64_t end) {
    auto* launch = static_cast<ElementwiseLaunch*>(self);
    launch->kernel_.host_function()(launch->args_, begin, end);
}

void ElementwiseLaunch::run() {
    if (loop_param_ == nullptr) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) +
                         ": loop size is undecided: at least one non-raw parameter must be an "
                         "array");
    }
    const std::int64_t n = loop_shape_.element_count();
    push_slot(n);
    if (n == 0) {
        return;
    }
    if (device_.is_cpu()) {
        if (kernel_.host_function() == nullptr) [[unlikely]] {
            throw DeviceError(std::string(kernel_name_) +
                              ": this kernel has no host version, so it cannot run on cpu");
        }
        ThreadPool::instance().parallel_for(n, kMinHostChunk, &run_host_chunk, this);
        return;
    }
    auto* function = static_cast<CUfunction>(kernel_.function(device_)); // checks the device
    const std::int64_t per_block =
        std::int64_t{kBlockSize} * std::max(1, kernel_.elements_per_thread());
    const std::int64_t wanted = (n + per_block - 1) / per_block;
    // One vector of elements per thread, no grid-stride iterations: on the H100 this reached
    // 3040 GB/s for add where a grid capped at one wave of resident blocks reached 2891
    // (bench/NOTES.md). The kernel's grid-stride loop keeps any grid correct.
    constexpr std::int64_t kMaxGrid = 0x7fffffff;
    const auto grid = static_cast<unsigned>(std::clamp<std::int64_t>(wanted, 1, kMaxGrid));
    make_current(device_.ordinal());
    const auto stream = static_cast<CUstream>(current_stream(device_).handle());
    const CUresult result =
        driver().cuLaunchKernel(function, grid, 1, 1, kBlockSize, 1, 1, 0, stream, args_, nullptr);
    if (result != CUDA_SUCCESS) [[unlikely]] {
        throw_cuda_error(result, "cuLaunchKernel", kernel_name_);
    }
}

} // namespace gpucc::detail
