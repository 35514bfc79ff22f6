// gpucc::distributed on one GPU (label gpu; skipped with "no CUDA device" where there is none):
// single-rank NCCL communicators made in each of the three ways, every collective against the
// host reference, a collective captured into a graph, the argument errors, and the peer-access
// answers a single GPU can check.
#include "distributed/collective_checks.h"
#include "distributed/spawn_self.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <gpucc/device/graph.h>
#include <gpucc/device/peer_access.h>
#include <gpucc/device/stream.h>
#include <gpucc/distributed/store.h>
#include <gtest/gtest.h>

namespace {

using gpucc::Device;
using gpucc::distributed::Communicator;
using gpucc::distributed::FileStore;
using gpucc::distributed::ReduceOp;
using gpucc::distributed::TcpStore;
using namespace gpucc_test;
using namespace std::chrono_literals;

#define SKIP_WITHOUT_GPU()                                                                         \
    do {                                                                                           \
        if (gpucc::cuda_device_count() == 0) {                                                     \
            GTEST_SKIP() << "no CUDA device: GPU test skipped";                                    \
        }                                                                                          \
    } while (false)

TEST(NcclSingleRank, InitAllEveryCollective) {
    SKIP_WITHOUT_GPU();
    std::vector<Communicator> comms = Communicator::init_all({0});
    ASSERT_EQ(comms.size(), 1u);
    EXPECT_EQ(comms[0].rank(), 0);
    EXPECT_EQ(comms[0].size(), 1);
    EXPECT_EQ(comms[0].device(), Device::cuda(0));
    std::vector<Communicator*> local = {&comms[0]};
    check_every_collective(local);
    // One process: every rank has come; the barrier waits for this rank's queued work.
    const auto values = rank_values(0, gpucc::DType::Float64, 4096, 12);
    const auto x = array_on(Device::cuda(0), values, gpucc::DType::Float64);
    const auto y = empty_on(Device::cuda(0), 4096, gpucc::DType::Float64);
    comms[0].all_reduce(x, y, ReduceOp::Min);
    comms[0].barrier();
    EXPECT_EQ(first_difference(read_back(y), values, gpucc::DType::Float64), "");
}

TEST(NcclSingleRank, ProcessGroupThroughTcpStoreEveryCollective) {
    SKIP_WITHOUT_GPU();
    TcpStore store("127.0.0.1", 0, true, 0, 30s);
    Communicator comm = Communicator::init_process_group(1, 0, store, Device::cuda(0));
    std::vector<Communicator*> local = {&comm};
    check_every_collective(local);
    comm.barrier();
}

TEST(NcclSingleRank, FromUniqueIdAndFileStore) {
    SKIP_WITHOUT_GPU();
    Communicator by_id = Communicator::from_unique_id(Communicator::get_unique_id(), 1, 0);
    EXPECT_EQ(by_id.backend(), gpucc::distributed::Backend::Nccl);
    const auto folder = std::filesystem::temp_directory_path() / "gpucc_nccl_file_store";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    FileStore store(folder.string(), 0, 30s);
    Communicator comm = Communicator::init_process_group(1, 0, store);
    const auto x = array_on(Device::cuda(0), rank_values(0, gpucc::DType::Float32, 100, 9),
                            gpucc::DType::Float32);
    const auto y = empty_on(Device::cuda(0), 100, gpucc::DType::Float32);
    comm.all_reduce(x, y, ReduceOp::Max);
    comm.synchronize();
    EXPECT_EQ(first_difference(read_back(y), rank_values(0, gpucc::DType::Float32, 100, 9),
                               gpucc::DType::Float32),
              "");
    std::filesystem::remove_all(folder);
}

TEST(NcclSingleRank, CapturedIntoAGraphAndOnAGivenStream) {
    SKIP_WITHOUT_GPU();
    std::vector<Communicator> comms = Communicator::init_all({0});
    const gpucc::Stream stream(Device::cuda(0));
    const auto values = rank_values(0, gpucc::DType::Float32, 1000, 10);
    const auto x = array_on(Device::cuda(0), values, gpucc::DType::Float32);
    const auto y = empty_on(Device::cuda(0), 1000, gpucc::DType::Float32);
    const gpucc::StreamRef ref = stream;
    ref.begin_capture();
    comms[0].all_reduce(x, y, ReduceOp::Sum, ref);
    gpucc::Graph graph = ref.end_capture();
    graph.launch(ref);
    ref.synchronize();
    EXPECT_EQ(first_difference(read_back(y), values, gpucc::DType::Float32), "");
}

// A communicator from init_process_group (made non-blocking, then given a blocking one for its
// operations) captured into a graph launched three times, and used again after its destruction
// of a first one (the destructor waits for the device, then frees).
TEST(NcclSingleRank, ProcessGroupCapturedIntoAGraph) {
    SKIP_WITHOUT_GPU();
    TcpStore store("127.0.0.1", 0, true, 0, 30s);
    {
        Communicator first = Communicator::init_process_group(1, 0, store, Device::cuda(0));
        const auto x = array_on(Device::cuda(0), rank_values(0, gpucc::DType::Int32, 77, 3),
                                gpucc::DType::Int32);
        first.all_reduce(x, x);
    }
    Communicator comm = Communicator::init_process_group(1, 0, store, Device::cuda(0));
    const gpucc::Stream stream(Device::cuda(0));
    const gpucc::StreamRef ref = stream;
    for (const gpucc::DType dtype : {gpucc::DType::Float32, gpucc::DType::Int64}) {
        const auto values = rank_values(0, dtype, 3001, 13);
        const auto x = array_on(Device::cuda(0), values, dtype);
        const auto y = empty_on(Device::cuda(0), 3001, dtype);
        const auto z = empty_on(Device::cuda(0), 3001, dtype);
        ref.begin_capture();
        comm.all_reduce(x, y, ReduceOp::Max, ref);
        comm.broadcast(y, 0, ref);
        comm.all_gather(y, z, ref);
        gpucc::Graph graph = ref.end_capture();
        for (int launch = 0; launch < 3; ++launch) {
            graph.launch(ref);
        }
        ref.synchronize();
        EXPECT_EQ(first_difference(read_back(z), values, dtype), "") << gpucc::dtype_name(dtype);
    }
    comm.synchronize();
}

// split of a process group: a part of one rank that does every collective, made through the
// parent (colors, keys and the part's id gathered over it); the parent still works after it; what
// split and from_mpi refuse.
TEST(NcclSingleRank, SplitOfAProcessGroup) {
    SKIP_WITHOUT_GPU();
    TcpStore store("127.0.0.1", 0, true, 0, 30s);
    Communicator comm = Communicator::init_process_group(1, 0, store, Device::cuda(0));
    Communicator part = comm.split(5, 3);
    EXPECT_EQ(part.rank(), 0);
    EXPECT_EQ(part.size(), 1);
    EXPECT_EQ(part.device(), Device::cuda(0));
    std::vector<Communicator*> local = {&part};
    check_every_collective(local);
    part.barrier();
    local = {&comm};
    check_every_collective(local); // the parent still works after the split
    EXPECT_THROW(comm.split(-1), gpucc::ValueError);
    std::vector<Communicator> by_init_all = Communicator::init_all({0});
    EXPECT_THROW(by_init_all[0].split(0), gpucc::ValueError);
    try {
        Communicator::from_mpi(comm);
        ADD_FAILURE() << "from_mpi took an NCCL communicator";
    } catch (const gpucc::ValueError& e) {
        EXPECT_NE(std::string(e.what()).find("expected an MPI one"), std::string::npos) << e.what();
    }
}

TEST(NcclSingleRank, ArgumentErrorsNameTheOperation) {
    SKIP_WITHOUT_GPU();
    std::vector<Communicator> comms = Communicator::init_all({0});
    const auto on_gpu = empty_on(Device::cuda(0), 8, gpucc::DType::Float32);
    const auto on_cpu = empty_on(Device::cpu(), 8, gpucc::DType::Float32);
    try {
        comms[0].all_reduce(on_cpu, on_gpu);
        ADD_FAILURE() << "a CPU array went to NCCL";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("all_reduce (NCCL rank 0 of 1 on cuda:0): in is on "
                                             "cpu, expected cuda:0"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(comms[0].broadcast(on_gpu, 1), gpucc::IndexError);
    EXPECT_THROW(Communicator::init_all({0, 0}), gpucc::ValueError);
    EXPECT_THROW(Communicator::init_all(std::vector<int>{}), gpucc::ValueError);
    EXPECT_THROW(Communicator::init_all({gpucc::cuda_device_count()}), gpucc::DeviceError);
}

// Rank 0 of 2 publishes its id and waits for rank 1, which never comes. Run in a child process
// that is killed after 120 s, so that a hang in NCCL's abort fails this test instead of stopping
// the suite.
TEST(NcclTimeoutChild, RankThatNeverComes) {
    if (std::getenv("GPUCC_TEST_TIMEOUT_CHILD") == nullptr) {
        GTEST_SKIP() << "runs only as a child of NcclSingleRank.RankThatNeverComesTimesOut";
    }
    TcpStore store("127.0.0.1", 0, true, 0, 2s);
    const auto start = std::chrono::steady_clock::now();
    try {
        Communicator comm = Communicator::init_process_group(2, 0, store, Device::cuda(0), 2s);
        ADD_FAILURE() << "a 2-rank communicator started with one rank";
    } catch (const gpucc::Error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("NCCL rank 0 of 2 on cuda:0"), std::string::npos) << message;
        EXPECT_NE(message.find("TcpStore 127.0.0.1:"), std::string::npos) << message;
        EXPECT_NE(message.find("did not finish in 2000 ms"), std::string::npos) << message;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);
}

TEST(NcclSingleRank, RankThatNeverComesTimesOut) {
    SKIP_WITHOUT_GPU();
    for (const std::string& problem :
         run_self("NcclTimeoutChild.RankThatNeverComes", {{"GPUCC_TEST_TIMEOUT_CHILD=1"}}, 120s)) {
        ADD_FAILURE() << problem;
    }
}

TEST(PeerAccess, OneGpuHasNoPeer) {
    SKIP_WITHOUT_GPU();
    EXPECT_FALSE(gpucc::can_access_peer(Device::cuda(0), Device::cuda(0)));
    EXPECT_FALSE(gpucc::can_access_peer(Device::cpu(), Device::cuda(0)));
    EXPECT_FALSE(gpucc::can_access_peer(Device::cuda(0), Device::cuda(gpucc::cuda_device_count())));
    EXPECT_FALSE(gpucc::enable_peer_access(Device::cuda(0), Device::cuda(0)));
    EXPECT_THROW(gpucc::enable_peer_access(Device::cpu(), Device::cuda(0)), gpucc::DeviceError);
}

} // namespace
