// NDArray::astype and NDArray::copy, and convert_into (conversion.h): one launch of the
// astype_<destination> kernel of runtime/src/stdlib/kernels/conversion.dsl, instantiated for the
// source's dtype. The destination type picks the kernel, the source type picks its instance.
#include "stdlib/conversion.h"

#include "conversion.gpucc.h"
#include "gpucc/array/array.h"
#include "stdlib/dtype_dispatch.h"

#include <cstdint>
#include <type_traits>

namespace gpucc {
namespace stdlib {
namespace {

namespace kernels = gpucc_stdlib_conversion;

/// Runs `kernel` (the generated astype_* wrapper whose output type is D) on `source`, into
/// `destination` when given, and returns the converted array.
template <ElementType D, class Kernel>
NDArray run_conversion(const Kernel& kernel, const NDArray& source, const NDArray* destination) {
    return dispatch_dtype(source.dtype(), [&]<class S>() -> NDArray {
        const Array<S> typed_source = source.as<S>();
        if (destination == nullptr) {
            return kernel(typed_source).ndarray();
        }
        return kernel(typed_source, destination->as<D>()).ndarray();
    });
}

NDArray convert(const NDArray& source, DType dtype, const NDArray* destination) {
    // One generic lambda per destination type: it forwards to that type's generated kernel.
    return dispatch_dtype(dtype, [&]<class D>() -> NDArray {
        auto forward = [](const auto&... a) {
            if constexpr (std::is_same_v<D, bool>) {
                return kernels::astype_bool(a...);
            } else if constexpr (std::is_same_v<D, std::int8_t>) {
                return kernels::astype_int8(a...);
            } else if constexpr (std::is_same_v<D, std::int16_t>) {
                return kernels::astype_int16(a...);
            } else if constexpr (std::is_same_v<D, std::int32_t>) {
                return kernels::astype_int32(a...);
            } else if constexpr (std::is_same_v<D, std::int64_t>) {
                return kernels::astype_int64(a...);
            } else if constexpr (std::is_same_v<D, std::uint8_t>) {
                return kernels::astype_uint8(a...);
            } else if constexpr (std::is_same_v<D, std::uint16_t>) {
                return kernels::astype_uint16(a...);
            } else if constexpr (std::is_same_v<D, std::uint32_t>) {
                return kernels::astype_uint32(a...);
            } else if constexpr (std::is_same_v<D, std::uint64_t>) {
                return kernels::astype_uint64(a...);
            } else if constexpr (std::is_same_v<D, float16>) {
                return kernels::astype_float16(a...);
            } else if constexpr (std::is_same_v<D, bfloat16>) {
                return kernels::astype_bfloat16(a...);
            } else if constexpr (std::is_same_v<D, float>) {
                return kernels::astype_float32(a...);
            } else {
                return kernels::astype_float64(a...);
            }
        };
        return run_conversion<D>(forward, source, destination);
    });
}

} // namespace

void convert_into(const NDArray& source, const NDArray& destination) {
    convert(source, destination.dtype(), &destination);
}

} // namespace stdlib

NDArray NDArray::astype(DType dtype, bool copy) const {
    if (!copy && dtype == dtype_) {
        return *this;
    }
    return stdlib::convert(*this, dtype, nullptr);
}

NDArray NDArray::copy() const {
    return stdlib::convert(*this, dtype_, nullptr);
}

} // namespace gpucc
