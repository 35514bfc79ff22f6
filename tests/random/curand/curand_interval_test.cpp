// CuPy's integer-interval algorithm (random/curand/integer_interval.h) driven by words the test
// chooses: which words it consumes, when it draws supplements, how it replaces rejected values
// and how it wraps into narrow dtypes. The recorded-vector tests check the same code against
// CuPy's own output; these pin the rules case by case.
#include "random/curand/integer_interval.h"

#include <cstdint>
#include <gpucc/errors.h>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::random::detail::draw_interval;
using gpucc::random::detail::store_offset_values;

// Hands out the given words in order and records each request's size.
struct ScriptedWords {
    std::vector<std::uint32_t> words;
    std::size_t next = 0;
    std::vector<std::size_t> requests;
    std::vector<std::uint32_t> operator()(std::size_t n) {
        requests.push_back(n);
        std::vector<std::uint32_t> out;
        for (std::size_t k = 0; k < n; ++k) {
            out.push_back(next < words.size() ? words[next++] : 0U);
        }
        return out;
    }
};

TEST(CurandInterval, PowerOfTwoRangesMaskWithoutRejection) {
    ScriptedWords source{{0xFFFFFFFFU, 0x12345678U, 0x80000003U}};
    const auto values = draw_interval(15, 3, std::ref(source));
    EXPECT_EQ(values, (std::vector<std::uint64_t>{15, 8, 3}));
    EXPECT_EQ(source.requests, (std::vector<std::size_t>{3}));
}

TEST(CurandInterval, RejectedValuesAreReplacedInOrderFromASupplement) {
    // Range 3: the largest kept word is 2^32 - 1 - (2^32 mod 3) = 0xFFFFFFFE.
    ScriptedWords source;
    source.words = {5, 0xFFFFFFFFU, 7, 0xFFFFFFFFU};
    // The supplement (max(2 * 2, 1024) words): a rejected word first, then 10 and 11.
    source.words.push_back(0xFFFFFFFFU);
    source.words.push_back(10);
    source.words.push_back(11);
    const auto values = draw_interval(2, 4, std::ref(source));
    EXPECT_EQ(values, (std::vector<std::uint64_t>{5 % 3, 10 % 3, 7 % 3, 11 % 3}));
    EXPECT_EQ(source.requests, (std::vector<std::size_t>{4, 1024}));
}

TEST(CurandInterval, WideRangesTakeTwoWordsLowFirst) {
    ScriptedWords source{{0x00000002U, 0x00000001U}};
    // span 2^40 - 1 is a power-of-two range: mask only.
    const auto values = draw_interval((std::uint64_t{1} << 40) - 1, 1, std::ref(source));
    EXPECT_EQ(values, (std::vector<std::uint64_t>{0x100000002ULL}));
    EXPECT_EQ(source.requests, (std::vector<std::size_t>{2}));
}

TEST(CurandInterval, ASingleValueRangeDrawsNothing) {
    ScriptedWords source{{1, 2, 3}};
    EXPECT_EQ(draw_interval(0, 3, std::ref(source)), (std::vector<std::uint64_t>{0, 0, 0}));
    EXPECT_TRUE(source.requests.empty());
}

TEST(CurandInterval, OffsetsWrapIntoTheDtype) {
    // randint(-100, 100, dtype=int8): values 0..199 plus -100 in int8 arithmetic.
    std::vector<std::int8_t> out(3);
    store_offset_values({0, 199, 100}, -100, gpucc::DType::Int8, out.data());
    EXPECT_EQ(out, (std::vector<std::int8_t>{-100, 99, 0}));
    std::vector<std::int64_t> wide(1);
    store_offset_values({UINT64_MAX - 1}, INT64_MIN, gpucc::DType::Int64, wide.data());
    EXPECT_EQ(wide[0], INT64_MAX - 1);
}

TEST(CurandInterval, RangeChecks) {
    using gpucc::random::detail::check_randint_range;
    EXPECT_EQ(check_randint_range(-5, 5, gpucc::DType::Int8).span, 9U);
    EXPECT_EQ(check_randint_range(INT64_MIN, INT64_MAX, gpucc::DType::Int64).span, UINT64_MAX - 1);
    EXPECT_THROW(check_randint_range(0, 129, gpucc::DType::Int8), gpucc::ValueError);
    EXPECT_THROW(check_randint_range(-129, 0, gpucc::DType::Int8), gpucc::ValueError);
    EXPECT_THROW(check_randint_range(0, 1, gpucc::DType::Float64), gpucc::TypeError);
}

} // namespace
