// The reductions of gpucc/stdlib/reduction.h and the NDArray methods that call them: each checks
// its arguments the way NumPy words the errors (the axes, a given `out`, an empty reduction
// without identity), picks the kernel of kernels/reduction_*.dsl for x's kind of dtype (the files
// split each reduction by result dtype: signed/unsigned for sum and prod, integer/half/float for
// mean, var, std and norm) and calls its generated wrapper with x's element type. var and std run
// two kernels: the mean with keepdims, then the squared deviations from it, broadcast against x.
#include "gpucc/stdlib/reduction.h"

#include "array/axis.h"
#include "gpucc/errors.h"
#include "reduction_extreme.gpucc.h"
#include "reduction_logical.gpucc.h"
#include "reduction_spread.gpucc.h"
#include "reduction_sum.gpucc.h"
#include "stdlib/dtype_dispatch.h"

#include <cstdint>
#include <string>
#include <type_traits>

namespace gpucc {
namespace stdlib {
namespace {

// The reductions' four modules, one per family (kernels/reduction_*.dsl), under one name.
namespace kernels {
using namespace gpucc_stdlib_reduction_sum;
using namespace gpucc_stdlib_reduction_extreme;
using namespace gpucc_stdlib_reduction_spread;
using namespace gpucc_stdlib_reduction_logical;
} // namespace kernels

// A generic lambda that forwards its arguments to the generated wrapper `name`, so that one
// value stands for both of its forms (allocated and given output) and every instance.
#define GPUCC_REDUCTION_KERNEL(name) [](const auto&... args) { return kernels::name(args...); }

template <class T>
constexpr bool kIsHalf = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <class T>
constexpr bool kIsFloat = kIsHalf<T> || std::is_floating_point_v<T>;
/// bool and the signed integers: sum and prod give int64.
template <class T>
constexpr bool kIsSignedOrBool = std::is_same_v<T, bool> || std::is_signed_v<T>;

/// One call of a public reduction.
struct Call {
    const char* name; ///< NumPy's name of the function, for messages: "sum"
    const NDArray& x;
    const NDArray* out; ///< the given output, or null to allocate one
    const Axis& axis;
    bool keepdims;
};

std::string dtype_text(DType dtype) {
    return std::string(dtype_name(dtype));
}

/// NumPy's checks before anything runs: each axis in range (IndexError naming the call) and
/// given once (ValueError), a given output of the result dtype (TypeError) and shape
/// (ShapeError), and, without an identity (`no_identity_name` is NumPy's ufunc name then), at
/// least one element reduced into each output unless there are no outputs.
void check_call(const Call& call, DType result, const char* no_identity_name = nullptr) {
    const int ndim = call.x.ndim();
    bool reduced[kMaxNdim] = {};
    if (call.axis.is_all()) {
        for (int k = 0; k < ndim; ++k) {
            reduced[k] = true;
        }
    } else {
        for (int axis : call.axis) {
            const int k = detail::normalize_axis(axis, ndim, call.name);
            if (reduced[k]) {
                throw ValueError(std::string(call.name) + ": duplicate value in 'axis' (axis " +
                                 std::to_string(axis) + " is axis " + std::to_string(k) +
                                 ", given before)");
            }
            reduced[k] = true;
        }
    }
    Shape out_shape;
    std::int64_t reduced_count = 1;
    for (int k = 0; k < ndim; ++k) {
        const std::int64_t extent = call.x.shape()[k];
        if (reduced[k]) {
            reduced_count *= extent;
            if (call.keepdims) {
                out_shape.push_back(1);
            }
        } else {
            out_shape.push_back(extent);
        }
    }
    if (call.out != nullptr) {
        if (call.out->dtype() != result) {
            throw TypeError(std::string(call.name) + ": out has dtype " +
                            dtype_text(call.out->dtype()) + ", expected " + dtype_text(result) +
                            " (the result dtype of " + call.name + " for " +
                            dtype_text(call.x.dtype()) + " input; out is not cast)");
        }
        if (call.out->shape() != out_shape) {
            throw ShapeError(std::string(call.name) + ": out has shape " +
                             call.out->shape().to_string() + ", expected " + out_shape.to_string() +
                             " (x's shape " + call.x.shape().to_string() + " reduced" +
                             (call.keepdims ? " with keepdims)" : ")"));
        }
    }
    if (no_identity_name != nullptr && reduced_count == 0 && out_shape.element_count() > 0) {
        throw ValueError(std::string("zero-size array to reduction operation ") + no_identity_name +
                         " which has no identity");
    }
}

/// Runs `kernel` (a GPUCC_REDUCTION_KERNEL whose output element type is R) on `inputs`, into
/// call.out when one is given, and returns the result.
template <ElementType R, class Kernel, class... Inputs>
NDArray launch(const Call& call, const Kernel& kernel, const Inputs&... inputs) {
    if (call.out != nullptr) {
        kernel(inputs..., call.out->as<R>(), call.axis, call.keepdims);
        return *call.out;
    }
    return kernel(inputs..., call.axis, call.keepdims).ndarray();
}

/// sum and prod: the kernel for bool and signed integers, unsigned integers, float16/bfloat16,
/// float32/float64.
template <class Signed, class Unsigned, class Half, class Float>
NDArray run_sum_like(const Call& call, const Signed& signed_kernel, const Unsigned& unsigned_kernel,
                     const Half& half_kernel, const Float& float_kernel) {
    check_call(call, sum_dtype(call.x.dtype()));
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        const Array<T> x = call.x.as<T>();
        using R = sum_result_t<T>;
        if constexpr (kIsHalf<T>) {
            return launch<R>(call, half_kernel, x);
        } else if constexpr (kIsFloat<T>) {
            return launch<R>(call, float_kernel, x);
        } else if constexpr (kIsSignedOrBool<T>) {
            return launch<R>(call, signed_kernel, x);
        } else {
            return launch<R>(call, unsigned_kernel, x);
        }
    });
}

/// mean and norm: the kernel for bool and integers, float16/bfloat16, float32/float64.
template <class Integer, class Half, class Float>
NDArray run_mean_like(const Call& call, const Integer& integer_kernel, const Half& half_kernel,
                      const Float& float_kernel) {
    check_call(call, mean_dtype(call.x.dtype()));
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        const Array<T> x = call.x.as<T>();
        using R = mean_result_t<T>;
        if constexpr (kIsHalf<T>) {
            return launch<R>(call, half_kernel, x);
        } else if constexpr (kIsFloat<T>) {
            return launch<R>(call, float_kernel, x);
        } else {
            return launch<R>(call, integer_kernel, x);
        }
    });
}

/// var and std: the mean over the same axes with keepdims, in the type the deviations are
/// computed in (float64 for bool and integers, float32 for float16/bfloat16), then `kernel` of
/// x's kind on x, that mean and ddof.
template <class Integer, class Half, class Float>
NDArray run_var_like(const Call& call, int ddof, const Integer& integer_kernel,
                     const Half& half_kernel, const Float& float_kernel) {
    check_call(call, mean_dtype(call.x.dtype()));
    const auto ddof64 = static_cast<std::int64_t>(ddof);
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        const Array<T> x = call.x.as<T>();
        using R = mean_result_t<T>;
        if constexpr (kIsHalf<T>) {
            const Array<float> mean = kernels::mean_half_float32(x, call.axis, true);
            return launch<R>(call, half_kernel, x, mean, ddof64);
        } else if constexpr (kIsFloat<T>) {
            const Array<T> mean = kernels::mean_float(x, call.axis, true);
            return launch<R>(call, float_kernel, x, mean, ddof64);
        } else {
            const Array<double> mean = kernels::mean_integer(x, call.axis, true);
            return launch<R>(call, integer_kernel, x, mean, ddof64);
        }
    });
}

/// Reductions with one kernel for every dtype, of result dtype `result`.
template <ElementType R, class Kernel>
NDArray run_any_dtype(const Call& call, const Kernel& kernel,
                      const char* no_identity_name = nullptr) {
    check_call(call, dtype_of<R>(), no_identity_name);
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        return launch<R>(call, kernel, call.x.as<T>());
    });
}

/// min and max keep x's dtype.
template <class Kernel>
NDArray run_same_dtype(const Call& call, const Kernel& kernel, const char* no_identity_name) {
    check_call(call, call.x.dtype(), no_identity_name);
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        return launch<T>(call, kernel, call.x.as<T>());
    });
}

NDArray run_sum(const Call& call) {
    return run_sum_like(call, GPUCC_REDUCTION_KERNEL(sum_signed),
                        GPUCC_REDUCTION_KERNEL(sum_unsigned), GPUCC_REDUCTION_KERNEL(sum_half),
                        GPUCC_REDUCTION_KERNEL(sum_float));
}

NDArray run_prod(const Call& call) {
    return run_sum_like(call, GPUCC_REDUCTION_KERNEL(prod_signed),
                        GPUCC_REDUCTION_KERNEL(prod_unsigned), GPUCC_REDUCTION_KERNEL(prod_half),
                        GPUCC_REDUCTION_KERNEL(prod_float));
}

NDArray run_min(const Call& call) {
    return run_same_dtype(call, GPUCC_REDUCTION_KERNEL(amin), "minimum");
}

NDArray run_max(const Call& call) {
    return run_same_dtype(call, GPUCC_REDUCTION_KERNEL(amax), "maximum");
}

/// argmin/argmax: one axis or all (NumPy's rule), at least one element per output, then amin or
/// amax with keepdims and arg_first, the first position holding that extreme.
template <class Extreme>
NDArray run_arg(const Call& call, const Extreme& extreme) {
    if (!call.axis.is_all() && call.axis.count() != 1) {
        throw ValueError(std::string(call.name) + ": 'axis' must be one axis or all of them (" +
                         "NumPy's " + call.name + " takes an integer or None), got " +
                         std::to_string(call.axis.count()) + " axes");
    }
    check_call(call, DType::Int64);
    const bool empty = call.axis.is_all() ? call.x.size() == 0
                                          : call.x.shape()[detail::normalize_axis(
                                                *call.axis.begin(), call.x.ndim(), call.name)] == 0;
    if (empty) {
        throw ValueError(std::string("attempt to get ") + call.name + " of an empty sequence");
    }
    return dispatch_dtype(call.x.dtype(), [&]<class T>() -> NDArray {
        const Array<T> x = call.x.as<T>();
        const auto target = extreme(x, call.axis, true);
        return launch<std::int64_t>(call, GPUCC_REDUCTION_KERNEL(arg_first), x, target);
    });
}

NDArray run_argmin(const Call& call) {
    return run_arg(call, GPUCC_REDUCTION_KERNEL(amin));
}

NDArray run_argmax(const Call& call) {
    return run_arg(call, GPUCC_REDUCTION_KERNEL(amax));
}

NDArray run_mean(const Call& call) {
    return run_mean_like(call, GPUCC_REDUCTION_KERNEL(mean_integer),
                         GPUCC_REDUCTION_KERNEL(mean_half), GPUCC_REDUCTION_KERNEL(mean_float));
}

NDArray run_var(const Call& call, int ddof) {
    return run_var_like(call, ddof, GPUCC_REDUCTION_KERNEL(var_integer),
                        GPUCC_REDUCTION_KERNEL(var_half), GPUCC_REDUCTION_KERNEL(var_float));
}

NDArray run_std(const Call& call, int ddof) {
    return run_var_like(call, ddof, GPUCC_REDUCTION_KERNEL(std_integer),
                        GPUCC_REDUCTION_KERNEL(std_half), GPUCC_REDUCTION_KERNEL(std_float));
}

NDArray run_all(const Call& call) {
    return run_any_dtype<bool>(call, GPUCC_REDUCTION_KERNEL(all));
}

NDArray run_any(const Call& call) {
    return run_any_dtype<bool>(call, GPUCC_REDUCTION_KERNEL(any));
}

NDArray run_count_nonzero(const Call& call) {
    return run_any_dtype<std::int64_t>(call, GPUCC_REDUCTION_KERNEL(count_nonzero));
}

NDArray run_norm(const Call& call) {
    return run_mean_like(call, GPUCC_REDUCTION_KERNEL(norm_integer),
                         GPUCC_REDUCTION_KERNEL(norm_half), GPUCC_REDUCTION_KERNEL(norm_float));
}

#undef GPUCC_REDUCTION_KERNEL

} // namespace
} // namespace stdlib

NDArray sum(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_sum({"sum", x, nullptr, axis, keepdims});
}
void sum(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_sum({"sum", x, &out, axis, keepdims});
}

NDArray prod(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_prod({"prod", x, nullptr, axis, keepdims});
}
void prod(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_prod({"prod", x, &out, axis, keepdims});
}

NDArray min(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_min({"min", x, nullptr, axis, keepdims});
}
void min(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_min({"min", x, &out, axis, keepdims});
}

NDArray max(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_max({"max", x, nullptr, axis, keepdims});
}
void max(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_max({"max", x, &out, axis, keepdims});
}

NDArray argmin(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_argmin({"argmin", x, nullptr, axis, keepdims});
}
void argmin(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_argmin({"argmin", x, &out, axis, keepdims});
}

NDArray argmax(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_argmax({"argmax", x, nullptr, axis, keepdims});
}
void argmax(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_argmax({"argmax", x, &out, axis, keepdims});
}

NDArray mean(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_mean({"mean", x, nullptr, axis, keepdims});
}
void mean(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_mean({"mean", x, &out, axis, keepdims});
}

NDArray var(const NDArray& x, Axis axis, int ddof, bool keepdims) {
    return stdlib::run_var({"var", x, nullptr, axis, keepdims}, ddof);
}
void var(const NDArray& x, const NDArray& out, Axis axis, int ddof, bool keepdims) {
    stdlib::run_var({"var", x, &out, axis, keepdims}, ddof);
}

NDArray std(const NDArray& x, Axis axis, int ddof, bool keepdims) {
    return stdlib::run_std({"std", x, nullptr, axis, keepdims}, ddof);
}
void std(const NDArray& x, const NDArray& out, Axis axis, int ddof, bool keepdims) {
    stdlib::run_std({"std", x, &out, axis, keepdims}, ddof);
}

// gpucc::all, the slice `:` called as numpy.all (gpucc/array/slice.h).
NDArray detail::AllSlice::operator()(const NDArray& x, Axis axis, bool keepdims) const {
    return stdlib::run_all({"all", x, nullptr, axis, keepdims});
}
void detail::AllSlice::operator()(const NDArray& x, const NDArray& out, Axis axis,
                                  bool keepdims) const {
    stdlib::run_all({"all", x, &out, axis, keepdims});
}

NDArray any(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_any({"any", x, nullptr, axis, keepdims});
}
void any(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_any({"any", x, &out, axis, keepdims});
}

NDArray count_nonzero(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_count_nonzero({"count_nonzero", x, nullptr, axis, keepdims});
}
void count_nonzero(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_count_nonzero({"count_nonzero", x, &out, axis, keepdims});
}

namespace linalg {

NDArray norm(const NDArray& x, Axis axis, bool keepdims) {
    return stdlib::run_norm({"linalg.norm", x, nullptr, axis, keepdims});
}
void norm(const NDArray& x, const NDArray& out, Axis axis, bool keepdims) {
    stdlib::run_norm({"linalg.norm", x, &out, axis, keepdims});
}

} // namespace linalg

// NumPy's methods: the functions above (qualified, as the members hide them).
NDArray NDArray::sum(Axis axis, bool keepdims) const {
    return gpucc::sum(*this, axis, keepdims);
}
NDArray NDArray::prod(Axis axis, bool keepdims) const {
    return gpucc::prod(*this, axis, keepdims);
}
NDArray NDArray::min(Axis axis, bool keepdims) const {
    return gpucc::min(*this, axis, keepdims);
}
NDArray NDArray::max(Axis axis, bool keepdims) const {
    return gpucc::max(*this, axis, keepdims);
}
NDArray NDArray::argmin(Axis axis, bool keepdims) const {
    return gpucc::argmin(*this, axis, keepdims);
}
NDArray NDArray::argmax(Axis axis, bool keepdims) const {
    return gpucc::argmax(*this, axis, keepdims);
}
NDArray NDArray::mean(Axis axis, bool keepdims) const {
    return gpucc::mean(*this, axis, keepdims);
}
NDArray NDArray::var(Axis axis, int ddof, bool keepdims) const {
    return gpucc::var(*this, axis, ddof, keepdims);
}
NDArray NDArray::std(Axis axis, int ddof, bool keepdims) const {
    return gpucc::std(*this, axis, ddof, keepdims);
}
NDArray NDArray::all(Axis axis, bool keepdims) const {
    return gpucc::all(*this, axis, keepdims);
}
NDArray NDArray::any(Axis axis, bool keepdims) const {
    return gpucc::any(*this, axis, keepdims);
}

} // namespace gpucc
