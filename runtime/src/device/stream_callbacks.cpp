// StreamRef::launch_host_func and the ownership of its functions (stream_callbacks.h). The driver
// calls a plain function with a pointer; the pointer is a heap std::function. Exceptions must not
// cross the driver's thread, so they are reported on stderr and dropped. On the CPU the function is
// a task of the stream (device/cpu_stream.h), its exceptions reported and dropped the same way.
#include "device/stream_callbacks.h"

#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <cstdio>
#include <exception>
#include <mutex>
#include <unordered_set>
#include <utility>

namespace gpucc {
namespace detail {
namespace {

using Function = std::function<void()>;

void run(Function& fn) noexcept {
    try {
        fn();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpucc: a host function launched on a stream threw: %s (ignored)\n",
                     e.what());
    } catch (...) {
        std::fprintf(stderr, "gpucc: a host function launched on a stream threw (ignored)\n");
    }
}

// A function queued for one run: deleted once it ran.
void CUDA_CB run_once(void* user_data) {
    const std::unique_ptr<Function> fn(static_cast<Function*>(user_data));
    run(*fn);
}

// A function captured into a graph: runs at each launch, owned by the Graph.
void CUDA_CB run_captured(void* user_data) {
    run(*static_cast<Function*>(user_data));
}

// Functions captured and not yet claimed by a Graph. Leaked: captures may end at exit.
struct PendingCaptured {
    std::mutex mutex;
    std::unordered_set<Function*> functions;
};
PendingCaptured& pending_captured() {
    static PendingCaptured* const pending = new PendingCaptured();
    return *pending;
}

} // namespace

HostFunctions claim_captured_host_functions(CUgraph graph) {
    HostFunctions claimed;
    PendingCaptured& pending = pending_captured();
    {
        std::lock_guard<std::mutex> lock(pending.mutex);
        if (pending.functions.empty()) {
            return claimed;
        }
    }
    std::size_t count = 0;
    GPUCC_CU(cuGraphGetNodes, graph, nullptr, &count);
    std::vector<CUgraphNode> nodes(count);
    GPUCC_CU(cuGraphGetNodes, graph, nodes.data(), &count);
    nodes.resize(count);
    std::lock_guard<std::mutex> lock(pending.mutex);
    for (CUgraphNode node : nodes) {
        CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
        GPUCC_CU(cuGraphNodeGetType, node, &type);
        if (type != CU_GRAPH_NODE_TYPE_HOST) {
            continue;
        }
        CUDA_HOST_NODE_PARAMS params{};
        GPUCC_CU(cuGraphHostNodeGetParams, node, &params);
        auto* fn = static_cast<Function*>(params.userData);
        if (params.fn == &run_captured && pending.functions.erase(fn) == 1) {
            claimed.emplace_back(fn);
        }
    }
    return claimed;
}

} // namespace detail

void StreamRef::launch_host_func(std::function<void()> fn) const {
    if (!fn) {
        throw ValueError("launch_host_func: fn is empty; expected a callable");
    }
    if (device_.is_cpu()) {
        // Shared: a captured task is copied into the Graph and runs at each replay.
        auto shared = std::make_shared<detail::Function>(std::move(fn));
        detail::cpu_submit(*this, [shared] { detail::run(*shared); });
        return;
    }
    detail::require_cuda_device(device_, "launch_host_func");
    detail::make_current(device_.ordinal());
    const auto stream = static_cast<CUstream>(handle_);
    CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
    GPUCC_CU(cuStreamIsCapturing, stream, &status);
    auto owned = std::make_unique<detail::Function>(std::move(fn));
    if (status != CU_STREAM_CAPTURE_STATUS_ACTIVE) {
        GPUCC_CU(cuLaunchHostFunc, stream, &detail::run_once, owned.get());
        owned.release(); // run_once deletes it
        return;
    }
    detail::PendingCaptured& pending = detail::pending_captured();
    {
        std::lock_guard<std::mutex> lock(pending.mutex);
        pending.functions.insert(owned.get());
    }
    const CUresult result =
        detail::driver().cuLaunchHostFunc(stream, &detail::run_captured, owned.get());
    if (result != CUDA_SUCCESS) {
        std::lock_guard<std::mutex> lock(pending.mutex);
        pending.functions.erase(owned.get());
        detail::throw_cuda_error(result, "cuLaunchHostFunc", "launch_host_func");
    }
    owned.release(); // the Graph made by end_capture() claims it
}

} // namespace gpucc
