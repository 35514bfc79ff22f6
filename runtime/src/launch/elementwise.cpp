// ElementwiseLaunch's checks (with their messages, built only on failure), broadcasting, the
// choice between the contiguous and the strided entry point, the copies that keep aliased
// inputs correct, and the two ways to run: cuLaunchKernel on the GPU, the host function over
// the thread pool on the CPU. On the CPU the call runs on the caller for the null and per-thread
// streams (the null stream after the blocking CPU streams' queued work), and is queued on a CPU
// gpucc::Stream as a task that holds copies of the argument slots and of the arrays' buffers
// (device/cpu_stream.h), so the arrays may go before it runs.
#include "array/strided_host.h"
#include "cpu/thread_pool.h"
#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/detail/elementwise_launch.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "launch/broadcast_argument.h"
#include "launch/launch_checks.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace gpucc::detail {
namespace {

/// [first, last) addresses an array's elements occupy (any strides; a non-empty array).
struct AddressRange {
    std::uintptr_t first;
    std::uintptr_t last;
};

AddressRange address_range(const NDArray& array) {
    const ByteSpan span =
        spanned_bytes(array.shape(), array.strides(), static_cast<std::int64_t>(array.itemsize()));
    const auto start = reinterpret_cast<std::uintptr_t>(array.data());
    return {start + static_cast<std::uintptr_t>(span.low),
            start + static_cast<std::uintptr_t>(span.high)};
}

bool same_layout(const NDArray& a, const NDArray& b, const Shape& loop) {
    if (a.data() != b.data()) {
        return false;
    }
    std::int64_t sa[kMaxNdim];
    std::int64_t sb[kMaxNdim];
    broadcast_element_strides(a, loop, sa);
    broadcast_element_strides(b, loop, sb);
    return std::equal(sa, sa + loop.ndim(), sb);
}

/// An elementwise call queued on a CPU stream: what the host function needs, copied out of the
/// ElementwiseLaunch (which is gone when the task runs), and the buffers it reads and writes.
/// Read-only once queued: a captured call may run on several streams at once (graph launches).
struct QueuedHostCall {
    HostKernelFn fn = nullptr;
    std::int64_t n = 0;
    int slot_count = 0;
    std::uint64_t slots[ElementwiseLaunch::kMaxSlots];
    std::int64_t indexer[indexer_words(kMaxLoopOperands)];
    std::vector<std::shared_ptr<Buffer>> buffers;

    /// One run's argument array, pointing into the call's copies.
    struct Run {
        HostKernelFn fn;
        void* args[ElementwiseLaunch::kMaxSlots + 1];
    };
    static void chunk(void* context, std::int64_t begin, std::int64_t end) {
        auto* run = static_cast<Run*>(context);
        run->fn(run->args, begin, end);
    }
    void run() const {
        Run run{fn, {}};
        for (int k = 0; k < slot_count; ++k) {
            run.args[k] = const_cast<std::uint64_t*>(&slots[k]); // NOLINT: the ABI's void*
        }
        run.args[slot_count] = const_cast<std::int64_t*>(indexer); // NOLINT: read by strided entry
        ThreadPool::instance().parallel_for(n, ElementwiseLaunch::kMinHostChunk, &chunk, &run);
    }
};

/// True when CPU work now goes to a queue (the current CPU stream is a gpucc::Stream).
bool cpu_work_is_queued() {
    return cpu_stream_queues(current_stream(Device::cpu()));
}

} // namespace

void ElementwiseLaunch::throw_too_many_slots() const {
    detail::throw_too_many_slots(kernel_name_, kMaxSlots);
}

void ElementwiseLaunch::note_device(const char* param, Device device) {
    note_argument_device(kernel_name_, param, device, device_param_, device_);
}

void ElementwiseLaunch::note_operand(const char* param, const NDArray* array, std::int64_t itemsize,
                                     OperandKind kind) {
    if (operand_count_ == kMaxLoopOperands) [[unlikely]] {
        throw_too_many_slots();
    }
    operands_[operand_count_++] = {param, array, itemsize, slot_count_, kind};
}

void ElementwiseLaunch::note_loop_array(const char* param, const NDArray& array, OperandKind kind) {
    note_device(param, array.device());
    note_operand(param, &array, static_cast<std::int64_t>(array.itemsize()), kind);
    const Shape& shape = array.shape();
    if (loop_param_ == nullptr) {
        loop_param_ = param;
        loop_shape_ = shape;
        return;
    }
    if (shape == loop_shape_) [[likely]] {
        return;
    }
    broadcast_argument(kernel_name_, param, shape, loop_param_, loop_shape_);
}

void ElementwiseLaunch::note_scalar(const char* param) {
    note_operand(param, nullptr, 0, OperandKind::Scalar);
}

void ElementwiseLaunch::note_raw_array(const char* param, const NDArray& array) {
    note_device(param, array.device());
    if (array.device().is_cpu() && cpu_work_is_queued()) [[unlikely]] {
        temporaries_.push_back(array.buffer()); // kept until the queued call has run
    }
    if (!array.is_c_contiguous()) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": raw parameter " + param +
                         " is not C-contiguous (shape " + array.shape().to_string() + ", strides " +
                         array.strides().to_string() + "); the kernel indexes it as a flat array");
    }
}

NDArray ElementwiseLaunch::allocate_output(const char* param, DType dtype) {
    if (loop_param_ == nullptr) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) +
                         ": loop size is undecided: at least one non-raw parameter must be an "
                         "array (to allocate output " +
                         param + ")");
    }
    note_operand(param, nullptr, static_cast<std::int64_t>(dtype_size(dtype)),
                 OperandKind::AllocatedOutput);
    NDArray output = empty(loop_shape_, dtype, device_);
    if (device_.is_cpu() && cpu_work_is_queued()) [[unlikely]] {
        temporaries_.push_back(output.buffer()); // kept until the queued call has run
    }
    return output;
}

void ElementwiseLaunch::check_given_outputs() const {
    for (int k = 0; k < operand_count_; ++k) {
        const Operand& operand = operands_[k];
        if (operand.kind == OperandKind::GivenOutput && !(operand.array->shape() == loop_shape_))
            [[unlikely]] {
            throw ShapeError(std::string(kernel_name_) + ": output " + operand.param +
                             " has shape " + operand.array->shape().to_string() +
                             " but the arguments broadcast to " + loop_shape_.to_string() +
                             "; an output must have the whole loop shape");
        }
    }
}

void ElementwiseLaunch::separate_overlapping_inputs() {
    for (int o = 0; o < operand_count_; ++o) {
        if (operands_[o].kind != OperandKind::GivenOutput) {
            continue;
        }
        const NDArray& output = *operands_[o].array;
        const AddressRange out_span = address_range(output);
        for (int k = 0; k < operand_count_; ++k) {
            Operand& input = operands_[k];
            if (input.kind != OperandKind::Input || input.array->size() == 0) {
                continue;
            }
            const AddressRange in_span = address_range(*input.array);
            const bool overlaps = in_span.first < out_span.last && out_span.first < in_span.last;
            if (!overlaps || same_layout(*input.array, output, loop_shape_)) [[likely]] {
                continue;
            }
            // Copy the input's whole span and point its slot into the copy: same strides.
            const std::size_t bytes = in_span.last - in_span.first;
            std::shared_ptr<Buffer> copy = Buffer::allocate(bytes, device_);
            if (device_.is_cpu()) {
                // In the stream's order: the input may be written by work queued before.
                cpu_submit(current_stream(device_), [copy, source = input.array->buffer(),
                                                     from = in_span.first, bytes] {
                    std::memcpy(copy->data(), reinterpret_cast<const void*>(from), bytes);
                });
            } else {
                make_current(device_.ordinal());
                const auto stream = static_cast<CUstream>(current_stream(device_).handle());
                const CUresult result = driver().cuMemcpyDtoDAsync(
                    reinterpret_cast<CUdeviceptr>(copy->data()),
                    static_cast<CUdeviceptr>(in_span.first), bytes, stream);
                if (result != CUDA_SUCCESS) [[unlikely]] {
                    throw_cuda_error(result, "cuMemcpyDtoDAsync",
                                     std::string(kernel_name_) + ": copying input " + input.param +
                                         ", which overlaps output " + operands_[o].param);
                }
            }
            const auto start = reinterpret_cast<std::uintptr_t>(input.array->data());
            void* moved = static_cast<char*>(copy->data()) + (start - in_span.first);
            std::memcpy(&slots_[input.slot], &moved, sizeof moved);
            temporaries_.push_back(std::move(copy));
        }
    }
}

bool ElementwiseLaunch::is_contiguous_loop() const noexcept {
    for (int k = 0; k < operand_count_; ++k) {
        const Operand& operand = operands_[k];
        if (operand.array != nullptr &&
            (!(operand.array->shape() == loop_shape_) || !operand.array->is_c_contiguous())) {
            return false;
        }
    }
    return true;
}

void ElementwiseLaunch::build_strided_layout(std::int64_t n) {
    static_cast<void>(n);
    LoopOperand layout[kMaxLoopOperands];
    const int width = std::max(1, kernel_.elements_per_thread());
    for (int k = 0; k < operand_count_; ++k) {
        const Operand& operand = operands_[k];
        LoopOperand& entry = layout[k];
        entry.is_scalar = operand.kind == OperandKind::Scalar;
        entry.is_output = operand.kind == OperandKind::GivenOutput ||
                          operand.kind == OperandKind::AllocatedOutput;
        entry.vector_aligned = false;
        if (entry.is_scalar) {
            continue;
        }
        void* address = nullptr;
        std::memcpy(&address, &slots_[operand.slot], sizeof address);
        entry.vector_aligned =
            reinterpret_cast<std::uintptr_t>(address) % (width * operand.itemsize) == 0;
        if (operand.kind == OperandKind::AllocatedOutput) {
            // C-contiguous in the loop shape.
            std::int64_t stride = 1;
            for (int axis = loop_shape_.ndim() - 1; axis >= 0; --axis) {
                entry.strides[axis] = loop_shape_[axis] == 1 ? 0 : stride;
                stride *= loop_shape_[axis];
            }
            continue;
        }
        for (int axis = 0; axis < operand.array->ndim(); ++axis) {
            if (operand.array->strides()[axis] % operand.itemsize != 0) [[unlikely]] {
                throw ValueError(std::string(kernel_name_) + ": " + operand.param +
                                 " has strides " + operand.array->strides().to_string() +
                                 " that are not multiples of its " +
                                 std::to_string(operand.itemsize) + "-byte elements");
            }
        }
        broadcast_element_strides(*operand.array, loop_shape_, entry.strides);
    }
    const int ndim = build_indexer(loop_shape_, layout, operand_count_, width, indexer_);
    if (ndim > kIndexerDims) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": the arguments' layouts leave " +
                         std::to_string(ndim) + " dimensions that cannot be merged (loop shape " +
                         loop_shape_.to_string() + "); strided kernels take at most " +
                         std::to_string(kIndexerDims) + ": make some arguments contiguous first");
    }
    vector_layout_ = (indexer_[1] & kIndexerVectorOk) != 0;
    args_[slot_count_] = indexer_;
}

void ElementwiseLaunch::run_host_chunk(void* self, std::int64_t begin, std::int64_t end) {
    auto* launch = static_cast<ElementwiseLaunch*>(self);
    launch->host_fn_(launch->args_, begin, end);
}

void ElementwiseLaunch::launch_gpu(std::int64_t n, bool strided) {
    const int width = std::max(1, kernel_.elements_per_thread());
    const bool vectors = strided ? vector_layout_ : width > 1;
    const bool tiles = strided && (indexer_[1] & kIndexerTiled) != 0;
    const GpuEntry entry = !strided  ? GpuEntry::Contiguous
                           : tiles   ? GpuEntry::StridedTiled
                           : vectors ? GpuEntry::StridedVector
                                     : GpuEntry::Strided;
    auto* function = static_cast<CUfunction>(kernel_.function(device_, entry)); // checks
    const std::int64_t per_thread = tiles ? width * width : vectors ? width : 1;
    const std::int64_t per_block = std::int64_t{kBlockSize} * per_thread;
    const std::int64_t wanted = (n + per_block - 1) / per_block;
    // One vector of elements per thread, no grid-stride iterations: on the H100 this reached
    // 3040 GB/s for add where a grid capped at one wave of resident blocks reached 2891
    // (bench/NOTES.md). The kernel's grid-stride loop keeps any grid correct.
    constexpr std::int64_t kMaxGrid = 0x7fffffff;
    const auto grid = static_cast<unsigned>(std::clamp<std::int64_t>(wanted, 1, kMaxGrid));
    make_current(device_.ordinal());
    const auto stream = static_cast<CUstream>(current_stream(device_).handle());
    if (kernel_.image().programmatic_launch(device_)) {
        // The kernel begins with griddepcontrol.wait: it may be scheduled while the kernel
        // before it runs (module_image.h), which hides the launch latency between the two.
        CUlaunchAttribute attribute{};
        attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
        attribute.value.programmaticStreamSerializationAllowed = 1;
        CUlaunchConfig config{};
        config.gridDimX = grid;
        config.gridDimY = 1;
        config.gridDimZ = 1;
        config.blockDimX = kBlockSize;
        config.blockDimY = 1;
        config.blockDimZ = 1;
        config.hStream = stream;
        config.attrs = &attribute;
        config.numAttrs = 1;
        const CUresult result = driver().cuLaunchKernelEx(&config, function, args_, nullptr);
        if (result != CUDA_SUCCESS) [[unlikely]] {
            throw_cuda_error(result, "cuLaunchKernelEx", kernel_name_);
        }
        return;
    }
    const CUresult result =
        driver().cuLaunchKernel(function, grid, 1, 1, kBlockSize, 1, 1, 0, stream, args_, nullptr);
    if (result != CUDA_SUCCESS) [[unlikely]] {
        throw_cuda_error(result, "cuLaunchKernel", kernel_name_);
    }
}

void ElementwiseLaunch::run() {
    if (loop_param_ == nullptr) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) +
                         ": loop size is undecided: at least one non-raw parameter must be an "
                         "array");
    }
    check_given_outputs();
    const std::int64_t n = loop_shape_.element_count();
    push_slot(n);
    if (n == 0) {
        return;
    }
    separate_overlapping_inputs();
    const bool strided = !is_contiguous_loop();
    if (strided) {
        build_strided_layout(n);
    }
    if (device_.is_cpu()) {
        host_fn_ = kernel_.host_function(strided);
        if (host_fn_ == nullptr) [[unlikely]] {
            throw DeviceError(std::string(kernel_name_) + ": this kernel has no host version" +
                              (strided ? " for strided arguments" : "") +
                              ", so it cannot run on cpu");
        }
        const StreamRef stream = current_stream(device_);
        if (cpu_stream_queues(stream)) [[unlikely]] {
            auto call = std::make_shared<QueuedHostCall>();
            call->fn = host_fn_;
            call->n = n;
            call->slot_count = slot_count_;
            std::memcpy(call->slots, slots_, sizeof(std::uint64_t) * slot_count_);
            if (strided) {
                std::memcpy(call->indexer, indexer_, sizeof indexer_);
            }
            call->buffers = buffers_to_hold(temporaries_, operands_, operand_count_);
            cpu_submit(stream, [call = std::move(call)] { call->run(); });
            return;
        }
        if (stream.is_null()) {
            cpu_wait_for_blocking_streams(); // the legacy stream comes after them
        }
        ThreadPool::instance().parallel_for(n, kMinHostChunk, &run_host_chunk, this);
        return;
    }
    launch_gpu(n, strided);
}

} // namespace gpucc::detail
