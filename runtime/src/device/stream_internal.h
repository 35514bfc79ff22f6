// What other runtime sources need from the stream sources: freeing in stream order on a stream
// that a gpucc::Stream owned when the memory was allocated (it may have been destroyed since), a
// current-stream scope without the device check for the runtime's own use, forgetting a
// destroyed stream that is current, the device check of StreamGuard and use(), and the refusal
// of host copies on a capturing stream. Private to the runtime: it includes cuda.h.
#pragma once

#include "gpucc/device/stream.h"

#include <cuda.h>

namespace gpucc::detail {

/// cuMemFreeAsync(ptr, stream) while `stream` lives; once its Stream was destroyed (which
/// finished its work first), on the legacy null stream. Never throws. The caller has made the
/// device's context current.
void free_async_on_owned_stream(CUdeviceptr ptr, CUstream stream) noexcept;

/// True while a gpucc::Stream owns `stream` (made and not yet destroyed): the runtime's caches
/// keyed by stream (cuBLAS's workspaces) drop what belonged to streams gone since.
bool is_owned_stream(CUstream stream) noexcept;

/// Makes `stream` current on its device for the scope, like StreamGuard but without its check
/// that the stream is on default_device(): for the runtime's own work on an array's device.
class CurrentStreamScope {
public:
    explicit CurrentStreamScope(StreamRef stream) noexcept;
    ~CurrentStreamScope();
    CurrentStreamScope(const CurrentStreamScope&) = delete;
    CurrentStreamScope& operator=(const CurrentStreamScope&) = delete;

private:
    int ordinal_;
    void* previous_handle_;
    bool previous_owned_;
    bool previous_set_;
};

/// Called by a Stream's destruction: when `handle` is the calling thread's current stream on
/// GPU `ordinal` (made so by use()), the default stream becomes current again.
void forget_current_stream(int ordinal, void* handle) noexcept;

/// What runs when a gpucc::Stream on a GPU is destroyed, after its work finished and before its
/// handle goes back to the driver (the stream is still valid; no lock of the stream sources is
/// held): the runtime's caches keyed by stream free what was the stream's (cuBLAS's workspaces,
/// linalg/cublas.cpp). Must not throw.
using StreamDestroyedHook = void (*)(CUstream stream) noexcept;

/// Adds `hook` to those every GPU Stream's destruction calls (at most kMaxStreamDestroyedHooks,
/// each added once by its subsystem on first use; a further one is a std::logic_error).
inline constexpr int kMaxStreamDestroyedHooks = 4;
void add_stream_destroyed_hook(StreamDestroyedHook hook);

/// DeviceError with CuPy's message unless `stream` is on default_device().
void require_stream_on_current_device(StreamRef stream);

/// Throws a CudaError (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED from `api`, the call that would
/// fail) when `stream` is capturing a graph: a copy between the host and the device cannot be
/// part of a graph (a synchronous one waits for work that only runs when the graph is launched;
/// an asynchronous one reads a staging block that is reused before a replay). `what` names the
/// operation. Checked before the copy, so the capture stays valid.
void refuse_host_copy_during_capture(StreamRef stream, const char* what, const char* api);

} // namespace gpucc::detail
