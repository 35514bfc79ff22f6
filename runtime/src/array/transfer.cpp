// The copies beyond the synchronous host ones: device-to-host in flight (PendingHostCopy),
// host-to-device through pinned staging chunks, copyto between any two arrays of one dtype and
// shape (host gathers, cuMemcpyDtoDAsync, cuMemcpyPeerAsync), and NDArray::to(Device).
#include "gpucc/array/transfer.h"

#include "array/strided_host.h"
#include "device/cpu_stream.h"
#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/device/peer_access.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "memory/pinned_staging.h"
#include "stdlib/conversion.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpucc {

struct PendingHostCopy::State {
    std::size_t nbytes = 0;
    bool collected = false;
    // A CPU array's elements, copied in C order when the copy was asked for.
    std::vector<std::byte> host;
    // A GPU array's: the bytes its view spans, landing in a staging block in stream order, and
    // the array, kept alive until they have landed.
    std::optional<detail::StagingLease> staging;
    NDArray source;
    std::int64_t first = 0; // offset of element 0 within the staged bytes

    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State() {
        if (staging && !collected) {
            try {
                detail::make_current(source.device().ordinal());
                staging->wait_idle(); // the source and the block may go only after the copy
            } catch (const Error&) {
                // The context is broken: the copy will never run, so nothing waits on it.
            }
        }
    }
};

PendingHostCopy::PendingHostCopy() noexcept = default;
PendingHostCopy::PendingHostCopy(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {
}
PendingHostCopy::~PendingHostCopy() = default;
PendingHostCopy::PendingHostCopy(PendingHostCopy&& other) noexcept = default;
PendingHostCopy& PendingHostCopy::operator=(PendingHostCopy&& other) noexcept = default;

bool PendingHostCopy::ready() const {
    if (!state_ || state_->collected || !state_->staging) {
        return true;
    }
    detail::make_current(state_->source.device().ordinal());
    return state_->staging->idle();
}

std::size_t PendingHostCopy::nbytes() const noexcept {
    return state_ ? state_->nbytes : 0;
}

void PendingHostCopy::wait_into(void* destination) {
    if (!state_ || state_->collected) {
        throw ValueError(state_ ? "PendingHostCopy::wait_into: the copy was collected already"
                                : "PendingHostCopy::wait_into: no copy is pending");
    }
    State& state = *state_;
    if (!state.staging) {
        if (state.nbytes != 0) {
            std::memcpy(destination, state.host.data(), state.nbytes);
        }
    } else {
        detail::make_current(state.source.device().ordinal());
        state.staging->wait_idle();
        const auto* first = static_cast<const std::byte*>(state.staging->host()) + state.first;
        if (state.source.is_c_contiguous()) {
            std::memcpy(destination, first, state.nbytes);
        } else {
            detail::gather(first, state.source.shape(), state.source.strides(),
                           state.source.itemsize(), static_cast<std::byte*>(destination));
        }
    }
    state.collected = true;
    state.staging.reset(); // back to the cache, idle
    state.source = NDArray();
}

namespace {

void check_stream_device(const NDArray& array, StreamRef stream, const char* what) {
    if (stream.device() != array.device()) {
        throw DeviceError(std::string(what) + ": the stream is on " + stream.device().to_string() +
                          " but the array on " + array.device().to_string());
    }
}

// The elements of `array` (any device, any strides) in C order on the host.
std::vector<std::byte> host_copy(const NDArray& array) {
    std::vector<std::byte> bytes(array.nbytes());
    array.copy_to_host(bytes.data());
    return bytes;
}

// RAII for a temporary event.
struct ScopedEvent {
    CUevent event = nullptr;
    ScopedEvent() { GPUCC_CU(cuEventCreate, &event, CU_EVENT_DISABLE_TIMING); }
    ~ScopedEvent() { GPUCC_CU_NOTHROW(cuEventDestroy, event); } // released once it has fired
    ScopedEvent(const ScopedEvent&) = delete;
    ScopedEvent& operator=(const ScopedEvent&) = delete;
};

void copy_between_gpus(const NDArray& destination, const NDArray& source) {
    const Device to = destination.device();
    const Device from = source.device();
    detail::require_cuda_device(to, "copyto");
    detail::require_cuda_device(from, "copyto");
    const auto dst = reinterpret_cast<CUdeviceptr>(destination.data());
    const auto src = reinterpret_cast<CUdeviceptr>(source.data());
    const std::size_t bytes = destination.nbytes();
    if (to == from) {
        detail::make_current(to.ordinal());
        const auto stream = static_cast<CUstream>(current_stream(to).handle());
        if (dst == src) {
            return;
        }
        const bool overlap = dst < src + bytes && src < dst + bytes;
        if (overlap) { // cuMemcpyDtoDAsync does not take overlapping ranges: go through a copy
            const NDArray temporary = empty(source.shape(), source.dtype(), to);
            const auto tmp = reinterpret_cast<CUdeviceptr>(temporary.data());
            GPUCC_CU(cuMemcpyDtoDAsync, tmp, src, bytes, stream);
            GPUCC_CU(cuMemcpyDtoDAsync, dst, tmp, bytes, stream);
        } else {
            GPUCC_CU(cuMemcpyDtoDAsync, dst, src, bytes, stream);
        }
        return;
    }
    // The copy runs on the destination's current stream after the work queued on the source's,
    // and later work on the source's stream (such as freeing the source) waits for it.
    detail::make_current(from.ordinal());
    const auto from_stream = static_cast<CUstream>(current_stream(from).handle());
    const ScopedEvent source_ready;
    GPUCC_CU(cuEventRecord, source_ready.event, from_stream);
    enable_peer_access(to, from); // direct where the GPUs allow it, else staged by the driver
    detail::make_current(to.ordinal());
    const auto to_stream = static_cast<CUstream>(current_stream(to).handle());
    GPUCC_CU(cuStreamWaitEvent, to_stream, source_ready.event, 0);
    GPUCC_CU(cuMemcpyPeerAsync, dst, detail::primary_context(to.ordinal()), src,
             detail::primary_context(from.ordinal()), bytes, to_stream);
    const ScopedEvent copied;
    GPUCC_CU(cuEventRecord, copied.event, to_stream);
    detail::make_current(from.ordinal());
    GPUCC_CU(cuStreamWaitEvent, from_stream, copied.event, 0);
}

} // namespace

PendingHostCopy NDArray::copy_to_host_async(StreamRef stream) const {
    check_stream_device(*this, stream, "copy_to_host_async");
    auto state = std::make_unique<PendingHostCopy::State>();
    state->nbytes = nbytes();
    if (device_.is_cpu() || size_ == 0) {
        if (device_.is_cpu()) {
            detail::cpu_before_host_work(stream, "copy_to_host_async", "cuMemcpyDtoHAsync");
        }
        state->host.resize(nbytes());
        copy_to_host(state->host.data());
        return PendingHostCopy(std::move(state));
    }
    detail::require_cuda_device(device_, "copy_to_host_async");
    detail::make_current(device_.ordinal());
    detail::refuse_host_copy_during_capture(stream, "copy_to_host_async", "cuMemcpyDtoHAsync");
    const detail::ByteSpan span =
        detail::spanned_bytes(shape_, strides_, static_cast<std::int64_t>(itemsize()));
    const auto bytes = static_cast<std::size_t>(span.size());
    state->staging.emplace(device_.ordinal(), bytes);
    state->source = *this;
    state->first = -span.low;
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    GPUCC_CU(cuMemcpyDtoHAsync, state->staging->host(),
             reinterpret_cast<CUdeviceptr>(data()) + span.low, bytes, cu_stream);
    state->staging->record_use(cu_stream);
    return PendingHostCopy(std::move(state));
}

PendingHostCopy NDArray::copy_to_host_async() const {
    return copy_to_host_async(current_stream(device_));
}

void NDArray::copy_from_host_async(const void* source, StreamRef stream) const {
    check_stream_device(*this, stream, "copy_from_host_async");
    if (size_ == 0) {
        return;
    }
    if (device_.is_cpu()) {
        detail::cpu_before_host_work(stream, "copy_from_host_async", "cuMemcpyHtoDAsync");
        detail::strided_copy(static_cast<std::byte*>(data()), strides_,
                             static_cast<const std::byte*>(source),
                             Strides::c_contiguous(shape_, static_cast<std::int64_t>(itemsize())),
                             shape_, itemsize());
        return;
    }
    if (!is_c_contiguous()) {
        // Into a contiguous array on the device, then the copy kernel scatters it (stream order).
        const NDArray packed = empty(shape_, dtype_, device_);
        packed.copy_from_host_async(source, stream);
        const detail::CurrentStreamScope on(stream);
        stdlib::convert_into(packed, *this);
        return;
    }
    detail::require_cuda_device(device_, "copy_from_host_async");
    detail::make_current(device_.ordinal());
    detail::refuse_host_copy_during_capture(stream, "copy_from_host_async", "cuMemcpyHtoDAsync");
    // Chunks go through a ring of at most kRing staging blocks: a chunk waits only for the copy
    // that used its block kRing chunks earlier, so copying to pinned memory and the DMA overlap.
    constexpr std::size_t kChunkBytes = std::size_t{4} << 20;
    constexpr std::size_t kRing = 4;
    const std::size_t total = nbytes();
    const auto cu_stream = static_cast<CUstream>(stream.handle());
    const auto destination = reinterpret_cast<CUdeviceptr>(data());
    const auto* bytes = static_cast<const std::byte*>(source);
    std::vector<detail::StagingLease> ring;
    ring.reserve(kRing);
    std::size_t chunk = 0;
    for (std::size_t offset = 0; offset < total; offset += kChunkBytes, ++chunk) {
        const std::size_t n = std::min(kChunkBytes, total - offset);
        const std::size_t slot = chunk % kRing;
        if (ring.size() <= slot) {
            ring.emplace_back(device_.ordinal(), std::min(total, kChunkBytes));
        } else {
            ring[slot].wait_idle();
        }
        std::memcpy(ring[slot].host(), bytes + offset, n);
        GPUCC_CU(cuMemcpyHtoDAsync, destination + offset, ring[slot].host(), n, cu_stream);
        ring[slot].record_use(cu_stream);
    }
}

void NDArray::copy_from_host_async(const void* source) const {
    copy_from_host_async(source, current_stream(device_));
}

NDArray NDArray::to(Device device) const {
    if (device == device_) {
        return *this;
    }
    NDArray result = empty(shape_, dtype_, device);
    copyto(result, *this);
    return result;
}

void copyto(const NDArray& destination, const NDArray& source) {
    if (destination.dtype() != source.dtype()) {
        throw TypeError("copyto: the destination has dtype " +
                        std::string(dtype_name(destination.dtype())) + " and the source " +
                        std::string(dtype_name(source.dtype())) +
                        "; copyto does not convert between dtypes");
    }
    if (destination.shape() != source.shape()) {
        throw ShapeError("copyto: the destination has shape " + destination.shape().to_string() +
                         " and the source " + source.shape().to_string() +
                         "; the shapes must be equal");
    }
    const Device to = destination.device();
    const Device from = source.device();
    if (destination.size() == 0) {
        return;
    }
    if (to.is_cuda() && from.is_cuda() &&
        (!destination.is_c_contiguous() || !source.is_c_contiguous())) {
        // Strided views on GPUs: the copy kernel (runtime/src/stdlib/kernels/conversion.dsl) on one
        // device; between two, a contiguous copy crosses and the kernel gathers or scatters on
        // either side.
        if (to == from) {
            stdlib::convert_into(source, destination);
            return;
        }
        const NDArray packed_source = source.is_c_contiguous() ? source : source.copy();
        if (destination.is_c_contiguous()) {
            copy_between_gpus(destination, packed_source);
            return;
        }
        const NDArray landed = empty(destination.shape(), destination.dtype(), to);
        copy_between_gpus(landed, packed_source);
        stdlib::convert_into(landed, destination);
        return;
    }
    if (to.is_cpu() || from.is_cpu()) {
        // CPU memory is read or written here, after the current CPU stream's work.
        detail::cpu_before_host_work(current_stream(Device::cpu()), "copyto", "cuMemcpy");
    }
    const Shape& shape = destination.shape();
    const std::size_t itemsize = destination.itemsize();
    const Strides packed = Strides::c_contiguous(shape, static_cast<std::int64_t>(itemsize));
    auto* out = static_cast<std::byte*>(destination.data());
    if (to.is_cpu()) {
        if (from.is_cpu() && destination.buffer() != source.buffer()) {
            detail::strided_copy(out, destination.strides(),
                                 static_cast<const std::byte*>(source.data()), source.strides(),
                                 shape, itemsize);
        } else if (from.is_cuda() && destination.is_c_contiguous()) {
            source.copy_to_host(out);
        } else { // a GPU source into a strided view, or two views of one buffer that may overlap
            const std::vector<std::byte> gathered = host_copy(source);
            detail::strided_copy(out, destination.strides(), gathered.data(), packed, shape,
                                 itemsize);
        }
        return;
    }
    if (from.is_cpu()) {
        if (source.is_c_contiguous()) {
            destination.copy_from_host(source.data());
        } else {
            destination.copy_from_host(host_copy(source).data());
        }
        return;
    }
    copy_between_gpus(destination, source);
}

} // namespace gpucc
