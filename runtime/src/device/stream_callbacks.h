// Host functions queued on streams (StreamRef::launch_host_func) and who owns them: one queued
// for a single run deletes itself after it ran; one queued on a capturing stream becomes a host
// node of the graph and runs at each launch, so the Graph that end_capture() makes claims it and
// deletes it with the graph. Private to the runtime: it includes cuda.h.
#pragma once

#include <cuda.h>
#include <functional>
#include <memory>
#include <vector>

namespace gpucc::detail {

using HostFunctions = std::vector<std::unique_ptr<std::function<void()>>>;

/// The host functions captured into `graph` (found among its host nodes), now owned by the
/// caller. Those whose capture never ended stay with the runtime (leaked).
HostFunctions claim_captured_host_functions(CUgraph graph);

} // namespace gpucc::detail
