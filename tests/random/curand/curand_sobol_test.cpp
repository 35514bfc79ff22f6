// cuRAND's Sobol generators through QuasiGenerator: the first points against an independent
// construction from Joe and Kuo's direction numbers (new-joe-kuo-6.21201, the table cuRAND
// names: S. Joe and F. Y. Kuo, "Constructing Sobol sequences with better two-dimensional
// projections", SIAM J. Sci. Comput. 30, 2008) in Gray-code order; the 64-bit generator's
// top bits against the 32-bit one; stratification of the first 2^m points (every 1-D
// projection, and the first two dimensions as a (0, m, 2)-net), scrambled variants included;
// skip-ahead against a longer draw; the same points on both targets.
#include "support/device_under_test.h"

#include <cstdint>
#include <gpucc/random/quasi.h>
#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::NDArray;
using gpucc::random::QuasiGenerator;
using gpucc::random::QuasiMethod;

// Rows d = 2..10 of new-joe-kuo-6.21201: degree s, coefficients a, initial m_1..m_s.
struct JoeKuoRow {
    int s;
    unsigned a;
    std::vector<std::uint32_t> m;
};
const std::vector<JoeKuoRow> kJoeKuo = {
    {1, 0, {1}},
    {2, 1, {1, 3}},
    {3, 1, {1, 3, 1}},
    {3, 2, {1, 1, 1}},
    {4, 1, {1, 1, 3, 3}},
    {4, 4, {1, 3, 5, 13}},
    {5, 2, {1, 1, 5, 5, 17}},
    {5, 4, {1, 1, 5, 5, 5}},
    {5, 7, {1, 1, 7, 11, 19}},
};
constexpr int kDims = 10;

// Direction numbers v_1..v_32 of dimension `dim` (0-based; dimension 0 is van der Corput's).
std::vector<std::uint32_t> direction_numbers(int dim) {
    std::vector<std::uint32_t> v(33, 0);
    if (dim == 0) {
        for (int k = 1; k <= 32; ++k) {
            v[k] = std::uint32_t{1} << (32 - k);
        }
        return v;
    }
    const JoeKuoRow& row = kJoeKuo[static_cast<std::size_t>(dim - 1)];
    for (int k = 1; k <= 32; ++k) {
        if (k <= row.s) {
            v[k] = row.m[static_cast<std::size_t>(k - 1)] << (32 - k);
            continue;
        }
        std::uint32_t value = v[k - row.s] ^ (v[k - row.s] >> row.s);
        for (int i = 1; i < row.s; ++i) {
            if (((row.a >> (row.s - 1 - i)) & 1U) != 0) {
                value ^= v[k - i];
            }
        }
        v[k] = value;
    }
    return v;
}

// Points 0..n-1 in Gray-code order: x_n = x_{n-1} ^ v_c, c the lowest zero bit of n - 1.
std::vector<std::uint32_t> reference_points(int dim, int n) {
    const std::vector<std::uint32_t> v = direction_numbers(dim);
    std::vector<std::uint32_t> x(static_cast<std::size_t>(n), 0);
    for (int i = 1; i < n; ++i) {
        int c = 1;
        for (unsigned value = static_cast<unsigned>(i - 1); (value & 1U) != 0; value >>= 1) {
            ++c;
        }
        x[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(i - 1)] ^ v[c];
    }
    return x;
}

template <class T>
std::vector<T> host_values(const NDArray& array) {
    std::vector<T> values(static_cast<std::size_t>(array.size()));
    array.copy_to_host(values.data());
    return values;
}

TEST(CurandSobol, FirstPointsAreJoeKuos) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr int kPoints = 300;
    QuasiGenerator sobol(QuasiMethod::Sobol32, kDims, gpucc_test::device_under_test());
    const NDArray points = sobol.integers(kPoints);
    ASSERT_EQ(points.shape(), (gpucc::Shape{kPoints, kDims}));
    ASSERT_EQ(points.dtype(), DType::UInt32);
    const auto got = host_values<std::uint32_t>(points);
    for (int d = 0; d < kDims; ++d) {
        const std::vector<std::uint32_t> expected = reference_points(d, kPoints);
        for (int i = 0; i < kPoints; ++i) {
            ASSERT_EQ(got[static_cast<std::size_t>(i * kDims + d)],
                      expected[static_cast<std::size_t>(i)])
                << "point " << i << " dimension " << d;
        }
    }
    EXPECT_EQ(sobol.position(), static_cast<std::uint64_t>(kPoints));
}

TEST(CurandSobol, Sobol64TopBitsAreSobol32) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    const auto narrow =
        host_values<std::uint32_t>(QuasiGenerator(QuasiMethod::Sobol32, 6, device).integers(256));
    const NDArray wide_points = QuasiGenerator(QuasiMethod::Sobol64, 6, device).integers(256);
    ASSERT_EQ(wide_points.dtype(), DType::UInt64);
    const auto wide = host_values<std::uint64_t>(wide_points);
    for (std::size_t k = 0; k < narrow.size(); ++k) {
        ASSERT_EQ(static_cast<std::uint32_t>(wide[k] >> 32), narrow[k]) << "value " << k;
    }
}

TEST(CurandSobol, FirstPowerOfTwoPointsAreStratified) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    constexpr int kPoints = 1024;
    for (QuasiMethod method : {QuasiMethod::Sobol32, QuasiMethod::ScrambledSobol32,
                               QuasiMethod::Sobol64, QuasiMethod::ScrambledSobol64}) {
        SCOPED_TRACE(static_cast<int>(method));
        QuasiGenerator sobol(method, kDims, gpucc_test::device_under_test());
        const auto u = host_values<double>(sobol.random(kPoints, DType::Float64));
        for (int d = 0; d < kDims; ++d) {
            std::set<int> cells;
            for (int i = 0; i < kPoints; ++i) {
                const double x = u[static_cast<std::size_t>(i * kDims + d)];
                ASSERT_GT(x, 0.0);
                ASSERT_LT(x, 1.0);
                cells.insert(static_cast<int>(x * kPoints));
            }
            EXPECT_EQ(cells.size(), static_cast<std::size_t>(kPoints)) << "dimension " << d;
        }
        std::set<int> squares; // dimensions 0 and 1 on a 32 x 32 grid: one point per square
        for (int i = 0; i < kPoints; ++i) {
            const auto row = static_cast<int>(u[static_cast<std::size_t>(i * kDims)] * 32);
            const auto col = static_cast<int>(u[static_cast<std::size_t>(i * kDims + 1)] * 32);
            squares.insert(row * 32 + col);
        }
        EXPECT_EQ(squares.size(), static_cast<std::size_t>(kPoints));
    }
}

TEST(CurandSobol, SeekSkipsAhead) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    for (QuasiMethod method : {QuasiMethod::Sobol32, QuasiMethod::ScrambledSobol64}) {
        QuasiGenerator whole(method, 5, device);
        const auto all = host_values<float>(whole.random(100, DType::Float32));
        QuasiGenerator skipped(method, 5, device);
        skipped.seek(37);
        const auto tail = host_values<float>(skipped.random(63, DType::Float32));
        ASSERT_EQ(tail.size(), 63U * 5U);
        for (std::size_t k = 0; k < tail.size(); ++k) {
            ASSERT_EQ(tail[k], all[37 * 5 + k]) << "value " << k;
        }
        // Two draws continue where the first stopped.
        QuasiGenerator twice(method, 5, device);
        const auto first = host_values<float>(twice.random(40, DType::Float32));
        const auto second = host_values<float>(twice.random(60, DType::Float32));
        EXPECT_EQ(first[5], all[5]);
        EXPECT_EQ(second[0], all[40 * 5]);
        EXPECT_EQ(second.back(), all.back());
        // sobol() is the one-call form.
        const auto direct =
            host_values<float>(gpucc::random::sobol(63, 5, DType::Float32, method, 37, device));
        EXPECT_EQ(direct, tail);
    }
}

} // namespace
