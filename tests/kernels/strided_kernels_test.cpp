// Differential tests of elementwise kernels on broadcast, strided and overlapping arguments: the
// strided entry point and the runtime's choice of it (layout collapsing, vector and scalar
// paths, 32- and 64-bit indexing on the GPU, aliasing copies). References come from the
// arguments' values copied to the host in C order (NDArray::copy_to_host, which does not use
// kernels) and broadcast here by index arithmetic. Built twice like elementwise_kernels_test.cpp:
// for the CPU target (every CI run) and the GPU (label `gpu`).
#include "elementwise.gpucc.h"
#include "kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::NDArray;
using gpucc::Shape;
using gpucc::Strides;

/// The values of an array of `shape` (C order) seen through broadcasting to `loop`.
template <class T>
std::vector<T> broadcast_values(const std::vector<T>& values, const Shape& shape,
                                const Shape& loop) {
    const std::int64_t count = loop.element_count();
    std::vector<T> out(static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < count; ++i) {
        std::int64_t rest = i;
        std::int64_t source = 0;
        std::int64_t source_stride = 1;
        for (int axis = loop.ndim() - 1; axis >= 0; --axis) {
            const std::int64_t coordinate = rest % loop[axis];
            rest /= loop[axis];
            const int own = axis - (loop.ndim() - shape.ndim());
            if (own >= 0) {
                if (shape[own] != 1) {
                    source += coordinate * source_stride;
                }
                source_stride *= shape[own];
            }
        }
        out[static_cast<std::size_t>(i)] = values[static_cast<std::size_t>(source)];
    }
    return out;
}

class StridedKernels : public kernel_test::KernelTest<> {
public:
    template <class T>
    Array<T> random_array(const Shape& shape, double low = -4, double high = 4) {
        return on_device(random_vector<T>(shape.element_count(), low, high), shape);
    }

    /// A view of `count` elements of a fresh buffer: start at element `first`, step `step`
    /// (negative allowed), filled with random values.
    Array<float> strided_view(std::int64_t count, std::int64_t first, std::int64_t step,
                              std::int64_t buffer_elements) {
        Array<float> base = random_array<float>(Shape{buffer_elements});
        NDArray view(base.ndarray().buffer(), gpucc::DType::Float32, Shape{count},
                     Strides{step * 4}, first * 4);
        return view.as<float>();
    }
};

void expect_near_all(const std::vector<float>& got, const std::vector<float>& want,
                     const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_NEAR(got[i], want[i], 1e-5 + 1e-6 * std::fabs(want[i])) << what << ": element " << i;
    }
}

std::vector<float> squared_diff_reference(const std::vector<float>& x,
                                          const std::vector<float>& y) {
    std::vector<float> z(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        z[i] = (x[i] - y[i]) * (x[i] - y[i]);
    }
    return z;
}

void check_squared_diff(const Array<float>& x, const Array<float>& y, const Shape& loop,
                        const std::string& what) {
    const Array<float> z = ek::squared_diff(x, y);
    ASSERT_EQ(z.shape(), loop) << what;
    ASSERT_TRUE(z.is_c_contiguous()) << what;
    const auto want = squared_diff_reference(broadcast_values(x.to_host(), x.shape(), loop),
                                             broadcast_values(y.to_host(), y.shape(), loop));
    expect_near_all(z.to_host(), want, what);
}

TEST_F(StridedKernels, BroadcastRowsColumnsAndScalarsAcrossShapes) {
    // Rows of widths around the vector width and odd ones; 1 and 0 rows.
    for (std::int64_t rows : {0, 1, 3, 17}) {
        for (std::int64_t cols : {1, 3, 4, 8, 33, 1000}) {
            const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
            const Array<float> x = random_array<float>(Shape{rows, cols});
            check_squared_diff(x, random_array<float>(Shape{cols}), Shape{rows, cols},
                               "row broadcast " + shape);
            check_squared_diff(random_array<float>(Shape{rows, 1}), x, Shape{rows, cols},
                               "column broadcast " + shape);
            check_squared_diff(random_array<float>(Shape{rows, 1}),
                               random_array<float>(Shape{1, cols}), Shape{rows, cols},
                               "outer broadcast " + shape);
            check_squared_diff(x, random_array<float>(Shape{}), Shape{rows, cols},
                               "0-d array " + shape);
            check_squared_diff(random_array<float>(Shape{2, 1, rows, cols}),
                               random_array<float>(Shape{3, 1, 1}), Shape{2, 3, rows, cols},
                               "4-d broadcast " + shape);
        }
    }
}

TEST_F(StridedKernels, TransposedAndPermutedArguments) {
    for (std::int64_t rows : {1, 5, 64}) {
        for (std::int64_t cols : {1, 7, 128}) {
            const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
            const Array<float> a = random_array<float>(Shape{cols, rows});
            const Array<float> b = random_array<float>(Shape{rows, cols});
            check_squared_diff(a.transpose(), b, Shape{rows, cols}, "transposed x " + shape);
            check_squared_diff(b, a.transpose(), Shape{rows, cols}, "transposed y " + shape);
            check_squared_diff(a.transpose(), a.transpose(), Shape{rows, cols},
                               "both transposed " + shape);
            check_squared_diff(a.transpose(), random_array<float>(Shape{cols}), Shape{rows, cols},
                               "transposed and broadcast " + shape);
        }
    }
    const Array<float> cube = random_array<float>(Shape{3, 4, 5, 6});
    check_squared_diff(cube.transpose(), random_array<float>(Shape{6, 1, 4, 1}), Shape{6, 5, 4, 3},
                       "4-d reversed axes");
}

TEST_F(StridedKernels, ForwardAndBackwardSteps) {
    for (std::int64_t count : {1, 2, 5, 33, 1000}) {
        for (std::int64_t step : {2, 3, -1, -2}) {
            const std::int64_t span = (count - 1) * (step < 0 ? -step : step) + 1;
            const std::int64_t first = step < 0 ? span - 1 + 2 : 2;
            const Array<float> x = strided_view(count, first, step, span + 4);
            const Array<float> y = random_array<float>(Shape{count});
            check_squared_diff(x, y, Shape{count},
                               "count " + std::to_string(count) + " step " + std::to_string(step));
        }
    }
}

TEST_F(StridedKernels, StridedGivenOutputAndScalarInput) {
    for (std::int64_t n : {1, 6, 100}) {
        const Array<float> x = random_array<float>(Shape{n, n + 1});
        const Array<float> out_base = random_array<float>(Shape{n + 1, n});
        const Array<float> out = out_base.transpose(); // shape (n, n + 1), strided
        ek::squared_diff(x, 1.5f, out);
        const auto xs = x.to_host();
        std::vector<float> want(xs.size());
        for (std::size_t i = 0; i < xs.size(); ++i) {
            want[i] = (xs[i] - 1.5f) * (xs[i] - 1.5f);
        }
        expect_near_all(out.to_host(), want, "strided output n=" + std::to_string(n));
    }
}

TEST_F(StridedKernels, OutputsOverlappingInputsSeeTheOldValues) {
    for (std::int64_t n : {1, 7, 4096}) {
        const std::string what = "n=" + std::to_string(n);
        // In place: the output is exactly an input. No copy is needed and none changes it.
        Array<float> x = random_array<float>(Shape{n});
        const Array<float> y = random_array<float>(Shape{n});
        const auto xs = x.to_host();
        const auto ys = y.to_host();
        ek::squared_diff(x, y, x);
        expect_near_all(x.to_host(), squared_diff_reference(xs, ys), "in place " + what);

        // Shifted views of one buffer: z = elements [1, n], x = elements [0, n).
        const Array<float> base = random_array<float>(Shape{n + 1});
        const auto values = base.to_host();
        NDArray low(base.ndarray().buffer(), gpucc::DType::Float32, Shape{n}, Strides{4}, 0);
        NDArray high(base.ndarray().buffer(), gpucc::DType::Float32, Shape{n}, Strides{4}, 4);
        const Array<float> shifted_y = random_array<float>(Shape{n});
        const auto shifted_ys = shifted_y.to_host();
        ek::squared_diff(low.as<float>(), shifted_y, high.as<float>());
        std::vector<float> want(values.begin(), values.end());
        for (std::int64_t i = 0; i < n; ++i) {
            want[i + 1] = (values[i] - shifted_ys[i]) * (values[i] - shifted_ys[i]);
        }
        expect_near_all(base.to_host(), want, "shifted overlap " + what);

        // The output reversed over its own input.
        const Array<float> r = random_array<float>(Shape{n});
        const auto rs = r.to_host();
        NDArray reversed(r.ndarray().buffer(), gpucc::DType::Float32, Shape{n}, Strides{-4},
                         (n - 1) * 4);
        ek::squared_diff(r, 0.5f, reversed.as<float>());
        std::vector<float> want_reversed(rs.size());
        for (std::int64_t i = 0; i < n; ++i) {
            want_reversed[n - 1 - i] = (rs[i] - 0.5f) * (rs[i] - 0.5f);
        }
        expect_near_all(r.to_host(), want_reversed, "reversed overlap " + what);
    }
}

TEST_F(StridedKernels, OtherTypesAndSeveralOutputs) {
    const Array<double> re = random_array<double>(Shape{9, 1});
    const Array<double> im_base = random_array<double>(Shape{9, 11});
    const Array<double> im = im_base.transpose().transpose(); // contiguous again
    const Array<double> im_t = random_array<double>(Shape{11, 9}).transpose();
    for (const Array<double>* imaginary : {&im, &im_t}) {
        auto [r, phi] = ek::polar(re, *imaginary);
        const Shape loop{9, 11};
        const auto res = broadcast_values(re.to_host(), re.shape(), loop);
        const auto ims = imaginary->to_host();
        const auto rs = r.to_host();
        const auto phis = phi.to_host();
        for (std::size_t i = 0; i < res.size(); ++i) {
            EXPECT_NEAR(rs[i], std::sqrt(res[i] * res[i] + ims[i] * ims[i]), 1e-12);
            EXPECT_NEAR(phis[i], std::atan2(ims[i], res[i]), 1e-12);
        }
    }
    // Integers, with a broadcast operand along the inner axis.
    std::vector<std::int16_t> a_values(6 * 10);
    std::vector<std::int16_t> b_values(6);
    for (std::size_t i = 0; i < a_values.size(); ++i) {
        a_values[i] = static_cast<std::int16_t>((i * 37) % 91 - 45);
    }
    for (std::size_t i = 0; i < b_values.size(); ++i) {
        b_values[i] = static_cast<std::int16_t>(i * 11 - 30);
    }
    const auto a = gpucc::asarray<std::int16_t>(a_values, Shape{6, 10}, device_);
    const auto b = gpucc::asarray<std::int16_t>(b_values, Shape{6, 1}, device_);
    const auto z = ek::squared_diff_int(a, b).to_host();
    for (std::size_t i = 0; i < z.size(); ++i) {
        const int diff = a_values[i] - b_values[i / 10];
        EXPECT_EQ(z[i], static_cast<std::int16_t>(diff * diff)) << "element " << i;
    }
}

/// Batches of matrices read transposed: the GPU's tiled path when the extents divide into its
/// tiles (4x4 float32, 2x2 float64), every other path otherwise.
template <class T>
void check_tiled_mul_add(StridedKernels& test, std::int64_t planes, std::int64_t rows,
                         std::int64_t cols) {
    const std::string what =
        std::to_string(planes) + "x" + std::to_string(rows) + "x" + std::to_string(cols);
    const Shape loop{planes, rows, cols};
    const std::int64_t size = sizeof(T);
    // x1: a contiguous (planes, cols, rows) block seen as (planes, rows, cols): runs down columns.
    const Array<T> x1_base = test.template random_array<T>(Shape{planes, cols, rows});
    const NDArray x1_view(x1_base.ndarray().buffer(), gpucc::dtype_of<T>(), loop,
                          Strides{cols * rows * size, size, rows * size}, 0);
    const Array<T> x1 = x1_view.as<T>();
    // x2: row-major; b: one value per row (broadcast along the columns).
    const Array<T> x2 = test.template random_array<T>(loop);
    const Array<T> b = test.template random_array<T>(Shape{rows, 1});
    const Array<T> y = ek::mul_add(x1, x2, b);
    const auto x1s = x1.to_host();
    const auto x2s = x2.to_host();
    const auto bs = broadcast_values(b.to_host(), b.shape(), loop);
    const auto ys = y.to_host();
    ASSERT_EQ(ys.size(), x2s.size()) << what;
    for (std::size_t i = 0; i < ys.size(); ++i) {
        const T want = x1s[i] * x2s[i] + bs[i];
        ASSERT_NEAR(ys[i], want, 1e-5 * (1 + std::fabs(want))) << what << ": element " << i;
    }
    // A given output in place of x2 (same layout: no copy), and x1 also as the addend.
    ek::mul_add(x1, x2, x1, x2);
    const auto in_place = x2.to_host();
    for (std::size_t i = 0; i < in_place.size(); ++i) {
        const T want = x1s[i] * x2s[i] + x1s[i];
        ASSERT_NEAR(in_place[i], want, 1e-5 * (1 + std::fabs(want))) << what << ": element " << i;
    }
}

TEST_F(StridedKernels, TransposedBatchesInTiles) {
    for (auto [planes, rows, cols] : {std::tuple<std::int64_t, std::int64_t, std::int64_t>{1, 8, 4},
                                      {1, 64, 128},
                                      {3, 16, 8},
                                      {2, 24, 36},
                                      {2, 9, 4},
                                      {4, 6, 10},
                                      {1, 8, 6},
                                      {5, 1, 40}}) {
        check_tiled_mul_add<float>(*this, planes, rows, cols);
        check_tiled_mul_add<double>(*this, planes, rows, cols);
    }
}

TEST_F(StridedKernels, SlicedPermutedAndBroadcastViews) {
    using gpucc::none;
    using gpucc::Slice;
    const Array<float> a = random_array<float>(Shape{6, 10, 12});
    const Array<float> b = random_array<float>(Shape{12, 10, 6});
    // Every other plane backwards, a window of rows, columns reversed with step 3.
    const Array<float> sliced = a(Slice(none, none, -2), Slice(2, 9), Slice(none, none, -3));
    check_squared_diff(sliced, random_array<float>(Shape{3, 7, 4}), Shape{3, 7, 4}, "sliced");
    // Axes permuted, then sliced; against a broadcast_to view (stride 0 on two axes).
    const Array<float> permuted =
        b.transpose({2, 1, 0})(Slice(1, 4), Slice(), Slice(none, none, 2));
    const Array<float> row = random_array<float>(Shape{6});
    check_squared_diff(permuted, row.broadcast_to(Shape{3, 10, 6}), Shape{3, 10, 6},
                       "permuted and broadcast_to");
    // One element of a view, and a view with a new axis.
    check_squared_diff(a(2, Slice(), 5), a(Slice(0, 1), 3).expand_dims(2)(0), Shape{12, 10},
                       "indexed and expanded");
}

TEST_F(StridedKernels, LayoutsBeyondEightDimensionsAreRefused) {
    // Reversed axes of a 9-d array: no two neighbours merge.
    Shape shape;
    for (int axis = 0; axis < 9; ++axis) {
        shape.push_back(2);
    }
    const Array<float> x = random_array<float>(shape);
    try {
        (void)ek::squared_diff(x.transpose(), 1.0f);
        FAIL() << "no error";
    } catch (const gpucc::ValueError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "squared_diff: the arguments' layouts leave 9 dimensions that cannot be merged "
                  "(loop shape (2, 2, 2, 2, 2, 2, 2, 2, 2)); strided kernels take at most 8: make "
                  "some arguments contiguous first");
    }
    // Nine dimensions that do merge are fine.
    check_squared_diff(x, random_array<float>(Shape{2}), shape, "9-d broadcast");
}

#ifdef GPUCC_TEST_ON_GPU
TEST_F(StridedKernels, MoreThanTwoToThe31ElementsUseSixtyFourBitIndexing) {
    // 2^31 + 5 int8 elements with a broadcast operand: the strided path's 64-bit loop.
    const std::int64_t n = (std::int64_t{1} << 31) + 5;
    std::vector<std::int8_t> values(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        values[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(i * 7 % 23 - 11);
    }
    const auto x = gpucc::asarray<std::int8_t>(values, Shape{n}, device_);
    const auto y = gpucc::asarray<std::int8_t>({3}, Shape{1}, device_);
    const auto z = ek::squared_diff_int(x, y).to_host();
    for (std::int64_t i : {std::int64_t{0}, std::int64_t{1}, (std::int64_t{1} << 31) - 1,
                           std::int64_t{1} << 31, n - 1}) {
        const int diff = values[static_cast<std::size_t>(i)] - 3;
        ASSERT_EQ(z[static_cast<std::size_t>(i)], static_cast<std::int8_t>(diff * diff))
            << "element " << i;
    }
}
#endif

} // namespace
