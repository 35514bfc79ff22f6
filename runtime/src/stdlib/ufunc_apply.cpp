// apply_ufunc (gpucc/stdlib/ufunc.h): NumPy 2's resolution of a ufunc call at run time. The inputs'
// common dtype (arrays promoted, scalars weak), the loop (ufunc_loops.h), the checks that make
// NumPy's errors (no array, no loop, a scalar that does not fit, a negative integer power, an
// output the result may not be cast to), the conversion of array inputs to the loop's dtype, and
// the ufunc's own loop runner that runs it (passed in, so that apply_ufunc reaches no other
// ufunc's kernels). The untyped public functions are one line each over it.
#include "gpucc/stdlib/ufunc.h"
#include "stdlib/conversion.h"
#include "stdlib/ufunc_launch.h"

#include <array>
#include <string>

namespace gpucc {
namespace {

std::string supported_dtypes(Ufunc ufunc) {
    std::string names;
    for (DType dtype : kLoopSearchOrder) {
        if (ufunc_info(ufunc).loops.contains(dtype)) {
            names += (names.empty() ? "" : ", ") + std::string(dtype_name(dtype));
        }
    }
    return names;
}

[[noreturn]] void throw_no_loop(Ufunc ufunc, std::span<const Operand> inputs, DType common) {
    const UfuncInfo info = ufunc_info(ufunc);
    const std::string name(info.name);
    if (info.rejects_bool && common == DType::Bool) {
        throw TypeError(name + ": the boolean " + name +
                        (ufunc == Ufunc::Subtract
                             ? " (the - operator) is not supported; use bitwise_xor (the ^ "
                               "operator) or logical_xor instead"
                             : " (the - operator) is not supported; use invert (the ~ operator) "
                               "or logical_not instead"));
    }
    const std::string supported = "; supported dtypes: " + supported_dtypes(ufunc);
    // Name the argument whose own dtype has no loop, if one has none.
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].is_array() && !find_loop(ufunc, inputs[i].array().dtype())) {
            throw TypeError(name + ": argument " + stdlib::argument_name(ufunc, i) + " has dtype " +
                            std::string(dtype_name(inputs[i].array().dtype())) + ", which " + name +
                            " has no loop for" + supported);
        }
    }
    std::string arguments;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        arguments += (i == 0 ? "" : (i + 1 == inputs.size() ? " and " : ", "));
        arguments += stdlib::argument_name(ufunc, i);
        arguments += inputs[i].is_array()
                         ? " (" + std::string(dtype_name(inputs[i].array().dtype())) + ")"
                         : " (the scalar " + inputs[i].scalar().to_string() + ")";
    }
    throw TypeError(name + ": arguments " + arguments + " promote to " +
                    std::string(dtype_name(common)) + ", which " + name + " has no loop for" +
                    supported);
}

} // namespace

namespace detail {

NDArray apply_ufunc(Ufunc ufunc, UfuncKernels kernels, std::initializer_list<Operand> input_list,
                    const NDArray* out, const char* operator_name) {
    const UfuncInfo info = ufunc_info(ufunc);
    const std::string name(info.name);
    const std::span<const Operand> inputs(input_list.begin(), input_list.size());

    // The common dtype: the arrays' dtypes promoted, then each weak scalar.
    bool have_array = false;
    DType common = DType::Bool;
    for (const Operand& input : inputs) {
        if (input.is_array()) {
            common =
                have_array ? result_type(common, input.array().dtype()) : input.array().dtype();
            have_array = true;
        }
    }
    if (!have_array) {
        throw ValueError(name + ": at least one argument must be an array");
    }
    for (const Operand& input : inputs) {
        if (!input.is_array()) {
            common = result_type(common, input.scalar().kind());
        }
    }

    if (kernels.exact != nullptr && out == nullptr) {
        if (std::optional<NDArray> exact = kernels.exact(ufunc, inputs)) {
            return *exact;
        }
    }
    const std::optional<UfuncLoop> loop = find_loop(ufunc, common);
    if (!loop) {
        throw_no_loop(ufunc, inputs, common);
    }
    // Scalars are checked before any work: one that does not fit is a ValueError.
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].is_array() && !inputs[i].scalar().fits(loop->input)) {
            stdlib::dispatch_dtype(loop->input, [&]<class T>() {
                (void)inputs[i].scalar().to<T>(info.name.data(), stdlib::argument_name(ufunc, i));
            });
        }
    }
    if (ufunc == Ufunc::Power && is_integer(loop->input) && !inputs[1].is_array() &&
        inputs[1].scalar().kind() == Scalar::Kind::Integer && inputs[1].scalar().is_negative()) {
        throw ValueError("power: integers to negative integer powers are not allowed (exponent " +
                         inputs[1].scalar().to_string() + ")");
    }
    if (out != nullptr && !can_cast(loop->output, out->dtype(), Casting::SameKind)) {
        throw TypeError(name + ": cannot cast the result from " +
                        std::string(dtype_name(loop->output)) + " to the output's " +
                        std::string(dtype_name(out->dtype())) + " under the same_kind rule" +
                        (operator_name != nullptr ? " (in-place " + std::string(operator_name) + ")"
                                                  : std::string()));
    }

    // Array inputs of another dtype are converted to the loop's (NumPy's casting pass).
    std::array<Operand, 3> ready = {Operand(0), Operand(0), Operand(0)};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        ready[i] = inputs[i].is_array() && inputs[i].array().dtype() != loop->input
                       ? Operand(inputs[i].array().astype(loop->input))
                       : inputs[i];
    }
    const std::span<const Operand> loop_inputs(ready.data(), inputs.size());
    const bool out_has_loop_dtype = out != nullptr && out->dtype() == loop->output;
    NDArray result = kernels.run(loop->input, loop_inputs, out_has_loop_dtype ? out : nullptr);
    if (out != nullptr && !out_has_loop_dtype) {
        stdlib::convert_into(result, *out);
        return *out;
    }
    return result;
}

} // namespace detail
} // namespace gpucc
