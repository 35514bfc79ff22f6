// Graph capture on the device under test (built for the CPU and for the GPU,
// tests/CpuGpuTests.cmake): a chain of ufuncs captured on a non-blocking stream replays with the
// right results and follows new input data at each replay, many tiny kernels make one node each,
// host functions run at each launch, host copies are refused without breaking the capture, the
// legacy stream is refused, and a graph outlives the stream it was captured on.
#include "support/device_under_test.h"

#include <atomic>
#include <cmath>
#include <gmock/gmock.h>
#include <gpucc/array/array.h>
#include <gpucc/device/graph.h>
#include <gpucc/device/stream.h>
#include <gpucc/errors.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/ufunc.h>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Graph;
using gpucc::Shape;
using gpucc::Stream;
using gpucc::StreamGuard;
using gpucc::StreamKind;
using gpucc_test::device_under_test;

constexpr std::int64_t kN = 100003; // several chunks of the CPU's pool, not a block multiple

std::vector<float> ramp(std::int64_t n, float scale) {
    std::vector<float> values(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        values[static_cast<std::size_t>(i)] = scale * static_cast<float>((i * 7919) % 1000);
    }
    return values;
}

TEST(Graphs, CapturedUfuncsReplayWithTheRightResults) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    const Array<float> x = gpucc::asarray<float>(ramp(kN, 1.0F), Shape{kN}, device);
    const Array<float> y = gpucc::asarray<float>(ramp(kN, 0.5F), Shape{kN}, device);
    std::vector<Array<float>> kept; // every array the graph writes outlives it
    Graph graph;
    EXPECT_TRUE(graph.empty());
    EXPECT_THROW(graph.launch(s), gpucc::ValueError);
    {
        const StreamGuard on(s);
        (void)gpucc::add(x, y); // modules loaded before the capture
        (void)gpucc::multiply(x, y);
        (void)gpucc::sqrt(x);
        s.synchronize();
        s.begin_capture();
        EXPECT_TRUE(s.is_capturing());
        kept.push_back(gpucc::add(x, y));                   // x + y
        kept.push_back(gpucc::multiply(kept.back(), 2.0F)); // 2 (x + y)
        kept.push_back(gpucc::sqrt(x));                     // sqrt(x)
        kept.push_back(gpucc::add(kept[1], kept[2]));       // 2 (x + y) + sqrt(x)
        graph = s.end_capture();
    }
    EXPECT_FALSE(s.is_capturing());
    EXPECT_FALSE(graph.empty());
    EXPECT_EQ(graph.device(), device);
    EXPECT_GE(graph.node_count(), 4U);
    graph.upload(s);
    const std::vector<float> ys = ramp(kN, 0.5F);
    for (int replay = 0; replay < 4; ++replay) {
        // New inputs before each replay: the graph reads x and y where they are.
        const float scale = 1.0F + static_cast<float>(replay);
        x.copy_from_host(ramp(kN, scale));
        graph.launch(s);
        s.synchronize();
        const std::vector<float> got = kept.back().to_host();
        const std::vector<float> xs = ramp(kN, scale);
        for (std::int64_t i = 0; i < kN; i += 97) {
            const auto k = static_cast<std::size_t>(i);
            const float want = 2.0F * (xs[k] + ys[k]) + std::sqrt(xs[k]);
            ASSERT_FLOAT_EQ(got[k], want) << "replay " << replay << ", element " << i;
        }
    }
    EXPECT_THROW((void)s.end_capture(), gpucc::ValueError); // not capturing
}

TEST(Graphs, ManyTinyKernelsOnTheCurrentStream) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    const Array<float> x = gpucc::full<float>(Shape{1024}, 1.0F, device);
    std::vector<Array<float>> chain{x};
    Graph graph;
    {
        const StreamGuard on(s);
        (void)gpucc::add(x, x);
        s.begin_capture();
        for (int i = 0; i < 100; ++i) {
            chain.push_back(gpucc::add(chain.back(), x));
        }
        graph = s.end_capture();
        EXPECT_EQ(graph.node_count(), 100U);
        for (int replay = 0; replay < 10; ++replay) {
            graph.launch(); // on the current stream
        }
        EXPECT_EQ(chain.back().to_host(), std::vector<float>(1024, 101.0F));
    }
    Graph moved(std::move(graph));
    EXPECT_TRUE(graph.empty()); // NOLINT(bugprone-use-after-move): checking the moved-from
    EXPECT_EQ(moved.node_count(), 100U);
}

TEST(Graphs, HostFunctionsRunAtEachLaunch) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    std::atomic<int> runs{0};
    s.begin_capture();
    s.launch_host_func([&runs] { ++runs; });
    const Graph graph = s.end_capture();
    EXPECT_EQ(runs.load(), 0);
    for (int i = 0; i < 7; ++i) {
        graph.launch(s);
    }
    s.synchronize();
    EXPECT_EQ(runs.load(), 7);
}

TEST(Graphs, HostCopiesAreRefusedAndTheCaptureStaysValid) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Stream s(device, StreamKind::NonBlocking);
    const Array<float> x = gpucc::full<float>(Shape{256}, 3.0F, device);
    Array<float> y;
    Graph graph;
    {
        const StreamGuard on(s);
        (void)gpucc::multiply(x, x);
        s.begin_capture();
        y = gpucc::multiply(x, x);
        try {
            (void)y.to_host();
            ADD_FAILURE() << "no error";
        } catch (const gpucc::CudaError& e) {
            EXPECT_EQ(e.error_name(), "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
            EXPECT_THAT(e.what(), testing::HasSubstr("cannot be captured"));
        }
        EXPECT_THROW((void)gpucc::asarray<float>({1, 2}, Shape{2}, device), gpucc::CudaError);
        graph = s.end_capture();
    }
    graph.launch(s);
    s.synchronize();
    EXPECT_EQ(y.to_host(), std::vector<float>(256, 9.0F));
}

TEST(Graphs, TheLegacyStreamIsRefused) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    EXPECT_THROW(Stream::null(device_under_test()).begin_capture(), gpucc::ValueError);
}

TEST(Graphs, OutlivesItsStream) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const Device device = device_under_test();
    const Array<float> x = gpucc::full<float>(Shape{4096}, 2.0F, device);
    Array<float> y;
    Graph graph;
    {
        const Stream capture(device, StreamKind::NonBlocking);
        const StreamGuard on(capture);
        (void)gpucc::add(x, x);
        capture.begin_capture();
        y = gpucc::add(x, x);
        graph = capture.end_capture();
    }
    const Stream other(device, StreamKind::NonBlocking);
    graph.launch(other);
    other.synchronize();
    EXPECT_EQ(y.to_host(), std::vector<float>(4096, 4.0F));
}

} // namespace
