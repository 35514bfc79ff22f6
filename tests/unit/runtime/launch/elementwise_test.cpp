// ElementwiseLaunch on the CPU with host functions written here by hand against the kernel ABI
// (what gpucc's host target generates): argument slots, scalars, allocated and given outputs,
// raw parameters, the thread pool over large loops, and every error with its message.
#include "gpucc/generated_support.h"

#include <atomic>
#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Shape;
using gpucc::detail::ElementwiseLaunch;
using gpucc::detail::KernelRef;
using gpucc::detail::ModuleImage;
using testing::HasSubstr;

template <class T>
T slot(void** args, int index) {
    return *static_cast<T*>(args[index]);
}

// squared_diff(float32 x, float32 y) -> (float32 z) { z = (x - y) * (x - y); }
// slots: 0 x ptr, 1 x value, 2 y ptr, 3 y value, 4 z ptr, 5 n
void squared_diff_host(void** args, std::int64_t begin, std::int64_t end) {
    const auto* x = slot<const float*>(args, 0);
    const auto x_value = slot<float>(args, 1);
    const auto* y = slot<const float*>(args, 2);
    const auto y_value = slot<float>(args, 3);
    auto* z = slot<float*>(args, 4);
    const auto n = slot<std::int64_t>(args, 5);
    for (std::int64_t i = begin; i < end; ++i) {
        if (i >= n) {
            std::abort(); // the runtime never hands out elements past n
        }
        const float a = x != nullptr ? x[i] : x_value;
        const float b = y != nullptr ? y[i] : y_value;
        z[i] = (a - b) * (a - b);
    }
}

// reverse(raw int32 x) -> (int32 y) { y = x[_ind.size() - i - 1]; }   slots: 0 x, 1 y, 2 n
void reverse_host(void** args, std::int64_t begin, std::int64_t end) {
    const auto* x = slot<const std::int32_t*>(args, 0);
    auto* y = slot<std::int32_t*>(args, 1);
    const auto n = slot<std::int64_t>(args, 2);
    for (std::int64_t i = begin; i < end; ++i) {
        y[i] = x[n - i - 1];
    }
}

// count(int32 x) -> (int32 y): y = x + 1, and counts the calls that ran on other threads.
std::atomic<int> g_calls{0};
void increment_host(void** args, std::int64_t begin, std::int64_t end) {
    const auto* x = slot<const std::int32_t*>(args, 0);
    auto* y = slot<std::int32_t*>(args, 2);
    for (std::int64_t i = begin; i < end; ++i) {
        y[i] = x[i] + 1;
    }
    g_calls.fetch_add(1);
}

ModuleImage g_image("launch_test", nullptr, 0); // host-only module
KernelRef g_squared_diff(g_image, "squared_diff", "", {&squared_diff_host, &squared_diff_host},
                         {nullptr, nullptr}, 1);
KernelRef g_reverse(g_image, "reverse", "", {&reverse_host, &reverse_host}, {nullptr, nullptr}, 1);
KernelRef g_increment(g_image, "increment", "", {&increment_host, &increment_host},
                      {nullptr, nullptr}, 1);
KernelRef g_no_host(g_image, "no_host", "", {nullptr, nullptr}, {nullptr, nullptr}, 1);

// What a generated wrapper does for squared_diff with an allocated output.
Array<float> squared_diff(const Array<float>& x, const Array<float>& y) {
    ElementwiseLaunch launch("squared_diff", g_squared_diff);
    launch.input("x", x);
    launch.input("y", y);
    Array<float> z = launch.output<float>("z");
    launch.run();
    return z;
}

std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-10.0F, 10.0F);
    std::vector<float> values(n);
    for (float& v : values) {
        v = dist(rng);
    }
    return values;
}

class SquaredDiffSizes : public testing::TestWithParam<std::int64_t> {};

TEST_P(SquaredDiffSizes, MatchesReference) {
    const auto n = static_cast<std::size_t>(GetParam());
    const std::vector<float> xs = random_floats(n, 1);
    const std::vector<float> ys = random_floats(n, 2);
    const Array<float> x = gpucc::asarray(xs, Shape{n}, Device::cpu());
    const Array<float> y = gpucc::asarray(ys, Shape{n}, Device::cpu());
    const Array<float> z = squared_diff(x, y);
    EXPECT_EQ(z.shape(), Shape{n});
    EXPECT_EQ(z.device(), Device::cpu());
    const std::vector<float> got = z.to_host();
    for (std::size_t i = 0; i < n; ++i) {
        const float d = xs[i] - ys[i];
        ASSERT_EQ(got[i], d * d) << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, SquaredDiffSizes,
                         testing::Values(0, 1, 31, 33, 1000, 32768, 32769, (1 << 20) + 1));

TEST(ElementwiseLaunch, ScalarArgumentAndGivenOutput) {
    const std::vector<float> xs = random_floats(100, 3);
    const Array<float> x = gpucc::asarray(xs, Shape{10, 10}, Device::cpu());
    Array<float> z = gpucc::empty<float>(Shape{10, 10}, Device::cpu());
    ElementwiseLaunch launch("squared_diff", g_squared_diff);
    launch.input("x", x);
    launch.input_scalar<float>("y", 2); // an int, converted to float32
    launch.output("z", z);
    launch.run();
    const std::vector<float> got = z.to_host();
    for (std::size_t i = 0; i < xs.size(); ++i) {
        ASSERT_EQ(got[i], (xs[i] - 2.0F) * (xs[i] - 2.0F));
    }
}

TEST(ElementwiseLaunch, RawParameterWithGivenOutput) {
    const Array<std::int32_t> x =
        gpucc::asarray<std::int32_t>({1, 2, 3, 4, 5}, Shape{5}, Device::cpu());
    const Array<std::int32_t> y = gpucc::empty<std::int32_t>(Shape{5}, Device::cpu());
    ElementwiseLaunch launch("reverse", g_reverse);
    launch.raw("x", x);
    launch.output("y", y);
    launch.run();
    EXPECT_EQ(y.to_host(), (std::vector<std::int32_t>{5, 4, 3, 2, 1}));
}

TEST(ElementwiseLaunch, EveryElementOnceAcrossThreads) {
    const std::int64_t n = (1 << 21) + 7;
    std::vector<std::int32_t> xs(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < xs.size(); ++i) {
        xs[i] = static_cast<std::int32_t>(i);
    }
    const Array<std::int32_t> x = gpucc::asarray(xs, Shape{n}, Device::cpu());
    for (int repeat = 0; repeat < 20; ++repeat) {
        g_calls = 0;
        ElementwiseLaunch launch("increment", g_increment);
        launch.input("x", x);
        const Array<std::int32_t> y = launch.output<std::int32_t>("y");
        launch.run();
        const std::vector<std::int32_t> got = y.to_host();
        for (std::size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i], xs[i] + 1) << i;
        }
        EXPECT_GE(g_calls.load(), 1);
    }
    // A small loop is one call, inline.
    g_calls = 0;
    const Array<std::int32_t> small = gpucc::asarray<std::int32_t>({1, 2}, Shape{2}, Device::cpu());
    ElementwiseLaunch launch("increment", g_increment);
    launch.input("x", small);
    const Array<std::int32_t> y = launch.output<std::int32_t>("y");
    launch.run();
    EXPECT_EQ(g_calls.load(), 1);
    EXPECT_EQ(y.to_host(), (std::vector<std::int32_t>{2, 3}));
}

TEST(ElementwiseLaunch, ShapeMismatch) {
    const Array<float> x = gpucc::empty<float>(Shape{3, 4}, Device::cpu());
    const Array<float> y = gpucc::empty<float>(Shape{3}, Device::cpu());
    try {
        (void)squared_diff(x, y);
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_STREQ(e.what(), "squared_diff: cannot broadcast y of shape (3,) with x of shape "
                               "(3, 4): axis -1 has extent 3 in y and 4 in x");
    }
    // A given output must have the whole loop shape: it takes part in broadcasting, but is
    // never stretched.
    const Array<float> row = gpucc::empty<float>(Shape{4}, Device::cpu());
    ElementwiseLaunch launch("squared_diff", g_squared_diff);
    launch.input("x", x);
    launch.input("y", x);
    launch.output("z", row);
    try {
        launch.run();
        FAIL() << "no error";
    } catch (const gpucc::ShapeError& e) {
        EXPECT_STREQ(e.what(), "squared_diff: output z has shape (4,) but the arguments broadcast "
                               "to (3, 4); an output must have the whole loop shape");
    }
}

TEST(ElementwiseLaunch, DeviceMismatch) {
    // An array that claims cuda:0 without memory: zero-size arrays need no driver.
    const Array<float> gpu = gpucc::empty<float>(Shape{0}, Device::cuda(0));
    const Array<float> cpu = gpucc::empty<float>(Shape{0}, Device::cpu());
    try {
        (void)squared_diff(cpu, gpu);
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_STREQ(e.what(), "squared_diff: device mismatch: x is on cpu but y is on cuda:0");
    }
}

TEST(ElementwiseLaunch, StridedArgumentsNeedTheStridedEntryPoint) {
    // These hand-written kernels have no strided host version: a transposed argument says so.
    const Array<float> x = gpucc::empty<float>(Shape{3, 4}, Device::cpu());
    try {
        (void)squared_diff(x.transpose(), x.transpose());
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_STREQ(e.what(), "squared_diff: this kernel has no host version for strided "
                               "arguments, so it cannot run on cpu");
    }
}

TEST(ElementwiseLaunch, LoopSizeUndecided) {
    {
        ElementwiseLaunch launch("squared_diff", g_squared_diff);
        launch.input_scalar<float>("x", 1.0);
        launch.input_scalar<float>("y", 2.0);
        try {
            (void)launch.output<float>("z");
            FAIL() << "no error";
        } catch (const gpucc::ValueError& e) {
            EXPECT_THAT(e.what(), HasSubstr("squared_diff: loop size is undecided: at least one "
                                            "non-raw parameter must be an array"));
        }
    }
    const Array<std::int32_t> x = gpucc::asarray<std::int32_t>({1}, Shape{1}, Device::cpu());
    ElementwiseLaunch launch("reverse", g_reverse);
    launch.raw("x", x);
    try {
        launch.run();
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), "reverse: loop size is undecided: at least one non-raw parameter "
                               "must be an array");
    }
}

TEST(ElementwiseLaunch, ScalarOutOfRange) {
    ElementwiseLaunch launch("squared_diff", g_squared_diff);
    try {
        launch.input_scalar<std::uint8_t>("x", 300);
        FAIL() << "no error";
    } catch (const gpucc::ValueError& e) {
        EXPECT_STREQ(e.what(), "squared_diff: scalar argument x = 300 is out of range for uint8");
    }
}

TEST(ElementwiseLaunch, TooManySlots) {
    const Array<float> x = gpucc::empty<float>(Shape{1}, Device::cpu());
    ElementwiseLaunch launch("wide", g_squared_diff);
    for (int i = 0; i < ElementwiseLaunch::kMaxSlots / 2; ++i) {
        launch.input("x", x);
    }
    EXPECT_THROW(launch.run(), gpucc::ValueError); // no slot left for n
}

TEST(ElementwiseLaunch, KernelWithoutHostVersion) {
    const Array<float> x = gpucc::empty<float>(Shape{4}, Device::cpu());
    ElementwiseLaunch launch("no_host", g_no_host);
    launch.input("x", x);
    try {
        launch.run();
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        EXPECT_THAT(e.what(), HasSubstr("no_host: this kernel has no host version"));
    }
}

TEST(ModuleRegistry, ImagesRegisterAtStaticInit) {
    bool found = false;
    for (const ModuleImage* image : gpucc::detail::registered_module_images()) {
        found = found || image == &g_image;
    }
    EXPECT_TRUE(found);
    EXPECT_FALSE(g_image.has_device_image());
    EXPECT_EQ(g_squared_diff.host_function(), &squared_diff_host);
    EXPECT_EQ(g_squared_diff.elements_per_thread(), 1);
    EXPECT_STREQ(g_squared_diff.symbol(), "squared_diff");
    EXPECT_THROW((void)g_squared_diff.function(Device::cpu()), gpucc::DeviceError);
}

} // namespace
