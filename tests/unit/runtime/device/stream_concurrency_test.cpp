// Streams working together on the device under test (built for the CPU and for the GPU,
// tests/CpuGpuTests.cmake; these ran on the GPU only before CPU streams existed): two
// non-blocking streams ordered by an event give the right results where the consumer would
// otherwise race ahead; independent streams give theirs; the per-thread default stream of several
// threads; host functions in stream order; event timing that agrees with the host's clock; and
// the errors that name the event.
#include "gpucc/array/array.h"
#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"
#include "support/device_under_test.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Event;
using gpucc::Shape;
using gpucc::Stream;
using gpucc::StreamGuard;
using gpucc::StreamKind;
using gpucc_test::device_under_test;

constexpr std::int64_t kBig = std::int64_t{1} << 24; // 64 MiB of float32: a few ms of kernels

TEST(StreamsTogether, EventOrdersTwoNonBlockingStreams) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    const Stream producer(gpu, StreamKind::NonBlocking);
    const Stream consumer(gpu, StreamKind::NonBlocking);
    const std::vector<float> ones(kBig, 1.0F);
    Array<float> x;
    Array<float> y;
    Array<float> z;
    for (int round = 0; round < 3; ++round) {
        {
            const StreamGuard on(producer);
            x = gpucc::asarray<float>(ones, Shape{kBig}, gpu);
            y = x;
            for (int i = 0; i < 20; ++i) { // y = 21 after a long enough chain of kernels
                y = gpucc::add(y, x);
            }
        }
        const Event ready = producer.record();
        consumer.wait(ready);
        {
            const StreamGuard on(consumer);
            z = gpucc::multiply(y, 2.0F); // starts only once y is complete
            const std::vector<float> got = z.to_host();
            for (std::int64_t i = 0; i < kBig; i += 4099) {
                ASSERT_EQ(got[i], 42.0F) << "round " << round << ", element " << i;
            }
            ASSERT_EQ(got[kBig - 1], 42.0F);
        }
        // y was made on the producer and read on the consumer: the producer's next work must not
        // free it before the consumer is done.
        producer.wait(consumer.record());
    }
    producer.synchronize();
    consumer.synchronize();
}

TEST(StreamsTogether, IndependentStreamsEachGetTheirResult) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    std::vector<Stream> streams;
    std::vector<Array<float>> results;
    for (int s = 0; s < 4; ++s) {
        streams.emplace_back(gpu, StreamKind::NonBlocking);
    }
    for (int s = 0; s < 4; ++s) {
        const StreamGuard on(streams[s]);
        const Array<float> x = gpucc::full<float>(Shape{1 << 20}, s + 1, gpu);
        results.push_back(gpucc::add(gpucc::multiply(x, x), 1.0F));
    }
    for (int s = 0; s < 4; ++s) {
        const StreamGuard on(streams[s]);
        const std::vector<float> got = results[s].to_host();
        const float want = static_cast<float>((s + 1) * (s + 1) + 1);
        EXPECT_EQ(got.front(), want);
        EXPECT_EQ(got.back(), want);
    }
    for (const Stream& s : streams) {
        s.synchronize();
        EXPECT_TRUE(s.done());
    }
}

TEST(StreamsTogether, PerThreadDefaultStreams) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    if (gpucc::per_thread_default_stream_enabled()) {
        EXPECT_TRUE(gpucc::current_stream(gpu).is_per_thread());
    }
    std::atomic<int> good{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([t, gpu, &good] {
            const StreamGuard on(Stream::per_thread(gpu));
            const Array<float> x = gpucc::full<float>(Shape{1 << 20}, t, gpu);
            const Array<float> y = gpucc::add(x, x);
            const std::vector<float> got = y.to_host();
            if (got.front() == 2.0F * t && got.back() == 2.0F * t &&
                gpucc::current_stream(gpu).is_per_thread()) {
                ++good;
            }
            Stream::per_thread(gpu).synchronize();
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(good.load(), 4);
    EXPECT_FALSE(Stream::per_thread(gpu).is_non_blocking());
}

TEST(StreamsTogether, HostFunctionsRunInStreamOrder) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    const Stream s(gpu, StreamKind::NonBlocking);
    std::atomic<int> order{0};
    int first = -1;
    int second = -1;
    {
        const StreamGuard on(s);
        const Array<float> x = gpucc::full<float>(Shape{kBig}, 1.0F, gpu);
        s.launch_host_func([&] { first = order++; });
        (void)gpucc::add(x, x);
        s.launch_host_func([&] { second = order++; });
    }
    s.synchronize();
    EXPECT_EQ(first, 0);
    EXPECT_EQ(second, 1);
}

TEST(EventsTogether, TimingAgreesWithTheHostClock) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    const Stream s(gpu, StreamKind::NonBlocking);
    const StreamGuard on(s);
    const Array<float> x = gpucc::full<float>(Shape{kBig}, 0.5F, gpu);
    Array<float> y = x;
    (void)gpucc::add(x, x); // loads the module before timing
    s.synchronize();
    for (const bool blocking : {false, true}) {
        Event start(gpu, {.blocking = blocking});
        Event end(gpu, {.blocking = blocking});
        const auto wall_start = std::chrono::steady_clock::now();
        start.record();
        for (int i = 0; i < 50; ++i) {
            y = gpucc::add(y, x);
        }
        end.record();
        end.synchronize();
        const double wall_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall_start)
                .count();
        EXPECT_TRUE(end.done());
        const float gpu_ms = gpucc::elapsed_ms(start, end);
        std::printf("50 adds of 2^24 float32%s: %.3f ms by events, %.3f ms by the host clock\n",
                    blocking ? " (blocking events)" : "", gpu_ms, wall_ms);
        EXPECT_GT(gpu_ms, 0.1F);                // 50 x 200 MB of traffic takes milliseconds
        EXPECT_LE(gpu_ms, wall_ms + 0.5);       // the events lie inside the host's interval
        EXPECT_GE(gpu_ms, 0.2 * wall_ms - 1.0); // and the GPU work is most of it
    }
    EXPECT_EQ(y.to_host()[123], 0.5F * 101);
}

TEST(EventsTogether, ErrorsThatNameTheEvent) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device gpu = device_under_test();
    Event start(gpu);
    Event never(gpu);
    Event light(gpu, {.disable_timing = true});
    start.record();
    light.record();
    light.synchronize();
    EXPECT_THROW((void)gpucc::elapsed_ms(start, never), gpucc::ValueError);
    EXPECT_THROW((void)gpucc::elapsed_ms(start, light), gpucc::ValueError);
    EXPECT_TRUE(never.done()); // never recorded: complete
}

} // namespace
