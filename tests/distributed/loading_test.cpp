// The engines are opened with dlopen at first use; where one is missing, the first call that needs
// it fails with a DeviceError that names the library and how to point at another copy, and a
// program that never needs it runs on. GPUCC_MPI_LIBRARY and GPUCC_NCCL_LIBRARY name a library
// that does not exist here (each engine is loaded once per process, and this program loads
// neither otherwise).
#include <cstdlib>
#include <gpucc/distributed/communicator.h>
#include <gpucc/errors.h>
#include <gtest/gtest.h>
#include <string>

namespace {

using gpucc::distributed::Communicator;

template <class F>
std::string device_error_of(F&& f) {
    try {
        f();
    } catch (const gpucc::DeviceError& e) {
        return e.what();
    }
    return "no DeviceError";
}

TEST(EngineLoading, MissingOpenMpiIsAClearDeviceError) {
    ::setenv("GPUCC_MPI_LIBRARY", "libgpucc_no_such_mpi.so.40", 1);
    const std::string message = device_error_of([] { Communicator::mpi_world(); });
    EXPECT_NE(message.find("needs Open MPI for CPU arrays and cannot load "
                           "libgpucc_no_such_mpi.so.40"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("GPUCC_MPI_LIBRARY"), std::string::npos) << message;
    // Loaded once: the second call gives the same answer without retrying.
    EXPECT_EQ(device_error_of([] { Communicator::mpi_world(); }), message);
}

TEST(EngineLoading, MissingNcclIsAClearDeviceError) {
    ::setenv("GPUCC_NCCL_LIBRARY", "libgpucc_no_such_nccl.so.2", 1);
    const std::string message = device_error_of([] { Communicator::get_unique_id(); });
    EXPECT_NE(message.find("needs NCCL for GPU arrays and cannot load libnccl.so.2"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("libgpucc_no_such_nccl.so.2"), std::string::npos) << message;
    EXPECT_STREQ(std::getenv("NCCL_NVLS_ENABLE"), "0"); // set before NCCL would start
}

} // namespace
