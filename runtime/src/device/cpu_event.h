// Events on the CPU target. An Event of Device::cpu() owns a CpuEvent: a count of records, a
// count of those whose preceding work has finished, and the host time (steady clock) at which the
// last one did. Recording on a queued CPU stream queues a task that marks the record complete and
// takes the time when it runs, that is when the work queued before it has finished, so
// elapsed_ms between two events measures the work between them, as CUDA's events do. Waits
// (StreamRef::wait) take the record count at the call and wait for it, as cuStreamWaitEvent waits
// for the last record before the call. Also the waits that cross between the CPU and a GPU.
// Private to the runtime.
#pragma once

#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>

namespace gpucc::detail {

struct CpuEvent {
    std::mutex mutex;
    std::condition_variable completed_changed;
    std::uint64_t recorded = 0;  // records made
    std::uint64_t completed = 0; // the newest record whose preceding work has finished
    std::chrono::steady_clock::time_point completed_at;

    /// Marks record `sequence` complete now (an older one than the newest complete is ignored).
    void complete(std::uint64_t sequence);
    /// Returns once record `sequence` (or a newer one) is complete.
    void wait_for(std::uint64_t sequence);
};

/// A CPU Event's handle: a heap shared_ptr, so queued tasks can keep the state past the Event.
using CpuEventHandle = std::shared_ptr<CpuEvent>;
void* new_cpu_event();
void delete_cpu_event(void* handle) noexcept;
const std::shared_ptr<CpuEvent>& cpu_event_of(const Event& event);

/// Event::record on a CPU stream.
void record_cpu_event(const Event& event, StreamRef stream);
bool cpu_event_done(const Event& event);
void synchronize_cpu_event(const Event& event);
/// Milliseconds between two recorded, complete CPU events (the caller checked they are timeable).
float cpu_elapsed_ms(const Event& start, const Event& end);

/// StreamRef::wait where the stream or the event (or both) is on the CPU.
void stream_wait_event_with_cpu(StreamRef stream, const Event& event);

} // namespace gpucc::detail
