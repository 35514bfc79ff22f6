// Differential tests of elementwise kernels (elementwise.dsl) against plain C++ loops, on random
// inputs over sizes that hit every edge of the generated loops (0, 1, the vector width's
// neighbours, odd sizes, over a million). One test body, two devices: this file is built twice,
// once for the CPU target (run on every CI run) and once for the GPU (label `gpu`, skipped with a
// message where no GPU is present).
#include "elementwise.gpucc.h"
#include "kernel_test_support.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;

/// Parameterized by the element count.
class ElementwiseKernels : public kernel_test::KernelTest<::testing::TestWithParam<std::int64_t>> {
protected:
    void SetUp() override {
        KernelTest::SetUp();
        rng_.seed(1234 + static_cast<unsigned>(GetParam()));
    }
};

/// |got - want| <= atol + rtol * |want| for every element, NaN never passing.
template <class T>
void expect_close(const std::vector<T>& got, const std::vector<T>& want, double rtol, double atol,
                  const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < want.size(); ++i) {
        double g = static_cast<double>(got[i]);
        double w = static_cast<double>(want[i]);
        ASSERT_TRUE(std::fabs(g - w) <= atol + rtol * std::fabs(w))
            << what << ": element " << i << " is " << g << ", expected " << w;
    }
}

template <class T>
void expect_equal(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got[i], want[i]) << what << ": element " << i;
    }
}

template <class T>
double rtol_for() {
    return std::is_same_v<T, float> ? 2e-6 : 1e-14;
}

TEST_P(ElementwiseKernels, SquaredDiff) {
    std::int64_t n = GetParam();
    auto hx = random_vector<float>(n, -8, 8);
    auto hy = random_vector<float>(n, -8, 8);
    std::vector<float> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = (hx[i] - hy[i]) * (hx[i] - hy[i]);
    }
    Array<float> z = ek::squared_diff(on_device(hx), on_device(hy));
    EXPECT_EQ(z.size(), n);
    expect_close(z.to_host(), want, 2e-6, 0, "squared_diff");

    // Into a given output, and with a scalar for one input.
    Array<float> given = on_device(random_vector<float>(n, 100, 200));
    ek::squared_diff(on_device(hx), 1.5f, given);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = (hx[i] - 1.5f) * (hx[i] - 1.5f);
    }
    expect_close(given.to_host(), want, 2e-6, 0, "squared_diff into given output, scalar y");
}

template <class T>
void check_generic_float_kernels(ElementwiseKernels& test, std::int64_t n) {
    auto hx = test.template random_vector<T>(n, -4, 4);
    auto hy = test.template random_vector<T>(n, -4, 4);
    Array<T> x = test.on_device(hx);
    Array<T> y = test.on_device(hy);
    std::vector<T> want(n);

    for (std::int64_t i = 0; i < n; ++i) {
        T diff = hx[i] - hy[i];
        want[i] = diff * diff;
    }
    expect_close(ek::squared_diff_generic(x, y).to_host(), want, rtol_for<T>(), 0,
                 "squared_diff_generic");

    T b = static_cast<T>(0.375);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = hx[i] * hy[i] + b;
    }
    // Fused multiply-add may round once where the reference rounds twice: allow one ulp of the
    // product.
    expect_close(ek::mul_add(x, y, b).to_host(), want, rtol_for<T>(),
                 16 * std::numeric_limits<T>::epsilon(), "mul_add with scalar b");
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = hx[i] * T(2) + hy[i];
    }
    expect_close(ek::mul_add(x, T(2), y).to_host(), want, rtol_for<T>(),
                 16 * std::numeric_limits<T>::epsilon(), "mul_add with scalar x2");

    Array<T> reversed = gpucc::empty<T>({n}, x.device());
    ek::reverse(x, reversed);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = hx[n - 1 - i];
    }
    expect_equal(reversed.to_host(), want, "reverse");

    // polar, with exact zeros planted so the if/else takes both branches.
    for (std::int64_t i = 0; i < n; i += 7) {
        hx[i] = 0;
        hy[i] = 0;
    }
    auto [r, phi] = ek::polar(test.on_device(hx), test.on_device(hy));
    std::vector<T> want_r(n), want_phi(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want_r[i] = std::sqrt(hx[i] * hx[i] + hy[i] * hy[i]);
        want_phi[i] = want_r[i] == 0 ? T(0) : std::atan2(hy[i], hx[i]);
    }
    expect_close(r.to_host(), want_r, 4 * rtol_for<T>(), 0, "polar r");
    expect_close(phi.to_host(), want_phi, 4 * rtol_for<T>(), 4 * std::numeric_limits<T>::epsilon(),
                 "polar phi");
}

TEST_P(ElementwiseKernels, GenericFloat32) {
    check_generic_float_kernels<float>(*this, GetParam());
}
TEST_P(ElementwiseKernels, GenericFloat64) {
    check_generic_float_kernels<double>(*this, GetParam());
}

template <class T>
void check_integer_squared_diff(ElementwiseKernels& test, std::int64_t n) {
    auto hx = test.template random_vector<T>(n, 0, 100);
    auto hy = test.template random_vector<T>(n, 0, 100);
    std::vector<T> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        T diff = static_cast<T>(hx[i] - hy[i]);
        // In 64-bit unsigned arithmetic: uint16's diff * diff is int * int, which overflows.
        auto wide = static_cast<std::uint64_t>(diff);
        want[i] = static_cast<T>(wide * wide);
    }
    expect_equal(ek::squared_diff_int(test.on_device(hx), test.on_device(hy)).to_host(), want,
                 "squared_diff_int");
}

TEST_P(ElementwiseKernels, IntegerTypes) {
    std::int64_t n = GetParam();
    check_integer_squared_diff<std::int8_t>(*this, n);
    check_integer_squared_diff<std::int16_t>(*this, n);
    check_integer_squared_diff<std::int32_t>(*this, n);
    check_integer_squared_diff<std::int64_t>(*this, n);
    check_integer_squared_diff<std::uint8_t>(*this, n);
    check_integer_squared_diff<std::uint16_t>(*this, n);
    check_integer_squared_diff<std::uint32_t>(*this, n);
    check_integer_squared_diff<std::uint64_t>(*this, n);

    auto a = random_vector<std::int64_t>(n, -1000000, 1000000);
    auto b = random_vector<std::int64_t>(n, -1000000, 1000000);
    std::vector<std::int64_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = a[i] * b[i] - 7;
    }
    expect_equal(ek::mul_add_int(on_device(a), on_device(b), std::int64_t{-7}).to_host(), want,
                 "mul_add_int");
}

TEST_P(ElementwiseKernels, ControlFlow) {
    std::int64_t n = GetParam();
    auto starts = random_vector<std::int64_t>(n, 1, 100000);
    std::vector<std::int32_t> steps(n);
    for (std::int64_t i = 0; i < n; ++i) {
        long long v = starts[i];
        int s = 0;
        while (v != 1 && s < 1000) {
            v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
            s += 1;
        }
        steps[i] = s;
    }
    expect_equal(ek::collatz_steps(on_device(starts)).to_host(), steps,
                 "collatz_steps (while, ?:)");

    auto x = random_vector<double>(n, -3, 3);
    std::vector<double> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        double acc = 0;
        for (int k = 0; k < 4; ++k) {
            acc += x[i] * k;
            if (acc > 5.0) {
                break;
            }
        }
        want[i] = acc < -2.0 ? -2.0 : (acc > 5.0 ? 5.0 : acc);
    }
    expect_close(ek::clamp_sum(on_device(x), -2.0, 5.0).to_host(), want, 1e-14, 1e-14,
                 "clamp_sum (for, break)");

    auto ints = random_vector<std::int32_t>(n, -1000, 1000);
    std::vector<std::int32_t> counted(n);
    for (std::int64_t i = 0; i < n; ++i) {
        int k = ints[i] % 17;
        do {
            k--;
        } while (k > 0);
        counted[i] = k;
    }
    expect_equal(ek::count_down(on_device(ints)).to_host(), counted, "count_down (do/while, --)");

    auto values = random_vector<float>(n, -1, 1);
    std::vector<float> positive(n);
    for (std::int64_t i = 0; i < n; ++i) {
        positive[i] = values[i] < 0 ? 0.0f : values[i];
    }
    expect_equal(ek::positive_part(on_device(values)).to_host(), positive,
                 "positive_part (continue)");
}

TEST_P(ElementwiseKernels, MathFunctions) {
    std::int64_t n = GetParam();
    auto x = random_vector<double>(n, -5, 5);
    std::vector<double> want_a(n), want_b(n);
    std::vector<float> want_c(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want_a[i] = std::exp(-std::fabs(x[i])) + std::log1p(std::fabs(x[i])) + std::tanh(x[i]);
        want_b[i] =
            std::pow(std::fabs(x[i]), 1.5) + std::floor(x[i]) + std::ceil(x[i]) + std::erf(x[i]);
        want_c[i] = static_cast<float>(x[i]) * 2.0f - std::sin(static_cast<float>(x[i]));
    }
    auto [a, b, c] = ek::math_mix(on_device(x));
    expect_close(a.to_host(), want_a, 1e-14, 1e-14, "math_mix a");
    expect_close(b.to_host(), want_b, 1e-14, 1e-13, "math_mix b");
    expect_close(c.to_host(), want_c, 4e-6, 4e-6, "math_mix c (float32)");
}

TEST_P(ElementwiseKernels, HalfAndBool) {
    std::int64_t n = GetParam();
    auto fx = random_vector<float>(n, -2, 2);
    auto fy = random_vector<float>(n, -2, 2);
    std::vector<gpucc::float16> hx(n), hy(n), want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        hx[i] = gpucc::float16(fx[i]);
        hy[i] = gpucc::float16(fy[i]);
        want[i] = gpucc::float16(1.5f * static_cast<float>(hx[i]) + static_cast<float>(hy[i]));
    }
    std::vector<gpucc::float16> got = ek::half_axpy(on_device(hx), on_device(hy), 1.5f).to_host();
    ASSERT_EQ(got.size(), want.size());
    for (std::int64_t i = 0; i < n; ++i) {
        // One float16 rounding of a float32 value: identical unless fma changed the float32 value.
        ASSERT_NEAR(static_cast<float>(got[i]), static_cast<float>(want[i]), 2e-3f)
            << "half_axpy element " << i;
    }

    auto ints = random_vector<std::int32_t>(n, -100000, 100000);
    std::vector<bool> want_even(n);
    std::vector<std::uint8_t> want_bits(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want_even[i] = (ints[i] & 1) == 0;
        want_bits[i] = static_cast<std::uint8_t>(ints[i] ^ (ints[i] >> 3));
    }
    auto [even, bits] = ek::bit_mix(on_device(ints));
    std::vector<bool> got_even = [&] {
        std::vector<bool> out;
        for (bool v : even.to_host()) {
            out.push_back(v);
        }
        return out;
    }();
    EXPECT_EQ(got_even, want_even);
    expect_equal(bits.to_host(), want_bits, "bit_mix bits");
}

TEST_P(ElementwiseKernels, OutputsAreReadBeforeWritten) {
    std::int64_t n = GetParam();
    auto x = random_vector<float>(n, -1, 1);
    auto start = random_vector<float>(n, -1, 1);
    Array<float> y = on_device(start);
    ek::accumulate(on_device(x), y);
    ek::accumulate(on_device(x), y);
    std::vector<float> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = (start[i] + x[i]) + x[i];
    }
    expect_close(y.to_host(), want, 1e-6, 1e-6, "accumulate twice into y");
}

TEST_P(ElementwiseKernels, ShapeMismatchIsAnError) {
    std::int64_t n = GetParam();
    // Extents that differ and are not 1 do not broadcast.
    Array<float> x = on_device(random_vector<float>(n + 2, 0, 1));
    Array<float> y = on_device(random_vector<float>(n + 3, 0, 1));
    try {
        ek::squared_diff(x, y);
        FAIL() << "a shape mismatch must throw";
    } catch (const gpucc::ShapeError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "squared_diff: cannot broadcast y of shape (" + std::to_string(n + 3) +
                      ",) with x of shape (" + std::to_string(n + 2) + ",): axis -1 has extent " +
                      std::to_string(n + 3) + " in y and " + std::to_string(n + 2) + " in x");
    }
}

// 0 and 1; around the vector widths (GPU: 4 floats, 2 doubles; host: 4 or 8 floats, 2 or 4
// doubles, and LLVM interleaves two to four vectors); odd sizes; over a million.
INSTANTIATE_TEST_SUITE_P(Sizes, ElementwiseKernels,
                         ::testing::Values(0, 1, 2, 3, 4, 5, 7, 8, 9, 17, 31, 32, 33, 63, 65, 1000,
                                           4097, (1 << 20) + 1));

} // namespace
