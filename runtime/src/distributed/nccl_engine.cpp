// The NCCL engine. Operations are queued on the caller's stream (the current one by default), so
// they are ordered with the caller's kernels and can be captured into graphs: no internal stream
// and no events (PyTorch's way) are needed. A process group (init_process_group, from_unique_id,
// from_mpi, split) meets first on a non-blocking communicator (ncclCommInitRankConfig, blocking =
// 0): a call that answers ncclInProgress is polled with ncclCommGetAsyncError until done or the
// timeout passes, and then the communicator is aborted rather than waited on, so a rank that
// never comes gives an error, not a hang. NCCL 2.28 launches each group of a non-blocking
// communicator from a thread it creates for it (~60 us of host time per small collective, issue
// 24), and a communicator's blocking mode cannot change after its init; ncclCommSplit into a
// blocking communicator gave no communicator on NCCL 2.28.3
// (tests/gpu/results/2026-11-26-h100-distributed-split-attempt). So once every rank has come, rank
// 0 makes a fresh unique id, sends it over the non-blocking communicator (an all-gather waited for
// within the timeout), every rank makes a blocking communicator from it (on a thread of its own,
// waited for within the timeout: bounded_call.h), and the non-blocking one is freed: operations
// run on the blocking one, as raw NCCL's do (within 3 us of its host time per small all-reduce on
// two H100s: bench/results/2026-11-26-h100x2-distributed-small) and, like them, can wait for a rank
// lost after the meeting (the timeout covers making, splitting and freeing). split() works the same
// way: the ranks' colors and keys, then each part's new id, are gathered over the communicator, and
// each part meets as a new process group. The grouped point-to-point forms (send_recv, scatter,
// gather, all_to_all) are NCCL sends and receives inside ncclGroupStart/End, as cupyx.distributed
// does.
#include "distributed/nccl_engine.h"

#include "distributed/bounded_call.h"
#include "distributed/dtype_mapping.h"
#include "distributed/nccl_library.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace gpucc::distributed::detail {
namespace {

using Clock = std::chrono::steady_clock;

class NcclEngine;
// The non-blocking communicators used inside the current thread's open groups: ncclGroupEnd may
// answer ncclInProgress, and each of them is then polled.
thread_local int t_group_depth = 0;
thread_local std::vector<NcclEngine*> t_group_members;

cudaStream_t to_cuda(StreamRef stream) {
    return static_cast<cudaStream_t>(stream.handle());
}

class NcclEngine final : public Engine {
public:
    NcclEngine(ncclComm_t comm, int rank, int size, int ordinal, bool blocking, bool one_process,
               std::chrono::milliseconds timeout, std::string store_name)
        : comm_(comm), rank_(rank), size_(size), device_(Device::cuda(ordinal)),
          blocking_(blocking), one_process_(one_process), timeout_(timeout),
          store_name_(std::move(store_name)) {}

    ~NcclEngine() override {
        if (comm_ == nullptr) {
            return;
        }
        const NcclApi& api = nccl();
        if (one_process_) {
            // Finalising is collective over the ranks, which here are all this thread's: one at a
            // time it would wait for ever for the next. Wait for the GPU's work (the grouped calls
            // were all launched, so it ends), then free this rank alone.
            try {
                if (const auto* driver = gpucc::detail::driver_if_available()) {
                    driver->cuCtxSetCurrent(gpucc::detail::primary_context(device_.ordinal()));
                    driver->cuCtxSynchronize();
                }
            } catch (...) { // NOLINT(bugprone-empty-catch): a destructor frees what it can
            }
            api.ncclCommAbort(comm_);
            return;
        }
        if (!failed_ && blocking_) {
            // ncclCommFinalize of a blocking communicator returns when its queued operations have
            // ended: called on a thread of its own and waited for at most the timeout (10 s at
            // most); one that does not end is left to that thread rather than hung on.
            const ncclComm_t comm = comm_;
            const int ordinal = device_.ordinal();
            const NcclApi* loaded = &api;
            auto result = std::make_shared<ncclResult_t>(ncclInternalError);
            try {
                if (!call_within(std::min(timeout_, std::chrono::milliseconds(10000)),
                                 [comm, ordinal, loaded, result] {
                                     gpucc::detail::make_current(ordinal);
                                     ncclResult_t r = loaded->ncclCommFinalize(comm);
                                     if (r == ncclSuccess) {
                                         r = loaded->ncclCommDestroy(comm);
                                     }
                                     *result = r;
                                 },
                                 {})) {
                    return;
                }
            } catch (...) { // NOLINT(bugprone-empty-catch): aborted below
            }
            if (*result == ncclSuccess) {
                return;
            }
        } else if (!failed_) {
            // Flush, bounded by the timeout; a communicator that does not finish is aborted.
            ncclResult_t r = api.ncclCommFinalize(comm_);
            if (r == ncclInProgress) {
                r = poll(std::min(timeout_, std::chrono::milliseconds(10000)));
            }
            if (r == ncclSuccess && api.ncclCommDestroy(comm_) == ncclSuccess) {
                return;
            }
        }
        api.ncclCommAbort(comm_);
    }

    int rank() const noexcept override { return rank_; }
    int size() const noexcept override { return size_; }
    Device device() const noexcept override { return device_; }
    Backend backend() const noexcept override { return Backend::Nccl; }
    std::string describe() const override {
        return "NCCL rank " + std::to_string(rank_) + " of " + std::to_string(size_) + " on " +
               device_.to_string();
    }

    void all_reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                    StreamRef stream) override {
        const ncclDataType_t type = nccl_reduction_type(dtype, op, nccl().version);
        check(nccl().ncclAllReduce(in, out, count, type, nccl_op(op), comm_, to_cuda(stream)),
              "ncclAllReduce");
    }
    void reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op, int root,
                StreamRef stream) override {
        const ncclDataType_t type = nccl_reduction_type(dtype, op, nccl().version);
        check(nccl().ncclReduce(in, out, count, type, nccl_op(op), root, comm_, to_cuda(stream)),
              "ncclReduce");
    }
    void broadcast(void* data, std::size_t count, DType dtype, int root,
                   StreamRef stream) override {
        check(nccl().ncclBroadcast(data, data, count * dtype_size(dtype), ncclInt8, root, comm_,
                                   to_cuda(stream)),
              "ncclBroadcast");
    }
    void reduce_scatter(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                        StreamRef stream) override {
        const ncclDataType_t type = nccl_reduction_type(dtype, op, nccl().version);
        check(nccl().ncclReduceScatter(in, out, count, type, nccl_op(op), comm_, to_cuda(stream)),
              "ncclReduceScatter");
    }
    void all_gather(const void* in, void* out, std::size_t count, DType dtype,
                    StreamRef stream) override {
        check(nccl().ncclAllGather(in, out, count * dtype_size(dtype), ncclInt8, comm_,
                                   to_cuda(stream)),
              "ncclAllGather");
    }
    void send(const void* data, std::size_t count, DType dtype, int peer,
              StreamRef stream) override {
        check(nccl().ncclSend(data, count * dtype_size(dtype), ncclInt8, peer, comm_,
                              to_cuda(stream)),
              "ncclSend");
    }
    void recv(void* data, std::size_t count, DType dtype, int peer, StreamRef stream) override {
        check(nccl().ncclRecv(data, count * dtype_size(dtype), ncclInt8, peer, comm_,
                              to_cuda(stream)),
              "ncclRecv");
    }
    void send_recv(const void* in, void* out, std::size_t count, DType dtype, int peer,
                   StreamRef stream) override {
        const std::size_t n = count * dtype_size(dtype);
        grouped([&] {
            check(nccl().ncclSend(in, n, ncclInt8, peer, comm_, to_cuda(stream)), "ncclSend");
            check(nccl().ncclRecv(out, n, ncclInt8, peer, comm_, to_cuda(stream)), "ncclRecv");
        });
    }
    void scatter(const void* in, void* out, std::size_t count, DType dtype, int root,
                 StreamRef stream) override {
        const std::size_t n = count * dtype_size(dtype);
        grouped([&] {
            if (rank_ == root) {
                for (int r = 0; r < size_; ++r) {
                    check(nccl().ncclSend(static_cast<const char*>(in) + r * n, n, ncclInt8, r,
                                          comm_, to_cuda(stream)),
                          "ncclSend");
                }
            }
            check(nccl().ncclRecv(out, n, ncclInt8, root, comm_, to_cuda(stream)), "ncclRecv");
        });
    }
    void gather(const void* in, void* out, std::size_t count, DType dtype, int root,
                StreamRef stream) override {
        const std::size_t n = count * dtype_size(dtype);
        grouped([&] {
            check(nccl().ncclSend(in, n, ncclInt8, root, comm_, to_cuda(stream)), "ncclSend");
            if (rank_ == root) {
                for (int r = 0; r < size_; ++r) {
                    check(nccl().ncclRecv(static_cast<char*>(out) + r * n, n, ncclInt8, r, comm_,
                                          to_cuda(stream)),
                          "ncclRecv");
                }
            }
        });
    }
    void all_to_all(const void* in, void* out, std::size_t count, DType dtype,
                    StreamRef stream) override {
        const std::size_t n = count * dtype_size(dtype);
        grouped([&] {
            for (int r = 0; r < size_; ++r) {
                check(nccl().ncclSend(static_cast<const char*>(in) + r * n, n, ncclInt8, r, comm_,
                                      to_cuda(stream)),
                      "ncclSend");
                check(nccl().ncclRecv(static_cast<char*>(out) + r * n, n, ncclInt8, r, comm_,
                                      to_cuda(stream)),
                      "ncclRecv");
            }
        });
    }
    void barrier() override {
        if (one_process_) {
            // Every rank is this process, so all have come: what is left to wait for is this
            // rank's queued work (its collectives included), as for a process group.
            synchronize_stream(current_stream(device_));
            return;
        }
        gpucc::detail::make_current(device_.ordinal());
        // An all-reduce of one number, waited for: every rank has come when it completes.
        CUdeviceptr flag = 0;
        GPUCC_CU(cuMemAlloc, &flag, sizeof(int));
        const StreamRef stream = current_stream(device_);
        try {
            check(nccl().ncclAllReduce(reinterpret_cast<void*>(flag), reinterpret_cast<void*>(flag),
                                       1, ncclInt32, ncclSum, comm_, to_cuda(stream)),
                  "ncclAllReduce (barrier)");
            synchronize_stream(stream);
        } catch (...) {
            GPUCC_CU_NOTHROW(cuMemFree, flag);
            throw;
        }
        GPUCC_CU(cuMemFree, flag);
    }
    void synchronize() override { synchronize_stream(current_stream(device_)); }
    void abort() noexcept override {
        if (comm_ != nullptr) {
            nccl().ncclCommAbort(comm_);
            comm_ = nullptr;
        }
    }

    std::unique_ptr<Engine> split(int color, int key) override {
        if (one_process_) {
            throw ValueError(describe() +
                             ": split of a communicator from init_all: its ranks are all this "
                             "process; call init_all with the GPUs of each part instead");
        }
        if (comm_ == nullptr) {
            throw ValueError(describe() + ": split of an aborted communicator");
        }
        // Every rank's color and key; this rank's part, ranked by key, then by rank here.
        const std::array<std::int32_t, 2> mine = {color, key};
        const std::vector<std::byte> all =
            gather_bytes(mine.data(), sizeof mine, "split's gathering of colors and keys");
        std::vector<std::pair<std::int32_t, int>> part; // (key, rank here)
        for (int r = 0; r < size_; ++r) {
            std::array<std::int32_t, 2> theirs{};
            std::memcpy(theirs.data(), all.data() + r * sizeof mine, sizeof mine);
            if (theirs[0] == color) {
                part.emplace_back(theirs[1], r);
            }
        }
        std::sort(part.begin(), part.end());
        const int leader = part.front().second;
        const auto me = std::find(part.begin(), part.end(), std::pair{key, rank_});
        // The id each part's first rank makes, gathered: every rank takes its leader's.
        UniqueId id{};
        if (rank_ == leader) {
            id = nccl_unique_id();
        }
        const std::vector<std::byte> ids =
            gather_bytes(id.data(), id.size(), "split's gathering of unique ids");
        std::memcpy(id.data(), ids.data() + static_cast<std::size_t>(leader) * id.size(),
                    id.size());
        return make_nccl_engine(id, static_cast<int>(part.size()),
                                static_cast<int>(me - part.begin()), device_.ordinal(), timeout_,
                                "split by color " + std::to_string(color) + " of " + describe() +
                                    (store_name_.empty() ? "" : " (" + store_name_ + ")"));
    }

    // A fresh unique id made by rank 0, received by every rank over this communicator.
    UniqueId share_new_id() {
        UniqueId id{};
        if (rank_ == 0) {
            id = nccl_unique_id();
        }
        const std::vector<std::byte> all =
            gather_bytes(id.data(), id.size(), "the exchange of the operations' unique id");
        std::memcpy(id.data(), all.data(), id.size());
        return id;
    }

    // Polls the communicator until it is no longer in progress or `limit` passes (then
    // ncclInProgress).
    ncclResult_t poll(std::chrono::milliseconds limit) {
        // A collective on a non-blocking communicator answers ncclInProgress and is usually done
        // enqueueing within microseconds: poll without sleeping for the first millisecond (a
        // sleep costs ~100 us of host time per call, measured at 185 us per small all-reduce
        // against raw NCCL's 10 on two H200s), then back off to sleeps for long waits (init).
        const auto start = Clock::now();
        const auto deadline = start + limit;
        ncclResult_t state = ncclInProgress;
        for (;;) {
            if (nccl().ncclCommGetAsyncError(comm_, &state) != ncclSuccess) {
                return ncclInternalError;
            }
            const auto now = Clock::now();
            if (state != ncclInProgress || now >= deadline) {
                return state;
            }
            if (now - start < std::chrono::milliseconds(1)) {
                std::this_thread::yield();
            } else {
                std::this_thread::sleep_for(std::chrono::microseconds(50));
            }
        }
    }

    // After a call answered `result` from `api`: waits for a non-blocking communicator, and on an
    // error aborts it and throws.
    void check(ncclResult_t result, const char* api) {
        if (comm_ == nullptr) {
            throw ValueError(describe() + ": " + api + " on an aborted communicator");
        }
        if (result == ncclInProgress) {
            if (t_group_depth > 0) {
                remember_in_group();
                return;
            }
            result = poll(timeout_);
            if (result == ncclInProgress) {
                fail(std::string(api) + " did not finish in " + std::to_string(timeout_.count()) +
                     " ms");
            }
        }
        if (result != ncclSuccess) {
            fail(std::string(api) + " failed: " + nccl_error_text(result, comm_));
        }
        if (t_group_depth > 0 && !blocking_) {
            remember_in_group();
        }
    }

    [[noreturn]] void fail(const std::string& what) {
        failed_ = true;
        const std::string who = describe();
        abort();
        throw Error(who + (store_name_.empty() ? "" : " (rendezvous: " + store_name_ + ")") + ": " +
                    what + "; the communicator was aborted");
    }

private:
    // Every rank's `n` bytes at `mine`, in rank order: ncclAllGather on a stream of its own,
    // waited for within the timeout (else the communicator is aborted and the Error names `what`).
    std::vector<std::byte> gather_bytes(const void* mine, std::size_t n, const std::string& what) {
        gpucc::detail::make_current(device_.ordinal());
        const std::size_t total = n * static_cast<std::size_t>(size_);
        CUdeviceptr buffer = 0;
        GPUCC_CU(cuMemAlloc, &buffer, total);
        CUstream stream = nullptr;
        std::vector<std::byte> all(total);
        try {
            GPUCC_CU(cuStreamCreate, &stream, CU_STREAM_NON_BLOCKING);
            const CUdeviceptr slot = buffer + static_cast<std::size_t>(rank_) * n;
            GPUCC_CU(cuMemcpyHtoDAsync, slot, mine, n, stream);
            check(nccl().ncclAllGather(reinterpret_cast<void*>(slot),
                                       reinterpret_cast<void*>(buffer), n, ncclInt8, comm_,
                                       static_cast<cudaStream_t>(stream)),
                  ("ncclAllGather (" + what + ")").c_str());
            wait_for(stream, what);
            GPUCC_CU(cuMemcpyDtoHAsync, all.data(), buffer, total, stream);
            wait_for(stream, what);
        } catch (...) {
            if (stream != nullptr) {
                GPUCC_CU_NOTHROW(cuStreamDestroy, stream);
            }
            GPUCC_CU_NOTHROW(cuMemFree, buffer);
            throw;
        }
        GPUCC_CU(cuStreamDestroy, stream);
        GPUCC_CU(cuMemFree, buffer);
        return all;
    }

    // Waits until `stream` is idle, at most the timeout, checking NCCL's asynchronous error.
    void wait_for(CUstream stream, const std::string& what) {
        const auto deadline = Clock::now() + timeout_;
        for (;;) {
            const CUresult state = gpucc::detail::driver().cuStreamQuery(stream);
            if (state == CUDA_SUCCESS) {
                return;
            }
            if (state != CUDA_ERROR_NOT_READY) {
                gpucc::detail::check(state, "cuStreamQuery");
            }
            ncclResult_t async = ncclSuccess;
            nccl().ncclCommGetAsyncError(comm_, &async);
            if (async != ncclSuccess && async != ncclInProgress) {
                fail(what + ": asynchronous error: " + nccl_error_text(async, comm_));
            }
            if (Clock::now() >= deadline) {
                fail(what + " did not finish in " + std::to_string(timeout_.count()) + " ms");
            }
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
    }

    void remember_in_group() {
        if (std::find(t_group_members.begin(), t_group_members.end(), this) ==
            t_group_members.end()) {
            t_group_members.push_back(this);
        }
    }

    template <class F>
    void grouped(F&& body) {
        nccl_group_start();
        try {
            body();
        } catch (...) {
            nccl_group_end_nothrow();
            throw;
        }
        nccl_group_end();
    }

    static void nccl_group_end_nothrow() noexcept {
        try {
            nccl_group_end();
        } catch (...) { // NOLINT(bugprone-empty-catch): the first error is the one reported
        }
    }

    void synchronize_stream(StreamRef stream) {
        stream.synchronize();
        ncclResult_t state = ncclSuccess;
        if (comm_ == nullptr) {
            throw ValueError(describe() + ": synchronize on an aborted communicator");
        }
        nccl().ncclCommGetAsyncError(comm_, &state);
        if (state != ncclSuccess && state != ncclInProgress) {
            fail("asynchronous error: " + nccl_error_text(state, comm_));
        }
    }

    ncclComm_t comm_;
    int rank_;
    int size_;
    Device device_;
    bool blocking_;
    bool one_process_;
    bool failed_ = false;
    std::chrono::milliseconds timeout_;
    std::string store_name_;
};

} // namespace

void nccl_group_start() {
    const NcclApi& api = nccl();
    const ncclResult_t r = api.ncclGroupStart();
    if (r != ncclSuccess) {
        throw Error("ncclGroupStart failed: " + nccl_error_text(r, nullptr));
    }
    ++t_group_depth;
}

void nccl_group_end() {
    const NcclApi& api = nccl();
    --t_group_depth;
    const ncclResult_t r = api.ncclGroupEnd();
    if (t_group_depth > 0) {
        if (r != ncclSuccess && r != ncclInProgress) {
            throw Error("ncclGroupEnd failed: " + nccl_error_text(r, nullptr));
        }
        return;
    }
    std::vector<NcclEngine*> members;
    members.swap(t_group_members);
    if (r == ncclInProgress) {
        for (NcclEngine* member : members) {
            member->check(ncclInProgress, "ncclGroupEnd");
        }
        return;
    }
    if (r != ncclSuccess) {
        if (!members.empty()) {
            members.front()->fail("ncclGroupEnd failed: " + nccl_error_text(r, nullptr));
        }
        throw Error("ncclGroupEnd failed: " + nccl_error_text(r, nullptr));
    }
}

UniqueId nccl_unique_id() {
    ncclUniqueId id;
    const ncclResult_t r = nccl().ncclGetUniqueId(&id);
    if (r != ncclSuccess) {
        throw Error("ncclGetUniqueId failed: " + nccl_error_text(r, nullptr));
    }
    UniqueId bytes;
    static_assert(sizeof id == sizeof bytes);
    std::memcpy(bytes.data(), &id, sizeof id);
    return bytes;
}

std::unique_ptr<Engine> make_nccl_engine(const UniqueId& id, int n_ranks, int rank, int ordinal,
                                         std::chrono::milliseconds timeout,
                                         const std::string& store_name) {
    const NcclApi& api = nccl();
    gpucc::detail::make_current(ordinal);
    ncclUniqueId nccl_id;
    std::memcpy(&nccl_id, id.data(), sizeof nccl_id);
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    ncclComm_t comm = nullptr;
    const ncclResult_t started = api.ncclCommInitRankConfig(&comm, n_ranks, nccl_id, rank, &config);
    // The meeting's engine owns the communicator from here on: check() aborts it on failure.
    auto meeting = std::make_unique<NcclEngine>(comm, rank, n_ranks, ordinal, false, false, timeout,
                                                store_name);
    if (comm == nullptr) {
        throw Error(meeting->describe() +
                    ": ncclCommInitRankConfig failed: " + nccl_error_text(started, nullptr));
    }
    meeting->check(started, "ncclCommInitRankConfig (a rank did not come, or cannot be reached)");

    // Every rank has come: the blocking communicator the operations run on, from a fresh id.
    const UniqueId operations_id = meeting->share_new_id();
    ncclUniqueId nccl_operations_id;
    std::memcpy(&nccl_operations_id, operations_id.data(), sizeof nccl_operations_id);
    struct Made {
        ncclComm_t comm = nullptr;
        ncclResult_t result = ncclInternalError;
    };
    auto made = std::make_shared<Made>();
    const NcclApi* loaded = &api;
    const bool in_time = call_within(
        timeout,
        [made, loaded, nccl_operations_id, n_ranks, rank, ordinal] {
            gpucc::detail::make_current(ordinal);
            ncclConfig_t blocking = NCCL_CONFIG_INITIALIZER;
            blocking.blocking = 1;
            made->result = loaded->ncclCommInitRankConfig(&made->comm, n_ranks, nccl_operations_id,
                                                          rank, &blocking);
        },
        [made, loaded] {
            if (made->comm != nullptr) {
                loaded->ncclCommAbort(made->comm);
            }
        });
    if (!in_time) {
        meeting->fail("ncclCommInitRankConfig (blocking, for the operations) did not finish in " +
                      std::to_string(timeout.count()) + " ms");
    }
    if (made->result != ncclSuccess) {
        const std::string why = nccl_error_text(made->result, made->comm);
        if (made->comm != nullptr) {
            api.ncclCommAbort(made->comm);
        }
        meeting->fail("ncclCommInitRankConfig (blocking, for the operations) failed: " + why);
    }
    auto engine = std::make_unique<NcclEngine>(made->comm, rank, n_ranks, ordinal, true, false,
                                               timeout, store_name);
    meeting.reset(); // frees the non-blocking communicator (ncclCommFinalize, within the timeout)
    return engine;
}

std::vector<std::unique_ptr<Engine>> make_nccl_engines(std::span<const int> ordinals) {
    const NcclApi& api = nccl();
    std::vector<ncclComm_t> comms(ordinals.size());
    const int n = static_cast<int>(ordinals.size());
    const ncclResult_t r = api.ncclCommInitAll(comms.data(), n, ordinals.data());
    if (r != ncclSuccess) {
        throw Error("ncclCommInitAll over " + std::to_string(n) +
                    " GPUs failed: " + nccl_error_text(r, nullptr));
    }
    std::vector<std::unique_ptr<Engine>> engines;
    for (int i = 0; i < n; ++i) {
        engines.push_back(std::make_unique<NcclEngine>(comms[i], i, n, ordinals[i], true, true,
                                                       std::chrono::milliseconds(300000),
                                                       std::string()));
    }
    return engines;
}

} // namespace gpucc::distributed::detail
