// The current stream of each GPU per thread: StreamGuard (CuPy's `with stream:`), use() (CuPy's
// s.use()), the runtime's own unchecked scope, and the default stream where nothing was made
// current (the legacy null stream, or the per-thread default stream when
// GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=1). The CPU has a slot of its own after the GPUs'.
#include "device/stream_internal.h"
#include "driver/context.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <cstdlib>
#include <string>

namespace gpucc {
namespace {

// This thread's current stream per GPU; `set` false means the default stream.
struct CurrentStream {
    void* handle = nullptr;
    bool owned = false;
    bool set = false;
};
thread_local CurrentStream t_current[detail::kMaxDevices + 1];

// The slot of a device in t_current: the GPU's ordinal, or the last one for the CPU (-1).
CurrentStream& slot_of(int ordinal) noexcept {
    return t_current[ordinal < 0 ? detail::kMaxDevices : ordinal];
}
CurrentStream& slot(Device device) noexcept {
    return slot_of(device.ordinal());
}

// GPUs must exist; the CPU always does.
void require_stream_device(Device device, const char* what) {
    if (!device.is_cpu()) {
        detail::require_cuda_device(device, what);
    }
}

void* default_handle() {
    return per_thread_default_stream_enabled() ? static_cast<void*>(CU_STREAM_PER_THREAD) : nullptr;
}

} // namespace

namespace detail {

CurrentStreamScope::CurrentStreamScope(StreamRef stream) noexcept
    : ordinal_(stream.device().ordinal()) {
    CurrentStream& current = slot(stream.device());
    previous_handle_ = current.handle;
    previous_owned_ = current.owned;
    previous_set_ = current.set;
    current = CurrentStream{stream.handle(), stream.is_owned_by_gpucc(), true};
}

CurrentStreamScope::~CurrentStreamScope() {
    slot_of(ordinal_) = CurrentStream{previous_handle_, previous_owned_, previous_set_};
}

void forget_current_stream(int ordinal, void* handle) noexcept {
    if (ordinal >= kMaxDevices) {
        return;
    }
    CurrentStream& current = t_current[ordinal < 0 ? kMaxDevices : ordinal];
    if (current.set && current.handle == handle) {
        current = CurrentStream{};
    }
}

void require_stream_on_current_device(StreamRef stream) {
    const Device current = default_device();
    if (stream.device() != current) {
        throw DeviceError("The device that the stream is created on (" +
                          stream.device().to_string() +
                          ") does not match with the current device (" + current.to_string() + ")");
    }
}

} // namespace detail

StreamRef current_stream(Device device) {
    require_stream_device(device, "current_stream");
    const CurrentStream& current = slot(device);
    if (!current.set) {
        return StreamRef(device, default_handle(), false);
    }
    return StreamRef(device, current.handle, current.owned);
}

StreamRef current_stream() {
    return current_stream(default_device());
}

StreamRef default_stream(Device device) {
    require_stream_device(device, "default_stream");
    return StreamRef(device, default_handle());
}

bool parse_per_thread_default_stream(std::string_view text, std::string_view source) {
    if (text.empty() || text == "0") {
        return false;
    }
    if (text == "1") {
        return true;
    }
    throw ValueError(std::string(source) + "=\"" + std::string(text) +
                     "\" is not valid: expected 1 (use the per-thread default stream) or 0");
}

bool per_thread_default_stream_from_environment() {
    for (const char* name :
         {"GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM", "CUPY_CUDA_PER_THREAD_DEFAULT_STREAM"}) {
        if (const char* value = std::getenv(name); value != nullptr && *value != '\0') {
            return parse_per_thread_default_stream(value, name);
        }
    }
    return false;
}

bool per_thread_default_stream_enabled() {
    static const bool enabled = per_thread_default_stream_from_environment();
    return enabled;
}

void StreamRef::use() const {
    require_stream_device(device_, "StreamRef::use");
    detail::require_stream_on_current_device(*this);
    slot(device_) = CurrentStream{handle_, owned_by_gpucc_, true};
}

StreamGuard::StreamGuard(StreamRef stream) : ordinal_(stream.device().ordinal()) {
    require_stream_device(stream.device(), "StreamGuard");
    detail::require_stream_on_current_device(stream);
    CurrentStream& current = slot(stream.device());
    previous_handle_ = current.handle;
    previous_owned_ = current.owned;
    previous_set_ = current.set;
    current = CurrentStream{stream.handle(), stream.is_owned_by_gpucc(), true};
}

StreamGuard::~StreamGuard() {
    slot_of(ordinal_) = CurrentStream{previous_handle_, previous_owned_, previous_set_};
}

} // namespace gpucc
