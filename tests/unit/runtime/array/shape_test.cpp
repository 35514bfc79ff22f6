// Shape and Strides: construction from any integers, formatting, C-order strides.
#include "gpucc/array/shape.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::Shape;
using gpucc::Strides;

TEST(Shape, BuildsFromAnyIntegers) {
    const std::size_t n = 7;
    const int m = 3;
    const Shape a{1024, 1024};
    const Shape b{n};
    const Shape c{m, n, std::int64_t{2}};
    EXPECT_EQ(a.ndim(), 2);
    EXPECT_EQ(a[0], 1024);
    EXPECT_EQ(b.ndim(), 1);
    EXPECT_EQ(b[0], 7);
    EXPECT_EQ(c.element_count(), 42);
    EXPECT_EQ(Shape{}.ndim(), 0);
    EXPECT_EQ(Shape{}.element_count(), 1);
    EXPECT_EQ(Shape(std::vector<std::int64_t>{2, 3, 4}), (Shape{2, 3, 4}));
    EXPECT_NE(a, b);
}

TEST(Shape, FormatsAsPythonTuples) {
    EXPECT_EQ((Shape{3, 4}).to_string(), "(3, 4)");
    EXPECT_EQ(Shape{4}.to_string(), "(4,)");
    EXPECT_EQ(Shape{}.to_string(), "()");
    EXPECT_EQ((Strides{16, 4}).to_string(), "(16, 4)");
}

TEST(Shape, RejectsTooManyDimensionsAndHugeExtents) {
    Shape s;
    for (int i = 0; i < gpucc::kMaxNdim; ++i) {
        s.push_back(1);
    }
    EXPECT_THROW(s.push_back(1), gpucc::ShapeError);
    try {
        const Shape huge{~std::uint64_t{0}};
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_THAT(e.what(), testing::HasSubstr("18446744073709551615"));
    }
}

TEST(Strides, COrder) {
    EXPECT_EQ(Strides::c_contiguous(Shape{2, 3, 4}, 4), (Strides{48, 16, 4}));
    EXPECT_EQ(Strides::c_contiguous(Shape{5}, 8), Strides{8});
    EXPECT_EQ(Strides::c_contiguous(Shape{}, 8), Strides{});
    EXPECT_EQ(Strides::c_contiguous(Shape{2, 0, 3}, 4), (Strides{12, 12, 4})); // as NumPy
}

} // namespace
