// The CPU stream's queue itself (runtime/src/device/cpu_stream.h), what the suites on both
// devices cannot reach: an exception thrown by queued work is rethrown once by the next
// synchronize() (of the stream, or of the whole CPU), later work still runs, a stream destroyed
// with an error unreported says so on stderr, and a worker waiting on its own stream does not
// deadlock.
#include "device/cpu_stream.h"

#include <atomic>
#include <gpucc/device/device.h>
#include <gpucc/device/stream.h>
#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>

namespace {

using gpucc::detail::CpuStream;

TEST(CpuStreamQueue, AnExceptionIsRethrownOnceBySynchronize) {
    CpuStream stream(false);
    std::atomic<int> after{0};
    stream.enqueue([] { throw std::runtime_error("kernel failed: bad input"); });
    stream.enqueue([&after] { ++after; });
    try {
        stream.synchronize();
        ADD_FAILURE() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "kernel failed: bad input");
    }
    EXPECT_EQ(after.load(), 1); // later work still ran
    EXPECT_NO_THROW(stream.synchronize());
    EXPECT_TRUE(stream.done());
}

TEST(CpuStreamQueue, TheCpusSynchronizeRethrowsTooAndStreamsEndCleanly) {
    const gpucc::Stream owned(gpucc::Device::cpu(), gpucc::StreamKind::NonBlocking);
    auto* queue = static_cast<CpuStream*>(owned.handle());
    queue->enqueue([] { throw std::logic_error("queued work threw"); });
    EXPECT_THROW(gpucc::synchronize(gpucc::Device::cpu()), std::logic_error);
    EXPECT_NO_THROW(gpucc::synchronize(gpucc::Device::cpu()));
    testing::internal::CaptureStderr();
    {
        auto unreported = std::make_unique<CpuStream>(true);
        unreported->enqueue([] { throw std::runtime_error("never synchronized"); });
    }
    EXPECT_NE(testing::internal::GetCapturedStderr().find("never synchronized"), std::string::npos);
}

TEST(CpuStreamQueue, WorkWaitingForItsOwnStreamDoesNotDeadlock) {
    CpuStream stream(false);
    std::atomic<bool> ran{false};
    stream.enqueue([&] {
        stream.wait_idle();                             // returns: the caller is its worker
        gpucc::detail::cpu_wait_for_blocking_streams(); // skips its own stream
        ran = true;
    });
    stream.synchronize();
    EXPECT_TRUE(ran.load());
    EXPECT_EQ(CpuStream::running_on_this_thread(), nullptr);
}

TEST(CpuStreamQueue, CaptureCollectsInsteadOfRunning) {
    CpuStream stream(true);
    std::atomic<int> runs{0};
    stream.begin_capture();
    EXPECT_TRUE(stream.capturing());
    stream.enqueue([&runs] { ++runs; });
    stream.enqueue([&runs] { ++runs; });
    std::vector<gpucc::detail::CpuTask> tasks = stream.end_capture();
    EXPECT_FALSE(stream.capturing());
    stream.synchronize();
    EXPECT_EQ(runs.load(), 0);
    ASSERT_EQ(tasks.size(), 2U);
    for (auto& task : tasks) {
        task();
    }
    EXPECT_EQ(runs.load(), 2);
}

} // namespace
