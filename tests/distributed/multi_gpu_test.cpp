// gpucc::distributed and peer copies on two GPUs (label multigpu; every test skips itself with
// "fewer than 2 GPUs" on smaller machines): every collective with both GPUs driven by one process
// (init_all and Group) and by two processes (this program starts itself twice, one rank per GPU,
// meeting through a FileStore), and copies between the GPUs in both directions against the host.
#include "distributed/collective_checks.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <gpucc/device/peer_access.h>
#include <gpucc/distributed/store.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

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
    store.barrier("done", 2);
}

TEST(MultiGpu, TwoProcessesEveryCollective) {
    SKIP_WITHOUT_TWO_GPUS();
    const auto folder =
        std::filesystem::temp_directory_path() / ("gpucc_multi_gpu_" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    pid_t children[2] = {};
    for (int rank = 0; rank < 2; ++rank) {
        const std::string rank_env = "GPUCC_TEST_CHILD_RANK=" + std::to_string(rank);
        const std::string folder_env = "GPUCC_TEST_STORE_FOLDER=" + folder.string();
        std::vector<std::string> env_strings = {rank_env, folder_env, "NCCL_NVLS_ENABLE=0"};
        for (char** e = environ; *e != nullptr; ++e) {
            env_strings.emplace_back(*e);
        }
        std::vector<char*> envp;
        for (auto& s : env_strings) {
            envp.push_back(s.data());
        }
        envp.push_back(nullptr);
        std::string self = "/proc/self/exe";
        std::string filter = "--gtest_filter=MultiGpuChild.RankOfTwoProcesses";
        char* argv[] = {self.data(), filter.data(), nullptr};
        ASSERT_EQ(::posix_spawn(&children[rank], self.c_str(), nullptr, nullptr, argv, envp.data()),
                  0);
    }
    const auto deadline = std::chrono::steady_clock::now() + 300s;
    for (int rank = 0; rank < 2; ++rank) {
        int status = 0;
        for (;;) {
            const pid_t done = ::waitpid(children[rank], &status, WNOHANG);
            if (done == children[rank]) {
                break;
            }
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(children[rank], SIGKILL);
                ::waitpid(children[rank], &status, 0);
                ADD_FAILURE() << "rank " << rank << " did not end in 300 s";
                break;
            }
            std::this_thread::sleep_for(50ms);
        }
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
            << "rank " << rank << " failed (its output is above)";
    }
    std::filesystem::remove_all(folder);
}

} // namespace
