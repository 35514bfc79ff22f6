// The table of scalar types: NumPy names, C names, C++ spellings for generated code, sizes.
#include "compiler/basic/ScalarType.h"

#include <array>

namespace gpucc {
namespace {

struct ScalarInfo {
    ScalarType type;
    std::string_view numpy;
    std::string_view cpp;
    int size;
    bool floating;
    bool integer;
    bool is_signed;
};

constexpr std::array<ScalarInfo, kNumScalarTypes> kScalarInfo = {{
    {ScalarType::Bool, "bool", "bool", 1, false, false, false},
    {ScalarType::Int8, "int8", "std::int8_t", 1, false, true, true},
    {ScalarType::Int16, "int16", "std::int16_t", 2, false, true, true},
    {ScalarType::Int32, "int32", "std::int32_t", 4, false, true, true},
    {ScalarType::Int64, "int64", "std::int64_t", 8, false, true, true},
    {ScalarType::UInt8, "uint8", "std::uint8_t", 1, false, true, false},
    {ScalarType::UInt16, "uint16", "std::uint16_t", 2, false, true, false},
    {ScalarType::UInt32, "uint32", "std::uint32_t", 4, false, true, false},
    {ScalarType::UInt64, "uint64", "std::uint64_t", 8, false, true, false},
    {ScalarType::Float16, "float16", "gpucc::float16", 2, true, false, true},
    {ScalarType::BFloat16, "bfloat16", "gpucc::bfloat16", 2, true, false, true},
    {ScalarType::Float32, "float32", "float", 4, true, false, true},
    {ScalarType::Float64, "float64", "double", 8, true, false, true},
}};

const ScalarInfo& info(ScalarType type) {
    return kScalarInfo[static_cast<int>(type)];
}

struct CName {
    std::string_view name;
    ScalarType type;
};

// C spellings accepted in bodies. `long` is 64 bits, as on every platform gpucc targets.
constexpr std::array<CName, 24> kCNames = {{
    {"bool", ScalarType::Bool},
    {"char", ScalarType::Int8},
    {"signed char", ScalarType::Int8},
    {"unsigned char", ScalarType::UInt8},
    {"short", ScalarType::Int16},
    {"unsigned short", ScalarType::UInt16},
    {"int", ScalarType::Int32},
    {"signed", ScalarType::Int32},
    {"signed int", ScalarType::Int32},
    {"unsigned", ScalarType::UInt32},
    {"unsigned int", ScalarType::UInt32},
    {"long", ScalarType::Int64},
    {"long long", ScalarType::Int64},
    {"unsigned long", ScalarType::UInt64},
    {"unsigned long long", ScalarType::UInt64},
    {"size_t", ScalarType::UInt64},
    {"ptrdiff_t", ScalarType::Int64},
    {"half", ScalarType::Float16},
    {"__half", ScalarType::Float16},
    {"__nv_bfloat16", ScalarType::BFloat16},
    {"float", ScalarType::Float32},
    {"double", ScalarType::Float64},
    {"int64_t", ScalarType::Int64},
    {"uint64_t", ScalarType::UInt64},
}};

} // namespace

std::string_view numpy_name(ScalarType type) {
    return info(type).numpy;
}
std::string_view cpp_name(ScalarType type) {
    return info(type).cpp;
}
int size_in_bytes(ScalarType type) {
    return info(type).size;
}
bool is_floating(ScalarType type) {
    return info(type).floating;
}
bool is_integer(ScalarType type) {
    return info(type).integer;
}
bool is_signed(ScalarType type) {
    return info(type).is_signed;
}

std::optional<ScalarType> scalar_type_from_name(std::string_view name, bool allow_c_names) {
    for (const ScalarInfo& entry : kScalarInfo) {
        if (entry.numpy == name) {
            return entry.type;
        }
    }
    if (allow_c_names) {
        for (const CName& entry : kCNames) {
            if (entry.name == name) {
                return entry.type;
            }
        }
    }
    return std::nullopt;
}

} // namespace gpucc
