// ReductionLaunch builds and runs one call of a reduction kernel for a generated wrapper, and
// ReductionKernelRef names one compiled reduction instance. The wrapper calls, in parameter
// order, input() for each array input and scalar() for each `scalar` input (post_input() for a
// fused function's array read after its reduction), then axes(), then output() for each output
// (allocate or given), then run(). Each call appends the parameter's argument slot, the kernel
// ABI the compiler generates against (its KernelAbi.h):
//   array input   : `const T* ptr`           (post_input too)
//   scalar input  : `T value`
//   output        : `T* ptr`
//   then run() appends the plan (gpucc/detail/reduction_plan.h; args[slot] points at the words
//   on both targets: cuLaunchKernel copies them into a by-value parameter, the host functions
//   read them in place), `void* partials` and `uint32_t* semaphores`.
//
// Arguments follow CuPy's ReductionKernel. The array inputs broadcast together (NumPy's rule; a
// mismatch is a ShapeError naming both parameters and shapes); the axes (Axis: all by default,
// negative allowed, each at most once, else IndexError/ValueError naming the kernel) are axes of
// that broadcast shape; the output shape is the broadcast shape without them, or with extent 1
// in their place when keepdims. A post array (`b` of `fuse f(x, b) = sum(x, axis=1) > b`) is read
// at each output element's coordinates: it must broadcast to the output shape without enlarging it
// (else a ShapeError naming it). Allocated outputs are C-contiguous of that shape; a given output
// must have exactly it (ShapeError). Everything sits on one device (DeviceError). A reduction
// with no element to reduce gives post(identity) for every output, or, for a kernel without an
// identity, a ValueError ("zero-size array to reduction operation <kernel> which has no
// identity"); no outputs at all launches nothing.
//
// On a GPU: one cuLaunchKernel on the current stream (grid and slices as reduction_plan.h says;
// with several slices a partials buffer and zeroed semaphores come from the memory pool, freed
// in stream order). The plan depends only on shapes, strides, alignment and the device, so the
// same call on the same data gives the same bits. On the CPU: the host functions over the
// runtime's thread pool, reduced positions cut into chunks combined pairwise, so float32 sums of
// many elements stay accurate.
#pragma once

#include "gpucc/abi/reduction_plan_layout.h"
#include "gpucc/abi/symbols.h"
#include "gpucc/array/array.h"
#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/detail/reduction_plan.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace gpucc::detail {

/// Host functions of a reduction instance (see the compiler's KernelAbi.h). Must not throw.
using HostReducePartialFn = void (*)(void** args, std::int64_t output, std::int64_t begin,
                                     std::int64_t end, void* result);
using HostReduceCombineFn = void (*)(void* acc, const void* other);
using HostReduceFinishFn = void (*)(void** args, std::int64_t output, const void* reduced);

/// One reduction instance of an image. Declare it with static storage duration, after its image.
class ReductionKernelRef {
public:
    struct HostEntries {
        HostReducePartialFn partial;    ///< baseline x86-64
        HostReducePartialFn partial_v3; ///< x86-64-v3
        HostReduceCombineFn combine;
        HostReduceFinishFn finish;
    };
    /// `symbol`: the GPU entry point. `vector_width`: the kernel's reduce_vector_width.
    /// `reduce_size`: bytes of one reduce-type value (the partials' element). `has_identity`:
    /// whether an empty reduction is allowed. `array_inputs` and `outputs` size the plan, with
    /// one more input operand when `reduced_position`: the map reads `_J`, the position along
    /// the reduced axes, which the plan gives as an input whose element offset is that position.
    /// `post_arrays`: array inputs read by post only, listed in the plan after the outputs.
    /// Constant-initialized, as KernelRef.
    constexpr ReductionKernelRef(ModuleImage& image, const char* symbol, HostEntries host,
                                 int vector_width, int reduce_size, bool has_identity,
                                 int array_inputs, int outputs, bool reduced_position = false,
                                 int post_arrays = 0) noexcept
        : gpu_(image, symbol, nullptr, KernelRef::HostEntry{nullptr, nullptr},
               KernelRef::HostEntry{nullptr, nullptr}, 1, abi::kReductionRowsSuffix.data()),
          host_(host), vector_width_(vector_width < 1 ? 1 : vector_width),
          reduce_size_(reduce_size), has_identity_(has_identity), array_inputs_(array_inputs),
          outputs_(outputs), reduced_position_(reduced_position), post_arrays_(post_arrays) {}
    ReductionKernelRef(const ReductionKernelRef&) = delete;
    ReductionKernelRef& operator=(const ReductionKernelRef&) = delete;

    /// The CUfunction on `device` of the lanes kernel, or of the rows kernel
    /// ("<symbol>__rows", for plans without kReduceLanesFirst). Errors as KernelRef::function.
    void* function(Device device, bool rows = false) {
        return gpu_.function(device, rows ? GpuEntry::Strided : GpuEntry::Contiguous);
    }
    const char* symbol() const noexcept { return gpu_.symbol(); }
    /// The partial loop for host_isa(); nullptr when the kernel has no host version.
    HostReducePartialFn host_partial() const;
    HostReduceCombineFn host_combine() const noexcept { return host_.combine; }
    HostReduceFinishFn host_finish() const noexcept { return host_.finish; }
    int vector_width() const noexcept { return vector_width_; }
    int reduce_size() const noexcept { return reduce_size_; }
    bool has_identity() const noexcept { return has_identity_; }
    int array_inputs() const noexcept { return array_inputs_; }
    int outputs() const noexcept { return outputs_; }
    bool reduced_position() const noexcept { return reduced_position_; }
    int post_arrays() const noexcept { return post_arrays_; }
    /// Array inputs as the plan counts them: the kernel's, and the position operand.
    int plan_inputs() const noexcept { return array_inputs_ + (reduced_position_ ? 1 : 0); }
    int plan_words() const noexcept {
        return reduce_plan_words(plan_inputs(), outputs_ + post_arrays_);
    }

private:
    KernelRef gpu_;
    HostEntries host_;
    int vector_width_;
    int reduce_size_;
    bool has_identity_;
    int array_inputs_;
    int outputs_;
    bool reduced_position_;
    int post_arrays_;
};

class ReductionLaunch {
public:
    /// Most argument slots of one call (ValueError beyond), the plan's three included.
    static constexpr int kMaxSlots = 48;
    /// Most array operands (inputs, outputs, arrays read by the post-operation) of one call.
    static constexpr int kMaxOperands = abi::kMaxReductionArrays;

    ReductionLaunch(const char* kernel_name, ReductionKernelRef& kernel) noexcept
        : kernel_name_(kernel_name), kernel_(kernel) {}
    ReductionLaunch(const ReductionLaunch&) = delete;
    ReductionLaunch& operator=(const ReductionLaunch&) = delete;

    /// An array input: slot `const T* ptr`.
    template <ElementType T>
    void input(const char* param, const Array<T>& array) {
        note_input(param, array.ndarray());
        push_slot(static_cast<const T*>(array.data()));
    }

    /// A `scalar T p` input: slot `T value` (converted; ValueError when it does not fit).
    template <ElementType T, ScalarSource S>
    void scalar(const char* param, S value) {
        push_slot(convert_scalar<T>(value, kernel_name_, param));
    }

    /// An array read by post at the output's coordinates: slot `const T* ptr`. Its shape is
    /// checked against the output shape in run().
    template <ElementType T>
    void post_input(const char* param, const Array<T>& array) {
        note_post_input(param, array.ndarray());
        push_slot(static_cast<const T*>(array.data()));
    }

    /// The axes to reduce and keepdims; call after every input, before the outputs.
    void axes(const Axis& axis, bool keepdims);

    /// An output to allocate: C-contiguous, of the output shape, on the inputs' device.
    template <ElementType T>
    Array<T> output(const char* param) {
        Array<T> result(allocate_output(param, dtype_of<T>()));
        push_slot(result.data());
        return result;
    }

    /// A given output: must have the output shape.
    template <ElementType T>
    void output(const char* param, const Array<T>& given) {
        note_given_output(param, given.ndarray());
        push_slot(given.data());
    }

    /// Builds the plan and runs the kernel.
    void run();

private:
    template <class V>
    void push_slot(V value) {
        static_assert(sizeof(V) <= sizeof(std::uint64_t));
        if (slot_count_ >= kMaxSlots - 3) [[unlikely]] {
            throw_too_many_slots();
        }
        std::memcpy(&slots_[slot_count_], &value, sizeof(V));
        args_[slot_count_] = &slots_[slot_count_];
        ++slot_count_;
    }
    [[noreturn]] void throw_too_many_slots() const;
    void note_device(const char* param, Device device);
    void note_operand(const char* param, const NDArray* array, DType dtype);
    void note_input(const char* param, const NDArray& array);
    void note_post_input(const char* param, const NDArray& array);
    /// A post array's element strides along every axis of in_shape_ (0 along reduced axes).
    void post_array_strides(const NDArray& array, std::int64_t* strides) const;
    NDArray allocate_output(const char* param, DType dtype);
    void note_given_output(const char* param, const NDArray& array);
    void require_axes(const char* what) const;
    std::string describe_reduction() const;
    void build_plan(int sm_count);
    void launch_gpu(int plan_slot);
    void run_host();

    /// An array operand: inputs first, then outputs, in kernel order.
    struct Operand {
        const char* param;
        const NDArray* array; // the wrapper's argument; nullptr for an allocated output
        DType dtype;
        int slot;
    };

    /// Words of the largest plan (every operand an input, and the position operand).
    static constexpr int kMaxPlanWords = reduce_plan_words(kMaxOperands + 1, 0);

    const char* kernel_name_;
    ReductionKernelRef& kernel_;
    const char* shape_param_ = nullptr; // the input that set the broadcast shape's last extent
    Shape in_shape_;                    // the array inputs broadcast together
    Shape out_shape_;                   // decided by axes()
    bool reduced_[kMaxNdim] = {};       // per axis of in_shape_
    bool keepdims_ = false;
    bool axes_given_ = false;
    Device device_;
    const char* device_param_ = nullptr;
    int slot_count_ = 0;
    int input_count_ = 0;
    int operand_count_ = 0;
    Operand operands_[kMaxOperands];
    int post_count_ = 0;
    const NDArray* post_arrays_[kMaxOperands] = {};
    const char* post_params_[kMaxOperands] = {};
    void* args_[kMaxSlots];
    std::uint64_t slots_[kMaxSlots];
    std::int64_t plan_[kMaxPlanWords];
    std::vector<std::shared_ptr<Buffer>> temporaries_; // partials and semaphores
};

} // namespace gpucc::detail
