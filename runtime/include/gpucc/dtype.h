// The element types of arrays, with NumPy's names: the 13 types of the kernel language. DType is
// what an untyped NDArray carries at run time; dtype_of<T>() maps a C++ element type to it at
// compile time (so Array<T> and NDArray agree), and the table of names and sizes lives here.
#pragma once

#include "gpucc/half.h"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace gpucc {

/// In the order of the compiler's ScalarType, which the generated code relies on.
enum class DType : std::uint8_t {
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

inline constexpr int kNumDTypes = 13;

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
