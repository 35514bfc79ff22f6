// CUDA streams, CuPy's model: each thread has a current stream per GPU, the legacy null stream
// until a StreamGuard (the C++ `with stream:`) says otherwise; arrays allocate, copy and launch
// on the current stream of their device. Two types, as RMM and CCCL do it: Stream owns a stream
// (move-only, destroyed with it), StreamRef names one without owning it (a Stream, the null
// stream, or a handle from other CUDA code).
//
// Not yet here (a later issue): priorities, per-thread default streams, wait_event, callbacks,
// graph capture.
#pragma once

#include "gpucc/device.h"

#include <cstddef>
#include <cstdint>

namespace gpucc {

/// A stream on a GPU, not owned: the null stream, a Stream's, or an external CUstream.
class StreamRef {
public:
    /// Names an external stream (a CUstream from other CUDA code, passed as void*) of `device`;
    /// the caller keeps it alive while gpucc uses it, including for freeing arrays allocated on
    /// it. A null handle is the device's legacy null stream.
    StreamRef(Device device, void* handle) noexcept : device_(device), handle_(handle) {}
    StreamRef(int) = delete;
    StreamRef(std::nullptr_t) = delete;

    Device device() const noexcept { return device_; }
    /// The CUstream as an opaque pointer; nullptr for the legacy null stream.
    void* handle() const noexcept { return handle_; }
    bool is_null() const noexcept { return handle_ == nullptr; }
    /// True when the stream is owned by a gpucc::Stream (so its end is known to the runtime).
    bool is_owned_by_gpucc() const noexcept { return owned_by_gpucc_; }
    /// Waits until all work queued on the stream has finished.
    void synchronize() const;

    friend bool operator==(const StreamRef& a, const StreamRef& b) noexcept {
        return a.device_ == b.device_ && a.handle_ == b.handle_;
    }

private:
    friend class Stream;
    friend StreamRef current_stream(Device device);
    StreamRef(Device device, void* handle, bool owned) noexcept
        : device_(device), handle_(handle), owned_by_gpucc_(owned) {}
    Device device_;
    void* handle_ = nullptr;
    bool owned_by_gpucc_ = false;
};

/// Whether work on a stream waits for the legacy null stream (as CuPy's default,
/// non_blocking=False) or not.
enum class StreamKind : std::uint8_t { Blocking, NonBlocking };

/// An owned CUDA stream: created in the constructor, destroyed (after finishing its work) in the
/// destructor. Move-only; a moved-from Stream owns nothing and may only be destroyed or assigned.
/// Arrays allocated on a Stream may outlive it: their memory is then freed in stream order on
/// the null stream.
class Stream {
public:
    /// A new stream on default_device(), which must be a GPU.
    Stream();
    explicit Stream(Device device, StreamKind kind = StreamKind::Blocking);
    ~Stream();
    Stream(Stream&& other) noexcept;
    Stream& operator=(Stream&& other) noexcept;
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

    /// The legacy null stream of `device` (CuPy's Stream.null).
    static StreamRef null(Device device);
    /// The legacy null stream of default_device().
    static StreamRef null();

    /// This stream, not owned. ValueError on a moved-from Stream.
    StreamRef ref() const;
    operator StreamRef() const { return ref(); }

    Device device() const noexcept { return device_; }
    /// The CUstream as an opaque pointer; nullptr after a move.
    void* handle() const noexcept { return handle_; }
    StreamKind kind() const noexcept { return kind_; }
    void synchronize() const { ref().synchronize(); }

private:
    void destroy() noexcept;
    Device device_;
    void* handle_ = nullptr;
    StreamKind kind_ = StreamKind::Blocking;
};

/// This thread's current stream on `device` (a GPU): the innermost StreamGuard's for that device,
/// else the legacy null stream.
StreamRef current_stream(Device device);
/// current_stream(default_device()).
StreamRef current_stream();

/// Makes `stream` this thread's current stream on its device until the guard ends, as CuPy's
/// `with stream:`. Guards nest; create and end them on the same thread. The stream must outlive
/// the guard.
class StreamGuard {
public:
    explicit StreamGuard(StreamRef stream);
    ~StreamGuard();
    StreamGuard(const StreamGuard&) = delete;
    StreamGuard& operator=(const StreamGuard&) = delete;

private:
    int ordinal_;
    void* previous_handle_;
    bool previous_owned_;
};

} // namespace gpucc
