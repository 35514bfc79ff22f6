// CpuStream's queue and worker, the registry of live CPU streams that the legacy null stream and
// gpucc::synchronize(cpu) wait on, and the choice between queueing work and running it on the
// caller. The registry is leaked (streams may end during static destruction); a stream's worker is
// joined by its destructor, so no thread outlives the CpuStream it serves.
#include "device/cpu_stream.h"

#include "driver/driver.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>

namespace gpucc::detail {
namespace {

struct Registry {
    std::mutex mutex;
    std::vector<CpuStream*> streams;
    // Tasks queued on blocking streams and not finished: the null stream's fast path reads it.
    std::atomic<std::int64_t> blocking_pending{0};
};

Registry& registry() {
    static Registry* const r = new Registry();
    return *r;
}

thread_local CpuStream* t_running = nullptr;

// How long an idle worker spins for more work before it sleeps.
constexpr std::chrono::microseconds kSpin{50};

void report(const std::exception_ptr& error, const char* where) noexcept {
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpucc: work queued on a cpu stream threw: %s (%s)\n", e.what(),
                     where);
    } catch (...) {
        std::fprintf(stderr, "gpucc: work queued on a cpu stream threw (%s)\n", where);
    }
}

} // namespace

CpuStream::CpuStream(bool non_blocking) : non_blocking_(non_blocking) {
    worker_ = std::thread([this] { worker_loop(); });
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.streams.push_back(this);
}

CpuStream::~CpuStream() {
    wait_idle();
    {
        Registry& r = registry();
        const std::lock_guard<std::mutex> lock(r.mutex);
        r.streams.erase(std::find(r.streams.begin(), r.streams.end(), this));
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    work_ready_.notify_one();
    worker_.join();
    if (error_) {
        report(error_, "the stream was destroyed before a synchronize() reported it");
    }
}

CpuStream* CpuStream::running_on_this_thread() noexcept {
    return t_running;
}

void CpuStream::worker_loop() {
    t_running = this;
    std::deque<CpuTask> batch;
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        if (queue_.empty()) {
            if (stop_) {
                return;
            }
            // Spin a little first: a caller issuing work back to back refills the queue within
            // microseconds, and waking a sleeping thread costs more than that.
            lock.unlock();
            const auto until = std::chrono::steady_clock::now() + kSpin;
            while (queued_.load(std::memory_order_relaxed) == 0 &&
                   std::chrono::steady_clock::now() < until) {
                __builtin_ia32_pause();
            }
            lock.lock();
            if (queue_.empty() && !stop_) {
                sleeping_ = true;
                work_ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
                sleeping_ = false;
            }
            continue;
        }
        batch.swap(queue_); // everything queued so far, in order, under one lock
        queued_.store(0, std::memory_order_relaxed);
        running_ = true;
        lock.unlock();
        std::exception_ptr error;
        for (CpuTask& task : batch) {
            try {
                task();
            } catch (...) {
                if (!error) {
                    error = std::current_exception();
                }
            }
            task = nullptr; // what the task holds (arrays' buffers) goes before it counts as done
            if (!non_blocking_) {
                registry().blocking_pending.fetch_sub(1, std::memory_order_acq_rel);
            }
        }
        batch.clear();
        lock.lock();
        running_ = false;
        if (error && !error_) {
            error_ = error;
        }
        if (queue_.empty()) {
            idle_.notify_all();
        }
    }
}

void CpuStream::enqueue(CpuTask task) {
    bool wake = false;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (capturing_) {
            captured_.push_back(std::move(task));
            return;
        }
        if (!non_blocking_) {
            registry().blocking_pending.fetch_add(1, std::memory_order_acq_rel);
        }
        queue_.push_back(std::move(task));
        queued_.store(queue_.size(), std::memory_order_relaxed);
        wake = sleeping_;
    }
    if (wake) {
        work_ready_.notify_one();
    }
}

void CpuStream::wait_idle() noexcept {
    if (t_running == this) {
        return; // a task waiting for its own stream would never return
    }
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !running_; });
}

void CpuStream::synchronize() {
    wait_idle();
    std::exception_ptr error;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        error = std::exchange(error_, nullptr);
    }
    if (error) {
        std::rethrow_exception(error);
    }
}

bool CpuStream::done() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return queue_.empty() && !running_;
}

void CpuStream::begin_capture() {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (capturing_) {
        throw_cuda_error(CUDA_ERROR_ILLEGAL_STATE, "cuStreamBeginCapture",
                         "begin_capture: the cpu stream is already capturing");
    }
    capturing_ = true;
    captured_.clear();
}

bool CpuStream::capturing() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return capturing_;
}

std::vector<CpuTask> CpuStream::end_capture() {
    const std::lock_guard<std::mutex> lock(mutex_);
    capturing_ = false;
    return std::exchange(captured_, {});
}

void cpu_wait_for_blocking_streams() noexcept {
    Registry& r = registry();
    if (r.blocking_pending.load(std::memory_order_acquire) == 0) [[likely]] {
        return;
    }
    if (t_running != nullptr) {
        // Work issued from inside queued work (a host function) runs in its stream's order;
        // waiting here for other streams could wait for a synchronize that waits for this one.
        return;
    }
    const std::lock_guard<std::mutex> lock(r.mutex);
    for (CpuStream* stream : r.streams) {
        if (!stream->non_blocking()) {
            stream->wait_idle(); // skips the calling worker's own stream
        }
    }
}

void cpu_synchronize_all() {
    Registry& r = registry();
    std::exception_ptr first;
    {
        const std::lock_guard<std::mutex> lock(r.mutex);
        for (CpuStream* stream : r.streams) {
            try {
                stream->synchronize();
            } catch (...) {
                if (!first) {
                    first = std::current_exception();
                }
            }
        }
    }
    if (first) {
        std::rethrow_exception(first);
    }
}

void cpu_before_host_work(StreamRef stream, const char* what, const char* api) {
    CpuStream* queue = cpu_stream_of(stream);
    if (queue == nullptr) {
        if (stream.handle() == nullptr) {
            cpu_wait_for_blocking_streams();
        }
        return;
    }
    if (queue->capturing()) {
        throw_cuda_error(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, api,
                         std::string(what) +
                             ": the cpu stream is capturing a graph, and this work runs on the "
                             "calling thread on the cpu, so it cannot be captured; do it before "
                             "begin_capture() or after end_capture()");
    }
    queue->synchronize();
}

void cpu_submit(StreamRef stream, CpuTask task) {
    if (CpuStream* queue = cpu_stream_of(stream)) {
        queue->enqueue(std::move(task));
        return;
    }
    if (stream.handle() == nullptr) {
        cpu_wait_for_blocking_streams();
    }
    task();
}

} // namespace gpucc::detail
