// The loops of the math ufuncs defined for every number type (runtime/src/stdlib/kernels/math.dsl).
#include "math.gpucc.h"
#include "stdlib/ufunc_launch.h"

namespace gpucc::stdlib {
namespace {

namespace kernels = gpucc_stdlib_math;
using namespace ufunc_dtypes;

} // namespace

} // namespace gpucc::stdlib

// One loop runner per ufunc (gpucc/stdlib/ufunc.h): a program links the kernels of the ufuncs it
// calls and no others.
namespace gpucc::detail {
using namespace stdlib;

template <>
NDArray run_ufunc_loop<Ufunc::Abs>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Abs, kAll.bits()>(
        [](const auto&... a) { return kernels::absolute(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Sign>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Sign, kNumbers.bits()>(
        [](const auto&... a) { return kernels::sign(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Floor>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Floor, kAll.bits()>(
        [](const auto&... a) { return kernels::floor(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Ceil>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Ceil, kAll.bits()>(
        [](const auto&... a) { return kernels::ceil(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Trunc>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Trunc, kAll.bits()>(
        [](const auto&... a) { return kernels::trunc(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Maximum>(DType loop, std::span<const Operand> inputs,
                                       const NDArray* out) {
    return launch_loop<Ufunc::Maximum, kAll.bits()>(
        [](const auto&... a) { return kernels::maximum(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Minimum>(DType loop, std::span<const Operand> inputs,
                                       const NDArray* out) {
    return launch_loop<Ufunc::Minimum, kAll.bits()>(
        [](const auto&... a) { return kernels::minimum(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Fmax>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Fmax, kAll.bits()>(
        [](const auto&... a) { return kernels::fmax(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Fmin>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Fmin, kAll.bits()>(
        [](const auto&... a) { return kernels::fmin(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Clip>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Clip, kAll.bits()>(
        [](const auto&... a) { return kernels::clip(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Isnan>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Isnan, kAll.bits()>(
        [](const auto&... a) { return kernels::isnan(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Isinf>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Isinf, kAll.bits()>(
        [](const auto&... a) { return kernels::isinf(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Isfinite>(DType loop, std::span<const Operand> inputs,
                                        const NDArray* out) {
    return launch_loop<Ufunc::Isfinite, kAll.bits()>(
        [](const auto&... a) { return kernels::isfinite(a...); }, loop, inputs, out);
}

} // namespace gpucc::detail
