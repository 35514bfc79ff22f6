// The dtype table and the mapping from C++ element types.
#include "gpucc/array/dtype.h"

#include <cstdint>
#include <gtest/gtest.h>

namespace {

using gpucc::DType;

TEST(DType, NamesAndSizesFollowNumPy) {
    EXPECT_EQ(gpucc::dtype_name(DType::Bool), "bool");
    EXPECT_EQ(gpucc::dtype_name(DType::Int8), "int8");
    EXPECT_EQ(gpucc::dtype_name(DType::UInt64), "uint64");
    EXPECT_EQ(gpucc::dtype_name(DType::Float16), "float16");
    EXPECT_EQ(gpucc::dtype_name(DType::BFloat16), "bfloat16");
    EXPECT_EQ(gpucc::dtype_name(DType::Float32), "float32");
    EXPECT_EQ(gpucc::dtype_name(DType::Float64), "float64");
    EXPECT_EQ(gpucc::dtype_size(DType::Bool), 1U);
    EXPECT_EQ(gpucc::dtype_size(DType::Int16), 2U);
    EXPECT_EQ(gpucc::dtype_size(DType::UInt32), 4U);
    EXPECT_EQ(gpucc::dtype_size(DType::Float16), 2U);
    EXPECT_EQ(gpucc::dtype_size(DType::Float64), 8U);
}

TEST(DType, OfCppTypes) {
    static_assert(gpucc::dtype_of<bool>() == DType::Bool);
    static_assert(gpucc::dtype_of<std::int8_t>() == DType::Int8);
    static_assert(gpucc::dtype_of<std::int16_t>() == DType::Int16);
    static_assert(gpucc::dtype_of<std::int32_t>() == DType::Int32);
    static_assert(gpucc::dtype_of<std::int64_t>() == DType::Int64);
    static_assert(gpucc::dtype_of<long long>() == DType::Int64);
    static_assert(gpucc::dtype_of<std::uint8_t>() == DType::UInt8);
    static_assert(gpucc::dtype_of<std::uint16_t>() == DType::UInt16);
    static_assert(gpucc::dtype_of<std::uint32_t>() == DType::UInt32);
    static_assert(gpucc::dtype_of<std::uint64_t>() == DType::UInt64);
    static_assert(gpucc::dtype_of<gpucc::float16>() == DType::Float16);
    static_assert(gpucc::dtype_of<gpucc::bfloat16>() == DType::BFloat16);
    static_assert(gpucc::dtype_of<float>() == DType::Float32);
    static_assert(gpucc::dtype_of<double>() == DType::Float64);
    static_assert(!gpucc::kIsElementType<char>);
    static_assert(!gpucc::kIsElementType<long double>);
    for (int i = 0; i < gpucc::kNumDTypes; ++i) {
        EXPECT_FALSE(gpucc::dtype_name(static_cast<DType>(i)).empty());
    }
}

} // namespace
