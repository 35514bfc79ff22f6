// What the launchers of raw CUDA kernels (`raw cuda` in a .dsl file) are made of. The generated
// header declares, per kernel, a launcher whose parameters have the kernel's exact C++ types;
// this file decides which arguments each type takes and turns them into the values
// cuLaunchKernel passes:
//   - a pointer parameter takes a pointer that converts to it (a `double*` for a `float*` does
//     not compile), or an array whose elements the pointer points to: an Array<T> is checked at
//     compile time, an NDArray at run time (TypeError naming the argument); arrays must be
//     C-contiguous and on the device the kernel runs on (a raw kernel sees the data pointer only);
//   - a scalar parameter takes a value of its type or of one that converts to it without
//     narrowing (an `int` for a `long`, a `float` for a `double`; not a `double` for a `float`, nor
//     an `int` for a `float` or an `unsigned`: write `2.0f`, `int(n)`).
// Also: the typed accessors of `__device__`/`__constant__` variables (CuPy's get_global).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/device/device.h"
#include "gpucc/launch/grid.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpucc::detail {

/// Whether an array of U can be passed for a pointer to Pointee: the same type, or integers of
/// the same size and signedness (`long long*` takes an Array<std::int64_t>); void takes any.
template <class Pointee, class U>
inline constexpr bool raw_element_matches_v = [] {
    using P = std::remove_cv_t<Pointee>;
    if constexpr (std::is_void_v<P> || std::is_same_v<P, U>) {
        return true;
    } else if constexpr (std::is_integral_v<P> && std::is_integral_v<U> &&
                         !std::is_same_v<P, bool> && !std::is_same_v<U, bool>) {
        return sizeof(P) == sizeof(U) && std::is_signed_v<P> == std::is_signed_v<U>;
    } else {
        return false;
    }
}();

/// `To{from}` compiles: a conversion without narrowing.
template <class To, class From>
concept RawConvertsWithoutNarrowing = requires(From from) { To{from}; };

/// Whether an argument of type A can be passed for a parameter of type P (see the top of the
/// file).
template <class P, class A>
inline constexpr bool raw_arg_ok_v = [] {
    using D = std::remove_cvref_t<A>;
    if constexpr (std::is_pointer_v<P>) {
        using Pointee = std::remove_pointer_t<P>;
        if constexpr (is_array_v<D>) {
            return raw_element_matches_v<Pointee, typename ArrayTraits<D>::Element>;
        } else if constexpr (std::is_same_v<D, NDArray>) {
            return true;
        } else {
            return (std::is_pointer_v<D> || std::is_null_pointer_v<D>) &&
                   std::is_convertible_v<D, P>;
        }
    } else if constexpr (std::is_same_v<D, P>) {
        return true;
    } else if constexpr (std::is_arithmetic_v<D> && std::is_arithmetic_v<P>) {
        return RawConvertsWithoutNarrowing<P, D>;
    } else {
        return false;
    }
}();

/// The device a launch with `config` runs on.
inline Device raw_launch_device(const LaunchConfig& config) {
    return config.stream ? config.stream->device() : default_device();
}

/// Checks an array passed for a pointer parameter: on `device`, C-contiguous, and (when
/// `check_dtype`) of `dtype`. ValueError, DeviceError or TypeError naming the kernel and the
/// argument.
void check_raw_array(const NDArray& array, bool check_dtype, DType dtype, const char* kernel,
                     const char* param, Device device);

/// The value passed for parameter `param` (of type P) of `kernel`; raw_arg_ok_v<P, A> holds.
template <class P, class A>
P raw_arg(const A& arg, const char* kernel, const char* param, Device device) {
    using D = std::remove_cvref_t<A>;
    if constexpr (std::is_pointer_v<P> && (is_array_v<D> || std::is_same_v<D, NDArray>)) {
        using Pointee = std::remove_cv_t<std::remove_pointer_t<P>>;
        const NDArray& array = arg;
        bool checked = false;
        if constexpr (!std::is_void_v<Pointee>) {
            if constexpr (kIsElementType<Pointee>) {
                check_raw_array(array, std::is_same_v<D, NDArray>, dtype_of<Pointee>(), kernel,
                                param, device);
                checked = true;
            }
        }
        if (!checked) { // void* or char*: any dtype
            check_raw_array(array, false, DType::Bool, kernel, param, device);
        }
        return static_cast<P>(array.data());
    } else if constexpr (std::is_pointer_v<P>) {
        return arg;
    } else {
        return static_cast<P>(arg);
    }
}

/// False for any template arguments, but only when instantiated (value parameters).
template <auto...>
inline constexpr bool raw_always_false_values_v = false;

/// Copies `bytes` between the host and the variable `name` of `image` on `device`, on the
/// device's current stream, and waits. ValueError when the variable is missing or its size is
/// not `bytes`.
void read_raw_global(ModuleImage& image, Device device, const char* name, void* out,
                     std::size_t bytes);
void write_raw_global(ModuleImage& image, Device device, const char* name, const void* values,
                      std::size_t bytes);

/// ValueError: `given` values for variable `name` of `expected` elements.
[[noreturn]] void throw_raw_global_size_error(const char* name, std::size_t expected,
                                              std::size_t given);

/// A `__device__` or `__constant__` scalar (or pointer) variable of a raw CUDA module.
template <class T>
class RawScalarGlobal {
public:
    constexpr RawScalarGlobal(ModuleImage* image, const char* name) : image_(image), name_(name) {}

    T read(Device device = default_device()) const {
        T value{};
        read_raw_global(*image_, device, name_, &value, sizeof(T));
        return value;
    }
    void write(const T& value, Device device = default_device()) const {
        write_raw_global(*image_, device, name_, &value, sizeof(T));
    }
    /// Its device address and size on `device` (CuPy's get_global).
    DeviceGlobal address(Device device = default_device()) const {
        return module_global(*image_, device, name_);
    }
    const char* name() const noexcept { return name_; }

private:
    ModuleImage* image_;
    const char* name_;
};

/// A `__device__` or `__constant__` array variable of N elements (multi-dimensional arrays in C
/// order).
template <class T, std::size_t N>
class RawArrayGlobal {
public:
    constexpr RawArrayGlobal(ModuleImage* image, const char* name) : image_(image), name_(name) {}

    static constexpr std::size_t size() noexcept { return N; }
    std::vector<T> read(Device device = default_device()) const {
        std::vector<T> values(N);
        read_raw_global(*image_, device, name_, values.data(), N * sizeof(T));
        return values;
    }
    /// ValueError unless `values` has exactly size() elements.
    void write(const std::vector<T>& values, Device device = default_device()) const {
        if (values.size() != N) {
            throw_raw_global_size_error(name_, N, values.size());
        }
        write_raw_global(*image_, device, name_, values.data(), N * sizeof(T));
    }
    DeviceGlobal address(Device device = default_device()) const {
        return module_global(*image_, device, name_);
    }
    const char* name() const noexcept { return name_; }

private:
    ModuleImage* image_;
    const char* name_;
};

} // namespace gpucc::detail
