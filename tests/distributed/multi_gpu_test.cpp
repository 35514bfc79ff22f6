// gpucc::distributed and peer copies on two GPUs (label multigpu; every test skips itself with
// "fewer than 2 GPUs" on smaller machines): every collective with both GPUs driven by one process
// (init_all and Group) and by two processes (this program starts itself twice, one rank per GPU,
// meeting through a FileStore), split of the two processes' communicator (both ranks reversed,
// and a part per rank), and copies between the GPUs in both directions against the host.
#include "distributed/collective_checks.h"
#include "distributed/spawn_self.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <gpucc/array/asarray_array.h>
#include <gpucc/device/peer_access.h>
#include <gpucc/distributed/store.h>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace {

using gpucc::Device;
using gpucc::distributed::Communicator;
using gpucc::distributed::FileStore;
using namespace gpucc_test;
using namespace std::chrono_literals;

#define SKIP_WITHOUT_TWO_GPUS()                                                                    \
    do {                                                                                           \
        if (gpucc::cuda_device_count() < 2) {                                                      \
            GTEST_SKIP() << "fewer than 2 GPUs (" << gpucc::cuda_device_count()                    \
                         << "): multi-GPU test skipped";                                           \
        }                                                                                          \
    } while (false)

// asarray under a guard of the other GPU, as `with cp.cuda.Device(1): cp.asarray(x)`: a copy
// there (peer copy where allowed), both ways, a strided view packed.
TEST(MultiGpu, AsarrayUnderTheOtherGpusGuard) {
    SKIP_WITHOUT_TWO_GPUS();
    for (const auto& [from, to] : {std::pair{0, 1}, std::pair{1, 0}}) {
        for (const gpucc::DType dtype :
             {gpucc::DType::Float32, gpucc::DType::Int64, gpucc::DType::Float16}) {
            const auto values = rank_values(from, dtype, 70001, 34);
            const auto x = array_on(Device::cuda(from), values, dtype);
            gpucc::NDArray y;
            {
                const gpucc::DeviceGuard on(Device::cuda(to));
                y = gpucc::asarray(x);
            }
            ASSERT_EQ(y.device(), Device::cuda(to));
            EXPECT_EQ(first_difference(read_back(y), values, dtype), "")
                << gpucc::dtype_name(dtype) << " cuda:" << from << " -> cuda:" << to;
        }
        const auto values = rank_values(to, gpucc::DType::Float64, 999, 35);
        const auto x = array_on(Device::cuda(from), values, gpucc::DType::Float64);
        const gpucc::DeviceGuard on(Device::cuda(to));
        const gpucc::NDArray packed = gpucc::asarray(x(gpucc::Slice(1, 999, 3)));
        std::vector<double> expected;
        for (std::size_t i = 1; i < values.size(); i += 3) {
            expected.push_back(values[i]);
        }
        EXPECT_EQ(first_difference(read_back(packed), expected, gpucc::DType::Float64), "");
    }
}

TEST(MultiGpu, PeerCopiesBothWays) {
    SKIP_WITHOUT_TWO_GPUS();
    for (const auto& [from, to] : {std::pair{0, 1}, std::pair{1, 0}}) {
        std::cout << "can_access_peer(cuda:" << to << ", cuda:" << from
                  << ") = " << gpucc::can_access_peer(Device::cuda(to), Device::cuda(from)) << "\n";
        for (const gpucc::DType dtype : {gpucc::DType::Float32, gpucc::DType::Int8,
                                         gpucc::DType::BFloat16, gpucc::DType::Float64}) {
            const auto values = rank_values(from, dtype, (1 << 20) + 3, 11);
            const auto source = array_on(Device::cuda(from), values, dtype);
            const gpucc::NDArray moved = source.to(Device::cuda(to));
            EXPECT_EQ(moved.device(), Device::cuda(to));
            EXPECT_EQ(first_difference(read_back(moved), values, dtype), "")
                << gpucc::dtype_name(dtype) << " cuda:" << from << " -> cuda:" << to;
        }
        // Peer access enabled twice is still fine (the driver's "already enabled").
        EXPECT_EQ(gpucc::enable_peer_access(Device::cuda(to), Device::cuda(from)),
                  gpucc::can_access_peer(Device::cuda(to), Device::cuda(from)));
        EXPECT_EQ(gpucc::enable_peer_access(Device::cuda(to), Device::cuda(from)),
                  gpucc::can_access_peer(Device::cuda(to), Device::cuda(from)));
    }
}

TEST(MultiGpu, OneProcessEveryCollective) {
    SKIP_WITHOUT_TWO_GPUS();
    std::vector<Communicator> comms = Communicator::init_all({0, 1});
    ASSERT_EQ(comms.size(), 2u);
    EXPECT_EQ(comms[1].rank(), 1);
    EXPECT_EQ(comms[1].device(), Device::cuda(1));
    std::vector<Communicator*> local = {&comms[0], &comms[1]};
    check_every_collective(local);
}

// The body of each of the two processes of TwoProcessesEveryCollective.
TEST(MultiGpuChild, RankOfTwoProcesses) {
    const char* rank_text = std::getenv("GPUCC_TEST_CHILD_RANK");
    const char* folder = std::getenv("GPUCC_TEST_STORE_FOLDER");
    if (rank_text == nullptr || folder == nullptr) {
        GTEST_SKIP() << "runs only as a child of MultiGpu.TwoProcessesEveryCollective";
    }
    const int rank = std::atoi(rank_text);
    FileStore store(folder, rank, 60s);
    Communicator comm = Communicator::init_process_group(2, rank, store, Device::cuda(rank));
    std::vector<Communicator*> local = {&comm};
    check_every_collective(local);
    comm.barrier();
    // split: one part of both ranks in reverse order (key -rank), then a part per rank.
    Communicator reversed = comm.split(0, -rank);
    EXPECT_EQ(reversed.size(), 2);
    EXPECT_EQ(reversed.rank(), 1 - rank);
    const auto values = rank_values(rank, gpucc::DType::Float64, 5003, 41);
    const auto x = array_on(Device::cuda(rank), values, gpucc::DType::Float64);
    reversed.broadcast(x, 0); // the new rank 0 is the old rank 1
    EXPECT_EQ(first_difference(read_back(x), rank_values(1, gpucc::DType::Float64, 5003, 41),
                               gpucc::DType::Float64),
              "");
    local = {&reversed};
    check_every_collective(local);
    Communicator alone = comm.split(rank, 0);
    EXPECT_EQ(alone.size(), 1);
    EXPECT_EQ(alone.rank(), 0);
    local = {&alone};
    check_every_collective(local);
    comm.barrier();
    store.barrier("done", 2);
}

TEST(MultiGpu, TwoProcessesEveryCollective) {
    SKIP_WITHOUT_TWO_GPUS();
    const auto folder =
        std::filesystem::temp_directory_path() / ("gpucc_multi_gpu_" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string folder_env = "GPUCC_TEST_STORE_FOLDER=" + folder.string();
    const auto problems =
        run_self("MultiGpuChild.RankOfTwoProcesses",
                 {{"GPUCC_TEST_CHILD_RANK=0", folder_env}, {"GPUCC_TEST_CHILD_RANK=1", folder_env}},
                 std::chrono::seconds(300));
    for (const std::string& problem : problems) {
        ADD_FAILURE() << problem;
    }
    std::filesystem::remove_all(folder);
}

} // namespace
