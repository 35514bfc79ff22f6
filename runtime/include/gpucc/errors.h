// The exceptions the runtime throws. One type per family, all derived from gpucc::Error (a
// std::runtime_error), so a caller can catch everything from gpucc in one place or one family
// precisely: CudaError for a failed driver call (it names the call, the error's name and its
// description), OutOfMemory with the sizes involved, TypeError/ShapeError/ValueError for bad
// calls, IndexError for an index or axis out of range, DeviceError when a device is missing or
// arrays sit on different devices. Messages name the argument, what was expected and what was
// found. Destructors in the runtime never throw.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace gpucc {

/// Base of every exception the runtime throws.
class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

/// A CUDA driver call failed. what() reads
/// "cuMemcpyDtoHAsync failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was
/// encountered)", prefixed by a context such as the kernel's name when there is one.
class CudaError : public Error {
public:
    CudaError(const char* api, int result, const std::string& error_name,
              const std::string& description, const std::string& context);
    /// The driver API call that failed, e.g. "cuLaunchKernel".
    const std::string& api() const { return api_; }
    /// The CUresult as an int.
    int result() const { return result_; }
    /// The CUresult's name, e.g. "CUDA_ERROR_ILLEGAL_ADDRESS".
    const std::string& error_name() const { return error_name_; }

private:
    std::string api_;
    int result_;
    std::string error_name_;
};

/// An allocation failed after the runtime released what it had cached and retried.
class OutOfMemory : public Error {
public:
    /// `where` is "cuda:0" or "host"; free/total are what the device reported (0 when unknown).
    OutOfMemory(std::size_t requested_bytes, std::size_t free_bytes, std::size_t total_bytes,
                const std::string& where);
    /// With a message made by the caller (a memory pool, which says what it holds and its limit).
    OutOfMemory(const std::string& message, std::size_t requested_bytes, std::size_t free_bytes,
                std::size_t total_bytes);
    std::size_t requested_bytes() const { return requested_bytes_; }
    std::size_t free_bytes() const { return free_bytes_; }
    std::size_t total_bytes() const { return total_bytes_; }

private:
    std::size_t requested_bytes_;
    std::size_t free_bytes_;
    std::size_t total_bytes_;
};

/// A value of the wrong dtype, e.g. NDArray::as<float>() on a float64 array.
class TypeError : public Error {
public:
    using Error::Error;
};

/// Shapes that do not fit: a size that does not match, a mismatch between arguments.
class ShapeError : public Error {
public:
    using Error::Error;
};

/// An index or an axis out of range: a(5) on an axis of extent 3, transpose({0, 2}) of a 2-d
/// array. The message names the argument, the value and the valid range.
class IndexError : public Error {
public:
    using Error::Error;
};

/// No driver, no such device, or arguments on different devices.
class DeviceError : public Error {
public:
    using Error::Error;
};

/// A bad value: a scalar out of range for its type, a bad GPUCC_DEVICE, a strided argument
/// where a contiguous one is needed.
class ValueError : public Error {
public:
    using Error::Error;
};

} // namespace gpucc
