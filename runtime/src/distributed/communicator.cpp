// Communicator: checks what each operation is given (devices, dtypes, sizes, contiguity, ranks),
// picks the stream, and hands the bytes to the engine (NCCL or MPI). The messages name the
// operation, the argument, what was expected and what came.
#include "gpucc/distributed/communicator.h"

#include "distributed/engine.h"
#include "distributed/mpi_engine.h"
#include "distributed/nccl_engine.h"
#include "gpucc/errors.h"

#include <array>
#include <atomic>
#include <cstring>
#include <set>
#include <string>

namespace gpucc::distributed {
namespace {

std::string where(const detail::Engine& engine, const char* operation) {
    return std::string(operation) + " (" + engine.describe() + ")";
}

void check_array(const detail::Engine& engine, const char* operation, const char* argument,
                 const NDArray& array) {
    if (array.device() != engine.device()) {
        throw DeviceError(where(engine, operation) + ": " + argument + " is on " +
                          array.device().to_string() + ", expected " + engine.device().to_string());
    }
    if (!array.is_c_contiguous()) {
        throw ValueError(where(engine, operation) + ": " + argument +
                         " must be C-contiguous (use ascontiguousarray)");
    }
}

void check_same_dtype(const detail::Engine& engine, const char* operation, const NDArray& in,
                      const NDArray& out) {
    if (in.dtype() != out.dtype()) {
        throw TypeError(where(engine, operation) + ": out has dtype " +
                        std::string(dtype_name(out.dtype())) + ", expected in's " +
                        std::string(dtype_name(in.dtype())));
    }
}

void check_size(const detail::Engine& engine, const char* operation, const char* argument,
                const NDArray& array, std::int64_t expected, const char* why) {
    if (array.size() != expected) {
        throw ShapeError(where(engine, operation) + ": " + argument + " has " +
                         std::to_string(array.size()) + " elements, expected " +
                         std::to_string(expected) + " (" + why + ")");
    }
}

void check_rank(const detail::Engine& engine, const char* operation, const char* argument,
                int rank) {
    if (rank < 0 || rank >= engine.size()) {
        throw IndexError(where(engine, operation) + ": " + argument + " " + std::to_string(rank) +
                         " is not a rank of this communicator (0.." +
                         std::to_string(engine.size() - 1) + ")");
    }
}

StreamRef pick_stream(const detail::Engine& engine, const char* operation,
                      const std::optional<StreamRef>& stream) {
    if (!stream) {
        return current_stream(engine.device());
    }
    if (stream->device() != engine.device()) {
        throw DeviceError(where(engine, operation) + ": the stream is on " +
                          stream->device().to_string() + ", expected " +
                          engine.device().to_string());
    }
    return *stream;
}

std::size_t count_of(const NDArray& a) {
    return static_cast<std::size_t>(a.size());
}

Device gpu_or_default(const std::optional<Device>& device, const char* operation) {
    const Device d = device.value_or(default_device());
    if (!d.is_cuda()) {
        throw DeviceError(std::string(operation) +
                          ": NCCL communicators need a GPU, got cpu (CPU arrays use mpi_world())");
    }
    if (d.ordinal() >= cuda_device_count()) {
        throw DeviceError(std::string(operation) + ": " + d.to_string() +
                          " does not exist: this machine has " +
                          std::to_string(cuda_device_count()) + " CUDA devices");
    }
    return d;
}

void check_group(int n_ranks, int rank, const char* operation) {
    if (n_ranks < 1) {
        throw ValueError(std::string(operation) + ": n_ranks must be at least 1, got " +
                         std::to_string(n_ranks));
    }
    if (rank < 0 || rank >= n_ranks) {
        throw IndexError(std::string(operation) + ": rank " + std::to_string(rank) +
                         " is not in 0.." + std::to_string(n_ranks - 1));
    }
}

// Process groups made in this process so far: each gets its own key in the store, so a job may
// make several (all ranks make them in the same order).
std::atomic<int> g_groups_made{0};

} // namespace

Communicator::Communicator(std::unique_ptr<detail::Engine> engine) : engine_(std::move(engine)) {
}
Communicator::Communicator(Communicator&&) noexcept = default;
Communicator& Communicator::operator=(Communicator&&) noexcept = default;
Communicator::~Communicator() = default;

Communicator Communicator::init_process_group(int n_ranks, int rank, Store& store,
                                              std::optional<Device> device,
                                              std::optional<std::chrono::milliseconds> timeout) {
    check_group(n_ranks, rank, "init_process_group");
    const Device gpu = gpu_or_default(device, "init_process_group");
    store.set_rank(rank);
    const std::string key = "gpucc/nccl_unique_id/" + std::to_string(g_groups_made++);
    UniqueId id;
    if (rank == 0) {
        id = detail::nccl_unique_id();
        std::vector<std::byte> bytes(id.begin(), id.end());
        store.set(key, bytes);
    } else {
        const std::vector<std::byte> bytes = store.get(key);
        if (bytes.size() != id.size()) {
            throw Error(store.describe() + ": rank " + std::to_string(rank) + ": key '" + key +
                        "' holds " + std::to_string(bytes.size()) + " bytes, not a " +
                        std::to_string(id.size()) + "-byte NCCL unique id");
        }
        std::memcpy(id.data(), bytes.data(), id.size());
    }
    return Communicator(detail::make_nccl_engine(
        id, n_ranks, rank, gpu.ordinal(), timeout.value_or(store.timeout()), store.describe()));
}

std::vector<Communicator> Communicator::init_all(std::span<const int> ordinals) {
    if (ordinals.empty()) {
        throw ValueError("init_all: the list of GPUs is empty");
    }
    std::set<int> seen;
    for (const int ordinal : ordinals) {
        gpu_or_default(Device::cuda(ordinal), "init_all");
        if (!seen.insert(ordinal).second) {
            throw ValueError("init_all: cuda:" + std::to_string(ordinal) +
                             " is listed twice; NCCL needs one rank per GPU");
        }
    }
    std::vector<Communicator> communicators;
    for (auto& engine : detail::make_nccl_engines(ordinals)) {
        communicators.push_back(Communicator(std::move(engine)));
    }
    return communicators;
}

UniqueId Communicator::get_unique_id() {
    return detail::nccl_unique_id();
}

Communicator Communicator::from_unique_id(const UniqueId& id, int n_ranks, int rank,
                                          std::optional<Device> device,
                                          std::chrono::milliseconds timeout) {
    check_group(n_ranks, rank, "from_unique_id");
    const Device gpu = gpu_or_default(device, "from_unique_id");
    return Communicator(
        detail::make_nccl_engine(id, n_ranks, rank, gpu.ordinal(), timeout, "a given unique id"));
}

Communicator Communicator::mpi_world() {
    return Communicator(detail::make_mpi_world_engine());
}

Communicator Communicator::from_mpi(Communicator& mpi, std::optional<Device> device,
                                    std::chrono::milliseconds timeout) {
    if (mpi.backend() != Backend::Mpi) {
        throw ValueError("from_mpi: the communicator given is " + mpi.engine_->describe() +
                         ", expected an MPI one (mpi_world())");
    }
    detail::Engine& engine = *mpi.engine_;
    const StreamRef cpu = current_stream(Device::cpu());
    // Whether every rank can take part, before any rank waits for the id.
    std::string problem;
    Device gpu = Device::cpu();
    try {
        gpu = gpu_or_default(device, "from_mpi");
    } catch (const Error& e) {
        problem = e.what();
    }
    std::int32_t ready = problem.empty() ? 1 : 0;
    engine.all_reduce(&ready, &ready, 1, DType::Int32, ReduceOp::Min, cpu);
    if (ready == 0) {
        if (!problem.empty()) {
            throw DeviceError(problem);
        }
        throw DeviceError("from_mpi (" + engine.describe() +
                          "): another rank cannot make an NCCL communicator (no GPU there)");
    }
    // Rank 0's id, after a byte that says whether it could make one.
    std::array<std::byte, 1 + sizeof(UniqueId)> message{};
    if (engine.rank() == 0) {
        try {
            const UniqueId id = detail::nccl_unique_id();
            message[0] = std::byte{1};
            std::memcpy(message.data() + 1, id.data(), id.size());
        } catch (const Error& e) {
            problem = e.what();
        }
    }
    engine.broadcast(message.data(), message.size(), DType::UInt8, 0, cpu);
    if (message[0] != std::byte{1}) {
        throw Error("from_mpi (" + engine.describe() + "): rank 0 could not make NCCL's unique id" +
                    (problem.empty() ? std::string() : ": " + problem));
    }
    UniqueId id;
    std::memcpy(id.data(), message.data() + 1, id.size());
    return Communicator(detail::make_nccl_engine(id, engine.size(), engine.rank(), gpu.ordinal(),
                                                 timeout, "MPI (" + engine.describe() + ")"));
}

int Communicator::rank() const noexcept {
    return engine_->rank();
}
int Communicator::size() const noexcept {
    return engine_->size();
}
Device Communicator::device() const noexcept {
    return engine_->device();
}
Backend Communicator::backend() const noexcept {
    return engine_->backend();
}

void Communicator::all_reduce(const NDArray& in, const NDArray& out, ReduceOp op,
                              std::optional<StreamRef> stream) {
    check_array(*engine_, "all_reduce", "in", in);
    check_array(*engine_, "all_reduce", "out", out);
    check_same_dtype(*engine_, "all_reduce", in, out);
    check_size(*engine_, "all_reduce", "out", out, in.size(), "the size of in");
    engine_->all_reduce(in.data(), out.data(), count_of(in), in.dtype(), op,
                        pick_stream(*engine_, "all_reduce", stream));
}

void Communicator::reduce(const NDArray& in, const NDArray& out, int root, ReduceOp op,
                          std::optional<StreamRef> stream) {
    check_rank(*engine_, "reduce", "root", root);
    check_array(*engine_, "reduce", "in", in);
    check_array(*engine_, "reduce", "out", out);
    check_same_dtype(*engine_, "reduce", in, out);
    check_size(*engine_, "reduce", "out", out, in.size(), "the size of in");
    engine_->reduce(in.data(), out.data(), count_of(in), in.dtype(), op, root,
                    pick_stream(*engine_, "reduce", stream));
}

void Communicator::broadcast(const NDArray& array, int root, std::optional<StreamRef> stream) {
    check_rank(*engine_, "broadcast", "root", root);
    check_array(*engine_, "broadcast", "array", array);
    engine_->broadcast(array.data(), count_of(array), array.dtype(), root,
                       pick_stream(*engine_, "broadcast", stream));
}

void Communicator::reduce_scatter(const NDArray& in, const NDArray& out, ReduceOp op,
                                  std::optional<StreamRef> stream) {
    check_array(*engine_, "reduce_scatter", "in", in);
    check_array(*engine_, "reduce_scatter", "out", out);
    check_same_dtype(*engine_, "reduce_scatter", in, out);
    check_size(*engine_, "reduce_scatter", "in", in, out.size() * size(),
               "size() blocks of out's size");
    engine_->reduce_scatter(in.data(), out.data(), count_of(out), in.dtype(), op,
                            pick_stream(*engine_, "reduce_scatter", stream));
}

void Communicator::all_gather(const NDArray& in, const NDArray& out,
                              std::optional<StreamRef> stream) {
    check_array(*engine_, "all_gather", "in", in);
    check_array(*engine_, "all_gather", "out", out);
    check_same_dtype(*engine_, "all_gather", in, out);
    check_size(*engine_, "all_gather", "out", out, in.size() * size(),
               "size() blocks of in's size");
    engine_->all_gather(in.data(), out.data(), count_of(in), in.dtype(),
                        pick_stream(*engine_, "all_gather", stream));
}

void Communicator::send(const NDArray& array, int peer, std::optional<StreamRef> stream) {
    check_rank(*engine_, "send", "peer", peer);
    check_array(*engine_, "send", "array", array);
    engine_->send(array.data(), count_of(array), array.dtype(), peer,
                  pick_stream(*engine_, "send", stream));
}

void Communicator::recv(const NDArray& out, int peer, std::optional<StreamRef> stream) {
    check_rank(*engine_, "recv", "peer", peer);
    check_array(*engine_, "recv", "out", out);
    engine_->recv(out.data(), count_of(out), out.dtype(), peer,
                  pick_stream(*engine_, "recv", stream));
}

void Communicator::send_recv(const NDArray& in, const NDArray& out, int peer,
                             std::optional<StreamRef> stream) {
    check_rank(*engine_, "send_recv", "peer", peer);
    check_array(*engine_, "send_recv", "in", in);
    check_array(*engine_, "send_recv", "out", out);
    check_same_dtype(*engine_, "send_recv", in, out);
    check_size(*engine_, "send_recv", "out", out, in.size(), "the size of in");
    engine_->send_recv(in.data(), out.data(), count_of(in), in.dtype(), peer,
                       pick_stream(*engine_, "send_recv", stream));
}

void Communicator::scatter(const NDArray& in, const NDArray& out, int root,
                           std::optional<StreamRef> stream) {
    check_rank(*engine_, "scatter", "root", root);
    check_array(*engine_, "scatter", "out", out);
    if (rank() == root) {
        check_array(*engine_, "scatter", "in", in);
        check_same_dtype(*engine_, "scatter", in, out);
        check_size(*engine_, "scatter", "in", in, out.size() * size(),
                   "size() blocks of out's size");
    }
    engine_->scatter(rank() == root ? in.data() : nullptr, out.data(), count_of(out), out.dtype(),
                     root, pick_stream(*engine_, "scatter", stream));
}

void Communicator::gather(const NDArray& in, const NDArray& out, int root,
                          std::optional<StreamRef> stream) {
    check_rank(*engine_, "gather", "root", root);
    check_array(*engine_, "gather", "in", in);
    if (rank() == root) {
        check_array(*engine_, "gather", "out", out);
        check_same_dtype(*engine_, "gather", in, out);
        check_size(*engine_, "gather", "out", out, in.size() * size(),
                   "size() blocks of in's size");
    }
    engine_->gather(in.data(), rank() == root ? out.data() : nullptr, count_of(in), in.dtype(),
                    root, pick_stream(*engine_, "gather", stream));
}

void Communicator::all_to_all(const NDArray& in, const NDArray& out,
                              std::optional<StreamRef> stream) {
    check_array(*engine_, "all_to_all", "in", in);
    check_array(*engine_, "all_to_all", "out", out);
    check_same_dtype(*engine_, "all_to_all", in, out);
    check_size(*engine_, "all_to_all", "out", out, in.size(), "the size of in");
    if (in.size() % size() != 0) {
        throw ShapeError(where(*engine_, "all_to_all") + ": in has " + std::to_string(in.size()) +
                         " elements, not a multiple of the " + std::to_string(size()) + " ranks");
    }
    engine_->all_to_all(in.data(), out.data(), count_of(in) / static_cast<std::size_t>(size()),
                        in.dtype(), pick_stream(*engine_, "all_to_all", stream));
}

void Communicator::barrier() {
    engine_->barrier();
}
void Communicator::synchronize() {
    engine_->synchronize();
}
void Communicator::abort() {
    engine_->abort();
}
Communicator Communicator::split(int color, int key) {
    if (color < 0) {
        throw ValueError("split (" + engine_->describe() + "): color must be >= 0, got " +
                         std::to_string(color));
    }
    return Communicator(engine_->split(color, key));
}

Group::Group() {
    detail::nccl_group_start();
}

Group::~Group() noexcept(false) {
    if (std::uncaught_exceptions() > 0) {
        try {
            detail::nccl_group_end();
        } catch (...) { // NOLINT(bugprone-empty-catch): an exception is already on its way
        }
        return;
    }
    detail::nccl_group_end();
}

} // namespace gpucc::distributed
