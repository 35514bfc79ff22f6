// CUDA streams, CuPy's model: each thread has a current stream per GPU, and arrays allocate, copy
// and launch on the current stream of their device. Two types, as RMM and CCCL do it: Stream owns
// a stream (move-only, destroyed with it), StreamRef names one without owning it (a Stream, the
// legacy null stream, the per-thread default stream, or a handle from other CUDA code). The
// operations CuPy's cupy.cuda.Stream offers are on StreamRef (and forwarded by Stream): wait for
// an Event, record one, query, make the stream current with use(), priorities, host functions,
// and graph capture (begin_capture / end_capture, whose Graph is in graph.h).
//
// The current stream, where nothing made one current, is the legacy null stream; with the
// environment variable GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=1 (else CUPY_CUDA_PER_THREAD_DEFAULT_
// STREAM=1, as CuPy reads it) it is the per-thread default stream instead. Two ways to make a
// stream current, as in CuPy:
//  - StreamGuard, the C++ `with stream:`: current until the guard ends, which brings back the
//    stream that was current when it began;
//  - use(), CuPy's `s.use()`: current until something else is made current. A use() inside a
//    StreamGuard lasts until that guard ends (the guard restores what was current when it began);
//    destroying a Stream that is this thread's current stream makes the default stream current.
// Both refuse a stream of another device than the current one (default_device()), with CuPy's
// message, as `with cp.cuda.Device(0): with s1:` does.
//
// On the CPU (Device::cpu()) the same API orders host work (device/cpu_stream.h in the runtime's
// sources): a Stream of the CPU is a queue with one worker thread that runs what is queued on it in
// order (elementwise and reduction kernels, host functions, event records and waits, graph
// launches), each kernel over the runtime's thread pool, while the caller goes on, as a GPU stream
// does. The legacy null stream and the per-thread default stream of the CPU have no thread: their
// work runs on the calling thread when it is issued, the null stream's after the work queued on
// every blocking CPU stream (the legacy stream's order), so a program that makes no stream runs as
// before. Work that reads or writes CPU memory on the calling thread (to_host, copy_from_host,
// asarray, copyto) and jit-style kernels are ordered by waiting for the current CPU stream's
// queued work first and then run on the caller. An exception thrown by queued work is
// kept and rethrown by the stream's next synchronize() (or gpucc::synchronize(Device::cpu())).
// The CPU has one priority (0), and its per-thread default stream cannot capture.
//
// Not here: CuPy's add_callback (cuStreamAddCallback; launch_host_func does the same job and is
// capturable), interprocess events, Stream.from_external (StreamRef(device, handle) names one).
#pragma once

#include "gpucc/device/device.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace gpucc {

class Event; // event.h
class Graph; // graph.h

/// How a capture treats calls that are unsafe while a stream captures (cudaStreamCaptureMode):
/// Relaxed (CuPy's default) allows them, which the memory pool needs to get new memory with
/// cuMemAlloc during a capture; Global refuses them in every thread, ThreadLocal in this one.
enum class CaptureMode : std::uint8_t { Global, ThreadLocal, Relaxed };

/// A stream on a GPU or the CPU, not owned: the null stream, a Stream's, or an external CUstream.
class StreamRef {
public:
    /// Names an external stream (a CUstream from other CUDA code, passed as void*) of `device`;
    /// the caller keeps it alive while gpucc uses it, including for freeing arrays allocated on
    /// it. A null handle is the device's legacy null stream.
    StreamRef(Device device, void* handle) noexcept : device_(device), handle_(handle) {}
    StreamRef(int) = delete;
    StreamRef(std::nullptr_t) = delete;

    Device device() const noexcept { return device_; }
    /// The CUstream as an opaque pointer; nullptr for the legacy null stream, CU_STREAM_PER_THREAD
    /// (0x2) for the per-thread default stream.
    void* handle() const noexcept { return handle_; }
    /// True for the legacy null stream (handle nullptr).
    bool is_null() const noexcept { return handle_ == nullptr; }
    /// True for the per-thread default stream (CuPy's Stream.ptds). Its handle is the same on
    /// every thread, so two of them compare equal although each thread has its own stream.
    bool is_per_thread() const noexcept;
    /// True when the stream is owned by a gpucc::Stream (so its end is known to the runtime).
    bool is_owned_by_gpucc() const noexcept { return owned_by_gpucc_; }

    /// Waits until all work queued on the stream has finished.
    void synchronize() const;
    /// True when all work queued on the stream has finished (cuStreamQuery); never blocks.
    bool done() const;
    /// done(), by CUDA's name.
    bool query() const { return done(); }
    /// Work queued on this stream from now on waits until `event`'s last record() has completed
    /// (cuStreamWaitEvent; CuPy's wait_event). The event may be on another GPU. ValueError for a
    /// moved-from Event. An event never recorded is complete: nothing waits.
    void wait(const Event& event) const;
    /// A new timing Event on this stream's device, recorded here (CuPy's s.record()).
    Event record() const;
    /// Records `event` on this stream (event.record(*this)).
    void record(Event& event) const;
    /// Makes this stream the calling thread's current stream on its device until something else
    /// is made current (CuPy's s.use(); see the top of this file). DeviceError when the stream is
    /// not on default_device().
    void use() const;
    /// The stream's priority: lower numbers run first (stream_priority_range()); 0 is the default.
    int priority() const;
    /// True when the stream does not synchronize with the legacy null stream.
    bool is_non_blocking() const;

    /// Queues `fn` to run on a host thread of the driver (the stream's worker on the CPU; the
    /// caller itself for the CPU's null and per-thread streams) once the work queued before it has
    /// finished; later work waits for it (cuLaunchHostFunc). `fn` must not call CUDA or gpucc
    /// functions that use the GPU, and should not block for long. An exception it throws is
    /// reported on stderr and dropped. Capturable: in a captured graph it runs at each replay and
    /// the Graph keeps it. ValueError for an empty function.
    void launch_host_func(std::function<void()> fn) const;

    /// Starts capturing the work queued on this stream into a graph instead of running it
    /// (cuStreamBeginCapture). Make the stream current (StreamGuard) so that gpucc's launches,
    /// copies and allocations go to it. ValueError, with CuPy's message "cannot capture on the
    /// default (legacy) stream", for the null stream; CudaError when the stream already captures.
    /// See graph.h for what a capture may contain.
    void begin_capture(CaptureMode mode = CaptureMode::Relaxed) const;
    /// Ends the capture and instantiates the graph (cuStreamEndCapture, cuGraphInstantiate);
    /// include gpucc/device/graph.h to use it. ValueError when the stream is not capturing;
    /// CudaError (CUDA_ERROR_STREAM_CAPTURE_INVALIDATED) when an operation that cannot be captured
    /// broke the capture, which is over either way.
    Graph end_capture() const;
    /// True while the stream captures (cuStreamIsCapturing); an invalidated capture counts as
    /// capturing until end_capture().
    bool is_capturing() const;

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

/// The priorities a GPU's streams may have: `greatest` runs first and is numerically the least
/// (e.g. least 0, greatest -5); cuCtxGetStreamPriorityRange.
struct StreamPriorityRange {
    int least = 0;
    int greatest = 0;
};

/// The stream priorities of a GPU; {0, 0} for the CPU. DeviceError for a GPU that does not exist.
StreamPriorityRange stream_priority_range(Device device);

/// An owned stream: created in the constructor, destroyed (after finishing its work) in the
/// destructor; a CUDA stream on a GPU, a queue with its own worker thread on the CPU. Move-only; a
/// moved-from Stream owns nothing and may only be destroyed or assigned. Arrays allocated on a
/// Stream may outlive it: their memory is then freed in stream order on the null stream.
class Stream {
public:
    /// A new blocking stream of priority 0 on default_device(), a GPU or the CPU (CuPy's
    /// cp.cuda.Stream()).
    Stream();
    /// A new stream on default_device().
    explicit Stream(StreamKind kind, int priority = 0);
    /// A new stream on `device` (cuStreamCreateWithPriority). A priority outside
    /// stream_priority_range() is clamped into it, as CUDA does; priority() says what it got.
    explicit Stream(Device device, StreamKind kind = StreamKind::Blocking, int priority = 0);
    ~Stream();
    Stream(Stream&& other) noexcept;
    Stream& operator=(Stream&& other) noexcept;
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

    /// The legacy null stream of `device` (CuPy's Stream.null).
    static StreamRef null(Device device);
    /// The legacy null stream of default_device().
    static StreamRef null();
    /// The calling thread's per-thread default stream on `device` (CuPy's Stream.ptds,
    /// CU_STREAM_PER_THREAD): it does not synchronize with other threads' streams, and
    /// synchronizes with the legacy null stream as a blocking stream does. Its handle is the same
    /// on every thread, so the memory pool, which keeps freed memory per stream handle (as CuPy's
    /// does), may hand memory freed on one thread's per-thread stream to another thread's before
    /// the first is done with it: synchronize before freeing arrays other threads will reuse.
    static StreamRef per_thread(Device device);
    /// The per-thread default stream of default_device().
    static StreamRef per_thread();

    /// This stream, not owned. ValueError on a moved-from Stream.
    StreamRef ref() const;
    operator StreamRef() const { return ref(); }

    Device device() const noexcept { return device_; }
    /// The CUstream as an opaque pointer; nullptr after a move.
    void* handle() const noexcept { return handle_; }
    StreamKind kind() const noexcept { return kind_; }
    /// The priority the stream was created with, after clamping.
    int priority() const noexcept { return priority_; }

    // StreamRef's operations on this stream (ValueError on a moved-from Stream).
    void synchronize() const;
    bool done() const;
    bool query() const { return done(); }
    void wait(const Event& event) const;
    Event record() const;
    void record(Event& event) const;
    void use() const;
    void launch_host_func(std::function<void()> fn) const;
    void begin_capture(CaptureMode mode = CaptureMode::Relaxed) const;
    Graph end_capture() const;
    bool is_capturing() const;

private:
    void destroy() noexcept;
    Device device_;
    void* handle_ = nullptr;
    StreamKind kind_ = StreamKind::Blocking;
    int priority_ = 0;
};

/// This thread's current stream on `device` (a GPU or the CPU): the stream of the innermost
/// StreamGuard or the last use() for that device, else default_stream(device).
StreamRef current_stream(Device device);
/// current_stream(default_device()).
StreamRef current_stream();

/// The stream that is current where nothing was made current: the legacy null stream, or the
/// per-thread default stream when per_thread_default_stream_enabled().
StreamRef default_stream(Device device);

/// Whether the per-thread default stream is the default current stream in this process: read
/// once, at the first call, from per_thread_default_stream_from_environment().
bool per_thread_default_stream_enabled();
/// GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM when set and not empty, else
/// CUPY_CUDA_PER_THREAD_DEFAULT_STREAM, parsed by parse_per_thread_default_stream; false when
/// neither is set. Read at each call.
bool per_thread_default_stream_from_environment();
/// "1" is true, "0" and "" are false; anything else is a ValueError naming `source` (the
/// variable), what is accepted and the text.
bool parse_per_thread_default_stream(std::string_view text, std::string_view source);

/// Makes `stream` this thread's current stream on its device until the guard ends, as CuPy's
/// `with stream:`; the stream current before comes back at the end (see the top of this file for
/// use() inside a guard). Guards nest; create and end them on the same thread. The stream must
/// outlive the guard. DeviceError when the stream is not on default_device(): "The device that
/// the stream is created on (cuda:1) does not match with the current device (cuda:0)".
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
    bool previous_set_;
};

} // namespace gpucc
