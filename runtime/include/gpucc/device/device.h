// Where arrays live and kernels run: the host CPU or one CUDA GPU. Device is a small value type
// ("cpu", "cuda:0"). This file also decides the default device for new arrays, answers how many
// GPUs there are (0, never an exception, when there is no driver), gives the properties launch
// planning needs and the memory free on a GPU (mem_info), and offers DeviceGuard, the C++ form of
// CuPy's `with cp.cuda.Device(1):`.
//
// Each CUDA device is used through its primary context (the one cuBLAS, PyTorch and CuPy use,
// so memory is shared with them), retained on first use and kept for the life of the process;
// the runtime makes it current on the calling thread whenever it calls the driver.
#pragma once

#include "gpucc/memory/upstream.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace gpucc {

namespace detail {
/// Most GPUs the runtime handles in one process (per-device caches are fixed arrays this long).
inline constexpr int kMaxDevices = 64;
} // namespace detail

/// The host CPU or the CUDA GPU of a given ordinal. A default-constructed Device is the CPU.
///
/// No constructor takes a lone integer, not even a private one: a braced `{n}` never converts to a
/// Device, so in an overload set that takes a Shape or a Device in the same place
/// (`asarray<float>(data, {n})`, `zeros<float>({n})`) a one-element brace list is a shape. GPUs
/// are named with Device::cuda(n).
class Device {
public:
    constexpr Device() noexcept = default;
    static constexpr Device cpu() noexcept { return Device(); }
    /// Throws ValueError for a negative ordinal; whether the GPU exists is checked on use.
    static Device cuda(int ordinal);
    /// GPU `ordinal` when this machine has it, else the CPU: the device choice that degrades, so
    /// CuPy's `with cp.cuda.Device(1):` ports as `DeviceGuard on(Device::cuda_or_cpu(1));` and
    /// the same program runs where there is no GPU (or fewer than asked). Never throws for a
    /// missing driver; ValueError for a negative ordinal.
    static Device cuda_or_cpu(int ordinal = 0);
    /// Parses "cpu", "cuda" (cuda:0) or "cuda:N"; anything else is a ValueError.
    static Device parse(std::string_view text);

    constexpr bool is_cpu() const noexcept { return ordinal_ < 0; }
    constexpr bool is_cuda() const noexcept { return ordinal_ >= 0; }
    /// The GPU's ordinal; -1 for the CPU.
    constexpr int ordinal() const noexcept { return ordinal_; }
    /// "cpu" or "cuda:N".
    std::string to_string() const;

    friend constexpr bool operator==(Device, Device) noexcept = default;

private:
    struct OrdinalTag {};
    constexpr Device(OrdinalTag, int ordinal) noexcept : ordinal_(ordinal) {}
    int ordinal_ = -1;
};

/// Number of usable CUDA devices; 0 when there is no driver or it fails to initialise.
int cuda_device_count() noexcept;

/// The device new arrays go to when none is given, on this thread:
///  1. inside a DeviceGuard, the guard's device;
///  2. else the device given to set_default_device();
///  3. else the environment variable GPUCC_DEVICE: "cpu", "cuda" or "cuda:N" (read on each
///     call; a bad value is a ValueError naming the variable and the value; empty means unset);
///  4. else cuda:0 when a usable GPU exists, else the CPU.
Device default_device();

/// Sets the process-wide default device (step 2 above). Not checked until used.
void set_default_device(Device device);
/// Forgets the device given to set_default_device().
void reset_default_device();

/// What launch planning needs to know about a GPU.
struct DeviceProperties {
    std::string name;
    int sm_count = 0;                 ///< CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
    int max_threads_per_sm = 0;       ///< ..._MAX_THREADS_PER_MULTIPROCESSOR
    int max_threads_per_block = 0;    ///< ..._MAX_THREADS_PER_BLOCK
    int warp_size = 0;                ///< ..._WARP_SIZE
    int compute_capability_major = 0; ///< 9 on an H100
    int compute_capability_minor = 0; ///< 0 on an H100
    std::size_t total_memory_bytes = 0;
};

/// The properties of a CUDA device, read once and cached. DeviceError for the CPU, a missing
/// driver or a GPU that does not exist.
const DeviceProperties& device_properties(Device device);

/// The bytes free and in all on a GPU now, as the driver reports them (cuMemGetInfo; CuPy's
/// Device.mem_info). Memory the pools cache counts as used. DeviceError for the CPU, a missing
/// driver or a GPU that does not exist.
MemoryInfo mem_info(Device device);

/// Waits for all work on a GPU (cuCtxSynchronize in its primary context). For the CPU, waits for
/// the work queued on every CPU stream (work on the CPU's null and per-thread streams has finished
/// when its call returns), then rethrows the first exception queued work threw, if any.
void synchronize(Device device);
/// synchronize(default_device()).
void synchronize();

/// Makes `device` this thread's current device until the guard ends, as CuPy's
/// `with cp.cuda.Device(n):`: new arrays go there, and for a GPU its primary context becomes
/// current (so CUDA code called inside sees it). The previous device comes back at the end.
/// Guards nest; create and end them on the same thread.
class DeviceGuard {
public:
    explicit DeviceGuard(Device device);
    ~DeviceGuard();
    DeviceGuard(const DeviceGuard&) = delete;
    DeviceGuard& operator=(const DeviceGuard&) = delete;

private:
    Device previous_;
    bool had_previous_;
};

} // namespace gpucc
