// Copies that move array elements between the host and devices, beyond the synchronous ones on
// NDArray: a device-to-host copy in flight (PendingHostCopy, and PendingHostVector<T> for typed
// arrays, returned by copy_to_host_async / to_host_async), and copyto between two arrays.
//
// Asynchronous copies go through pinned (page-locked) staging blocks that the runtime keeps in a
// small cache per GPU, so the DMA engine reads or writes them while the host goes on. When the
// host buffer may be reused:
//  - host to device (copy_from_host_async): as soon as the call returns (the bytes are in the
//    staging blocks by then);
//  - device to host (copy_to_host_async): the elements land in your buffer in wait_into() / get(),
//    which wait for the stream; the staging block stays lent until then.
// The staging blocks come from the default PinnedMemoryPool (memory/pinned_pool.h).
#pragma once

#include "gpucc/array/dtype.h"

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpucc {

class NDArray;

/// A device-to-host copy in flight, from NDArray::copy_to_host_async. Move-only. Destroying it
/// before wait_into() waits for the copy to finish (so the staging block and the source array
/// can be released safely).
class PendingHostCopy {
public:
    struct State; // defined by the runtime
    /// Nothing pending: ready() is true, wait_into() a ValueError.
    PendingHostCopy() noexcept;
    explicit PendingHostCopy(std::unique_ptr<State> state) noexcept;
    ~PendingHostCopy();
    PendingHostCopy(PendingHostCopy&& other) noexcept;
    PendingHostCopy& operator=(PendingHostCopy&& other) noexcept;
    PendingHostCopy(const PendingHostCopy&) = delete;
    PendingHostCopy& operator=(const PendingHostCopy&) = delete;

    /// True once the copy has finished (wait_into() will not block); never blocks.
    bool ready() const;
    /// Waits for the copy, then writes the nbytes() bytes of the elements in C order to
    /// `destination` and returns the staging block. Once only: ValueError the second time.
    void wait_into(void* destination);
    /// The bytes wait_into() writes: the source array's size() * itemsize().
    std::size_t nbytes() const noexcept;

private:
    std::unique_ptr<State> state_;
};

/// A typed device-to-host copy in flight, from Array<T>::to_host_async: get() waits and gives
/// the elements in C order.
template <ElementType T>
class PendingHostVector {
public:
    explicit PendingHostVector(PendingHostCopy copy) noexcept : copy_(std::move(copy)) {}

    /// True once the copy has finished; never blocks.
    bool ready() const { return copy_.ready(); }
    /// Waits for the copy; the elements in C order. Once only: ValueError the second time.
    std::vector<T> get() {
        const std::size_t count = copy_.nbytes() / sizeof(T);
        if constexpr (std::is_same_v<T, bool>) { // std::vector<bool> is packed: go through bytes
            std::vector<unsigned char> bytes(count);
            copy_.wait_into(bytes.data());
            return std::vector<bool>(bytes.begin(), bytes.end());
        } else {
            std::vector<T> values(count);
            copy_.wait_into(values.data());
            return values;
        }
    }

private:
    PendingHostCopy copy_;
};

/// Copies the elements of `source` into `destination`, which must have the same dtype (TypeError
/// naming both) and shape (ShapeError naming both). Where they live decides how:
///  - into a CPU array: from any strides to any strides; synchronous (a GPU source is gathered
///    on the host, as copy_to_host does);
///  - from the CPU into a GPU array: synchronous; a strided destination is written through a
///    contiguous copy on the device and the copy kernel;
///  - between GPU arrays: cuMemcpyDtoDAsync on the same GPU when both are C-contiguous, the copy
///    kernel (runtime/src/stdlib/kernels/conversion.dsl) when either is strided (overlapping views
///    are handled); cuMemcpyPeerAsync between GPUs (a strided source packed first on its device, a
///    strided destination filled by the copy kernel from the landed copy). Queued on the
///    destination device's current stream and not waited for (stream order, as a kernel launch).
///    Between GPUs the copy also waits for the work queued so far on the source device's current
///    stream, and later work there waits for the copy.
void copyto(const NDArray& destination, const NDArray& source);

} // namespace gpucc
