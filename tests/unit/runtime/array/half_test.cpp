// float16 and bfloat16 against references written independently of the runtime's bit tricks:
// decoding by the formula (sign, exponent, fraction), encoding by searching the sorted table of
// every finite value and comparing with the exact midpoints (ties to even). Exhaustive where it
// is cheap (all 65536 patterns), dense around every rounding boundary, random elsewhere.
#include "gpucc/array/half.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

namespace {

using gpucc::bfloat16;
using gpucc::float16;

// The value of a 16-bit pattern of a format with E exponent and M fraction bits, by the formula.
template <int E, int M>
double reference_decode(std::uint16_t bits) {
    const int bias = (1 << (E - 1)) - 1;
    const bool negative = (bits >> (E + M)) != 0;
    const int field = (bits >> M) & ((1 << E) - 1);
    const int fraction = bits & ((1 << M) - 1);
    double value = 0;
    if (field == (1 << E) - 1) {
        value = fraction == 0 ? std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::quiet_NaN();
    } else if (field == 0) {
        value = std::ldexp(static_cast<double>(fraction), 1 - bias - M);
    } else {
        value = std::ldexp(1.0 + std::ldexp(static_cast<double>(fraction), -M), field - bias);
    }
    return negative ? -value : value;
}

// Every non-negative finite value of the format in increasing order (index == bit pattern),
// followed by infinity.
template <int E, int M>
std::vector<double> positive_table() {
    std::vector<double> table;
    const std::uint16_t infinity = static_cast<std::uint16_t>(((1 << E) - 1) << M);
    for (std::uint32_t bits = 0; bits <= infinity; ++bits) {
        table.push_back(reference_decode<E, M>(static_cast<std::uint16_t>(bits)));
    }
    return table;
}

// Round `x` (not NaN) to the format by the table: nearest, ties to the even pattern, and beyond
// the largest finite value by half its last place, infinity.
template <int E, int M>
std::uint16_t reference_encode(double x, const std::vector<double>& table) {
    const std::uint16_t sign = std::signbit(x) ? static_cast<std::uint16_t>(1U << (E + M)) : 0;
    const double magnitude = std::fabs(x);
    const std::size_t infinity = table.size() - 1;
    const double largest = table[infinity - 1];
    const double overflow = largest + (largest - table[infinity - 2]) / 2;
    if (magnitude >= overflow) {
        return static_cast<std::uint16_t>(sign | infinity);
    }
    // First entry >= magnitude.
    const auto upper = static_cast<std::size_t>(
        std::lower_bound(table.begin(), table.begin() + static_cast<long>(infinity), magnitude) -
        table.begin());
    if (upper == infinity) { // between largest and the overflow point
        return static_cast<std::uint16_t>(sign | (infinity - 1));
    }
    if (table[upper] == magnitude || upper == 0) {
        return static_cast<std::uint16_t>(sign | upper);
    }
    const std::size_t lower = upper - 1;
    const double midpoint = (table[lower] + table[upper]) / 2; // exact in double
    std::size_t chosen = 0;
    if (magnitude < midpoint) {
        chosen = lower;
    } else if (magnitude > midpoint) {
        chosen = upper;
    } else {
        chosen = (lower % 2 == 0) ? lower : upper;
    }
    return static_cast<std::uint16_t>(sign | chosen);
}

template <class H>
bool is_nan_bits(std::uint16_t bits) {
    return H::from_bits(bits).is_nan();
}

TEST(Float16, LayoutMatchesCuda) {
    static_assert(sizeof(float16) == 2 && alignof(float16) == 2);
    static_assert(std::is_trivially_copyable_v<float16>);
    static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>);
    EXPECT_EQ(float16(1.0F).bits(), 0x3C00);
    EXPECT_EQ(bfloat16(1.0F).bits(), 0x3F80);
}

TEST(Float16, DecodesAllPatternsExactly) {
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const auto h = static_cast<std::uint16_t>(bits);
        const double expected = reference_decode<5, 10>(h);
        const float actual = float16::from_bits(h);
        if (std::isnan(expected)) {
            ASSERT_TRUE(std::isnan(actual)) << std::hex << bits;
            ASSERT_EQ(std::signbit(actual), (bits & 0x8000) != 0) << std::hex << bits;
        } else {
            ASSERT_EQ(static_cast<double>(actual), expected) << std::hex << bits;
            ASSERT_EQ(std::signbit(actual), std::signbit(expected)) << std::hex << bits;
        }
    }
}

TEST(BFloat16, DecodesAllPatternsExactly) {
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const auto h = static_cast<std::uint16_t>(bits);
        const double expected = reference_decode<8, 7>(h);
        const float actual = bfloat16::from_bits(h);
        if (std::isnan(expected)) {
            ASSERT_TRUE(std::isnan(actual)) << std::hex << bits;
        } else {
            ASSERT_EQ(static_cast<double>(actual), expected) << std::hex << bits;
            // bfloat16 is the top half of a float32.
            ASSERT_EQ(std::bit_cast<std::uint32_t>(actual), bits << 16) << std::hex << bits;
        }
    }
}

TEST(Float16, RoundTripsAllPatterns) {
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const auto h = static_cast<std::uint16_t>(bits);
        const float16 via_float(static_cast<float>(float16::from_bits(h)));
        const float16 via_double(static_cast<double>(static_cast<float>(float16::from_bits(h))));
        if (is_nan_bits<float16>(h)) {
            ASSERT_TRUE(via_float.is_nan()) << std::hex << bits;
            ASSERT_TRUE(via_double.is_nan()) << std::hex << bits;
            ASSERT_EQ(via_float.bits() & 0x8000, h & 0x8000) << std::hex << bits;
        } else {
            ASSERT_EQ(via_float.bits(), h) << std::hex << bits;
            ASSERT_EQ(via_double.bits(), h) << std::hex << bits;
        }
    }
}

TEST(BFloat16, RoundTripsAllPatterns) {
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const auto h = static_cast<std::uint16_t>(bits);
        const bfloat16 back(static_cast<float>(bfloat16::from_bits(h)));
        if (is_nan_bits<bfloat16>(h)) {
            ASSERT_TRUE(back.is_nan()) << std::hex << bits;
        } else {
            ASSERT_EQ(back.bits(), h) << std::hex << bits;
        }
    }
}

// Every midpoint between neighbours (ties), and the doubles and floats just beside it.
template <class H, int E, int M>
void check_boundaries() {
    const std::vector<double> table = positive_table<E, M>();
    for (std::size_t i = 0; i + 1 < table.size(); ++i) {
        double midpoint = (table[i] + table[i + 1]) / 2;
        if (std::isinf(table[i + 1])) {
            midpoint = table[i] + (table[i] - table[i - 1]) / 2; // the overflow point
        }
        for (const double sign : {1.0, -1.0}) {
            const double points[] = {
                sign * midpoint,
                sign * std::nextafter(midpoint, 0.0),
                sign * std::nextafter(midpoint, 1e300),
                sign * table[i],
            };
            for (const double x : points) {
                const std::uint16_t expected = (reference_encode<E, M>)(x, table);
                ASSERT_EQ(H(x).bits(), expected) << "double " << x;
                const auto f = static_cast<float>(x);
                ASSERT_EQ(H(f).bits(), (reference_encode<E, M>)(f, table)) << "float " << f;
            }
            const float f = static_cast<float>(sign * midpoint);
            for (const float g : {std::nextafter(f, 0.0F), std::nextafter(f, 1e30F)}) {
                ASSERT_EQ(H(g).bits(), (reference_encode<E, M>)(g, table)) << "float " << g;
            }
        }
    }
}

TEST(Float16, RoundsToNearestEvenAtEveryBoundary) {
    check_boundaries<float16, 5, 10>();
}
TEST(BFloat16, RoundsToNearestEvenAtEveryBoundary) {
    check_boundaries<bfloat16, 8, 7>();
}

template <class H, int E, int M>
void check_random_floats() {
    const std::vector<double> table = positive_table<E, M>();
    std::mt19937 rng(12345);
    std::uniform_int_distribution<std::uint32_t> any_bits;
    for (int i = 0; i < 1'000'000; ++i) {
        const float x = std::bit_cast<float>(any_bits(rng));
        if (std::isnan(x)) {
            ASSERT_TRUE(H(x).is_nan());
            continue;
        }
        ASSERT_EQ(H(x).bits(), (reference_encode<E, M>)(x, table)) << x;
    }
    std::uniform_int_distribution<std::uint64_t> any_double_bits;
    for (int i = 0; i < 200'000; ++i) {
        const double x = std::bit_cast<double>(any_double_bits(rng));
        if (std::isnan(x)) {
            ASSERT_TRUE(H(x).is_nan());
            continue;
        }
        ASSERT_EQ(H(x).bits(), (reference_encode<E, M>)(x, table)) << x;
    }
    std::uniform_real_distribution<double> moderate(-70000.0, 70000.0);
    for (int i = 0; i < 200'000; ++i) {
        const double x = moderate(rng);
        ASSERT_EQ(H(x).bits(), (reference_encode<E, M>)(x, table)) << x;
    }
}

TEST(Float16, MatchesReferenceOnRandomValues) {
    check_random_floats<float16, 5, 10>();
}
TEST(BFloat16, MatchesReferenceOnRandomValues) {
    check_random_floats<bfloat16, 8, 7>();
}

#if defined(__FLT16_MAX__)
// The compiler's own _Float16 conversion is a second, unrelated reference.
TEST(Float16, MatchesCompilerFloat16) {
    for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFULL; bits += 4099) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        const auto expected = std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
        if (std::isnan(x)) {
            ASSERT_TRUE(float16(x).is_nan());
        } else {
            ASSERT_EQ(float16(x).bits(), expected) << x;
        }
    }
}
#endif

TEST(Float16, SpecialValues) {
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(float16(inf).bits(), 0x7C00);
    EXPECT_EQ(float16(-inf).bits(), 0xFC00);
    EXPECT_EQ(float16(65504.0F).bits(), 0x7BFF);
    EXPECT_EQ(float16(65519.0F).bits(), 0x7BFF); // below the overflow point
    EXPECT_EQ(float16(65520.0F).bits(), 0x7C00); // the tie rounds to even: infinity
    EXPECT_EQ(float16(-0.0F).bits(), 0x8000);
    EXPECT_EQ(float16(std::ldexp(1.0F, -24)).bits(), 0x0001); // smallest subnormal
    EXPECT_EQ(float16(std::ldexp(1.0F, -25)).bits(), 0x0000); // tie to even: zero
    EXPECT_EQ(float16(std::nextafter(std::ldexp(1.0F, -25), 1.0F)).bits(), 0x0001);
    const float16 nan(std::numeric_limits<float>::quiet_NaN());
    EXPECT_TRUE(nan.is_nan());
    EXPECT_FALSE(nan == nan);
    EXPECT_TRUE(nan != nan);
    const float16 negative_nan(-std::numeric_limits<double>::quiet_NaN());
    EXPECT_TRUE(negative_nan.is_nan());
    EXPECT_EQ(negative_nan.bits() & 0x8000, 0x8000);
    // A signalling NaN stays a NaN (quietened), never becomes infinity.
    EXPECT_TRUE(float16(std::numeric_limits<float>::signaling_NaN()).is_nan());
    EXPECT_TRUE(bfloat16(std::numeric_limits<float>::signaling_NaN()).is_nan());
    EXPECT_EQ(bfloat16(inf).bits(), 0x7F80);
    EXPECT_EQ(bfloat16(std::numeric_limits<float>::max()).bits(), 0x7F80); // rounds up: inf
    EXPECT_EQ(bfloat16(std::numeric_limits<double>::max()).bits(), 0x7F80);
}

TEST(Float16, ConvertsIntegersExactlyRounded) {
    const std::vector<double> half_table = positive_table<5, 10>();
    const std::vector<double> bf_table = positive_table<8, 7>();
    for (std::int64_t i = -70000; i <= 70000; ++i) {
        ASSERT_EQ(float16(i).bits(), (reference_encode<5, 10>)(static_cast<double>(i), half_table));
        ASSERT_EQ(bfloat16(i).bits(), (reference_encode<8, 7>)(static_cast<double>(i), bf_table));
    }
    // 2^62 + 2^54 + 1 is just above a bfloat16 midpoint; through double it would be the tie.
    const std::int64_t above_tie = (std::int64_t{1} << 62) + (std::int64_t{1} << 54) + 1;
    EXPECT_EQ(bfloat16(above_tie).bits(),
              bfloat16(std::ldexp(1.0, 62) + std::ldexp(1.0, 55)).bits());
    EXPECT_EQ(bfloat16(std::numeric_limits<std::int64_t>::min()).bits(), 0xDF00);  // -2^63
    EXPECT_EQ(bfloat16(std::numeric_limits<std::uint64_t>::max()).bits(), 0x5F80); // 2^64
}

TEST(Float16, ArithmeticAndComparisonGoThroughFloat) {
    const float16 a(1.5F);
    const float16 b(0.25F);
    EXPECT_EQ(static_cast<float>(a + b), 1.75F);
    EXPECT_EQ(static_cast<float>(a - b), 1.25F);
    EXPECT_EQ(static_cast<float>(a * b), 0.375F);
    EXPECT_EQ(static_cast<float>(a / b), 6.0F);
    EXPECT_EQ(static_cast<float>(-a), -1.5F);
    float16 c = a;
    c += b;
    c *= float16(2.0F);
    EXPECT_EQ(static_cast<float>(c), 3.5F);
    EXPECT_TRUE(b < a);
    EXPECT_TRUE(a >= a);
    EXPECT_TRUE(float16(0.0F) == float16(-0.0F));
    // 2048 + 1 is not a float16: the sum rounds to even.
    EXPECT_EQ(static_cast<float>(float16(2048.0F) + float16(1.0F)), 2048.0F);
    const bfloat16 x(3.0F);
    EXPECT_EQ(static_cast<float>(x * x), 9.0F);
    EXPECT_TRUE(bfloat16(1.0F) < x);
}

} // namespace
