// Ranked array parameters of jit-style kernels (`T[:, :] x`, grid_kernels.dsl), run for real:
// each kernel gets views of every layout the runtime makes (transposed, stepped and reversed
// slices, broadcast axes of stride 0) and contiguous arrays, and its results are compared with
// references computed here from the base arrays' host copies by explicit index arithmetic. Also
// `x.shape`, `x.strides`, `x.ndim`, a flat index on a ranked array (C order), an atomic on a
// ranked element, and the launcher's rank check. Built for the CPU target and for the GPU like
// grid_kernels_test.cpp.
#include "grid_kernels.gpucc.h"
#include "kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace {

using gpucc::all;
using gpucc::Array;
using gpucc::Device;
using gpucc::Dim3;
using gpucc::none;
using gpucc::Slice;

class GridArrays : public kernel_test::KernelTest<> {
public:
    /// Random values in [-50, 50]: integers for integer T.
    template <class T>
    std::vector<T> random_values(std::int64_t n) {
        return random_vector<T>(n, -50, 50);
    }
};

std::uint32_t blocks(std::int64_t extent, std::uint32_t block) {
    return static_cast<std::uint32_t>((extent + block - 1) / block);
}

/// add_views(a, b, out) with a = A.T (A of shape (n, m)), b = B broadcast from (1, n) to (m, n)
/// and out = O[::2, ::-2] (O of shape (2m, 2n)); then the same on contiguous arrays.
template <class T>
void check_add_views(GridArrays& test) {
    const std::int64_t m = 37, n = 53;
    std::vector<T> ha = test.random_values<T>(n * m);
    std::vector<T> hb = test.random_values<T>(n);
    std::vector<T> ho = test.random_values<T>(4 * m * n);
    Array<T> a = test.on_device(ha, {n, m}).transpose();
    Array<T> b = test.on_device(hb, {1, n}).broadcast_to({m, n});
    Array<T> o = test.on_device(ho, {2 * m, 2 * n});
    Array<T> out = o(Slice(none, none, 2), Slice(none, none, -2));
    gk::add_views(Dim3(blocks(n, 16), blocks(m, 8)), Dim3(16, 8), a, b, out);
    std::vector<T> expected = ho;
    for (std::int64_t i = 0; i < m; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
            T sum = static_cast<T>(ha[static_cast<std::size_t>(j * m + i)] +
                                   hb[static_cast<std::size_t>(j)]);
            expected[static_cast<std::size_t>(2 * i * 2 * n + (2 * n - 1 - 2 * j))] = sum;
        }
    }
    EXPECT_EQ(o.to_host(), expected) << "strided views";

    Array<T> ca = test.on_device(ha, {m, n});
    Array<T> cb = test.on_device(test.random_values<T>(m * n), {m, n});
    std::vector<T> hcb = cb.to_host();
    Array<T> cout = test.on_device(test.random_values<T>(m * n), {m, n});
    gk::add_views(Dim3(blocks(n, 16), blocks(m, 8)), Dim3(16, 8), ca, cb, cout);
    std::vector<T> sums(ha.size());
    for (std::size_t k = 0; k < sums.size(); ++k) {
        sums[k] = static_cast<T>(ha[k] + hcb[k]);
    }
    EXPECT_EQ(cout.to_host(), sums) << "contiguous arrays";
}

TEST_F(GridArrays, ViewsOfEveryLayoutAcrossTypes) {
    check_add_views<float>(*this);
    check_add_views<double>(*this);
    check_add_views<std::int32_t>(*this);
}

TEST_F(GridArrays, NDArraysPickTheInstanceAtRunTime) {
    const std::int64_t m = 9, n = 12;
    std::vector<double> ha = random_values<double>(m * n);
    gpucc::NDArray a = on_device(ha, {n, m}).transpose();
    gpucc::NDArray out = on_device(random_values<double>(m * n), {m, n});
    gk::add_views(Dim3(1, 2), Dim3(16, 8), a, a, out);
    std::vector<double> result = Array<double>(out).to_host();
    for (std::int64_t i = 0; i < m; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
            EXPECT_EQ(result[static_cast<std::size_t>(i * n + j)],
                      2 * ha[static_cast<std::size_t>(j * m + i)]);
        }
    }
}

TEST_F(GridArrays, FlatIndexOnARankedArrayIsCOrder) {
    std::vector<float> base = random_values<float>(4 * 5 * 6);
    Array<float> x = on_device(base, {4, 5, 6});
    Array<float> y = on_device(random_values<float>(4 * 5 * 6), {120});
    gk::flatten(Dim3(2), Dim3(32), x, y);
    EXPECT_EQ(y.to_host(), base) << "contiguous";

    // x.transpose({2, 0, 1})[p, q, r] = x[q, r, p]
    gk::flatten(Dim3(3), Dim3(16), x.transpose({2, 0, 1}), y);
    std::vector<float> expected;
    for (std::int64_t p = 0; p < 6; ++p) {
        for (std::int64_t q = 0; q < 4; ++q) {
            for (std::int64_t r = 0; r < 5; ++r) {
                expected.push_back(base[static_cast<std::size_t>((q * 5 + r) * 6 + p)]);
            }
        }
    }
    EXPECT_EQ(y.to_host(), expected) << "transposed";

    // x[::-1, :, 1::2][p, q, r] = x[3 - p, q, 1 + 2r]
    Array<float> part = on_device(random_values<float>(60), {60});
    gk::flatten(Dim3(1), Dim3(64), x(Slice(none, none, -1), all, Slice(1, none, 2)), part);
    expected.clear();
    for (std::int64_t p = 0; p < 4; ++p) {
        for (std::int64_t q = 0; q < 5; ++q) {
            for (std::int64_t r = 0; r < 3; ++r) {
                expected.push_back(
                    base[static_cast<std::size_t>(((3 - p) * 5 + q) * 6 + 1 + 2 * r)]);
            }
        }
    }
    EXPECT_EQ(part.to_host(), expected) << "reversed and stepped";
}

template <class T>
void check_scale_vector(GridArrays& test, T factor) {
    std::vector<T> base = test.random_values<T>(101);
    Array<T> x = test.on_device(base, {101});
    Array<T> view = x(Slice(none, none, -3)); // elements 100, 97, ..., 1
    gk::scale_vector(Dim3(2), Dim3(8), view, factor);
    std::vector<T> expected = base;
    for (std::size_t k = 100;; k -= 3) {
        expected[k] = static_cast<T>(base[k] * factor);
        if (k < 3) {
            break;
        }
    }
    EXPECT_EQ(x.to_host(), expected);
}

TEST_F(GridArrays, OneAxisWithANegativeStep) {
    check_scale_vector<float>(*this, 2.5f);
    check_scale_vector<double>(*this, -0.75);
    check_scale_vector<std::int64_t>(*this, 3);
}

TEST_F(GridArrays, ShapeStridesNdimAndSize) {
    Array<float> x = on_device(random_values<float>(3 * 4 * 5), {3, 4, 5});
    Array<std::int64_t> out = on_device(random_values<std::int64_t>(8), {8});
    gk::describe(Dim3(1), Dim3(32), x, out);
    EXPECT_EQ(out.to_host(), (std::vector<std::int64_t>{3, 3, 4, 5, 80, 20, 4, 60}));
    gk::describe(Dim3(1), Dim3(32), x.transpose({1, 2, 0}), out);
    EXPECT_EQ(out.to_host(), (std::vector<std::int64_t>{3, 4, 5, 3, 20, 4, 80, 60}));
    Array<float> broadcast = on_device(random_values<float>(5), {1, 1, 5}).broadcast_to({2, 7, 5});
    gk::describe(Dim3(1), Dim3(32), broadcast, out);
    EXPECT_EQ(out.to_host(), (std::vector<std::int64_t>{3, 2, 7, 5, 0, 0, 4, 70}));
}

TEST_F(GridArrays, AtomicOnARankedElement) {
    const std::int64_t rows = 40, cols = 23; // x = X.T, X of shape (cols, rows)
    std::vector<double> hx = random_values<double>(rows * cols);
    std::vector<double> hs = random_values<double>(2 * cols);
    Array<double> x = on_device(hx, {cols, rows}).transpose();
    Array<double> s = on_device(hs, {2 * cols});
    gk::column_sums(Dim3(blocks(cols, 8), blocks(rows, 8)), Dim3(8, 8), x, s(Slice(none, none, 2)));
    std::vector<double> result = s.to_host();
    for (std::int64_t j = 0; j < 2 * cols; ++j) {
        double expected = hs[static_cast<std::size_t>(j)];
        if (j % 2 == 0) {
            for (std::int64_t i = 0; i < rows; ++i) {
                expected += hx[static_cast<std::size_t>((j / 2) * rows + i)];
            }
        }
        EXPECT_NEAR(result[static_cast<std::size_t>(j)], expected, 1e-9 * 50 * rows) << j;
    }
}

TEST_F(GridArrays, TiledMatmulOnViews) {
    const std::int64_t m = 70, depth = 45, n = 33;
    std::vector<float> ha = random_values<float>(m * depth);
    std::vector<float> hb = random_values<float>(depth * n);
    Array<float> a_t = on_device(ha, {depth, m}); // a = a_t.T
    Array<float> b = on_device(hb, {depth, n});
    Array<float> c = on_device(random_values<float>(m * n), {m, n});
    auto launch = [&](const Array<float>& a) {
        gk::matmul_tiled_views(Dim3(blocks(n, 16), blocks(m, 16)), Dim3(16, 16), a, b, c);
    };
    auto check = [&](bool transposed) {
        std::vector<float> result = c.to_host();
        for (std::int64_t i = 0; i < m; ++i) {
            for (std::int64_t j = 0; j < n; ++j) {
                double sum = 0;
                for (std::int64_t k = 0; k < depth; ++k) {
                    double a_ik = transposed ? ha[static_cast<std::size_t>(k * m + i)]
                                             : ha[static_cast<std::size_t>(i * depth + k)];
                    sum += a_ik * hb[static_cast<std::size_t>(k * n + j)];
                }
                ASSERT_NEAR(result[static_cast<std::size_t>(i * n + j)], sum, 1e-5 * 2500 * depth)
                    << i << ", " << j << (transposed ? " (a transposed)" : " (a contiguous)");
            }
        }
    };
    launch(a_t.transpose());
    check(true);
    launch(on_device(ha, {m, depth}));
    check(false);
}

TEST_F(GridArrays, ContiguousArrayOf2To31ElementsOrMoreIsAddressedIn64Bits) {
    // 65536 x 32769 int8: 2^31 + 2^16 elements (2 GiB, of which only two pages are touched).
    const std::int64_t rows = 65536, cols = 32769;
    Array<std::int8_t> x = gpucc::empty<std::int8_t>({rows, cols}, device_);
    const std::int8_t before = 17;
    x(0, 1).ndarray().copy_from_host(&before);
    x(rows - 1, cols - 1).ndarray().copy_from_host(&before);
    gk::poke_corners(Dim3(1), Dim3(32), x, std::int8_t{-7}, std::int8_t{93});
    EXPECT_EQ(x(0, 1).item(), -7);
    EXPECT_EQ(x(rows - 1, cols - 1).item(), 93); // a 32-bit linear index would wrap elsewhere
}

TEST_F(GridArrays, WrongRankIsAValueErrorNamingTheArgument) {
    Array<float> flat = on_device(random_values<float>(12), {12});
    Array<float> square = on_device(random_values<float>(16), {4, 4});
    try {
        gk::add_views(Dim3(1), Dim3(32), square, flat, square);
        ADD_FAILURE() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        std::string message = error.what();
        EXPECT_NE(message.find("add_views: argument 'b' must have 2 dimensions"), std::string::npos)
            << message;
        EXPECT_NE(message.find("got shape (12,)"), std::string::npos) << message;
    }
}

TEST_F(GridArrays, FlatParameterRefusesAViewAndSaysHowToTakeIt) {
    Array<float> square = on_device(random_values<float>(16), {4, 4});
    Array<float> y = on_device(random_values<float>(16), {16});
    try {
        gk::elementwise_copy(Dim3(1), Dim3(32), square.transpose(), y, 16u);
        ADD_FAILURE() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        EXPECT_NE(std::string(error.what()).find("'T[:, :] x'"), std::string::npos) << error.what();
    }
}

} // namespace
