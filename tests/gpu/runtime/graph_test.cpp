// Graph capture on a GPU with the standard library's generated kernels: a chain of ufuncs captured
// on a non-blocking stream (outputs allocated by the default memory pool during the capture)
// replays with the right results, follows new input data at each replay, runs its host functions
// at each launch, refuses host copies without breaking the capture, and keeps working after the
// stream it was captured on is gone.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/device/graph.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"

#include <atomic>
#include <gmock/gmock.h>
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

constexpr std::int64_t kN = 1000003; // not a multiple of a block

std::vector<float> iota(std::int64_t n, float scale) {
    std::vector<float> values(n);
    for (std::int64_t i = 0; i < n; ++i) {
        values[i] = scale * static_cast<float>(i % 1000);
    }
    return values;
}

TEST(GpuGraph, CapturedUfuncsReplayWithTheRightResults) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const Stream s(gpu, StreamKind::NonBlocking);
    const Array<float> x = gpucc::asarray<float>(iota(kN, 1.0F), Shape{kN}, gpu);
    const Array<float> y = gpucc::asarray<float>(iota(kN, 0.5F), Shape{kN}, gpu);
    std::vector<Array<float>> kept; // every array the graph writes outlives it
    Graph graph;
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
    EXPECT_GE(graph.node_count(), 4U);
    graph.upload(s);
    for (int replay = 0; replay < 5; ++replay) {
        // New inputs before each replay: the graph reads x and y where they are.
        const float scale = 1.0F + static_cast<float>(replay);
        x.copy_from_host(iota(kN, scale));
        graph.launch(s);
        s.synchronize();
        const std::vector<float> got = kept.back().to_host();
        const std::vector<float> xs = iota(kN, scale);
        const std::vector<float> ys = iota(kN, 0.5F);
        for (std::int64_t i = 0; i < kN; i += 997) {
            const float want = 2.0F * (xs[i] + ys[i]) + std::sqrt(xs[i]);
            ASSERT_FLOAT_EQ(got[i], want) << "replay " << replay << ", element " << i;
        }
    }
}

TEST(GpuGraph, ManyTinyKernelsOnTheCurrentStream) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const Stream s(gpu, StreamKind::NonBlocking);
    const Array<float> x = gpucc::full<float>(Shape{1024}, 1.0F, gpu);
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
}

TEST(GpuGraph, HostFunctionsRunAtEachLaunch) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const Stream s(gpu, StreamKind::NonBlocking);
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

TEST(GpuGraph, HostCopiesAreRefusedAndTheCaptureStaysValid) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const Stream s(gpu, StreamKind::NonBlocking);
    const Array<float> x = gpucc::full<float>(Shape{256}, 3.0F, gpu);
    Array<float> y;
    Graph graph;
    {
        const StreamGuard on(s);
        (void)gpucc::multiply(x, x);
        s.begin_capture();
        y = gpucc::multiply(x, x);
        try {
            (void)y.to_host();
            FAIL() << "no error";
        } catch (const gpucc::CudaError& e) {
            EXPECT_EQ(e.error_name(), "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
            EXPECT_THAT(e.what(), testing::HasSubstr("cannot be captured"));
        }
        EXPECT_THROW((void)gpucc::asarray<float>({1, 2}, Shape{2}, gpu), gpucc::CudaError);
        graph = s.end_capture();
    }
    graph.launch(s);
    s.synchronize();
    EXPECT_EQ(y.to_host(), std::vector<float>(256, 9.0F));
}

TEST(GpuGraph, TheLegacyStreamIsRefused) {
    GPUCC_REQUIRE_GPU();
    EXPECT_THROW(Stream::null(Device::cuda(0)).begin_capture(), gpucc::ValueError);
}

TEST(GpuGraph, OutlivesItsStream) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const Array<float> x = gpucc::full<float>(Shape{4096}, 2.0F, gpu);
    Array<float> y;
    Graph graph;
    {
        const Stream capture(gpu, StreamKind::NonBlocking);
        const StreamGuard on(capture);
        (void)gpucc::add(x, x);
        capture.begin_capture();
        y = gpucc::add(x, x);
        graph = capture.end_capture();
    }
    const Stream other(gpu, StreamKind::NonBlocking);
    graph.launch(other);
    other.synchronize();
    EXPECT_EQ(y.to_host(), std::vector<float>(4096, 4.0F));
}

} // namespace
