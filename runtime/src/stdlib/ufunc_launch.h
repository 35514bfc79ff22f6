// How the standard library reaches a ufunc's generated kernel once the loop is chosen
// (ufunc_apply.cpp chooses it): launch_loop<U, kTypes>(kernel, loop, inputs, out) turns each
// input into an Array<T> or a T (a scalar converted by NumPy's rules, ValueError when it does not
// fit) for the loop's element type T, and calls `kernel` (a generic lambda forwarding to the
// generated wrapper) with them, and with the output typed when one is given. kTypes lists the
// dtypes the kernel was compiled for, so no other instance is requested of the generated code.
#pragma once

#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/errors.h"
#include "gpucc/stdlib/operand.h"
#include "gpucc/stdlib/promotion.h"
#include "gpucc/stdlib/ufunc.h"
#include "gpucc/stdlib/ufunc_loops.h"
#include "stdlib/dtype_dispatch.h"

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace gpucc::stdlib {

/// The name NumPy gives input `index` of `ufunc` in messages: x for one input, x1 and x2 for
/// two, x, min and max for clip.
constexpr const char* argument_name(Ufunc ufunc, std::size_t index) noexcept {
    const int nin = ufunc_info(ufunc).nin;
    if (nin == 1) {
        return "x";
    }
    if (nin == 3) {
        return index == 0 ? "x" : (index == 1 ? "min" : "max");
    }
    return index == 0 ? "x1" : "x2";
}

template <ElementType T>
std::variant<Array<T>, T> typed_operand(const Operand& operand, const char* function,
                                        const char* argument) {
    if (operand.is_array()) {
        return operand.array().as<T>();
    }
    return operand.scalar().to<T>(function, argument);
}

[[noreturn]] inline void throw_unreachable_loop(std::string_view ufunc) {
    throw std::logic_error(std::string(ufunc) + ": no kernel for the chosen loop");
}

template <Ufunc U, std::uint16_t kTypes, class Kernel>
NDArray launch_loop(const Kernel& kernel, DType loop, std::span<const Operand> inputs,
                    const NDArray* out) {
    constexpr UfuncInfo kInfo = ufunc_info(U);
    return dispatch_dtype(loop, [&]<class T>() -> NDArray {
        if constexpr (!DTypeSet::from_bits(kTypes).contains(dtype_of<T>())) {
            throw_unreachable_loop(kInfo.name);
        } else {
            using R = element_t<loop_output_dtype(U, dtype_of<T>())>;
            auto call = [&](const auto&... args) -> NDArray {
                if constexpr ((!detail::is_array_v<decltype(args)> && ...)) {
                    throw_unreachable_loop(kInfo.name); // apply_ufunc requires an array
                } else {
                    if (out != nullptr) {
                        kernel(args..., out->as<R>());
                        return *out;
                    }
                    return kernel(args...).ndarray();
                }
            };
            const char* name = kInfo.name.data();
            if constexpr (kInfo.nin == 1) {
                return std::visit(call, typed_operand<T>(inputs[0], name, argument_name(U, 0)));
            } else if constexpr (kInfo.nin == 2) {
                return std::visit(call, typed_operand<T>(inputs[0], name, argument_name(U, 0)),
                                  typed_operand<T>(inputs[1], name, argument_name(U, 1)));
            } else {
                return std::visit(call, typed_operand<T>(inputs[0], name, argument_name(U, 0)),
                                  typed_operand<T>(inputs[1], name, argument_name(U, 1)),
                                  typed_operand<T>(inputs[2], name, argument_name(U, 2)));
            }
        }
    });
}

} // namespace gpucc::stdlib
