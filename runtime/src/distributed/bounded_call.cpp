// Runs a call on a thread of its own with a bounded wait (see bounded_call.h).
#include "distributed/bounded_call.h"

#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

namespace gpucc::distributed::detail {
namespace {

// Shared by the caller and the thread, which may outlive the caller's frame.
struct Handoff {
    std::mutex mutex;
    std::condition_variable returned_signal;
    bool returned = false;
    bool abandoned = false;
    std::exception_ptr error; // what `call` threw, rethrown to a caller still waiting
};

} // namespace

bool call_within(std::chrono::milliseconds limit, std::function<void()> call,
                 std::function<void()> late) {
    auto handoff = std::make_shared<Handoff>();
    std::thread worker([handoff, call = std::move(call), late = std::move(late)] {
        std::exception_ptr error;
        try {
            call();
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(handoff->mutex);
        handoff->returned = true;
        handoff->error = error;
        if (handoff->abandoned) {
            if (late) {
                late();
            }
            return;
        }
        handoff->returned_signal.notify_all();
    });
    std::unique_lock lock(handoff->mutex);
    if (handoff->returned_signal.wait_for(lock, limit, [&] { return handoff->returned; })) {
        lock.unlock();
        worker.join();
        if (handoff->error) {
            std::rethrow_exception(handoff->error);
        }
        return true;
    }
    handoff->abandoned = true;
    lock.unlock();
    worker.detach();
    return false;
}

} // namespace gpucc::distributed::detail
