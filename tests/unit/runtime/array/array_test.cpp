// Arrays on the CPU: creation, views (reshape, transpose), to_host of strided views against a
// reference gather, the typed/untyped conversions, the errors and their messages, and copy/move
// semantics (copies share the elements).
#include "gpucc/array/array.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::NDArray;
using gpucc::Shape;
using gpucc::Strides;
using testing::HasSubstr;

const Device kCpu = Device::cpu();

std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-100.0F, 100.0F);
    std::vector<float> values(n);
    for (float& v : values) {
        v = dist(rng);
    }
    return values;
}

TEST(Array, AsarrayAndToHostRoundTrip) {
    const std::vector<float> data = random_floats(12, 1);
    const Array<float> a = gpucc::asarray(data, Shape{3, 4}, kCpu);
    EXPECT_EQ(a.shape(), (Shape{3, 4}));
    EXPECT_EQ(a.strides(), (Strides{16, 4}));
    EXPECT_EQ(a.ndim(), 2);
    EXPECT_EQ(a.size(), 12);
    EXPECT_EQ(a.nbytes(), 48U);
    EXPECT_EQ(a.device(), kCpu);
    EXPECT_TRUE(a.is_c_contiguous());
    EXPECT_EQ(a.dtype(), gpucc::DType::Float32);
    EXPECT_EQ(a.to_host(), data);
    EXPECT_EQ(a.data()[5], data[5]); // host memory
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.data()) % 64, 0U);
}

TEST(Array, AllElementTypes) {
    EXPECT_EQ(gpucc::asarray<bool>({true, false, true}, Shape{3}, kCpu).to_host(),
              (std::vector<bool>{true, false, true}));
    EXPECT_EQ(gpucc::asarray<std::int8_t>({-1, 2}, Shape{2}, kCpu).to_host(),
              (std::vector<std::int8_t>{-1, 2}));
    EXPECT_EQ(gpucc::asarray<std::uint64_t>({1ULL << 63}, Shape{1}, kCpu).to_host()[0], 1ULL << 63);
    const auto h = gpucc::asarray<gpucc::float16>({gpucc::float16(1.5F)}, Shape{1}, kCpu);
    EXPECT_EQ(h.to_host()[0].bits(), gpucc::float16(1.5F).bits());
    const auto b = gpucc::asarray<gpucc::bfloat16>({gpucc::bfloat16(2.0F)}, Shape{1}, kCpu);
    EXPECT_EQ(static_cast<float>(b.to_host()[0]), 2.0F);
    EXPECT_EQ(gpucc::asarray<double>({1.25}, Shape{}, kCpu).to_host(), std::vector<double>{1.25});
}

TEST(Array, AsarrayChecksTheSize) {
    try {
        gpucc::asarray<float>(std::vector<float>(10), Shape{3, 4}, kCpu);
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_THAT(e.what(), HasSubstr("10"));
        EXPECT_THAT(e.what(), HasSubstr("(3, 4)"));
        EXPECT_THAT(e.what(), HasSubstr("12"));
    }
    try {
        gpucc::asarray<float>(std::vector<float>(10), Shape{-2, 5}, kCpu);
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_THAT(e.what(), HasSubstr("negative extent -2"));
    }
}

TEST(Array, EmptyAndZeroSize) {
    const Array<double> e = gpucc::empty<double>(Shape{0, 5}, kCpu);
    EXPECT_EQ(e.size(), 0);
    EXPECT_EQ(e.data(), nullptr);
    EXPECT_TRUE(e.to_host().empty());
    EXPECT_TRUE(e.is_c_contiguous());
    const Array<int> z = gpucc::empty<int>(Shape{0}, kCpu);
    EXPECT_EQ(z.reshape(Shape{0, 3}).shape(), (Shape{0, 3}));
    const Array<float> def;
    EXPECT_EQ(def.size(), 0);
    EXPECT_EQ(def.shape(), Shape{0});
    EXPECT_THROW(gpucc::empty<float>(Shape{1LL << 62, 1LL << 62}, kCpu), gpucc::ShapeError);
}

TEST(Array, HostOutOfMemory) {
    try {
        (void)gpucc::empty<std::uint8_t>(Shape{std::int64_t{1} << 52}, kCpu);
        FAIL() << "no error";
    } catch (const gpucc::OutOfMemory& e) {
        EXPECT_EQ(e.requested_bytes(), std::size_t{1} << 52);
        // The CPU's memory pool: its cached blocks freed and the allocation retried first.
        EXPECT_THAT(e.what(),
                    testing::StartsWith("out of memory on cpu: allocating 4503599627370496 bytes"));
    }
}

TEST(Array, ReshapeIsAViewWithOneInferredExtent) {
    std::vector<std::int32_t> data(24);
    std::iota(data.begin(), data.end(), 0);
    const Array<std::int32_t> a = gpucc::asarray(data, Shape{24}, kCpu);
    const Array<std::int32_t> b = a.reshape(Shape{2, -1, 4});
    EXPECT_EQ(b.shape(), (Shape{2, 3, 4}));
    EXPECT_EQ(b.strides(), (Strides{48, 16, 4}));
    EXPECT_EQ(b.data(), a.data());
    EXPECT_EQ(b.to_host(), data);
    b.data()[0] = 100; // a view: a sees it
    EXPECT_EQ(a.to_host()[0], 100);
}

TEST(Array, ReshapeErrors) {
    const Array<float> a = gpucc::empty<float>(Shape{3, 4}, kCpu);
    try {
        (void)a.reshape(Shape{5});
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_THAT(e.what(), HasSubstr("(3, 4)"));
        EXPECT_THAT(e.what(), HasSubstr("(5,)"));
    }
    EXPECT_THROW((void)a.reshape(Shape{-1, -1}), gpucc::ShapeError);
    EXPECT_THROW((void)a.reshape(Shape{-1, 5}), gpucc::ShapeError);
    EXPECT_THROW((void)a.reshape(Shape{-3, -4}), gpucc::ShapeError);
    // A transposed array cannot be viewed flat: reshape copies (axis_views_test checks values).
    EXPECT_TRUE(a.transpose().reshape(Shape{12}).is_c_contiguous());
}

// The reference: element (i, j, k) of the transpose of a C-order (d0, d1, d2) array is
// data[k][j][i].
TEST(Array, TransposeIsAViewAndToHostGathers) {
    for (const Shape& shape : {Shape{7}, Shape{3, 5}, Shape{4, 1, 6}, Shape{2, 3, 4, 5}}) {
        const auto n = static_cast<std::size_t>(shape.element_count());
        const std::vector<float> data = random_floats(n, 7);
        const Array<float> a = gpucc::asarray(data, shape, kCpu);
        const Array<float> t = a.transpose();
        ASSERT_EQ(t.ndim(), shape.ndim());
        for (int axis = 0; axis < shape.ndim(); ++axis) {
            EXPECT_EQ(t.shape()[axis], shape[shape.ndim() - 1 - axis]);
            EXPECT_EQ(t.strides()[axis], a.strides()[shape.ndim() - 1 - axis]);
        }
        EXPECT_EQ(t.data(), a.data());
        EXPECT_EQ(t.is_c_contiguous(), shape.ndim() == 1);
        // Gather independently: walk the transposed index space in C order.
        std::vector<float> expected;
        std::vector<std::int64_t> index(static_cast<std::size_t>(shape.ndim()), 0);
        for (std::size_t count = 0; count < n; ++count) {
            std::int64_t flat = 0; // offset in `data` of t[index] == a[reversed index]
            for (int axis = 0; axis < shape.ndim(); ++axis) {
                flat =
                    flat * shape[axis] + index[static_cast<std::size_t>(shape.ndim() - 1 - axis)];
            }
            expected.push_back(data[static_cast<std::size_t>(flat)]);
            for (int axis = shape.ndim() - 1; axis >= 0; --axis) {
                if (++index[static_cast<std::size_t>(axis)] < t.shape()[axis]) {
                    break;
                }
                index[static_cast<std::size_t>(axis)] = 0;
            }
        }
        EXPECT_EQ(t.to_host(), expected) << shape.to_string();
        EXPECT_EQ(t.transpose().to_host(), data);
    }
}

TEST(Array, ViewsOfABuffer) {
    // A strided view made by hand: every other element of a (4, 6) array's columns.
    const std::vector<float> data = random_floats(24, 3);
    const Array<float> a = gpucc::asarray(data, Shape{4, 6}, kCpu);
    const NDArray view(a.ndarray().buffer(), gpucc::DType::Float32, Shape{4, 3}, Strides{24, 8}, 4);
    const std::vector<float> got = view.as<float>().to_host();
    for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = 0; j < 3; ++j) {
            EXPECT_EQ(got[i * 3 + j], data[i * 6 + 1 + 2 * j]);
        }
    }
    try {
        const NDArray too_far(a.ndarray().buffer(), gpucc::DType::Float32, Shape{4, 4},
                              Strides{24, 8}, 4);
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("buffer of 96 bytes"));
    }
    EXPECT_THROW(NDArray(a.ndarray().buffer(), gpucc::DType::Float32, Shape{4}, Strides{4, 4}, 0),
                 gpucc::ValueError);
}

TEST(Array, TypedAndUntypedConvert) {
    const Array<double> a = gpucc::asarray<double>({1, 2, 3}, Shape{3}, kCpu);
    const NDArray u = a;
    EXPECT_EQ(u.dtype(), gpucc::DType::Float64);
    EXPECT_EQ(u.data(), a.data());
    EXPECT_EQ(u.as<double>().to_host(), (std::vector<double>{1, 2, 3}));
    try {
        (void)u.as<float>();
        FAIL() << "no error";
    } catch (const gpucc::TypeError& e) {
        EXPECT_THAT(e.what(), HasSubstr("float64"));
        EXPECT_THAT(e.what(), HasSubstr("float32"));
    }
    const NDArray e = gpucc::empty(Shape{2, 2}, gpucc::DType::UInt16, kCpu);
    EXPECT_EQ(e.nbytes(), 8U);
    EXPECT_EQ(e.itemsize(), 2U);
    EXPECT_THROW(Array<std::int16_t>{e}, gpucc::TypeError);
}

TEST(Array, CopiesShareMovesTransfer) {
    Array<int> a = gpucc::asarray<int>({1, 2, 3}, Shape{3}, kCpu);
    Array<int> copy = a; // a second name for the same elements
    copy.data()[0] = 42;
    EXPECT_EQ(a.to_host()[0], 42);
    EXPECT_EQ(a.ndarray().buffer().use_count(), 2);
    int* const data = a.data();
    Array<int> moved = std::move(a);
    EXPECT_EQ(moved.data(), data);
    EXPECT_EQ(moved.ndarray().buffer().use_count(), 2);
    Array<int>& self = moved;
    moved = std::move(self); // self-move keeps the array
    EXPECT_EQ(moved.data(), data);
    EXPECT_EQ(moved.to_host(), (std::vector<int>{42, 2, 3}));
    copy = Array<int>();
    EXPECT_EQ(moved.ndarray().buffer().use_count(), 1);
}

} // namespace
