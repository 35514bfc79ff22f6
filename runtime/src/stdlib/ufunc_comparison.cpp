// The comparison and logic ufuncs' loops (runtime/src/stdlib/kernels/comparison.dsl), NumPy 2's
// exact integer comparisons (int64 against uint64; integer arrays against scalars outside their
// range), and where().
#include "comparison.gpucc.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"
#include "stdlib/ufunc_launch.h"

#include <array>
#include <string>

namespace gpucc::stdlib {
namespace {

namespace kernels = gpucc_stdlib_comparison;
using namespace ufunc_dtypes;

/// The comparison with its operands swapped: a < b is b > a.
Ufunc mirrored(Ufunc ufunc) {
    switch (ufunc) {
    case Ufunc::Less:
        return Ufunc::Greater;
    case Ufunc::LessEqual:
        return Ufunc::GreaterEqual;
    case Ufunc::Greater:
        return Ufunc::Less;
    case Ufunc::GreaterEqual:
        return Ufunc::LessEqual;
    default:
        return ufunc;
    }
}

/// The kernel comparing an int64 array (x1) with a uint64 array (x2), or the reverse.
NDArray compare_int64_uint64(Ufunc ufunc, const NDArray& x1, const NDArray& x2) {
    const bool signed_first = x1.dtype() == DType::Int64;
    auto run = [&](const auto& int64_first, const auto& uint64_first) -> NDArray {
        if (signed_first) {
            return int64_first(x1.as<std::int64_t>(), x2.as<std::uint64_t>()).ndarray();
        }
        return uint64_first(x1.as<std::uint64_t>(), x2.as<std::int64_t>()).ndarray();
    };
    switch (ufunc) {
    case Ufunc::Equal:
        return run([](const auto&... a) { return kernels::equal_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::equal_uint64_int64(a...); });
    case Ufunc::NotEqual:
        return run([](const auto&... a) { return kernels::not_equal_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::not_equal_uint64_int64(a...); });
    case Ufunc::Less:
        return run([](const auto&... a) { return kernels::less_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::less_uint64_int64(a...); });
    case Ufunc::LessEqual:
        return run([](const auto&... a) { return kernels::less_equal_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::less_equal_uint64_int64(a...); });
    case Ufunc::Greater:
        return run([](const auto&... a) { return kernels::greater_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::greater_uint64_int64(a...); });
    default:
        return run([](const auto&... a) { return kernels::greater_equal_int64_uint64(a...); },
                   [](const auto&... a) { return kernels::greater_equal_uint64_int64(a...); });
    }
}

} // namespace

} // namespace gpucc::stdlib

// One loop runner per ufunc (gpucc/stdlib/ufunc.h): a program links the kernels of the ufuncs it
// calls and no others.
namespace gpucc::detail {
using namespace stdlib;

std::optional<NDArray> compare_exactly(Ufunc ufunc, std::span<const Operand> inputs) {
    const Operand& x1 = inputs[0];
    const Operand& x2 = inputs[1];
    if (x1.is_array() && x2.is_array()) {
        const DType a = x1.array().dtype();
        const DType b = x2.array().dtype();
        if ((a == DType::Int64 && b == DType::UInt64) ||
            (a == DType::UInt64 && b == DType::Int64)) {
            return compare_int64_uint64(ufunc, x1.array(), x2.array());
        }
        return std::nullopt;
    }
    const bool array_first = x1.is_array();
    const NDArray& array = array_first ? x1.array() : x2.array();
    const Scalar& scalar = array_first ? x2.scalar() : x1.scalar();
    if (!is_integer(array.dtype()) || scalar.kind() != Scalar::Kind::Integer ||
        scalar.fits(array.dtype())) {
        return std::nullopt;
    }
    // The scalar lies beyond every element: the answer is the same for all of them.
    const bool scalar_above = !scalar.is_negative();
    const Ufunc as_array_op_scalar = array_first ? ufunc : mirrored(ufunc);
    bool value = false;
    switch (as_array_op_scalar) {
    case Ufunc::Equal:
        value = false;
        break;
    case Ufunc::NotEqual:
        value = true;
        break;
    case Ufunc::Less:
    case Ufunc::LessEqual:
        value = scalar_above;
        break;
    default: // Greater, GreaterEqual
        value = !scalar_above;
        break;
    }
    return full(array.shape(), value, DType::Bool, array.device());
}

template <>
NDArray run_ufunc_loop<Ufunc::Equal>(DType loop, std::span<const Operand> inputs,
                                     const NDArray* out) {
    return launch_loop<Ufunc::Equal, kAll.bits()>(
        [](const auto&... a) { return kernels::equal(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::NotEqual>(DType loop, std::span<const Operand> inputs,
                                        const NDArray* out) {
    return launch_loop<Ufunc::NotEqual, kAll.bits()>(
        [](const auto&... a) { return kernels::not_equal(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Less>(DType loop, std::span<const Operand> inputs,
                                    const NDArray* out) {
    return launch_loop<Ufunc::Less, kAll.bits()>(
        [](const auto&... a) { return kernels::less(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LessEqual>(DType loop, std::span<const Operand> inputs,
                                         const NDArray* out) {
    return launch_loop<Ufunc::LessEqual, kAll.bits()>(
        [](const auto&... a) { return kernels::less_equal(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::Greater>(DType loop, std::span<const Operand> inputs,
                                       const NDArray* out) {
    return launch_loop<Ufunc::Greater, kAll.bits()>(
        [](const auto&... a) { return kernels::greater(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::GreaterEqual>(DType loop, std::span<const Operand> inputs,
                                            const NDArray* out) {
    return launch_loop<Ufunc::GreaterEqual, kAll.bits()>(
        [](const auto&... a) { return kernels::greater_equal(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LogicalAnd>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::LogicalAnd, kAll.bits()>(
        [](const auto&... a) { return kernels::logical_and(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LogicalOr>(DType loop, std::span<const Operand> inputs,
                                         const NDArray* out) {
    return launch_loop<Ufunc::LogicalOr, kAll.bits()>(
        [](const auto&... a) { return kernels::logical_or(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LogicalXor>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::LogicalXor, kAll.bits()>(
        [](const auto&... a) { return kernels::logical_xor(a...); }, loop, inputs, out);
}

template <>
NDArray run_ufunc_loop<Ufunc::LogicalNot>(DType loop, std::span<const Operand> inputs,
                                          const NDArray* out) {
    return launch_loop<Ufunc::LogicalNot, kAll.bits()>(
        [](const auto&... a) { return kernels::logical_not(a...); }, loop, inputs, out);
}

} // namespace gpucc::detail

namespace gpucc {

NDArray where(const Operand& condition, const Operand& x, const Operand& y) {
    const NDArray* first_array = condition.is_array() ? &condition.array()
                                 : x.is_array()       ? &x.array()
                                 : y.is_array()       ? &y.array()
                                                      : nullptr;
    if (first_array == nullptr) {
        throw ValueError("where: at least one argument must be an array");
    }
    // The result dtype: x and y promoted, the scalars weak; two scalars promote their defaults.
    DType dtype = DType::Bool;
    if (x.is_array() || y.is_array()) {
        bool have_array = false;
        for (const Operand* operand : {&x, &y}) {
            if (operand->is_array()) {
                dtype = have_array ? result_type(dtype, operand->array().dtype())
                                   : operand->array().dtype();
                have_array = true;
            }
        }
        for (const Operand* operand : {&x, &y}) {
            if (!operand->is_array()) {
                dtype = result_type(dtype, operand->scalar().kind());
            }
        }
    } else {
        dtype = result_type(result_type(DType::Bool, x.scalar().kind()), y.scalar().kind());
    }
    const Operand condition_bool = condition.is_array() && condition.array().dtype() != DType::Bool
                                       ? Operand(condition.array().astype(DType::Bool))
                                       : condition;
    auto as_dtype = [&](const Operand& operand) -> Operand {
        return operand.is_array() && operand.array().dtype() != dtype
                   ? Operand(operand.array().astype(dtype))
                   : operand;
    };
    // The kernel's T is bound by x or y: with two scalars, x becomes an array.
    const Operand x_ready = x.is_array() || y.is_array()
                                ? as_dtype(x)
                                : Operand(full_like(*first_array, x.scalar(), dtype));
    const Operand y_ready = as_dtype(y);
    return stdlib::dispatch_dtype(dtype, [&]<class T>() -> NDArray {
        auto call = [&](const auto& c, const auto& a, const auto& b) -> NDArray {
            if constexpr (!detail::is_array_v<decltype(a)> && !detail::is_array_v<decltype(b)>) {
                stdlib::throw_unreachable_loop("where");
            } else {
                return gpucc_stdlib_comparison::where(c, a, b).ndarray();
            }
        };
        return std::visit(call, stdlib::typed_operand<bool>(condition_bool, "where", "condition"),
                          stdlib::typed_operand<T>(x_ready, "where", "x"),
                          stdlib::typed_operand<T>(y_ready, "where", "y"));
    });
}

} // namespace gpucc
