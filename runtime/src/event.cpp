// Events: creation, record, synchronize, elapsed time.
#include "gpucc/event.h"

#include "context.h"
#include "driver.h"
#include "gpucc/errors.h"

#include <string>
#include <utility>

namespace gpucc {

Event::Event() : Event(default_device()) {
}

Event::Event(Device device, bool timing) : device_(device) {
    detail::require_cuda_device(device, "Event");
    detail::make_current(device.ordinal());
    CUevent event = nullptr;
    GPUCC_CU(cuEventCreate, &event, timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING);
    handle_ = event;
}

Event::~Event() {
    destroy();
}

Event::Event(Event&& other) noexcept
    : device_(other.device_), handle_(std::exchange(other.handle_, nullptr)) {
}

Event& Event::operator=(Event&& other) noexcept {
    if (this != &other) {
        destroy();
        device_ = other.device_;
        handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
}

void Event::destroy() noexcept {
    if (handle_ != nullptr) {
        GPUCC_CU_NOTHROW(cuEventDestroy, static_cast<CUevent>(std::exchange(handle_, nullptr)));
    }
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
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuEventRecord, static_cast<CUevent>(event), static_cast<CUstream>(stream.handle()));
}

void Event::record() {
    record(current_stream(device_));
}

void Event::synchronize() const {
    void* event = checked_handle("Event::synchronize");
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuEventSynchronize, static_cast<CUevent>(event));
}

float elapsed_ms(const Event& start, const Event& end) {
    if (start.handle() == nullptr || end.handle() == nullptr) {
        throw ValueError("elapsed_ms: use of a moved-from Event");
    }
    if (start.device() != end.device()) {
        throw DeviceError("elapsed_ms: start is on " + start.device().to_string() +
                          " but end is on " + end.device().to_string());
    }
    detail::make_current(start.device().ordinal());
    float ms = 0.0F;
    GPUCC_CU(cuEventElapsedTime, &ms, static_cast<CUevent>(start.handle()),
             static_cast<CUevent>(end.handle()));
    return ms;
}

} // namespace gpucc
