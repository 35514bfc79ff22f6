// The host kernel thread pool. Protocol: the caller publishes a job under mutex_ and bumps
// generation_; workers copy the job under the same lock and count themselves in active_; chunks
// are taken from next_chunk_ without the lock. The caller runs chunks too, then waits under the
// lock until every chunk is done and no worker is still inside the job, and retires it
// (job_chunk_ = nullptr) before returning, so a late worker never sees a finished job.
#include "cpu/thread_pool.h"

#include <algorithm>

namespace gpucc::detail {

ThreadPool& ThreadPool::instance() {
    // Leaked: the workers block forever on work_ready_ and the process may exit at any time.
    static ThreadPool* const pool = [] {
        const unsigned hardware = std::thread::hardware_concurrency();
        return new ThreadPool(hardware > 1 ? static_cast<int>(hardware) - 1 : 0);
    }();
    return *pool;
}

ThreadPool::ThreadPool(int workers) {
    workers_.reserve(static_cast<std::size_t>(workers));
    for (int i = 0; i < workers; ++i) {
        workers_.emplace_back([this] { worker_loop(); });
        workers_.back().detach();
    }
}

void ThreadPool::run_chunks(ChunkFn chunk, void* context, std::int64_t n, std::int64_t chunk_size,
                            std::int64_t chunk_count) {
    while (true) {
        const std::int64_t index = next_chunk_.fetch_add(1, std::memory_order_relaxed);
        if (index >= chunk_count) {
            return;
        }
        const std::int64_t begin = index * chunk_size;
        chunk(context, begin, std::min(n, begin + chunk_size));
        chunks_done_.fetch_add(1, std::memory_order_acq_rel);
    }
}

void ThreadPool::worker_loop() {
    std::uint64_t seen = 0;
    while (true) {
        ChunkFn chunk = nullptr;
        void* context = nullptr;
        std::int64_t n = 0;
        std::int64_t chunk_size = 0;
        std::int64_t chunk_count = 0;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            work_ready_.wait(lock, [&] { return generation_ != seen; });
            seen = generation_;
            if (job_chunk_ == nullptr) {
                continue; // the job finished before this worker woke
            }
            chunk = job_chunk_;
            context = job_context_;
            n = job_n_;
            chunk_size = job_chunk_size_;
            chunk_count = job_chunk_count_;
            ++active_;
        }
        run_chunks(chunk, context, n, chunk_size, chunk_count);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            --active_;
        }
        work_done_.notify_all();
    }
}

void ThreadPool::parallel_for(std::int64_t n, std::int64_t min_chunk, ChunkFn chunk,
                              void* context) {
    if (n <= 0) {
        return;
    }
    const std::int64_t threads = thread_count();
    // About four chunks per thread for balance, none smaller than min_chunk, in whole cache
    // lines of 64 elements.
    std::int64_t chunk_size = std::max(min_chunk, (n + threads * 4 - 1) / (threads * 4));
    chunk_size = (chunk_size + 63) / 64 * 64;
    const std::int64_t chunk_count = (n + chunk_size - 1) / chunk_size;
    std::unique_lock<std::mutex> submit(submit_mutex_, std::try_to_lock);
    if (chunk_count == 1 || workers_.empty() || !submit.owns_lock()) {
        chunk(context, 0, n);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        job_chunk_ = chunk;
        job_context_ = context;
        job_n_ = n;
        job_chunk_size_ = chunk_size;
        job_chunk_count_ = chunk_count;
        next_chunk_.store(0, std::memory_order_relaxed);
        chunks_done_.store(0, std::memory_order_relaxed);
        ++generation_;
    }
    work_ready_.notify_all();
    run_chunks(chunk, context, n, chunk_size, chunk_count);
    std::unique_lock<std::mutex> lock(mutex_);
    work_done_.wait(lock, [&] {
        return active_ == 0 && chunks_done_.load(std::memory_order_acquire) == chunk_count;
    });
    job_chunk_ = nullptr;
}

} // namespace gpucc::detail
