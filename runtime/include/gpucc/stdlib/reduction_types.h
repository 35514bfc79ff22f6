// The dtypes NumPy 2's reductions give (gpucc/stdlib/reduction.h), as constexpr functions and type
// aliases, apart from reduction.h so that array.h can name them in Array<T>'s member functions
// (`Array<std::int8_t>::sum()` is an Array<std::int64_t>) without including the reductions
// themselves. Floats keep their type everywhere (bfloat16 as float16); bool and the integers
// widen: sum and prod to the 64-bit integer of their kind (bool counts as signed), mean, var, std
// and linalg::norm to float64.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/stdlib/promotion.h"

namespace gpucc {

/// The dtype of sum and prod: int64 for bool and signed integers, uint64 for unsigned ones, x
/// for floats.
constexpr DType sum_dtype(DType x) noexcept {
    switch (dtype_kind(x)) {
    case DTypeKind::Bool:
    case DTypeKind::Signed:
        return DType::Int64;
    case DTypeKind::Unsigned:
        return DType::UInt64;
    case DTypeKind::Floating:
        break;
    }
    return x;
}

/// The dtype of mean, var, std and linalg::norm: float64 for bool and integers, x for floats.
constexpr DType mean_dtype(DType x) noexcept {
    return is_floating(x) ? x : DType::Float64;
}

/// sum_result_t<std::int8_t> is std::int64_t; sum_result_t<float16> is float16.
template <ElementType T>
using sum_result_t = element_t<sum_dtype(dtype_of<T>())>;

/// mean_result_t<std::int32_t> is double; mean_result_t<float> is float.
template <ElementType T>
using mean_result_t = element_t<mean_dtype(dtype_of<T>())>;

} // namespace gpucc
