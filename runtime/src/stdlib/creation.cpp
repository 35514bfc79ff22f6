// Array creation (gpucc/stdlib/creation.h): the host side of NumPy's rules (default dtypes,
// arange's length and first two elements, linspace's step) and one launch of a
// runtime/src/stdlib/kernels/creation.dsl kernel into a new array.
#include "gpucc/stdlib/creation.h"

#include "creation.gpucc.h"
#include "gpucc/errors.h"
#include "stdlib/dtype_dispatch.h"

#include <cmath>
#include <concepts>
#include <limits>
#include <string>

namespace gpucc {
namespace {

namespace kernels = gpucc_stdlib_creation;

template <class T>
constexpr bool kIsInteger = std::integral<T> && !std::is_same_v<T, bool>;

template <class T>
constexpr bool kIsHalf = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;

/// The dtype NumPy gives a Python scalar: bool, int64 (uint64 above int64's range), float64.
DType default_dtype(const Scalar& value) {
    switch (value.kind()) {
    case Scalar::Kind::Bool:
        return DType::Bool;
    case Scalar::Kind::Integer:
        return value.fits(DType::Int64) ? DType::Int64 : DType::UInt64;
    case Scalar::Kind::Floating:
        break;
    }
    return DType::Float64;
}

/// arange's element count by NumPy's rule; exact for integer bounds.
std::int64_t arange_length(const Scalar& start, const Scalar& stop, const Scalar& step) {
    const bool integral = start.kind() != Scalar::Kind::Floating &&
                          stop.kind() != Scalar::Kind::Floating &&
                          step.kind() != Scalar::Kind::Floating;
    if (integral) {
        auto wide = [](const Scalar& s) {
            return s.fits(DType::Int64) ? static_cast<__int128>(s.to<std::int64_t>("arange", ""))
                                        : static_cast<__int128>(s.to<std::uint64_t>("arange", ""));
        };
        const __int128 delta = wide(stop) - wide(start);
        const __int128 by = wide(step);
        if (by == 0) {
            throw ValueError("arange: step must not be zero");
        }
        if ((delta > 0) != (by > 0) || delta == 0) {
            return 0;
        }
        const __int128 magnitude = delta > 0 ? delta : -delta;
        const __int128 stride = by > 0 ? by : -by;
        const __int128 count = (magnitude + stride - 1) / stride;
        if (count > std::numeric_limits<std::int64_t>::max()) {
            throw ValueError("arange: the length " + std::to_string(static_cast<double>(count)) +
                             " is too large");
        }
        return static_cast<std::int64_t>(count);
    }
    const double by = step.as_double();
    if (by == 0) {
        throw ValueError("arange: step must not be zero");
    }
    const double delta = stop.as_double() - start.as_double();
    const double quotient = delta / by;
    if (quotient == 0 && delta != 0) {
        return std::signbit(quotient) ? 0 : 1;
    }
    if (std::isnan(quotient)) {
        throw ValueError("arange: cannot compute the length of arange(" + start.to_string() + ", " +
                         stop.to_string() + ", " + step.to_string() + ")");
    }
    const double length = std::ceil(quotient);
    if (length >= 9.2233720368547758e18) {
        throw ValueError("arange: the length " + std::to_string(length) + " is too large");
    }
    return length > 0 ? static_cast<std::int64_t>(length) : 0;
}

/// start + step as NumPy computes the second element before converting it: in the integers when
/// both are integers, else in float64.
Scalar second_element(const Scalar& start, const Scalar& step) {
    if (start.kind() != Scalar::Kind::Floating && step.kind() != Scalar::Kind::Floating &&
        start.fits(DType::Int64) && step.fits(DType::Int64)) {
        const std::int64_t a = start.to<std::int64_t>("arange", "start");
        const std::int64_t b = step.to<std::int64_t>("arange", "step");
        std::int64_t sum = 0;
        if (!__builtin_add_overflow(a, b, &sum)) {
            return sum;
        }
    }
    return start.as_double() + step.as_double();
}

} // namespace

NDArray full(const Shape& shape, Scalar fill_value, DType dtype, Device device) {
    NDArray result = empty(shape, dtype, device);
    stdlib::dispatch_dtype(dtype, [&]<class T>() {
        kernels::fill(fill_value.to<T>("full", "fill_value"), result.as<T>());
    });
    return result;
}

NDArray full(const Shape& shape, Scalar fill_value, Device device) {
    return full(shape, fill_value, default_dtype(fill_value), device);
}

NDArray zeros(const Shape& shape, DType dtype, Device device) {
    return full(shape, 0, dtype, device);
}

NDArray ones(const Shape& shape, DType dtype, Device device) {
    return full(shape, 1, dtype, device);
}

NDArray arange(Scalar stop, Device device) {
    return arange(0, stop, 1, device);
}

NDArray arange(Scalar start, Scalar stop, Scalar step, Device device) {
    DType dtype = DType::Int64;
    for (const Scalar& bound : {start, stop, step}) {
        const DType own = default_dtype(bound);
        if (own == DType::Float64 || (own == DType::UInt64 && dtype == DType::Int64)) {
            dtype = own;
        }
    }
    return arange(start, stop, step, dtype, device);
}

NDArray arange(Scalar start, Scalar stop, Scalar step, DType dtype, Device device) {
    if (dtype == DType::Bool) {
        throw TypeError("arange: no arange of dtype bool (NumPy has none beyond two elements)");
    }
    const std::int64_t length = arange_length(start, stop, step);
    NDArray result = empty({length}, dtype, device);
    const Scalar second = second_element(start, step);
    stdlib::dispatch_dtype(dtype, [&]<class T>() {
        if constexpr (kIsInteger<T>) {
            const T first_value = start.to<T>("arange", "start");
            // The second element only exists for lengths above 1; NumPy converts it then.
            const T second_value =
                length > 1 ? second.to<T>("arange", "start + step") : first_value;
            kernels::arange_integer(first_value, static_cast<T>(second_value - first_value),
                                    result.as<T>());
        } else if constexpr (std::is_same_v<T, double>) {
            const double first_value = start.as_double();
            const double second_value = second.as_double();
            kernels::arange_float64(first_value, second_value, second_value - first_value,
                                    result.as<T>());
        } else if constexpr (!std::is_same_v<T, bool>) {
            // float16, bfloat16 and float32: the first two elements rounded to T, the step
            // their difference in float32 (NumPy's HALF_fill and FLOAT_fill).
            const T first_value = static_cast<T>(start.as_double());
            const T second_value = static_cast<T>(second.as_double());
            const float delta = static_cast<float>(second_value) - static_cast<float>(first_value);
            kernels::arange_float32(first_value, second_value, delta, result.as<T>());
        }
    });
    return result;
}

NDArray linspace(double start, double stop, std::int64_t num, bool endpoint, DType dtype,
                 Device device) {
    if (num < 0) {
        throw ValueError("linspace: number of samples, " + std::to_string(num) +
                         ", must be non-negative");
    }
    const std::int64_t div = endpoint ? num - 1 : num;
    const double delta = stop - start;
    double step = div > 0 ? delta / static_cast<double>(div) : 0.0;
    // NumPy divides before multiplying when the step underflows to zero, and for 0 or 1 samples
    // with the endpoint (div <= 0) multiplies by delta: i * delta with i = 0.
    const bool step_is_zero = div <= 0 || step == 0.0;
    const double divisor = div > 0 ? static_cast<double>(div) : 1.0;
    const bool set_last = endpoint && num > 1;
    const bool integer_dtype = dtype != DType::Bool && dtype != DType::Float16 &&
                               dtype != DType::BFloat16 && dtype != DType::Float32 &&
                               dtype != DType::Float64;
    if (integer_dtype && num > 0) {
        // The elements lie between the first and the last, so their floors fit when those do.
        const auto last_index = static_cast<double>(num - 1);
        const double last = set_last       ? stop
                            : step_is_zero ? last_index / divisor * delta + start
                                           : last_index * step + start;
        for (const double bound : {start, last}) {
            if (!Scalar(std::floor(bound)).fits(dtype)) {
                throw ValueError("linspace: the value " + Scalar(bound).to_string() +
                                 " is outside the range of " + std::string(dtype_name(dtype)));
            }
        }
    }
    NDArray result = empty({num}, dtype, device);
    stdlib::dispatch_dtype(dtype, [&]<class T>() {
        // The last element with the endpoint: stop, floored for integer types, converted.
        const double last = integer_dtype ? std::floor(stop) : stop;
        kernels::linspace(start, step, delta, divisor, step_is_zero, set_last,
                          set_last ? Scalar(last).to<T>("linspace", "stop") : T{}, integer_dtype,
                          result.as<T>());
    });
    return result;
}

NDArray eye(std::int64_t rows, std::optional<std::int64_t> columns, std::int64_t k, DType dtype,
            Device device) {
    const std::int64_t column_count = columns.value_or(rows);
    NDArray result = empty({rows, column_count}, dtype, device);
    stdlib::dispatch_dtype(dtype,
                           [&]<class T>() { kernels::eye(column_count, k, T(1), result.as<T>()); });
    return result;
}

NDArray empty_like(const NDArray& prototype, std::optional<DType> dtype) {
    return empty(prototype.shape(), dtype.value_or(prototype.dtype()), prototype.device());
}

NDArray zeros_like(const NDArray& prototype, std::optional<DType> dtype) {
    return zeros(prototype.shape(), dtype.value_or(prototype.dtype()), prototype.device());
}

NDArray ones_like(const NDArray& prototype, std::optional<DType> dtype) {
    return ones(prototype.shape(), dtype.value_or(prototype.dtype()), prototype.device());
}

NDArray full_like(const NDArray& prototype, Scalar fill_value, std::optional<DType> dtype) {
    return full(prototype.shape(), fill_value, dtype.value_or(prototype.dtype()),
                prototype.device());
}

NDArray ascontiguousarray(const NDArray& array) {
    return array.is_c_contiguous() ? array : array.copy();
}

} // namespace gpucc
