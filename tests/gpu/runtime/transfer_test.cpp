// Views, transfers and printing of arrays on a GPU: sliced and broadcast views gathered by
// to_host and item, asarray's overloads, the asynchronous copies through pinned staging (small
// and multi-chunk, host buffers reused at once, copies dropped before they are collected),
// copyto and to() on one GPU and between two (when there are two), the errors for strided GPU
// copies, and to_string of GPU arrays against the same values on the CPU.
#include "gpu_test_support.h"
#include "gpucc/array/array.h"
#include "gpucc/array/format.h"
#include "gpucc/array/transfer.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::none;
using gpucc::Shape;
using gpucc::Slice;
using gpucc::Stream;
using gpucc::StreamKind;
using testing::HasSubstr;

std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1000.0F, 1000.0F);
    std::vector<float> values(n);
    for (float& v : values) {
        v = dist(rng);
    }
    return values;
}

template <class Call>
std::string message_of(Call&& call) {
    try {
        call();
    } catch (const gpucc::Error& e) {
        return e.what();
    }
    return "no error";
}

// Views of a GPU array read the same elements as the same views of a CPU array.
TEST(GpuViews, SlicesBroadcastsAndItems) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<float> data = random_floats(5 * 7 * 6, 51);
    const Array<float> host = gpucc::asarray(data, Shape{5, 7, 6}, Device::cpu());
    const Array<float> dev = gpucc::asarray(data, Shape{5, 7, 6}, gpu);
    const auto same = [](const Array<float>& h, const Array<float>& d) {
        EXPECT_EQ(d.device(), Device::cuda(0));
        EXPECT_EQ(d.shape(), h.shape());
        EXPECT_EQ(d.strides(), h.strides());
        EXPECT_EQ(d.to_host(), h.to_host());
    };
    same(host(Slice(none, none, -1), Slice(6, 0, -2), Slice(1, none, 3)),
         dev(Slice(none, none, -1), Slice(6, 0, -2), Slice(1, none, 3)));
    same(host(gpucc::ellipsis, -1), dev(gpucc::ellipsis, -1));
    same(host(2).transpose().reshape(Shape{6, 7}), dev(2).transpose().reshape(Shape{6, 7}));
    same(host(Slice(1, 2)).broadcast_to(Shape{3, 7, 6}),
         dev(Slice(1, 2)).broadcast_to(Shape{3, 7, 6}));
    same(host(gpucc::newaxis, 0, Slice(none, none, -1)).squeeze(),
         dev(gpucc::newaxis, 0, Slice(none, none, -1)).squeeze());
    EXPECT_EQ(dev(4, 6, 5).item(), data.back());
    EXPECT_EQ(dev(-5, 0, 0).item(), data.front());
    EXPECT_EQ(dev.ndarray()(1, 2, 3).item<float>(), data[(1 * 7 + 2) * 6 + 3]);
    EXPECT_THROW((void)dev(0).item(), gpucc::ValueError);
}

TEST(GpuCreation, AsarrayOverloads) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<double> data{1.5, -2.25, 3.125, 4.0, -5.5, 6.75};
    EXPECT_EQ(gpucc::asarray(std::span<const double>(data), Shape{2, 3}, gpu).to_host(), data);
    EXPECT_EQ(gpucc::asarray(data, gpu).shape(), Shape{6});
    EXPECT_EQ(gpucc::asarray<std::int64_t>({7, -8, 9}, gpu).to_host(),
              (std::vector<std::int64_t>{7, -8, 9}));
    const Array<float> scalar = gpucc::asarray(-0.375F, gpu);
    EXPECT_EQ(scalar.ndim(), 0);
    EXPECT_EQ(scalar.item(), -0.375F);
    EXPECT_EQ(gpucc::asarray(std::vector<bool>{true, false, true}, gpu).to_host(),
              (std::vector<bool>{true, false, true}));
}

TEST(GpuTransfer, AsyncRoundTripOnAStream) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    Stream stream(gpu, StreamKind::NonBlocking);
    // Small, and large enough for several 4 MiB staging chunks (and the ring of 4 to wrap).
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{9'000'001}}) {
        std::vector<float> values = random_floats(n, static_cast<unsigned>(n % 1000) + 52);
        const std::vector<float> expected = values;
        Array<float> a;
        {
            gpucc::StreamGuard guard(stream); // allocate in the stream's order
            a = gpucc::empty<float>(Shape{n}, gpu);
        }
        a.copy_from_host_async(values, stream);
        std::fill(values.begin(), values.end(), -1.0F); // reusable as soon as the call returns
        gpucc::PendingHostVector<float> pending = a.to_host_async(stream);
        EXPECT_EQ(pending.get(), expected) << n;
        EXPECT_TRUE(pending.ready());
        EXPECT_THROW((void)pending.get(), gpucc::ValueError);
    }
    stream.synchronize();
}

TEST(GpuTransfer, AsyncGatherOfAStridedView) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<float> data = random_floats(64 * 33, 53);
    const Array<float> a = gpucc::asarray(data, Shape{64, 33}, gpu);
    const Array<float> view = a(Slice(none, none, -3), Slice(30, 2, -7)).transpose();
    const std::vector<float> expected = view.to_host(); // synchronous gather
    gpucc::PendingHostVector<float> on_current = view.to_host_async();
    Stream stream(gpu);
    gpucc::PendingHostVector<float> on_stream = view.to_host_async(stream);
    EXPECT_EQ(on_stream.get(), expected);
    EXPECT_EQ(on_current.get(), expected);
}

TEST(GpuTransfer, DroppedPendingCopiesAndManyInFlight) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<float> data = random_floats(1 << 20, 54);
    Stream stream(gpu);
    for (int round = 0; round < 3; ++round) {
        std::vector<gpucc::PendingHostCopy> pending;
        for (int i = 0; i < 20; ++i) { // more than the cache keeps: some blocks are freed
            const Array<float> a = gpucc::asarray(data, gpu);
            pending.push_back(a.ndarray().copy_to_host_async(stream));
        } // the arrays go; the pending copies keep them alive
        std::vector<float> out(data.size());
        pending.front().wait_into(out.data());
        EXPECT_EQ(out, data);
        pending.erase(pending.begin() + 1, pending.begin() + 10); // dropped without waiting
        pending.back().wait_into(out.data());
        EXPECT_EQ(out, data);
    }
    stream.synchronize();
}

TEST(GpuTransfer, CopytoAndToOnOneGpu) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<float> data = random_floats(4096, 55);
    const Array<float> a = gpucc::asarray(data, Shape{64, 64}, gpu);
    const Array<float> b = gpucc::empty<float>(Shape{64, 64}, gpu);
    gpucc::copyto(b, a); // cuMemcpyDtoDAsync on the current stream
    EXPECT_EQ(b.to_host(), data);
    // Overlapping views of one buffer go through a temporary.
    const Array<float> line = gpucc::asarray(data, gpu);
    gpucc::copyto(line(Slice(1, none)), line(Slice(none, -1)));
    std::vector<float> shifted = data;
    std::copy(data.begin(), data.end() - 1, shifted.begin() + 1);
    EXPECT_EQ(line.to_host(), shifted);
    gpucc::copyto(line, line); // the same elements: nothing to do
    EXPECT_EQ(line.to_host(), shifted);
    // GPU -> CPU into a strided view, CPU (strided) -> GPU.
    const Array<float> host =
        gpucc::asarray(random_floats(64 * 128, 59), Shape{64, 128}, Device::cpu());
    gpucc::copyto(host(gpucc::all, Slice(none, none, 2)), a);
    EXPECT_EQ(host(gpucc::all, Slice(none, none, 2)).to_host(), data);
    const Array<float> back = host(gpucc::all, Slice(none, none, -2)).to(gpu);
    EXPECT_EQ(back.device(), gpu);
    EXPECT_TRUE(back.is_c_contiguous());
    EXPECT_EQ(back.to_host(), host(gpucc::all, Slice(none, none, -2)).to_host());
    const Array<float> down = a.transpose().to(Device::cpu());
    EXPECT_EQ(down.device(), Device::cpu());
    EXPECT_EQ(down.to_host(), a.transpose().to_host());
    EXPECT_EQ(a.to(gpu).data(), a.data()); // already there: the same array
}

TEST(GpuTransfer, StridedGpuCopiesUseTheCopyKernel) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    const std::vector<float> data = random_floats(12, 56);
    const Array<float> a = gpucc::asarray(data, Shape{3, 4}, gpu);
    // A transposed source into a contiguous destination.
    const Array<float> b = gpucc::empty<float>(Shape{4, 3}, gpu);
    gpucc::copyto(b, a.transpose());
    const std::vector<float> transposed = b.to_host();
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 3; ++c) {
            EXPECT_EQ(transposed[r * 3 + c], data[c * 4 + r]) << r << ", " << c;
        }
    }
    // A contiguous source into a strided destination, and host data into a reversed view.
    const Array<float> c = gpucc::asarray(random_floats(12, 58), Shape{3, 4}, gpu);
    gpucc::copyto(c.transpose(), b);
    EXPECT_EQ(c.to_host(), data);
    const std::vector<float> row = random_floats(4, 59);
    c(2, Slice(none, none, -1)).copy_from_host(row);
    c(0, Slice(none, none, -1)).copy_from_host_async(row);
    const std::vector<float> got = c.to_host();
    for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(got[8 + k], row[3 - k]);
        EXPECT_EQ(got[k], row[3 - k]);
        EXPECT_EQ(got[4 + k], data[4 + k]);
    }
    // Overlapping views of one buffer: c[:, 1:] = c[:, :-1] shifts every row right by one.
    const std::vector<float> before = c.to_host();
    gpucc::copyto(c(gpucc::all, Slice(1, none)), c(gpucc::all, Slice(none, -1)));
    const std::vector<float> shifted = c.to_host();
    for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(shifted[r * 4], before[r * 4]);
        for (int k = 1; k < 4; ++k) {
            EXPECT_EQ(shifted[r * 4 + k], before[r * 4 + k - 1]) << r << ", " << k;
        }
    }
    EXPECT_EQ(message_of([&] { (void)a.to_host_async(gpucc::StreamRef(Device::cpu(), nullptr)); }),
              "copy_to_host_async: the stream is on cpu but the array on cuda:0");
}

TEST(GpuTransfer, PeerCopiesBetweenTwoGpus) {
    GPUCC_REQUIRE_GPU();
    if (gpucc::cuda_device_count() < 2) {
        GTEST_SKIP() << "one CUDA device: no peer to copy to";
    }
    const std::vector<float> data = random_floats(1 << 22, 57);
    const Array<float> a = gpucc::asarray(data, Shape{1024, 4096}, Device::cuda(0));
    const Array<float> b = a.to(Device::cuda(1)); // cuMemcpyPeerAsync on cuda:1's stream
    EXPECT_EQ(b.device(), Device::cuda(1));
    EXPECT_EQ(b.to_host(), data);
    const Array<float> c = gpucc::empty<float>(Shape{1024, 4096}, Device::cuda(0));
    gpucc::copyto(c, b);
    EXPECT_EQ(c.to_host(), data);
    EXPECT_THROW(gpucc::copyto(c, b.reshape(Shape{4096, 1024})), gpucc::ShapeError);
    // Strided views across devices: packed on the source's GPU, scattered on the destination's.
    const Array<float> t = gpucc::empty<float>(Shape{4096, 1024}, Device::cuda(1));
    gpucc::copyto(t.transpose(), a(gpucc::all, Slice(none, none, -1)));
    const std::vector<float> got = t.to_host();
    for (std::int64_t k = 0; k < 4096; k += 97) {
        EXPECT_EQ(got[k * 1024 + 5], data[5 * 4096 + 4095 - k]) << k;
    }
}

// The same elements as for the values on the CPU, then the device among the extras (which may
// move the extras to a line of their own).
void expect_printed_like_the_cpu(const gpucc::NDArray& on_gpu) {
    const std::string cpu = gpucc::to_string(on_gpu.to(Device::cpu()));
    const std::string gpu = gpucc::to_string(on_gpu);
    EXPECT_EQ(gpu.substr(0, gpu.rfind(']') + 1), cpu.substr(0, cpu.rfind(']') + 1));
    EXPECT_THAT(gpu, testing::EndsWith("device='cuda:0')"));
}

TEST(GpuFormat, PrintsLikeTheCpuWithTheDevice) {
    GPUCC_REQUIRE_GPU();
    const Device gpu = Device::cuda(0);
    EXPECT_EQ(gpucc::to_string(gpucc::asarray<double>({1.5, -2.0}, gpu)),
              "array([ 1.5, -2. ], device='cuda:0')");
    EXPECT_EQ(gpucc::to_string(gpucc::asarray<int>({7, 8}, gpu)),
              "array([7, 8], dtype=int32, device='cuda:0')");
    EXPECT_EQ(gpucc::to_string(gpucc::asarray(2.5F, gpu)),
              "array(2.5, dtype=float32, device='cuda:0')");
    const Array<float> small = gpucc::asarray(random_floats(24, 58), Shape{2, 3, 4}, gpu);
    expect_printed_like_the_cpu(small);
    expect_printed_like_the_cpu(small(Slice(none, none, -1), 1));
    // Summarised: a view spanning less than 64 MiB is copied whole, a larger one in pieces.
    const Array<float> big = gpucc::empty<float>(Shape{5000, 5000}, gpu);
    std::vector<float> values(25'000'000);
    std::iota(values.begin(), values.end(), -12'500'000.0F); // exact in float32
    big.copy_from_host(values);
    expect_printed_like_the_cpu(big(Slice(100, 200), Slice(none, none, -1)));
    expect_printed_like_the_cpu(big(Slice(none, none, -7), Slice(3, none, 9)).transpose());
}

} // namespace
