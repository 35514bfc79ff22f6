// astype, copy and ascontiguousarray against conversions computed here with plain C++, for all
// 169 pairs of element types and every size: NaN, infinities, negative zero and values beyond the
// destination's range included. The reference states the documented rules independently of the
// kernels (runtime/src/stdlib/kernels/conversion.dsl): bool is "nonzero", integers wrap, floats
// truncate toward zero with NaN -> 0 and saturation, floating destinations round once to nearest.
#include "stdlib_test_support.h"

#include <cmath>
#include <limits>
#include <vector>

namespace stdlib_test {
namespace {

template <class D, class S>
D reference_convert(S value) {
    if constexpr (std::is_same_v<D, bool>) {
        return kIsFloat<S> ? as_double(value) != 0.0 || is_nan(value) : value != S(0);
    } else if constexpr (kIsInteger<D>) {
        if constexpr (!kIsFloat<S>) {
            return static_cast<D>(value); // modular since C++20
        } else {
            const double v = as_double(value);
            if (std::isnan(v)) {
                return D(0);
            }
            const double truncated = std::trunc(v);
            if (truncated <= static_cast<double>(std::numeric_limits<D>::min())) {
                return std::numeric_limits<D>::min();
            }
            // 2^bits (or 2^(bits-1)) as a double: the first value that does not fit.
            const double limit = std::ldexp(1.0, std::numeric_limits<D>::digits);
            if (truncated >= limit) {
                return std::numeric_limits<D>::max();
            }
            return static_cast<D>(truncated);
        }
    } else if constexpr (kIsHalf<D>) {
        if constexpr (kIsHalf<S>) {
            return D(static_cast<float>(value));
        } else {
            return D(value); // rounds once from the source value
        }
    } else {
        if constexpr (kIsHalf<S>) {
            return static_cast<D>(static_cast<float>(value));
        } else {
            return static_cast<D>(value);
        }
    }
}

class Conversion : public ::testing::TestWithParam<std::int64_t> {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }
};

TEST_P(Conversion, EveryPairOfTypes) {
    const std::int64_t n = GetParam();
    std::mt19937_64 rng(77 + static_cast<unsigned>(n));
    for_each_type(AllTypes{}, [&]<class S>() {
        // Floats spread past every integer range; integers over their whole range.
        std::vector<S> source_values =
            random_values<S>(rng, n, kIsFloat<S> ? (kIsHalf<S> ? 60000.0 : 1e12) : 0.0);
        if constexpr (kIsFloat<S>) {
            // Every other value at a random magnitude from 2^-30 to 2^40, so that narrowing
            // conversions meet values with bits to round at every scale.
            std::uniform_int_distribution<int> exponent(-30, 40);
            std::uniform_real_distribution<double> mantissa(-1, 1);
            for (std::size_t i = 0; i < source_values.size(); i += 2) {
                if (i % 3 != 1) { // leave the special values in place
                    source_values[i] = static_cast<S>(std::ldexp(mantissa(rng), exponent(rng)));
                }
            }
        }
        const Array<S> source = to_device(source_values);
        for_each_type(AllTypes{}, [&]<class D>() {
            SCOPED_TRACE(type_name<S>() + " -> " + type_name<D>());
            std::vector<D> want(n);
            for (std::int64_t i = 0; i < n; ++i) {
                want[i] = reference_convert<D, S>(source_values[i]);
            }
            const Array<D> typed = source.template astype<D>();
            EXPECT_TRUE(same_values(typed.to_host(), want));
            const NDArray untyped = source.astype(gpucc::dtype_of<D>());
            EXPECT_EQ(untyped.dtype(), gpucc::dtype_of<D>());
            EXPECT_TRUE(same_values(untyped.as<D>().to_host(), want));
        });
    });
}

TEST_P(Conversion, FloatToIntegerEdges) {
    const std::int64_t n = GetParam();
    if (n < 8) {
        GTEST_SKIP() << "needs 8 elements";
    }
    std::vector<double> values(n, 1.0);
    const double edges[] = {std::nan(""),
                            -std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::infinity(),
                            2147483647.9,
                            2147483648.0,
                            -2147483648.9,
                            -2147483649.0,
                            -0.99};
    std::copy(std::begin(edges), std::end(edges), values.begin());
    const std::vector<std::int32_t> got = to_device(values).astype<std::int32_t>().to_host();
    const std::int32_t kMin = std::numeric_limits<std::int32_t>::min();
    const std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
    const std::vector<std::int32_t> want_prefix = {0, kMin, kMax, kMax, kMax, kMin, kMin, 0};
    EXPECT_TRUE(same_values(std::vector<std::int32_t>(got.begin(), got.begin() + 8), want_prefix));
    const std::vector<std::uint8_t> bytes = to_device(values).astype<std::uint8_t>().to_host();
    EXPECT_TRUE(same_values(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 8),
                            std::vector<std::uint8_t>{0, 0, 255, 255, 255, 0, 0, 0}));
}

// Integers whose float32 rounding lands exactly halfway between two bfloat16 values: rounding
// twice (to float32, then to bfloat16) picks the even neighbour below, rounding once goes up.
TEST_P(Conversion, IntegersRoundOnceToBfloat16) {
    const std::int64_t n = GetParam();
    std::vector<std::int32_t> values(n, 1);
    const std::int32_t edges[] = {(1 << 30) + (1 << 22) + 1, -((1 << 30) + (1 << 22) + 1),
                                  (1 << 24) + (1 << 16) + 1};
    for (std::int64_t i = 0; i < n; ++i) {
        values[i] = edges[i % 3];
    }
    std::vector<bfloat16> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = bfloat16(values[i]);
    }
    EXPECT_TRUE(same_values(to_device(values).astype<bfloat16>().to_host(), want));
    std::vector<std::int64_t> wide(values.begin(), values.end());
    EXPECT_TRUE(same_values(to_device(wide).astype<bfloat16>().to_host(), want));
}

TEST_P(Conversion, CopyIsNewAndEqual) {
    const std::int64_t n = GetParam();
    std::mt19937_64 rng(5);
    for_each_type(AllTypes{}, [&]<class T>() {
        SCOPED_TRACE(type_name<T>());
        const std::vector<T> values = random_values<T>(rng, n);
        const Array<T> original = to_device(values);
        const Array<T> duplicate = original.copy();
        EXPECT_TRUE(same_values(duplicate.to_host(), values));
        if (n > 0) {
            EXPECT_NE(duplicate.data(), original.data());
        }
        const NDArray untyped = original.ndarray().copy();
        EXPECT_TRUE(same_values(untyped.as<T>().to_host(), values));
        // astype to the same type copies unless told not to.
        if (n > 0) {
            EXPECT_NE(original.ndarray().astype(gpucc::dtype_of<T>()).data(), original.data());
        }
        EXPECT_EQ(original.ndarray().astype(gpucc::dtype_of<T>(), false).data(), original.data());
    });
    // A 2-d array keeps its shape.
    const Array<float> matrix = gpucc::full<float>({3, n}, 1.5, device_under_test());
    EXPECT_EQ(matrix.copy().shape(), matrix.shape());
    EXPECT_EQ(matrix.astype<double>().shape(), matrix.shape());
}

INSTANTIATE_TEST_SUITE_P(Sizes, Conversion, ::testing::ValuesIn(kSizes));

} // namespace
} // namespace stdlib_test
