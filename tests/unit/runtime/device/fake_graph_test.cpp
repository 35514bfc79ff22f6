// Graph capture over the fake driver (fake_driver.h): the legacy stream is refused with CuPy's
// message, end_capture() makes a Graph that owns its CUgraph, its CUgraphExec and the host
// functions captured (released exactly once, through moves), replays run the captured host
// functions, the memory pool allocates during a capture, host copies on a capturing stream fail
// with a clear error and leave the capture valid, a synchronize breaks it, and a Stream destroyed
// while capturing leaves nothing behind.
#include "driver/fake_driver.h"
#include "gpucc/array/array.h"
#include "gpucc/device/event.h"
#include "gpucc/device/graph.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <memory>
#include <utility>
#include <vector>

namespace {

using gpucc::CaptureMode;
using gpucc::Device;
using gpucc::Graph;
using gpucc::Shape;
using gpucc::Stream;
using gpucc::StreamKind;
using testing::HasSubstr;

const Device kGpu0 = Device::cuda(0);

TEST(FakeGraph, TheLegacyStreamIsRefused) {
    try {
        Stream::null(kGpu0).begin_capture();
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("cannot capture on the default (legacy) stream"));
    }
    EXPECT_THROW(gpucc::StreamRef(kGpu0, reinterpret_cast<void*>(1)).begin_capture(),
                 gpucc::ValueError); // CU_STREAM_LEGACY
    EXPECT_FALSE(Stream::null(kGpu0).is_capturing());
}

TEST(FakeGraph, EndWithoutBeginIsAValueError) {
    const Stream s(kGpu0);
    EXPECT_FALSE(s.is_capturing());
    try {
        (void)s.end_capture();
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(),
                     "end_capture: the stream of cuda:0 is not capturing; call begin_capture() "
                     "first");
    }
}

TEST(FakeGraph, CaptureReplayAndOwnership) {
    const FakeCudaCounts before = fake_cuda_counts();
    auto runs = std::make_shared<int>(0);
    {
        const Stream s(kGpu0, StreamKind::NonBlocking);
        s.begin_capture();
        EXPECT_TRUE(s.is_capturing());
        EXPECT_THROW(s.begin_capture(), gpucc::CudaError); // already capturing
        s.launch_host_func([runs] { ++*runs; });
        s.launch_host_func([runs] { *runs += 10; });
        EXPECT_EQ(*runs, 0); // captured, not run
        Graph graph = s.end_capture();
        EXPECT_FALSE(s.is_capturing());
        EXPECT_FALSE(graph.empty());
        EXPECT_TRUE(static_cast<bool>(graph));
        EXPECT_EQ(graph.device(), kGpu0);
        EXPECT_EQ(graph.node_count(), 2U);
        EXPECT_EQ(runs.use_count(), 3); // the Graph holds both callables

        graph.upload(s);
        for (int i = 0; i < 3; ++i) {
            graph.launch(s);
        }
        EXPECT_EQ(*runs, 33);
        {
            const gpucc::StreamGuard on(s);
            graph.launch(); // on the current stream
            graph.upload();
        }
        EXPECT_EQ(*runs, 44);
        EXPECT_EQ(fake_cuda_counts().graph_launches, before.graph_launches + 4);
        EXPECT_EQ(fake_cuda_counts().graph_uploads, before.graph_uploads + 2);

        // Moves hand over the graph, the executable graph and the callables.
        Graph moved(std::move(graph));
        EXPECT_TRUE(graph.empty()); // NOLINT(bugprone-use-after-move): checking the moved-from
        EXPECT_EQ(graph.node_count(), 0U); // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(moved.node_count(), 2U);
        Graph& self = moved;
        moved = std::move(self);
        EXPECT_EQ(moved.node_count(), 2U);
        graph = std::move(moved);
        graph.launch(s);
        EXPECT_EQ(*runs, 55);
        EXPECT_EQ(fake_cuda_counts().live_graphs, before.live_graphs + 1);
        EXPECT_EQ(fake_cuda_counts().live_graph_execs, before.live_graph_execs + 1);
    }
    EXPECT_EQ(runs.use_count(), 1);
    EXPECT_EQ(fake_cuda_counts().live_graphs, before.live_graphs);
    EXPECT_EQ(fake_cuda_counts().live_graph_execs, before.live_graph_execs);
}

TEST(FakeGraph, MoveAssignmentReleasesTheGraphItReplaces) {
    const FakeCudaCounts before = fake_cuda_counts();
    const Stream s(kGpu0);
    auto first_owner = std::make_shared<int>(0);
    s.begin_capture(CaptureMode::ThreadLocal);
    s.launch_host_func([first_owner] {});
    Graph first = s.end_capture();
    s.begin_capture(CaptureMode::Global);
    Graph second = s.end_capture();
    EXPECT_EQ(second.node_count(), 0U);
    EXPECT_EQ(fake_cuda_counts().live_graph_execs, before.live_graph_execs + 2);
    first = std::move(second);
    EXPECT_EQ(first_owner.use_count(), 1);
    EXPECT_EQ(fake_cuda_counts().live_graph_execs, before.live_graph_execs + 1);
    first = Graph();
    EXPECT_EQ(fake_cuda_counts().live_graph_execs, before.live_graph_execs);
    EXPECT_EQ(fake_cuda_counts().live_graphs, before.live_graphs);
}

TEST(FakeGraph, EmptyGraphsAndOtherDevices) {
    const Graph empty;
    EXPECT_TRUE(empty.empty());
    EXPECT_EQ(empty.handle(), nullptr);
    EXPECT_EQ(empty.graph_handle(), nullptr);
    const Stream s(kGpu0);
    try {
        empty.launch(s);
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("Graph::launch: the Graph is empty"));
    }
    EXPECT_THROW(empty.launch(), gpucc::ValueError);
    EXPECT_THROW(empty.upload(), gpucc::ValueError);
    EXPECT_THROW(empty.upload(s), gpucc::ValueError);

    s.begin_capture();
    const Graph graph = s.end_capture();
    const Stream on_gpu1(Device::cuda(1));
    try {
        graph.launch(on_gpu1);
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_STREQ(e.what(),
                     "Graph::launch: the graph was captured on cuda:0 but the stream is on cuda:1");
    }
}

TEST(FakeGraph, ThePoolAllocatesDuringACaptureAndHostCopiesAreRefused) {
    const Stream s(kGpu0, StreamKind::NonBlocking);
    const auto x = gpucc::asarray<float>({1, 2, 3}, Shape{3}, kGpu0);
    gpucc::Array<float> y;
    {
        const gpucc::StreamGuard on(s);
        s.begin_capture();
        y = gpucc::empty<float>(Shape{3}, kGpu0); // from the pool, not a graph node
        EXPECT_EQ(y.ndarray().buffer()->stream().handle(), s.handle());
        try {
            (void)y.to_host();
            FAIL() << "no error";
        } catch (const gpucc::CudaError& e) {
            EXPECT_EQ(e.error_name(), "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
            EXPECT_THAT(e.what(),
                        HasSubstr("copy_to_host: the stream of cuda:0 is capturing a graph, and a "
                                  "copy between the host and the device cannot be captured; copy "
                                  "before begin_capture() or after end_capture(): "
                                  "cuStreamSynchronize failed"));
        }
        EXPECT_THROW((void)gpucc::asarray<float>({4, 5, 6}, Shape{3}, kGpu0), gpucc::CudaError);
        const std::vector<float> values{7, 8, 9};
        EXPECT_THROW(y.copy_from_host(values), gpucc::CudaError);
        EXPECT_THROW(y.copy_from_host_async(values), gpucc::CudaError);
        EXPECT_THROW((void)y.to_host_async(), gpucc::CudaError);
        gpucc::copyto(y.ndarray(), x.ndarray()); // device to device: captured
        EXPECT_TRUE(s.is_capturing());
    }
    const Graph graph = s.end_capture(); // still valid: nothing was queued by the refused copies
    EXPECT_EQ(graph.node_count(), 1U);
    graph.launch(s);
    EXPECT_EQ(y.to_host().size(), 3U); // after the capture, copies work again
}

TEST(FakeGraph, ASynchronizeBreaksTheCapture) {
    const FakeCudaCounts before = fake_cuda_counts();
    const Stream s(kGpu0);
    s.begin_capture();
    EXPECT_THROW(s.synchronize(), gpucc::CudaError);
    EXPECT_TRUE(s.is_capturing()); // invalidated, not over
    try {
        (void)s.end_capture();
        FAIL() << "no error";
    } catch (const gpucc::CudaError& e) {
        EXPECT_EQ(e.error_name(), "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED");
        EXPECT_THAT(e.what(), HasSubstr("end_capture: an operation that cannot be captured broke "
                                        "the capture (it is over)"));
    }
    EXPECT_FALSE(s.is_capturing());
    EXPECT_EQ(fake_cuda_counts().live_graphs, before.live_graphs);
}

TEST(FakeGraph, AStreamDestroyedWhileCapturingLeavesNothing) {
    const FakeCudaCounts before = fake_cuda_counts();
    {
        const Stream s(kGpu0);
        s.begin_capture();
        s.launch_host_func([] {});
    }
    EXPECT_EQ(fake_cuda_counts().live_streams, before.live_streams);
    EXPECT_EQ(fake_cuda_counts().live_graphs, before.live_graphs);
}

TEST(FakeGraph, ThePerThreadStreamCaptures) {
    const gpucc::StreamRef ptds = Stream::per_thread(kGpu0);
    ptds.begin_capture();
    EXPECT_TRUE(ptds.is_capturing());
    const Graph graph = ptds.end_capture();
    EXPECT_FALSE(graph.empty());
}

} // namespace
