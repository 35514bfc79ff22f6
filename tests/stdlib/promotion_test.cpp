// Type promotion and casting (gpucc/stdlib/promotion.h) and loop resolution
// (gpucc/stdlib/ufunc_loops.h) against tables printed by NumPy (np.promote_types, np.can_cast) for
// its 12 types, bfloat16's stated rules, NEP 50's weak scalars, and the result dtypes NumPy gives
// for ufuncs of each input type; the typed forms are checked at compile time with the same
// expectations.
#include "stdlib_test_support.h"

#include <array>
#include <string>

namespace stdlib_test {
namespace {

using gpucc::can_cast;
using gpucc::Casting;
using gpucc::find_loop;
using gpucc::result_type;
using gpucc::Scalar;
using gpucc::Ufunc;

// NumPy's 12 types in the order of the tables below.
constexpr std::array<DType, 12> kNumPyTypes = {
    DType::Bool,   DType::Int8,   DType::Int16,  DType::Int32,   DType::Int64,   DType::UInt8,
    DType::UInt16, DType::UInt32, DType::UInt64, DType::Float16, DType::Float32, DType::Float64};

DType short_name(const std::string& name) {
    const std::pair<const char*, DType> names[] = {
        {"b", DType::Bool},      {"i8", DType::Int8},     {"i16", DType::Int16},
        {"i32", DType::Int32},   {"i64", DType::Int64},   {"u8", DType::UInt8},
        {"u16", DType::UInt16},  {"u32", DType::UInt32},  {"u64", DType::UInt64},
        {"f16", DType::Float16}, {"f32", DType::Float32}, {"f64", DType::Float64}};
    for (const auto& [text, dtype] : names) {
        if (name == text) {
            return dtype;
        }
    }
    ADD_FAILURE() << "bad name " << name;
    return DType::Bool;
}

// np.promote_types(row, column), printed by NumPy 1.24 (unchanged in NumPy 2).
const char* const kPromoteTable[12][12] = {
    {"b", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"},
    {"i8", "i8", "i16", "i32", "i64", "i16", "i32", "i64", "f64", "f16", "f32", "f64"},
    {"i16", "i16", "i16", "i32", "i64", "i16", "i32", "i64", "f64", "f32", "f32", "f64"},
    {"i32", "i32", "i32", "i32", "i64", "i32", "i32", "i64", "f64", "f64", "f64", "f64"},
    {"i64", "i64", "i64", "i64", "i64", "i64", "i64", "i64", "f64", "f64", "f64", "f64"},
    {"u8", "i16", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"},
    {"u16", "i32", "i32", "i32", "i64", "u16", "u16", "u32", "u64", "f32", "f32", "f64"},
    {"u32", "i64", "i64", "i64", "i64", "u32", "u32", "u32", "u64", "f64", "f64", "f64"},
    {"u64", "f64", "f64", "f64", "f64", "u64", "u64", "u64", "u64", "f64", "f64", "f64"},
    {"f16", "f16", "f32", "f64", "f64", "f16", "f32", "f64", "f64", "f16", "f32", "f64"},
    {"f32", "f32", "f32", "f64", "f64", "f32", "f32", "f64", "f64", "f32", "f32", "f64"},
    {"f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64"},
};

// np.can_cast(row, column, 'safe') and 'same_kind', printed by NumPy 1.24.
const char* const kSafeTable[12] = {"111111111111", "011110000111", "001110000011", "000110000001",
                                    "000010000001", "001111111111", "000110111011", "000010011001",
                                    "000000001001", "000000000111", "000000000011", "000000000001"};
const char* const kSameKindTable[12] = {
    "111111111111", "011110000111", "011110000111", "011110000111", "011110000111", "011111111111",
    "011111111111", "011111111111", "011111111111", "000000000111", "000000000111", "000000000111"};

TEST(Promotion, MatchesNumPyTables) {
    for (int row = 0; row < 12; ++row) {
        for (int column = 0; column < 12; ++column) {
            const DType a = kNumPyTypes[row];
            const DType b = kNumPyTypes[column];
            SCOPED_TRACE(std::string(gpucc::dtype_name(a)) + ", " +
                         std::string(gpucc::dtype_name(b)));
            EXPECT_EQ(result_type(a, b), short_name(kPromoteTable[row][column]));
            EXPECT_EQ(can_cast(a, b, Casting::Safe), kSafeTable[row][column] == '1');
            EXPECT_EQ(can_cast(a, b, Casting::SameKind), kSameKindTable[row][column] == '1');
            EXPECT_TRUE(can_cast(a, b, Casting::Unsafe));
            EXPECT_EQ(can_cast(a, b, Casting::No), a == b);
        }
    }
}

TEST(Promotion, Bfloat16FollowsFloat16) {
    EXPECT_EQ(result_type(DType::BFloat16, DType::Float16), DType::Float32);
    EXPECT_EQ(result_type(DType::BFloat16, DType::Int8), DType::BFloat16);
    EXPECT_EQ(result_type(DType::UInt8, DType::BFloat16), DType::BFloat16);
    EXPECT_EQ(result_type(DType::BFloat16, DType::Int16), DType::Float32);
    EXPECT_EQ(result_type(DType::BFloat16, DType::UInt32), DType::Float64);
    EXPECT_EQ(result_type(DType::BFloat16, DType::Float64), DType::Float64);
    EXPECT_FALSE(can_cast(DType::Float16, DType::BFloat16));
    EXPECT_FALSE(can_cast(DType::BFloat16, DType::Float16));
    EXPECT_TRUE(can_cast(DType::BFloat16, DType::Float16, Casting::SameKind));
    EXPECT_TRUE(can_cast(DType::BFloat16, DType::Float32));
}

TEST(Promotion, WeakScalars) {
    // NEP 50: the array's dtype wins within its kind; a higher kind brings its default type.
    EXPECT_EQ(result_type(DType::Float32, Scalar::Kind::Floating), DType::Float32);
    EXPECT_EQ(result_type(DType::Float16, Scalar::Kind::Integer), DType::Float16);
    EXPECT_EQ(result_type(DType::Int32, Scalar::Kind::Floating), DType::Float64);
    EXPECT_EQ(result_type(DType::UInt8, Scalar::Kind::Integer), DType::UInt8);
    EXPECT_EQ(result_type(DType::Bool, Scalar::Kind::Integer), DType::Int64);
    EXPECT_EQ(result_type(DType::Bool, Scalar::Kind::Floating), DType::Float64);
    EXPECT_EQ(result_type(DType::Int8, Scalar::Kind::Bool), DType::Int8);
    static_assert(gpucc::scalar_kind_of<double>() == Scalar::Kind::Floating);
    static_assert(gpucc::scalar_kind_of<unsigned char>() == Scalar::Kind::Integer);
    static_assert(gpucc::scalar_kind_of<bool>() == Scalar::Kind::Bool);
    static_assert(std::is_same_v<gpucc::promote_t<std::int8_t, std::uint8_t>, std::int16_t>);
    static_assert(std::is_same_v<gpucc::promote_t<std::uint64_t, std::int64_t>, double>);
}

/// The loop NumPy runs for one input dtype (all inputs of it): {input, output}.
void expect_loop(Ufunc ufunc, DType common, DType input, DType output) {
    const auto loop = find_loop(ufunc, common);
    ASSERT_TRUE(loop.has_value()) << gpucc::ufunc_info(ufunc).name;
    EXPECT_EQ(loop->input, input) << gpucc::ufunc_info(ufunc).name << " of "
                                  << gpucc::dtype_name(common);
    EXPECT_EQ(loop->output, output)
        << gpucc::ufunc_info(ufunc).name << " of " << gpucc::dtype_name(common);
}

TEST(Promotion, LoopsNumPyPicks) {
    // Float-only math on integers: float16 for 8-bit, float32 for 16-bit, float64 beyond.
    expect_loop(Ufunc::Sqrt, DType::Int8, DType::Float16, DType::Float16);
    expect_loop(Ufunc::Sqrt, DType::UInt8, DType::Float16, DType::Float16);
    expect_loop(Ufunc::Sqrt, DType::Bool, DType::Float16, DType::Float16);
    expect_loop(Ufunc::Sqrt, DType::Int16, DType::Float32, DType::Float32);
    expect_loop(Ufunc::Sqrt, DType::UInt16, DType::Float32, DType::Float32);
    expect_loop(Ufunc::Sqrt, DType::Int32, DType::Float64, DType::Float64);
    expect_loop(Ufunc::Sqrt, DType::UInt64, DType::Float64, DType::Float64);
    expect_loop(Ufunc::Sqrt, DType::BFloat16, DType::BFloat16, DType::BFloat16);
    // true_divide of integers gives float64; of bool too; of float16 float16.
    expect_loop(Ufunc::TrueDivide, DType::Int8, DType::Int8, DType::Float64);
    expect_loop(Ufunc::TrueDivide, DType::Bool, DType::Int8, DType::Float64);
    expect_loop(Ufunc::TrueDivide, DType::Float16, DType::Float16, DType::Float16);
    // Bool arithmetic without a bool loop runs int8; sign likewise.
    expect_loop(Ufunc::FloorDivide, DType::Bool, DType::Int8, DType::Int8);
    expect_loop(Ufunc::Power, DType::Bool, DType::Int8, DType::Int8);
    expect_loop(Ufunc::Sign, DType::Bool, DType::Int8, DType::Int8);
    expect_loop(Ufunc::Add, DType::Bool, DType::Bool, DType::Bool);
    expect_loop(Ufunc::LeftShift, DType::Bool, DType::Int8, DType::Int8);
    expect_loop(Ufunc::Floor, DType::Int32, DType::Int32, DType::Int32);
    expect_loop(Ufunc::Rint, DType::Int32, DType::Float64, DType::Float64);
    expect_loop(Ufunc::Less, DType::Float16, DType::Float16, DType::Bool);
    expect_loop(Ufunc::Isnan, DType::Int64, DType::Int64, DType::Bool);
    // No loop: bit operations on floats, subtract and negative of bool.
    EXPECT_FALSE(find_loop(Ufunc::BitwiseAnd, DType::Float32));
    EXPECT_FALSE(find_loop(Ufunc::Subtract, DType::Bool));
    EXPECT_FALSE(find_loop(Ufunc::Negative, DType::Bool));
    EXPECT_FALSE(find_loop(Ufunc::Invert, DType::Float64));
}

TEST(Promotion, UfuncResultsAtRunTime) {
    const Device device = device_under_test();
    STDLIB_SKIP_WITHOUT_DEVICE();
    const NDArray i8 = gpucc::ones({4}, DType::Int8, device);
    const NDArray u8 = gpucc::ones({4}, DType::UInt8, device);
    const NDArray f32 = gpucc::ones({4}, DType::Float32, device);
    const NDArray f64 = gpucc::ones({4}, DType::Float64, device);
    const NDArray b = gpucc::ones({4}, DType::Bool, device);
    EXPECT_EQ(gpucc::add(i8, u8).dtype(), DType::Int16);
    EXPECT_EQ(gpucc::multiply(f32, 2.0).dtype(), DType::Float32);
    EXPECT_EQ(gpucc::multiply(i8, 2.0).dtype(), DType::Float64);
    EXPECT_EQ(gpucc::add(f32, f64).dtype(), DType::Float64);
    EXPECT_EQ(gpucc::add(b, 1).dtype(), DType::Int64);
    EXPECT_EQ(gpucc::add(b, true).dtype(), DType::Bool);
    EXPECT_EQ(gpucc::add(u8, 200).dtype(), DType::UInt8);
    EXPECT_EQ(gpucc::divide(i8, i8).dtype(), DType::Float64);
    EXPECT_EQ(gpucc::sqrt(i8).dtype(), DType::Float16);
    EXPECT_EQ(gpucc::sqrt(gpucc::ones({4}, DType::Int16, device)).dtype(), DType::Float32);
    EXPECT_EQ(gpucc::floor_divide(b, b).dtype(), DType::Int8);
    // Values after the casting pass: int8 + uint8 -> int16.
    const Array<std::int8_t> small = gpucc::full<std::int8_t>({3}, -100, device);
    const Array<std::uint8_t> big = gpucc::full<std::uint8_t>({3}, 200, device);
    EXPECT_TRUE(same_values(gpucc::add(small, big).to_host(), std::vector<std::int16_t>(3, 100)));
    EXPECT_TRUE(same_values(gpucc::sqrt(gpucc::full<std::int8_t>({2}, 16, device)).to_host(),
                            std::vector<float16>(2, float16(4.0f))));
}

// The typed forms agree at compile time.
static_assert(std::is_same_v<decltype(gpucc::add(std::declval<Array<std::int8_t>>(),
                                                 std::declval<Array<std::uint8_t>>())),
                             Array<std::int16_t>>);
static_assert(
    std::is_same_v<decltype(gpucc::multiply(std::declval<Array<float>>(), 2.0)), Array<float>>);
static_assert(
    std::is_same_v<decltype(gpucc::multiply(2.0, std::declval<Array<int>>())), Array<double>>);
static_assert(
    std::is_same_v<decltype(gpucc::sqrt(std::declval<Array<std::int8_t>>())), Array<float16>>);
static_assert(
    std::is_same_v<decltype(gpucc::less(std::declval<Array<float16>>(), 1)), Array<bool>>);
static_assert(
    std::is_same_v<decltype(gpucc::divide(std::declval<Array<int>>(), std::declval<Array<int>>())),
                   Array<double>>);
static_assert(
    std::is_same_v<decltype(gpucc::add(std::declval<Array<bool>>(), 1)), Array<std::int64_t>>);
static_assert(
    std::is_same_v<decltype(gpucc::where(std::declval<Array<bool>>(), 1, 2.5)), Array<double>>);
static_assert(!gpucc::detail::kHasTypedLoop<Ufunc::BitwiseAnd, Array<float>, Array<float>>);
static_assert(!gpucc::detail::kHasTypedLoop<Ufunc::Subtract, Array<bool>, Array<bool>>);

} // namespace
} // namespace stdlib_test
