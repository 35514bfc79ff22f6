// CUDA events: mark a point in a stream, wait for it, time the work between two of them
// (CuPy's cupy.cuda.Event and get_elapsed_time). Event owns its CUevent (move-only).
//
// Not yet here (a later issue): blocking-sync and interprocess events, query(), Stream::wait.
#pragma once

#include "gpucc/device.h"
#include "gpucc/stream.h"

namespace gpucc {

class Event {
public:
    /// A timing event on default_device(), which must be a GPU.
    Event();
    /// An event on `device`; `timing` false makes a lighter event elapsed_ms() cannot use.
    explicit Event(Device device, bool timing = true);
    ~Event();
    Event(Event&& other) noexcept;
    Event& operator=(Event&& other) noexcept;
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;

    /// Records the event on `stream`, which must be on the event's device (else DeviceError).
    void record(StreamRef stream);
    /// Records on this thread's current stream of the event's device.
    void record();
    /// Waits until the work before the last record() has finished.
    void synchronize() const;

    Device device() const noexcept { return device_; }
    /// The CUevent as an opaque pointer; nullptr after a move.
    void* handle() const noexcept { return handle_; }

private:
    void* checked_handle(const char* what) const;
    void destroy() noexcept;
    Device device_;
    void* handle_ = nullptr;
};

/// Milliseconds between two recorded timing events (cuEventElapsedTime); a CudaError when one
/// was not recorded or has not completed (CUDA_ERROR_NOT_READY).
float elapsed_ms(const Event& start, const Event& end);

} // namespace gpucc
