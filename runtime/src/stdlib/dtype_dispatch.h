// From a DType known at run time to the C++ element type the generated kernel wrappers want:
// dispatch_dtype(dtype, f) calls f.template operator()<T>() with T the element type of `dtype`.
// Every standard-library function that takes an NDArray goes through it to reach the typed
// kernels of runtime/src/stdlib/kernels; `f` must compile for every T it can be called with (use
// `if constexpr` to leave out the types a kernel was not compiled for).
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/half.h"

#include <cstdint>
#include <utility>

namespace gpucc::stdlib {

template <class F>
decltype(auto) dispatch_dtype(DType dtype, F&& f) {
    switch (dtype) {
    case DType::Bool:
        return std::forward<F>(f).template operator()<bool>();
    case DType::Int8:
        return std::forward<F>(f).template operator()<std::int8_t>();
    case DType::Int16:
        return std::forward<F>(f).template operator()<std::int16_t>();
    case DType::Int32:
        return std::forward<F>(f).template operator()<std::int32_t>();
    case DType::Int64:
        return std::forward<F>(f).template operator()<std::int64_t>();
    case DType::UInt8:
        return std::forward<F>(f).template operator()<std::uint8_t>();
    case DType::UInt16:
        return std::forward<F>(f).template operator()<std::uint16_t>();
    case DType::UInt32:
        return std::forward<F>(f).template operator()<std::uint32_t>();
    case DType::UInt64:
        return std::forward<F>(f).template operator()<std::uint64_t>();
    case DType::Float16:
        return std::forward<F>(f).template operator()<float16>();
    case DType::BFloat16:
        return std::forward<F>(f).template operator()<bfloat16>();
    case DType::Float32:
        return std::forward<F>(f).template operator()<float>();
    case DType::Float64:
        break;
    }
    return std::forward<F>(f).template operator()<double>();
}

} // namespace gpucc::stdlib
