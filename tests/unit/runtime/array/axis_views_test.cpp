// Views that rearrange axes, on the CPU: transpose with axes, swapaxes, squeeze, expand_dims,
// broadcast_to and reshape's no-copy rule. Layouts are checked against NumPy 1.24's (strides in
// bytes of float32 arrays, made with Python), values against a reference gather of random data,
// errors by their message text.
#include "gpucc/array/array.h"
#include "gpucc/errors.h"
#include "support/view_reference.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::none;
using gpucc::Shape;
using gpucc::Slice;
using gpucc::Strides;
using testing::HasSubstr;
using view_reference::all_positions;
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

// The elements of the permutation `axes` of a C-order array of `shape`, by index arithmetic.
std::vector<float> permuted(const std::vector<float>& data, const Shape& shape,
                            const std::vector<int>& axes) {
    Shape out_shape;
    for (int axis : axes) {
        out_shape.push_back(shape[axis]);
    }
    std::vector<float> out;
    std::vector<std::int64_t> index(axes.size(), 0);
    for (std::int64_t count = 0; count < shape.element_count(); ++count) {
        std::vector<std::int64_t> source(axes.size());
        for (std::size_t k = 0; k < axes.size(); ++k) {
            source[static_cast<std::size_t>(axes[k])] = index[k];
        }
        std::int64_t flat = 0;
        for (int axis = 0; axis < shape.ndim(); ++axis) {
            flat = flat * shape[axis] + source[static_cast<std::size_t>(axis)];
        }
        out.push_back(data[static_cast<std::size_t>(flat)]);
        for (int k = static_cast<int>(axes.size()) - 1; k >= 0; --k) {
            if (++index[static_cast<std::size_t>(k)] < out_shape[k]) {
                break;
            }
            index[static_cast<std::size_t>(k)] = 0;
        }
    }
    return out;
}

TEST(AxisViews, TransposeWithAxes) {
    const Shape shape{2, 3, 4};
    const std::vector<float> data = random_floats(24, 21);
    const Array<float> a = gpucc::asarray(data, shape, kCpu);
    for (const std::vector<int>& axes : std::vector<std::vector<int>>{
             {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}) {
        const Array<float> t = a.transpose(std::span<const int>(axes));
        for (std::size_t k = 0; k < 3; ++k) {
            EXPECT_EQ(t.shape()[static_cast<int>(k)], shape[axes[k]]);
            EXPECT_EQ(t.strides()[static_cast<int>(k)], a.strides()[axes[k]]);
        }
        EXPECT_EQ(t.data(), a.data());
        EXPECT_EQ(t.to_host(), permuted(data, shape, axes));
    }
    // Negative axes, and a permutation of a reversed view.
    EXPECT_EQ(a.transpose({-1, 0, -2}).strides(), (Strides{4, 48, 16}));
    const Array<float> r = a(Slice(none, none, -1), gpucc::all, Slice(none, none, -2));
    EXPECT_EQ(r.transpose({2, 0, 1}).to_host(),
              permuted(r.to_host(), r.shape(), std::vector<int>{2, 0, 1}));
    EXPECT_EQ(a.transpose({2, 1, 0}).strides(), a.transpose().strides());
}

TEST(AxisViews, TransposeErrors) {
    const Array<float> a = gpucc::asarray(random_floats(6, 22), Shape{2, 3}, kCpu);
    EXPECT_EQ(message_of([&] { (void)a.transpose({0}); }),
              "transpose: axes (0,) name 1 axes but the array has 2 dimensions");
    EXPECT_EQ(message_of([&] { (void)a.transpose({1, 1}); }),
              "transpose: axes (1, 1) name axis 1 twice");
    EXPECT_EQ(message_of([&] { (void)a.transpose({0, -3}); }),
              "transpose: axes: axis -3 is out of range for an array of 2 dimensions (valid: -2 "
              "to 1)");
    EXPECT_THROW((void)a.transpose({0, 2}), gpucc::IndexError);
    EXPECT_THROW((void)a.transpose({1, -1}), gpucc::ValueError);
}

TEST(AxisViews, Swapaxes) {
    const Shape shape{3, 1, 5};
    const std::vector<float> data = random_floats(15, 23);
    const Array<float> a = gpucc::asarray(data, shape, kCpu);
    const Array<float> s = a.swapaxes(0, -1);
    EXPECT_EQ(s.shape(), (Shape{5, 1, 3}));
    EXPECT_EQ(s.strides(), (Strides{4, 20, 20}));
    EXPECT_EQ(s.to_host(), permuted(data, shape, {2, 1, 0}));
    EXPECT_EQ(a.swapaxes(1, 1).strides(), a.strides());
    EXPECT_EQ(message_of([&] { (void)a.swapaxes(0, 3); }),
              "swapaxes: axis2: axis 3 is out of range for an array of 3 dimensions (valid: -3 "
              "to 2)");
    const Array<float> scalar = gpucc::asarray(1.5F, kCpu);
    EXPECT_EQ(message_of([&] { (void)scalar.swapaxes(0, 0); }),
              "swapaxes: axis1: axis 0 is out of range for an array of 0 dimensions (no axis is "
              "valid)");
}

TEST(AxisViews, SqueezeAndExpandDims) {
    const std::vector<float> data = random_floats(12, 24);
    const Array<float> a = gpucc::asarray(data, Shape{1, 3, 1, 4, 1}, kCpu);
    EXPECT_EQ(a.squeeze().shape(), (Shape{3, 4}));
    EXPECT_EQ(a.squeeze().strides(), (Strides{16, 4}));
    EXPECT_EQ(a.squeeze().to_host(), data);
    EXPECT_EQ(a.squeeze(2).shape(), (Shape{1, 3, 4, 1}));
    EXPECT_EQ(a.squeeze(-1).shape(), (Shape{1, 3, 1, 4}));
    EXPECT_EQ(message_of([&] { (void)a.squeeze(1); }),
              "squeeze: axis 1 has extent 3 in shape (1, 3, 1, 4, 1); only an axis of extent 1 "
              "can be removed");
    EXPECT_EQ(message_of([&] { (void)a.squeeze(5); }),
              "squeeze: axis: axis 5 is out of range for an array of 5 dimensions (valid: -5 to "
              "4)");
    const Array<float> m = a.squeeze();
    // NumPy 1.24: np.expand_dims of a C-contiguous (3, 4) float32 array.
    EXPECT_EQ(m.expand_dims(0).strides(), (Strides{48, 16, 4}));
    EXPECT_EQ(m.expand_dims(1).strides(), (Strides{16, 16, 4}));
    EXPECT_EQ(m.expand_dims(2).strides(), (Strides{16, 4, 4}));
    EXPECT_EQ(m.expand_dims(-1).shape(), (Shape{3, 4, 1}));
    EXPECT_EQ(m.expand_dims(-3).shape(), (Shape{1, 3, 4}));
    EXPECT_EQ(m.expand_dims(1).to_host(), data);
    EXPECT_EQ(message_of([&] { (void)m.expand_dims(3); }),
              "expand_dims: axis: axis 3 is out of range for an array of 3 dimensions (valid: -3 "
              "to 2)");
    // On a reversed view the new axis keeps the elements in place.
    const Array<float> r = m(Slice(none, none, -1), Slice(none, none, -1));
    EXPECT_EQ(r.expand_dims(1).shape(), (Shape{3, 1, 4}));
    EXPECT_EQ(r.expand_dims(1).to_host(), std::vector<float>(data.rbegin(), data.rend()));
    EXPECT_EQ(r.expand_dims(1).squeeze(1).strides(), r.strides());
    // A 0-d array grows to 1-d and back.
    const Array<float> scalar = gpucc::asarray(7.25F, kCpu);
    EXPECT_EQ(scalar.expand_dims(0).shape(), Shape{1});
    EXPECT_EQ(scalar.expand_dims(0).squeeze().shape(), Shape{});
    EXPECT_EQ(scalar.expand_dims(-1).item(), 7.25F);
}

TEST(AxisViews, BroadcastTo) {
    const std::vector<float> data = random_floats(3, 25);
    const Array<float> column = gpucc::asarray(data, Shape{3, 1}, kCpu);
    const Array<float> b = column.broadcast_to(Shape{2, 3, 4});
    EXPECT_EQ(b.shape(), (Shape{2, 3, 4}));
    EXPECT_EQ(b.strides(), (Strides{0, 4, 0}));
    EXPECT_EQ(b.data(), column.data());
    EXPECT_FALSE(b.is_c_contiguous());
    std::vector<float> repeated; // b[i, j, k] is column[j, 0]
    for (int i = 0; i < 2; ++i) {
        for (std::size_t j = 0; j < 3; ++j) {
            repeated.insert(repeated.end(), 4, data[j]);
        }
    }
    EXPECT_EQ(b.to_host(), repeated);
    // Broadcasting a reversed view keeps its negative stride; 1 may become 0.
    const Array<float> row = gpucc::asarray(random_floats(4, 26), Shape{4}, kCpu);
    const Array<float> reversed = row(Slice(none, none, -1));
    const Array<float> rb = reversed.broadcast_to(Shape{3, 4});
    EXPECT_EQ(rb.strides(), (Strides{0, -4}));
    const std::vector<float> rev = reversed.to_host();
    std::vector<float> expected;
    for (int i = 0; i < 3; ++i) {
        expected.insert(expected.end(), rev.begin(), rev.end());
    }
    EXPECT_EQ(rb.to_host(), expected);
    EXPECT_EQ(column.broadcast_to(Shape{3, 0}).size(), 0);
    EXPECT_EQ(column.broadcast_to(Shape{3, 1}).strides(), column.strides());
    const Array<float> scalar = gpucc::asarray(-3.5F, kCpu);
    EXPECT_EQ(scalar.broadcast_to(Shape{2, 2}).to_host(), std::vector<float>(4, -3.5F));
}

TEST(AxisViews, BroadcastToErrorsNameBothShapes) {
    const Array<float> a = gpucc::asarray(random_floats(6, 27), Shape{2, 3}, kCpu);
    EXPECT_EQ(message_of([&] { (void)a.broadcast_to(Shape{2, 4}); }),
              "broadcast_to: cannot broadcast an array of shape (2, 3) to shape (2, 4): axis 1 of "
              "the array has extent 3, which must be 1 or the target's 4 (target axis 1)");
    EXPECT_EQ(message_of([&] { (void)a.broadcast_to(Shape{3}); }),
              "broadcast_to: cannot broadcast an array of shape (2, 3) to shape (3,): the target "
              "has 1 dimensions, fewer than the array's 2");
    EXPECT_EQ(message_of([&] { (void)a.broadcast_to(Shape{5, 4, 3}); }),
              "broadcast_to: cannot broadcast an array of shape (2, 3) to shape (5, 4, 3): axis 0 "
              "of the array has extent 2, which must be 1 or the target's 4 (target axis 1)");
    EXPECT_THAT(message_of([&] { (void)a.broadcast_to(Shape{-1, 3}); }),
                HasSubstr("negative extent -1"));
    EXPECT_THROW((void)a.broadcast_to(Shape{3, 3}), gpucc::ShapeError);
}

struct ReshapeCase {
    const char* what;
    Array<float> view;
    Shape shape;
    Strides strides; // NumPy's; empty Strides with copy = true when NumPy must copy
    bool copy;
};

// NumPy 1.24's answers (view.view().shape = new_shape, which raises when a copy is needed).
TEST(AxisViews, ReshapeFollowsNumPysNoCopyRule) {
    std::vector<float> data = random_floats(24, 28);
    const Array<float> a24 = gpucc::asarray(data, kCpu);
    const Array<float> a46 = a24.reshape(Shape{4, 6});
    const Array<float> a234 = a24.reshape(Shape{2, 3, 4});
    const Array<float> cols = a46(gpucc::all, Slice(1, 5));
    const Array<float> t46 = a46.transpose();
    const Array<float> rev = a24(Slice(none, none, -1));
    const Array<float> even = a24(Slice(none, none, 2));
    const Array<float> mid_rev = a234(gpucc::all, Slice(none, none, -1), gpucc::all);
    const Array<float> lifted = a234(gpucc::all, gpucc::all, gpucc::newaxis, Slice(none, none, 2));
    const Array<float> wide = a24(Slice(0, 4)).broadcast_to(Shape{3, 4});
    const Array<float> swapped = a234.transpose({1, 0, 2});
    const std::vector<ReshapeCase> cases = {
        {"a46[:, 1:5] -> (4, 2, 2)", cols, {4, 2, 2}, {24, 8, 4}, false},
        {"a46[:, 1:5] -> (16,)", cols, {16}, {}, true},
        {"a46[:, 1:5] -> (2, 2, 4)", cols, {2, 2, 4}, {48, 24, 4}, false},
        {"a46[:, 1:5] -> (2, 8)", cols, {2, 8}, {}, true},
        {"a46[:, 1:5] -> (4, 4, 1, 1)", cols, {4, 4, 1, 1}, {24, 4, 4, 4}, false},
        {"a46[:, 1:5] -> (1, 4, 4)", cols, {1, 4, 4}, {96, 24, 4}, false},
        {"a46.T -> (6, 2, 2)", t46, {6, 2, 2}, {4, 48, 24}, false},
        {"a46.T -> (24,)", t46, {24}, {}, true},
        {"a46.T -> (3, 2, 4)", t46, {3, 2, 4}, {8, 4, 24}, false},
        {"a46.T -> (6, 4, 1)", t46, {6, 4, 1}, {4, 24, 24}, false},
        {"a24[::-1] -> (4, 6)", rev, {4, 6}, {-24, -4}, false},
        {"a24[::-1] -> (2, 3, 4)", rev, {2, 3, 4}, {-48, -16, -4}, false},
        {"a24[::-1] -> (24, 1)", rev, {24, 1}, {-4, -4}, false},
        {"a24[::2] -> (3, 4)", even, {3, 4}, {32, 8}, false},
        {"a24[::2] -> (2, 2, 3)", even, {2, 2, 3}, {48, 24, 8}, false},
        {"a234[:, ::-1] -> (2, 12)", mid_rev, {2, 12}, {}, true},
        {"a234[:, ::-1] -> (6, 4)", mid_rev, {6, 4}, {}, true},
        {"a234[:, ::-1] -> (2, 3, 2, 2)", mid_rev, {2, 3, 2, 2}, {48, -16, 8, 4}, false},
        {"a234[:, ::-1] -> (24,)", mid_rev, {24}, {}, true},
        {"a234[:, :, None, ::2] -> (2, 3, 2)", lifted, {2, 3, 2}, {48, 16, 8}, false},
        {"a234[:, :, None, ::2] -> (6, 2)", lifted, {6, 2}, {16, 8}, false},
        {"a234[:, :, None, ::2] -> (2, 6)", lifted, {2, 6}, {48, 8}, false},
        {"a234[:, :, None, ::2] -> (12,)", lifted, {12}, {8}, false},
        {"broadcast (3, 4) -> (3, 2, 2)", wide, {3, 2, 2}, {0, 8, 4}, false},
        {"broadcast (3, 4) -> (12,)", wide, {12}, {}, true},
        {"broadcast (3, 4) -> (3, 4, 1)", wide, {3, 4, 1}, {0, 4, 4}, false},
        {"a234.transpose(1, 0, 2) -> (3, 8)", swapped, {3, 8}, {}, true},
        {"a234.transpose(1, 0, 2) -> (6, 4)", swapped, {6, 4}, {}, true},
        {"a234.transpose(1, 0, 2) -> (3, 2, 2, 2)", swapped, {3, 2, 2, 2}, {16, 48, 8, 4}, false},
    };
    for (const ReshapeCase& c : cases) {
        if (c.copy) {
            // NumPy copies here: a new C-contiguous array with the view's elements in C order.
            const Array<float> r = c.view.reshape(c.shape);
            EXPECT_EQ(r.shape(), c.shape) << c.what;
            EXPECT_TRUE(r.is_c_contiguous()) << c.what;
            EXPECT_NE(r.ndarray().buffer(), c.view.ndarray().buffer()) << c.what;
            EXPECT_EQ(r.to_host(), c.view.to_host()) << c.what;
            continue;
        }
        const Array<float> r = c.view.reshape(c.shape);
        EXPECT_EQ(r.shape(), c.shape) << c.what;
        EXPECT_EQ(r.strides(), c.strides) << c.what;
        EXPECT_EQ(r.data(), c.view.data()) << c.what;
        EXPECT_EQ(r.to_host(), c.view.to_host()) << c.what; // same elements in C order
    }
    // A view, not a copy: a write through the reshaped view shows in the array.
    const Array<float> r = cols.reshape(Shape{2, 2, 4});
    r.data()[0] = 4242.0F; // r[0, 0, 0] is a46[0, 1]
    EXPECT_EQ(a46(0, 1).item(), 4242.0F);
    EXPECT_EQ(rev.reshape(Shape{4, -1}).shape(), (Shape{4, 6}));
}

TEST(AxisViews, ReshapeErrorsNameBothShapes) {
    const Array<float> a = gpucc::asarray(random_floats(12, 29), Shape{3, 4}, kCpu);
    EXPECT_EQ(message_of([&] { (void)a.reshape(Shape{5, -1}); }),
              "reshape: cannot reshape an array of shape (3, 4) into shape (5, -1): 12 elements "
              "do not divide into it");
}

} // namespace
