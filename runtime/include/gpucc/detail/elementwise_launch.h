// ElementwiseLaunch builds and runs one call of an elementwise kernel for a generated wrapper.
// The wrapper calls input()/input_scalar()/raw()/output() once per kernel parameter, in
// parameter order, then run(). Each call appends the parameter's argument slots (one entry of
// `void* args[]` each) in this order, the kernel ABI the compiler generates against:
//   non-raw input  : `const T* ptr`, then `T value`   (ptr == nullptr: a scalar, use value)
//   non-raw output : `T* ptr`
//   raw parameter  : `T* ptr`  (input or output; indexed by the kernel itself)
//   after all parameters: `std::int64_t n` (the loop size: the number of elements)
//
// Rules of this version: every non-raw array (inputs and given outputs) has the same shape, the
// loop shape (a mismatch is a ShapeError; broadcasting comes with n-d arrays); every array,
// raw ones included, is C-contiguous (ValueError) and on one device (DeviceError); at least one
// non-raw parameter is an array (else ValueError: the loop size is undecided). An empty loop
// launches nothing. On a GPU: cuLaunchKernel on the current stream of the arrays' device, blocks
// of 256 threads, grid = ceil(n / (256 * elements_per_thread)) up to 2^31 - 1 (one vector per
// thread, measured fastest; the kernel loops grid-stride, so any grid is correct). On the CPU: the host
// function over [0, n) split across the runtime's thread pool (chunks of at least 32768
// elements; small loops run inline on the caller).
//
// Costs per call: no heap allocation besides allocated outputs (argument slots live inline, at
// most kMaxSlots), no string formatting unless an error is thrown, one atomic load to find the
// kernel. The arrays passed must stay alive until run() returns (the wrapper's parameters do).
#pragma once

#include "gpucc/array.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/device.h"
#include "gpucc/dtype.h"
#include "gpucc/ndarray.h"
#include "gpucc/shape.h"

#include <cstdint>
#include <cstring>

namespace gpucc::detail {

class ElementwiseLaunch {
public:
    /// Most argument slots of one call (ValueError beyond).
    static constexpr int kMaxSlots = 48;
    /// Threads per block of a GPU launch.
    static constexpr int kBlockSize = 256;
    /// Smallest number of elements handed to one CPU thread.
    static constexpr std::int64_t kMinHostChunk = 32768;

    ElementwiseLaunch(const char* kernel_name, KernelRef& kernel) noexcept
        : kernel_name_(kernel_name), kernel_(kernel) {}
    ElementwiseLaunch(const ElementwiseLaunch&) = delete;
    ElementwiseLaunch& operator=(const ElementwiseLaunch&) = delete;

    /// A non-raw input array: slots `const T* ptr` (its data) and `T value` (zero).
    template <ElementType T>
    void input(const char* param, const Array<T>& array) {
        note_loop_array(param, array.ndarray());
        push_slot(static_cast<const T*>(array.data()));
        push_slot(T{});
    }

    /// A non-raw input given as a scalar: slots `const T* ptr` (nullptr) and `T value`
    /// (`value` converted to T; ValueError when it does not fit, see scalar_convert.h).
    template <ElementType T, ScalarSource S>
    void input_scalar(const char* param, S value) {
        const T converted = convert_scalar<T>(value, kernel_name_, param);
        push_slot(static_cast<const T*>(nullptr));
        push_slot(converted);
    }

    /// A raw parameter (input or output): slot `T* ptr`. Its shape is free.
    template <ElementType T>
    void raw(const char* param, const Array<T>& array) {
        note_raw_array(param, array.ndarray());
        push_slot(array.data());
    }

    /// A non-raw output to allocate: a new C-contiguous array of the loop shape on the arrays'
    /// device (uninitialised; the kernel writes every element). Slot `T* ptr`.
    template <ElementType T>
    Array<T> output(const char* param) {
        Array<T> result(allocate_output(param, dtype_of<T>()));
        push_slot(result.data());
        return result;
    }

    /// A given non-raw output: must have the loop shape. Slot `T* ptr`.
    template <ElementType T>
    void output(const char* param, const Array<T>& given) {
        note_loop_array(param, given.ndarray());
        push_slot(given.data());
    }

    /// Appends the loop size and runs the kernel (nothing for an empty loop).
    void run();

private:
    template <class V>
    void push_slot(V value) noexcept(false) {
        static_assert(sizeof(V) <= sizeof(std::uint64_t));
        if (slot_count_ == kMaxSlots) [[unlikely]] {
            throw_too_many_slots();
        }
        std::memcpy(&slots_[slot_count_], &value, sizeof(V));
        args_[slot_count_] = &slots_[slot_count_];
        ++slot_count_;
    }
    [[noreturn]] void throw_too_many_slots() const;
    void note_device(const char* param, Device device);
    void note_loop_array(const char* param, const NDArray& array);
    void note_raw_array(const char* param, const NDArray& array);
    NDArray allocate_output(const char* param, DType dtype);
    static void run_host_chunk(void* self, std::int64_t begin, std::int64_t end);

    const char* kernel_name_;
    KernelRef& kernel_;
    const char* loop_param_ = nullptr; // the first non-raw array; nullptr until there is one
    Shape loop_shape_;
    const char* device_param_ = nullptr; // the first array of any kind
    Device device_;
    int slot_count_ = 0;
    void* args_[kMaxSlots];
    std::uint64_t slots_[kMaxSlots];
};

} // namespace gpucc::detail
