// A file of more instances than one device image holds (image_groups.dsl, compiled with
// --image-group-size=16 into three images: compiler/target/KernelParts.h): each kernel's table
// entry names the image of its group, and a kernel of each image runs, against host references
// on random inputs, through the image it names. On the GPU each image is a CUmodule of its own
// holding only its group's kernels (and the last, the raw CUDA kernel and its variable). Built
// for the CPU and the GPU (CpuGpuTests.cmake).
#include "image_groups.gpucc.h"
#include "kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Shape;
namespace tables = imgs::gpucc_kernels;

class ImageGroups : public kernel_test::KernelTest<> {
public:
    /// Random whole numbers in [-8, 8]: every product and sum below is exact in either type, so
    /// the GPU (which may fuse a multiply and an add) and the host reference agree bit for bit.
    template <class T>
    std::vector<T> whole_numbers(std::int64_t n) {
        std::vector<T> values = random_vector<T>(n, -8, 8);
        for (T& v : values) {
            v = std::round(v);
        }
        return values;
    }
};

TEST_F(ImageGroups, EachKernelNamesTheImageOfItsGroup) {
    const gpucc::detail::ModuleImage* images[] = {&tables::image, &tables::image_1,
                                                  &tables::image_2};
    for (const gpucc::detail::ModuleImage* image : images) {
        EXPECT_TRUE(image->has_device_image()) << image->name();
    }
    EXPECT_NE(images[0]->fatbin(), images[1]->fatbin());
    EXPECT_NE(images[1]->fatbin(), images[2]->fatbin());
    EXPECT_STREQ(tables::image_1.name(), "imgs (image 2 of 3)");
    // Instances 0-15 (e0-e7), 16-31 (e8, e9, the reductions, g0), 32-39 (g1-g4, raw CUDA).
    EXPECT_EQ(&tables::e0[0].image(), images[0]);
    EXPECT_EQ(&tables::e7[1].image(), images[0]);
    EXPECT_EQ(&tables::e8[0].image(), images[1]);
    EXPECT_EQ(&tables::e9[1].image(), images[1]);
    EXPECT_EQ(&tables::g0[1].image(), images[1]);
    EXPECT_EQ(&tables::g1[0].image(), images[2]);
    EXPECT_EQ(&tables::g4[1].image(), images[2]);
    EXPECT_EQ(&tables::raw_kernel_0.image(), images[2]);
}

template <class T>
void check_elementwise_and_grid(ImageGroups& test) {
    const std::int64_t n = 10007;
    std::vector<T> x = test.template whole_numbers<T>(n);
    std::vector<T> y = test.template whole_numbers<T>(n);
    Array<T> dx = test.on_device(x);
    Array<T> dy = test.on_device(y);
    // e0 (image 1), e9 (image 2): z = x * y + k + 1.
    std::vector<T> z0 = imgs::e0(dx, dy).to_host();
    std::vector<T> z9 = imgs::e9(dx, dy).to_host();
    // g0 (image 2), g4 (image 3): y = x - (k + 1).
    Array<T> out0 = test.on_device(std::vector<T>(n, T(0)));
    Array<T> out4 = test.on_device(std::vector<T>(n, T(0)));
    imgs::g0(40, 128, dx, out0);
    imgs::g4(40, 128, dx, out4);
    std::vector<T> w0 = out0.to_host();
    std::vector<T> w4 = out4.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(z0[i], T(x[i] * y[i] + T(1))) << i;
        ASSERT_EQ(z9[i], T(x[i] * y[i] + T(10))) << i;
        ASSERT_EQ(w0[i], T(x[i] - T(1))) << i;
        ASSERT_EQ(w4[i], T(x[i] - T(5))) << i;
    }
}

TEST_F(ImageGroups, ElementwiseAndJitStyleKernelsOfEveryImage) {
    check_elementwise_and_grid<float>(*this);
    check_elementwise_and_grid<double>(*this);
}

template <class T>
void check_reduction(ImageGroups& test) {
    for (std::int64_t n : {1, 33, 4099}) {
        std::vector<T> x = test.template whole_numbers<T>(n);
        double sum = 0;
        for (T v : x) {
            sum += static_cast<double>(v);
        }
        // r3 (image 2): the sum of x * 5, exact (whole numbers far below 2^24).
        std::vector<T> got = imgs::r3(test.on_device(x, Shape{n})).to_host();
        ASSERT_EQ(got.size(), 1u);
        EXPECT_EQ(static_cast<double>(got[0]), 5 * sum) << "n = " << n;
    }
}

TEST_F(ImageGroups, ReductionOfTheMiddleImage) {
    check_reduction<float>(*this);
    check_reduction<double>(*this);
}

#ifdef GPUCC_TEST_ON_GPU

// The raw CUDA kernel and its variable live in the last image.
TEST_F(ImageGroups, RawKernelAndVariableOfTheLastImage) {
    const std::int64_t n = 5001;
    std::vector<float> x = whole_numbers<float>(n);
    Array<float> dx = on_device(x);
    imgs::raw_offset.write(2.5f);
    imgs::raw_shift((n + 255) / 256, 256, dx, int(n));
    std::vector<float> got = dx.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(got[i], x[i] + 2.5f) << i;
    }
}

// Three CUmodules, each holding its own group's kernels only.
TEST_F(ImageGroups, EachImageIsItsOwnModuleWithItsGroupOnly) {
    void* modules[] = {tables::image.module(device_), tables::image_1.module(device_),
                       tables::image_2.module(device_)};
    EXPECT_NE(modules[0], modules[1]);
    EXPECT_NE(modules[1], modules[2]);
    EXPECT_NE(modules[0], modules[2]);
    EXPECT_NE(tables::e0[0].function(device_), nullptr);
    EXPECT_NE(tables::g4[0].function(device_), nullptr);
    static gpucc::detail::KernelRef g4_in_first{tables::image,      "g4__float32",      nullptr,
                                                {nullptr, nullptr}, {nullptr, nullptr}, 1};
    static gpucc::detail::KernelRef e0_in_last{tables::image_2,    "e0__float32",      nullptr,
                                               {nullptr, nullptr}, {nullptr, nullptr}, 1};
    EXPECT_THROW(g4_in_first.function(device_), gpucc::Error);
    EXPECT_THROW(e0_in_last.function(device_), gpucc::Error);
}

#endif

} // namespace
