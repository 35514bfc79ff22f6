// Argument marshalling of jit-style kernels (`kernel` definitions), for the launchers gpucc
// generates. A generated launcher checks argument types at C++ compile time (a typed
// gpucc::Array of the wrong element type does not compile), then hands each argument to a
// GridKernelLaunch in parameter order: an array for a `T[] x` parameter (its data pointer and
// element count: two argument slots; C-contiguous, on the launch's device) or for a
// `T[:, ..., :] x` parameter of rank r (pointer, count, r extents and r byte strides; any
// layout, ndim == r; a launch with a non-contiguous one, or one of 2^31 elements or more, runs
// the kernel's strided entry point,
// compiler/codegen/GridKernelAbi.h), a C++ scalar for a
// scalar parameter (converted by NumPy's rules, detail/scalar_convert.h). An untyped NDArray's
// dtype is checked here, at run time: a TypeError names the kernel, the argument and both types.
// run() picks the device (the stream's, else the arrays', else the default device), refuses a
// GPU-only kernel on the CPU with a DeviceError saying what keeps it there, and launches through
// detail::launch_grid_kernel (launch.h).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/launch/grid.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

namespace gpucc::detail {

template <class A>
inline constexpr bool is_ndarray_v = std::is_same_v<std::remove_cvref_t<A>, NDArray>;

/// What a `T[] x` parameter takes: a gpucc::Array (of any element type, checked by the caller)
/// or an NDArray.
template <class A>
inline constexpr bool is_grid_array_argument_v = is_array_v<A> || is_ndarray_v<A>;

/// What a `T[] x` parameter of a fixed type T takes: a gpucc::Array<T> or an NDArray (its dtype
/// checked at run time).
template <class T, class A>
inline constexpr bool is_grid_array_of_v = is_ndarray_v<A> || is_array_of_v<T, A>;

/// Whether argument type A agrees with placeholder type T: T is not known yet (void), A is not a
/// typed array, or A is Array<T>.
template <class T, class A>
constexpr bool element_agrees() {
    if constexpr (std::is_void_v<T> || !is_array_v<A>) {
        return true;
    } else {
        return is_array_of_v<T, A>;
    }
}
template <class T, class A>
inline constexpr bool element_agrees_v = element_agrees<T, A>();

/// A placeholder's type where an argument gives it at run time: the first NDArray's dtype.
inline const NDArray* first_ndarray() {
    return nullptr;
}
template <class A, class... Rest>
const NDArray* first_ndarray(const A& first, const Rest&... rest) {
    if constexpr (is_ndarray_v<A>) {
        return &first;
    } else {
        return first_ndarray(rest...);
    }
}

/// TypeError: "<kernel>: <placeholder> = <dtype> (from argument '<param>') is not one of the
/// types it was compiled for: <types>".
[[noreturn]] void throw_grid_placeholder_type(const char* kernel, const char* placeholder,
                                              DType dtype, const char* param, const char* types);

/// TypeError: "<kernel>: argument '<param>' must be an array of <expected>, got an array of
/// <given>" (an NDArray's dtype checked at run time).
[[noreturn]] void throw_argument_type(const char* kernel, const char* param, DType expected,
                                      DType given);

/// A kernel's CPU version as the generated KernelRef tables store it (launch_grid_kernel casts
/// it back to HostGridKernelFn before calling it).
inline HostKernelFn grid_host_entry(HostGridKernelFn function) noexcept {
    return reinterpret_cast<HostKernelFn>(reinterpret_cast<void (*)()>(function));
}

class GridKernelLaunch {
public:
    /// `slots`: the kernel's argument slots (2 + 2 * rank per array, one per scalar).
    GridKernelLaunch(const char* kernel, const LaunchConfig& config, int slots);

    /// A `T[] x` (rank 0) or `T[:, ..., :] x` (rank r) parameter given a typed array. An element
    /// type other than T only reaches here from a run-time dispatch that does not run this
    /// instance; it is a TypeError all the same.
    template <class T, class U>
    void array(const char* param, const Array<U>& argument, int rank = 0) {
        if constexpr (!std::is_same_v<T, U>) {
            throw_array_type(param, dtype_of<T>(), dtype_of<U>());
        } else {
            add_array(param, argument.ndarray(), rank);
        }
    }

    /// The same given an untyped array: its dtype must be T's.
    template <class T>
    void array(const char* param, const NDArray& argument, int rank = 0) {
        if (argument.dtype() != dtype_of<T>()) {
            throw_array_type(param, dtype_of<T>(), argument.dtype());
        }
        add_array(param, argument, rank);
    }

    /// A scalar parameter of type T.
    template <class T, class S>
    void scalar(const char* param, const S& value) {
        const T converted = convert_scalar<T>(value, kernel_, param);
        std::uint64_t& word = next_word();
        std::memcpy(&word, &converted, sizeof(T)); // bool is one byte, as the kernel reads it
    }

    /// Launches `kernel`: on a GPU, or on the CPU at once or queued on a CPU gpucc::Stream.
    /// `gpu_only_feature` is null for a kernel with a CPU version, else what keeps it on the GPU
    /// (a shuffle inside another shuffle's operands).
    void run(KernelRef& kernel, const char* gpu_only_feature);

private:
    void add_array(const char* param, const NDArray& argument, int rank);
    [[noreturn]] void throw_array_type(const char* param, DType expected, DType given) const;
    std::uint64_t& next_word();

    const char* kernel_;
    const LaunchConfig& config_;
    std::vector<std::uint64_t> words_; ///< the values; reserved up front, so addresses hold
    std::vector<void*> args_;          ///< cuLaunchKernel's kernelParams: &words_[k]
    std::vector<std::shared_ptr<Buffer>> buffers_; ///< the arrays' memory, for a queued CPU launch
    std::optional<Device> array_device_;
    const char* array_device_param_ = nullptr;
    bool strided_ = false; ///< a ranked array is not C-contiguous, or has 2^31 elements or more
};

} // namespace gpucc::detail

namespace gpucc::detail {

/// Where a generated launcher binds a type placeholder at run time: the position of the first
/// NDArray among the argument types of its binders (-1 if none).
template <class... A>
constexpr int first_ndarray_position() {
    int position = -1;
    int index = 0;
    ((position = position < 0 && is_ndarray_v<A> ? index : position, ++index), ...);
    return position;
}

/// A placeholder's dtype: T's when a typed array bound it at compile time (T not void), else the
/// first NDArray binder's.
template <class T, class... A>
DType placeholder_dtype(const A&... binders) {
    if constexpr (std::is_void_v<T>) {
        return first_ndarray(binders...)->dtype();
    } else {
        return dtype_of<T>();
    }
}

} // namespace gpucc::detail
