// The scalar types a kernel computes with. Signatures spell them with NumPy's names (float32),
// bodies also with C's (float); both resolve to one ScalarType. The kernel IR, code generation and
// the header generator all speak in these, so the table of names, sizes and C++ spellings lives
// here and nowhere else.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gpucc {

enum class ScalarType : std::uint8_t {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,
};

inline constexpr int kNumScalarTypes = 13;

/// NumPy's name: "float32".
std::string_view numpy_name(ScalarType type);
/// The C++ type the generated header uses for it: "float", "std::int64_t", "gpucc::float16".
std::string_view cpp_name(ScalarType type);
/// Size in bytes.
int size_in_bytes(ScalarType type);

bool is_floating(ScalarType type);
bool is_integer(ScalarType type); ///< bool is not an integer here.
bool is_signed(ScalarType type);  ///< signed integers and floating types.

/// Looks up a NumPy name ("float32") or, if `allow_c_names`, a single-token C name ("float",
/// "double", "int", "half", "size_t", ...). Multi-token C names ("unsigned int", "long long") are
/// assembled by the parser, which passes them here joined by one space.
std::optional<ScalarType> scalar_type_from_name(std::string_view name, bool allow_c_names);

} // namespace gpucc
