// CuPy's integer-interval algorithm (random/curand/integer_interval.h) driven by words the test
// chooses: which words it consumes, when it draws supplements, how it replaces rejected values
// and how it wraps into narrow dtypes. The recorded-vector tests check the same code against
// CuPy's own output; these pin the rules case by case, and hold randint's device form to the
// host form on random words (spans just above powers of two reject up to half of them).
#include "random/curand/integer_interval.h"
#include "support/device_under_test.h"

#include <cstdint>
#include <cstring>
#include <gpucc/errors.h>
#include <gpucc/stdlib/creation.h>
#include <gtest/gtest.h>
#include <random>
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

// The same random words for the host form (as vectors) and the device form (into its arrays).
struct RandomWords {
    std::vector<std::uint32_t> words;
    std::size_t next = 0;
    std::vector<std::size_t> requests;
    std::vector<std::uint32_t> take(std::size_t n) {
        requests.push_back(n);
        if (next + n > words.size()) {
            ADD_FAILURE() << "the test's words ran out";
            return std::vector<std::uint32_t>(n, 0U);
        }
        std::vector<std::uint32_t> out(words.begin() + static_cast<std::ptrdiff_t>(next),
                                       words.begin() + static_cast<std::ptrdiff_t>(next + n));
        next += n;
        return out;
    }
};

std::vector<unsigned char> host_bytes(const gpucc::NDArray& x) {
    std::vector<unsigned char> bytes(x.nbytes());
    x.copy_to_host(bytes.data());
    return bytes;
}

TEST(CurandIntervalOnDevice, MatchesTheHostFormWordForWord) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    using gpucc::DType;
    struct Case {
        std::int64_t low;
        std::int64_t high;
        DType dtype;
        std::int64_t count;
    };
    const Case cases[] = {
        {0, 1000, DType::Int32, 70001},            // rare rejections
        {0, (1LL << 31) + 1, DType::Int64, 5003},  // about half rejected: several supplements
        {-7, (1LL << 31) - 6, DType::Int32, 4097}, // a power-of-two range: masked
        {-100, 100, DType::Int8, 999},             // wraps into int8
        {5, 6, DType::UInt16, 17},                 // a single value: no words
        {0, 3, DType::UInt8, 1},
        {-(1LL << 40), (1LL << 41) + 3, DType::Int64, 2049}, // 64-bit words
        {INT64_MIN, INT64_MAX, DType::Int64, 3000},          // 2^64 - 1 values, rejection
        {0, (1LL << 62) + (1LL << 61) + 1, DType::UInt64, 1025},
    };
    std::mt19937_64 engine(2211);
    for (const Case& c : cases) {
        SCOPED_TRACE(testing::Message() << "randint(" << c.low << ", " << c.high << ") "
                                        << gpucc::dtype_name(c.dtype) << " x " << c.count);
        RandomWords host;
        for (int k = 0; k < 8 * c.count + 8192; ++k) {
            host.words.push_back(static_cast<std::uint32_t>(engine()));
        }
        RandomWords on_device = host;
        const auto range = gpucc::random::detail::check_randint_range(c.low, c.high, c.dtype);
        const auto values = draw_interval(range.span, static_cast<std::size_t>(c.count),
                                          [&](std::size_t n) { return host.take(n); });
        std::vector<unsigned char> want(static_cast<std::size_t>(c.count) *
                                        gpucc::dtype_size(c.dtype));
        store_offset_values(values, range.low, c.dtype, want.data());
        const gpucc::NDArray got = gpucc::random::detail::randint_on_device(
            range, {c.count}, c.dtype, device, [&](const gpucc::NDArray& buffer) {
                const auto words = on_device.take(buffer.nbytes() / 4);
                buffer.copy_from_host(words.data());
            });
        EXPECT_EQ(got.device(), device);
        EXPECT_EQ(got.dtype(), c.dtype);
        EXPECT_EQ(host_bytes(got), want);
        EXPECT_EQ(on_device.requests, host.requests) << "the same draws, in the same sizes";
    }
}

TEST(CurandIntervalOnDevice, KeepsTheShapeAndDrawsNothingForNoValues) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    int calls = 0;
    const auto range = gpucc::random::detail::check_randint_range(0, 10, gpucc::DType::Int16);
    const gpucc::NDArray none = gpucc::random::detail::randint_on_device(
        range, {0, 3}, gpucc::DType::Int16, device, [&](const gpucc::NDArray&) { ++calls; });
    EXPECT_EQ(none.shape(), gpucc::Shape({0, 3}));
    EXPECT_EQ(calls, 0);
    std::mt19937 engine(5);
    const gpucc::NDArray grid = gpucc::random::detail::randint_on_device(
        range, {3, 4}, gpucc::DType::Int16, device, [&](const gpucc::NDArray& buffer) {
            ++calls;
            std::vector<std::uint32_t> words(buffer.nbytes() / 4);
            for (auto& w : words) {
                w = static_cast<std::uint32_t>(engine());
            }
            buffer.copy_from_host(words.data());
        });
    EXPECT_EQ(grid.shape(), gpucc::Shape({3, 4}));
    EXPECT_GE(calls, 1);
    std::vector<std::int16_t> values(12);
    grid.copy_to_host(values.data());
    for (std::int16_t v : values) {
        EXPECT_GE(v, 0);
        EXPECT_LT(v, 10);
    }
}

} // namespace
