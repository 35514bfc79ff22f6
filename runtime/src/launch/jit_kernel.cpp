// The run-time half of jit-style kernel launches (detail/grid_kernel_launch.h): array arguments
// (dtype, contiguity, device), the choice of device, and the launch.
#include "device/cpu_stream.h"
#include "gpucc/detail/grid_kernel_launch.h"
#include "gpucc/errors.h"
#include "launch/grid_host_queue.h"

#include <string>

namespace gpucc::detail {
namespace {

std::string device_text(Device device) {
    return device.is_cpu() ? std::string("cpu") : "cuda:" + std::to_string(device.ordinal());
}

} // namespace

void throw_grid_placeholder_type(const char* kernel, const char* placeholder, DType dtype,
                                 const char* param, const char* types) {
    throw TypeError(std::string(kernel) + ": " + placeholder + " = " +
                    std::string(dtype_name(dtype)) + " (from argument '" + param +
                    "') is not one of the types it was compiled for: " + types);
}

GridKernelLaunch::GridKernelLaunch(const char* kernel, const LaunchConfig& config, int slots)
    : kernel_(kernel), config_(config) {
    words_.reserve(static_cast<std::size_t>(slots));
    args_.reserve(static_cast<std::size_t>(slots));
}

std::uint64_t& GridKernelLaunch::next_word() {
    words_.push_back(0);
    args_.push_back(&words_.back());
    return words_.back();
}

void throw_argument_type(const char* kernel, const char* param, DType expected, DType given) {
    throw TypeError(std::string(kernel) + ": argument '" + param + "' must be an array of " +
                    std::string(dtype_name(expected)) + ", got an array of " +
                    std::string(dtype_name(given)));
}

void GridKernelLaunch::throw_array_type(const char* param, DType expected, DType given) const {
    throw_argument_type(kernel_, param, expected, given);
}

void GridKernelLaunch::add_array(const char* param, const NDArray& argument, int rank) {
    if (rank == 0 && !argument.is_c_contiguous()) {
        throw ValueError(std::string(kernel_) + ": argument '" + param +
                         "' must be C-contiguous (a 'T[]' parameter reads the elements in C "
                         "order); declare the parameter with its axes, as 'T[:, :] " +
                         param + "', to take any strides, or pass a contiguous copy (copy())");
    }
    if (rank > 0 && argument.ndim() != rank) {
        throw ValueError(std::string(kernel_) + ": argument '" + param + "' must have " +
                         std::to_string(rank) + (rank == 1 ? " dimension" : " dimensions") +
                         " (the parameter is declared with " + std::to_string(rank) +
                         (rank == 1 ? " axis" : " axes") + "), got shape " +
                         argument.shape().to_string());
    }
    const Device device = argument.device();
    if (!array_device_) {
        array_device_ = device;
        array_device_param_ = param;
    } else if (*array_device_ != device) {
        throw ValueError(std::string(kernel_) + ": argument '" + param + "' is on " +
                         device_text(device) + " but '" + array_device_param_ + "' is on " +
                         device_text(*array_device_));
    }
    buffers_.push_back(argument.buffer()); // alive until a queued CPU launch has run
    void* data = argument.data();
    std::memcpy(&next_word(), &data, sizeof data);
    const std::int64_t size = argument.size();
    std::memcpy(&next_word(), &size, sizeof size);
    if (rank == 0) {
        return;
    }
    for (int axis = 0; axis < rank; ++axis) {
        const std::int64_t extent = argument.shape()[axis];
        std::memcpy(&next_word(), &extent, sizeof extent);
    }
    for (int axis = 0; axis < rank; ++axis) {
        const std::int64_t stride = argument.strides()[axis];
        std::memcpy(&next_word(), &stride, sizeof stride);
    }
    // The contiguous entry addresses ranked arrays in 32-bit arithmetic (GridKernelAbi.h).
    constexpr std::int64_t kIndex32Limit = std::int64_t{1} << 31;
    strided_ = strided_ || !argument.is_c_contiguous() || size >= kIndex32Limit;
}

void GridKernelLaunch::run(KernelRef& kernel, const char* gpu_only_feature) {
    const Device device = config_.stream  ? config_.stream->device()
                          : array_device_ ? *array_device_
                                          : default_device();
    if (array_device_ && *array_device_ != device) {
        throw ValueError(std::string(kernel_) + ": the launch's stream is on " +
                         device_text(device) + " but argument '" + array_device_param_ +
                         "' is on " + device_text(*array_device_));
    }
    if (device.is_cpu() && gpu_only_feature != nullptr) {
        throw DeviceError(std::string("kernel ") + kernel_ + " uses " + gpu_only_feature +
                          ", which the CPU target does not run yet: launch it with arrays on a "
                          "GPU");
    }
    if (device.is_cuda() && config_.shared_bytes > 48 * 1024) {
        // Past 48 KiB of dynamic shared memory CUDA asks for an opt-in per kernel; asking for it
        // is what the caller meant (the driver still refuses more than the GPU has).
        set_max_dynamic_shared_bytes(kernel, device, static_cast<int>(config_.shared_bytes));
    }
    const GpuEntry entry = strided_ ? GpuEntry::Strided : GpuEntry::Contiguous;
    if (device.is_cpu()) {
        const StreamRef stream = config_.stream ? *config_.stream : current_stream(device);
        if (cpu_stream_queues(stream)) {
            // Queued like the other kinds' launches: this call returns before the kernel runs.
            queue_grid_kernel_on_cpu(kernel, config_, stream, words_, std::move(buffers_), entry);
            return;
        }
    }
    if (config_.stream) {
        launch_grid_kernel(kernel, config_, args_.data(), entry);
        return;
    }
    DeviceGuard on(device); // launch_grid_kernel runs on the default device
    launch_grid_kernel(kernel, config_, args_.data(), entry);
}

} // namespace gpucc::detail
