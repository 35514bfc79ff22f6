// Streams and events on the device under test (tests/CpuGpuTests.cmake builds this file for the
// CPU and for the GPU): a stream's work runs asynchronously and in order, host functions, the
// current stream and StreamGuard, moves, arrays that outlive their stream, ordering across two
// streams through an event, the legacy null stream waiting for blocking streams, event timing that
// measures the queued work (not the caller's time), and the degrading device choice.
#include "support/device_under_test.h"

#include <atomic>
#include <chrono>
#include <future>
#include <gmock/gmock.h>
#include <gpucc/array/array.h>
#include <gpucc/device/event.h>
#include <gpucc/device/stream.h>
#include <gpucc/errors.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/ufunc.h>
#include <gtest/gtest.h>
#include <mutex>
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

constexpr std::int64_t kN = 100003; // several chunks of the CPU's thread pool, not a block multiple

std::vector<float> ramp(std::int64_t n, float scale) {
    std::vector<float> values(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        values[static_cast<std::size_t>(i)] = scale * static_cast<float>((i * 7919) % 1000 - 500);
    }
    return values;
}

void sleep_ms(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

TEST(Streams, NamedStreamsAndTheCurrentOne) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const gpucc::DeviceGuard on_device(device);
    EXPECT_TRUE(gpucc::current_stream(device).is_null());
    EXPECT_EQ(gpucc::current_stream(), Stream::null());
    EXPECT_TRUE(Stream::per_thread(device).is_per_thread());
    Stream a(device, StreamKind::NonBlocking);
    const Stream b(device);
    EXPECT_NE(a.handle(), nullptr);
    EXPECT_TRUE(a.ref().is_non_blocking());
    EXPECT_FALSE(b.ref().is_non_blocking());
    EXPECT_EQ(b.device(), device);
    {
        const StreamGuard on_a(a);
        EXPECT_EQ(gpucc::current_stream(device).handle(), a.handle());
        EXPECT_TRUE(gpucc::current_stream(device).is_owned_by_gpucc());
        {
            const StreamGuard on_b(b);
            EXPECT_EQ(gpucc::current_stream(device), b.ref());
        }
        EXPECT_EQ(gpucc::current_stream(device), a.ref());
        const Array<float> x = gpucc::asarray<float>({1, 2, 3}, Shape{3}, device);
        EXPECT_EQ(x.ndarray().buffer()->stream(), a.ref()); // allocated on the current stream
        EXPECT_EQ(x.to_host(), (std::vector<float>{1, 2, 3}));
    }
    EXPECT_TRUE(gpucc::current_stream(device).is_null());
    b.use();
    EXPECT_EQ(gpucc::current_stream(device), b.ref());
    Stream::null(device).use();
    EXPECT_TRUE(gpucc::current_stream(device).is_null());
    a.use();
    a = Stream(device); // destroying the current stream makes the default one current again
    EXPECT_TRUE(gpucc::current_stream(device).is_null());
    const gpucc::StreamPriorityRange range = gpucc::stream_priority_range(device);
    EXPECT_LE(range.greatest, range.least);
    EXPECT_EQ(Stream(device, StreamKind::Blocking, range.greatest - 100).priority(),
              range.greatest);
}

TEST(Streams, Moves) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    Stream a(device);
    void* const handle = a.handle();
    Stream b(std::move(a));
    EXPECT_EQ(a.handle(), nullptr); // NOLINT(bugprone-use-after-move): checking the moved-from
    EXPECT_EQ(b.handle(), handle);
    EXPECT_THROW((void)a.ref(), gpucc::ValueError);
    Stream& self = b;
    b = std::move(self);
    EXPECT_EQ(b.handle(), handle);
    std::atomic<int> runs{0};
    b.launch_host_func([&runs] { ++runs; });
    Stream c(device);
    c = std::move(b); // destroys c's own stream, keeps b's work
    EXPECT_EQ(c.handle(), handle);
    c.synchronize();
    EXPECT_EQ(runs.load(), 1);
}

TEST(Streams, ArraysOutliveTheirStream) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    Array<float> survivor;
    {
        const Stream s(device, StreamKind::NonBlocking);
        const StreamGuard on(s);
        survivor = gpucc::asarray<float>({4, 5, 6}, Shape{3}, device);
        survivor = gpucc::add(survivor, survivor); // queued on s
    } // the stream is destroyed; the array's memory is freed later, on the null stream
    EXPECT_EQ(survivor.to_host(), (std::vector<float>{8, 10, 12}));
    survivor = Array<float>();
    gpucc::synchronize(device);
}

TEST(Streams, WorkIsAsynchronousAndInOrder) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    std::mutex mutex;
    std::vector<int> order;
    s.launch_host_func([opened] { opened.wait(); });
    for (int i = 0; i < 5; ++i) {
        s.launch_host_func([&, i] {
            const std::lock_guard<std::mutex> lock(mutex);
            order.push_back(i);
        });
    }
    EXPECT_FALSE(s.done()); // the first function still waits for the gate
    gate.set_value();
    s.synchronize();
    EXPECT_TRUE(s.done());
    EXPECT_TRUE(s.query());
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_THROW(s.launch_host_func(std::function<void()>()), gpucc::ValueError);
}

TEST(Streams, KernelsQueuedOnAStreamRunInOrderAfterTheCallerMovedOn) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const std::vector<float> host = ramp(kN, 0.25F);
    const Array<float> x = gpucc::asarray<float>(host, Shape{kN}, device);
    const Stream s(device, StreamKind::NonBlocking);
    {
        // Each kernel once before the gate: on a GPU the first launch of a kernel loads its
        // module, and loading may wait for the device, which would wait for the gate forever.
        const StreamGuard on(s);
        const Array<float> warm = gpucc::add(gpucc::multiply(x, 3.0F), x);
        (void)gpucc::multiply(warm(gpucc::Slice(gpucc::none, gpucc::none, 2)), 0.5F);
        s.synchronize();
    }
    Array<float> y;
    {
        const StreamGuard on(s);
        std::promise<void> gate;
        std::shared_future<void> opened = gate.get_future().share();
        s.launch_host_func([opened] { opened.wait(); });
        y = gpucc::multiply(x, 3.0F); // queued behind the gate
        for (int i = 0; i < 20; ++i) {
            y = gpucc::add(y, x); // each step frees the previous y: its buffer waits for the task
        }
        const Array<float> strided = gpucc::multiply(y(gpucc::Slice(gpucc::none, gpucc::none, 2)),
                                                     0.5F); // a strided input
        EXPECT_FALSE(s.done());
        gate.set_value();
        const std::vector<float> got = y.to_host(); // waits for s: the current stream
        const std::vector<float> half = strided.to_host();
        for (std::int64_t i = 0; i < kN; ++i) {
            ASSERT_EQ(got[static_cast<std::size_t>(i)], 23.0F * host[static_cast<std::size_t>(i)])
                << "element " << i;
        }
        ASSERT_EQ(half.size(), static_cast<std::size_t>((kN + 1) / 2));
        for (std::int64_t i = 0; i < kN / 2; ++i) {
            ASSERT_EQ(half[static_cast<std::size_t>(i)],
                      0.5F * 23.0F * host[static_cast<std::size_t>(2 * i)])
                << "element " << i;
        }
    }
}

TEST(Streams, AnEventOrdersTwoStreams) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const std::vector<float> host = ramp(kN, 1.0F);
    const Array<float> x = gpucc::asarray<float>(host, Shape{kN}, device);
    const Stream producer(device, StreamKind::NonBlocking);
    const Stream consumer(device, StreamKind::NonBlocking);
    std::atomic<bool> produced{false};
    std::atomic<bool> seen_in_order{false};
    Array<float> y;
    Array<float> z;
    {
        const StreamGuard on(producer);
        producer.launch_host_func([&produced] {
            sleep_ms(30);
            produced = true;
        });
        y = gpucc::add(x, x);
    }
    const Event ready = producer.record();
    consumer.wait(ready);
    consumer.launch_host_func([&] { seen_in_order = produced.load(); });
    {
        const StreamGuard on(consumer);
        z = gpucc::multiply(y, 2.0F); // reads y after the producer wrote it
    }
    consumer.synchronize();
    EXPECT_TRUE(seen_in_order.load());
    EXPECT_TRUE(ready.done());
    const StreamGuard on(consumer);
    const std::vector<float> got = z.to_host();
    for (std::size_t i = 0; i < got.size(); ++i) {
        ASSERT_EQ(got[i], 4.0F * host[i]) << "element " << i;
    }
    // An event never recorded is complete: waiting on it waits for nothing.
    const Event never(device);
    consumer.wait(never);
    EXPECT_TRUE(never.done());
    consumer.synchronize();
    Event moved_from(device);
    const Event taken(std::move(moved_from));
    EXPECT_THROW(consumer.wait(moved_from), gpucc::ValueError); // NOLINT(bugprone-use-after-move)
}

TEST(Streams, TheLegacyNullStreamWaitsForBlockingStreams) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const std::vector<float> host = ramp(kN, 0.5F);
    const Array<float> x = gpucc::asarray<float>(host, Shape{kN}, device);
    const Stream blocking(device); // StreamKind::Blocking
    std::atomic<bool> finished{false};
    Array<float> y;
    {
        const StreamGuard on(blocking);
        blocking.launch_host_func([&finished] {
            sleep_ms(30);
            finished = true;
        });
        y = gpucc::subtract(x, 1.0F);
    }
    // On the null stream (current again): its copy comes after the blocking stream's work.
    const std::vector<float> got = y.to_host();
    EXPECT_TRUE(finished.load());
    for (std::size_t i = 0; i < got.size(); ++i) {
        ASSERT_EQ(got[i], host[i] - 1.0F) << "element " << i;
    }
    Stream::null(device).synchronize();
    gpucc::synchronize(device);
}

TEST(Events, TimingMeasuresTheQueuedWork) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    Event start(device);
    Event end(device);
    EXPECT_FALSE(start.recorded());
    EXPECT_TRUE(start.done()); // never recorded
    start.record(s);
    s.launch_host_func([] { sleep_ms(40); }); // the work between the events
    end.record(s);
    end.synchronize();
    EXPECT_TRUE(end.done());
    const float ms = gpucc::elapsed_ms(start, end);
    EXPECT_GE(ms, 39.0F);
    EXPECT_LT(ms, 5000.0F);
    EXPECT_FLOAT_EQ(gpucc::get_elapsed_time(start, end), ms);

    // Not finished yet: elapsed_ms says so.
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    s.launch_host_func([opened] { opened.wait(); });
    end.record(s);
    EXPECT_FALSE(end.done());
    try {
        (void)gpucc::elapsed_ms(start, end);
        ADD_FAILURE() << "no error";
    } catch (const gpucc::CudaError& e) {
        EXPECT_EQ(e.error_name(), "CUDA_ERROR_NOT_READY");
    }
    gate.set_value();
    end.synchronize();

    Event unrecorded(device);
    EXPECT_THROW((void)gpucc::elapsed_ms(unrecorded, end), gpucc::ValueError);
    Event light(device, {.disable_timing = true});
    light.record(s);
    light.synchronize();
    EXPECT_THROW((void)gpucc::elapsed_ms(start, light), gpucc::ValueError);
    // record() without a stream: the current one; a stream of another device is refused.
    const gpucc::DeviceGuard on_device(device);
    Event here;
    here.record();
    here.synchronize();
    EXPECT_TRUE(here.recorded());
    const Device other = device.is_cpu() ? Device::cuda(0) : Device::cpu();
    if (other.is_cpu() || gpucc::cuda_device_count() > 0) {
        EXPECT_THROW(here.record(Stream::null(other)), gpucc::DeviceError);
    }
}

TEST(Events, MovesAndTheNullStream) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    Event start(device);
    void* const handle = start.handle();
    Event moved(std::move(start));
    EXPECT_EQ(moved.handle(), handle);
    EXPECT_EQ(start.handle(), nullptr); // NOLINT(bugprone-use-after-move)
    EXPECT_THROW(start.record(Stream::null(device)), gpucc::ValueError);
    Event& self = moved;
    moved = std::move(self);
    EXPECT_EQ(moved.handle(), handle);
    moved.record(Stream::null(device));
    moved.synchronize();
    Event end(device);
    end.record(Stream::null(device));
    end.synchronize();
    EXPECT_GE(gpucc::elapsed_ms(moved, end), 0.0F);
}

TEST(Devices, CudaOrCpuDegrades) {
    const int gpus = gpucc::cuda_device_count();
    EXPECT_EQ(Device::cuda_or_cpu(0), gpus > 0 ? Device::cuda(0) : Device::cpu());
    EXPECT_EQ(Device::cuda_or_cpu(gpus), Device::cpu());
    EXPECT_EQ(Device::cuda_or_cpu(), Device::cuda_or_cpu(0));
    EXPECT_THROW((void)Device::cuda_or_cpu(-1), gpucc::ValueError);
}

} // namespace
