// ReductionLaunch (gpucc/detail/reduction_launch.h): the checks of one reduction call with their
// messages (built only on failure), broadcasting and the axes, the plan, and the two ways to run
// it: one cuLaunchKernel on the GPU, with a partials buffer and zeroed semaphores when the
// reduced positions are cut into slices; on the CPU, the host functions over the thread pool,
// each output's positions cut into fixed chunks whose partial results combine in a fixed
// pairwise tree, so the bits depend neither on the number of threads nor on how they share the
// work, and a float32 sum of 2^28 elements keeps its accuracy.
#include "array/axis.h"
#include "cpu/thread_pool.h"
#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/detail/reduction_launch.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "launch/broadcast_argument.h"
#include "launch/launch_checks.h"
#include "launch/reduction_plan_builder.h"

#include <algorithm>
#include <string>

namespace gpucc::detail {
namespace {

static_assert(ReductionLaunch::kMaxOperands + 1 == kMaxReducePlanOperands);

/// Reduced positions per host partial call: the unit the pairwise tree combines.
constexpr std::int64_t kHostChunk = 4096;
/// Fewest elements handed to one CPU thread (as ElementwiseLaunch::kMinHostChunk).
constexpr std::int64_t kMinHostWork = 32768;
/// Bytes of one reduce-type value on the host: a slot of kValueAlign-aligned bytes each.
constexpr std::size_t kValueAlign = 16;
constexpr std::size_t kMaxValueBytes = 64;
/// Enough levels for any count of chunks below 2^63.
constexpr int kMaxLevels = 64;

/// Combines values pushed in order as a balanced binary tree of fixed shape: 2^j consecutive
/// values combine into one as soon as they are all there (a binary counter), and what is left at
/// the end combines from the right. The same values give the same bits, however they were
/// computed. Holds one value per level (the bytes of kMaxLevels values, on the stack).
class PairwiseCombiner {
public:
    PairwiseCombiner(HostReduceCombineFn combine, std::size_t value_bytes) noexcept
        : combine_(combine), value_bytes_(value_bytes) {}

    /// Where the next value goes; write it there, then push().
    void* next() noexcept { return slot(depth_); }
    void push() noexcept {
        levels_[depth_++] = 0;
        while (depth_ >= 2 && levels_[depth_ - 2] == levels_[depth_ - 1]) {
            combine_(slot(depth_ - 2), slot(depth_ - 1));
            ++levels_[depth_ - 2];
            --depth_;
        }
    }
    /// The combination of every value pushed (at least one).
    const void* result() noexcept {
        for (int d = depth_ - 1; d >= 1; --d) {
            combine_(slot(d - 1), slot(d));
        }
        depth_ = 1;
        return slot(0);
    }

private:
    void* slot(int level) noexcept {
        return storage_ + static_cast<std::size_t>(level) * value_bytes_;
    }

    HostReduceCombineFn combine_;
    std::size_t value_bytes_;
    int depth_ = 0;
    int levels_[kMaxLevels] = {};
    alignas(kValueAlign) unsigned char storage_[kMaxLevels * kMaxValueBytes];
};

/// One value slot of the chunk results of the CPU path.
struct alignas(kValueAlign) ValueSlot {
    unsigned char bytes[kValueAlign];
};

/// The host side of one call: the functions and the sizes every task needs.
struct HostReduction {
    void** args;
    HostReducePartialFn partial;
    HostReduceCombineFn combine;
    HostReduceFinishFn finish;
    std::int64_t reduced;         // K
    std::int64_t chunks;          // per output: ceil(K / kHostChunk)
    std::size_t value_bytes;      // a multiple of kValueAlign
    std::int64_t slots_per_value; // value_bytes / kValueAlign
    ValueSlot* chunk_values;      // [output][chunk], for the chunk-parallel way
    std::int64_t units_per_item;  // of the thread pool's range (parallel_items)

    void run_partial(std::int64_t output, std::int64_t chunk, void* result) const {
        const std::int64_t begin = chunk * kHostChunk;
        partial(args, output, begin, std::min(reduced, begin + kHostChunk), result);
    }
};

/// Outputs [begin, end): every chunk in order on this thread, combined, finished.
void reduce_outputs(void* context, std::int64_t begin, std::int64_t end) {
    const auto& host = *static_cast<const HostReduction*>(context);
    for (std::int64_t o = begin / host.units_per_item; o < end / host.units_per_item; ++o) {
        PairwiseCombiner combiner(host.combine, host.value_bytes);
        for (std::int64_t chunk = 0; chunk < host.chunks; ++chunk) {
            host.run_partial(o, chunk, combiner.next());
            combiner.push();
        }
        host.finish(host.args, o, combiner.result());
    }
}

/// Outputs [begin, end) of an empty reduction: post(identity).
void finish_empty(void* context, std::int64_t begin, std::int64_t end) {
    const auto& host = *static_cast<const HostReduction*>(context);
    for (std::int64_t o = begin / host.units_per_item; o < end / host.units_per_item; ++o) {
        host.finish(host.args, o, nullptr);
    }
}

/// Items: one chunk of one output each, into chunk_values.
void reduce_chunks(void* context, std::int64_t begin, std::int64_t end) {
    const auto& host = *static_cast<const HostReduction*>(context);
    for (std::int64_t item = begin / host.units_per_item; item < end / host.units_per_item;
         ++item) {
        host.run_partial(item / host.chunks, item % host.chunks,
                         host.chunk_values[item * host.slots_per_value].bytes);
    }
}

/// Runs fn over `count` items, at least `min_items` per task. The pool hands out ranges in
/// whole multiples of 64, which would put up to 64 long items (outputs of a long reduction, or
/// chunks) on one thread; counting 64 units per item lets every item go to its own thread.
void parallel_items(HostReduction& host, std::int64_t count, std::int64_t min_items,
                    ThreadPool::ChunkFn fn) {
    host.units_per_item = count < (std::int64_t{1} << 56) ? 64 : 1;
    ThreadPool::instance().parallel_for(count * host.units_per_item,
                                        min_items * host.units_per_item, fn, &host);
}

/// The CPU path's work for `m` outputs, once the plan and `host` are ready.
void execute_host(HostReduction& host, std::int64_t m) {
    if (host.reduced == 0) {
        parallel_items(host, m, kMinHostWork, &finish_empty);
        return;
    }
    host.chunks = (host.reduced + kHostChunk - 1) / kHostChunk;
    if (m >= 4 * static_cast<std::int64_t>(ThreadPool::instance().thread_count()) ||
        host.chunks == 1) {
        // Enough outputs to share: each thread takes whole outputs.
        const std::int64_t outputs_per_task =
            std::max<std::int64_t>(1, kMinHostWork / host.reduced);
        parallel_items(host, m, outputs_per_task, &reduce_outputs);
        return;
    }
    // Few outputs, each long: the threads share the chunks of every output, then each output
    // combines its chunks' results, in the same tree as above.
    const std::int64_t items = m * host.chunks;
    std::vector<ValueSlot> values(static_cast<std::size_t>(items * host.slots_per_value));
    host.chunk_values = values.data();
    parallel_items(host, items, kMinHostWork / kHostChunk, &reduce_chunks);
    for (std::int64_t o = 0; o < m; ++o) {
        PairwiseCombiner combiner(host.combine, host.value_bytes);
        for (std::int64_t chunk = 0; chunk < host.chunks; ++chunk) {
            std::memcpy(combiner.next(),
                        values[(o * host.chunks + chunk) * host.slots_per_value].bytes,
                        host.value_bytes);
            combiner.push();
        }
        host.finish(host.args, o, combiner.result());
    }
}

/// A reduction queued on a CPU stream: copies of the argument slots and of the plan (the
/// ReductionLaunch is gone when it runs), the host functions, and the buffers it reads and writes.
/// Read-only once queued: a captured call may run on several streams at once (graph launches).
struct QueuedReduction {
    HostReduction host{};
    std::int64_t m = 0;
    int slot_count = 0; // the plan's slot and the two zero slots after it included
    std::uint64_t slots[ReductionLaunch::kMaxSlots];
    std::int64_t plan[reduce_plan_words(ReductionLaunch::kMaxOperands + 1, 0)];
    std::vector<std::shared_ptr<Buffer>> buffers;

    void run() const {
        void* args[ReductionLaunch::kMaxSlots];
        std::uint64_t own_slots[ReductionLaunch::kMaxSlots];
        std::memcpy(own_slots, slots, sizeof(std::uint64_t) * slot_count);
        for (int k = 0; k < slot_count; ++k) {
            args[k] = &own_slots[k];
        }
        args[slot_count - 3] = const_cast<std::int64_t*>(plan); // NOLINT: the plan's own words
        HostReduction each = host;
        each.args = args;
        execute_host(each, m);
    }
};

} // namespace

void ReductionLaunch::throw_too_many_slots() const {
    detail::throw_too_many_slots(kernel_name_, kMaxSlots);
}

void ReductionLaunch::note_device(const char* param, Device device) {
    note_argument_device(kernel_name_, param, device, device_param_, device_);
}

void ReductionLaunch::note_operand(const char* param, const NDArray* array, DType dtype) {
    if (operand_count_ + post_count_ >= kMaxOperands) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": more than " + std::to_string(kMaxOperands) +
                         " array arguments; reductions support at most " +
                         std::to_string(kMaxOperands));
    }
    if (array != nullptr) {
        const auto itemsize = static_cast<std::int64_t>(array->itemsize());
        for (int axis = 0; axis < array->ndim(); ++axis) {
            if (array->strides()[axis] % itemsize != 0) [[unlikely]] {
                throw ValueError(std::string(kernel_name_) + ": " + param + " has strides " +
                                 array->strides().to_string() + " that are not multiples of its " +
                                 std::to_string(itemsize) + "-byte elements");
            }
        }
    }
    operands_[operand_count_++] = {param, array, dtype, slot_count_};
}

void ReductionLaunch::note_input(const char* param, const NDArray& array) {
    if (axes_given_) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": input " + param +
                         " given after axes(); a wrapper passes every input first");
    }
    note_device(param, array.device());
    note_operand(param, &array, array.dtype());
    ++input_count_;
    const Shape& shape = array.shape();
    if (shape_param_ == nullptr) {
        shape_param_ = param;
        in_shape_ = shape;
        return;
    }
    if (shape == in_shape_) [[likely]] {
        return;
    }
    broadcast_argument(kernel_name_, param, shape, shape_param_, in_shape_);
}

void ReductionLaunch::note_post_input(const char* param, const NDArray& array) {
    if (axes_given_) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": input " + param +
                         " given after axes(); a wrapper passes every input first");
    }
    if (operand_count_ + post_count_ >= kMaxOperands) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": more than " + std::to_string(kMaxOperands) +
                         " array arguments; reductions support at most " +
                         std::to_string(kMaxOperands));
    }
    note_device(param, array.device());
    const auto itemsize = static_cast<std::int64_t>(array.itemsize());
    for (int axis = 0; axis < array.ndim(); ++axis) {
        if (array.strides()[axis] % itemsize != 0) [[unlikely]] {
            throw ValueError(std::string(kernel_name_) + ": " + param + " has strides " +
                             array.strides().to_string() + " that are not multiples of its " +
                             std::to_string(itemsize) + "-byte elements");
        }
    }
    post_params_[post_count_] = param;
    post_arrays_[post_count_++] = &array;
}

void ReductionLaunch::post_array_strides(const NDArray& array, std::int64_t* strides) const {
    // Broadcast to the output shape (NumPy's rule, aligned on the right), then spread over the
    // axes of in_shape_ as an output's strides are.
    std::int64_t own[kMaxNdim];
    broadcast_element_strides(array, out_shape_, own);
    int j = 0;
    for (int axis = 0; axis < in_shape_.ndim(); ++axis) {
        if (reduced_[axis]) {
            strides[axis] = 0;
            j += keepdims_ ? 1 : 0;
        } else {
            strides[axis] = own[j++];
        }
    }
}

void ReductionLaunch::axes(const Axis& axis, bool keepdims) {
    if (input_count_ == 0) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) +
                         ": the reduction's shape is undecided: at least one input must be an "
                         "array");
    }
    const int ndim = in_shape_.ndim();
    std::fill(reduced_, reduced_ + kMaxNdim, false);
    if (axis.is_all()) {
        std::fill(reduced_, reduced_ + ndim, true);
    } else {
        for (const int given : axis) {
            const int normalized = normalize_axis(given, ndim, kernel_name_);
            if (reduced_[normalized]) [[unlikely]] {
                throw ValueError(std::string(kernel_name_) + ": duplicate value in 'axis': axis " +
                                 std::to_string(normalized) + " of an array of " +
                                 std::to_string(ndim) + " dimensions is given more than once");
            }
            reduced_[normalized] = true;
        }
    }
    out_shape_ = Shape();
    for (int k = 0; k < ndim; ++k) {
        if (!reduced_[k]) {
            out_shape_.push_back(in_shape_[k]);
        } else if (keepdims) {
            out_shape_.push_back(1);
        }
    }
    keepdims_ = keepdims;
    axes_given_ = true;
    for (int k = 0; k < post_count_; ++k) {
        // A post array is read at the output's coordinates: it must broadcast to the output
        // shape without enlarging it (NumPy would give a larger result).
        const Shape& shape = post_arrays_[k]->shape();
        bool fits = shape.ndim() <= out_shape_.ndim();
        for (int a = 1; fits && a <= shape.ndim(); ++a) {
            const std::int64_t extent = shape[shape.ndim() - a];
            fits = extent == 1 || extent == out_shape_[out_shape_.ndim() - a];
        }
        if (!fits) [[unlikely]] {
            throw ShapeError(std::string(kernel_name_) + ": " + post_params_[k] + " has shape " +
                             shape.to_string() + ", which does not broadcast to " +
                             out_shape_.to_string() + ": " + describe_reduction() + ", and " +
                             post_params_[k] +
                             ", read after the reduction, must broadcast to that shape");
        }
    }
}

void ReductionLaunch::require_axes(const char* what) const {
    if (!axes_given_) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": " + what +
                         " before axes(); a wrapper passes the axes after the inputs");
    }
}

std::string ReductionLaunch::describe_reduction() const {
    std::string axes;
    for (int k = 0; k < in_shape_.ndim(); ++k) {
        if (reduced_[k]) {
            axes += (axes.empty() ? "" : ", ") + std::to_string(k);
        }
    }
    return "the reduction of shape " + in_shape_.to_string() + " over axes (" + axes + ")" +
           (keepdims_ ? " with keepdims" : "") + " gives " + out_shape_.to_string();
}

NDArray ReductionLaunch::allocate_output(const char* param, DType dtype) {
    require_axes((std::string("output ") + param).c_str());
    note_operand(param, nullptr, dtype);
    NDArray output = empty(out_shape_, dtype, device_);
    if (device_.is_cpu() && cpu_stream_queues(current_stream(device_))) [[unlikely]] {
        temporaries_.push_back(output.buffer()); // kept until the queued reduction has run
    }
    return output;
}

void ReductionLaunch::note_given_output(const char* param, const NDArray& array) {
    require_axes((std::string("output ") + param).c_str());
    note_device(param, array.device());
    if (!(array.shape() == out_shape_)) [[unlikely]] {
        throw ShapeError(std::string(kernel_name_) + ": output " + param + " has shape " +
                         array.shape().to_string() + " but " + describe_reduction() +
                         "; an output must have exactly that shape");
    }
    note_operand(param, &array, array.dtype());
}

void ReductionLaunch::build_plan(int sm_count) {
    ReducePlanOperand operands[kMaxOperands + 1]; // and the position operand; post arrays too
    const int vector_width = kernel_.vector_width();
    const int ndim = in_shape_.ndim();
    for (int a = 0; a < operand_count_; ++a) {
        const Operand& operand = operands_[a];
        ReducePlanOperand& entry = operands[a];
        const auto itemsize = static_cast<std::int64_t>(dtype_size(operand.dtype));
        if (a < input_count_) {
            void* address = nullptr;
            std::memcpy(&address, &slots_[operand.slot], sizeof address);
            entry.vector_aligned = reinterpret_cast<std::uintptr_t>(address) %
                                       static_cast<std::uintptr_t>(vector_width * itemsize) ==
                                   0;
            broadcast_element_strides(*operand.array, in_shape_, entry.strides);
            continue;
        }
        // An output: its strides along the kept axes of in_shape_ (its own axes are those, with
        // the reduced ones in place as extents of 1 under keepdims).
        entry.vector_aligned = false;
        std::int64_t own[kMaxNdim];
        if (operand.array == nullptr) {
            std::int64_t stride = 1;
            for (int k = out_shape_.ndim() - 1; k >= 0; --k) {
                own[k] = stride;
                stride *= out_shape_[k];
            }
        } else {
            for (int k = 0; k < out_shape_.ndim(); ++k) {
                own[k] = operand.array->strides()[k] / itemsize;
            }
        }
        int j = 0;
        for (int axis = 0; axis < ndim; ++axis) {
            if (reduced_[axis]) {
                entry.strides[axis] = 0;
                j += keepdims_ ? 1 : 0;
            } else {
                entry.strides[axis] = own[j++];
            }
        }
    }
    int plan_inputs = input_count_;
    if (kernel_.reduced_position()) {
        // The position operand (reduction_plan.h) goes after the inputs: move the outputs up.
        for (int a = operand_count_; a > input_count_; --a) {
            operands[a] = operands[a - 1];
        }
        ReducePlanOperand& position = operands[input_count_];
        position.vector_aligned = true;
        std::int64_t stride = 1;
        for (int axis = ndim - 1; axis >= 0; --axis) {
            position.strides[axis] = reduced_[axis] ? stride : 0;
            stride *= reduced_[axis] ? in_shape_[axis] : 1;
        }
        ++plan_inputs;
    }
    // Post arrays after the outputs: operands the plan indexes at the output's coordinates.
    const int plan_operands = operand_count_ + (plan_inputs - input_count_);
    for (int k = 0; k < post_count_; ++k) {
        operands[plan_operands + k].vector_aligned = false;
        post_array_strides(*post_arrays_[k], operands[plan_operands + k].strides);
    }
    ReducePlanRequest request{kernel_name_,
                              in_shape_,
                              reduced_,
                              operands,
                              plan_inputs,
                              operands + plan_inputs,
                              operand_count_ - input_count_ + post_count_,
                              vector_width,
                              sm_count};
    build_reduction_plan(request, plan_);
}

void ReductionLaunch::launch_gpu(int plan_slot) {
    kernel_.function(device_); // checks the device before anything is planned
    build_plan(device_properties(device_).sm_count);
    // The lanes kernel for plans whose lanes run along a warp, the rows kernel for the others.
    const bool rows = (plan_[kReducePlanFlags] & kReduceLanesFirst) == 0;
    auto* function = static_cast<CUfunction>(kernel_.function(device_, rows));
    const ReduceGrid grid = reduction_grid(plan_);
    if (grid.x > 0x7fffffff) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": " +
                         std::to_string(plan_[kReducePlanOutputs]) + " outputs need a grid of " +
                         std::to_string(grid.x) + " blocks, more than a GPU launch takes");
    }
    make_current(device_.ordinal());
    const auto stream = static_cast<CUstream>(current_stream(device_).handle());
    if (grid.y > 1) {
        // Partials [slice][output], and one semaphore per block column, zero before the launch;
        // both from the pool on this stream, so they are freed in stream order after it.
        const auto partial_bytes =
            static_cast<std::size_t>(plan_[kReducePlanOutputs] * grid.y * kernel_.reduce_size());
        std::shared_ptr<Buffer> partials = Buffer::allocate(partial_bytes, device_);
        std::shared_ptr<Buffer> semaphores =
            Buffer::allocate(static_cast<std::size_t>(grid.x) * sizeof(std::uint32_t), device_);
        const CUresult cleared =
            driver().cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(semaphores->data()), 0,
                                      static_cast<std::size_t>(grid.x), stream);
        if (cleared != CUDA_SUCCESS) [[unlikely]] {
            throw_cuda_error(cleared, "cuMemsetD32Async",
                             std::string(kernel_name_) + ": clearing the semaphores");
        }
        void* partials_address = partials->data();
        void* semaphores_address = semaphores->data();
        std::memcpy(&slots_[plan_slot + 1], &partials_address, sizeof partials_address);
        std::memcpy(&slots_[plan_slot + 2], &semaphores_address, sizeof semaphores_address);
        temporaries_.push_back(std::move(partials));
        temporaries_.push_back(std::move(semaphores));
    }
    const CUresult result = driver().cuLaunchKernel(
        function, static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y), 1, kReduceBlockSize,
        1, 1, 0, stream, args_, nullptr);
    temporaries_.clear(); // freed in stream order, after the kernel
    if (result != CUDA_SUCCESS) [[unlikely]] {
        throw_cuda_error(result, "cuLaunchKernel", kernel_name_);
    }
}

void ReductionLaunch::run_host() {
    HostReduction host{};
    host.partial = kernel_.host_partial();
    if (host.partial == nullptr) [[unlikely]] {
        throw DeviceError(std::string(kernel_name_) +
                          ": this kernel has no host version, so it cannot run on cpu");
    }
    const auto reduce_size = static_cast<std::size_t>(std::max(1, kernel_.reduce_size()));
    if (reduce_size > kMaxValueBytes) [[unlikely]] {
        throw ValueError(std::string(kernel_name_) + ": its reduce type has " +
                         std::to_string(reduce_size) + " bytes; the host path takes at most " +
                         std::to_string(kMaxValueBytes));
    }
    build_plan(0);
    host.args = args_;
    host.combine = kernel_.host_combine();
    host.finish = kernel_.host_finish();
    host.reduced = plan_[kReducePlanReduced];
    host.value_bytes = (reduce_size + kValueAlign - 1) / kValueAlign * kValueAlign;
    host.slots_per_value = static_cast<std::int64_t>(host.value_bytes / kValueAlign);
    const std::int64_t m = plan_[kReducePlanOutputs];
    const StreamRef stream = current_stream(device_);
    if (cpu_stream_queues(stream)) [[unlikely]] {
        auto call = std::make_shared<QueuedReduction>();
        call->host = host;
        call->m = m;
        call->slot_count = slot_count_;
        std::memcpy(call->slots, slots_, sizeof(std::uint64_t) * slot_count_);
        static_assert(sizeof call->plan == sizeof plan_);
        std::memcpy(call->plan, plan_, sizeof plan_);
        call->buffers = buffers_to_hold(temporaries_, operands_, operand_count_);
        for (int k = 0; k < post_count_; ++k) {
            call->buffers.push_back(post_arrays_[k]->buffer());
        }
        cpu_submit(stream, [call = std::move(call)] { call->run(); });
        return;
    }
    if (stream.is_null()) {
        cpu_wait_for_blocking_streams(); // the legacy stream comes after them
    }
    execute_host(host, m);
}

void ReductionLaunch::run() {
    require_axes("run()");
    const int outputs = operand_count_ - input_count_;
    if (input_count_ != kernel_.array_inputs() || outputs != kernel_.outputs() ||
        post_count_ != kernel_.post_arrays()) [[unlikely]] {
        throw ValueError(
            std::string(kernel_name_) + ": called with " + std::to_string(input_count_) +
            " array inputs, " + std::to_string(post_count_) + " arrays read by post and " +
            std::to_string(outputs) + " outputs; the kernel has " +
            std::to_string(kernel_.array_inputs()) + ", " + std::to_string(kernel_.post_arrays()) +
            " and " + std::to_string(kernel_.outputs()));
    }
    // The trailing slots: the plan, then partials and semaphores. args[plan slot] points at the
    // words themselves on both targets: cuLaunchKernel copies them into the by-value parameter,
    // the host functions read them in place.
    const int plan_slot = slot_count_;
    args_[plan_slot] = plan_;
    for (int k = plan_slot + 1; k < plan_slot + 3; ++k) {
        slots_[k] = 0;
        args_[k] = &slots_[k];
    }
    slot_count_ += 3;
    const std::int64_t m = out_shape_.element_count();
    if (m == 0) {
        return;
    }
    std::int64_t k_count = 1;
    for (int axis = 0; axis < in_shape_.ndim(); ++axis) {
        if (reduced_[axis]) {
            k_count *= in_shape_[axis];
        }
    }
    if (k_count == 0 && !kernel_.has_identity()) [[unlikely]] {
        throw ValueError(std::string("zero-size array to reduction operation ") + kernel_name_ +
                         " which has no identity");
    }
    if (device_.is_cpu()) {
        run_host();
    } else {
        launch_gpu(plan_slot);
    }
}

} // namespace gpucc::detail
