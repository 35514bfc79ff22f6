// The per-thread default stream as the default current stream, over the fake driver. ctest runs
// this test a second time with GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=1 (the setting is read once
// per process); without the variable it checks the legacy default instead.
#include "gpucc/device/stream.h"

#include <gtest/gtest.h>
#include <thread>

namespace {

using gpucc::Device;
using gpucc::Stream;

TEST(FakeDefaultStream, FollowsTheEnvironment) {
    const Device gpu = Device::cuda(0);
    if (!gpucc::per_thread_default_stream_from_environment()) {
        EXPECT_FALSE(gpucc::per_thread_default_stream_enabled());
        EXPECT_TRUE(gpucc::default_stream(gpu).is_null());
        return;
    }
    EXPECT_TRUE(gpucc::per_thread_default_stream_enabled());
    EXPECT_TRUE(gpucc::default_stream(gpu).is_per_thread());
    EXPECT_TRUE(gpucc::current_stream(gpu).is_per_thread());
    EXPECT_TRUE(gpucc::current_stream(gpu) == Stream::per_thread(gpu));
    bool per_thread_there = false;
    std::thread other([&] { per_thread_there = gpucc::current_stream(gpu).is_per_thread(); });
    other.join();
    EXPECT_TRUE(per_thread_there);
    {
        const Stream s(gpu);
        const gpucc::StreamGuard on(s);
        EXPECT_TRUE(s == gpucc::current_stream(gpu));
        Stream::null(gpu).use(); // the legacy stream, made current on purpose
        EXPECT_TRUE(gpucc::current_stream(gpu).is_null());
    }
    EXPECT_TRUE(gpucc::current_stream(gpu).is_per_thread());
}

} // namespace
