// The run-time half of gpucc/detail/raw_kernel.h: the checks on arrays passed to raw CUDA
// kernels (the compile-time ones are in the header), and reading and writing a raw CUDA module's
// `__device__`/`__constant__` variables, ordered on the device's current stream like CuPy's
// copies through get_global's pointer.
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/detail/raw_kernel.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <string>

namespace gpucc::detail {
namespace {

std::string who(const char* kernel, const char* param) {
    return std::string(kernel) + ": argument '" + param + "'";
}

DeviceGlobal sized_global(ModuleImage& image, Device device, const char* name, std::size_t bytes) {
    DeviceGlobal global = module_global(image, device, name);
    if (global.bytes != bytes) {
        throw ValueError(std::string("module ") + image.name() + ": variable '" + name + "' has " +
                         std::to_string(global.bytes) + " bytes on " + device.to_string() +
                         ", its accessor " + std::to_string(bytes));
    }
    return global;
}

} // namespace

void check_raw_array(const NDArray& array, bool check_dtype, DType dtype, const char* kernel,
                     const char* param, Device device) {
    if (check_dtype && array.dtype() != dtype) {
        throw TypeError(who(kernel, param) + " must be an array of " +
                        std::string(dtype_name(dtype)) + ", got an array of " +
                        std::string(dtype_name(array.dtype())));
    }
    if (array.device() != device) {
        throw DeviceError(who(kernel, param) + " is on " + array.device().to_string() +
                          " but the kernel runs on " + device.to_string());
    }
    if (!array.is_c_contiguous()) {
        throw ValueError(who(kernel, param) +
                         " must be C-contiguous: a raw kernel sees only its data pointer (pass "
                         "a copy())");
    }
}

void read_raw_global(ModuleImage& image, Device device, const char* name, void* out,
                     std::size_t bytes) {
    const DeviceGlobal global = sized_global(image, device, name, bytes);
    const StreamRef stream = current_stream(device);
    make_current(device.ordinal());
    GPUCC_CU(cuMemcpyDtoHAsync, out, static_cast<CUdeviceptr>(global.address), bytes,
             static_cast<CUstream>(stream.handle()));
    GPUCC_CU(cuStreamSynchronize, static_cast<CUstream>(stream.handle()));
}

void write_raw_global(ModuleImage& image, Device device, const char* name, const void* values,
                      std::size_t bytes) {
    const DeviceGlobal global = sized_global(image, device, name, bytes);
    const StreamRef stream = current_stream(device);
    make_current(device.ordinal());
    GPUCC_CU(cuMemcpyHtoDAsync, static_cast<CUdeviceptr>(global.address), values, bytes,
             static_cast<CUstream>(stream.handle()));
    GPUCC_CU(cuStreamSynchronize, static_cast<CUstream>(stream.handle()));
}

void throw_raw_global_size_error(const char* name, std::size_t expected, std::size_t given) {
    throw ValueError(std::string("variable '") + name + "' has " + std::to_string(expected) +
                     " elements, got " + std::to_string(given) + " values to write");
}

} // namespace gpucc::detail
