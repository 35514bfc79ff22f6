// Streams on the CPU target. A gpucc::Stream made on Device::cpu() owns a CpuStream: a queue of
// host work (kernel launches over the thread pool, copies, host functions, event records and
// waits) and one worker thread that runs it in order, asynchronously with respect to the caller,
// as a GPU stream runs its work (the worker takes all that is queued at once, and spins 50 us for
// more before it sleeps: waking a thread costs more than a tiny kernel). The two named streams
// need no thread: work on the legacy null stream and on the per-thread default stream runs on the
// calling thread at once, the null stream after every blocking CpuStream has finished what was
// queued on it (CUDA's legacy null stream is ordered with every blocking stream), so a program
// that never makes a stream behaves as it did before streams existed on the CPU. An exception
// thrown by queued work is kept and rethrown by the stream's next synchronize() (or the CPU's
// gpucc::synchronize). Capture records tasks instead of queueing them, for a Graph to replay.
// Private to the runtime.
#pragma once

#include "gpucc/device/stream.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gpucc::detail {

/// One piece of work on a CPU stream.
using CpuTask = std::function<void()>;

/// The handle the per-thread default stream has on every device (CU_STREAM_PER_THREAD).
inline void* per_thread_stream_handle() noexcept {
    return reinterpret_cast<void*>(std::uintptr_t{2}); // NOLINT(performance-no-int-to-ptr)
}

class CpuStream {
public:
    explicit CpuStream(bool non_blocking);
    /// Finishes the queued work (an error it throws is reported on stderr), then joins the worker.
    ~CpuStream();
    CpuStream(const CpuStream&) = delete;
    CpuStream& operator=(const CpuStream&) = delete;

    bool non_blocking() const noexcept { return non_blocking_; }
    /// Appends `task`; while capturing, appends it to the capture instead.
    void enqueue(CpuTask task);
    /// Waits until every task queued so far has run, then rethrows the first exception a task
    /// threw since the last synchronize() (once).
    void synchronize();
    /// Waits as synchronize() does but keeps an error for the next synchronize(). Never throws.
    void wait_idle() noexcept;
    /// True when nothing is queued or running.
    bool done() const;

    void begin_capture();
    bool capturing() const;
    /// The tasks captured since begin_capture(), which ends the capture.
    std::vector<CpuTask> end_capture();

    /// The CpuStream whose worker is the calling thread; nullptr on other threads.
    static CpuStream* running_on_this_thread() noexcept;

private:
    void worker_loop();

    const bool non_blocking_;
    mutable std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable idle_;
    std::deque<CpuTask> queue_;
    std::atomic<std::size_t> queued_{0}; // queue_.size(), for the worker's spin without the lock
    bool running_ = false;               // the worker is inside a task
    bool sleeping_ = false;              // the worker waits on work_ready_
    bool stop_ = false;
    std::exception_ptr error_; // the first exception a task threw, until synchronize()
    bool capturing_ = false;
    std::vector<CpuTask> captured_;
    std::thread worker_;
};

/// The CpuStream a StreamRef of the CPU names; nullptr for the null and per-thread streams.
inline CpuStream* cpu_stream_of(StreamRef stream) noexcept {
    void* handle = stream.handle();
    return handle == per_thread_stream_handle() ? nullptr : static_cast<CpuStream*>(handle);
}

/// True when work on `stream` goes through a queue (a CPU gpucc::Stream), false when it runs on
/// the calling thread (the CPU's null and per-thread streams).
inline bool cpu_stream_queues(StreamRef stream) noexcept {
    return stream.device().is_cpu() && cpu_stream_of(stream) != nullptr;
}

/// Before work on CPU stream `stream` that runs on the calling thread now (a host copy, or work
/// that has no queued form): waits for the work it comes after (for a queued stream, what is
/// queued there; for the legacy null stream, what is queued on every blocking CPU stream; nothing
/// for the per-thread stream). A queued stream's pending error is rethrown. When the stream is
/// capturing, throws CudaError CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED from `api` naming `what`:
/// such work cannot be part of a graph on the CPU.
void cpu_before_host_work(StreamRef stream, const char* what, const char* api);

/// Runs `task` in the order of CPU stream `stream`: queued on a CPU gpucc::Stream (or captured),
/// else at once on the calling thread after cpu_before_host_work's wait.
void cpu_submit(StreamRef stream, CpuTask task);

/// Waits for every blocking CPU stream's queued work (the legacy null stream's order); nothing when
/// called from a stream's worker (from inside queued work). Never throws.
void cpu_wait_for_blocking_streams() noexcept;

/// Waits for every CPU stream's queued work, then rethrows the first error one of them kept.
void cpu_synchronize_all();

} // namespace gpucc::detail
