// Stream capture and the Graph it makes: begin_capture (refusing the legacy stream as CuPy does),
// end_capture (instantiate, claim the captured host functions), is_capturing, Graph's launch,
// upload and RAII, and the refusal of host copies on a capturing stream. On the CPU the capture
// is the CpuStream's (device/cpu_stream.h) and a Graph holds its tasks.
#include "gpucc/device/graph.h"

#include "device/cpu_stream.h"
#include "device/stream_callbacks.h"
#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <string>
#include <utility>

namespace gpucc {
namespace {

CUstreamCaptureMode cu_capture_mode(CaptureMode mode) {
    switch (mode) {
    case CaptureMode::Global:
        return CU_STREAM_CAPTURE_MODE_GLOBAL;
    case CaptureMode::ThreadLocal:
        return CU_STREAM_CAPTURE_MODE_THREAD_LOCAL;
    case CaptureMode::Relaxed:
        break;
    }
    return CU_STREAM_CAPTURE_MODE_RELAXED;
}

CUstreamCaptureStatus capture_status(StreamRef stream) {
    CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
    GPUCC_CU(cuStreamIsCapturing, static_cast<CUstream>(stream.handle()), &status);
    return status;
}

} // namespace

namespace detail {

void refuse_host_copy_during_capture(StreamRef stream, const char* what, const char* api) {
    if (stream.device().is_cpu()) {
        const CpuStream* queue = cpu_stream_of(stream);
        if (queue != nullptr && queue->capturing()) {
            throw_cuda_error(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, api,
                             std::string(what) +
                                 ": the cpu stream is capturing a graph, and a copy between the "
                                 "host and an array cannot be captured; copy before "
                                 "begin_capture() or after end_capture()");
        }
        return;
    }
    if (capture_status(stream) == CU_STREAM_CAPTURE_STATUS_NONE) {
        return;
    }
    throw_cuda_error(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, api,
                     std::string(what) + ": the stream of " + stream.device().to_string() +
                         " is capturing a graph, and a copy between the host and the device "
                         "cannot be captured; copy before begin_capture() or after "
                         "end_capture()");
}

} // namespace detail

void StreamRef::begin_capture(CaptureMode mode) const {
    if (!device_.is_cpu()) {
        detail::require_cuda_device(device_, "begin_capture");
    }
    if (handle_ == nullptr || handle_ == static_cast<void*>(CU_STREAM_LEGACY)) {
        throw ValueError("begin_capture: cannot capture on the default (legacy) stream; capture "
                         "on a gpucc::Stream (non-blocking is best) or the per-thread default "
                         "stream");
    }
    if (device_.is_cpu()) {
        detail::CpuStream* queue = detail::cpu_stream_of(*this);
        if (queue == nullptr) {
            throw ValueError("begin_capture: the per-thread default stream of the cpu runs its "
                             "work on the calling thread and cannot capture; capture on a "
                             "gpucc::Stream of the cpu");
        }
        queue->begin_capture();
        return;
    }
    detail::make_current(device_.ordinal());
    GPUCC_CU(cuStreamBeginCapture, static_cast<CUstream>(handle_), cu_capture_mode(mode));
}

bool StreamRef::is_capturing() const {
    if (device_.is_cpu()) {
        const detail::CpuStream* queue = detail::cpu_stream_of(*this);
        return queue != nullptr && queue->capturing();
    }
    detail::require_cuda_device(device_, "is_capturing");
    detail::make_current(device_.ordinal());
    return capture_status(*this) != CU_STREAM_CAPTURE_STATUS_NONE;
}

Graph StreamRef::end_capture() const {
    if (device_.is_cpu()) {
        detail::CpuStream* queue = detail::cpu_stream_of(*this);
        if (queue == nullptr || !queue->capturing()) {
            throw ValueError("end_capture: the stream of cpu is not capturing; call "
                             "begin_capture() first");
        }
        return Graph(device_, std::make_shared<const Graph::CpuTasks>(queue->end_capture()));
    }
    detail::require_cuda_device(device_, "end_capture");
    detail::make_current(device_.ordinal());
    const CUstreamCaptureStatus status = capture_status(*this);
    if (status == CU_STREAM_CAPTURE_STATUS_NONE) {
        throw ValueError("end_capture: the stream of " + device_.to_string() +
                         " is not capturing; call begin_capture() first");
    }
    CUgraph graph = nullptr;
    const CUresult ended =
        detail::driver().cuStreamEndCapture(static_cast<CUstream>(handle_), &graph);
    if (ended != CUDA_SUCCESS) {
        if (graph != nullptr) {
            GPUCC_CU_NOTHROW(cuGraphDestroy, graph);
        }
        detail::throw_cuda_error(ended, "cuStreamEndCapture",
                                 status == CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                     ? "end_capture: an operation that cannot be captured broke "
                                       "the capture (it is over)"
                                     : "end_capture");
    }
    Graph::HostFunctions host_functions;
    CUgraphExec exec = nullptr;
    try {
        host_functions = detail::claim_captured_host_functions(graph);
        GPUCC_CU(cuGraphInstantiateWithFlags, &exec, graph, 0);
    } catch (...) {
        GPUCC_CU_NOTHROW(cuGraphDestroy, graph);
        throw;
    }
    return Graph(device_, graph, exec, std::move(host_functions));
}

Graph::Graph() noexcept = default;

Graph::Graph(Device device, void* graph, void* exec, HostFunctions host_functions) noexcept
    : device_(device), graph_(graph), exec_(exec), host_functions_(std::move(host_functions)) {
}

Graph::Graph(Device device, std::shared_ptr<const CpuTasks> tasks) noexcept
    : device_(device), cpu_tasks_(std::move(tasks)) {
    exec_ = const_cast<CpuTasks*>(cpu_tasks_.get()); // NOLINT: an opaque handle, never written
}

Graph::~Graph() {
    destroy();
}

Graph::Graph(Graph&& other) noexcept
    : device_(other.device_), graph_(std::exchange(other.graph_, nullptr)),
      exec_(std::exchange(other.exec_, nullptr)), host_functions_(std::move(other.host_functions_)),
      cpu_tasks_(std::move(other.cpu_tasks_)) {
}

Graph& Graph::operator=(Graph&& other) noexcept {
    if (this != &other) {
        destroy();
        device_ = other.device_;
        graph_ = std::exchange(other.graph_, nullptr);
        exec_ = std::exchange(other.exec_, nullptr);
        host_functions_ = std::move(other.host_functions_);
        cpu_tasks_ = std::move(other.cpu_tasks_);
    }
    return *this;
}

void Graph::destroy() noexcept {
    if (cpu_tasks_ != nullptr) {
        exec_ = nullptr; // queued replays hold the tasks themselves
        cpu_tasks_.reset();
        return;
    }
    if (exec_ != nullptr) {
        // Launches still running use the graph's host functions: let them finish first.
        if (!host_functions_.empty() && detail::driver_if_available() != nullptr) {
            try {
                detail::make_current(device_.ordinal());
                GPUCC_CU_NOTHROW(cuCtxSynchronize);
            } catch (const Error&) { // NOLINT(bugprone-empty-catch)
                // No context to wait in: no launch of this graph can be running in it either.
            }
        }
        GPUCC_CU_NOTHROW(cuGraphExecDestroy,
                         static_cast<CUgraphExec>(std::exchange(exec_, nullptr)));
    }
    if (graph_ != nullptr) {
        GPUCC_CU_NOTHROW(cuGraphDestroy, static_cast<CUgraph>(std::exchange(graph_, nullptr)));
    }
    host_functions_.clear();
}

void* Graph::checked_exec(const char* what, StreamRef stream) const {
    if (exec_ == nullptr) {
        throw ValueError(std::string(what) +
                         ": the Graph is empty (default-constructed or moved from); expected one "
                         "made by end_capture()");
    }
    if (stream.device() != device_) {
        throw DeviceError(std::string(what) + ": the graph was captured on " + device_.to_string() +
                          " but the stream is on " + stream.device().to_string());
    }
    if (!device_.is_cpu()) {
        detail::make_current(device_.ordinal());
    }
    return exec_;
}

void Graph::launch(StreamRef stream) const {
    void* exec = checked_exec("Graph::launch", stream);
    if (device_.is_cpu()) {
        detail::cpu_submit(stream, [tasks = cpu_tasks_] {
            for (const std::function<void()>& task : *tasks) {
                task();
            }
        });
        return;
    }
    GPUCC_CU(cuGraphLaunch, static_cast<CUgraphExec>(exec), static_cast<CUstream>(stream.handle()));
}

void Graph::launch() const {
    if (exec_ == nullptr) {
        checked_exec("Graph::launch", StreamRef(device_, nullptr));
    }
    launch(current_stream(device_));
}

void Graph::upload(StreamRef stream) const {
    void* exec = checked_exec("Graph::upload", stream);
    if (device_.is_cpu()) {
        return; // nothing to upload
    }
    GPUCC_CU(cuGraphUpload, static_cast<CUgraphExec>(exec), static_cast<CUstream>(stream.handle()));
}

void Graph::upload() const {
    if (exec_ == nullptr) {
        checked_exec("Graph::upload", StreamRef(device_, nullptr));
    }
    upload(current_stream(device_));
}

std::size_t Graph::node_count() const {
    if (cpu_tasks_ != nullptr) {
        return cpu_tasks_->size();
    }
    if (graph_ == nullptr) {
        return 0;
    }
    detail::make_current(device_.ordinal());
    std::size_t count = 0;
    GPUCC_CU(cuGraphGetNodes, static_cast<CUgraph>(graph_), nullptr, &count);
    return count;
}

} // namespace gpucc
