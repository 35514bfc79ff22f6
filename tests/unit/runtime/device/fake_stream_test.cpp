// Streams over the fake driver (fake_driver.h): every Stream destroys its CUstream exactly once
// through moves and self-moves, priorities are clamped into the device's range, the current stream
// follows StreamGuard and use() (and their interplay) per thread and per device, a Stream of
// another device is refused with CuPy's message, and host functions run and own their callable.
#include "driver/fake_driver.h"
#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <thread>
#include <utility>

namespace {

using gpucc::Device;
using gpucc::Stream;
using gpucc::StreamGuard;
using gpucc::StreamKind;
using gpucc::StreamRef;
using testing::HasSubstr;

const Device kGpu0 = Device::cuda(0);
const Device kGpu1 = Device::cuda(1);

TEST(FakeStream, EachStreamIsDestroyedOnce) {
    const FakeCudaCounts before = fake_cuda_counts();
    {
        Stream a(kGpu0);
        Stream b(kGpu0, StreamKind::NonBlocking);
        EXPECT_EQ(fake_cuda_counts().live_streams, before.live_streams + 2);
        EXPECT_EQ(a.kind(), StreamKind::Blocking);
        EXPECT_FALSE(a.ref().is_non_blocking());
        EXPECT_TRUE(b.ref().is_non_blocking());
        EXPECT_TRUE(a.ref().is_owned_by_gpucc());
    }
    EXPECT_EQ(fake_cuda_counts().live_streams, before.live_streams);
    EXPECT_EQ(fake_cuda_counts().streams_created, before.streams_created + 2);
}

TEST(FakeStream, Moves) {
    const int live = fake_cuda_counts().live_streams;
    Stream a(kGpu0, StreamKind::NonBlocking, -2);
    void* const handle = a.handle();
    Stream b(std::move(a));
    EXPECT_EQ(a.handle(), nullptr); // NOLINT(bugprone-use-after-move): checking the moved-from
    EXPECT_EQ(b.handle(), handle);
    EXPECT_EQ(b.kind(), StreamKind::NonBlocking);
    EXPECT_EQ(b.priority(), -2);
    EXPECT_THROW((void)a.ref(), gpucc::ValueError);
    EXPECT_THROW(a.synchronize(), gpucc::ValueError);
    EXPECT_THROW((void)a.done(), gpucc::ValueError);
    Stream& self = b;
    b = std::move(self);
    EXPECT_EQ(b.handle(), handle);
    EXPECT_EQ(fake_cuda_counts().live_streams, live + 1);
    Stream c(kGpu0);
    c = std::move(b); // destroys c's own stream
    EXPECT_EQ(fake_cuda_counts().live_streams, live + 1);
    EXPECT_EQ(c.handle(), handle);
    a = std::move(c);
    EXPECT_EQ(a.handle(), handle);
    a = Stream(kGpu0); // destroys the first one
    EXPECT_EQ(fake_cuda_counts().live_streams, live + 1);
}

TEST(FakeStream, PrioritiesAreClampedIntoTheRange) {
    const gpucc::StreamPriorityRange range = gpucc::stream_priority_range(kGpu0);
    EXPECT_EQ(range.least, 0);
    EXPECT_EQ(range.greatest, -5);
    EXPECT_EQ(Stream(kGpu0).priority(), 0);
    EXPECT_EQ(Stream(kGpu0, StreamKind::Blocking, -3).priority(), -3);
    EXPECT_EQ(Stream(kGpu0, StreamKind::Blocking, -100).priority(), -5);
    EXPECT_EQ(Stream(kGpu0, StreamKind::Blocking, 7).priority(), 0);
    const Stream high(kGpu0, StreamKind::NonBlocking, -5);
    EXPECT_EQ(high.ref().priority(), -5); // asked of the driver
    EXPECT_EQ(Stream::null(kGpu0).priority(), 0);
}

TEST(FakeStream, DoneFollowsTheWork) {
    const Stream s(kGpu0);
    EXPECT_TRUE(s.done());
    EXPECT_TRUE(s.query());
    fake_cuda_set_stream_busy(s.handle(), true);
    EXPECT_FALSE(s.done());
    gpucc::Event e = s.record(); // recorded while the stream is busy
    EXPECT_TRUE(e.recorded());
    EXPECT_FALSE(e.done());
    fake_cuda_set_stream_busy(s.handle(), false);
    EXPECT_TRUE(s.done());
}

TEST(FakeStream, RecordAndWait) {
    const Stream s(kGpu0);
    gpucc::Event e = s.record();
    EXPECT_EQ(fake_cuda_event_stream(e.handle()), s.handle());
    EXPECT_EQ(e.device(), kGpu0);
    gpucc::Event f(kGpu0, {.disable_timing = true});
    s.record(f);
    EXPECT_EQ(fake_cuda_event_stream(f.handle()), s.handle());
    const int waits = fake_cuda_counts().stream_waits;
    const Stream other(kGpu0, StreamKind::NonBlocking);
    other.wait(e);
    Stream::null(kGpu0).wait(f);
    EXPECT_EQ(fake_cuda_counts().stream_waits, waits + 2);
    gpucc::Event moved = std::move(e);
    try {
        other.wait(e); // NOLINT(bugprone-use-after-move): the moved-from event is refused
        FAIL() << "no error";
    } catch (const gpucc::ValueError& error) {
        EXPECT_THAT(error.what(), HasSubstr("moved-from Event"));
    }
    // Streams record events of their own device only.
    const Stream on_gpu1(kGpu1);
    gpucc::Event on_gpu0(kGpu0);
    EXPECT_THROW(on_gpu1.record(on_gpu0), gpucc::DeviceError);
}

TEST(FakeStream, NamedStreams) {
    const StreamRef null = Stream::null(kGpu0);
    EXPECT_TRUE(null.is_null());
    EXPECT_FALSE(null.is_per_thread());
    const StreamRef ptds = Stream::per_thread(kGpu0);
    EXPECT_TRUE(ptds.is_per_thread());
    EXPECT_FALSE(ptds.is_null());
    EXPECT_FALSE(ptds == null);
    EXPECT_TRUE(ptds == Stream::per_thread(kGpu0));
    EXPECT_FALSE(ptds == Stream::per_thread(kGpu1));
    EXPECT_FALSE(ptds.is_non_blocking());
    ptds.synchronize();
    EXPECT_TRUE(ptds.done());
}

TEST(FakeStream, GuardsNestAndRestore) {
    const StreamRef initial = gpucc::default_stream(kGpu0); // null, or per-thread (environment)
    EXPECT_TRUE(gpucc::current_stream(kGpu0) == initial);
    const Stream a(kGpu0);
    const Stream b(kGpu0);
    {
        const StreamGuard on_a(a);
        EXPECT_TRUE(a == gpucc::current_stream());
        {
            const StreamGuard on_b(b);
            EXPECT_TRUE(b == gpucc::current_stream(kGpu0));
            const StreamGuard on_null(Stream::null(kGpu0));
            EXPECT_TRUE(gpucc::current_stream(kGpu0).is_null());
        }
        EXPECT_TRUE(a == gpucc::current_stream(kGpu0));
        // The current stream is per device: GPU 1's is untouched.
        EXPECT_TRUE(gpucc::current_stream(kGpu1) == gpucc::default_stream(kGpu1));
    }
    EXPECT_TRUE(gpucc::current_stream(kGpu0) == initial);
}

TEST(FakeStream, UseLastsUntilSomethingElseIsMadeCurrent) {
    const Stream s(kGpu0);
    s.use();
    EXPECT_TRUE(s == gpucc::current_stream());
    const Stream t(kGpu0);
    t.use();
    EXPECT_TRUE(t == gpucc::current_stream());
    Stream::null(kGpu0).use(); // CuPy's cp.cuda.Stream.null.use()
    EXPECT_TRUE(Stream::null(kGpu0) == gpucc::current_stream());
    EXPECT_TRUE(gpucc::current_stream().is_null());
    gpucc::default_stream(kGpu0).use(); // back to the default, whichever it is
    EXPECT_TRUE(gpucc::current_stream() == gpucc::default_stream(kGpu0));
}

TEST(FakeStream, UseInsideAGuardEndsWithTheGuard) {
    const Stream outer(kGpu0);
    const Stream inner(kGpu0);
    outer.use();
    {
        const StreamGuard on(Stream::null(kGpu0));
        inner.use();
        EXPECT_TRUE(inner == gpucc::current_stream());
    } // the guard brings back what was current when it began
    EXPECT_TRUE(outer == gpucc::current_stream());
    gpucc::default_stream(kGpu0).use();
}

TEST(FakeStream, DestroyingTheStreamInUseBringsBackTheDefault) {
    {
        const Stream s(kGpu0);
        s.use();
        EXPECT_TRUE(s == gpucc::current_stream());
    }
    EXPECT_TRUE(gpucc::current_stream() == gpucc::default_stream(kGpu0));
    EXPECT_FALSE(gpucc::current_stream().is_owned_by_gpucc());
}

TEST(FakeStream, CurrentStreamIsPerThread) {
    const Stream s(kGpu0);
    const StreamGuard on(s);
    StreamRef seen_there = gpucc::current_stream(kGpu0);
    std::thread other([&seen_there] { seen_there = gpucc::current_stream(kGpu0); });
    other.join();
    EXPECT_TRUE(seen_there == gpucc::default_stream(kGpu0));
    EXPECT_TRUE(s == gpucc::current_stream(kGpu0));
}

TEST(FakeStream, StreamOfAnotherDeviceIsRefusedWithCupysMessage) {
    const Stream s1(kGpu1);
    try {
        const StreamGuard on(s1); // the current device is cuda:0
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_STREQ(e.what(), "The device that the stream is created on (cuda:1) does not "
                               "match with the current device (cuda:0)");
    }
    EXPECT_THROW(s1.use(), gpucc::DeviceError);
    {
        const gpucc::DeviceGuard on_gpu1(kGpu1);
        const StreamGuard on(s1); // fine under the device's guard
        EXPECT_TRUE(s1 == gpucc::current_stream());
        const Stream made_here; // on the current device
        EXPECT_EQ(made_here.device(), kGpu1);
        const Stream s0(kGpu0);
        EXPECT_THROW(s0.use(), gpucc::DeviceError);
    }
    gpucc::set_default_device(Device::cpu());
    try {
        s1.use();
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_THAT(e.what(), HasSubstr("(cuda:1) does not match with the current device (cpu)"));
    }
    gpucc::reset_default_device();
}

TEST(FakeStream, HostFunctionsRunAndReleaseTheirCallable) {
    const Stream s(kGpu0);
    auto counter = std::make_shared<int>(0);
    s.launch_host_func([counter] { ++*counter; });
    Stream::null(kGpu0).launch_host_func([counter] { ++*counter; });
    EXPECT_EQ(*counter, 2);
    EXPECT_EQ(counter.use_count(), 1); // each callable was deleted after its run
    // An exception is reported, not propagated through the driver.
    testing::internal::CaptureStderr();
    s.launch_host_func([] { throw std::runtime_error("boom"); });
    EXPECT_THAT(testing::internal::GetCapturedStderr(),
                HasSubstr("a host function launched on a stream threw: boom (ignored)"));
    EXPECT_THROW(s.launch_host_func(std::function<void()>()), gpucc::ValueError);
}

} // namespace
