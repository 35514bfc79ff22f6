// Streams and events on a GPU: creation, the current stream and StreamGuard, moves (including
// self-moves) of Stream and Event, arrays that outlive their stream, and event timing.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"

#include <chrono>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <utility>
#include <vector>

namespace {

using gpucc::Device;
using gpucc::Event;
using gpucc::Shape;
using gpucc::Stream;
using gpucc::StreamKind;

TEST(GpuStream, CurrentStreamAndGuard) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    EXPECT_TRUE(gpucc::current_stream(gpu).is_null());
    EXPECT_EQ(gpucc::current_stream(gpu), Stream::null(gpu));
    Stream a(gpu, StreamKind::NonBlocking);
    Stream b(gpu);
    EXPECT_NE(a.handle(), nullptr);
    {
        gpucc::StreamGuard on_a(a);
        EXPECT_EQ(gpucc::current_stream(gpu).handle(), a.handle());
        EXPECT_TRUE(gpucc::current_stream(gpu).is_owned_by_gpucc());
        {
            gpucc::StreamGuard on_b(b);
            EXPECT_EQ(gpucc::current_stream(gpu).handle(), b.handle());
        }
        EXPECT_EQ(gpucc::current_stream(gpu).handle(), a.handle());
        // Arrays made here use stream a.
        const auto x = gpucc::asarray<float>({1, 2, 3}, Shape{3}, gpu);
        EXPECT_EQ(x.ndarray().buffer()->stream().handle(), a.handle());
        EXPECT_EQ(x.to_host(), (std::vector<float>{1, 2, 3}));
        a.synchronize();
    }
    EXPECT_TRUE(gpucc::current_stream(gpu).is_null());
    Stream::null(gpu).synchronize();
}

TEST(GpuStream, Moves) {
    GPUCC_REQUIRE_GPU();
    Stream a(Device::cuda(0));
    void* const handle = a.handle();
    Stream b(std::move(a));
    EXPECT_EQ(a.handle(), nullptr); // NOLINT(bugprone-use-after-move): checking the moved-from
    EXPECT_EQ(b.handle(), handle);
    EXPECT_THROW((void)a.ref(), gpucc::ValueError);
    Stream& self = b;
    b = std::move(self);
    EXPECT_EQ(b.handle(), handle);
    b.synchronize();
    Stream c(Device::cuda(0));
    c = std::move(b); // destroys c's own stream
    EXPECT_EQ(c.handle(), handle);
    EXPECT_EQ(b.handle(), nullptr); // NOLINT(bugprone-use-after-move)
    a = std::move(c);
    EXPECT_EQ(a.handle(), handle);
}

TEST(GpuStream, ArraysOutliveTheirStream) {
    GPUCC_REQUIRE_GPU();
    gpucc::Array<float> survivor;
    {
        Stream s(Device::cuda(0), StreamKind::NonBlocking);
        gpucc::StreamGuard on(s);
        survivor = gpucc::asarray<float>({4, 5, 6}, Shape{3}, Device::cuda(0));
    } // the stream is destroyed; the array's memory is freed later on the null stream
    EXPECT_EQ(survivor.to_host(), (std::vector<float>{4, 5, 6}));
    survivor = gpucc::Array<float>();
    gpucc::synchronize(Device::cuda(0));
}

TEST(GpuEvent, MovesAndTiming) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    Event start(gpu);
    Event end(gpu);
    void* const handle = start.handle();
    Event moved(std::move(start));
    EXPECT_EQ(moved.handle(), handle);
    EXPECT_EQ(start.handle(), nullptr); // NOLINT(bugprone-use-after-move)
    EXPECT_THROW(start.record(), gpucc::ValueError);
    Event& self = moved;
    moved = std::move(self);
    EXPECT_EQ(moved.handle(), handle);
    start = std::move(moved);

    Stream s(gpu);
    // Some work on s: copies of 256 MiB there and back, timed by events and by the wall clock
    // from just before the start event is recorded.
    std::vector<float> host(64 << 20, 1.0F);
    gpucc::Array<float> x;
    {
        gpucc::StreamGuard on(s);
        const auto wall_start = std::chrono::steady_clock::now();
        start.record(s);
        x = gpucc::asarray(host, Shape{host.size()}, gpu);
        (void)x.to_host();
        end.record();
        end.synchronize();
        const double wall_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall_start)
                .count();
        const float gpu_ms = gpucc::elapsed_ms(start, end);
        std::printf("512 MiB of copies: %.3f ms by events, %.3f ms by the wall clock\n", gpu_ms,
                    wall_ms);
        EXPECT_GT(gpu_ms, 0.0F);
        EXPECT_LE(gpu_ms, wall_ms + 1.0); // the events lie inside the wall-clock interval
    }
    Event unrecorded(gpu);
    EXPECT_THROW((void)gpucc::elapsed_ms(unrecorded, end), gpucc::ValueError);
    Event light(gpu, {.disable_timing = true});
    light.record(s);
    light.synchronize();
    EXPECT_THROW((void)gpucc::elapsed_ms(start, light), gpucc::ValueError);
}

} // namespace
