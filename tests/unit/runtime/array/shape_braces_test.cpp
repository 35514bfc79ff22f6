// A one-element brace list is a shape wherever a shape is taken. Device has no constructor from a
// lone integer (gpucc/device/device.h), so `asarray<float>(data, {n})` — the README's spelling —
// and the same `{n}` given to empty, zeros, ones, full, reshape, broadcast_to and the random draws
// picks the Shape overload instead of being ambiguous with the one that takes a Device there.
// This file is the compile test: every call below failed to compile (GCC: "call of overloaded
// asarray ... is ambiguous") while Device had an explicit constructor from int; the tests then
// check the shapes the calls made, for each integer type a size is commonly held in.
#include "gpucc/gpucc.h"

#include <cstddef>
#include <cstdint>
#include <gtest/gtest.h>
#include <span>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::DType;
using gpucc::NDArray;
using gpucc::Shape;

// Device must not be constructible from a braced integer of any common type; a Shape must.
template <class I>
constexpr bool kBracedIsShapeOnly =
    !std::is_convertible_v<I, Device> && !std::is_constructible_v<Device, I> &&
    std::is_convertible_v<I, Shape>;
static_assert(kBracedIsShapeOnly<int>);
static_assert(kBracedIsShapeOnly<std::size_t>);
static_assert(kBracedIsShapeOnly<std::int64_t>);

template <class N>
class ShapeBraces : public testing::Test {};
using SizeTypes = testing::Types<int, std::size_t, std::int64_t, unsigned>;
TYPED_TEST_SUITE(ShapeBraces, SizeTypes);

TYPED_TEST(ShapeBraces, AsarrayTakesOneElementListAsShape) {
    const TypeParam n = 5;
    const std::vector<float> host_x{1.5f, -2.0f, 3.25f, 0.5f, 7.0f};
    const Array<float> from_vector = gpucc::asarray<float>(host_x, {n});
    EXPECT_EQ(from_vector.shape(), Shape(5));
    EXPECT_EQ(from_vector.to_host(), host_x);
    const Array<float> from_span = gpucc::asarray<float>(std::span<const float>(host_x), {n});
    EXPECT_EQ(from_span.shape(), Shape(5));
    EXPECT_EQ(from_span.to_host(), host_x);
    const Array<float> with_device = gpucc::asarray<float>(host_x, {n}, Device::cpu());
    EXPECT_EQ(with_device.shape(), Shape(5));
    const Array<int> listed = gpucc::asarray<int>({4, -1, 9}, {3});
    EXPECT_EQ(listed.shape(), Shape(3));
    EXPECT_EQ(listed.to_host(), (std::vector<int>{4, -1, 9}));
    const Array<double> listed_with_device = gpucc::asarray<double>({2.0}, {1}, Device::cpu());
    EXPECT_EQ(listed_with_device.shape(), Shape(1));
    // Two elements never were ambiguous; kept here so the spellings sit together.
    const Array<float> matrix = gpucc::asarray<float>({1, 2, 3, 4, 5, 6}, {n - 3, 3});
    EXPECT_EQ(matrix.shape(), Shape(2, 3));
}

TYPED_TEST(ShapeBraces, CreationTakesOneElementListAsShape) {
    const TypeParam n = 4;
    EXPECT_EQ(gpucc::empty<float>({n}).shape(), Shape(4));
    EXPECT_EQ(gpucc::empty<float>({n}, Device::cpu()).shape(), Shape(4));
    EXPECT_EQ(gpucc::empty({n}, DType::Int16).shape(), Shape(4));
    EXPECT_EQ(gpucc::zeros<double>({n}, Device::cpu()).to_host(), std::vector<double>(4, 0.0));
    EXPECT_EQ(gpucc::zeros({n}, DType::Float32).shape(), Shape(4));
    EXPECT_EQ(gpucc::ones<int>({n}).to_host(), std::vector<int>(4, 1));
    EXPECT_EQ(gpucc::ones({n}).shape(), Shape(4));
    EXPECT_EQ(gpucc::full<float>({n}, 2.5f).to_host(), std::vector<float>(4, 2.5f));
    EXPECT_EQ(gpucc::full({n}, 7).shape(), Shape(4));
    EXPECT_EQ(gpucc::full({n}, 7, DType::UInt8, Device::cpu()).shape(), Shape(4));
}

TYPED_TEST(ShapeBraces, ViewsTakeOneElementListAsShape) {
    const TypeParam n = 6;
    const Array<float> a = gpucc::asarray<float>({1, 2, 3, 4, 5, 6}, {2, 3});
    const Array<float> flat = a.reshape({n});
    EXPECT_EQ(flat.shape(), Shape(6));
    EXPECT_EQ(flat.to_host(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(a.ndarray().reshape({n}).shape(), Shape(6));
    const Array<float> one = gpucc::asarray<float>({3.5f}, {1});
    const Array<float> repeated = one.broadcast_to({n});
    EXPECT_EQ(repeated.shape(), Shape(6));
    EXPECT_EQ(repeated.to_host(), std::vector<float>(6, 3.5f));
    EXPECT_EQ(one.ndarray().broadcast_to({n}).shape(), Shape(6));
}

TYPED_TEST(ShapeBraces, RandomDrawsTakeOneElementListAsShape) {
    const TypeParam n = 8;
    EXPECT_EQ(gpucc::random::uniform<float>({n}).shape(), Shape(8));
    EXPECT_EQ(gpucc::random::uniform<float>({n}, -1.0, 1.0, Device::cpu()).shape(), Shape(8));
    EXPECT_EQ(gpucc::random::normal<double>({n}).shape(), Shape(8));
    EXPECT_EQ(gpucc::random::rand<float>({n}).shape(), Shape(8));
    EXPECT_EQ(gpucc::random::random<double>({n}, Device::cpu()).shape(), Shape(8));
    EXPECT_EQ(gpucc::random::randn<float>({n}).shape(), Shape(8));
    gpucc::random::Generator generator(42);
    EXPECT_EQ(generator.uniform<float>(0.0, 2.0, {n}).shape(), Shape(8));
    EXPECT_EQ(generator.random<double>({n}, Device::cpu()).shape(), Shape(8));
    EXPECT_EQ(generator.normal<float>(1.0, 0.5, {n}).shape(), Shape(8));
    EXPECT_EQ(generator.standard_normal<double>({n}).shape(), Shape(8));
    EXPECT_EQ(generator.uniform(0.0, 1.0, {n}, DType::Float32).shape(), Shape(8));
    EXPECT_EQ(generator.random({n}).shape(), Shape(8));
    EXPECT_EQ(generator.normal(0.0, 1.0, {n}).shape(), Shape(8));
    EXPECT_EQ(generator.standard_normal({n}, DType::Float32, Device::cpu()).shape(), Shape(8));
}

} // namespace
