// The pool of threads that runs host kernels: std::thread::hardware_concurrency() threads in
// all, the calling thread being one of them, so hardware_concurrency() - 1 workers, created on
// first use and kept for the life of the process. parallel_for splits a range into chunks of at
// least a minimum size that the threads take from a shared counter; a range that makes one
// chunk runs inline on the caller with no hand-off. One range runs at a time; a call made while
// another is running (from another thread, or from inside a chunk) runs inline instead of
// waiting. Private to the runtime.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace gpucc::detail {

class ThreadPool {
public:
    /// Runs chunk(context, begin, end) for consecutive chunks covering [0, n). Must not throw.
    using ChunkFn = void (*)(void* context, std::int64_t begin, std::int64_t end);

    static ThreadPool& instance();

    /// Returns when every chunk has run.
    void parallel_for(std::int64_t n, std::int64_t min_chunk, ChunkFn chunk, void* context);
    /// Threads that take part in a range, the caller included.
    int thread_count() const noexcept { return static_cast<int>(workers_.size()) + 1; }

private:
    explicit ThreadPool(int workers);
    void worker_loop();
    void run_chunks(ChunkFn chunk, void* context, std::int64_t n, std::int64_t chunk_size,
                    std::int64_t chunk_count);

    std::vector<std::thread> workers_;
    std::mutex submit_mutex_; // one range at a time

    std::mutex mutex_; // guards the job fields, generation_ and active_
    std::condition_variable work_ready_;
    std::condition_variable work_done_;
    std::uint64_t generation_ = 0;
    int active_ = 0;              // workers inside the current job
    ChunkFn job_chunk_ = nullptr; // nullptr: no job
    void* job_context_ = nullptr;
    std::int64_t job_n_ = 0;
    std::int64_t job_chunk_size_ = 0;
    std::int64_t job_chunk_count_ = 0;
    std::atomic<std::int64_t> next_chunk_{0};
    std::atomic<std::int64_t> chunks_done_{0};
};

} // namespace gpucc::detail
