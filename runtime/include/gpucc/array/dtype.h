// The element types of arrays, with NumPy's names: the 13 types of the kernel language. DType is
// what an untyped NDArray carries at run time; dtype_of<T>() maps a C++ element type to it at
// compile time (so Array<T> and NDArray agree), and the table of names and sizes lives here.
#pragma once

#include "gpucc/array/half.h"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace gpucc {

/// The 13 element types, numbered as the compiler numbers them (gpucc/abi/dtypes.def, shared
/// with it), which the generated code relies on.
enum class DType : std::uint8_t {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) enumerator,
#include "gpucc/abi/dtypes.def"
};

inline constexpr int kNumDTypes = 0
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) +1
#include "gpucc/abi/dtypes.def"
    ;
static_assert(kNumDTypes == 13);

/// NumPy's name: "float32".
std::string_view dtype_name(DType dtype) noexcept;
/// Size of one element in bytes.
std::size_t dtype_size(DType dtype) noexcept;

/// True for the C++ types an array can hold: bool, the signed and unsigned integers of 1, 2, 4
/// and 8 bytes (not char), float16, bfloat16, float, double.
template <class T>
inline constexpr bool kIsElementType =
    std::is_same_v<T, bool> || std::is_same_v<T, float16> || std::is_same_v<T, bfloat16> ||
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    (std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, wchar_t> &&
     !std::is_same_v<T, char8_t> && !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t> &&
     sizeof(T) <= 8);

template <class T>
concept ElementType = kIsElementType<T>;

/// The DType of a C++ element type (int64_t and long long both give Int64).
template <ElementType T>
constexpr DType dtype_of() noexcept {
    if constexpr (std::is_same_v<T, bool>) {
        return DType::Bool;
    } else if constexpr (std::is_same_v<T, float16>) {
        return DType::Float16;
    } else if constexpr (std::is_same_v<T, bfloat16>) {
        return DType::BFloat16;
    } else if constexpr (std::is_same_v<T, float>) {
        return DType::Float32;
    } else if constexpr (std::is_same_v<T, double>) {
        return DType::Float64;
    } else if constexpr (std::is_signed_v<T>) {
        constexpr DType kBySize[] = {DType::Int8,  DType::Int16, DType::Int32, DType::Int32,
                                     DType::Int64, DType::Int64, DType::Int64, DType::Int64};
        return kBySize[sizeof(T) - 1];
    } else {
        constexpr DType kBySize[] = {DType::UInt8,  DType::UInt16, DType::UInt32, DType::UInt32,
                                     DType::UInt64, DType::UInt64, DType::UInt64, DType::UInt64};
        return kBySize[sizeof(T) - 1];
    }
}

static_assert(dtype_of<std::int64_t>() == DType::Int64 && dtype_of<std::uint8_t>() == DType::UInt8);

} // namespace gpucc
