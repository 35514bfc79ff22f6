// gpucc::distributed's communicator: a group of ranks that exchange arrays, in the vocabulary of
// cupyx.distributed (all_reduce, reduce, broadcast, reduce_scatter, all_gather, send, recv,
// send_recv, scatter, gather, all_to_all, barrier; ops sum, prod, max, min, avg). GPU arrays go
// through NCCL (libnccl.so.2 from the CUDA toolkit, opened with dlopen at first use), CPU arrays
// through MPI (Open MPI's libmpi.so.40, also opened at first use), so a program that runs on
// several GPUs also runs on machines that have none.
//
// Three ways to make one:
//  - init_process_group(n, rank, store, device): one process per GPU; rank 0 makes NCCL's
//    unique id and publishes it through the store (FileStore or TcpStore, store.h);
//  - init_all({0, 1, ...}): one process driving several GPUs, one communicator each
//    (ncclCommInitAll); calls on them from one thread go inside a Group (see below);
//  - mpi_world(): the processes mpirun started, for CPU arrays (MPI_COMM_WORLD).
// from_mpi() makes an NCCL communicator over an MPI communicator's processes (the id goes through
// MPI); from_unique_id() serves users who swap NCCL's id themselves; split() makes parts.
//
// GPU operations are queued on the given stream, or the device's current one, like any other
// work there (CuPy's choice), so they are ordered with the caller's kernels by the stream itself
// and can be captured into a graph. PyTorch instead runs them on an internal stream ordered by
// events, which it needs because its allocator and work objects track that stream; gpucc has no
// such stream and needs no events, so there is none. CPU operations wait for the work queued on
// the given CPU stream first and run on the calling thread. Arrays must be C-contiguous and on
// the communicator's device.
#pragma once

#include "gpucc/array/ndarray.h"
#include "gpucc/device/stream.h"
#include "gpucc/distributed/store.h"

#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace gpucc::distributed {

/// The reductions: sum, product, maximum, minimum and mean over the ranks.
enum class ReduceOp { Sum, Prod, Max, Min, Avg };
/// "sum", "prod", "max", "min", "avg".
std::string_view reduce_op_name(ReduceOp op) noexcept;

/// What moves the bytes.
enum class Backend { Nccl, Mpi };

/// NCCL's unique id (ncclUniqueId, 128 bytes): what the ranks of an NCCL job must share.
using UniqueId = std::array<std::byte, 128>;

namespace detail {
class Engine;
}

/// One rank's end of a group of ranks. Move-only. The destructor frees NCCL's communicator
/// (ncclCommFinalize then ncclCommDestroy, waited for at most the timeout, 10 s at most) or aborts
/// it (ncclCommAbort) when it failed; a finalisation that does not end in time (a rank gone with
/// operations queued) is left to a thread of its own: the destructor never hangs.
class Communicator {
public:
    /// One process per GPU: this process is `rank` of `n_ranks` on `device` (a GPU; default: the
    /// default device). Rank 0 makes the unique id and sets it in `store`; the others get it.
    /// NCCL starts non-blocking and is given `timeout` (default: the store's) to finish; a rank
    /// that never comes gives an Error naming this rank, the store and what timed out. Once every
    /// rank has come, the operations get a blocking communicator of their own (NCCL launches each
    /// collective of a non-blocking one from a thread it makes for it, tens of microseconds of
    /// host time), made from a fresh id sent over the first and within the same timeout; the
    /// first is then freed. The timeout covers making the communicator, split() and the
    /// destructor; a rank lost later can leave an operation or synchronize() waiting, as with raw
    /// NCCL. Sets NCCL_NVLS_ENABLE=0 unless the environment says otherwise.
    static Communicator init_process_group(int n_ranks, int rank, Store& store,
                                           std::optional<Device> device = std::nullopt,
                                           std::optional<std::chrono::milliseconds> timeout = {});
    /// One process over several GPUs: a communicator for each of `ordinals`, rank i on GPU
    /// ordinals[i] (ncclCommInitAll). DeviceError for a CPU-only machine or a missing GPU,
    /// ValueError for an empty or repeated list.
    static std::vector<Communicator> init_all(std::span<const int> ordinals);
    static std::vector<Communicator> init_all(std::initializer_list<int> ordinals) {
        return init_all(std::span<const int>(ordinals.begin(), ordinals.size()));
    }
    /// A fresh NCCL unique id (ncclGetUniqueId), for users who pass it on themselves (MPI_Bcast).
    static UniqueId get_unique_id();
    /// This process as `rank` of `n_ranks` on `device`, from an id every rank was given.
    static Communicator
    from_unique_id(const UniqueId& id, int n_ranks, int rank,
                   std::optional<Device> device = std::nullopt,
                   std::chrono::milliseconds timeout = std::chrono::seconds(300));
    /// The processes of this MPI job (MPI_COMM_WORLD), for CPU arrays. MPI is initialised on the
    /// first call (and finalised at exit) unless the program did it. DeviceError naming the
    /// library when Open MPI's libmpi.so.40 cannot be loaded.
    static Communicator mpi_world();
    /// An NCCL communicator over the ranks of the MPI communicator `mpi` (from mpi_world() or its
    /// split), this process on `device` (default: the default device), for MPI users without a
    /// store: its rank 0 makes the unique id and broadcasts it through MPI. Every rank first
    /// learns whether all can take part, so a rank without a GPU (DeviceError) or without NCCL
    /// makes every rank throw rather than wait. ValueError when `mpi` is not an MPI communicator.
    static Communicator from_mpi(Communicator& mpi, std::optional<Device> device = std::nullopt,
                                 std::chrono::milliseconds timeout = std::chrono::seconds(300));

    Communicator(Communicator&&) noexcept;
    Communicator& operator=(Communicator&&) noexcept;
    ~Communicator();

    int rank() const noexcept;
    int size() const noexcept;
    /// The GPU of an NCCL communicator; the CPU for MPI.
    Device device() const noexcept;
    Backend backend() const noexcept;

    /// out = op over the ranks of in. `in` and `out` have the same dtype and size (may be the same
    /// array: in place).
    void all_reduce(const NDArray& in, const NDArray& out, ReduceOp op = ReduceOp::Sum,
                    std::optional<StreamRef> stream = {});
    /// As all_reduce, the result only on `root` (out is not written elsewhere).
    void reduce(const NDArray& in, const NDArray& out, int root, ReduceOp op = ReduceOp::Sum,
                std::optional<StreamRef> stream = {});
    /// Copies root's `array` into every rank's `array`.
    void broadcast(const NDArray& array, int root, std::optional<StreamRef> stream = {});
    /// `in` holds size() blocks of out.size() elements; rank r gets op over the ranks of block r.
    void reduce_scatter(const NDArray& in, const NDArray& out, ReduceOp op = ReduceOp::Sum,
                        std::optional<StreamRef> stream = {});
    /// `out` holds size() blocks of in.size() elements; block r is rank r's `in`.
    void all_gather(const NDArray& in, const NDArray& out, std::optional<StreamRef> stream = {});
    /// Sends `array` to rank `peer`, which calls recv with an array of the same dtype and size.
    void send(const NDArray& array, int peer, std::optional<StreamRef> stream = {});
    void recv(const NDArray& out, int peer, std::optional<StreamRef> stream = {});
    /// Sends `in` to `peer` and receives `out` from it at once (no deadlock when both call it).
    void send_recv(const NDArray& in, const NDArray& out, int peer,
                   std::optional<StreamRef> stream = {});
    /// Root's `in` holds size() blocks of out.size() elements; rank r gets block r. `in` is read
    /// on the root only (other ranks may pass any array, e.g. `out`).
    void scatter(const NDArray& in, const NDArray& out, int root,
                 std::optional<StreamRef> stream = {});
    /// Root's `out` gets size() blocks: block r is rank r's `in`. `out` is only used on the root.
    void gather(const NDArray& in, const NDArray& out, int root,
                std::optional<StreamRef> stream = {});
    /// `in` and `out` hold size() blocks each; block s of rank r's out is block r of rank s's in.
    void all_to_all(const NDArray& in, const NDArray& out, std::optional<StreamRef> stream = {});
    /// Waits until every rank has come: MPI_Barrier; for NCCL an all-reduce of one number on the
    /// device's current stream, waited for (so the GPU work queued before it has finished too).
    /// For communicators from init_all, whose ranks are all this process (so all have come), it
    /// waits for the work queued on this rank's device's current stream and checks NCCL's
    /// asynchronous error, as synchronize().
    void barrier();
    /// Waits for the work queued on the device's current stream and checks NCCL's asynchronous
    /// error (ncclCommGetAsyncError); on an error the communicator is aborted and the Error names
    /// the rank. Nothing to wait for with MPI, whose calls return when done.
    void synchronize();
    /// Aborts the communicator at once (ncclCommAbort); it cannot be used afterwards.
    void abort();
    /// A new communicator of the ranks that pass the same `color` (>= 0, else ValueError),
    /// ranked by `key`, then by rank here: MPI_Comm_split. Every rank of this communicator calls
    /// it. For NCCL, the colors and keys, then each part's new unique id, are gathered over this
    /// communicator and each part meets as init_process_group's do, within this communicator's
    /// timeout (NCCL 2.28's ncclCommSplit gave no communicator here, so it is not used). For
    /// communicators from init_all (ValueError) call init_all with each part's GPUs instead.
    Communicator split(int color, int key = 0);

private:
    explicit Communicator(std::unique_ptr<detail::Engine> engine);
    std::unique_ptr<detail::Engine> engine_;
};

/// Groups NCCL calls, as ncclGroupStart/ncclGroupEnd: needed when one thread drives several
/// GPUs' communicators (from init_all), whose collectives must be queued together. The end of the
/// scope launches them. Nests. No effect on MPI communicators.
class Group {
public:
    Group();
    ~Group() noexcept(false);
    Group(const Group&) = delete;
    Group& operator=(const Group&) = delete;
};

} // namespace gpucc::distributed
