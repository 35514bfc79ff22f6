// CpuEvent's record, completion, waits and timing (device/cpu_event.h), and the waits between the
// CPU and a GPU: a CPU stream waiting for a GPU event synchronizes on it when its turn comes; a
// GPU stream waiting for a CPU event runs a host function that blocks until the record is
// complete.
#include "device/cpu_event.h"

#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <utility>

namespace gpucc::detail {

void CpuEvent::complete(std::uint64_t sequence) {
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (sequence <= completed) {
            return;
        }
        completed = sequence;
        completed_at = std::chrono::steady_clock::now();
    }
    completed_changed.notify_all();
}

void CpuEvent::wait_for(std::uint64_t sequence) {
    std::unique_lock<std::mutex> lock(mutex);
    completed_changed.wait(lock, [&] { return completed >= sequence; });
}

void* new_cpu_event() {
    return new CpuEventHandle(std::make_shared<CpuEvent>());
}

void delete_cpu_event(void* handle) noexcept {
    delete static_cast<CpuEventHandle*>(handle);
}

const std::shared_ptr<CpuEvent>& cpu_event_of(const Event& event) {
    return *static_cast<const CpuEventHandle*>(event.handle());
}

void record_cpu_event(const Event& event, StreamRef stream) {
    std::shared_ptr<CpuEvent> state = cpu_event_of(event);
    CpuStream* queue = cpu_stream_of(stream);
    if (queue != nullptr && queue->capturing()) {
        // A record node: at each replay it records and completes at that point of the graph.
        queue->enqueue([state] {
            std::uint64_t sequence = 0;
            {
                const std::lock_guard<std::mutex> lock(state->mutex);
                sequence = ++state->recorded;
            }
            state->complete(sequence);
        });
        return;
    }
    std::uint64_t sequence = 0;
    {
        const std::lock_guard<std::mutex> lock(state->mutex);
        sequence = ++state->recorded;
    }
    cpu_submit(stream, [state = std::move(state), sequence] { state->complete(sequence); });
}

bool cpu_event_done(const Event& event) {
    CpuEvent& state = *cpu_event_of(event);
    const std::lock_guard<std::mutex> lock(state.mutex);
    return state.completed >= state.recorded;
}

void synchronize_cpu_event(const Event& event) {
    CpuEvent& state = *cpu_event_of(event);
    std::uint64_t sequence = 0;
    {
        const std::lock_guard<std::mutex> lock(state.mutex);
        sequence = state.recorded;
    }
    state.wait_for(sequence);
}

float cpu_elapsed_ms(const Event& start, const Event& end) {
    const auto time_of = [](const Event& event, std::chrono::steady_clock::time_point& at) {
        CpuEvent& state = *cpu_event_of(event);
        const std::lock_guard<std::mutex> lock(state.mutex);
        at = state.completed_at;
        return state.completed >= state.recorded;
    };
    std::chrono::steady_clock::time_point from;
    std::chrono::steady_clock::time_point to;
    if (!time_of(start, from) || !time_of(end, to)) {
        throw_cuda_error(CUDA_ERROR_NOT_READY, "cuEventElapsedTime",
                         "elapsed_ms: the work before start or end has not finished; call "
                         "end.synchronize() first");
    }
    return std::chrono::duration<float, std::milli>(to - from).count();
}

void stream_wait_event_with_cpu(StreamRef stream, const Event& event) {
    if (!event.recorded()) {
        return; // an event never recorded is complete
    }
    if (event.device().is_cpu()) {
        std::shared_ptr<CpuEvent> state = cpu_event_of(event);
        std::uint64_t sequence = 0;
        {
            const std::lock_guard<std::mutex> lock(state->mutex);
            if (state->completed >= state->recorded) {
                return;
            }
            sequence = state->recorded;
        }
        auto wait = [state = std::move(state), sequence] { state->wait_for(sequence); };
        if (stream.device().is_cpu()) {
            cpu_submit(stream, std::move(wait));
        } else {
            stream.launch_host_func(std::move(wait)); // the GPU stream waits on a host thread
        }
        return;
    }
    // A CPU stream waits for a GPU event: it synchronizes on the event when its turn comes.
    require_cuda_device(event.device(), "StreamRef::wait");
    const int ordinal = event.device().ordinal();
    auto* cu_event = static_cast<CUevent>(event.handle());
    cpu_submit(stream, [ordinal, cu_event] {
        make_current(ordinal);
        GPUCC_CU(cuEventSynchronize, cu_event);
    });
}

} // namespace gpucc::detail
