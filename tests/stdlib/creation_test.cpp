// Array creation (gpucc/stdlib/creation.h) against values computed here on the host: zeros, ones,
// full over every element type and size, arange's length rule and elements (NumPy's
// first/second/delta scheme, integer wrap-around, the float length quirk), linspace's formula with
// and without the endpoint and for integer dtypes, eye with diagonal offsets, and the *_like forms.
#include "stdlib_test_support.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace stdlib_test {
namespace {

class Creation : public ::testing::TestWithParam<std::int64_t> {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }
};

TEST_P(Creation, ZerosOnesFullEveryType) {
    const std::int64_t n = GetParam();
    for_each_type(AllTypes{}, [&]<class T>() {
        SCOPED_TRACE(type_name<T>());
        const Array<T> zero = gpucc::zeros<T>({n}, device_under_test());
        EXPECT_EQ(zero.device(), device_under_test());
        EXPECT_EQ(zero.shape(), gpucc::Shape{n});
        EXPECT_TRUE(same_values(zero.to_host(), std::vector<T>(n, T(0))));
        EXPECT_TRUE(same_values(gpucc::ones<T>({n}, device_under_test()).to_host(),
                                std::vector<T>(n, T(1))));
        const T seven = T(7);
        EXPECT_TRUE(same_values(gpucc::full<T>({2, n}, 7, device_under_test()).to_host(),
                                std::vector<T>(2 * n, seven)));
        // Untyped, with the dtype at run time.
        const NDArray untyped = gpucc::full({n, 2}, 7, gpucc::dtype_of<T>(), device_under_test());
        EXPECT_EQ(untyped.dtype(), gpucc::dtype_of<T>());
        EXPECT_TRUE(same_values(untyped.as<T>().to_host(), std::vector<T>(2 * n, seven)));
    });
}

TEST_P(Creation, FullConvertsByNumPyRules) {
    const std::int64_t n = GetParam();
    // A float fill value truncates toward zero for integers; negative zero survives for floats.
    EXPECT_TRUE(same_values(gpucc::full<std::int32_t>({n}, -2.75, device_under_test()).to_host(),
                            std::vector<std::int32_t>(n, -2)));
    EXPECT_TRUE(same_values(gpucc::full<float>({n}, -0.0, device_under_test()).to_host(),
                            std::vector<float>(n, -0.0f)));
    EXPECT_TRUE(same_values(gpucc::full<bool>({n}, 0.5, device_under_test()).to_host(),
                            std::vector<bool>(n, true)));
    EXPECT_TRUE(same_values(gpucc::full<float16>({n}, 65519.0, device_under_test()).to_host(),
                            std::vector<float16>(n, float16(65504.0f))));
    // Default dtypes: NumPy's for Python scalars of each kind.
    EXPECT_EQ(gpucc::full({n}, 3, device_under_test()).dtype(), DType::Int64);
    EXPECT_EQ(gpucc::full({n}, 3.0f, device_under_test()).dtype(), DType::Float64);
    EXPECT_EQ(gpucc::full({n}, true, device_under_test()).dtype(), DType::Bool);
    EXPECT_EQ(gpucc::full({n}, 18446744073709551615ULL, device_under_test()).dtype(),
              DType::UInt64);
    EXPECT_EQ(gpucc::zeros({n}, DType::Float64, device_under_test()).dtype(), DType::Float64);
}

TEST_P(Creation, IntegerArange) {
    const std::int64_t n = GetParam();
    const NDArray counting = gpucc::arange(n, device_under_test());
    EXPECT_EQ(counting.dtype(), DType::Int64);
    std::vector<std::int64_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = i;
    }
    EXPECT_TRUE(same_values(counting.as<std::int64_t>().to_host(), want));

    // Every integer type, negative steps, lengths that do not divide evenly.
    for_each_type(IntegerTypes{}, [&]<class T>() {
        SCOPED_TRACE(type_name<T>());
        struct Case {
            long long start, stop, step;
        };
        // Bounds that fit the narrowest types; the elements past 127 wrap in int8.
        const long long m = sizeof(T) == 1 ? std::min<long long>(n, 40) : n;
        const Case cases[] = {{0, n, 1},          {3, 3 + 3 * m, 3}, {5, 5 + m, 2}, {m, 0, -1},
                              {7, 7 - 2 * m, -3}, {0, 5, -1},        {10, 10, 4}};
        for (const Case& c : cases) {
            if constexpr (std::is_unsigned_v<T>) {
                if (c.start < 0 || c.stop < -1) {
                    continue;
                }
            }
            const long long delta = c.stop - c.start;
            long long length = 0;
            if (delta != 0 && (delta > 0) == (c.step > 0)) {
                length = (std::llabs(delta) + std::llabs(c.step) - 1) / std::llabs(c.step);
            }
            std::vector<T> expected(length);
            for (long long i = 0; i < length; ++i) {
                // Modular arithmetic in T, as NumPy's fill does.
                expected[i] = static_cast<T>(static_cast<unsigned long long>(c.start) +
                                             static_cast<unsigned long long>(i) *
                                                 static_cast<unsigned long long>(c.step));
            }
            const Array<T> got = gpucc::arange<T>(static_cast<long long>(c.start), c.stop, c.step,
                                                  device_under_test());
            EXPECT_TRUE(same_values(got.to_host(), expected))
                << "arange(" << c.start << ", " << c.stop << ", " << c.step << ")";
        }
    });
}

TEST_P(Creation, FloatingArange) {
    const std::int64_t n = GetParam();
    for_each_type(FloatTypes{}, [&]<class T>() {
        SCOPED_TRACE(type_name<T>());
        const double start = -1.25;
        const double step = 0.375;
        const double stop = start + step * static_cast<double>(n);
        const Array<T> got = gpucc::arange<T>(start, stop, step, device_under_test());
        ASSERT_EQ(got.size(), n);
        // NumPy: the first two elements converted to T, the rest first + i * (second - first)
        // computed in T (float32 for the 16-bit types).
        const T first = static_cast<T>(start);
        const T second = static_cast<T>(start + step);
        std::vector<T> want(n);
        for (std::int64_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, double>) {
                want[i] = i == 0 ? first : (i == 1 ? second : first + double(i) * (second - first));
            } else {
                const float delta = float(second) - float(first);
                want[i] = i == 0
                              ? first
                              : (i == 1 ? second : static_cast<T>(float(first) + float(i) * delta));
            }
        }
        // A fused multiply-add may round once where the reference rounds twice.
        EXPECT_TRUE(close_values(got.to_host(), want, 1e-6, 1e-6));
    });
    // Default dtype and NumPy's length rule: ceil((stop - start) / step) in float64.
    const NDArray tenths = gpucc::arange(1.0, 1.3, 0.1, device_under_test());
    EXPECT_EQ(tenths.dtype(), DType::Float64);
    EXPECT_EQ(tenths.size(), 4); // (1.3 - 1) / 0.1 = 3.0000000000000004
    EXPECT_EQ(gpucc::arange(0.5, 0.8, 0.1, device_under_test()).size(), 4); // 3.0000000000000004
    EXPECT_EQ(gpucc::arange(0.0, 0.3, 0.1, device_under_test()).size(), 3); // 2.9999999999999996
    EXPECT_EQ(gpucc::arange(0.0, 1e-320, 1.0, device_under_test()).size(), 1);
    EXPECT_EQ(gpucc::arange(0.0, -1e-320, 1.0, device_under_test()).size(), 0);
    EXPECT_EQ(gpucc::arange(0, 10, 2.5, device_under_test()).dtype(), DType::Float64);
}

TEST_P(Creation, Linspace) {
    const std::int64_t n = GetParam();
    for (bool endpoint : {true, false}) {
        for_each_type(FloatTypes{}, [&]<class T>() {
            SCOPED_TRACE(type_name<T>() + (endpoint ? " with endpoint" : " without endpoint"));
            const double start = -3.0;
            const double stop = 7.5;
            const Array<T> got = gpucc::linspace<T>(start, stop, n, endpoint, device_under_test());
            const std::int64_t div = endpoint ? n - 1 : n;
            std::vector<T> want(n);
            for (std::int64_t i = 0; i < n; ++i) {
                const double step = div > 0 ? (stop - start) / double(div) : 0.0;
                double v = double(i) * step + start;
                if (endpoint && n > 1 && i == n - 1) {
                    v = stop;
                }
                want[i] = static_cast<T>(v);
            }
            EXPECT_TRUE(close_values(got.to_host(), want, 4e-16, 4e-15));
        });
    }
    // Exact cases, and a first element equal to start even for one sample.
    EXPECT_TRUE(same_values(gpucc::linspace<double>(0, 1, 5, true, device_under_test()).to_host(),
                            std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    EXPECT_TRUE(same_values(gpucc::linspace<double>(0, 1, 4, false, device_under_test()).to_host(),
                            std::vector<double>{0, 0.25, 0.5, 0.75}));
    EXPECT_TRUE(same_values(gpucc::linspace<double>(2, 9, 1, true, device_under_test()).to_host(),
                            std::vector<double>{2}));
    // Integer dtypes take the floor (NumPy 2), the last element floor(stop).
    EXPECT_TRUE(same_values(
        gpucc::linspace<std::int32_t>(-3.5, 3.5, 8, true, device_under_test()).to_host(),
        std::vector<std::int32_t>{-4, -3, -2, -1, 0, 1, 2, 3}));
    EXPECT_TRUE(
        same_values(gpucc::linspace<std::uint8_t>(0, 255, 4, true, device_under_test()).to_host(),
                    std::vector<std::uint8_t>{0, 85, 170, 255}));
    EXPECT_TRUE(same_values(gpucc::linspace<bool>(0, 1, 3, true, device_under_test()).to_host(),
                            std::vector<bool>{false, true, true}));
    EXPECT_EQ(gpucc::linspace(0, 1, n, true, DType::Float64, device_under_test()).dtype(),
              DType::Float64);
}

TEST_P(Creation, Eye) {
    const std::int64_t n = GetParam();
    for_each_type(AllTypes{}, [&]<class T>() {
        SCOPED_TRACE(type_name<T>());
        for (std::int64_t k : {0LL, 2LL, -3LL}) {
            const std::int64_t columns = n / 2 + 3;
            const Array<T> got = gpucc::eye<T>(n, columns, k, device_under_test());
            EXPECT_EQ(got.shape(), (gpucc::Shape{n, columns}));
            std::vector<T> want(n * columns);
            for (std::int64_t r = 0; r < n; ++r) {
                for (std::int64_t c = 0; c < columns; ++c) {
                    want[r * columns + c] = T(c - r == k ? 1 : 0);
                }
            }
            EXPECT_TRUE(same_values(got.to_host(), want)) << "k = " << k;
        }
    });
    EXPECT_EQ(gpucc::eye(n, std::nullopt, 0, DType::Float64, device_under_test()).shape(),
              (gpucc::Shape{n, n}));
}

TEST_P(Creation, LikeForms) {
    const std::int64_t n = GetParam();
    const Array<float> prototype = gpucc::full<float>({n, 3}, 2.5, device_under_test());
    const Array<float> zeros = gpucc::zeros_like(prototype);
    EXPECT_EQ(zeros.shape(), prototype.shape());
    EXPECT_EQ(zeros.device(), prototype.device());
    EXPECT_TRUE(same_values(zeros.to_host(), std::vector<float>(3 * n, 0.0f)));
    EXPECT_TRUE(same_values(gpucc::ones_like(prototype).to_host(), std::vector<float>(3 * n, 1)));
    EXPECT_TRUE(
        same_values(gpucc::full_like(prototype, -4).to_host(), std::vector<float>(3 * n, -4)));
    EXPECT_EQ(gpucc::empty_like(prototype).shape(), prototype.shape());
    const NDArray as_int = gpucc::full_like(prototype, 9.75, DType::Int16);
    EXPECT_EQ(as_int.dtype(), DType::Int16);
    EXPECT_TRUE(
        same_values(as_int.as<std::int16_t>().to_host(), std::vector<std::int16_t>(3 * n, 9)));
    EXPECT_EQ(gpucc::empty_like(prototype, DType::UInt8).dtype(), DType::UInt8);
    EXPECT_EQ(gpucc::zeros_like(prototype, DType::Bool).dtype(), DType::Bool);
    // A contiguous array is its own contiguous form: same buffer, no copy.
    EXPECT_EQ(gpucc::ascontiguousarray(prototype).data(), prototype.data());
}

INSTANTIATE_TEST_SUITE_P(Sizes, Creation, ::testing::ValuesIn(kSizes));

} // namespace
} // namespace stdlib_test
