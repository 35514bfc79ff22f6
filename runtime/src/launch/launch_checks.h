// What the elementwise and reduction launchers (elementwise.cpp, reduction.cpp) check and work out
// the same way for their array arguments: the one wording for too many argument slots, the
// one-device rule with its message, an argument's element strides along the broadcast shape, and
// the buffers a call queued on a CPU stream keeps alive. One place so the two launchers cannot
// drift apart. Private to the runtime.
#pragma once

#include "gpucc/array/ndarray.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace gpucc::detail {

/// ValueError: kernel `kernel` was given more than `max_slots` argument slots.
[[noreturn]] void throw_too_many_slots(const char* kernel, int max_slots);

/// Records that argument `param` is on `device`: the first call sets `first_param` and
/// `first_device`; a later argument on another device is a DeviceError naming both arguments and
/// their devices.
void note_argument_device(const char* kernel, const char* param, Device device,
                          const char*& first_param, Device& first_device);

/// Element strides of `array` along `loop` (aligned on the right; 0 where it is broadcast), into
/// out[0, loop.ndim()).
void broadcast_element_strides(const NDArray& array, const Shape& loop, std::int64_t* out);

/// What a host call queued on a CPU stream must hold so the memory outlives the caller's arrays:
/// the launch's `temporaries` (moved out) and the buffer of each of the first `count` operands
/// that is an array (Operand has a member `const NDArray* array`, null for a scalar).
template <class Operand>
std::vector<std::shared_ptr<Buffer>>
buffers_to_hold(std::vector<std::shared_ptr<Buffer>>& temporaries, const Operand* operands,
                int count) {
    std::vector<std::shared_ptr<Buffer>> held = std::move(temporaries);
    for (int k = 0; k < count; ++k) {
        if (operands[k].array != nullptr) {
            held.push_back(operands[k].array->buffer());
        }
    }
    return held;
}

} // namespace gpucc::detail
