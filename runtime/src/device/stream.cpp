// Owned streams: creation (with a kind and a priority) and destruction, the registry of live
// owned streams that lets memory outlive the Stream it came from, the named streams (legacy null,
// per-thread default), the priority range of a GPU, and the hooks other subsystems' caches run
// when a Stream is destroyed. On the CPU a Stream owns a CpuStream (device/cpu_stream.h) and its
// handle is that object's address.
#include "gpucc/device/stream.h"

#include "device/cpu_stream.h"
#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>

namespace gpucc {
namespace {

// The streams gpucc::Stream objects own now. Leaked: frees at exit may look here.
struct LiveStreams {
    std::mutex mutex;
    std::unordered_set<CUstream> streams;
};
LiveStreams& live_streams() {
    static LiveStreams* const live = new LiveStreams();
    return *live;
}

// The hooks of add_stream_destroyed_hook; a slot once set keeps its hook.
std::atomic<detail::StreamDestroyedHook> destroyed_hooks[detail::kMaxStreamDestroyedHooks];

} // namespace

namespace detail {

void add_stream_destroyed_hook(StreamDestroyedHook hook) {
    for (auto& slot : destroyed_hooks) {
        StreamDestroyedHook empty = nullptr;
        if (slot.compare_exchange_strong(empty, hook) || empty == hook) {
            return;
        }
    }
    throw std::logic_error("add_stream_destroyed_hook: more than " +
                           std::to_string(kMaxStreamDestroyedHooks) + " hooks");
}

void free_async_on_owned_stream(CUdeviceptr ptr, CUstream stream) noexcept {
    LiveStreams& live = live_streams();
    std::lock_guard<std::mutex> lock(live.mutex); // the stream cannot be destroyed meanwhile
    const CUstream target = live.streams.contains(stream) ? stream : nullptr;
    GPUCC_CU_NOTHROW(cuMemFreeAsync, ptr, target);
}

bool is_owned_stream(CUstream stream) noexcept {
    LiveStreams& live = live_streams();
    std::lock_guard<std::mutex> lock(live.mutex);
    return live.streams.contains(stream);
}

} // namespace detail

bool StreamRef::is_per_thread() const noexcept {
    return handle_ == static_cast<void*>(CU_STREAM_PER_THREAD);
}

Stream::Stream() : Stream(default_device()) {
}

Stream::Stream(StreamKind kind, int priority) : Stream(default_device(), kind, priority) {
}

Stream::Stream(Device device, StreamKind kind, int priority) : device_(device), kind_(kind) {
    if (device.is_cpu()) {
        // One priority on the CPU (stream_priority_range is {0, 0}): clamped to it, as CUDA does.
        static_cast<void>(priority);
        handle_ = new detail::CpuStream(kind == StreamKind::NonBlocking);
        return;
    }
    detail::require_cuda_device(device, "Stream");
    detail::make_current(device.ordinal());
    CUstream stream = nullptr;
    GPUCC_CU(cuStreamCreateWithPriority, &stream,
             kind == StreamKind::NonBlocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT,
             priority);
    int clamped = priority;
    if (const CUresult result = detail::driver().cuStreamGetPriority(stream, &clamped);
        result != CUDA_SUCCESS) {
        GPUCC_CU_NOTHROW(cuStreamDestroy, stream);
        detail::throw_cuda_error(result, "cuStreamGetPriority", "Stream");
    }
    priority_ = clamped;
    LiveStreams& live = live_streams();
    std::lock_guard<std::mutex> lock(live.mutex);
    live.streams.insert(stream);
    handle_ = stream;
}

Stream::~Stream() {
    destroy();
}

Stream::Stream(Stream&& other) noexcept
    : device_(other.device_), handle_(std::exchange(other.handle_, nullptr)), kind_(other.kind_),
      priority_(other.priority_) {
}

Stream& Stream::operator=(Stream&& other) noexcept {
    if (this != &other) {
        destroy();
        device_ = other.device_;
        kind_ = other.kind_;
        priority_ = other.priority_;
        handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
}

void Stream::destroy() noexcept {
    if (handle_ == nullptr) {
        return;
    }
    if (device_.is_cpu()) {
        void* handle = std::exchange(handle_, nullptr);
        detail::forget_current_stream(device_.ordinal(), handle);
        delete static_cast<detail::CpuStream*>(handle); // finishes its work, joins its thread
        return;
    }
    const auto stream = static_cast<CUstream>(std::exchange(handle_, nullptr));
    detail::forget_current_stream(device_.ordinal(), stream);
    // A capture left open would keep the stream from finishing: end it and drop its graph.
    if (const detail::DriverApi* api = detail::driver_if_available()) {
        CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
        if (api->cuStreamIsCapturing(stream, &status) == CUDA_SUCCESS &&
            status != CU_STREAM_CAPTURE_STATUS_NONE) {
            CUgraph graph = nullptr;
            api->cuStreamEndCapture(stream, &graph); // fails for an invalidated capture: no graph
            if (graph != nullptr) {
                GPUCC_CU_NOTHROW(cuGraphDestroy, graph);
            }
        }
    }
    // Finish the stream's work first, so memory freed later on the null stream instead of this
    // one is no longer in use by it.
    GPUCC_CU_NOTHROW(cuStreamSynchronize, stream);
    for (const auto& slot : destroyed_hooks) {
        if (const detail::StreamDestroyedHook hook = slot.load(std::memory_order_acquire)) {
            hook(stream);
        }
    }
    {
        LiveStreams& live = live_streams();
        std::lock_guard<std::mutex> lock(live.mutex);
        live.streams.erase(stream);
    }
    GPUCC_CU_NOTHROW(cuStreamDestroy, stream);
}

StreamRef Stream::null(Device device) {
    if (device.is_cpu()) {
        return StreamRef(device, nullptr);
    }
    detail::require_cuda_device(device, "Stream::null");
    return StreamRef(device, nullptr);
}

StreamRef Stream::null() {
    return null(default_device());
}

StreamRef Stream::per_thread(Device device) {
    if (device.is_cpu()) {
        return StreamRef(device, detail::per_thread_stream_handle());
    }
    detail::require_cuda_device(device, "Stream::per_thread");
    return StreamRef(device, static_cast<void*>(CU_STREAM_PER_THREAD));
}

StreamRef Stream::per_thread() {
    return per_thread(default_device());
}

StreamRef Stream::ref() const {
    if (handle_ == nullptr) {
        throw ValueError("use of a moved-from Stream");
    }
    return StreamRef(device_, handle_, true);
}

StreamPriorityRange stream_priority_range(Device device) {
    if (device.is_cpu()) {
        return {}; // one priority, 0
    }
    detail::require_cuda_device(device, "stream_priority_range");
    detail::make_current(device.ordinal());
    StreamPriorityRange range;
    GPUCC_CU(cuCtxGetStreamPriorityRange, &range.least, &range.greatest);
    return range;
}

} // namespace gpucc
