// Every collective of gpucc::distributed on CPU arrays over MPI, for every dtype and (for the
// reductions) every op, against the host reference of reference.h. CTest runs this program under
// mpirun with 2 and 3 processes on one machine (loopback). All ranks run the same cases in the
// same order; checks are EXPECTs so a failing rank keeps in step with the others.
#include "distributed/reference.h"

#include <chrono>
#include <gpucc/array/ndarray.h>
#include <gpucc/array/shape.h>
#include <gpucc/device/stream.h>
#include <gpucc/errors.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/operators.h>
#include <gtest/gtest.h>
#include <memory>
#include <thread>

namespace {

using gpucc::DType;
using gpucc::NDArray;
using gpucc::Shape;
using gpucc::distributed::Communicator;
using gpucc::distributed::ReduceOp;
using namespace gpucc_test;

Communicator& world() {
    static Communicator* const communicator = new Communicator(Communicator::mpi_world());
    return *communicator;
}

NDArray make_array(const std::vector<double>& values, DType dtype) {
    NDArray a =
        gpucc::empty(Shape{static_cast<std::int64_t>(values.size())}, dtype, gpucc::Device::cpu());
    a.copy_from_host(to_bytes(values, dtype).data());
    return a;
}

NDArray make_empty(std::size_t n, DType dtype) {
    return gpucc::empty(Shape{static_cast<std::int64_t>(n)}, dtype, gpucc::Device::cpu());
}

std::vector<double> read(const NDArray& a) {
    std::vector<std::byte> bytes(a.nbytes());
    a.copy_to_host(bytes.data());
    return from_bytes(bytes, a.dtype());
}

std::vector<std::vector<double>> every_rank(DType dtype, std::size_t n, int salt) {
    std::vector<std::vector<double>> inputs;
    for (int r = 0; r < world().size(); ++r) {
        inputs.push_back(rank_values(r, dtype, n, salt));
    }
    return inputs;
}

std::string label(DType dtype, ReduceOp op, std::size_t n) {
    return std::string(gpucc::dtype_name(dtype)) + " " +
           std::string(gpucc::distributed::reduce_op_name(op)) + " n=" + std::to_string(n) +
           " rank " + std::to_string(world().rank());
}

const std::size_t kSizes[] = {1, 37, 4099};

TEST(MpiCollectives, WorldHasTheLaunchedRanks) {
    EXPECT_GE(world().size(), 2);
    EXPECT_LT(world().rank(), world().size());
    EXPECT_EQ(world().device(), gpucc::Device::cpu());
    EXPECT_EQ(world().backend(), gpucc::distributed::Backend::Mpi);
}

TEST(MpiCollectives, AllReduceEveryDtypeAndOp) {
    for (const DType dtype : all_dtypes()) {
        for (const ReduceOp op : all_ops()) {
            for (const std::size_t n : kSizes) {
                const auto inputs = every_rank(dtype, n, 1);
                const NDArray in = make_array(inputs[world().rank()], dtype);
                const NDArray out = make_empty(n, dtype);
                if (!reducible(dtype, op)) {
                    EXPECT_THROW(world().all_reduce(in, out, op), gpucc::TypeError);
                    continue;
                }
                world().all_reduce(in, out, op);
                EXPECT_EQ(first_difference(read(out), reduce_reference(inputs, op, dtype), dtype),
                          "")
                    << label(dtype, op, n);
                // In place: in and out the same array.
                world().all_reduce(in, in, op);
                EXPECT_EQ(first_difference(read(in), reduce_reference(inputs, op, dtype), dtype),
                          "")
                    << "in place " << label(dtype, op, n);
            }
        }
    }
}

TEST(MpiCollectives, ReduceToEachRoot) {
    for (const DType dtype : all_dtypes()) {
        for (const ReduceOp op : all_ops()) {
            if (!reducible(dtype, op)) {
                continue;
            }
            for (int root = 0; root < world().size(); ++root) {
                const auto inputs = every_rank(dtype, 37, 2 + root);
                const NDArray in = make_array(inputs[world().rank()], dtype);
                const std::vector<double> sentinel(37, 1.0);
                const NDArray out = make_array(sentinel, dtype);
                world().reduce(in, out, root, op);
                const auto expected = world().rank() == root
                                          ? reduce_reference(inputs, op, dtype)
                                          : from_bytes(to_bytes(sentinel, dtype), dtype);
                EXPECT_EQ(first_difference(read(out), expected, dtype), "")
                    << label(dtype, op, 37) << " root " << root;
            }
        }
    }
}

TEST(MpiCollectives, BroadcastFromEachRoot) {
    for (const DType dtype : all_dtypes()) {
        for (int root = 0; root < world().size(); ++root) {
            const auto inputs = every_rank(dtype, 4099, 3);
            const NDArray a = make_array(inputs[world().rank()], dtype);
            world().broadcast(a, root);
            EXPECT_EQ(first_difference(read(a), inputs[root], dtype), "")
                << gpucc::dtype_name(dtype) << " root " << root;
        }
    }
}

TEST(MpiCollectives, ReduceScatterEveryDtypeAndOp) {
    const int n_ranks = world().size();
    for (const DType dtype : all_dtypes()) {
        for (const ReduceOp op : all_ops()) {
            if (!reducible(dtype, op)) {
                continue;
            }
            const std::size_t block = 29;
            const auto inputs = every_rank(dtype, block * n_ranks, 4);
            const NDArray in = make_array(inputs[world().rank()], dtype);
            const NDArray out = make_empty(block, dtype);
            world().reduce_scatter(in, out, op);
            auto full = reduce_reference(inputs, op, dtype);
            const std::vector<double> mine(full.begin() + world().rank() * block,
                                           full.begin() + (world().rank() + 1) * block);
            EXPECT_EQ(first_difference(read(out), mine, dtype), "") << label(dtype, op, block);
        }
    }
}

TEST(MpiCollectives, AllGatherGatherScatterAllToAll) {
    const int n_ranks = world().size();
    const int me = world().rank();
    for (const DType dtype : all_dtypes()) {
        const std::size_t block = 31;
        const auto inputs = every_rank(dtype, block, 5);
        std::vector<double> concatenated;
        for (const auto& v : inputs) {
            concatenated.insert(concatenated.end(), v.begin(), v.end());
        }
        const std::string name(gpucc::dtype_name(dtype));

        const NDArray in = make_array(inputs[me], dtype);
        const NDArray gathered = make_empty(block * n_ranks, dtype);
        world().all_gather(in, gathered);
        EXPECT_EQ(first_difference(read(gathered), concatenated, dtype), "")
            << "all_gather " << name;

        const int root = n_ranks - 1;
        const NDArray at_root = make_empty(block * n_ranks, dtype);
        world().gather(in, at_root, root);
        if (me == root) {
            EXPECT_EQ(first_difference(read(at_root), concatenated, dtype), "")
                << "gather " << name;
        }

        // scatter: the root's blocks, one to each rank.
        const auto root_blocks = rank_values(root, dtype, block * n_ranks, 6);
        const NDArray source =
            make_array(me == root ? root_blocks : std::vector<double>(1, 0.0), dtype);
        const NDArray piece = make_empty(block, dtype);
        world().scatter(source, piece, root);
        EXPECT_EQ(first_difference(read(piece),
                                   std::vector<double>(root_blocks.begin() + me * block,
                                                       root_blocks.begin() + (me + 1) * block),
                                   dtype),
                  "")
            << "scatter " << name;

        // all_to_all: block s of my out is block me of rank s's in.
        std::vector<double> expected;
        for (int s = 0; s < n_ranks; ++s) {
            const auto theirs = rank_values(s, dtype, block * n_ranks, 7);
            expected.insert(expected.end(), theirs.begin() + me * block,
                            theirs.begin() + (me + 1) * block);
        }
        const NDArray send = make_array(rank_values(me, dtype, block * n_ranks, 7), dtype);
        const NDArray received = make_empty(block * n_ranks, dtype);
        world().all_to_all(send, received);
        EXPECT_EQ(first_difference(read(received), expected, dtype), "") << "all_to_all " << name;
    }
}

TEST(MpiCollectives, SendRecvInARing) {
    const int n_ranks = world().size();
    const int me = world().rank();
    const int next = (me + 1) % n_ranks;
    const int previous = (me + n_ranks - 1) % n_ranks;
    for (const DType dtype : all_dtypes()) {
        const NDArray mine = make_array(rank_values(me, dtype, 513, 8), dtype);
        const NDArray from_previous = make_empty(513, dtype);
        // send_recv between pairs (0, 1), (2, 3), ...; an odd last rank pairs with itself.
        const int partner = (me ^ 1) < n_ranks ? (me ^ 1) : me;
        world().send_recv(mine, from_previous, partner);
        EXPECT_EQ(first_difference(read(from_previous), rank_values(partner, dtype, 513, 8), dtype),
                  "")
            << "send_recv " << gpucc::dtype_name(dtype);
        // send and recv around the ring, ordered so that it cannot deadlock.
        if (me == 0) {
            world().send(mine, next);
            world().recv(from_previous, previous);
        } else {
            world().recv(from_previous, previous);
            world().send(mine, next);
        }
        EXPECT_EQ(
            first_difference(read(from_previous), rank_values(previous, dtype, 513, 8), dtype), "")
            << "send/recv " << gpucc::dtype_name(dtype);
    }
}

TEST(MpiCollectives, WaitsForTheWorkQueuedOnTheGivenCpuStream) {
    // The input is computed by a kernel queued on a CPU stream behind a 100 ms host function: the
    // all-reduce given that stream must see its result, not what the buffer held before.
    const gpucc::Stream stream(gpucc::Device::cpu());
    const gpucc::StreamRef ref = stream;
    const auto inputs = every_rank(DType::Int32, 257, 9);
    std::vector<std::vector<double>> doubled = inputs;
    for (auto& v : doubled) {
        for (double& x : v) {
            x *= 2;
        }
    }
    const NDArray in = make_array(inputs[world().rank()], DType::Int32);
    const NDArray out = make_empty(257, DType::Int32);
    NDArray twice;
    {
        const gpucc::StreamGuard on_stream(ref);
        ref.launch_host_func([] { std::this_thread::sleep_for(std::chrono::milliseconds(100)); });
        twice = in + in; // queued behind the host function
    }
    world().all_reduce(twice, out, ReduceOp::Sum, ref);
    EXPECT_EQ(first_difference(read(out), reduce_reference(doubled, ReduceOp::Sum, DType::Int32),
                               DType::Int32),
              "");
    // The stream must be on the communicator's device.
    EXPECT_THROW(world().all_reduce(in, out, ReduceOp::Sum,
                                    gpucc::StreamRef(gpucc::Device::cuda(0), nullptr)),
                 gpucc::DeviceError);
}

TEST(MpiCollectives, BarrierAndArgumentErrors) {
    world().barrier();
    const NDArray a = make_empty(8, DType::Float32);
    const NDArray b = make_empty(9, DType::Float32);
    const NDArray c = make_empty(8, DType::Int32);
    EXPECT_THROW(world().all_reduce(a, b), gpucc::ShapeError);
    EXPECT_THROW(world().all_reduce(a, c), gpucc::TypeError);
    EXPECT_THROW(world().broadcast(a, world().size()), gpucc::IndexError);
    EXPECT_THROW(world().send(a, -1), gpucc::IndexError);
    EXPECT_THROW(world().all_gather(a, a), gpucc::ShapeError);
    const NDArray strided = make_empty(16, DType::Float32)(gpucc::Slice(0, 16, 2));
    EXPECT_THROW(world().all_reduce(strided, a), gpucc::ValueError);
    try {
        world().all_reduce(a, b);
    } catch (const gpucc::ShapeError& e) {
        EXPECT_NE(std::string(e.what()).find("all_reduce (MPI rank"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("expected 8"), std::string::npos) << e.what();
    }
    world().barrier();
}

// Split by parity, ranked in reverse: each part's ranks, sizes and collectives (all_reduce of every
// op, all_gather's block order) against the reference over that part's world ranks only.
TEST(MpiCollectives, SplitByParityInReverseOrder) {
    const int n_ranks = world().size();
    const int me = world().rank();
    Communicator part = world().split(me % 2, -me);
    std::vector<int> members; // world ranks of my part, in the part's rank order
    for (int r = n_ranks - 1; r >= 0; --r) {
        if (r % 2 == me % 2) {
            members.push_back(r);
        }
    }
    ASSERT_EQ(part.size(), static_cast<int>(members.size()));
    ASSERT_EQ(members[static_cast<std::size_t>(part.rank())], me);
    EXPECT_EQ(part.backend(), gpucc::distributed::Backend::Mpi);
    for (const DType dtype : {DType::Float64, DType::Int32, DType::Float16}) {
        std::vector<std::vector<double>> inputs;
        for (const int r : members) {
            inputs.push_back(rank_values(r, dtype, 1031, 21));
        }
        for (const ReduceOp op : all_ops()) {
            if (!reducible(dtype, op)) {
                continue;
            }
            const NDArray in = make_array(rank_values(me, dtype, 1031, 21), dtype);
            const NDArray out = make_empty(1031, dtype);
            part.all_reduce(in, out, op);
            EXPECT_EQ(first_difference(read(out), reduce_reference(inputs, op, dtype), dtype), "")
                << label(dtype, op, 1031) << " (part of " << part.size() << ")";
        }
        const NDArray mine = make_array(rank_values(me, dtype, 5, 22), dtype);
        const NDArray gathered = make_empty(5 * members.size(), dtype);
        part.all_gather(mine, gathered);
        std::vector<double> expected;
        for (const int r : members) {
            const auto v = rank_values(r, dtype, 5, 22);
            expected.insert(expected.end(), v.begin(), v.end());
        }
        EXPECT_EQ(first_difference(read(gathered), expected, dtype), "")
            << gpucc::dtype_name(dtype);
    }
    part.barrier();
    // A split of a split: every rank alone.
    Communicator alone = part.split(part.rank());
    EXPECT_EQ(alone.size(), 1);
    EXPECT_EQ(alone.rank(), 0);
    EXPECT_THROW(world().split(-1), gpucc::ValueError);
    world().barrier();
}

// An NCCL communicator over MPI's ranks: here (GPUCC_DEVICE=cpu, and CI has no GPU) every rank
// must get the DeviceError, none may wait for the id; a non-MPI-communicator error is checked in
// the GPU suite, which has NCCL ones.
TEST(MpiCollectives, FromMpiWithoutAGpuFailsOnEveryRank) {
    try {
        Communicator nccl = Communicator::from_mpi(world());
        ADD_FAILURE() << "an NCCL communicator on the CPU";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("from_mpi"), std::string::npos) << e.what();
    }
    if (gpucc::cuda_device_count() == 0) {
        EXPECT_THROW(Communicator::from_mpi(world(), gpucc::Device::cuda(0)), gpucc::DeviceError);
    }
    world().barrier();
}

} // namespace
