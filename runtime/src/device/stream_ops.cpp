// What a stream can be asked, as CuPy's cupy.cuda.Stream offers it: synchronize, done (query),
// wait for an event, record one, its priority and flags; and Stream's forwarding of these (and of
// the host-function and capture operations) to its StreamRef. CPU streams answer from their
// CpuStream (device/cpu_stream.h); waiting for an event is cpu_event.h's.
#include "device/cpu_event.h"
#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/device/event.h"
#include "gpucc/device/graph.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <utility>

namespace gpucc {

void StreamRef::synchronize() const {
    if (device_.is_cpu()) {
        if (detail::CpuStream* queue = detail::cpu_stream_of(*this)) {
            queue->synchronize();
        } else if (handle_ == nullptr) {
            detail::cpu_wait_for_blocking_streams(); // the legacy stream comes after them
        }
        return;
    }
    detail::require_cuda_device(device_, "StreamRef::synchronize");
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuStreamSynchronize, static_cast<CUstream>(handle_));
}

bool StreamRef::done() const {
    if (device_.is_cpu()) {
        const detail::CpuStream* queue = detail::cpu_stream_of(*this);
        return queue == nullptr || queue->done();
    }
    detail::require_cuda_device(device_, "StreamRef::done");
    detail::make_current(device_.ordinal());
    const CUresult result = detail::driver().cuStreamQuery(static_cast<CUstream>(handle_));
    if (result == CUDA_ERROR_NOT_READY) {
        return false;
    }
    detail::check(result, "cuStreamQuery");
    return true;
}

void StreamRef::wait(const Event& event) const {
    if (event.handle() == nullptr) {
        throw ValueError("StreamRef::wait: event is a moved-from Event; expected a live one");
    }
    if (device_.is_cpu() || event.device().is_cpu()) {
        detail::stream_wait_event_with_cpu(*this, event);
        return;
    }
    detail::require_cuda_device(device_, "StreamRef::wait");
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuStreamWaitEvent, static_cast<CUstream>(handle_),
             static_cast<CUevent>(event.handle()), 0);
}

Event StreamRef::record() const {
    Event event(device_);
    event.record(*this);
    return event;
}

void StreamRef::record(Event& event) const {
    event.record(*this);
}

int StreamRef::priority() const {
    if (device_.is_cpu()) {
        return 0;
    }
    detail::require_cuda_device(device_, "StreamRef::priority");
    detail::make_current(device_.ordinal());
    int priority = 0;
    GPUCC_CU(cuStreamGetPriority, static_cast<CUstream>(handle_), &priority);
    return priority;
}

bool StreamRef::is_non_blocking() const {
    if (device_.is_cpu()) {
        const detail::CpuStream* queue = detail::cpu_stream_of(*this);
        return queue != nullptr && queue->non_blocking();
    }
    detail::require_cuda_device(device_, "StreamRef::is_non_blocking");
    detail::make_current(device_.ordinal());
    unsigned int flags = 0;
    GPUCC_CU(cuStreamGetFlags, static_cast<CUstream>(handle_), &flags);
    return (flags & CU_STREAM_NON_BLOCKING) != 0;
}

void Stream::synchronize() const {
    ref().synchronize();
}

bool Stream::done() const {
    return ref().done();
}

void Stream::wait(const Event& event) const {
    ref().wait(event);
}

Event Stream::record() const {
    return ref().record();
}

void Stream::record(Event& event) const {
    ref().record(event);
}

void Stream::use() const {
    ref().use();
}

void Stream::launch_host_func(std::function<void()> fn) const {
    ref().launch_host_func(std::move(fn));
}

void Stream::begin_capture(CaptureMode mode) const {
    ref().begin_capture(mode);
}

Graph Stream::end_capture() const {
    return ref().end_capture();
}

bool Stream::is_capturing() const {
    return ref().is_capturing();
}

} // namespace gpucc
