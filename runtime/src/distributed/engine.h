// The interface behind gpucc::distributed::Communicator: one implementation over NCCL (GPU
// arrays) and one over MPI (CPU arrays). Communicator checks the arguments (devices, dtypes,
// sizes, contiguity, ranks) and picks the stream; an engine only moves bytes. Counts are in
// elements of `dtype`. Private to the runtime.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/device/stream.h"
#include "gpucc/distributed/communicator.h"

#include <cstddef>
#include <memory>
#include <string>

namespace gpucc::distributed::detail {

class Engine {
public:
    virtual ~Engine() = default;
    virtual int rank() const noexcept = 0;
    virtual int size() const noexcept = 0;
    virtual Device device() const noexcept = 0;
    virtual Backend backend() const noexcept = 0;
    /// "NCCL rank 1 of 2 on cuda:1", for messages.
    virtual std::string describe() const = 0;

    virtual void all_reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                            StreamRef stream) = 0;
    virtual void reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                        int root, StreamRef stream) = 0;
    virtual void broadcast(void* data, std::size_t count, DType dtype, int root,
                           StreamRef stream) = 0;
    virtual void reduce_scatter(const void* in, void* out, std::size_t count_per_rank, DType dtype,
                                ReduceOp op, StreamRef stream) = 0;
    virtual void all_gather(const void* in, void* out, std::size_t count_per_rank, DType dtype,
                            StreamRef stream) = 0;
    virtual void send(const void* data, std::size_t count, DType dtype, int peer,
                      StreamRef stream) = 0;
    virtual void recv(void* data, std::size_t count, DType dtype, int peer, StreamRef stream) = 0;
    virtual void send_recv(const void* in, void* out, std::size_t count, DType dtype, int peer,
                           StreamRef stream) = 0;
    virtual void scatter(const void* in, void* out, std::size_t count_per_rank, DType dtype,
                         int root, StreamRef stream) = 0;
    virtual void gather(const void* in, void* out, std::size_t count_per_rank, DType dtype,
                        int root, StreamRef stream) = 0;
    virtual void all_to_all(const void* in, void* out, std::size_t count_per_rank, DType dtype,
                            StreamRef stream) = 0;
    virtual void barrier() = 0;
    virtual void synchronize() = 0;
    virtual void abort() noexcept = 0;
    /// The ranks that pass the same `color` (>= 0; checked by Communicator) form a new group,
    /// ranked by `key`, then by rank here. Collective over this group's ranks.
    virtual std::unique_ptr<Engine> split(int color, int key) = 0;
};

} // namespace gpucc::distributed::detail
