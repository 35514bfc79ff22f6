// Scalar arguments: NumPy 2's assignment rules, and the error messages.
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/errors.h"

#include <cmath>
#include <cstdint>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace {

using gpucc::detail::convert_scalar;
using testing::HasSubstr;

template <class T, class S>
std::string error_of(S value) {
    try {
        (void)convert_scalar<T>(value, "mul_add", "b");
    } catch (const gpucc::ValueError& e) {
        return e.what();
    }
    return "no error";
}

TEST(ScalarConvert, IntegersInRange) {
    EXPECT_EQ(convert_scalar<std::uint8_t>(255, "k", "p"), 255);
    EXPECT_EQ(convert_scalar<std::int8_t>(-128, "k", "p"), -128);
    EXPECT_EQ(convert_scalar<std::uint32_t>(4294967295LL, "k", "p"), 4294967295U);
    EXPECT_EQ(convert_scalar<std::int64_t>(std::numeric_limits<std::int64_t>::min(), "k", "p"),
              std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(convert_scalar<std::uint64_t>(std::numeric_limits<std::uint64_t>::max(), "k", "p"),
              std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(convert_scalar<std::int32_t>(true, "k", "p"), 1);
}

TEST(ScalarConvert, IntegersOutOfRangeAreErrors) {
    EXPECT_EQ(error_of<std::uint8_t>(300),
              "mul_add: scalar argument b = 300 is out of range for uint8");
    EXPECT_EQ(error_of<std::uint32_t>(-1),
              "mul_add: scalar argument b = -1 is out of range for uint32");
    EXPECT_EQ(error_of<std::int8_t>(128),
              "mul_add: scalar argument b = 128 is out of range for int8");
    EXPECT_EQ(error_of<std::int64_t>(std::numeric_limits<std::uint64_t>::max()),
              "mul_add: scalar argument b = 18446744073709551615 is out of range for int64");
    EXPECT_THAT(error_of<std::uint16_t>(65536U), HasSubstr("uint16"));
}

TEST(ScalarConvert, FloatsToIntegers) {
    EXPECT_EQ(convert_scalar<std::int32_t>(3.7, "k", "p"), 3); // truncates, as NumPy
    EXPECT_EQ(convert_scalar<std::int32_t>(-3.7F, "k", "p"), -3);
    EXPECT_EQ(convert_scalar<std::uint8_t>(255.9, "k", "p"), 255);
    EXPECT_EQ(convert_scalar<std::uint8_t>(-0.5, "k", "p"), 0);
    EXPECT_EQ(convert_scalar<std::int64_t>(-9223372036854775808.0, "k", "p"),
              std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(error_of<std::int32_t>(std::nan("")),
              "mul_add: scalar argument b = nan cannot be converted to int32");
    EXPECT_EQ(error_of<std::int64_t>(std::numeric_limits<double>::infinity()),
              "mul_add: scalar argument b = inf cannot be converted to int64");
    EXPECT_THAT(error_of<std::uint8_t>(256.0), HasSubstr("b = 256 is out of range for uint8"));
    EXPECT_THAT(error_of<std::int64_t>(9223372036854775808.0), HasSubstr("int64"));
    EXPECT_THAT(error_of<std::uint32_t>(-1.0), HasSubstr("out of range for uint32"));
    EXPECT_EQ(convert_scalar<std::int16_t>(gpucc::float16(-2.5F), "k", "p"), -2);
    EXPECT_THAT(error_of<std::int16_t>(gpucc::bfloat16(std::nanf(""))), HasSubstr("nan"));
}

TEST(ScalarConvert, ToFloatingTypesNarrowingIsAllowed) {
    EXPECT_EQ(convert_scalar<float>(0.1, "k", "p"), 0.1F);
    EXPECT_EQ(convert_scalar<float>(1e300, "k", "p"), std::numeric_limits<float>::infinity());
    EXPECT_EQ(convert_scalar<double>(7, "k", "p"), 7.0);
    EXPECT_EQ(convert_scalar<gpucc::float16>(1e6, "k", "p").bits(), 0x7C00); // inf
    EXPECT_EQ(convert_scalar<gpucc::float16>(3, "k", "p").bits(), gpucc::float16(3.0F).bits());
    EXPECT_EQ(convert_scalar<gpucc::bfloat16>(gpucc::float16(1.5F), "k", "p").bits(),
              gpucc::bfloat16(1.5F).bits());
    EXPECT_EQ(convert_scalar<double>(gpucc::float16(0.5F), "k", "p"), 0.5);
    EXPECT_TRUE(std::isnan(convert_scalar<float>(std::nan(""), "k", "p")));
}

TEST(ScalarConvert, BoolAcceptsAnything) {
    EXPECT_TRUE(convert_scalar<bool>(2, "k", "p"));
    EXPECT_FALSE(convert_scalar<bool>(0.0, "k", "p"));
    EXPECT_TRUE(convert_scalar<bool>(std::nan(""), "k", "p"));
    EXPECT_TRUE(convert_scalar<bool>(gpucc::float16(-1.0F), "k", "p"));
    EXPECT_FALSE(convert_scalar<bool>(gpucc::float16(-0.0F), "k", "p"));
}

} // namespace
