// Jit-style kernels (grid_kernels.dsl) run for real against host references on random inputs:
// the two programs of the language sketch (elementwise_copy over several types and launch
// shapes, block_sum with its atomic), grid()/gridsize(), 2-D and 3-D launches, every atomic
// (global and shared), static and dynamic shared memory, every shuffle, syncwarp, early return
// and a tiled matmul; then the launcher's errors (NDArray dtypes, contiguity, devices). Built
// twice like the other kernel tests: for the CPU target, where barriers, shared memory and
// shuffles run as split thread loops, and for the GPU (label `gpu`, skipped with a message where
// there is none); one body, the same checks on both.
#include "grid_kernels.gpucc.h"
#include "kernel_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Dim3;
using gpucc::LaunchConfig;

class GridKernels : public kernel_test::KernelTest<> {};

template <class T>
void check_copy(GridKernels& test, std::size_t n, Dim3 grid, Dim3 block) {
    std::vector<T> host = test.random_vector<T>(n, -100, 100);
    Array<T> x = test.on_device(host);
    Array<T> y = test.on_device(std::vector<T>(n, T(0)));
    gk::elementwise_copy(grid, block, x, y, static_cast<std::uint32_t>(n));
    EXPECT_EQ(y.to_host(), host) << "n = " << n << ", grid " << grid.x << ", block " << block.x;
}

TEST_F(GridKernels, ElementwiseCopyTypesAndShapes) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{1000},
                          std::size_t{(1 << 16) + 1}}) {
        for (auto [grid, block] :
             {std::pair<Dim3, Dim3>{1, 1}, {1, 32}, {128, 1024}, {7, 96}, {1000, 64}}) {
            check_copy<float>(*this, n, grid, block);
        }
    }
    check_copy<double>(*this, 4097, 3, 128);
    check_copy<std::int8_t>(*this, 4097, 3, 128);
    check_copy<std::uint16_t>(*this, 4097, 3, 128);
    check_copy<std::int64_t>(*this, 4097, 3, 128);
    check_copy<gpucc::float16>(*this, 4097, 3, 128);
}

TEST_F(GridKernels, ElementwiseCopyThroughLaunchConfigAndNDArrays) {
    std::vector<double> host = random_vector<double>(5000, -1, 1);
    gpucc::NDArray x = on_device(host);
    gpucc::NDArray y = on_device(std::vector<double>(5000, 0.0));
    gk::elementwise_copy(LaunchConfig{40, 128, 0, {}}, x, y, 5000);
    EXPECT_EQ(Array<double>(y).to_host(), host);
}

TEST_F(GridKernels, BlockSum) {
    auto launch = [&](int n, Array<float>& out) {
        std::vector<float> host = random_vector<float>(static_cast<std::size_t>(n), 0, 1);
        Array<float> x = on_device(host);
        gk::block_sum(Dim3((static_cast<std::uint32_t>(n) + 255) / 256), 256, x, out, n);
        return std::accumulate(host.begin(), host.end(), 0.0);
    };
    Array<float> out = on_device(std::vector<float>{0.0f});
    for (int n : {1, 255, 256, 257, 100000}) {
        out = on_device(std::vector<float>{0.0f});
        double expected = launch(n, out);
        EXPECT_NEAR(out.to_host()[0], expected, 1e-4 * expected + 1e-5) << "n = " << n;
    }
}

TEST_F(GridKernels, SaxpyWithGridAndGridsize) {
    for (auto [grid, block] : {std::pair<Dim3, Dim3>{1, 64}, {13, 256}, {300, 128}}) {
        std::vector<double> hx = random_vector<double>(20001, -3, 3);
        std::vector<double> hy = random_vector<double>(20001, -3, 3);
        Array<double> x = on_device(hx);
        Array<double> y = on_device(hy);
        gk::saxpy(grid, block, 1.5, x, y);
        std::vector<double> got = y.to_host();
        for (std::size_t i = 0; i < hx.size(); ++i) {
            ASSERT_NEAR(got[i], 1.5 * hx[i] + hy[i], 1e-12) << i;
        }
    }
}

TEST_F(GridKernels, TwoDimensionalGrid) {
    const int rows = 37, cols = 70;
    std::vector<std::int32_t> ha = random_vector<std::int32_t>(rows * cols, -1000, 1000);
    std::vector<std::int32_t> hb = random_vector<std::int32_t>(rows * cols, -1000, 1000);
    Array<std::int32_t> a = on_device(ha).reshape({rows, cols});
    Array<std::int32_t> b = on_device(hb).reshape({rows, cols});
    Array<std::int32_t> c = on_device(std::vector<std::int32_t>(rows * cols, 0));
    gk::add2d(Dim3(5, 3), Dim3(16, 16), a, b, c, rows, cols);
    std::vector<std::int32_t> got = c.to_host();
    for (std::size_t k = 0; k < got.size(); ++k) {
        ASSERT_EQ(got[k], ha[k] + 2 * hb[k]) << k;
    }
}

TEST_F(GridKernels, ThreeDimensionalCoordinates) {
    const Dim3 grid(3, 2, 2), block(4, 3, 5);
    const std::size_t threads = grid.count() * block.count();
    Array<std::int32_t> out = on_device(std::vector<std::int32_t>(8 * threads, -1));
    gk::coordinates(grid, block, out);
    std::vector<std::int32_t> got = out.to_host();
    for (std::uint32_t bz = 0; bz < grid.z; ++bz)
        for (std::uint32_t by = 0; by < grid.y; ++by)
            for (std::uint32_t bx = 0; bx < grid.x; ++bx)
                for (std::uint32_t tz = 0; tz < block.z; ++tz)
                    for (std::uint32_t ty = 0; ty < block.y; ++ty)
                        for (std::uint32_t tx = 0; tx < block.x; ++tx) {
                            std::size_t b = bx + grid.x * (by + grid.y * bz);
                            std::size_t t = tx + block.x * (ty + block.y * tz);
                            std::size_t k = 8 * (b * block.count() + t);
                            std::vector<std::int32_t> expected = {int(tx),     int(ty), int(tz),
                                                                  int(bx),     int(by), int(bz),
                                                                  int(t % 32), 32};
                            ASSERT_EQ(std::vector<std::int32_t>(got.begin() + long(k),
                                                                got.begin() + long(k) + 8),
                                      expected)
                                << "block " << b << " thread " << t;
                        }
}

TEST_F(GridKernels, Atomics32) {
    const int n = 50000;
    std::vector<std::int32_t> hx = random_vector<std::int32_t>(n, -100000, 100000);
    Array<std::int32_t> x = on_device(hx);
    std::vector<std::int32_t> start = {7, 7, 1 << 30, -(1 << 30), -1, 0, 0x5a5a, 0, 0, 0};
    Array<std::int32_t> counters = on_device(start);
    gk::atomics32(Dim3(100), Dim3(512), x, counters, n);
    std::vector<std::int32_t> expected = start;
    for (std::int32_t v : hx) {
        expected[0] += v;
        expected[1] -= v;
        expected[2] = std::min(expected[2], v);
        expected[3] = std::max(expected[3], v);
        expected[4] &= v | 0x0ff0;
        expected[5] |= v & 0x0ff0;
        expected[6] ^= v;
    }
    expected[7] = 1; // one thread saw the slot at 0
    expected[8] = n; // a compare-and-swap loop counted every thread
    expected[9] = 1;
    EXPECT_EQ(counters.to_host(), expected);
}

TEST_F(GridKernels, AtomicsWide) {
    const int n = 4096;
    Array<std::uint32_t> u32 = on_device(std::vector<std::uint32_t>{0, 0});
    Array<std::int64_t> i64 = on_device(std::vector<std::int64_t>{0, 0});
    Array<std::uint64_t> u64 = on_device(std::vector<std::uint64_t>{0, 0});
    Array<float> f32 = on_device(std::vector<float>{0, 0, 0});
    Array<double> f64 = on_device(std::vector<double>{0, 0});
    gk::atomics_wide(Dim3(16), Dim3(256), u32, i64, u64, f32, f64, n);
    EXPECT_EQ(u32.to_host(), (std::vector<std::uint32_t>{3u * n, n - 1}));
    EXPECT_EQ(i64.to_host(), (std::vector<std::int64_t>{-std::int64_t{n} * (n - 1) / 2, 1 - n}));
    EXPECT_EQ(u64.to_host(),
              (std::vector<std::uint64_t>{std::uint64_t{n} * (n - 1) / 2, ~std::uint64_t{0}}));
    EXPECT_EQ(f32.to_host(), (std::vector<float>{0.5f * n, -0.25f * n, 1.0f}));
    EXPECT_EQ(f64.to_host(), (std::vector<double>{double(n) * (n - 1) / 2, 2.0}));
}

TEST_F(GridKernels, SharedHistogram) {
    const int n = 100003;
    std::vector<std::int32_t> hx = random_vector<std::int32_t>(n, 0, 1 << 20);
    Array<std::int32_t> x = on_device(hx);
    Array<std::uint32_t> bins = on_device(std::vector<std::uint32_t>(16, 0));
    gk::histogram(Dim3(40), Dim3(128), x, bins, n);
    std::vector<std::uint32_t> expected(16, 0);
    for (std::int32_t v : hx) {
        ++expected[static_cast<std::size_t>(v & 15)];
    }
    EXPECT_EQ(bins.to_host(), expected);
}

template <class T>
void check_dynamic_sum(GridKernels& test, std::uint32_t block, std::size_t n) {
    std::vector<T> host = test.random_vector<T>(n, -1, 1);
    Array<T> x = test.on_device(host);
    std::uint32_t blocks = static_cast<std::uint32_t>((n + block - 1) / block);
    Array<T> out = test.on_device(std::vector<T>(blocks, T(0)));
    gk::block_sum_dynamic(LaunchConfig{blocks, block, block * sizeof(T), {}}, x, out);
    std::vector<T> got = out.to_host();
    for (std::uint32_t b = 0; b < blocks; ++b) {
        double expected = 0;
        for (std::size_t i = b * block; i < std::min(n, std::size_t{b + 1} * block); ++i) {
            expected += host[i];
        }
        ASSERT_NEAR(got[b], expected, 1e-4) << "block " << b << " of " << block;
    }
}

TEST_F(GridKernels, DynamicSharedMemory) {
    check_dynamic_sum<float>(*this, 64, 1000);
    check_dynamic_sum<float>(*this, 1024, 100000);
    check_dynamic_sum<double>(*this, 256, 5001);
    // More than 48 KiB: the launcher opts in (a 8192-element block is not possible, but a
    // 1024-thread block may be given more memory than it uses).
    std::vector<float> host = random_vector<float>(2048, -1, 1);
    Array<float> big = on_device(host);
    Array<float> sums = on_device(std::vector<float>(2, 0.0f));
    gk::block_sum_dynamic(LaunchConfig{2, 1024, 64 * 1024, {}}, big, sums);
    EXPECT_NEAR(sums.to_host()[0], std::accumulate(host.begin(), host.begin() + 1024, 0.0), 1e-3);
}

template <class T>
void check_shuffles(GridKernels& test, int width) {
    const std::size_t n = 256;
    std::vector<T> host = test.random_vector<T>(n, -1000, 1000);
    Array<T> x = test.on_device(host);
    Array<T> out = test.on_device(std::vector<T>(4 * n, T(0)));
    gk::shuffles(Dim3(2), Dim3(128), x, out, width);
    std::vector<T> got = out.to_host();
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t segment = i / static_cast<std::size_t>(width) * static_cast<std::size_t>(width);
        std::size_t lane = i - segment;
        std::size_t w = static_cast<std::size_t>(width);
        std::vector<T> expected = {
            host[segment + 3 % w],
            lane >= 2 ? host[i - 2] : host[i],
            lane + 5 < w ? host[i + 5] : host[i],
            host[segment + ((lane ^ 1) % w)],
        };
        ASSERT_EQ(std::vector<T>(got.begin() + long(4 * i), got.begin() + long(4 * i + 4)),
                  expected)
            << "thread " << i << ", width " << width;
    }
}

TEST_F(GridKernels, Shuffles) {
    Array<std::int32_t> x = on_device(std::vector<std::int32_t>(32, 1));
    Array<std::int32_t> out = on_device(std::vector<std::int32_t>(128, 0));
    for (int width : {32, 16, 8}) {
        check_shuffles<std::int32_t>(*this, width);
        check_shuffles<double>(*this, width);
    }
}

TEST_F(GridKernels, WarpSumWithSyncwarp) {
    const int n = 100000;
    std::vector<std::int32_t> hx = random_vector<std::int32_t>(n, -1000000, 1000000);
    Array<std::int32_t> x = on_device(hx);
    Array<std::int64_t> total = on_device(std::vector<std::int64_t>{0});
    gk::warp_sum(Dim3((n + 255) / 256), Dim3(256), x, total, n);
    EXPECT_EQ(total.to_host()[0], std::accumulate(hx.begin(), hx.end(), std::int64_t{0}));
}

TEST_F(GridKernels, TiledMatmul) {
    for (int n : {16, 33, 100}) {
        std::vector<float> ha = random_vector<float>(std::size_t(n) * n, -1, 1);
        std::vector<float> hb = random_vector<float>(std::size_t(n) * n, -1, 1);
        Array<float> a = on_device(ha);
        Array<float> b = on_device(hb);
        Array<float> c = on_device(std::vector<float>(std::size_t(n) * n, 0.0f));
        Dim3 grid((n + 15) / 16, (n + 15) / 16);
        gk::matmul_tiled(grid, Dim3(16, 16), a, b, c, n);
        std::vector<float> got = c.to_host();
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                double expected = 0;
                for (int k = 0; k < n; ++k) {
                    expected += double(ha[i * n + k]) * hb[k * n + j];
                }
                ASSERT_NEAR(got[i * n + j], expected, 1e-4) << n << ": " << i << ", " << j;
            }
        }
    }
}

// ----- The launcher's errors -----

TEST_F(GridKernels, NDArrayOfAnotherTypeIsATypeErrorNamingTheArgument) {
    gpucc::NDArray x = on_device(std::vector<std::int32_t>(8, 1));
    gpucc::NDArray out = on_device(std::vector<float>(1, 0.0f));
    try {
        gk::block_sum(Dim3(1), Dim3(8), x, out, 8);
        FAIL() << "expected a TypeError";
    } catch (const gpucc::TypeError& error) {
        EXPECT_STREQ(error.what(),
                     "block_sum: argument 'x' must be an array of float32, got an array of int32");
    }
    // A placeholder bound only by NDArrays takes the first one's dtype; one the kernel was not
    // compiled for is named with the argument it came from.
    gpucc::NDArray a = on_device(std::vector<std::int8_t>(8, 1));
    gpucc::NDArray b = on_device(std::vector<float>(8, 1));
    try {
        gk::saxpy(Dim3(1), Dim3(8), 2.0, a, b);
        FAIL() << "expected a TypeError";
    } catch (const gpucc::TypeError& error) {
        EXPECT_STREQ(error.what(), "saxpy: T = int8 (from argument 'x') is not one of the types "
                                   "it was compiled for: float32, float64");
    }
    gpucc::NDArray c = on_device(std::vector<double>(8, 1));
    EXPECT_THROW(gk::saxpy(Dim3(1), Dim3(8), 2.0, b, c), gpucc::TypeError);
}

TEST_F(GridKernels, NonContiguousArrayIsAValueError) {
    Array<float> x = on_device(std::vector<float>(12, 1.0f)).reshape({3, 4}).transpose();
    Array<float> y = on_device(std::vector<float>(12, 0.0f));
    EXPECT_THROW(gk::elementwise_copy(Dim3(1), Dim3(32), x, y, 12u), gpucc::ValueError);
}

TEST_F(GridKernels, BadLaunchShapeIsAValueError) {
    Array<float> x = on_device(std::vector<float>(4, 1.0f));
    EXPECT_THROW(gk::elementwise_copy(Dim3(1), Dim3(2048), x, x, 4u), gpucc::ValueError);
    EXPECT_THROW(gk::elementwise_copy(Dim3(0), Dim3(32), x, x, 4u), gpucc::ValueError);
}

TEST_F(GridKernels, ScalarOutOfRangeIsAValueError) {
    Array<float> x = on_device(std::vector<float>(4, 1.0f));
    EXPECT_THROW(gk::elementwise_copy(Dim3(1), Dim3(32), x, x, -1), gpucc::ValueError);
}

#ifndef GPUCC_TEST_ON_GPU
TEST_F(GridKernels, ArraysOnTheCpuRunThereWhateverTheDefaultDevice) {
    // No stream given: the kernel runs where its arrays are.
    std::vector<float> host = random_vector<float>(100, -1, 1);
    Array<float> x = gpucc::asarray<float>(host, {100}, Device::cpu());
    Array<float> y = gpucc::asarray<float>(std::vector<float>(100, 0.0f), {100}, Device::cpu());
    gk::elementwise_copy(Dim3(2), Dim3(32), x, y, 100u);
    EXPECT_EQ(y.to_host(), host);
}
#endif

} // namespace
