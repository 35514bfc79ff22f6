// The loops of the math ufuncs defined for floating types only
// (runtime/src/stdlib/kernels/math_float.dsl).
#include "math_float.gpucc.h"
#include "stdlib/ufunc_launch.h"

namespace gpucc::stdlib {
namespace {

namespace kernels = gpucc_stdlib_math_float;
using namespace ufunc_dtypes;

} // namespace

} // namespace gpucc::stdlib

// One loop runner per ufunc (gpucc/stdlib/ufunc.h): a program links the kernels of the ufuncs it
// calls and no others.
namespace gpucc::detail {
using namespace stdlib;

template <>
NDArray run_ufunc_loop<Ufunc::Sqrt>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Sqrt, kFloats.bits()>(
        [](const auto&... a) { return kernels::sqrt(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Cbrt>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Cbrt, kFloats.bits()>(
        [](const auto&... a) { return kernels::cbrt(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Exp>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Exp, kFloats.bits()>(
        [](const auto&... a) { return kernels::exp(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Exp2>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Exp2, kFloats.bits()>(
        [](const auto&... a) { return kernels::exp2(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Expm1>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Expm1, kFloats.bits()>(
        [](const auto&... a) { return kernels::expm1(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Log>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Log, kFloats.bits()>(
        [](const auto&... a) { return kernels::log(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Log2>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Log2, kFloats.bits()>(
        [](const auto&... a) { return kernels::log2(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Log10>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Log10, kFloats.bits()>(
        [](const auto&... a) { return kernels::log10(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Log1p>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Log1p, kFloats.bits()>(
        [](const auto&... a) { return kernels::log1p(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Sin>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Sin, kFloats.bits()>(
        [](const auto&... a) { return kernels::sin(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Cos>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Cos, kFloats.bits()>(
        [](const auto&... a) { return kernels::cos(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Tan>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Tan, kFloats.bits()>(
        [](const auto&... a) { return kernels::tan(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Arcsin>(DType loop, std::span<const Operand> inputs,
                                      const NDArray* out) {
    return launch_loop<Ufunc::Arcsin, kFloats.bits()>(
        [](const auto&... a) { return kernels::arcsin(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Arccos>(DType loop, std::span<const Operand> inputs,
                                      const NDArray* out) {
    return launch_loop<Ufunc::Arccos, kFloats.bits()>(
        [](const auto&... a) { return kernels::arccos(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Arctan>(DType loop, std::span<const Operand> inputs,
                                      const NDArray* out) {
    return launch_loop<Ufunc::Arctan, kFloats.bits()>(
        [](const auto&... a) { return kernels::arctan(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Arctan2>(DType loop, std::span<const Operand> inputs,
                                       const NDArray* out) {
    return launch_loop<Ufunc::Arctan2, kFloats.bits()>(
        [](const auto&... a) { return kernels::arctan2(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Sinh>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Sinh, kFloats.bits()>(
        [](const auto&... a) { return kernels::sinh(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Cosh>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Cosh, kFloats.bits()>(
        [](const auto&... a) { return kernels::cosh(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Tanh>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Tanh, kFloats.bits()>(
        [](const auto&... a) { return kernels::tanh(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Rint>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Rint, kFloats.bits()>(
        [](const auto&... a) { return kernels::rint(a...); }, loop, inputs, out);
}

} // namespace gpucc::detail
