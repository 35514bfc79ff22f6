// The arithmetic ufuncs' loops (runtime/src/stdlib/kernels/arithmetic.dsl): which generated kernel
// runs each loop. Ufuncs with separate integer and floating code pick the kernel by the loop's
// dtype.
#include "arithmetic.gpucc.h"
#include "stdlib/ufunc_launch.h"

namespace gpucc::stdlib {
namespace {

namespace kernels = gpucc_stdlib_arithmetic;
using namespace ufunc_dtypes;

constexpr std::uint16_t kHalvesAndFloat32 =
    DTypeSet{DType::Float16, DType::BFloat16, DType::Float32}.bits();
constexpr std::uint16_t kFloat64 = DTypeSet{DType::Float64}.bits();

} // namespace

} // namespace gpucc::stdlib

// One loop runner per ufunc (gpucc/stdlib/ufunc.h): a program links the kernels of the ufuncs it
// calls and no others.
namespace gpucc::detail {
using namespace stdlib;

template <>
NDArray run_ufunc_loop<Ufunc::Add>(DType loop, std::span<const Operand> inputs,
                                   const NDArray* out) {
    return launch_loop<Ufunc::Add, kAll.bits()>([](const auto&... a) { return kernels::add(a...); },
                                                loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Subtract>(DType loop, std::span<const Operand> inputs,
                                        const NDArray* out) {
    return launch_loop<Ufunc::Subtract, kNumbers.bits()>(
        [](const auto&... a) { return kernels::subtract(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Multiply>(DType loop, std::span<const Operand> inputs,
                                        const NDArray* out) {
    return launch_loop<Ufunc::Multiply, kAll.bits()>(
        [](const auto&... a) { return kernels::multiply(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::TrueDivide>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    if (is_integer(loop)) {
        return launch_loop<Ufunc::TrueDivide, kIntegers.bits()>(
            [](const auto&... a) { return kernels::divide_integer(a...); }, loop, inputs, out);
    }
    return launch_loop<Ufunc::TrueDivide, kFloats.bits()>(
        [](const auto&... a) { return kernels::divide(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::FloorDivide>(DType loop, std::span<const Operand> inputs,
                                           const NDArray* out) {
    if (is_integer(loop)) {
        return launch_loop<Ufunc::FloorDivide, kIntegers.bits()>(
            [](const auto&... a) { return kernels::floor_divide_integer(a...); }, loop, inputs,
            out);
    }
    if (loop == DType::Float64) {
        return launch_loop<Ufunc::FloorDivide, kFloat64>(
            [](const auto&... a) { return kernels::floor_divide_float64(a...); }, loop, inputs,
            out);
    }
    return launch_loop<Ufunc::FloorDivide, kHalvesAndFloat32>(
        [](const auto&... a) { return kernels::floor_divide_float(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Remainder>(DType loop, std::span<const Operand> inputs,
                                         const NDArray* out) {
    if (is_integer(loop)) {
        return launch_loop<Ufunc::Remainder, kIntegers.bits()>(
            [](const auto&... a) { return kernels::remainder_integer(a...); }, loop, inputs, out);
    }
    if (loop == DType::Float64) {
        return launch_loop<Ufunc::Remainder, kFloat64>(
            [](const auto&... a) { return kernels::remainder_float64(a...); }, loop, inputs, out);
    }
    return launch_loop<Ufunc::Remainder, kHalvesAndFloat32>(
        [](const auto&... a) { return kernels::remainder_float(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Power>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    if (is_integer(loop)) {
        return launch_loop<Ufunc::Power, kIntegers.bits()>(
            [](const auto&... a) { return kernels::power_integer(a...); }, loop, inputs, out);
    }
    return launch_loop<Ufunc::Power, kFloats.bits()>(
        [](const auto&... a) { return kernels::power_float(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Negative>(DType loop, std::span<const Operand> inputs,
                                        const NDArray* out) {
    return launch_loop<Ufunc::Negative, kNumbers.bits()>(
        [](const auto&... a) { return kernels::negative(a...); }, loop, inputs, out);
}

} // namespace gpucc::detail
