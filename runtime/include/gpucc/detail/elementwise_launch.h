// ElementwiseLaunch builds and runs one call of an elementwise kernel for a generated wrapper.
// The wrapper calls argument()/raw()/output() once per kernel parameter, in parameter order,
// then run() (argument() is input() for an array and input_scalar() for a C++ scalar). Each call
// appends the parameter's argument slots (one entry of `void* args[]` each) in this order, the
// kernel ABI the compiler generates against:
//   non-raw input  : `const T* ptr`, then `T value`   (ptr == nullptr: a scalar, use value)
//   non-raw output : `T* ptr`
//   raw parameter  : `T* ptr`  (input or output; indexed by the kernel itself)
//   after all parameters: `std::int64_t n` (the loop size: the number of elements)
//
// Arguments follow CuPy's rules. Every non-raw array, inputs and given outputs alike, takes part
// in NumPy broadcasting; the result is the loop shape (a mismatch is a ShapeError naming the
// kernel, both parameters and both shapes), allocated outputs get it, and a given output must
// have exactly it. Arrays may have any strides (negative included); raw arrays must be
// C-contiguous (the kernel indexes them flat). Everything sits on one device (DeviceError) and
// at least one non-raw parameter is an array (else ValueError: the loop size is undecided). An
// empty loop launches nothing.
//
// Two entry points per kernel: when every array has the loop shape and is C-contiguous, the
// contiguous one (slots as above); otherwise the strided one, which takes one more slot after
// `n`: a pointer to the loop layout of detail/strided_indexer.h (dimensions collapsed where
// every array allows, at most kIndexerDims of them after collapsing, else ValueError).
//
// Aliasing: an input whose memory overlaps a given output without being exactly that output
// (same address and strides, so each element is read and then written by one thread) is first
// copied (its whole memory span, so any layout) to a temporary, freed in stream order after the
// launch. CuPy's ElementwiseKernel does not do this; NumPy's ufuncs do.
//
// On a GPU: cuLaunchKernel on the current stream of the arrays' device, blocks of 256 threads,
// one vector of elements_per_thread elements per thread where the layout allows, else one
// element (the kernel loops grid-stride, so any grid is correct). On the CPU: the host function
// over [0, n) split across the runtime's thread pool (chunks of at least 32768 elements; small
// loops run inline on the caller), built for the CPU's instruction set (cpu/isa.h).
//
// Costs per call: no heap allocation besides allocated outputs (argument slots live inline, at
// most kMaxSlots), no string formatting unless an error is thrown, one atomic load to find the
// kernel. The arrays passed must stay alive until run() returns (the wrapper's parameters do).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/detail/strided_indexer.h"
#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

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
        note_loop_array(param, array.ndarray(), OperandKind::Input);
        push_slot(static_cast<const T*>(array.data()));
        push_slot(T{});
    }

    /// A non-raw input given as a scalar: slots `const T* ptr` (nullptr) and `T value`
    /// (`value` converted to T; ValueError when it does not fit, see scalar_convert.h).
    template <ElementType T, ScalarSource S>
    void input_scalar(const char* param, S value) {
        const T converted = convert_scalar<T>(value, kernel_name_, param);
        note_scalar(param);
        push_slot(static_cast<const T*>(nullptr));
        push_slot(converted);
    }

    /// A non-raw input given as the wrapper's argument `value`: input() when it is an array,
    /// input_scalar() when it is a C++ scalar (the wrapper's static_asserts have checked which).
    template <ElementType T, class A>
    void argument(const char* param, const A& value) {
        if constexpr (is_array_v<A>) {
            input<T>(param, value);
        } else {
            input_scalar<T>(param, value);
        }
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
        note_loop_array(param, given.ndarray(), OperandKind::GivenOutput);
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
    enum class OperandKind : std::uint8_t { Input, Scalar, GivenOutput, AllocatedOutput };
    /// A non-raw parameter: where its pointer slot is and what it is.
    struct Operand {
        const char* param;
        const NDArray* array; // nullptr for scalars and allocated outputs
        std::int64_t itemsize;
        int slot;
        OperandKind kind;
    };

    [[noreturn]] void throw_too_many_slots() const;
    void note_device(const char* param, Device device);
    void note_operand(const char* param, const NDArray* array, std::int64_t itemsize,
                      OperandKind kind);
    void note_loop_array(const char* param, const NDArray& array, OperandKind kind);
    void note_scalar(const char* param);
    void note_raw_array(const char* param, const NDArray& array);
    NDArray allocate_output(const char* param, DType dtype);
    void check_given_outputs() const;
    void separate_overlapping_inputs();
    bool is_contiguous_loop() const noexcept;
    void build_strided_layout(std::int64_t n);
    void launch_gpu(std::int64_t n, bool strided);
    static void run_host_chunk(void* self, std::int64_t begin, std::int64_t end);

    const char* kernel_name_;
    KernelRef& kernel_;
    const char* loop_param_ = nullptr; // the array that set the loop shape's last extent
    Shape loop_shape_;
    const char* device_param_ = nullptr; // the first array of any kind
    Device device_;
    HostKernelFn host_fn_ = nullptr;
    bool vector_layout_ = false;
    int slot_count_ = 0;
    int operand_count_ = 0;
    void* args_[kMaxSlots + 1];
    std::uint64_t slots_[kMaxSlots];
    Operand operands_[kMaxLoopOperands];
    std::vector<std::shared_ptr<Buffer>> temporaries_; // inputs copied away from outputs
    std::int64_t indexer_[indexer_words(kMaxLoopOperands)];
};

} // namespace gpucc::detail
