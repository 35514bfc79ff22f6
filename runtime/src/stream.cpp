// Streams: creation and destruction, the per-thread current stream of each GPU, StreamGuard,
// and the registry of live owned streams that lets memory outlive the Stream it came from.
#include "gpucc/stream.h"

#include "context.h"
#include "driver.h"
#include "gpucc/errors.h"
#include "stream_internal.h"

#include <mutex>
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

// This thread's current stream per GPU (nullptr: the legacy null stream).
struct CurrentStream {
    void* handle = nullptr;
    bool owned = false;
};
thread_local CurrentStream t_current[detail::kMaxDevices];

} // namespace

namespace detail {

void free_async_on_owned_stream(CUdeviceptr ptr, CUstream stream) noexcept {
    LiveStreams& live = live_streams();
    std::lock_guard<std::mutex> lock(live.mutex); // the stream cannot be destroyed meanwhile
    const CUstream target = live.streams.contains(stream) ? stream : nullptr;
    GPUCC_CU_NOTHROW(cuMemFreeAsync, ptr, target);
}

} // namespace detail

void StreamRef::synchronize() const {
    detail::require_cuda_device(device_, "StreamRef::synchronize");
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuStreamSynchronize, static_cast<CUstream>(handle_));
}

Stream::Stream() : Stream(default_device()) {
}

Stream::Stream(Device device, StreamKind kind) : device_(device), kind_(kind) {
    detail::require_cuda_device(device, "Stream");
    detail::make_current(device.ordinal());
    CUstream stream = nullptr;
    GPUCC_CU(cuStreamCreate, &stream,
             kind == StreamKind::NonBlocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT);
    LiveStreams& live = live_streams();
    std::lock_guard<std::mutex> lock(live.mutex);
    live.streams.insert(stream);
    handle_ = stream;
}

Stream::~Stream() {
    destroy();
}

Stream::Stream(Stream&& other) noexcept
    : device_(other.device_), handle_(std::exchange(other.handle_, nullptr)), kind_(other.kind_) {
}

Stream& Stream::operator=(Stream&& other) noexcept {
    if (this != &other) {
        destroy();
        device_ = other.device_;
        kind_ = other.kind_;
        handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
}

void Stream::destroy() noexcept {
    if (handle_ == nullptr) {
        return;
    }
    const auto stream = static_cast<CUstream>(std::exchange(handle_, nullptr));
    // Finish the stream's work first, so memory freed later on the null stream instead of this
    // one is no longer in use by it.
    GPUCC_CU_NOTHROW(cuStreamSynchronize, stream);
    {
        LiveStreams& live = live_streams();
        std::lock_guard<std::mutex> lock(live.mutex);
        live.streams.erase(stream);
    }
    GPUCC_CU_NOTHROW(cuStreamDestroy, stream);
}

StreamRef Stream::null(Device device) {
    detail::require_cuda_device(device, "Stream::null");
    return StreamRef(device, nullptr);
}

StreamRef Stream::null() {
    return null(default_device());
}

StreamRef Stream::ref() const {
    if (handle_ == nullptr) {
        throw ValueError("use of a moved-from Stream");
    }
    return StreamRef(device_, handle_, true);
}

StreamRef current_stream(Device device) {
    detail::require_cuda_device(device, "current_stream");
    const CurrentStream& current = t_current[device.ordinal()];
    return StreamRef(device, current.handle, current.owned);
}

StreamRef current_stream() {
    return current_stream(default_device());
}

StreamGuard::StreamGuard(StreamRef stream) : ordinal_(stream.device().ordinal()) {
    detail::require_cuda_device(stream.device(), "StreamGuard");
    CurrentStream& current = t_current[ordinal_];
    previous_handle_ = current.handle;
    previous_owned_ = current.owned;
    current.handle = stream.handle();
    current.owned = stream.is_owned_by_gpucc();
}

StreamGuard::~StreamGuard() {
    CurrentStream& current = t_current[ordinal_];
    current.handle = previous_handle_;
    current.owned = previous_owned_;
}

} // namespace gpucc
