// The fake CUDA driver of fake_driver.h. One mutex guards all of its state; handles are pointers
// to its own objects (streams, events, graphs), device pointers are host memory. Only
// cuGetProcAddress_v2 is exported, as the runtime looks up nothing else; entry points the fake
// does not model fail with CUDA_ERROR_NOT_SUPPORTED. Kernels are recorded, never run.
#include "driver/fake_driver.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDevices = 2;
constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -5;
constexpr std::size_t kTotalMemory = std::size_t{1} << 30;

struct Graph;

struct Stream {
    unsigned flags = 0;
    int priority = 0;
    bool busy = false;
    CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
    Graph* graph = nullptr; // while capturing
};

struct Event {
    unsigned flags = 0;
    bool recorded = false;
    bool busy = false;
    CUstream stream = nullptr;
    Clock::time_point time;
};

struct Node {
    CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
    CUDA_HOST_NODE_PARAMS host{};
};

struct Graph {
    std::vector<std::unique_ptr<Node>> nodes;
};

struct Exec {
    std::vector<Node> nodes;
};

struct State {
    std::mutex mutex;
    std::unordered_set<Stream*> streams;
    std::unordered_set<Event*> events;
    std::unordered_set<Graph*> graphs;
    std::unordered_set<Exec*> execs;
    std::unordered_set<void*> allocations;
    Stream legacy;
    FakeCudaCounts counts{};
    std::vector<std::unique_ptr<std::string>> function_names; // CUfunction handles point here
    FakeKernelLaunch last_launch{};
    FakeLaunchHook launch_hook = nullptr;
    void* launch_hook_context = nullptr;
    FakeMemsetD32 last_memset{};
};

State& state() {
    static State* const s = new State();
    return *s;
}

thread_local Stream t_per_thread;
thread_local CUcontext t_context = nullptr;
int g_contexts[kDevices];

// The fake's object behind a stream handle; nullptr for an unknown handle. Called locked.
Stream* stream_of(CUstream handle) {
    if (handle == nullptr || handle == CU_STREAM_LEGACY) {
        return &state().legacy;
    }
    if (handle == CU_STREAM_PER_THREAD) {
        return &t_per_thread;
    }
    auto* stream = reinterpret_cast<Stream*>(handle);
    return state().streams.contains(stream) ? stream : nullptr;
}

// Work queued on `stream` while it captures becomes a node; otherwise it runs now.
bool capture_node(Stream& stream, Node node) {
    if (stream.capture == CU_STREAM_CAPTURE_STATUS_NONE) {
        return false;
    }
    if (stream.capture == CU_STREAM_CAPTURE_STATUS_ACTIVE) {
        stream.graph->nodes.push_back(std::make_unique<Node>(node));
    }
    return true;
}

CUresult capture_breaks(Stream& stream) {
    if (stream.capture == CU_STREAM_CAPTURE_STATUS_NONE) {
        return CUDA_SUCCESS;
    }
    stream.capture = CU_STREAM_CAPTURE_STATUS_INVALIDATED;
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

using Lock = std::lock_guard<std::mutex>;

// --- Initialisation, errors, devices, contexts ---

CUresult fake_cuInit(unsigned int) {
    return CUDA_SUCCESS;
}

CUresult fake_cuDriverGetVersion(int* version) {
    *version = 13000;
    return CUDA_SUCCESS;
}

const char* error_name(CUresult error) {
    switch (error) {
    case CUDA_SUCCESS:
        return "CUDA_SUCCESS";
    case CUDA_ERROR_INVALID_VALUE:
        return "CUDA_ERROR_INVALID_VALUE";
    case CUDA_ERROR_OUT_OF_MEMORY:
        return "CUDA_ERROR_OUT_OF_MEMORY";
    case CUDA_ERROR_INVALID_HANDLE:
        return "CUDA_ERROR_INVALID_HANDLE";
    case CUDA_ERROR_NOT_READY:
        return "CUDA_ERROR_NOT_READY";
    case CUDA_ERROR_ILLEGAL_STATE:
        return "CUDA_ERROR_ILLEGAL_STATE";
    case CUDA_ERROR_NOT_SUPPORTED:
        return "CUDA_ERROR_NOT_SUPPORTED";
    case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED:
        return "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED";
    case CUDA_ERROR_STREAM_CAPTURE_INVALIDATED:
        return "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED";
    default:
        return nullptr;
    }
}

CUresult fake_cuGetErrorName(CUresult error, const char** name) {
    *name = error_name(error);
    return *name != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fake_cuGetErrorString(CUresult error, const char** text) {
    switch (error) {
    case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED:
        *text = "operation not permitted when stream is capturing";
        return CUDA_SUCCESS;
    case CUDA_ERROR_STREAM_CAPTURE_INVALIDATED:
        *text = "operation failed due to a previous error during capture";
        return CUDA_SUCCESS;
    default:
        *text = error_name(error);
        return *text != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
    }
}

CUresult fake_cuDeviceGet(CUdevice* device, int ordinal) {
    if (ordinal < 0 || ordinal >= kDevices) {
        return CUDA_ERROR_INVALID_DEVICE;
    }
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult fake_cuDeviceGetCount(int* count) {
    *count = kDevices;
    return CUDA_SUCCESS;
}

CUresult fake_cuDeviceGetName(char* name, int length, CUdevice) {
    std::strncpy(name, "gpucc fake device", static_cast<std::size_t>(length));
    return CUDA_SUCCESS;
}

CUresult fake_cuDeviceGetAttribute(int* value, CUdevice_attribute attribute, CUdevice) {
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
        *value = 132;
        break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
        *value = 2048;
        break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
        *value = 1024;
        break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
        *value = 32;
        break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
        *value = 9;
        break;
    default:
        *value = 0;
    }
    return CUDA_SUCCESS;
}

CUresult fake_cuDeviceTotalMem(std::size_t* bytes, CUdevice) {
    *bytes = kTotalMemory;
    return CUDA_SUCCESS;
}

CUresult fake_cuDevicePrimaryCtxRetain(CUcontext* context, CUdevice device) {
    *context = reinterpret_cast<CUcontext>(&g_contexts[device]);
    return CUDA_SUCCESS;
}

CUresult fake_cuCtxGetCurrent(CUcontext* context) {
    *context = t_context;
    return CUDA_SUCCESS;
}

CUresult fake_cuCtxSetCurrent(CUcontext context) {
    t_context = context;
    return CUDA_SUCCESS;
}

CUresult fake_cuCtxSynchronize() {
    return CUDA_SUCCESS;
}

CUresult fake_cuCtxGetStreamPriorityRange(int* least, int* greatest) {
    *least = kLeastPriority;
    *greatest = kGreatestPriority;
    return CUDA_SUCCESS;
}

// --- Streams ---

CUresult fake_cuStreamCreateWithPriority(CUstream* handle, unsigned int flags, int priority) {
    auto* stream = new Stream();
    stream->flags = flags;
    stream->priority = priority < kGreatestPriority ? kGreatestPriority
                       : priority > kLeastPriority  ? kLeastPriority
                                                    : priority;
    const Lock lock(state().mutex);
    state().streams.insert(stream);
    ++state().counts.live_streams;
    ++state().counts.streams_created;
    *handle = reinterpret_cast<CUstream>(stream);
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamCreate(CUstream* handle, unsigned int flags) {
    return fake_cuStreamCreateWithPriority(handle, flags, 0);
}

CUresult fake_cuStreamDestroy(CUstream handle) {
    const Lock lock(state().mutex);
    auto* stream = reinterpret_cast<Stream*>(handle);
    if (state().streams.erase(stream) == 0) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    --state().counts.live_streams;
    delete stream;
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamGetPriority(CUstream handle, int* priority) {
    const Lock lock(state().mutex);
    const Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    *priority = stream->priority;
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamGetFlags(CUstream handle, unsigned int* flags) {
    const Lock lock(state().mutex);
    const Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    *flags = stream->flags;
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamQuery(CUstream handle) {
    const Lock lock(state().mutex);
    Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (stream->capture != CU_STREAM_CAPTURE_STATUS_NONE) {
        return capture_breaks(*stream);
    }
    return stream->busy ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

CUresult fake_cuStreamSynchronize(CUstream handle) {
    const Lock lock(state().mutex);
    Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    return capture_breaks(*stream);
}

CUresult fake_cuStreamWaitEvent(CUstream handle, CUevent, unsigned int) {
    const Lock lock(state().mutex);
    if (stream_of(handle) == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    ++state().counts.stream_waits;
    return CUDA_SUCCESS;
}

CUresult fake_cuLaunchHostFunc(CUstream handle, CUhostFn fn, void* user_data) {
    {
        const Lock lock(state().mutex);
        Stream* stream = stream_of(handle);
        if (stream == nullptr) {
            return CUDA_ERROR_INVALID_HANDLE;
        }
        if (stream->capture == CU_STREAM_CAPTURE_STATUS_INVALIDATED) {
            return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
        }
        Node node;
        node.type = CU_GRAPH_NODE_TYPE_HOST;
        node.host = CUDA_HOST_NODE_PARAMS{fn, user_data};
        if (capture_node(*stream, node)) {
            return CUDA_SUCCESS;
        }
        ++state().counts.host_functions_run;
    }
    fn(user_data); // unlocked: it may call back into the fake
    return CUDA_SUCCESS;
}

// --- Events ---

CUresult fake_cuEventCreate(CUevent* handle, unsigned int flags) {
    auto* event = new Event();
    event->flags = flags;
    const Lock lock(state().mutex);
    state().events.insert(event);
    ++state().counts.live_events;
    ++state().counts.events_created;
    *handle = reinterpret_cast<CUevent>(event);
    return CUDA_SUCCESS;
}

Event* event_of(CUevent handle) {
    auto* event = reinterpret_cast<Event*>(handle);
    return state().events.contains(event) ? event : nullptr;
}

CUresult fake_cuEventDestroy(CUevent handle) {
    const Lock lock(state().mutex);
    Event* event = event_of(handle);
    if (event == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    state().events.erase(event);
    --state().counts.live_events;
    delete event;
    return CUDA_SUCCESS;
}

CUresult fake_cuEventRecord(CUevent handle, CUstream stream_handle) {
    const Lock lock(state().mutex);
    Event* event = event_of(handle);
    const Stream* stream = stream_of(stream_handle);
    if (event == nullptr || stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    event->recorded = true;
    event->busy = stream->busy;
    event->stream = stream_handle;
    event->time = Clock::now();
    return CUDA_SUCCESS;
}

CUresult fake_cuEventSynchronize(CUevent handle) {
    const Lock lock(state().mutex);
    return event_of(handle) != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult fake_cuEventQuery(CUevent handle) {
    const Lock lock(state().mutex);
    const Event* event = event_of(handle);
    if (event == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    return event->busy ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

CUresult fake_cuEventElapsedTime(float* ms, CUevent start_handle, CUevent end_handle) {
    const Lock lock(state().mutex);
    const Event* start = event_of(start_handle);
    const Event* end = event_of(end_handle);
    if (start == nullptr || end == nullptr || !start->recorded || !end->recorded ||
        ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING) != 0) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (start->busy || end->busy) {
        return CUDA_ERROR_NOT_READY;
    }
    *ms = std::chrono::duration<float, std::milli>(end->time - start->time).count();
    return CUDA_SUCCESS;
}

// --- Capture and graphs ---

CUresult fake_cuStreamBeginCapture(CUstream handle, CUstreamCaptureMode) {
    const Lock lock(state().mutex);
    if (handle == nullptr || handle == CU_STREAM_LEGACY) {
        return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
    }
    Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (stream->capture != CU_STREAM_CAPTURE_STATUS_NONE) {
        return CUDA_ERROR_ILLEGAL_STATE;
    }
    stream->capture = CU_STREAM_CAPTURE_STATUS_ACTIVE;
    stream->graph = new Graph();
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamIsCapturing(CUstream handle, CUstreamCaptureStatus* status) {
    const Lock lock(state().mutex);
    const Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    *status = stream->capture;
    return CUDA_SUCCESS;
}

CUresult fake_cuStreamEndCapture(CUstream handle, CUgraph* graph) {
    const Lock lock(state().mutex);
    Stream* stream = stream_of(handle);
    if (stream == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (stream->capture == CU_STREAM_CAPTURE_STATUS_NONE) {
        return CUDA_ERROR_ILLEGAL_STATE;
    }
    const bool invalidated = stream->capture == CU_STREAM_CAPTURE_STATUS_INVALIDATED;
    stream->capture = CU_STREAM_CAPTURE_STATUS_NONE;
    Graph* captured = std::exchange(stream->graph, nullptr);
    if (invalidated) {
        delete captured;
        *graph = nullptr;
        return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
    }
    state().graphs.insert(captured);
    ++state().counts.live_graphs;
    *graph = reinterpret_cast<CUgraph>(captured);
    return CUDA_SUCCESS;
}

Graph* graph_of(CUgraph handle) {
    auto* graph = reinterpret_cast<Graph*>(handle);
    return state().graphs.contains(graph) ? graph : nullptr;
}

CUresult fake_cuGraphDestroy(CUgraph handle) {
    const Lock lock(state().mutex);
    Graph* graph = graph_of(handle);
    if (graph == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    state().graphs.erase(graph);
    --state().counts.live_graphs;
    delete graph;
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphGetNodes(CUgraph handle, CUgraphNode* nodes, std::size_t* count) {
    const Lock lock(state().mutex);
    const Graph* graph = graph_of(handle);
    if (graph == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (nodes == nullptr) {
        *count = graph->nodes.size();
        return CUDA_SUCCESS;
    }
    const std::size_t n = std::min(*count, graph->nodes.size());
    for (std::size_t i = 0; i < n; ++i) {
        nodes[i] = reinterpret_cast<CUgraphNode>(graph->nodes[i].get());
    }
    *count = n;
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphNodeGetType(CUgraphNode node, CUgraphNodeType* type) {
    *type = reinterpret_cast<const Node*>(node)->type;
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphHostNodeGetParams(CUgraphNode handle, CUDA_HOST_NODE_PARAMS* params) {
    const auto* node = reinterpret_cast<const Node*>(handle);
    if (node->type != CU_GRAPH_NODE_TYPE_HOST) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *params = node->host;
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphInstantiateWithFlags(CUgraphExec* handle, CUgraph graph_handle,
                                          unsigned long long) {
    const Lock lock(state().mutex);
    const Graph* graph = graph_of(graph_handle);
    if (graph == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    auto* exec = new Exec();
    for (const auto& node : graph->nodes) {
        exec->nodes.push_back(*node);
    }
    state().execs.insert(exec);
    ++state().counts.live_graph_execs;
    *handle = reinterpret_cast<CUgraphExec>(exec);
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphExecDestroy(CUgraphExec handle) {
    const Lock lock(state().mutex);
    auto* exec = reinterpret_cast<Exec*>(handle);
    if (state().execs.erase(exec) == 0) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    --state().counts.live_graph_execs;
    delete exec;
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphLaunch(CUgraphExec handle, CUstream stream_handle) {
    std::vector<Node> nodes;
    {
        const Lock lock(state().mutex);
        auto* exec = reinterpret_cast<Exec*>(handle);
        if (!state().execs.contains(exec) || stream_of(stream_handle) == nullptr) {
            return CUDA_ERROR_INVALID_HANDLE;
        }
        ++state().counts.graph_launches;
        nodes = exec->nodes;
    }
    for (const Node& node : nodes) {
        if (node.type == CU_GRAPH_NODE_TYPE_HOST) {
            {
                const Lock lock(state().mutex);
                ++state().counts.host_functions_run;
            }
            node.host.fn(node.host.userData);
        }
    }
    return CUDA_SUCCESS;
}

CUresult fake_cuGraphUpload(CUgraphExec handle, CUstream stream_handle) {
    const Lock lock(state().mutex);
    auto* exec = reinterpret_cast<Exec*>(handle);
    if (!state().execs.contains(exec) || stream_of(stream_handle) == nullptr) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    ++state().counts.graph_uploads;
    return CUDA_SUCCESS;
}

// --- Memory: host memory stands in for the device's ---

CUresult fake_cuMemAlloc(CUdeviceptr* address, std::size_t bytes) {
    void* memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
    if (memory == nullptr) {
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    const Lock lock(state().mutex);
    state().allocations.insert(memory);
    ++state().counts.live_allocations;
    *address = reinterpret_cast<CUdeviceptr>(memory);
    return CUDA_SUCCESS;
}

CUresult fake_cuMemFree(CUdeviceptr address) {
    auto* memory = reinterpret_cast<void*>(address);
    const Lock lock(state().mutex);
    if (state().allocations.erase(memory) == 0) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    --state().counts.live_allocations;
    std::free(memory);
    return CUDA_SUCCESS;
}

CUresult fake_cuMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
    *free_bytes = kTotalMemory / 4 * 3;
    *total_bytes = kTotalMemory;
    return CUDA_SUCCESS;
}

CUresult fake_cuMemHostAlloc(void** memory, std::size_t bytes, unsigned int) {
    *memory = std::malloc(bytes);
    return *memory != nullptr ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult fake_cuMemFreeHost(void* memory) {
    std::free(memory);
    return CUDA_SUCCESS;
}

CUresult queue_copy(CUstream handle, void* to, const void* from, std::size_t bytes) {
    {
        const Lock lock(state().mutex);
        Stream* stream = stream_of(handle);
        if (stream == nullptr) {
            return CUDA_ERROR_INVALID_HANDLE;
        }
        Node node;
        node.type = CU_GRAPH_NODE_TYPE_MEMCPY;
        if (capture_node(*stream, node)) {
            return CUDA_SUCCESS; // a replay copies nothing: the fake keeps no copy parameters
        }
    }
    std::memcpy(to, from, bytes);
    return CUDA_SUCCESS;
}

CUresult fake_cuMemcpyHtoDAsync(CUdeviceptr to, const void* from, std::size_t bytes,
                                CUstream stream) {
    return queue_copy(stream, reinterpret_cast<void*>(to), from, bytes);
}

CUresult fake_cuMemcpyDtoHAsync(void* to, CUdeviceptr from, std::size_t bytes, CUstream stream) {
    return queue_copy(stream, to, reinterpret_cast<const void*>(from), bytes);
}

CUresult fake_cuMemcpyDtoDAsync(CUdeviceptr to, CUdeviceptr from, std::size_t bytes,
                                CUstream stream) {
    return queue_copy(stream, reinterpret_cast<void*>(to), reinterpret_cast<const void*>(from),
                      bytes);
}

CUresult fake_cuMemsetD32Async(CUdeviceptr to, unsigned int value, std::size_t count,
                               CUstream handle) {
    {
        const Lock lock(state().mutex);
        Stream* stream = stream_of(handle);
        if (stream == nullptr) {
            return CUDA_ERROR_INVALID_HANDLE;
        }
        ++state().counts.memsets_d32;
        state().last_memset = {reinterpret_cast<void*>(to), value, count, handle};
        Node node;
        node.type = CU_GRAPH_NODE_TYPE_MEMSET;
        if (capture_node(*stream, node)) {
            return CUDA_SUCCESS;
        }
    }
    std::fill_n(reinterpret_cast<std::uint32_t*>(to), count, value);
    return CUDA_SUCCESS;
}

// --- Modules and kernels: any image loads; launches are recorded and shown to the hook ---

int g_module; // the one module handle

CUresult fake_cuModuleLoadData(CUmodule* module, const void* image) {
    if (image == nullptr) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *module = reinterpret_cast<CUmodule>(&g_module);
    return CUDA_SUCCESS;
}

CUresult fake_cuModuleGetFunction(CUfunction* function, CUmodule module, const char* name) {
    if (module != reinterpret_cast<CUmodule>(&g_module)) {
        return CUDA_ERROR_INVALID_HANDLE;
    }
    const Lock lock(state().mutex);
    state().function_names.push_back(std::make_unique<std::string>(name));
    *function = reinterpret_cast<CUfunction>(state().function_names.back().get());
    return CUDA_SUCCESS;
}

CUresult fake_cuLaunchKernel(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                             unsigned block_x, unsigned block_y, unsigned block_z,
                             unsigned shared_bytes, CUstream handle, void** params, void**) {
    FakeLaunchHook hook = nullptr;
    void* context = nullptr;
    FakeKernelLaunch launch{};
    {
        const Lock lock(state().mutex);
        Stream* stream = stream_of(handle);
        if (stream == nullptr || function == nullptr) {
            return CUDA_ERROR_INVALID_HANDLE;
        }
        if (grid_x == 0 || grid_y == 0 || grid_z == 0 || grid_y > 65535 || grid_z > 65535 ||
            block_x * block_y * block_z > 1024) {
            return CUDA_ERROR_INVALID_VALUE;
        }
        launch = {reinterpret_cast<const std::string*>(function)->c_str(),
                  {grid_x, grid_y, grid_z},
                  {block_x, block_y, block_z},
                  shared_bytes,
                  handle};
        state().last_launch = launch;
        ++state().counts.kernel_launches;
        Node node;
        node.type = CU_GRAPH_NODE_TYPE_KERNEL;
        if (capture_node(*stream, node)) {
            return CUDA_SUCCESS; // captured: the hook sees nothing
        }
        hook = state().launch_hook;
        context = state().launch_hook_context;
    }
    if (hook != nullptr) {
        hook(&launch, params, context);
    }
    return CUDA_SUCCESS;
}

// cuLaunchKernel with the config's shape; counts the launches that asked for programmatic stream
// serialization.
CUresult fake_cuLaunchKernelEx(const CUlaunchConfig* config, CUfunction function, void** params,
                               void** extra) {
    for (unsigned k = 0; k < config->numAttrs; ++k) {
        if (config->attrs[k].id == CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION &&
            config->attrs[k].value.programmaticStreamSerializationAllowed != 0) {
            const Lock lock(state().mutex);
            ++state().counts.programmatic_launches;
        }
    }
    return fake_cuLaunchKernel(function, config->gridDimX, config->gridDimY, config->gridDimZ,
                               config->blockDimX, config->blockDimY, config->blockDimZ,
                               config->sharedMemBytes, config->hStream, params, extra);
}

// What the fake does not model (the driver's memory pools, peer copies).
CUresult fake_unsupported() {
    return CUDA_ERROR_NOT_SUPPORTED;
}

struct Entry {
    std::string_view name;
    void* function;
};

#define FAKE_ENTRY(name) {#name, reinterpret_cast<void*>(&fake_##name)}
const Entry kEntries[] = {
    FAKE_ENTRY(cuInit),
    FAKE_ENTRY(cuDriverGetVersion),
    FAKE_ENTRY(cuGetErrorName),
    FAKE_ENTRY(cuGetErrorString),
    FAKE_ENTRY(cuDeviceGet),
    FAKE_ENTRY(cuDeviceGetCount),
    FAKE_ENTRY(cuDeviceGetName),
    FAKE_ENTRY(cuDeviceGetAttribute),
    FAKE_ENTRY(cuDeviceTotalMem),
    FAKE_ENTRY(cuDevicePrimaryCtxRetain),
    FAKE_ENTRY(cuCtxGetCurrent),
    FAKE_ENTRY(cuCtxSetCurrent),
    FAKE_ENTRY(cuCtxSynchronize),
    FAKE_ENTRY(cuCtxGetStreamPriorityRange),
    FAKE_ENTRY(cuStreamCreate),
    FAKE_ENTRY(cuStreamCreateWithPriority),
    FAKE_ENTRY(cuStreamDestroy),
    FAKE_ENTRY(cuStreamGetPriority),
    FAKE_ENTRY(cuStreamGetFlags),
    FAKE_ENTRY(cuStreamQuery),
    FAKE_ENTRY(cuStreamSynchronize),
    FAKE_ENTRY(cuStreamWaitEvent),
    FAKE_ENTRY(cuLaunchHostFunc),
    FAKE_ENTRY(cuEventCreate),
    FAKE_ENTRY(cuEventDestroy),
    FAKE_ENTRY(cuEventRecord),
    FAKE_ENTRY(cuEventSynchronize),
    FAKE_ENTRY(cuEventQuery),
    FAKE_ENTRY(cuEventElapsedTime),
    FAKE_ENTRY(cuStreamBeginCapture),
    FAKE_ENTRY(cuStreamEndCapture),
    FAKE_ENTRY(cuStreamIsCapturing),
    FAKE_ENTRY(cuGraphInstantiateWithFlags),
    FAKE_ENTRY(cuGraphLaunch),
    FAKE_ENTRY(cuGraphUpload),
    FAKE_ENTRY(cuGraphExecDestroy),
    FAKE_ENTRY(cuGraphDestroy),
    FAKE_ENTRY(cuGraphGetNodes),
    FAKE_ENTRY(cuGraphNodeGetType),
    FAKE_ENTRY(cuGraphHostNodeGetParams),
    FAKE_ENTRY(cuMemAlloc),
    FAKE_ENTRY(cuMemFree),
    FAKE_ENTRY(cuMemGetInfo),
    FAKE_ENTRY(cuMemHostAlloc),
    FAKE_ENTRY(cuMemFreeHost),
    FAKE_ENTRY(cuMemcpyHtoDAsync),
    FAKE_ENTRY(cuMemcpyDtoHAsync),
    FAKE_ENTRY(cuMemcpyDtoDAsync),
    FAKE_ENTRY(cuMemsetD32Async),
    FAKE_ENTRY(cuModuleLoadData),
    FAKE_ENTRY(cuModuleGetFunction),
    FAKE_ENTRY(cuLaunchKernel),
    FAKE_ENTRY(cuLaunchKernelEx),
};
#undef FAKE_ENTRY

} // namespace

extern "C" {

// The runtime's only look-up. A symbol the fake does not model resolves to fake_unsupported,
// called through the runtime's pointer type: its arguments are ignored, which the x86-64 calling
// convention makes harmless, and it returns CUDA_ERROR_NOT_SUPPORTED.
__attribute__((visibility("default"))) CUresult cuGetProcAddress_v2(
    const char* symbol, void** pfn, int, cuuint64_t, CUdriverProcAddressQueryResult* status) {
    *pfn = reinterpret_cast<void*>(&fake_unsupported);
    for (const Entry& entry : kEntries) {
        if (entry.name == symbol) {
            *pfn = entry.function;
        }
    }
    if (status != nullptr) {
        *status = CU_GET_PROC_ADDRESS_SUCCESS;
    }
    return CUDA_SUCCESS;
}

__attribute__((visibility("default"))) FakeCudaCounts fake_cuda_counts() {
    const Lock lock(state().mutex);
    return state().counts;
}

__attribute__((visibility("default"))) void fake_cuda_set_stream_busy(void* handle, bool busy) {
    const Lock lock(state().mutex);
    if (Stream* stream = stream_of(static_cast<CUstream>(handle))) {
        stream->busy = busy;
    }
}

__attribute__((visibility("default"))) unsigned fake_cuda_event_flags(void* handle) {
    const Lock lock(state().mutex);
    const Event* event = event_of(static_cast<CUevent>(handle));
    return event != nullptr ? event->flags : ~0U;
}

__attribute__((visibility("default"))) void* fake_cuda_event_stream(void* handle) {
    const Lock lock(state().mutex);
    const Event* event = event_of(static_cast<CUevent>(handle));
    return event != nullptr && event->recorded ? static_cast<void*>(event->stream) : nullptr;
}

__attribute__((visibility("default"))) void fake_cuda_set_launch_hook(FakeLaunchHook hook,
                                                                      void* context) {
    const Lock lock(state().mutex);
    state().launch_hook = hook;
    state().launch_hook_context = context;
}

__attribute__((visibility("default"))) FakeKernelLaunch fake_cuda_last_launch() {
    const Lock lock(state().mutex);
    return state().last_launch;
}

__attribute__((visibility("default"))) FakeMemsetD32 fake_cuda_last_memset_d32() {
    const Lock lock(state().mutex);
    return state().last_memset;
}

} // extern "C"
