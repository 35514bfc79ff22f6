// The scalar types a kernel computes with. Signatures spell them with NumPy's names (float32),
// bodies also with C's (float); both resolve to one ScalarType. The kernel IR, code generation and
// the header generator all speak in these, so the table of names, sizes and C++ spellings lives
// here and nowhere else.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gpucc {

/// The 13 element types, numbered as the runtime's DType (gpucc/abi/dtypes.def, shared with it).
enum class ScalarType : std::uint8_t {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) enumerator,
#include "gpucc/abi/dtypes.def"
};

inline constexpr int kNumScalarTypes = 0
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) +1
#include "gpucc/abi/dtypes.def"
    ;

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
