// Creation from host data and the copies that work on the CPU: asarray from spans, vectors and
// initializer lists (with and without a shape) and from a scalar (0-d), typed copy_from_host,
// the asynchronous copies (which a CPU array does at once), copyto between any strides, to(cpu),
// and the errors with their messages. GPU transfers are in tests/gpu/runtime.
#include "gpucc/array/array.h"
#include "gpucc/array/transfer.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "support/view_reference.h"

#include <array>
#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <span>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::NDArray;
using gpucc::none;
using gpucc::Shape;
using gpucc::Slice;
using gpucc::StreamRef;
using gpucc::Strides;
using testing::HasSubstr;
using view_reference::picked;
using view_reference::random_floats;

const Device kCpu = Device::cpu();

template <class Call>
std::string message_of(Call&& call) {
    try {
        call();
    } catch (const gpucc::Error& e) {
        return e.what();
    }
    return "no error";
}

TEST(Creation, AsarrayFromSpansVectorsAndLists) {
    const std::vector<float> data = random_floats(12, 31);
    const std::span<const float> span(data);
    const Array<float> from_span = gpucc::asarray(span, Shape{3, 4}, kCpu);
    EXPECT_EQ(from_span.shape(), (Shape{3, 4}));
    EXPECT_EQ(from_span.to_host(), data);
    EXPECT_NE(from_span.data(), data.data()); // a copy
    const Array<float> flat_span = gpucc::asarray(span.subspan(2, 5), kCpu);
    EXPECT_EQ(flat_span.shape(), Shape{5});
    EXPECT_EQ(flat_span.to_host(), std::vector<float>(data.begin() + 2, data.begin() + 7));
    // A mutable span converts when T is given.
    std::array<std::int16_t, 3> shorts{-7, 300, 12};
    EXPECT_EQ(gpucc::asarray<std::int16_t>(std::span<std::int16_t>(shorts), kCpu).to_host(),
              (std::vector<std::int16_t>{-7, 300, 12}));
    const Array<float> flat_vector = gpucc::asarray(data, kCpu);
    EXPECT_EQ(flat_vector.shape(), Shape{12});
    EXPECT_EQ(flat_vector.to_host(), data);
    const Array<int> listed = gpucc::asarray<int>({4, -5, 6, 7, 8, -9}, Shape{2, 3}, kCpu);
    EXPECT_EQ(listed.shape(), (Shape{2, 3}));
    EXPECT_EQ(listed(1, 2).item(), -9);
    const Array<double> flat_list = gpucc::asarray<double>({0.5, -1.25}, kCpu);
    EXPECT_EQ(flat_list.shape(), Shape{2});
    EXPECT_EQ(flat_list.to_host(), (std::vector<double>{0.5, -1.25}));
    // A one-element list is a 1-d array, not a scalar.
    EXPECT_EQ(gpucc::asarray<float>({3.0F}, kCpu).shape(), Shape{1});
    const std::vector<bool> flags{true, false, true, true};
    EXPECT_EQ(gpucc::asarray(flags, kCpu).to_host(), flags);
    EXPECT_EQ(gpucc::asarray(flags, Shape{2, 2}, kCpu)(1, 0).item(), true);
    EXPECT_EQ(gpucc::asarray<bool>({false, true}, kCpu).to_host(),
              (std::vector<bool>{false, true}));
    EXPECT_EQ(gpucc::asarray(std::vector<float>{}, kCpu).shape(), Shape{0});
}

TEST(Creation, ZeroDimensionalFromAScalar) {
    const Array<float> f = gpucc::asarray(-2.75F, kCpu);
    EXPECT_EQ(f.ndim(), 0);
    EXPECT_EQ(f.shape(), Shape{});
    EXPECT_EQ(f.size(), 1);
    EXPECT_EQ(f.item(), -2.75F);
    EXPECT_EQ(gpucc::asarray(std::uint64_t{1} << 63, kCpu).item(), std::uint64_t{1} << 63);
    EXPECT_EQ(gpucc::asarray(true, kCpu).item(), true);
    EXPECT_EQ(gpucc::asarray(gpucc::float16(0.5F), kCpu).item().bits(),
              gpucc::float16(0.5F).bits());
    EXPECT_EQ(gpucc::asarray<double>(3, kCpu).item(), 3.0);
}

TEST(Creation, SizeMismatchesNameBothSizes) {
    const std::vector<float> data = random_floats(5, 32);
    EXPECT_EQ(message_of([&] { (void)gpucc::asarray(std::span<const float>(data), Shape{2, 3}); }),
              "asarray: the data has 5 elements but shape (2, 3) needs 6");
    EXPECT_EQ(message_of([&] { (void)gpucc::asarray<int>({1, 2, 3}, Shape{2}, kCpu); }),
              "asarray: the data has 3 elements but shape (2,) needs 2");
    const Array<float> a = gpucc::empty<float>(Shape{2, 2}, kCpu);
    EXPECT_EQ(message_of([&] { a.copy_from_host(std::span<const float>(data)); }),
              "copy_from_host: the host data has 5 elements but the array of shape (2, 2) has 4");
    EXPECT_EQ(message_of([&] { a.copy_from_host_async(std::span<const float>(data)); }),
              "copy_from_host_async: the host data has 5 elements but the array of shape (2, 2) "
              "has 4");
}

TEST(Transfer, TypedCopyFromHost) {
    const std::vector<float> data = random_floats(6, 33);
    const Array<float> a = gpucc::empty<float>(Shape{2, 3}, kCpu);
    a.copy_from_host(data);
    EXPECT_EQ(a.to_host(), data);
    const std::vector<float> more = random_floats(6, 34);
    a.copy_from_host_async(more);
    EXPECT_EQ(a.to_host(), more);
    // Into a strided view: element (r, c) of the transpose is a[c, r].
    const std::vector<float> third = random_floats(6, 36);
    a.transpose().copy_from_host(third);
    const std::vector<float> got = a.to_host();
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 2; ++c) {
            EXPECT_EQ(got[c * 3 + r], third[r * 2 + c]) << r << ", " << c;
        }
    }
    const std::vector<float> fourth = random_floats(3, 37);
    a(1, Slice(none, none, -1)).copy_from_host_async(fourth);
    EXPECT_EQ(a.to_host()[3], fourth[2]);
    EXPECT_EQ(a.to_host()[5], fourth[0]);
}

// On the CPU the asynchronous copies happen at once, with the same results and checks.
TEST(Transfer, AsyncCopiesOnTheCpu) {
    const std::vector<float> data = random_floats(60, 35);
    const Array<float> a = gpucc::asarray(data, Shape{3, 4, 5}, kCpu);
    const Array<float> view = a(Slice(none, none, -1), gpucc::all, Slice(1, none, 2));
    gpucc::PendingHostVector<float> pending = view.to_host_async();
    a.data()[0] = 0.125F; // after the call: not seen, the copy was made at once on the CPU
    EXPECT_TRUE(pending.ready());
    EXPECT_EQ(pending.get(),
              picked(data, Shape{3, 4, 5}, {{2, 1, 0}, view_reference::all_positions(4), {1, 3}}));
    EXPECT_EQ(message_of([&] { (void)pending.get(); }),
              "PendingHostCopy::wait_into: the copy was collected already");
    gpucc::PendingHostCopy untyped = a.ndarray().copy_to_host_async(StreamRef(kCpu, nullptr));
    EXPECT_EQ(untyped.nbytes(), 240U);
    std::vector<float> out(60);
    untyped.wait_into(out.data());
    EXPECT_EQ(out[0], 0.125F);
    EXPECT_EQ(out[59], data[59]);
    gpucc::PendingHostCopy nothing;
    EXPECT_TRUE(nothing.ready());
    EXPECT_EQ(nothing.nbytes(), 0U);
    EXPECT_EQ(message_of([&] { nothing.wait_into(out.data()); }),
              "PendingHostCopy::wait_into: no copy is pending");
    // Moving a pending copy moves the duty to collect it.
    gpucc::PendingHostCopy first = a.ndarray().copy_to_host_async();
    gpucc::PendingHostCopy second = std::move(first);
    second.wait_into(out.data());
    EXPECT_EQ(out[1], data[1]);
    // Zero elements.
    EXPECT_TRUE(gpucc::empty<float>(Shape{0, 4}, kCpu).to_host_async().get().empty());
}

TEST(Transfer, StreamMustBeOnTheArraysDevice) {
    const Array<float> a = gpucc::asarray(random_floats(4, 36), kCpu);
    const StreamRef gpu_stream(Device::cuda(0), nullptr);
    EXPECT_EQ(message_of([&] { (void)a.to_host_async(gpu_stream); }),
              "copy_to_host_async: the stream is on cuda:0 but the array on cpu");
    const std::vector<float> values(4, 1.0F);
    EXPECT_EQ(message_of([&] { a.copy_from_host_async(values, gpu_stream); }),
              "copy_from_host_async: the stream is on cuda:0 but the array on cpu");
    EXPECT_THROW(a.copy_from_host_async(values, gpu_stream), gpucc::DeviceError);
}

TEST(Transfer, CopytoBetweenAnyStridesOnTheCpu) {
    const Shape shape{4, 6};
    const std::vector<float> data = random_floats(24, 37);
    const Array<float> source = gpucc::asarray(data, shape, kCpu);
    // Into a contiguous array from a reversed, transposed view.
    const Array<float> view = source(Slice(none, none, -1), Slice(none, none, -2)).transpose();
    const Array<float> packed = gpucc::empty<float>(view.shape(), kCpu);
    gpucc::copyto(packed, view);
    std::vector<float> expected; // view[j, i] is source[3 - i, 5 - 2 j]
    for (std::size_t j = 0; j < 3; ++j) {
        for (std::size_t i = 0; i < 4; ++i) {
            expected.push_back(data[(3 - i) * 6 + (5 - 2 * j)]);
        }
    }
    EXPECT_TRUE(packed.is_c_contiguous());
    EXPECT_EQ(packed.to_host(), expected);
    // Into a strided view of another array: only the viewed elements change.
    const std::vector<float> before = random_floats(48, 38);
    const Array<float> big = gpucc::asarray(before, Shape{4, 12}, kCpu);
    const Array<float> every_other = big(gpucc::all, Slice(none, none, -2));
    gpucc::copyto(every_other, source);
    const std::vector<float> after = big.to_host();
    for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = 0; j < 12; ++j) {
            const float expected = j % 2 == 1 ? data[i * 6 + (11 - j) / 2] : before[i * 12 + j];
            ASSERT_EQ(after[i * 12 + j], expected) << i << ", " << j;
        }
    }
    // Overlapping views of one buffer: the source is read whole before anything is written.
    const Array<float> line = gpucc::asarray(data, kCpu);
    gpucc::copyto(line(Slice(1, none)), line(Slice(none, -1)));
    std::vector<float> shifted = data;
    std::copy(data.begin(), data.end() - 1, shifted.begin() + 1);
    EXPECT_EQ(line.to_host(), shifted);
    // A broadcast source.
    const Array<float> row = gpucc::asarray<float>({1.5F, -2.0F, 3.25F}, kCpu);
    const Array<float> grid = gpucc::empty<float>(Shape{2, 3}, kCpu);
    gpucc::copyto(grid, row.broadcast_to(Shape{2, 3}));
    EXPECT_EQ(grid.to_host(), (std::vector<float>{1.5F, -2.0F, 3.25F, 1.5F, -2.0F, 3.25F}));
    // Zero elements and 0-d.
    gpucc::copyto(gpucc::empty<float>(Shape{0, 2}, kCpu), gpucc::empty<float>(Shape{0, 2}, kCpu));
    const Array<double> scalar = gpucc::asarray(0.0, kCpu);
    gpucc::copyto(scalar, gpucc::asarray(-6.5, kCpu));
    EXPECT_EQ(scalar.item(), -6.5);
}

TEST(Transfer, CopytoErrors) {
    const Array<float> a = gpucc::asarray(random_floats(6, 39), Shape{2, 3}, kCpu);
    EXPECT_EQ(message_of([&] { gpucc::copyto(gpucc::empty<double>(Shape{2, 3}, kCpu), a); }),
              "copyto: the destination has dtype float64 and the source float32; copyto does not "
              "convert between dtypes");
    EXPECT_EQ(message_of([&] { gpucc::copyto(gpucc::empty<float>(Shape{3, 2}, kCpu), a); }),
              "copyto: the destination has shape (3, 2) and the source (2, 3); the shapes must "
              "be equal");
    EXPECT_THROW(gpucc::copyto(gpucc::empty<float>(Shape{6}, kCpu), a), gpucc::ShapeError);
    EXPECT_THROW(gpucc::copyto(gpucc::empty<int>(Shape{2, 3}, kCpu), a), gpucc::TypeError);
}

TEST(Transfer, ToTheSameDeviceIsTheSameArray) {
    const std::vector<float> data = random_floats(8, 40);
    const Array<float> a = gpucc::asarray(data, Shape{2, 4}, kCpu);
    const Array<float> same = a.to(kCpu);
    EXPECT_EQ(same.data(), a.data());
    EXPECT_EQ(a.ndarray().buffer().use_count(), 2);
    const Array<float> reversed = a(Slice(none, none, -1)).to(kCpu);
    EXPECT_EQ(reversed.strides(), (Strides{-16, 4})); // still the view
}

} // namespace
