// Stream priorities on a GPU: the device's range, clamping, and the default priority (the other
// multi-stream tests run on both targets: tests/unit/runtime/device/stream_concurrency_test.cpp).
#include "gpu_test_support.h"
#include "gpucc/device/stream.h"

#include <cstdio>
#include <gtest/gtest.h>

namespace {

using gpucc::Device;
using gpucc::Stream;
using gpucc::StreamKind;

TEST(GpuStreams, Priorities) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const gpucc::StreamPriorityRange range = gpucc::stream_priority_range(gpu);
    std::printf("stream priorities of cuda:0: least %d, greatest %d\n", range.least,
                range.greatest);
    EXPECT_LE(range.greatest, range.least);
    const Stream high(gpu, StreamKind::NonBlocking, range.greatest);
    EXPECT_EQ(high.priority(), range.greatest);
    EXPECT_EQ(high.ref().priority(), range.greatest);
    const Stream clamped(gpu, StreamKind::NonBlocking, range.greatest - 100);
    EXPECT_EQ(clamped.priority(), range.greatest);
    EXPECT_EQ(Stream(gpu).priority(), 0);
    EXPECT_EQ(Stream::null(gpu).priority(), 0);
}

} // namespace
