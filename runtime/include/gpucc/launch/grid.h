// Launching kernels whose threads the user lays out: raw CUDA kernels (`raw cuda`) and jit-style
// kernels (`kernel`). Unlike elementwise and reduction kernels, whose launch shape the runtime
// picks, these take a grid, a block, a dynamic shared-memory size and a stream, as CuPy's
// RawKernel((grid), (block), args, shared_mem=..., stream=...). The generated launchers build the
// argument array with the exact C++ parameter types and call detail::launch_grid_kernel; this file
// also gives CuPy's Function attributes (registers, shared and local memory, max threads) and
// get_global (a `__device__` or `__constant__` variable of an image, by name).
#pragma once

#include "gpucc/detail/module_image.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace gpucc {

/// A grid or block shape, as CUDA's dim3: unset components are 1.
struct Dim3 {
    std::uint32_t x = 1;
    std::uint32_t y = 1;
    std::uint32_t z = 1;
    constexpr Dim3() noexcept = default;
    // NOLINTNEXTLINE(google-explicit-constructor): Dim3 d = 256 reads as CUDA's dim3 d = 256.
    constexpr Dim3(std::uint32_t x_, std::uint32_t y_ = 1, std::uint32_t z_ = 1) noexcept
        : x(x_), y(y_), z(z_) {}
    constexpr std::uint64_t count() const noexcept {
        return std::uint64_t{x} * std::uint64_t{y} * std::uint64_t{z};
    }
    friend constexpr bool operator==(const Dim3&, const Dim3&) noexcept = default;
};

/// The spellings of the language's sketch: `demo::my_add(gpucc::Grid{4096}, gpucc::Block{256},
/// ...)` (a shape converts from one to three integers, as CUDA's dim3).
using Grid = Dim3;
using Block = Dim3;

/// How to launch one kernel: grid and block shape, dynamic shared memory in bytes (CuPy's
/// shared_mem), and the stream (the current stream of the current device when not given; the
/// stream's device is where the kernel runs).
struct LaunchConfig {
    Dim3 grid;
    Dim3 block;
    std::size_t shared_bytes = 0;
    std::optional<StreamRef> stream;
};

/// What the driver reports about a compiled kernel on one GPU (cuFuncGetAttribute), by CuPy's
/// Function attribute names.
struct KernelAttributes {
    int max_threads_per_block = 0;
    int num_regs = 0;
    int shared_size_bytes = 0; ///< static shared memory
    int const_size_bytes = 0;
    int local_size_bytes = 0;
    int max_dynamic_shared_size_bytes = 0;
    int ptx_version = 0;    ///< e.g. 80 for PTX ISA 8.0
    int binary_version = 0; ///< the SASS architecture, e.g. 90 for sm_90
};

/// A `__device__` or `__constant__` variable of a loaded image on one GPU: its device address
/// (as an integer, CUdeviceptr) and its size in bytes.
struct DeviceGlobal {
    std::uint64_t address = 0;
    std::size_t bytes = 0;
    Device device;
};

namespace detail {

/// The launch shape a kernel's CPU version reads: plain data, in the layout the compiler emits
/// (three uint32 grid components, three block components, then a uint64).
struct HostGridShape {
    std::uint32_t grid[3];
    std::uint32_t block[3];
    std::uint64_t shared_bytes;
};

/// The CPU version of a grid kernel: runs blocks [block_begin, block_end) of the launch, blocks
/// numbered x fastest, then y, then z. KernelRef stores it as a HostKernelFn (cast back before
/// calling). Must not throw.
using HostGridKernelFn = void (*)(void** args, const HostGridShape* shape, std::int64_t block_begin,
                                  std::int64_t block_end);

/// Launches entry point `entry` of `kernel` (Contiguous, or Strided for a jit-style kernel
/// given a non-contiguous ranked array) with `config`; `args` is the array of
/// pointers to argument values cuLaunchKernel takes, in the kernel's parameter order. ValueError
/// naming `grid`/`block` for an empty shape, a block of more than 1024 threads or a grid
/// component past CUDA's limits. On the CPU (a stream of Device::cpu() is not possible, so: when
/// config.stream is unset and default_device() is the CPU) the kernel's CPU version runs every
/// block, blocks spread over the host threads, before this returns; DeviceError when it has none;
/// CudaError naming the kernel when the driver refuses the launch (e.g. more shared memory than
/// allowed: see set_max_dynamic_shared_bytes).
void launch_grid_kernel(KernelRef& kernel, const LaunchConfig& config, void** args,
                        GpuEntry entry = GpuEntry::Contiguous);

/// The attributes of `kernel` on `device` (a GPU).
KernelAttributes kernel_attributes(KernelRef& kernel, Device device);

/// Allows launches of `kernel` on `device` with up to `bytes` of dynamic shared memory
/// (cuFuncSetAttribute MAX_DYNAMIC_SHARED_SIZE_BYTES; CuPy's max_dynamic_shared_size_bytes).
void set_max_dynamic_shared_bytes(KernelRef& kernel, Device device, int bytes);

/// The global variable `name` (its mangled name for C++ variables) of `image` on `device`.
/// ValueError naming the variable and the module when there is none.
DeviceGlobal module_global(ModuleImage& image, Device device, const std::string& name);

} // namespace detail
} // namespace gpucc
