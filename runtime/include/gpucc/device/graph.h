// CUDA graphs from stream capture, CuPy's cupy.cuda.Graph: work queued on a capturing stream
// (StreamRef::begin_capture) is recorded instead of run, end_capture() instantiates it, and
// launch() replays all of it with one call, which costs far less host time than issuing each
// kernel again. Graph owns the instantiated graph (move-only, destroyed with it).
//
//   gpucc::Stream s(gpucc::StreamKind::NonBlocking);
//   gpucc::Array<float> y;
//   {
//       gpucc::StreamGuard on(s);            // gpucc's launches and allocations go to s
//       s.begin_capture();
//       y = gpucc::add(x, x);                // captured, not run; y is allocated now
//   }
//   gpucc::Graph graph = s.end_capture();
//   graph.launch(s);                         // computes y = x + x, on each launch
//
// What a capture may contain:
//  - generated and standard-library kernels, device-to-device copies, event records and waits,
//    host functions (StreamRef::launch_host_func), all on the capturing stream (make it current
//    with a StreamGuard) or on streams that waited for an event recorded on it;
//  - allocations from the default MemoryPool: the pool works on the host and takes new memory
//    with cuMemAlloc, which the default Relaxed mode allows (Global and ThreadLocal refuse it);
//    the allocations are not graph nodes. Every array the graph reads or writes, including the
//    temporaries of expressions captured, must outlive all launches of the graph: memory freed
//    during or after the capture returns to the pool and can be handed out again while the graph
//    still writes to it at its next launch. Keep the arrays (e.g. in a vector) next to the Graph.
//    (The stream-ordered allocator, set_allocator(AllocatorKind::StreamOrdered), would make
//    allocations graph nodes instead; that case is not tested yet.);
//  - not copies between the host and a GPU: to_host, asarray from host data, copy_from_host and
//    their _async forms fail on a capturing stream with a CudaError
//    (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED) that says so, before anything is queued, so the
//    capture stays valid. Copy before begin_capture or after end_capture.
// Call each kernel once before capturing it: its module is loaded on first use, and loading one
// inside a capture is not tested yet (the tests and the bench warm up first).
// Destroying a Graph that holds host functions waits for the device first (a launch still
// running may call them).
//
// On the CPU (a gpucc::Stream of Device::cpu()) the capture records the stream's tasks instead of
// queueing them, and launch() queues them again, in order, as one task; the Graph keeps the arrays
// its kernels use alive. What a CPU capture may contain: elementwise and reduction kernels (the
// standard library's ufuncs, reductions, creation and conversion), event records and waits, host
// functions, and allocations. Work that runs on the calling thread on the CPU cannot be captured
// there and fails with CudaError CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED before doing anything: host
// copies (as on a GPU) and jit-style kernels. Work queued on other CPU streams is not pulled into
// the capture by an event wait. The capture mode is not used on the CPU.
#pragma once

#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace gpucc {

/// An instantiated graph (see the top of this file); made by StreamRef::end_capture().
class Graph {
public:
    /// A Graph that holds nothing (CuPy's Graph() cannot be made directly; here it is a place to
    /// move one into). launch() and upload() on it are a ValueError.
    Graph() noexcept;
    ~Graph();
    Graph(Graph&& other) noexcept;
    Graph& operator=(Graph&& other) noexcept;
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;

    /// Queues a replay of the whole graph on `stream` (cuGraphLaunch), which must be on the
    /// graph's device (else DeviceError). Launches of one Graph run one after another.
    void launch(StreamRef stream) const;
    /// Queues a replay on this thread's current stream of the graph's device.
    void launch() const;
    /// Uploads the graph to the device ahead of its first launch, so that launch does not pay
    /// for it (cuGraphUpload), on `stream` / the current stream of the graph's device.
    void upload(StreamRef stream) const;
    void upload() const;

    /// True when the Graph holds nothing (default-constructed or moved from).
    bool empty() const noexcept { return exec_ == nullptr; }
    explicit operator bool() const noexcept { return !empty(); }
    /// The device the graph was captured on.
    Device device() const noexcept { return device_; }
    /// The nodes of the captured graph (kernels, copies, host functions, ...; on the CPU, the
    /// tasks); 0 when empty().
    std::size_t node_count() const;
    /// The CUgraphExec and the captured CUgraph as opaque pointers; nullptr when empty().
    void* handle() const noexcept { return exec_; }
    void* graph_handle() const noexcept { return graph_; }

private:
    friend class StreamRef;
    using HostFunctions = std::vector<std::unique_ptr<std::function<void()>>>;
    using CpuTasks = std::vector<std::function<void()>>;
    Graph(Device device, void* graph, void* exec, HostFunctions host_functions) noexcept;
    /// A graph of the CPU: the tasks a CPU stream captured.
    Graph(Device device, std::shared_ptr<const CpuTasks> tasks) noexcept;
    void* checked_exec(const char* what, StreamRef stream) const;
    void destroy() noexcept;
    Device device_;
    void* graph_ = nullptr;
    void* exec_ = nullptr;
    HostFunctions host_functions_; // the host functions captured, called at each launch
    std::shared_ptr<const CpuTasks> cpu_tasks_; // on the CPU: the tasks; exec_ points to them
};

} // namespace gpucc
