// The bit-operation ufuncs' loops (runtime/src/stdlib/kernels/bitwise.dsl).
#include "bitwise.gpucc.h"
#include "stdlib/ufunc_launch.h"

namespace gpucc::stdlib {
namespace {

namespace kernels = gpucc_stdlib_bitwise;
using namespace ufunc_dtypes;

} // namespace

} // namespace gpucc::stdlib

// One loop runner per ufunc (gpucc/stdlib/ufunc.h): a program links the kernels of the ufuncs it
// calls and no others.
namespace gpucc::detail {
using namespace stdlib;

template <>
NDArray run_ufunc_loop<Ufunc::BitwiseAnd>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::BitwiseAnd, kBoolAndIntegers.bits()>(
        [](const auto&... a) { return kernels::bitwise_and(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::BitwiseOr>(DType loop, std::span<const Operand> inputs,
                                         const NDArray* out) {
    return launch_loop<Ufunc::BitwiseOr, kBoolAndIntegers.bits()>(
        [](const auto&... a) { return kernels::bitwise_or(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::BitwiseXor>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::BitwiseXor, kBoolAndIntegers.bits()>(
        [](const auto&... a) { return kernels::bitwise_xor(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Invert>(DType loop, std::span<const Operand> inputs,
                                      const NDArray* out) {
    return launch_loop<Ufunc::Invert, kBoolAndIntegers.bits()>(
        [](const auto&... a) { return kernels::invert(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LeftShift>(DType loop, std::span<const Operand> inputs,
                                         const NDArray* out) {
    return launch_loop<Ufunc::LeftShift, kIntegers.bits()>(
        [](const auto&... a) { return kernels::left_shift(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::RightShift>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::RightShift, kIntegers.bits()>(
        [](const auto&... a) { return kernels::right_shift(a...); }, loop, inputs, out);
}

} // namespace gpucc::detail
