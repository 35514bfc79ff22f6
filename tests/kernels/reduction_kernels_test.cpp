// Differential tests of reduction kernels (reductions.dsl) against a plain C++ reference that
// folds in double (or exactly, for integers) over the same shape and axes. Every part of the
// reduction contract is exercised: full and partial reductions over every axis combination,
// negative axes, keepdims, transposed, reversed and broadcast inputs, several inputs, a scalar
// input, several outputs, no identity, a reduce type other than the input's, empty reductions,
// given outputs, determinism, and float32 accuracy over many elements. Built twice, like the
// elementwise tests: for the CPU target (every CI run) and for the GPU (label `gpu`).
#include "kernel_test_support.h"
#include "reductions.gpucc.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Axis;
using gpucc::Device;
using gpucc::Shape;

class ReductionKernels : public kernel_test::KernelTest<> {};

/// The reduced axes of `ndim` dimensions that `axes` names (all when empty and `all`).
std::vector<bool> reduced_axes(int ndim, const std::vector<int>& axes, bool all) {
    std::vector<bool> reduced(static_cast<std::size_t>(ndim), all);
    for (int axis : axes) {
        reduced[static_cast<std::size_t>(axis < 0 ? axis + ndim : axis)] = true;
    }
    return reduced;
}

/// Folds `values` (C order over `shape`) over the reduced axes: out[o] = fold(out[o], value).
/// Returns the per-output results and how many values reached each output.
template <class Acc, class V, class Fold>
std::vector<Acc> reference(const std::vector<V>& values, const Shape& shape,
                           const std::vector<bool>& reduced, Acc init, Fold fold,
                           std::vector<std::int64_t>* counts = nullptr) {
    const int ndim = shape.ndim();
    std::int64_t outputs = 1;
    for (int d = 0; d < ndim; ++d) {
        outputs *= reduced[static_cast<std::size_t>(d)] ? 1 : shape[d];
    }
    std::vector<Acc> out(static_cast<std::size_t>(outputs), init);
    std::vector<std::int64_t> count(static_cast<std::size_t>(outputs), 0);
    std::vector<std::int64_t> index(static_cast<std::size_t>(ndim), 0);
    for (std::size_t linear = 0; linear < values.size(); ++linear) {
        std::int64_t o = 0;
        for (int d = 0; d < ndim; ++d) {
            if (!reduced[static_cast<std::size_t>(d)]) {
                o = o * shape[d] + index[static_cast<std::size_t>(d)];
            }
        }
        out[static_cast<std::size_t>(o)] =
            count[static_cast<std::size_t>(o)] == 0 && !std::is_same_v<Acc, double>
                ? fold(init, values[linear])
                : fold(out[static_cast<std::size_t>(o)], values[linear]);
        ++count[static_cast<std::size_t>(o)];
        for (int d = ndim - 1; d >= 0; --d) {
            if (++index[static_cast<std::size_t>(d)] < shape[d]) {
                break;
            }
            index[static_cast<std::size_t>(d)] = 0;
        }
    }
    if (counts != nullptr) {
        *counts = count;
    }
    return out;
}

/// The output shape NumPy gives.
Shape reduced_shape(const Shape& shape, const std::vector<bool>& reduced, bool keepdims) {
    Shape out;
    for (int d = 0; d < shape.ndim(); ++d) {
        if (!reduced[static_cast<std::size_t>(d)]) {
            out.push_back(shape[d]);
        } else if (keepdims) {
            out.push_back(1);
        }
    }
    return out;
}

template <class T>
void expect_close(const std::vector<T>& got, const std::vector<double>& want, double rtol,
                  const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double g = static_cast<double>(got[i]);
        ASSERT_TRUE(std::fabs(g - want[i]) <= rtol * std::fabs(want[i]) + 1e-30)
            << what << ": output " << i << " is " << g << ", expected " << want[i];
    }
}

/// A float32 sum of n terms against its exact value: whatever order the launch adds them in, the
/// rounding error is at most (n - 1) * eps * (sum of |x|) (to first order), which can exceed any
/// relative bound where the terms cancel. `magnitude` holds each output's sum of |x|, `terms` its
/// term count.
void expect_sum_close(const std::vector<float>& got, const std::vector<double>& want,
                      const std::vector<double>& magnitude, std::int64_t terms,
                      const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    const double eps = std::numeric_limits<float>::epsilon();
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double bound =
            static_cast<double>(std::max<std::int64_t>(terms, 1)) * eps * magnitude[i] +
            eps * std::fabs(want[i]); // and the final rounding to float32
        ASSERT_LE(std::fabs(static_cast<double>(got[i]) - want[i]), bound)
            << what << ": output " << i << " is " << got[i] << ", expected " << want[i];
    }
}

Axis make_axis(const std::vector<int>& axes) {
    switch (axes.size()) {
    case 1:
        return Axis{axes[0]};
    case 2:
        return Axis{axes[0], axes[1]};
    case 3:
        return Axis{axes[0], axes[1], axes[2]};
    default:
        return Axis{};
    }
}

std::string describe(const Shape& shape, const std::vector<int>& axes, bool keepdims) {
    std::string text = "shape " + shape.to_string() + " axes (";
    for (int axis : axes) {
        text += std::to_string(axis) + ",";
    }
    return text + ")" + (keepdims ? " keepdims" : "");
}

// ---------------------------------------------------------------------------------------------
// language.md section 2
// ---------------------------------------------------------------------------------------------

template <class T>
void check_l2norm_sizes(ReductionKernels& test) {
    for (std::int64_t n : {0, 1, 31, 33, 1025, (1 << 20) + 1}) {
        auto host = test.random_vector<T>(n, -2, 2);
        double sum = 0;
        for (T v : host) {
            sum += static_cast<double>(v) * static_cast<double>(v);
        }
        Array<T> y = rk::l2norm(test.on_device(host, Shape{n}));
        EXPECT_EQ(y.ndim(), 0);
        expect_close(y.to_host(), {std::sqrt(sum)}, std::is_same_v<T, float> ? 1e-5 : 1e-12,
                     "l2norm of " + std::to_string(n));
    }
}

TEST_F(ReductionKernels, L2normEverySize) {
    check_l2norm_sizes<float>(*this);
    check_l2norm_sizes<double>(*this);
}

TEST_F(ReductionKernels, SumAbsReducesInFloat64) {
    // Values whose float32 running sum would lose the small ones.
    const std::int64_t n = 3 * 4097;
    std::vector<float> host(static_cast<std::size_t>(n));
    double want = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        host[static_cast<std::size_t>(i)] =
            i % 3 == 0 ? 1.0e8f : -1.0e-3f * static_cast<float>(i % 7 + 1);
        want += std::fabs(static_cast<double>(host[static_cast<std::size_t>(i)]));
    }
    Array<float> y = rk::sum_abs(on_device(host, Shape{n}));
    expect_close(y.to_host(), {want}, 1e-7, "sum_abs float32 with type float64");
    Array<float> rows = rk::sum_abs(on_device(host, Shape{3, 4097}), Axis{1});
    ASSERT_EQ(rows.shape(), (Shape{3}));
}

// ---------------------------------------------------------------------------------------------
// Axes, keepdims, layouts
// ---------------------------------------------------------------------------------------------

TEST_F(ReductionKernels, EveryAxisCombinationOf3d) {
    const Shape shape{5, 7, 33};
    auto host = random_vector<float>(shape.element_count(), -1, 1);
    Array<float> x = on_device(host, shape);
    const std::vector<std::vector<int>> combos = {{0},    {1},  {2},      {0, 1},    {0, 2},
                                                  {1, 2}, {-1}, {-3, -1}, {0, 1, 2}, {}};
    for (const auto& axes : combos) {
        for (bool keepdims : {false, true}) {
            const auto reduced = reduced_axes(3, axes, axes.empty());
            auto want = reference<double>(host, shape, reduced, 0.0,
                                          [](double a, float v) { return a + v; });
            auto magnitude = reference<double>(host, shape, reduced, 0.0,
                                               [](double a, float v) { return a + std::fabs(v); });
            Array<float> y = rk::total(x, make_axis(axes), keepdims);
            const std::string what = describe(shape, axes, keepdims);
            ASSERT_EQ(y.shape(), reduced_shape(shape, reduced, keepdims)) << what;
            expect_sum_close(y.to_host(), want, magnitude,
                             shape.element_count() / std::max<std::int64_t>(y.size(), 1), what);
        }
    }
}

TEST_F(ReductionKernels, BothAxesOfTallAndWideMatrices) {
    for (const Shape& shape :
         {Shape{4097, 33}, Shape{33, 4097}, Shape{4097, 4099}, Shape{1, 31}, Shape{31, 1}}) {
        auto host = random_vector<float>(shape.element_count(), 0, 1);
        Array<float> x = on_device(host, shape);
        for (int axis : {0, 1}) {
            const auto reduced = reduced_axes(2, {axis}, false);
            auto want = reference<double>(host, shape, reduced, 0.0,
                                          [](double a, float v) { return a + v; });
            expect_close(rk::total(x, axis).to_host(), want, 2e-5, describe(shape, {axis}, false));
        }
    }
}

// A few positions per output along strided axes: the launch puts one to eight lanes on each
// output and up to 256 outputs in a block (reduction_plan.cpp); every layout must give the sums.
TEST_F(ReductionKernels, FewPositionsPerOutputAlongStridedAxes) {
    struct Case {
        Shape shape;
        std::vector<int> axes;
    };
    const std::vector<Case> cases = {{Shape{2, 300, 2, 701}, {0, 2}},
                                     {Shape{16, 5003}, {0}},
                                     {Shape{3, 1000, 5}, {0, 2}},
                                     {Shape{4, 40}, {0}},
                                     {Shape{2, 9}, {0}},
                                     {Shape{7, 3, 257}, {0, 1}}};
    for (const Case& c : cases) {
        const auto reduced = reduced_axes(c.shape.ndim(), c.axes, false);
        const std::string what = describe(c.shape, c.axes, false);
        // Positive values: the relative check has no cancellation to excuse (the integers below
        // take both signs, exactly).
        auto host = random_vector<float>(c.shape.element_count(), 0, 1);
        auto want =
            reference<double>(host, c.shape, reduced, 0.0, [](double a, float v) { return a + v; });
        std::vector<float> got = rk::total(on_device(host, c.shape), make_axis(c.axes)).to_host();
        expect_close(got, want, 2e-5, what);
        auto ints = random_vector<std::int32_t>(c.shape.element_count(), -100000, 100000);
        auto int_want =
            reference<std::int64_t>(ints, c.shape, reduced, std::int64_t{0},
                                    [](std::int64_t a, std::int32_t v) { return a + v; });
        std::vector<std::int32_t> int_got =
            rk::total(on_device(ints, c.shape), make_axis(c.axes)).to_host();
        ASSERT_EQ(int_got.size(), int_want.size()) << what;
        for (std::size_t i = 0; i < int_got.size(); ++i) {
            ASSERT_EQ(int_got[i], int_want[i]) << what << " output " << i;
        }
    }
}

TEST_F(ReductionKernels, TransposedReversedAndBroadcastInputs) {
    const Shape shape{65, 129};
    auto host = random_vector<double>(shape.element_count(), -1, 1);
    Array<double> x = on_device(host, shape);
    // x.T summed along axis 0 is x summed along axis 1.
    const auto rows = reference<double>(host, shape, reduced_axes(2, {1}, false), 0.0,
                                        [](double a, double v) { return a + v; });
    expect_close(rk::total(x.transpose(), 0).to_host(), rows, 1e-12, "x.T along axis 0");
    // Reversed rows: the same sums, in reverse order.
    std::vector<double> reversed(rows.rbegin(), rows.rend());
    expect_close(rk::total(x(gpucc::Slice(gpucc::none, gpucc::none, -1)), 1).to_host(), reversed,
                 1e-12, "x[::-1] along axis 1");
    // Every other column.
    std::vector<double> even(static_cast<std::size_t>(shape[0]), 0.0);
    for (std::int64_t r = 0; r < shape[0]; ++r) {
        for (std::int64_t c = 0; c < shape[1]; c += 2) {
            even[static_cast<std::size_t>(r)] += host[static_cast<std::size_t>(r * shape[1] + c)];
        }
    }
    expect_close(
        rk::total(x(gpucc::Slice(), gpucc::Slice(gpucc::none, gpucc::none, 2)), 1).to_host(), even,
        1e-12, "x[:, ::2] along axis 1");

    // dot(x, w) along axis 1 with w broadcast over rows: a matrix-vector product.
    const Shape matrix{300, 77};
    auto hm = random_vector<float>(matrix.element_count(), -1, 1);
    auto hw = random_vector<float>(77, -1, 1);
    std::vector<double> want(300, 0.0);
    std::vector<double> magnitude(300, 0.0); // float32 rounding scales with the sum of |terms|
    for (std::int64_t r = 0; r < 300; ++r) {
        for (std::int64_t c = 0; c < 77; ++c) {
            const double term = static_cast<double>(hm[static_cast<std::size_t>(r * 77 + c)]) *
                                hw[static_cast<std::size_t>(c)];
            want[static_cast<std::size_t>(r)] += term;
            magnitude[static_cast<std::size_t>(r)] += std::fabs(term);
        }
    }
    std::vector<float> got = rk::dot(on_device(hm, matrix), on_device(hw, Shape{77}), 1).to_host();
    for (std::size_t r = 0; r < 300; ++r) {
        ASSERT_LE(std::fabs(got[r] - want[r]), 1e-6 * magnitude[r])
            << "dot with w broadcast: row " << r << " is " << got[r] << ", expected " << want[r];
    }
}

// ---------------------------------------------------------------------------------------------
// Parts of the contract
// ---------------------------------------------------------------------------------------------

TEST_F(ReductionKernels, ScalarInput) {
    const Shape shape{40, 50};
    auto host = random_vector<double>(shape.element_count(), -3, 3);
    const double c = 0.625;
    auto want = reference<double>(host, shape, reduced_axes(2, {0}, false), 0.0,
                                  [&](double a, double v) { return a + (v - c) * (v - c); });
    expect_close(rk::shifted_square_sum(on_device(host, shape), c, 0).to_host(), want, 1e-12,
                 "shifted_square_sum with c = 0.625");
}

template <class T>
void check_largest(ReductionKernels& test, double low, double high) {
    const Shape shape{37, 1029};
    auto host = test.random_vector<T>(shape.element_count(), low, high);
    Array<T> x = test.on_device(host, shape);
    for (int axis : {0, 1}) {
        auto want =
            reference<T>(host, shape, reduced_axes(2, {axis}, false),
                         std::numeric_limits<T>::lowest(), [](T a, T v) { return a > v ? a : v; });
        std::vector<T> got = rk::largest(x, axis).to_host();
        ASSERT_EQ(got, want) << "largest along " << axis;
    }
    T all = rk::largest(x).to_host()[0];
    EXPECT_EQ(all, *std::max_element(host.begin(), host.end()));
    // No identity: an empty reduction is an error, naming the kernel.
    Array<T> empty = test.on_device(std::vector<T>{}, Shape{3, 0});
    try {
        rk::largest(empty, 1);
        ADD_FAILURE() << "no error for an empty reduction without identity";
    } catch (const gpucc::ValueError& error) {
        EXPECT_NE(std::string(error.what()).find("largest"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("identity"), std::string::npos) << error.what();
    }
    // Reducing nothing but keeping the empty axis: outputs of size 0, no error.
    EXPECT_EQ(rk::largest(empty, 0).size(), 0);
}

TEST_F(ReductionKernels, NoIdentity) {
    check_largest<float>(*this, -100, 100);
    check_largest<std::int16_t>(*this, -30000, 30000);
    check_largest<std::uint8_t>(*this, 0, 255);
}

TEST_F(ReductionKernels, ReduceTypeWiderThanInput) {
    const std::int64_t n = 100003;
    auto host = random_vector<std::int8_t>(n, -128, 127);
    std::int64_t want = 0;
    for (std::int8_t v : host) {
        want += v;
    }
    EXPECT_EQ(rk::wide_sum(on_device(host, Shape{n})).to_host()[0], want);
}

TEST_F(ReductionKernels, IntegerSumsAreExact) {
    const Shape shape{129, 257};
    auto host = random_vector<std::int32_t>(shape.element_count(), -1000, 1000);
    Array<std::int32_t> x = on_device(host, shape);
    for (int axis : {0, 1}) {
        auto want =
            reference<std::int64_t>(host, shape, reduced_axes(2, {axis}, false), std::int64_t{0},
                                    [](std::int64_t a, std::int32_t v) { return a + v; });
        std::vector<std::int32_t> got = rk::total(x, axis).to_host();
        ASSERT_EQ(got.size(), want.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i], want[i]) << "axis " << axis << " output " << i;
        }
    }
}

TEST_F(ReductionKernels, SeveralOutputsAndSizes) {
    const Shape shape{6, 0, 4};
    // Reducing an empty axis: post runs with the identity; n is 0.
    auto [mean0, count0] = rk::mean_and_count(on_device(std::vector<float>{}, shape), 1);
    ASSERT_EQ(mean0.shape(), (Shape{6, 4}));
    for (float v : mean0.to_host()) {
        EXPECT_EQ(v, 0.0f);
    }
    for (std::int64_t v : count0.to_host()) {
        EXPECT_EQ(v, 0);
    }
    const Shape full{6, 10, 4};
    auto host = random_vector<float>(full.element_count(), -1, 1);
    auto [mean, count] = rk::mean_and_count(on_device(host, full), Axis{0, 2});
    auto sums = reference<double>(host, full, reduced_axes(3, {0, 2}, false), 0.0,
                                  [](double a, float v) { return a + v; });
    for (double& s : sums) {
        s /= 24.0;
    }
    expect_close(mean.to_host(), sums, 1e-6, "mean over axes 0 and 2");
    for (std::int64_t v : count.to_host()) {
        EXPECT_EQ(v, 24);
    }
}

TEST_F(ReductionKernels, BoolReduceType) {
    const Shape shape{300, 40};
    auto host = random_vector<float>(shape.element_count(), 0.5, 2);
    for (std::int64_t r = 0; r < 300; r += 7) {
        host[static_cast<std::size_t>(r * 40 + r % 40)] = -1.0f;
    }
    std::vector<bool> got_rows;
    for (bool v : rk::any_negative(on_device(host, shape), 1).to_host()) {
        got_rows.push_back(v);
    }
    for (std::int64_t r = 0; r < 300; ++r) {
        EXPECT_EQ(got_rows[static_cast<std::size_t>(r)], r % 7 == 0) << "row " << r;
    }
}

TEST_F(ReductionKernels, GivenOutputs) {
    const Shape shape{50, 60};
    auto host = random_vector<float>(shape.element_count(), -1, 1);
    Array<float> x = on_device(host, shape);
    Array<float> y = on_device(random_vector<float>(60, 5, 6), Shape{60});
    rk::total(x, y, 0);
    auto want = reference<double>(host, shape, reduced_axes(2, {0}, false), 0.0,
                                  [](double a, float v) { return a + v; });
    expect_close(y.to_host(), want, 2e-5, "into a given output");
    // A given output with keepdims has the kept 1.
    Array<float> kept = on_device(random_vector<float>(60, 5, 6), Shape{1, 60});
    rk::total(x, kept, 0, true);
    expect_close(kept.to_host(), want, 2e-5, "into a given keepdims output");
    // A strided given output.
    Array<float> wide = on_device(random_vector<float>(120, 5, 6), Shape{120});
    rk::total(x, wide(gpucc::Slice(gpucc::none, gpucc::none, 2)), 0);
    std::vector<float> back = wide.to_host();
    for (std::size_t i = 0; i < 60; ++i) {
        ASSERT_NEAR(back[2 * i], want[i], 2e-5 * std::fabs(want[i]) + 1e-6);
    }
    EXPECT_THROW(rk::total(x, y, 1), gpucc::ShapeError);
}

TEST_F(ReductionKernels, BadAxes) {
    Array<float> x = on_device(random_vector<float>(12, -1, 1), Shape{3, 4});
    EXPECT_THROW(rk::total(x, 2), gpucc::IndexError);
    EXPECT_THROW(rk::total(x, -3), gpucc::IndexError);
    EXPECT_THROW(rk::total(x, Axis{0, -2}), gpucc::ValueError);
}

// ---------------------------------------------------------------------------------------------
// `_J`: the position along the reduced axes
// ---------------------------------------------------------------------------------------------

/// Per output of `values` (C order over `shape`) reduced over `reduced`: the sum of every
/// element's position (C order over the reduced axes) times 2 for a positive element, 1 else, and
/// the last position of a positive element (-1 for none).
template <class T>
std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>>
position_reference(const std::vector<T>& values, const Shape& shape,
                   const std::vector<bool>& reduced) {
    const int ndim = shape.ndim();
    std::int64_t outputs = 1;
    for (int d = 0; d < ndim; ++d) {
        outputs *= reduced[static_cast<std::size_t>(d)] ? 1 : shape[d];
    }
    std::vector<std::int64_t> weighted(static_cast<std::size_t>(outputs), 0);
    std::vector<std::int64_t> last(static_cast<std::size_t>(outputs), -1);
    std::vector<std::int64_t> index(static_cast<std::size_t>(ndim), 0);
    for (std::size_t linear = 0; linear < values.size(); ++linear) {
        std::int64_t o = 0;
        std::int64_t j = 0;
        for (int d = 0; d < ndim; ++d) {
            std::int64_t& position = reduced[static_cast<std::size_t>(d)] ? j : o;
            position = position * shape[d] + index[static_cast<std::size_t>(d)];
        }
        const bool positive = values[linear] > 0;
        weighted[static_cast<std::size_t>(o)] += j * (positive ? 2 : 1);
        if (positive) {
            last[static_cast<std::size_t>(o)] = std::max(last[static_cast<std::size_t>(o)], j);
        }
        for (int d = ndim - 1; d >= 0; --d) {
            if (++index[static_cast<std::size_t>(d)] < shape[d]) {
                break;
            }
            index[static_cast<std::size_t>(d)] = 0;
        }
    }
    return {weighted, last};
}

TEST_F(ReductionKernels, PositionAlongTheReducedAxes) {
    auto check = [&](const Array<float>& x, const std::vector<float>& host,
                     const std::vector<int>& axes) {
        const auto reduced = reduced_axes(x.ndim(), axes, axes.empty());
        const auto [weighted, last] = position_reference(host, x.shape(), reduced);
        const std::string what = describe(x.shape(), axes, false);
        EXPECT_EQ(rk::position_weighted(x, make_axis(axes)).to_host(), weighted) << what;
        EXPECT_EQ(rk::last_positive(x, make_axis(axes)).to_host(), last) << what;
    };
    // Every axis combination of a 3-d array, then the layouts the plan reorders or vectorizes.
    const Shape shape{5, 7, 33};
    auto host = random_vector<float>(shape.element_count(), -1, 1);
    Array<float> x = on_device(host, shape);
    for (const auto& axes : std::vector<std::vector<int>>{
             {0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}, {-1}, {-3, -1}, {0, 1, 2}, {}}) {
        check(x, host, axes);
    }
    const Array<float> transposed = x.transpose({2, 0, 1});
    for (const auto& axes : std::vector<std::vector<int>>{{}, {0}, {1, 2}, {0, 2}}) {
        check(transposed, transposed.to_host(), axes);
    }
    for (const Shape& big : {Shape{(1 << 20) + 1}, Shape{4097, 4099}}) {
        auto values = random_vector<float>(big.element_count(), -1, 1);
        Array<float> y = on_device(values, big);
        check(y, values, {});
        if (big.ndim() == 2) {
            check(y, values, {0});
            check(y, values, {1});
        }
    }
    // The int32 instance, whose elements are read as vectors of four on the GPU.
    auto ints = random_vector<std::int32_t>(4099, -3, 3);
    const auto reduced = reduced_axes(1, {}, true);
    EXPECT_EQ(rk::position_weighted(on_device(ints, Shape{4099})).to_host(),
              position_reference(ints, Shape{4099}, reduced).first);
}

#ifdef GPUCC_TEST_ON_GPU
TEST_F(ReductionKernels, MoreThanTwoToThe31PositionsOverTwoAxesUseSixtyFourBitIndexing) {
    // A small array broadcast over more than 2^31 reduced positions along two axes that do not
    // merge (the broadcast axis has stride 0): the plan is not kReduceIndex32 and has two reduce
    // dimensions, so each GPU kernel decomposes every position with 64-bit divisions. Reduced over
    // both axes, the one output's lanes run along the reduced positions (the lanes kernel); over
    // the first two of three, with three outputs and the stride-3 axis innermost, the outputs run
    // along the lanes (the rows kernel). _J checks each position: position_weighted sums
    // J * (x > 0 ? 2 : 1) and last_positive finds the last J whose element is positive.
    const std::int64_t a_extent = 4099;
    const std::int64_t b_extent = (std::int64_t{1} << 31) / a_extent + 7;
    ASSERT_GT(a_extent * b_extent, std::int64_t{1} << 31);
    for (const std::int64_t outputs : {std::int64_t{1}, std::int64_t{3}}) {
        const Shape small = outputs == 1 ? Shape{a_extent, 1} : Shape{a_extent, 1, outputs};
        const Shape shape =
            outputs == 1 ? Shape{a_extent, b_extent} : Shape{a_extent, b_extent, outputs};
        auto host = random_vector<float>(small.element_count(), -1, 1);
        const Array<float> x = on_device(host, small).broadcast_to(shape);
        // Sum over b of (a * B + b) is B * a * B + B * (B - 1) / 2, exactly, in int64.
        std::vector<std::int64_t> weighted(static_cast<std::size_t>(outputs), 0);
        std::vector<std::int64_t> last(static_cast<std::size_t>(outputs), -1);
        for (std::int64_t a = 0; a < a_extent; ++a) {
            for (std::int64_t o = 0; o < outputs; ++o) {
                const bool positive = host[static_cast<std::size_t>(a * outputs + o)] > 0;
                weighted[static_cast<std::size_t>(o)] +=
                    (positive ? 2 : 1) * (b_extent * a * b_extent + b_extent * (b_extent - 1) / 2);
                if (positive) {
                    last[static_cast<std::size_t>(o)] = a * b_extent + b_extent - 1;
                }
            }
        }
        const std::vector<int> axes = outputs == 1 ? std::vector<int>{} : std::vector<int>{0, 1};
        const std::string what = describe(shape, axes, false);
        EXPECT_EQ(rk::position_weighted(x, make_axis(axes)).to_host(), weighted) << what;
        EXPECT_EQ(rk::last_positive(x, make_axis(axes)).to_host(), last) << what;
    }
}
#endif

TEST_F(ReductionKernels, SameBitsEveryRun) {
    const std::int64_t n = (1 << 22) + 3;
    auto host = random_vector<float>(n, -1, 1);
    Array<float> x = on_device(host, Shape{n});
    const float first = rk::total(x).to_host()[0];
    for (int run = 0; run < 3; ++run) {
        const float again = rk::total(x).to_host()[0];
        EXPECT_EQ(std::memcmp(&first, &again, sizeof first), 0) << first << " then " << again;
    }
}

TEST_F(ReductionKernels, Float32SumAccuracy) {
#ifdef GPUCC_TEST_ON_GPU
    const std::int64_t n = std::int64_t{1} << 28; // the case
#else
    const std::int64_t n = std::int64_t{1} << 24; // CPU in CI: the same path, less time
#endif
    auto host = random_vector<float>(n, 0, 1);
    double want = 0;
    for (float v : host) {
        want += v;
    }
    const float got = rk::total(on_device(host, Shape{n})).to_host()[0];
    EXPECT_LE(std::fabs(static_cast<double>(got) - want) / want, 1e-5)
        << "float32 sum of " << n << " values: " << got << ", float64 reference " << want;
}

} // namespace
