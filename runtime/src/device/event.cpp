// Events: creation with CuPy's options, record, synchronize, query, and the elapsed time between
// two of them with errors that say which event is unusable and why. Events of the CPU are
// device/cpu_event.h's.
#include "gpucc/device/event.h"

#include "device/cpu_event.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <string>
#include <utility>

namespace gpucc {
namespace {

unsigned int event_flags(EventOptions options) {
    unsigned int flags = CU_EVENT_DEFAULT;
    if (options.blocking) {
        flags |= CU_EVENT_BLOCKING_SYNC;
    }
    if (options.disable_timing) {
        flags |= CU_EVENT_DISABLE_TIMING;
    }
    return flags;
}

// Why `event` cannot be timed, or "" when it can.
std::string untimeable(const Event& event, const char* which) {
    if (event.handle() == nullptr) {
        return std::string(which) + " is a moved-from Event";
    }
    if (event.options().disable_timing) {
        return std::string(which) +
               " was made with disable_timing; time with events made without it";
    }
    if (!event.recorded()) {
        return std::string(which) + " was never recorded; call record() on it first";
    }
    return {};
}

} // namespace

Event::Event() : Event(default_device()) {
}

Event::Event(EventOptions options) : Event(default_device(), options) {
}

Event::Event(Device device, EventOptions options) : device_(device), options_(options) {
    if (device.is_cpu()) {
        handle_ = detail::new_cpu_event();
        return;
    }
    detail::require_cuda_device(device, "Event");
    detail::make_current(device.ordinal());
    CUevent event = nullptr;
    GPUCC_CU(cuEventCreate, &event, event_flags(options));
    handle_ = event;
}

Event::~Event() {
    destroy();
}

Event::Event(Event&& other) noexcept
    : device_(other.device_), handle_(std::exchange(other.handle_, nullptr)),
      options_(other.options_), recorded_(std::exchange(other.recorded_, false)) {
}

Event& Event::operator=(Event&& other) noexcept {
    if (this != &other) {
        destroy();
        device_ = other.device_;
        options_ = other.options_;
        recorded_ = std::exchange(other.recorded_, false);
        handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
}

void Event::destroy() noexcept {
    if (handle_ != nullptr && device_.is_cpu()) {
        detail::delete_cpu_event(std::exchange(handle_, nullptr));
    } else if (handle_ != nullptr) {
        GPUCC_CU_NOTHROW(cuEventDestroy, static_cast<CUevent>(std::exchange(handle_, nullptr)));
    }
    recorded_ = false;
}

void* Event::checked_handle(const char* what) const {
    if (handle_ == nullptr) {
        throw ValueError(std::string(what) + ": use of a moved-from Event");
    }
    return handle_;
}

void Event::record(StreamRef stream) {
    void* event = checked_handle("Event::record");
    if (stream.device() != device_) {
        throw DeviceError("Event::record: the event is on " + device_.to_string() +
                          " but the stream is on " + stream.device().to_string());
    }
    if (device_.is_cpu()) {
        detail::record_cpu_event(*this, stream);
        recorded_ = true;
        return;
    }
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuEventRecord, static_cast<CUevent>(event), static_cast<CUstream>(stream.handle()));
    recorded_ = true;
}

void Event::record() {
    checked_handle("Event::record");
    record(current_stream(device_));
}

void Event::synchronize() const {
    void* event = checked_handle("Event::synchronize");
    if (device_.is_cpu()) {
        detail::synchronize_cpu_event(*this);
        return;
    }
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuEventSynchronize, static_cast<CUevent>(event));
}

bool Event::done() const {
    void* event = checked_handle("Event::done");
    if (device_.is_cpu()) {
        return detail::cpu_event_done(*this);
    }
    detail::make_current(device_.ordinal());
    const CUresult result = detail::driver().cuEventQuery(static_cast<CUevent>(event));
    if (result == CUDA_ERROR_NOT_READY) {
        return false;
    }
    detail::check(result, "cuEventQuery");
    return true;
}

float elapsed_ms(const Event& start, const Event& end) {
    for (const std::string& why : {untimeable(start, "start"), untimeable(end, "end")}) {
        if (!why.empty()) {
            throw ValueError("elapsed_ms: " + why);
        }
    }
    if (start.device() != end.device()) {
        throw DeviceError("elapsed_ms: start is on " + start.device().to_string() +
                          " but end is on " + end.device().to_string());
    }
    if (start.device().is_cpu()) {
        return detail::cpu_elapsed_ms(start, end);
    }
    detail::make_current(start.device().ordinal());
    float ms = 0.0F;
    const CUresult result = detail::driver().cuEventElapsedTime(
        &ms, static_cast<CUevent>(start.handle()), static_cast<CUevent>(end.handle()));
    if (result == CUDA_ERROR_NOT_READY) {
        detail::throw_cuda_error(result, "cuEventElapsedTime",
                                 "elapsed_ms: the work before start or end has not finished; "
                                 "call end.synchronize() first");
    }
    detail::check(result, "cuEventElapsedTime");
    return ms;
}

} // namespace gpucc
