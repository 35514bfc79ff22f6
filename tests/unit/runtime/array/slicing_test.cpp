// Basic indexing on the CPU: Slice against Python's own slicing (a table made with Python's
// range(n)[start:stop:step]), slices of every axis of random 1-d, 2-d and 3-d arrays with
// negative steps checked against a reference gather, positions, newaxis and ellipsis against the
// shapes, strides and offsets NumPy gives, 0-size and 0-d results, and the error messages.
#include "gpucc/array/array.h"
#include "gpucc/array/slice.h"
#include "gpucc/errors.h"
#include "support/view_reference.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::ellipsis;
using gpucc::Index;
using gpucc::newaxis;
using gpucc::none;
using gpucc::Shape;
using gpucc::Slice;
using gpucc::Strides;
using testing::HasSubstr;
using view_reference::picked;
using view_reference::random_floats;

const Device kCpu = Device::cpu();

struct SliceCase {
    std::int64_t extent;
    Slice slice;
    std::vector<std::int64_t> positions; // list(range(extent))[slice] in Python
};

// Made with Python 3: list(range(n))[slice(start, stop, step)].
const std::vector<SliceCase> kSliceCases = {
    {0, Slice(-2, 0, 3), {}},
    {0, Slice(100, 0, 2), {}},
    {0, Slice(6, 0, 100), {}},
    {0, Slice(-7, -100, 1), {}},
    {0, Slice(-1, 3, -100), {}},
    {0, Slice(-7, 100, -1), {}},
    {0, Slice(2, 100, 1), {}},
    {0, Slice(none, 3, -100), {}},
    {0, Slice(none, 1, 3), {}},
    {0, Slice(0, none, -3), {}},
    {0, Slice(1, -7, -2), {}},
    {0, Slice(1, 1, 1), {}},
    {0, Slice(100, 0, none), {}},
    {0, Slice(6, -100, 100), {}},
    {0, Slice(-7, 100, -2), {}},
    {0, Slice(-100, 1, -2), {}},
    {0, Slice(6, -7, -1), {}},
    {0, Slice(-7, 3, -100), {}},
    {0, Slice(100, 2, 2), {}},
    {0, Slice(0, 2, 2), {}},
    {0, Slice(3, -100, -1), {}},
    {0, Slice(100, 100, none), {}},
    {0, Slice(none, none, none), {}},
    {0, Slice(none, none, -1), {}},
    {0, Slice(none, none, 2), {}},
    {0, Slice(1, none, none), {}},
    {0, Slice(none, -1, none), {}},
    {0, Slice(-3, none, -1), {}},
    {0, Slice(6, 0, -2), {}},
    {1, Slice(-2, 2, none), {0}},
    {1, Slice(-2, -1, -1), {}},
    {1, Slice(3, none, none), {}},
    {1, Slice(-7, -100, none), {}},
    {1, Slice(1, -1, 1), {}},
    {1, Slice(-1, -1, 2), {}},
    {1, Slice(-100, none, 100), {0}},
    {1, Slice(100, 2, -100), {}},
    {1, Slice(6, 0, -2), {}},
    {1, Slice(-2, -2, none), {}},
    {1, Slice(none, 3, -3), {}},
    {1, Slice(2, 1, 2), {}},
    {1, Slice(-100, 3, -1), {}},
    {1, Slice(-1, 2, -1), {}},
    {1, Slice(-1, 100, 3), {0}},
    {1, Slice(100, -7, -1), {0}},
    {1, Slice(100, -2, -2), {0}},
    {1, Slice(0, 6, 100), {0}},
    {1, Slice(6, -1, 100), {}},
    {1, Slice(100, 1, 1), {}},
    {1, Slice(-7, 6, 1), {0}},
    {1, Slice(3, 1, -2), {}},
    {1, Slice(none, none, none), {0}},
    {1, Slice(none, none, -1), {0}},
    {1, Slice(none, none, 2), {0}},
    {1, Slice(1, none, none), {}},
    {1, Slice(none, -1, none), {}},
    {1, Slice(-3, none, -1), {}},
    {1, Slice(6, 0, -2), {}},
    {2, Slice(1, 1, -3), {}},
    {2, Slice(6, none, -3), {1}},
    {2, Slice(none, 6, -1), {}},
    {2, Slice(-7, -100, 1), {}},
    {2, Slice(0, 0, 2), {}},
    {2, Slice(-2, 2, 1), {0, 1}},
    {2, Slice(100, -100, none), {}},
    {2, Slice(-1, 2, -3), {}},
    {2, Slice(-1, 0, -3), {1}},
    {2, Slice(-100, 6, 2), {0}},
    {2, Slice(-7, none, -100), {}},
    {2, Slice(0, -2, none), {}},
    {2, Slice(100, -100, -3), {1}},
    {2, Slice(-1, -100, 3), {}},
    {2, Slice(-2, 2, none), {0, 1}},
    {2, Slice(6, -2, 2), {}},
    {2, Slice(2, 2, 1), {}},
    {2, Slice(1, 3, -2), {}},
    {2, Slice(0, -100, -100), {0}},
    {2, Slice(6, 3, -100), {}},
    {2, Slice(100, 6, -100), {}},
    {2, Slice(6, 0, -1), {1}},
    {2, Slice(none, none, none), {0, 1}},
    {2, Slice(none, none, -1), {1, 0}},
    {2, Slice(none, none, 2), {0}},
    {2, Slice(1, none, none), {1}},
    {2, Slice(none, -1, none), {0}},
    {2, Slice(-3, none, -1), {}},
    {2, Slice(6, 0, -2), {1}},
    {5, Slice(3, 2, -2), {3}},
    {5, Slice(-2, -2, -3), {}},
    {5, Slice(3, -7, -3), {3, 0}},
    {5, Slice(-7, 100, 100), {0}},
    {5, Slice(6, -7, 1), {}},
    {5, Slice(3, 6, 2), {3}},
    {5, Slice(-1, 6, 1), {4}},
    {5, Slice(none, 1, none), {0}},
    {5, Slice(3, 0, -100), {3}},
    {5, Slice(-7, -7, -100), {}},
    {5, Slice(0, -1, -2), {}},
    {5, Slice(6, 6, 1), {}},
    {5, Slice(-100, 1, -100), {}},
    {5, Slice(6, 0, 2), {}},
    {5, Slice(0, -100, 2), {}},
    {5, Slice(100, 0, -2), {4, 2}},
    {5, Slice(2, 2, 2), {}},
    {5, Slice(1, -1, none), {1, 2, 3}},
    {5, Slice(1, 0, 1), {}},
    {5, Slice(3, 6, 100), {3}},
    {5, Slice(100, 1, -100), {4}},
    {5, Slice(-1, 6, -2), {}},
    {5, Slice(none, none, none), {0, 1, 2, 3, 4}},
    {5, Slice(none, none, -1), {4, 3, 2, 1, 0}},
    {5, Slice(none, none, 2), {0, 2, 4}},
    {5, Slice(1, none, none), {1, 2, 3, 4}},
    {5, Slice(none, -1, none), {0, 1, 2, 3}},
    {5, Slice(-3, none, -1), {2, 1, 0}},
    {5, Slice(6, 0, -2), {4, 2}},
    {7, Slice(3, 1, none), {}},
    {7, Slice(-2, 1, -3), {5, 2}},
    {7, Slice(-7, 3, none), {0, 1, 2}},
    {7, Slice(100, -7, -100), {6}},
    {7, Slice(-1, -1, -3), {}},
    {7, Slice(-1, 6, -2), {}},
    {7, Slice(0, 100, -2), {}},
    {7, Slice(-100, 2, 1), {0, 1}},
    {7, Slice(0, 1, 3), {0}},
    {7, Slice(-100, -1, -1), {}},
    {7, Slice(0, -2, 1), {0, 1, 2, 3, 4}},
    {7, Slice(-100, 100, 3), {0, 3, 6}},
    {7, Slice(100, 1, none), {}},
    {7, Slice(1, -100, none), {}},
    {7, Slice(-7, 100, 100), {0}},
    {7, Slice(0, 3, 1), {0, 1, 2}},
    {7, Slice(none, -2, 2), {0, 2, 4}},
    {7, Slice(-1, 6, 100), {}},
    {7, Slice(-1, 0, -2), {6, 4, 2}},
    {7, Slice(-100, 0, -100), {}},
    {7, Slice(-2, -1, 100), {5}},
    {7, Slice(-1, none, 100), {6}},
    {7, Slice(none, none, none), {0, 1, 2, 3, 4, 5, 6}},
    {7, Slice(none, none, -1), {6, 5, 4, 3, 2, 1, 0}},
    {7, Slice(none, none, 2), {0, 2, 4, 6}},
    {7, Slice(1, none, none), {1, 2, 3, 4, 5, 6}},
    {7, Slice(none, -1, none), {0, 1, 2, 3, 4, 5}},
    {7, Slice(-3, none, -1), {4, 3, 2, 1, 0}},
    {7, Slice(6, 0, -2), {6, 4, 2}},
};

std::vector<std::int64_t> positions_of(const Slice::Resolved& r) {
    std::vector<std::int64_t> positions;
    for (std::int64_t i = 0; i < r.length; ++i) {
        positions.push_back(r.start + i * r.step);
    }
    return positions;
}

TEST(Slice, ResolvesAsPython) {
    for (const SliceCase& c : kSliceCases) {
        EXPECT_EQ(positions_of(c.slice.resolve(c.extent)), c.positions)
            << c.slice.to_string() << " on " << c.extent;
    }
}

TEST(Slice, SpellingAndExtremes) {
    EXPECT_EQ(Slice().to_string(), ":");
    EXPECT_EQ(Slice(1, 5).to_string(), "1:5");
    EXPECT_EQ(Slice(none, none, -1).to_string(), "::-1");
    EXPECT_EQ(Slice(-3, none, 2).to_string(), "-3::2");
    // Python clamps a step of -2**63 to -(2**63 - 1): one position from the end.
    const Slice::Resolved r = Slice(none, none, INT64_MIN).resolve(10);
    EXPECT_EQ(r.start, 9);
    EXPECT_EQ(r.length, 1);
    const Slice::Resolved huge = Slice(INT64_MIN, INT64_MAX).resolve(4);
    EXPECT_EQ(huge.start, 0);
    EXPECT_EQ(huge.length, 4);
    try {
        (void)Slice(1, 2, 0).resolve(3);
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), "slice 1:2:0: the step cannot be 0");
    }
}

// Each table case applied to one axis of a 3-d array whose other axes are taken whole; the
// elements and the view's layout are checked.
TEST(Indexing, SliceEachAxisOfA3dArray) {
    for (const SliceCase& c : kSliceCases) {
        for (int axis = 0; axis < 3; ++axis) {
            Shape shape{3, 2, 4};
            shape[axis] = c.extent;
            const auto n = static_cast<std::size_t>(shape.element_count());
            const std::vector<float> data = random_floats(n, static_cast<unsigned>(axis) + 11);
            const Array<float> a = gpucc::asarray(data, shape, kCpu);
            std::vector<Index> items{gpucc::all, gpucc::all, gpucc::all};
            items[static_cast<std::size_t>(axis)] = c.slice;
            const Array<float> v = a.index(items);
            std::vector<std::vector<std::int64_t>> picks;
            for (int k = 0; k < 3; ++k) {
                picks.push_back(k == axis ? c.positions : view_reference::all_positions(shape[k]));
            }
            Shape expected_shape = shape;
            expected_shape[axis] = static_cast<std::int64_t>(c.positions.size());
            ASSERT_EQ(v.shape(), expected_shape) << c.slice.to_string() << " axis " << axis;
            EXPECT_EQ(v.to_host(), picked(data, shape, picks))
                << c.slice.to_string() << " on axis " << axis << " of " << shape.to_string();
            if (!c.positions.empty()) { // the first element is where the first position says
                const std::int64_t step = c.slice.resolve(c.extent).step;
                EXPECT_EQ(v.strides()[axis], a.strides()[axis] * step);
                EXPECT_EQ(v.byte_offset(), c.positions.front() * a.strides()[axis]);
            }
        }
    }
}

// Slices on every axis at once, with negative steps, then slices of the slices.
TEST(Indexing, NegativeStepsEverywhereAndViewsOfViews) {
    const Shape shape{5, 7, 6};
    const std::vector<float> data = random_floats(210, 3);
    const Array<float> a = gpucc::asarray(data, shape, kCpu);
    const Array<float> v = a(Slice(none, none, -1), Slice(6, 0, -2), Slice(1, none, 3));
    EXPECT_EQ(v.shape(), (Shape{5, 3, 2}));
    EXPECT_EQ(v.strides(), (Strides{-168, -48, 12}));
    EXPECT_FALSE(v.is_c_contiguous());
    EXPECT_EQ(v.data(), a.data() + 4 * 42 + 6 * 6 + 1);
    EXPECT_EQ(v.to_host(), picked(data, shape, {{4, 3, 2, 1, 0}, {6, 4, 2}, {1, 4}}));
    // A view of the view: reversing again, and a position.
    const Array<float> w = v(Slice(none, none, -2), 1);
    EXPECT_EQ(w.shape(), (Shape{3, 2}));
    EXPECT_EQ(w.to_host(), picked(data, shape, {{0, 2, 4}, {4}, {1, 4}}));
    // The views share the elements: a write through the array shows in both.
    a.data()[0 * 42 + 4 * 6 + 4] = 12345.0F; // a[0, 4, 4] is w[0, 1]
    EXPECT_EQ(w.to_host()[1], 12345.0F);
}

TEST(Indexing, OneDimensionalReversedIsNotContiguous) {
    const std::vector<float> data = random_floats(9, 4);
    const Array<float> a = gpucc::asarray(data, kCpu);
    const Array<float> r = a(Slice(none, none, -1));
    EXPECT_EQ(r.strides(), Strides{-4});
    EXPECT_FALSE(r.is_c_contiguous());
    EXPECT_EQ(r.to_host(), std::vector<float>(data.rbegin(), data.rend()));
    EXPECT_EQ(r(Slice(none, none, -1)).to_host(), data);
    EXPECT_TRUE(r(Slice(none, none, -1)).is_c_contiguous());
    // One element left: contiguous whatever its stride.
    EXPECT_TRUE(r(Slice(3, 4)).is_c_contiguous());
}

// Shapes, strides and offsets as NumPy 1.24 gives them for a float32 array of shape (4, 5, 6)
// (strides (120, 24, 4)), the offset measured from the array's first byte.
TEST(Indexing, PositionsNewaxisAndEllipsisMatchNumPy) {
    const Shape shape{4, 5, 6};
    const std::vector<float> data = random_floats(120, 5);
    const Array<float> a = gpucc::asarray(data, shape, kCpu);
    struct Expected {
        Shape shape;
        Strides strides;
        std::int64_t offset;
    };
    const auto check = [](const Array<float>& v, const Expected& e, const char* what) {
        EXPECT_EQ(v.shape(), e.shape) << what;
        EXPECT_EQ(v.strides(), e.strides) << what;
        EXPECT_EQ(v.byte_offset(), e.offset) << what;
    };
    check(a(1, Slice(none, none, -1)), {{5, 6}, {-24, 4}, 216}, "a[1, ::-1]");
    check(a(ellipsis, 2), {{4, 5}, {120, 24}, 8}, "a[..., 2]");
    check(a(newaxis, Slice(1, 3), ellipsis, Slice(none, none, -2)),
          {{1, 2, 5, 3}, {0, 120, 24, -8}, 140}, "a[None, 1:3, ..., ::-2]");
    check(a(gpucc::all, newaxis, 2, newaxis), {{4, 1, 1, 6}, {120, 0, 0, 4}, 48},
          "a[:, None, 2, None]");
    check(a(Slice(none, none, -1), Slice(none, none, -2), Slice(none, none, -3)),
          {{4, 3, 2}, {-120, -48, -12}, 476}, "a[::-1, ::-2, ::-3]");
    check(a(Slice(2, 0, -1), Slice(7, none), -4), {{2, 0}, {-120, 24}, 248}, "a[2:0:-1, 7:, -4]");
    check(a(ellipsis, newaxis), {{4, 5, 6, 1}, {120, 24, 4, 0}, 0}, "a[..., None]");
    check(a(newaxis), {{1, 4, 5, 6}, {0, 120, 24, 4}, 0}, "a[np.newaxis]");
    check(a(Slice(1, 2), 4, Slice(5, none)), {{1, 1}, {120, 4}, 236}, "a[1:2, 4, 5:]");
    check(a(), {{4, 5, 6}, {120, 24, 4}, 0}, "a[()]");
    check(a(Slice(-4, none), Slice(none, -5), Slice(1, none, 4)), {{4, 0, 2}, {120, 24, 16}, 4},
          "a[-4:, :-5, 1::4]");
    // a[-1, -1, -1] is a scalar in NumPy; here a 0-d view of it.
    check(a(-1, -1, -1), {Shape{}, Strides{}, 476}, "a[-1, -1, -1]");
    // And the values of two of them.
    EXPECT_EQ(a(1, Slice(none, none, -1)).to_host(),
              picked(data, shape, {{1}, {4, 3, 2, 1, 0}, view_reference::all_positions(6)}));
    EXPECT_EQ(a(newaxis, Slice(1, 3), ellipsis, Slice(none, none, -2)).to_host(),
              picked(data, shape, {{1, 2}, view_reference::all_positions(5), {5, 3, 1}}));
}

TEST(Indexing, OneElementAndItem) {
    const std::vector<float> data = random_floats(60, 6);
    const Array<float> a = gpucc::asarray(data, Shape{3, 4, 5}, kCpu);
    const Array<float> e = a(-1, -1, -1);
    EXPECT_EQ(e.ndim(), 0);
    EXPECT_EQ(e.size(), 1);
    EXPECT_EQ(e.byte_offset(), 2 * 80 + 3 * 20 + 4 * 4);
    EXPECT_EQ(e.item(), data[59]);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 4; ++j) {
            for (int k = 0; k < 5; ++k) {
                ASSERT_EQ(a(i, j, k).item(), data[static_cast<std::size_t>((i * 4 + j) * 5 + k)]);
                ASSERT_EQ(a(i - 3, j - 4, k - 5).item(), a(i, j, k).item());
            }
        }
    }
    // item() of any size-1 array, and of the untyped array with its dtype.
    EXPECT_EQ(a(Slice(1, 2), Slice(2, 3), 4).item(), data[(1 * 4 + 2) * 5 + 4]);
    EXPECT_EQ(a.ndarray()(2, 1, 0).item<float>(), data[(2 * 4 + 1) * 5]);
    try {
        (void)a(0).item();
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), "item: the array of shape (4, 5) has 20 elements; item() reads an "
                               "array of exactly one element");
    }
    EXPECT_THROW((void)a.ndarray()(0, 0, 0).item<double>(), gpucc::TypeError);
}

TEST(Indexing, ZeroSizeAndZeroDimensional) {
    const Array<float> empty = gpucc::empty<float>(Shape{0, 3}, kCpu);
    EXPECT_EQ(empty(Slice(none, none, -1)).shape(), (Shape{0, 3}));
    EXPECT_EQ(empty(gpucc::all, 1).shape(), Shape{0});
    EXPECT_TRUE(empty(gpucc::all, 1).to_host().empty());
    const Array<float> full = gpucc::asarray(random_floats(6, 7), Shape{2, 3}, kCpu);
    const Array<float> none_left = full(Slice(1, 1), Slice(none, none, -1));
    EXPECT_EQ(none_left.shape(), (Shape{0, 3}));
    EXPECT_EQ(none_left.size(), 0);
    EXPECT_TRUE(none_left.to_host().empty());
    EXPECT_TRUE(none_left.is_c_contiguous());
    const Array<double> scalar = gpucc::asarray(2.5, kCpu);
    EXPECT_EQ(scalar().shape(), Shape{});
    EXPECT_EQ(scalar(ellipsis).item(), 2.5);
    const Array<double> lifted = scalar(newaxis, newaxis);
    EXPECT_EQ(lifted.shape(), (Shape{1, 1}));
    EXPECT_EQ(lifted.to_host(), std::vector<double>{2.5});
}

TEST(Indexing, Errors) {
    const Array<float> a = gpucc::asarray(random_floats(12, 8), Shape{3, 4}, kCpu);
    const auto message = [&](auto&& call) -> std::string {
        try {
            call();
        } catch (const gpucc::Error& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_EQ(message([&] { (void)a(3); }),
              "index: position 3 is out of range for axis 0 of extent 3 (valid: -3 to 2)");
    EXPECT_EQ(message([&] { (void)a(0, -5); }),
              "index: position -5 is out of range for axis 1 of extent 4 (valid: -4 to 3)");
    EXPECT_EQ(message([&] { (void)a(0, 0, 0); }),
              "index: too many indices: the array has 2 dimensions but 3 were indexed");
    EXPECT_EQ(message([&] { (void)a(ellipsis, 1, ellipsis); }),
              "index: an index may hold only one ellipsis, this one holds 2");
    EXPECT_EQ(message([&] { (void)a(gpucc::all, Slice(none, none, 0)); }),
              "index: the slice ::0 for axis 1 has step 0; a step cannot be 0");
    const Array<float> empty = gpucc::empty<float>(Shape{0}, kCpu);
    EXPECT_EQ(message([&] { (void)empty(0); }),
              "index: position 0 is out of range for axis 0 of extent 0 (the axis is empty)");
    EXPECT_EQ(message([&] { (void)a(0, std::uint64_t{1} << 63); }),
              "index: position 9223372036854775808 does not fit in int64");
    EXPECT_THROW((void)a(0, 0, 0), gpucc::IndexError);
    EXPECT_THROW((void)a(0, Slice(1, 2, 0)), gpucc::ValueError);
}

} // namespace
