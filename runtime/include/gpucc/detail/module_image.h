// The module registry generated code links against. Each generated object file embeds a device
// image (a fatbin: SASS per architecture plus PTX) and its header declares one ModuleImage for it
// at namespace scope, so it registers itself during static initialisation; a file of more kernel
// instances than one image holds (1,024 by default) embeds one image per group of instances, each
// with its own ModuleImage, and each KernelRef names its group's. An image is loaded on a
// GPU the first time one of its kernels runs there (cuModuleLoadData in that GPU's primary
// context, once, thread-safe) and stays loaded for the life of the process. A KernelRef names
// one kernel of an image, with its host (CPU) version, and caches the CUfunction per GPU so a
// launch costs one atomic load to find it.
#pragma once

#include "gpucc/cpu/isa.h"
#include "gpucc/device/device.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace gpucc::detail {

/// A kernel compiled for the host CPU. `args` is the array of pointers to argument values that
/// cuLaunchKernel takes; the function runs loop elements [begin, end). Must not throw.
using HostKernelFn = void (*)(void** args, std::int64_t begin, std::int64_t end);

/// Bit of an image's flags: every kernel of the image generated from the language (not its raw
/// CUDA kernels), in every architecture the image holds, begins with griddepcontrol.wait (the
/// compiler's GridDependency.h), so it may be launched with CUDA's programmatic stream
/// serialization: scheduled while the kernel before it still runs.
inline constexpr std::uint64_t kImageWaitsForPriorGrids = 1;

/// One embedded device image. Declare it with static storage duration (it must outlive every
/// use); the bytes are not copied. `fatbin` may be nullptr (size 0) for code compiled for the
/// host only: its kernels then run on the CPU and a GPU launch is a DeviceError.
class ModuleImage {
public:
    ModuleImage(const char* module_name, const unsigned char* fatbin, std::size_t fatbin_size,
                std::uint64_t flags = 0);
    ModuleImage(const ModuleImage&) = delete;
    ModuleImage& operator=(const ModuleImage&) = delete;

    const char* name() const noexcept { return name_; }
    const unsigned char* fatbin() const noexcept { return fatbin_; }
    std::size_t fatbin_size() const noexcept { return fatbin_size_; }
    bool has_device_image() const noexcept { return fatbin_ != nullptr && fatbin_size_ != 0; }

    /// The CUmodule (as an opaque pointer) on `device`, loaded on first use. DeviceError for the
    /// CPU, a missing GPU or an image without device code; CudaError naming the module when the
    /// driver rejects the image (e.g. no code for this GPU's architecture).
    void* module(Device device);

    /// Whether launches of this image's kernels on `device` use programmatic stream
    /// serialization: the image has kImageWaitsForPriorGrids, the GPU is sm_90 or newer, and
    /// the environment variable GPUCC_PROGRAMMATIC_LAUNCH is not "0" (read when the image is
    /// loaded on the device). Call after module(device) has succeeded.
    bool programmatic_launch(Device device) const noexcept {
        return programmatic_[device.ordinal()].load(std::memory_order_relaxed);
    }

private:
    const char* name_;
    const unsigned char* fatbin_;
    std::size_t fatbin_size_;
    std::uint64_t flags_;
    std::atomic<bool> programmatic_[kMaxDevices] = {};
    std::mutex load_mutex_;
    std::atomic<void*> modules_[kMaxDevices] = {};
};

/// The images registered so far, in registration order.
std::vector<const ModuleImage*> registered_module_images();

/// The GPU entry points of a kernel (the compiler's EntryKind): the contiguous loop; the strided
/// element-at-a-time loop; and, for kernels with elements_per_thread > 1, the strided vector loop
/// and the strided tile loop, kernels of their own named "<strided symbol>_vector" and "_tiled".
enum class GpuEntry { Contiguous, Strided, StridedVector, StridedTiled };
inline constexpr int kGpuEntries = 4;

/// One kernel of an image. Declare it with static storage duration, after its image.
class KernelRef {
public:
    /// The host versions of one entry point: for baseline x86-64 and for x86-64-v3 (see
    /// cpu/isa.h); both nullptr where the kernel has no host version.
    struct HostEntry {
        HostKernelFn x86_64;
        HostKernelFn x86_64_v3;
    };

    /// `symbol` and `strided_symbol` are the kernel's two entry points in the image (contiguous
    /// and strided, see elementwise_launch.h), `host` and `host_strided` their host versions;
    /// `elements_per_thread` (>= 1) is how many elements each GPU thread handles per loop
    /// iteration, for launch sizing.
    /// `strided_suffix`, when given, names the strided entry point "<symbol><suffix>" instead
    /// (a reduction's rows kernel). Constant-initialized, so that a table of KernelRefs in a
    /// generated header runs no code at start-up and a program that never calls a kernel does
    /// not link its host code.
    constexpr KernelRef(ModuleImage& image, const char* symbol, const char* strided_symbol,
                        HostEntry host, HostEntry host_strided, int elements_per_thread,
                        const char* strided_suffix = nullptr) noexcept
        : image_(image), symbol_(symbol), strided_symbol_(strided_symbol),
          strided_suffix_(strided_suffix), host_(host), host_strided_(host_strided),
          elements_per_thread_(elements_per_thread < 1 ? 1 : elements_per_thread) {}
    KernelRef(const KernelRef&) = delete;
    KernelRef& operator=(const KernelRef&) = delete;

    /// The CUfunction (as an opaque pointer) of entry point `entry` on `device`:
    /// cuModuleGetFunction the first time per GPU, then one atomic load. Thread-safe. Errors as
    /// ModuleImage::module, and a CudaError naming the symbol when the image lacks it.
    void* function(Device device, GpuEntry entry = GpuEntry::Contiguous) {
        const auto slot = static_cast<unsigned>(device.ordinal());
        if (slot < static_cast<unsigned>(kMaxDevices)) [[likely]] {
            const std::atomic<void*>& cached = functions_[static_cast<int>(entry)][slot];
            if (void* function = cached.load(std::memory_order_acquire)) [[likely]] {
                return function;
            }
        }
        return load_function(device, entry);
    }

    ModuleImage& image() const noexcept { return image_; }
    const char* symbol() const noexcept { return symbol_; }
    /// The host version of an entry point for host_isa() (which can throw the first time, see
    /// there); nullptr when the kernel has no host version.
    HostKernelFn host_function(bool strided = false) const {
        const HostEntry& entry = strided ? host_strided_ : host_;
        return host_isa() == HostIsa::X86_64_V3 ? entry.x86_64_v3 : entry.x86_64;
    }
    int elements_per_thread() const noexcept { return elements_per_thread_; }
    /// Whether the strided entry point is a kernel of its own: false where it is the contiguous
    /// one's symbol or absent (raw CUDA kernels pass nullptr).
    bool has_strided_entry() const noexcept;

private:
    void* load_function(Device device, GpuEntry entry);
    ModuleImage& image_;
    const char* symbol_;
    const char* strided_symbol_;
    const char* strided_suffix_;
    HostEntry host_;
    HostEntry host_strided_;
    int elements_per_thread_;
    std::mutex load_mutex_;
    std::atomic<void*> functions_[kGpuEntries][kMaxDevices] = {};
};

} // namespace gpucc::detail
