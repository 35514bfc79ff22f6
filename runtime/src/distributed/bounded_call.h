// Calls that NCCL gives no way to stop from outside, made on a thread of their own so that the
// caller waits at most a given time: the blocking communicator's ncclCommInitRankConfig, which
// returns only when every rank has joined, and its ncclCommFinalize, which returns only when its
// queued operations end. A call that overruns is left to finish on its thread (then `late` runs
// there, e.g. to abort what it made); the caller goes on and reports the timeout. Private.
#pragma once

#include <chrono>
#include <functional>

namespace gpucc::distributed::detail {

/// Runs `call` on a new thread and waits for it at most `limit`. True when it returned in time
/// (the thread is joined, so what it wrote is visible; what it threw is rethrown here); false when
/// not: the thread is detached and runs `late` after `call` if `call` ever returns.
bool call_within(std::chrono::milliseconds limit, std::function<void()> call,
                 std::function<void()> late);

} // namespace gpucc::distributed::detail
