// A moved-from array is an empty one (shape (0,), no buffer, on the CPU, its dtype kept; see
// NDArray's moves in gpucc/array/ndarray.h), so every use of it gives an empty array's answer or a
// clear error. Before, it kept its shape and size with a null buffer: to_host, sum, printing, item
// and use as an output crashed, and use as an input read whatever the null address held. Each use
// is checked after a move construction and after a move assignment, for Array<T> and NDArray, on
// the device under test (the CPU, or cuda:0 in the GPU build).
#include "stdlib_test_support.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace stdlib_test {
namespace {

/// The message of the gpucc::Error `call` throws; a test failure when it throws none.
template <class F>
std::string error_of(F&& call) {
    try {
        call();
    } catch (const gpucc::Error& error) {
        return error.what();
    }
    ADD_FAILURE() << "no exception";
    return {};
}

class MovedFrom : public ::testing::Test {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }
    Device device_ = device_under_test();
    const std::vector<float> values_{1.5f, -2.25f, 3.0f, 8.5f, -0.75f, 4.0f};
    Array<float> make() const { return gpucc::asarray<float>(values_, {2, 3}, device_); }
};

/// Every use of a moved-from Array<float> `moved`, next to `other`, a live (2, 3) array.
void expect_empty_after_move(const Array<float>& moved, const Array<float>& other) {
    EXPECT_EQ(moved.shape(), gpucc::Shape(0));
    EXPECT_EQ(moved.size(), 0);
    EXPECT_EQ(moved.nbytes(), 0u);
    EXPECT_EQ(moved.data(), nullptr);
    EXPECT_EQ(moved.device(), Device::cpu());
    EXPECT_EQ(moved.ndarray().dtype(), DType::Float32);
    EXPECT_TRUE(moved.to_host().empty());
    // NumPy's answers for an empty array: the sum of nothing is 0, the product 1.
    EXPECT_EQ(moved.sum().item(), 0.0f);
    EXPECT_EQ(moved.prod().item(), 1.0f);
    EXPECT_EQ(moved.sum().to_host(), std::vector<float>{0.0f});
    EXPECT_NE(error_of([&] { (void)moved.max(); }).find("zero-size"), std::string::npos);
    EXPECT_EQ(gpucc::to_string(moved), "array([], dtype=float32)");
    std::ostringstream printed;
    printed << moved;
    EXPECT_EQ(printed.str(), "array([], dtype=float32)");
    EXPECT_NE(error_of([&] { (void)moved.item(); }).find("(0,)"), std::string::npos);
    EXPECT_EQ(moved.copy().size(), 0);
    EXPECT_EQ(moved.astype<double>().size(), 0);
    EXPECT_EQ(moved.reshape({0, 4}).shape(), gpucc::Shape(0, 4));
    // As an input next to a (2, 3) array: shapes that do not broadcast, on whichever device.
    const std::string as_input =
        error_of([&] { (void)gpucc::add(moved, other.to(Device::cpu())); });
    EXPECT_NE(as_input.find("(0,)"), std::string::npos) << as_input;
    EXPECT_EQ(gpucc::add(moved, 1.0f).size(), 0); // broadcasts with a scalar, as NumPy's does
    // As an output of a (2, 3) result: a ShapeError, or a DeviceError when `other` is on a GPU.
    EXPECT_FALSE(error_of([&] { gpucc::copyto(moved, other); }).empty());
    EXPECT_FALSE(error_of([&] { gpucc::sum(other, moved, gpucc::Axis{0}); }).empty());
    EXPECT_FALSE(error_of([&] { moved.copy_from_host(std::vector<float>{1.0f, 2.0f}); }).empty());
    Array<float> target = moved;
    EXPECT_FALSE(error_of([&] { target += other; }).empty());
}

TEST_F(MovedFrom, ArrayByConstruction) {
    Array<float> a = make();
    const Array<float> b(std::move(a));
    EXPECT_EQ(b.to_host(), values_);
    EXPECT_EQ(b.device(), device_);
    expect_empty_after_move(a, b); // NOLINT(bugprone-use-after-move): the point of the test
}

TEST_F(MovedFrom, ArrayByAssignment) {
    Array<float> a = make();
    Array<float> b = gpucc::asarray<float>({9.0f}, {1}, device_);
    b = std::move(a);
    EXPECT_EQ(b.shape(), gpucc::Shape(2, 3));
    EXPECT_EQ(b.to_host(), values_);
    expect_empty_after_move(a, b); // NOLINT(bugprone-use-after-move)
    // A moved-from array takes a new value as any other does.
    a = gpucc::asarray<float>({4.0f, 5.0f}, {2}, device_);
    EXPECT_EQ(a.sum().item(), 9.0f);
}

TEST_F(MovedFrom, SelfMoveKeepsTheArray) {
    Array<float> a = make();
    Array<float>& alias = a;
    a = std::move(alias);
    EXPECT_EQ(a.to_host(), values_);
}

TEST_F(MovedFrom, NDArrayKeepsItsDtype) {
    NDArray a = gpucc::asarray<std::int16_t>({7, -3, 12}, {3}, device_);
    NDArray b = std::move(a);
    EXPECT_EQ(b.as<std::int16_t>().to_host(), (std::vector<std::int16_t>{7, -3, 12}));
    // NOLINTBEGIN(bugprone-use-after-move)
    EXPECT_EQ(a.dtype(), DType::Int16);
    EXPECT_EQ(a.shape(), gpucc::Shape(0));
    EXPECT_EQ(a.buffer(), nullptr);
    EXPECT_EQ(a.sum().as<std::int64_t>().item(), 0);
    EXPECT_EQ(gpucc::to_string(a), "array([], dtype=int16)");
    EXPECT_NE(error_of([&] { (void)a.item<std::int16_t>(); }).find("(0,)"), std::string::npos);
    EXPECT_EQ(a.as<std::int16_t>().size(), 0); // still an Array<int16_t>
    NDArray c = gpucc::ones({4}, DType::Bool, device_);
    c = std::move(b);
    EXPECT_EQ(c.dtype(), DType::Int16);
    EXPECT_EQ(b.dtype(), DType::Int16);
    EXPECT_EQ(b.size(), 0);
    EXPECT_FALSE(error_of([&] { gpucc::copyto(b, c); }).empty());
    // NOLINTEND(bugprone-use-after-move)
}

} // namespace
} // namespace stdlib_test
