// Events over the fake driver (fake_driver.h): CuPy's options become the driver's flags, every
// Event destroys its CUevent exactly once through moves, record() goes to the current stream, and
// elapsed_ms names what is wrong with an event it cannot time.
#include "driver/fake_driver.h"
#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <chrono>
#include <cuda.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <thread>
#include <utility>

namespace {

using gpucc::Device;
using gpucc::Event;
using gpucc::EventOptions;
using gpucc::Stream;
using testing::HasSubstr;

const Device kGpu0 = Device::cuda(0);

TEST(FakeEvent, OptionsBecomeFlags) {
    EXPECT_EQ(fake_cuda_event_flags(Event(kGpu0).handle()), unsigned{CU_EVENT_DEFAULT});
    EXPECT_EQ(fake_cuda_event_flags(Event(kGpu0, {.blocking = true}).handle()),
              unsigned{CU_EVENT_BLOCKING_SYNC});
    EXPECT_EQ(fake_cuda_event_flags(Event(kGpu0, {.disable_timing = true}).handle()),
              unsigned{CU_EVENT_DISABLE_TIMING});
    const Event both(EventOptions{.blocking = true, .disable_timing = true});
    EXPECT_EQ(fake_cuda_event_flags(both.handle()),
              unsigned{CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING});
    EXPECT_EQ(both.device(), kGpu0); // the default device
    EXPECT_TRUE(both.options().blocking);
    EXPECT_TRUE(both.options().disable_timing);
}

TEST(FakeEvent, EachEventIsDestroyedOnce) {
    const int live = fake_cuda_counts().live_events;
    {
        Event a(kGpu0);
        a.record();
        Event b(std::move(a));
        EXPECT_EQ(a.handle(), nullptr); // NOLINT(bugprone-use-after-move): checking the moved-from
        EXPECT_FALSE(a.recorded());     // NOLINT(bugprone-use-after-move)
        EXPECT_TRUE(b.recorded());
        EXPECT_THROW(a.record(), gpucc::ValueError);
        EXPECT_THROW(a.synchronize(), gpucc::ValueError);
        EXPECT_THROW((void)a.done(), gpucc::ValueError);
        Event& self = b;
        b = std::move(self);
        EXPECT_NE(b.handle(), nullptr);
        Event c(kGpu0, {.disable_timing = true});
        c = std::move(b); // destroys c's own event, takes b's options and state
        EXPECT_FALSE(c.options().disable_timing);
        EXPECT_TRUE(c.recorded());
        EXPECT_EQ(fake_cuda_counts().live_events, live + 1);
        a = std::move(c);
        EXPECT_TRUE(a.recorded());
    }
    EXPECT_EQ(fake_cuda_counts().live_events, live);
}

TEST(FakeEvent, RecordGoesToTheCurrentStream) {
    Event e(kGpu0);
    EXPECT_FALSE(e.recorded());
    EXPECT_TRUE(e.done()); // never recorded: complete, as CUDA says
    const Stream s(kGpu0);
    {
        const gpucc::StreamGuard on(s);
        e.record();
    }
    EXPECT_EQ(fake_cuda_event_stream(e.handle()), s.handle());
    e.record(gpucc::Stream::per_thread(kGpu0));
    EXPECT_EQ(fake_cuda_event_stream(e.handle()), gpucc::Stream::per_thread(kGpu0).handle());
    e.synchronize();
    EXPECT_TRUE(e.query());
}

TEST(FakeEvent, ElapsedTime) {
    Event start(kGpu0);
    Event end(kGpu0);
    start.record();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    end.record();
    end.synchronize();
    const float ms = gpucc::elapsed_ms(start, end);
    EXPECT_GE(ms, 19.0F);
    EXPECT_LT(ms, 2000.0F);
    EXPECT_EQ(gpucc::get_elapsed_time(start, end), gpucc::elapsed_ms(start, end));
}

void expect_value_error(const Event& start, const Event& end, const char* message) {
    try {
        (void)gpucc::elapsed_ms(start, end);
        FAIL() << "no error; expected: " << message;
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), message);
    }
}

TEST(FakeEvent, ElapsedTimeNamesWhatIsWrong) {
    Event start(kGpu0);
    Event end(kGpu0);
    Event light(kGpu0, {.disable_timing = true});
    expect_value_error(start, end,
                       "elapsed_ms: start was never recorded; call record() on it first");
    start.record();
    expect_value_error(start, end, "elapsed_ms: end was never recorded; call record() on it first");
    light.record();
    expect_value_error(start, light,
                       "elapsed_ms: end was made with disable_timing; time with events made "
                       "without it");
    expect_value_error(light, start,
                       "elapsed_ms: start was made with disable_timing; time with events made "
                       "without it");
    Event moved = std::move(end);
    expect_value_error(start, end, "elapsed_ms: end is a moved-from Event"); // NOLINT
    moved.record();
    EXPECT_GE(gpucc::elapsed_ms(start, moved), 0.0F);

    Event on_gpu1(Device::cuda(1));
    on_gpu1.record();
    EXPECT_THROW((void)gpucc::elapsed_ms(start, on_gpu1), gpucc::DeviceError);

    // Work not finished: the driver's CUDA_ERROR_NOT_READY, with what to do about it.
    const Stream busy(kGpu0);
    fake_cuda_set_stream_busy(busy.handle(), true);
    Event unfinished(kGpu0);
    unfinished.record(busy);
    try {
        (void)gpucc::elapsed_ms(start, unfinished);
        FAIL() << "no error";
    } catch (const gpucc::CudaError& e) {
        EXPECT_EQ(e.error_name(), "CUDA_ERROR_NOT_READY");
        EXPECT_THAT(e.what(), HasSubstr("call end.synchronize() first"));
    }
    fake_cuda_set_stream_busy(busy.handle(), false);
}

} // namespace
