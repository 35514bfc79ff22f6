// CUDA events, CuPy's cupy.cuda.Event: mark a point in a stream, wait for it on the host
// (synchronize) or on another stream (StreamRef::wait), ask whether it has passed (done), and time
// the work between two of them (elapsed_ms, CuPy's get_elapsed_time). Event owns its CUevent
// (move-only). EventOptions are CuPy's keywords: Event(gpu, {.blocking = true}) makes
// synchronize() yield the CPU instead of spinning; {.disable_timing = true} a lighter event for
// dependencies only.
//
// On the CPU an Event is the host's: record() on a CPU stream marks the point in its queue, and the
// event completes, with a host timestamp (steady clock), when the work queued before it has run,
// so elapsed_ms measures the work between two records, as on a GPU (on the CPU's null stream the
// record completes at once, after the blocking CPU streams' work). A CPU stream may wait for a GPU
// event (it synchronizes on the event when its turn comes, so the event must live until then) and
// a GPU stream for a CPU event (a host function that waits for it).
//
// Not here: interprocess events (CuPy's interprocess=True, cuIpcGetEventHandle).
#pragma once

#include "gpucc/device/device.h"

namespace gpucc {

class StreamRef; // stream.h

/// How an Event is made (CuPy's Event(block=False, disable_timing=False)).
struct EventOptions {
    /// synchronize() blocks the calling thread on the driver (CU_EVENT_BLOCKING_SYNC) instead of
    /// spinning on the CPU.
    bool blocking = false;
    /// No timestamp (CU_EVENT_DISABLE_TIMING): cheaper to record and wait for; elapsed_ms()
    /// refuses it.
    bool disable_timing = false;
};

class Event {
public:
    /// A timing event on default_device(), a GPU or the CPU (CuPy's cp.cuda.Event()).
    Event();
    /// An event on default_device() with `options`.
    explicit Event(EventOptions options);
    /// An event on `device` (a GPU or the CPU; DeviceError for a GPU that does not exist).
    explicit Event(Device device, EventOptions options = {});
    ~Event();
    Event(Event&& other) noexcept;
    Event& operator=(Event&& other) noexcept;
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;

    /// Records the event on `stream`, which must be on the event's device (else DeviceError):
    /// it completes when the work queued there so far has finished.
    void record(StreamRef stream);
    /// Records on this thread's current stream of the event's device.
    void record();
    /// Waits until the work before the last record() has finished; returns at once for an event
    /// never recorded.
    void synchronize() const;
    /// True when the work before the last record() has finished, or the event was never recorded
    /// (cuEventQuery); never blocks.
    bool done() const;
    /// done(), by CUDA's name.
    bool query() const { return done(); }

    /// True once record() was called on this Event.
    bool recorded() const noexcept { return recorded_; }
    Device device() const noexcept { return device_; }
    EventOptions options() const noexcept { return options_; }
    /// The CUevent (on the CPU, the runtime's event) as an opaque pointer; nullptr after a move.
    void* handle() const noexcept { return handle_; }

private:
    void* checked_handle(const char* what) const;
    void destroy() noexcept;
    Device device_;
    void* handle_ = nullptr;
    EventOptions options_;
    bool recorded_ = false;
};

/// Milliseconds between two recorded timing events of one device (cuEventElapsedTime; on the CPU
/// the host timestamps of their completion). ValueError
/// for a moved-from event, an event made with disable_timing, or one never recorded (each named:
/// start or end); DeviceError for events of two devices; CudaError CUDA_ERROR_NOT_READY when the
/// work before one of them has not finished (call end.synchronize() first).
float elapsed_ms(const Event& start, const Event& end);
/// elapsed_ms, by CuPy's name (cupy.cuda.get_elapsed_time).
inline float get_elapsed_time(const Event& start, const Event& end) {
    return elapsed_ms(start, end);
}

} // namespace gpucc
