// Launches of kernels whose grid the user gives (raw CUDA and jit-style kernels), their driver
// attributes, and module globals by name: the runtime half of launch.h. On a GPU a launch is one
// cuLaunchKernel after checking the shapes against CUDA's limits, so that a bad shape is a
// ValueError naming the argument rather than CUDA_ERROR_INVALID_VALUE; on the CPU the kernel's
// host version runs the blocks on the host thread pool.
#include "gpucc/launch/grid.h"

#include "cpu/thread_pool.h"
#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"
#include "launch/grid_host_queue.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gpucc::detail {
namespace {

std::string dim3_text(const Dim3& d) {
    std::string text = "(";
    text += std::to_string(d.x);
    text += ", ";
    text += std::to_string(d.y);
    text += ", ";
    text += std::to_string(d.z);
    text += ")";
    return text;
}

void check_shapes(const KernelRef& kernel, const LaunchConfig& config) {
    const std::string who = std::string("launch of kernel ") + kernel.symbol() + ": ";
    if (config.grid.count() == 0) {
        throw ValueError(who + "argument 'grid' must have every component >= 1, got " +
                         dim3_text(config.grid));
    }
    if (config.block.count() == 0) {
        throw ValueError(who + "argument 'block' must have every component >= 1, got " +
                         dim3_text(config.block));
    }
    if (config.block.count() > 1024 || config.block.z > 64) {
        throw ValueError(who + "argument 'block' must have at most 1024 threads (z at most 64), " +
                         "got " + dim3_text(config.block));
    }
    if (config.grid.y > 65535 || config.grid.z > 65535 || config.grid.x > 0x7fffffffU) {
        throw ValueError(who + "argument 'grid' must be at most (2^31-1, 65535, 65535), got " +
                         dim3_text(config.grid));
    }
}

struct HostGridLaunch {
    HostGridKernelFn fn;
    void** args;
    HostGridShape shape;
};

void run_host_blocks(void* context, std::int64_t begin, std::int64_t end) {
    auto* launch = static_cast<HostGridLaunch*>(context);
    launch->fn(launch->args, &launch->shape, begin, end);
}

void launch_on_host(KernelRef& kernel, const LaunchConfig& config, void** args, GpuEntry entry) {
    HostKernelFn host = kernel.host_function(entry == GpuEntry::Strided);
    if (host == nullptr) {
        throw DeviceError(std::string("kernel ") + kernel.symbol() +
                          " has no CPU version (it was compiled for the GPU only), so it cannot "
                          "run on cpu");
    }
    HostGridLaunch launch{reinterpret_cast<HostGridKernelFn>(
                              reinterpret_cast<void (*)()>(host)), // NOLINT: see HostGridKernelFn
                          args,
                          {{config.grid.x, config.grid.y, config.grid.z},
                           {config.block.x, config.block.y, config.block.z},
                           config.shared_bytes}};
    const auto blocks = static_cast<std::int64_t>(config.grid.count());
    ThreadPool::instance().parallel_for(blocks, 1, &run_host_blocks, &launch);
}

/// A launch waiting in a CPU stream's queue, with its own copy of the argument slots.
struct QueuedGridLaunch {
    HostGridKernelFn fn;
    std::vector<std::uint64_t> words;
    std::vector<void*> args; ///< &words[k]
    HostGridShape shape;
    std::int64_t blocks;
    std::vector<std::shared_ptr<Buffer>> buffers;
};

CUfunction function_on(KernelRef& kernel, Device device, GpuEntry entry = GpuEntry::Contiguous) {
    require_cuda_device(device, kernel.symbol());
    return static_cast<CUfunction>(kernel.function(device, entry));
}

int attribute(CUfunction function, CUfunction_attribute which) {
    int value = 0;
    GPUCC_CU(cuFuncGetAttribute, &value, which, function);
    return value;
}

} // namespace

void queue_grid_kernel_on_cpu(KernelRef& kernel, const LaunchConfig& config, StreamRef stream,
                              std::vector<std::uint64_t> words,
                              std::vector<std::shared_ptr<Buffer>> buffers, GpuEntry entry) {
    check_shapes(kernel, config);
    HostKernelFn host = kernel.host_function(entry == GpuEntry::Strided);
    if (host == nullptr) {
        throw DeviceError(std::string("kernel ") + kernel.symbol() +
                          " has no CPU version (it was compiled for the GPU only), so it cannot "
                          "run on cpu");
    }
    auto queued = std::make_shared<QueuedGridLaunch>();
    queued->fn = reinterpret_cast<HostGridKernelFn>(
        reinterpret_cast<void (*)()>(host)); // NOLINT: see HostGridKernelFn
    queued->words = std::move(words);
    for (std::uint64_t& word : queued->words) {
        queued->args.push_back(&word);
    }
    queued->shape = {{config.grid.x, config.grid.y, config.grid.z},
                     {config.block.x, config.block.y, config.block.z},
                     config.shared_bytes};
    queued->blocks = static_cast<std::int64_t>(config.grid.count());
    queued->buffers = std::move(buffers);
    cpu_submit(stream, [queued = std::move(queued)] {
        HostGridLaunch launch{queued->fn, queued->args.data(), queued->shape};
        ThreadPool::instance().parallel_for(queued->blocks, 1, &run_host_blocks, &launch);
    });
}

void launch_grid_kernel(KernelRef& kernel, const LaunchConfig& config, void** args,
                        GpuEntry entry) {
    check_shapes(kernel, config);
    const Device device = config.stream ? config.stream->device() : default_device();
    if (device.is_cpu()) {
        // Not queued (the argument slots' sizes are the wrapper's): ordered on the CPU stream by
        // waiting for its work, then run here.
        cpu_before_host_work(config.stream ? *config.stream : current_stream(device),
                             kernel.symbol(), "cuLaunchKernel");
        launch_on_host(kernel, config, args, entry);
        return;
    }
    CUfunction function = function_on(kernel, device, entry);
    const StreamRef stream = config.stream ? *config.stream : current_stream(device);
    make_current(device.ordinal());
    const CUresult result = driver().cuLaunchKernel(
        function, config.grid.x, config.grid.y, config.grid.z, config.block.x, config.block.y,
        config.block.z, static_cast<unsigned>(config.shared_bytes),
        static_cast<CUstream>(stream.handle()), args, nullptr);
    if (result != CUDA_SUCCESS) {
        throw_cuda_error(result, "cuLaunchKernel",
                         std::string(kernel.symbol()) + " with grid " + dim3_text(config.grid) +
                             ", block " + dim3_text(config.block) + ", " +
                             std::to_string(config.shared_bytes) +
                             " bytes of dynamic shared memory");
    }
}

KernelAttributes kernel_attributes(KernelRef& kernel, Device device) {
    CUfunction f = function_on(kernel, device);
    make_current(device.ordinal());
    KernelAttributes a;
    a.max_threads_per_block = attribute(f, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    a.num_regs = attribute(f, CU_FUNC_ATTRIBUTE_NUM_REGS);
    a.shared_size_bytes = attribute(f, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    a.const_size_bytes = attribute(f, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
    a.local_size_bytes = attribute(f, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
    a.max_dynamic_shared_size_bytes = attribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
    a.ptx_version = attribute(f, CU_FUNC_ATTRIBUTE_PTX_VERSION);
    a.binary_version = attribute(f, CU_FUNC_ATTRIBUTE_BINARY_VERSION);
    return a;
}

void set_max_dynamic_shared_bytes(KernelRef& kernel, Device device, int bytes) {
    if (bytes < 0) {
        throw ValueError(std::string("set_max_dynamic_shared_bytes of kernel ") + kernel.symbol() +
                         ": argument 'bytes' must be >= 0, got " + std::to_string(bytes));
    }
    // A jit-style kernel with ranked arrays has a strided entry too: both take the setting.
    for (GpuEntry entry : {GpuEntry::Contiguous, GpuEntry::Strided}) {
        if (entry == GpuEntry::Strided && !kernel.has_strided_entry()) {
            break;
        }
        CUfunction f = function_on(kernel, device, entry);
        make_current(device.ordinal());
        const CUresult result =
            driver().cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
        if (result != CUDA_SUCCESS) {
            throw_cuda_error(result, "cuFuncSetAttribute",
                             std::string(kernel.symbol()) + ": max dynamic shared memory of " +
                                 std::to_string(bytes) + " bytes");
        }
    }
}

DeviceGlobal module_global(ModuleImage& image, Device device, const std::string& name) {
    auto* module = static_cast<CUmodule>(image.module(device)); // checks the device
    make_current(device.ordinal());
    CUdeviceptr address = 0;
    std::size_t bytes = 0;
    const CUresult result = driver().cuModuleGetGlobal(&address, &bytes, module, name.c_str());
    if (result == CUDA_ERROR_NOT_FOUND) {
        throw ValueError(std::string("module ") + image.name() + " has no global variable '" +
                         name + "'");
    }
    if (result != CUDA_SUCCESS) {
        throw_cuda_error(result, "cuModuleGetGlobal", std::string(image.name()) + ": " + name);
    }
    return DeviceGlobal{static_cast<std::uint64_t>(address), bytes, device};
}

} // namespace gpucc::detail
