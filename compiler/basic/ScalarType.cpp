// The table of scalar types (gpucc/abi/dtypes.def: NumPy names, C++ spellings for generated
// code, sizes, kinds) and the C names bodies may use.
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

enum class Kind { Bool, Signed, Unsigned, Floating };

constexpr ScalarInfo make_info(ScalarType type, std::string_view numpy, std::string_view cpp,
                               int size, Kind kind) {
    return {type,
            numpy,
            cpp,
            size,
            kind == Kind::Floating,
            kind == Kind::Signed || kind == Kind::Unsigned,
            kind == Kind::Signed || kind == Kind::Floating};
}

constexpr std::array<ScalarInfo, kNumScalarTypes> kScalarInfo = {{
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind)                                        \
    make_info(ScalarType::enumerator, name, #cpp_type, size, Kind::kind),
#include "gpucc/abi/dtypes.def"
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
