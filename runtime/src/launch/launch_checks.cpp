// The argument checks and strides the elementwise and reduction launchers share
// (launch_checks.h).
#include "launch/launch_checks.h"

#include "gpucc/errors.h"

#include <string>

namespace gpucc::detail {

void throw_too_many_slots(const char* kernel, int max_slots) {
    throw ValueError(std::string(kernel) + ": more than " + std::to_string(max_slots) +
                     " kernel argument slots; the runtime supports at most " +
                     std::to_string(max_slots));
}

void note_argument_device(const char* kernel, const char* param, Device device,
                          const char*& first_param, Device& first_device) {
    if (first_param == nullptr) {
        first_param = param;
        first_device = device;
    } else if (device != first_device) [[unlikely]] {
        throw DeviceError(std::string(kernel) + ": device mismatch: " + first_param + " is on " +
                          first_device.to_string() + " but " + param + " is on " +
                          device.to_string());
    }
}

void broadcast_element_strides(const NDArray& array, const Shape& loop, std::int64_t* out) {
    const int offset = loop.ndim() - array.ndim();
    for (int axis = 0; axis < loop.ndim(); ++axis) {
        const int own = axis - offset;
        out[axis] = own < 0 || array.shape()[own] == 1
                        ? 0
                        : array.strides()[own] / static_cast<std::int64_t>(array.itemsize());
    }
}

} // namespace gpucc::detail
