// Without a CUDA driver: the new stream, event, graph and device calls fail with a DeviceError
// that says the driver is missing, an empty Graph behaves (moves, refusals), the guards do not
// touch the driver for the CPU, and the CPU's streams and events work without one. Skipped where a
// driver is installed.
#include "gpucc/device/device.h"
#include "gpucc/device/event.h"
#include "gpucc/device/graph.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <utility>

namespace {

using gpucc::Device;
using gpucc::Graph;
using testing::HasSubstr;

class NoDriverStreams : public testing::Test {
protected:
    void SetUp() override {
        if (void* handle = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
            ::dlclose(handle);
            GTEST_SKIP() << "a CUDA driver is installed here";
        }
    }
};

template <class F>
void expect_no_driver(F&& call) {
    try {
        call();
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_THAT(e.what(), HasSubstr("no CUDA driver found (libcuda.so.1): "));
    }
}

TEST_F(NoDriverStreams, CallsThatNeedAGpuSayTheDriverIsMissing) {
    const Device gpu = Device::cuda(0);
    expect_no_driver([&] { (void)gpucc::Stream(gpu, gpucc::StreamKind::NonBlocking, -1); });
    expect_no_driver([&] { (void)gpucc::Stream::per_thread(gpu); });
    expect_no_driver([&] { (void)gpucc::default_stream(gpu); });
    expect_no_driver([&] { (void)gpucc::stream_priority_range(gpu); });
    expect_no_driver([&] { (void)gpucc::Event(gpu, {.blocking = true}); });
    expect_no_driver([&] { (void)gpucc::mem_info(gpu); });
    const gpucc::StreamRef external(gpu, nullptr);
    expect_no_driver([&] { (void)external.done(); });
    expect_no_driver([&] { external.use(); });
    expect_no_driver([&] { external.begin_capture(); });
    expect_no_driver([&] { (void)external.is_capturing(); });
    expect_no_driver([&] { external.launch_host_func([] {}); });
    expect_no_driver([&] { const gpucc::StreamGuard guard(external); });
}

TEST_F(NoDriverStreams, TheCpusStreamsAndEventsNeedNoDriver) {
    try {
        (void)gpucc::mem_info(Device::cpu());
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_STREQ(e.what(), "mem_info needs a CUDA device, got cpu");
    }
    const gpucc::Stream stream(Device::cpu());
    gpucc::Event event(Device::cpu());
    event.record(stream);
    event.synchronize();
    EXPECT_TRUE(event.done());
    EXPECT_TRUE(gpucc::current_stream(Device::cpu()).is_null());
    EXPECT_EQ(Device::cuda_or_cpu(0), Device::cpu());
}

TEST_F(NoDriverStreams, AnEmptyGraph) {
    Graph graph;
    EXPECT_TRUE(graph.empty());
    EXPECT_FALSE(static_cast<bool>(graph));
    EXPECT_EQ(graph.node_count(), 0U);
    Graph moved(std::move(graph));
    EXPECT_TRUE(moved.empty());
    moved = Graph();
    Graph& self = moved;
    moved = std::move(self);
    EXPECT_TRUE(moved.empty());
    try {
        moved.launch();
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), "Graph::launch: the Graph is empty (default-constructed or moved "
                               "from); expected one made by end_capture()");
    }
    EXPECT_THROW(moved.upload(), gpucc::ValueError);
    EXPECT_THROW(moved.launch(gpucc::StreamRef(Device::cuda(0), nullptr)), gpucc::ValueError);
}

} // namespace
