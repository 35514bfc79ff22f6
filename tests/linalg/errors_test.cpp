// Bad calls raise the library's errors and the messages name the argument and the shapes or
// dtypes at fault: inner dimensions, 0-d operands, batch axes that do not broadcast, an out of
// the wrong shape or dtype or overlapping an operand, operands on two devices (GPU build).
#include "linalg_test_support.h"

#include <functional>

namespace linalg_test {
namespace {

template <class E>
void expect_error(const std::function<void()>& call, const std::vector<std::string>& parts) {
    try {
        call();
        ADD_FAILURE() << "no exception";
    } catch (const E& error) {
        const std::string message = error.what();
        for (const std::string& part : parts) {
            EXPECT_NE(message.find(part), std::string::npos)
                << "message \"" << message << "\" lacks \"" << part << "\"";
        }
    }
}

TEST(MatmulErrors, NameTheArgumentAndShapes) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(21);
    const NDArray a = random_array<float>(rng, Shape{2, 3});
    const NDArray b = random_array<float>(rng, Shape{4, 5});
    expect_error<gpucc::ShapeError>([&] { (void)gpucc::matmul(a, b); },
                                    {"matmul", "(2, 3)", "(4, 5)", "inner dimensions"});
    const NDArray s = random_array<float>(rng, Shape{});
    expect_error<gpucc::ValueError>([&] { (void)gpucc::matmul(s, a); }, {"argument a", "0-d"});
    expect_error<gpucc::ValueError>([&] { (void)gpucc::matmul(a, s); }, {"argument b", "0-d"});
    const NDArray x = random_array<float>(rng, Shape{2, 3, 4});
    const NDArray y = random_array<float>(rng, Shape{3, 4, 5});
    expect_error<gpucc::ShapeError>([&] { (void)gpucc::matmul(x, y); },
                                    {"batch axes", "(2, 3, 4)", "(3, 4, 5)"});
    expect_error<gpucc::ShapeError>([&] { (void)gpucc::dot(a, b); }, {"dot", "(2, 3)", "(4, 5)"});
    expect_error<gpucc::ShapeError>([&] { (void)gpucc::vdot(a, b); }, {"vdot", "6", "20"});
    expect_error<gpucc::ValueError>([&] { (void)gpucc::trace(random_array<float>(rng, Shape{3})); },
                                    {"trace", "argument a"});
    expect_error<gpucc::IndexError>([&] { (void)gpucc::trace(a, 0, 0, 2); }, {"axis2", "2"});
}

TEST(MatmulErrors, BadOutputs) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(22);
    const NDArray a = random_array<float>(rng, Shape{3, 3});
    const NDArray b = random_array<float>(rng, Shape{3, 3});
    const Device dev = device_under_test();
    expect_error<gpucc::ShapeError>(
        [&] { gpucc::matmul(a, b, gpucc::empty(Shape{3, 4}, DType::Float32, dev)); },
        {"argument out", "(3, 4)", "(3, 3)"});
    expect_error<gpucc::TypeError>(
        [&] { gpucc::matmul(a, b, gpucc::empty(Shape{3, 3}, DType::Float64, dev)); },
        {"argument out", "float64", "float32"});
    expect_error<gpucc::ValueError>([&] { gpucc::matmul(a, b, a); }, {"argument out", "a"});
    expect_error<gpucc::ValueError>([&] { gpucc::matmul(a, b, b.transpose()); },
                                    {"argument out", "b"});
    // Disjoint parts of one buffer are fine.
    const NDArray both = random_array<float>(rng, Shape{2, 3, 3});
    gpucc::matmul(both(0), both(0), both(1));
    SUCCEED();
}

TEST(MatmulErrors, OperandsOnTwoDevices) {
    LINALG_SKIP_WITHOUT_DEVICE();
    if (device_under_test().is_cpu()) {
        GTEST_SKIP() << "needs a GPU: the CPU build has one device";
    }
    std::mt19937_64 rng(23);
    const NDArray a = random_array<float>(rng, Shape{3, 3});
    const NDArray b = a.to(Device::cpu());
    expect_error<gpucc::DeviceError>([&] { (void)gpucc::matmul(a, b); },
                                     {"matmul", "two devices", "cuda:0", "cpu"});
    expect_error<gpucc::DeviceError>(
        [&] { gpucc::matmul(a, a, gpucc::empty(Shape{3, 3}, DType::Float32, Device::cpu())); },
        {"argument out", "cpu"});
}

} // namespace
} // namespace linalg_test
