// A fake CUDA driver for tests on machines without a GPU: built as libcuda.so.1 and linked into
// the test program, so the runtime's dlopen("libcuda.so.1") finds it already loaded. It models
// what the stream, event and graph code relies on — handles created and destroyed, two devices
// with primary contexts, stream priorities and flags, event flags and timestamps, capture into
// graphs of host and copy nodes, graph launches that run the host nodes, host memory standing in
// for device memory — so the runtime's RAII, moves and errors are tested against counts of what
// is alive. Work "runs" when it is queued. Modules load from any image and kernel launches are
// recorded, not run: a test may install a hook that sees each launch with its parameters (and can
// play the kernel's part on the host memory that stands in for the device's). These functions
// let the tests look inside it.
#pragma once

extern "C" {

/// What the fake holds and did since the process started.
struct FakeCudaCounts {
    int live_streams;
    int live_events;
    int live_graphs;
    int live_graph_execs;
    int streams_created;
    int events_created;
    int graph_launches;
    int graph_uploads;
    int stream_waits;
    int host_functions_run;
    int live_allocations;
    int kernel_launches;
    int memsets_d32;
    int programmatic_launches; ///< cuLaunchKernelEx with programmatic stream serialization
};

/// One cuLaunchKernel call.
struct FakeKernelLaunch {
    const char* function; ///< the name given to cuModuleGetFunction
    unsigned grid[3];
    unsigned block[3];
    unsigned shared_bytes;
    void* stream;
};

/// Called inside every cuLaunchKernel with its kernelParams (valid only during the call).
typedef void (*FakeLaunchHook)(const FakeKernelLaunch* launch, void** params, void* context);

/// The last cuMemsetD32Async call.
struct FakeMemsetD32 {
    void* address;
    unsigned value;
    unsigned long count;
    void* stream;
};

FakeCudaCounts fake_cuda_counts();
/// Makes cuStreamQuery report `stream` (and cuEventQuery events recorded on it afterwards) as
/// still running (busy) or finished.
void fake_cuda_set_stream_busy(void* stream, bool busy);
/// The flags `event` was created with.
unsigned fake_cuda_event_flags(void* event);
/// The stream `event` was last recorded on (nullptr when never recorded).
void* fake_cuda_event_stream(void* event);
/// Installs (or, with nullptr, removes) the launch hook.
void fake_cuda_set_launch_hook(FakeLaunchHook hook, void* context);
/// The last kernel launch (function nullptr when none) and the last 32-bit memset.
FakeKernelLaunch fake_cuda_last_launch();
FakeMemsetD32 fake_cuda_last_memset_d32();
}
