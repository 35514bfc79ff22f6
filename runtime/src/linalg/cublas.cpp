// Loading cuBLAS and keeping its handles (cublas.h): dlopen of libcublas.so.13 by its soname,
// then in the toolkit gpucc was built against ($CUDA_PATH/lib64 first when set); the handles and
// their per-stream workspaces in a thread-local table, with the last stream's workspace and
// binding remembered so that a call on the same stream as the one before does no more than look
// its device up. Workspaces of a gpucc::Stream are dropped when it is destroyed, on every thread
// (a hook of the stream's destruction; each thread's table has a lock for it), unless a graph
// captured them; those of external streams when the program says so (linalg::release_workspace).
// The driver gives a destroyed stream's handle to later streams, so a workspace is matched by
// handle and by the driver's stream id (cuStreamGetId): outside a capture a new stream never
// inherits a workspace that a graph captured on an old one, nor one an external stream's queued
// work may still use. While a stream captures, the driver refuses cuStreamGetId and the match is by
// handle alone (workspace_while_capturing says what that allows).
#include "linalg/cublas.h"

#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/cuda_library.h"
#include "gpucc/errors.h"
#include "gpucc/memory/allocator.h"
#include "gpucc/memory/buffer.h"
#include "linalg/cublas_workspaces.h"

#include <cstdint>
#include <cstdlib>
#include <cuda.h>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gpucc::linalg::detail {
namespace {

// cuBLAS's recommendation for Hopper (32 MiB); earlier GPUs need less and ignore the rest.
constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;

struct LoadedCublas {
    CublasApi api;
    std::string error; // empty when loaded
};

template <class Fn>
bool resolve(void* library, const char* symbol, Fn* out, std::string& error) {
    return gpucc::detail::resolve_symbol(library, "libcublas.so.13 (with its libcublasLt.so.13)",
                                         symbol, out, error);
}

LoadedCublas load() {
    LoadedCublas loaded;
    std::string tried;
    void* library = gpucc::detail::open_cuda_library("libcublas.so.13", GPUCC_CUDA_LIB_DIR, tried);
    if (library == nullptr) {
        loaded.error = "matmul on the GPU needs cuBLAS (libcublas.so.13 of the CUDA 13 toolkit), "
                       "which could not be loaded:" +
                       tried;
        return loaded;
    }
    std::string error;
    CublasApi& api = loaded.api;
    if (resolve(library, "cublasCreate_v2", &api.create, error) &&
        resolve(library, "cublasSetStream_v2", &api.set_stream, error) &&
        resolve(library, "cublasSetWorkspace_v2", &api.set_workspace, error) &&
        resolve(library, "cublasSetMathMode", &api.set_math_mode, error) &&
        resolve(library, "cublasGetStatusName", &api.status_name, error) &&
        resolve(library, "cublasGetStatusString", &api.status_string, error) &&
        resolve(library, "cublasGemmEx", &api.gemm_ex, error) &&
        resolve(library, "cublasGemmStridedBatchedEx", &api.gemm_strided_batched_ex, error) &&
        resolve(library, "cublasLtCreate", &api.lt.create, error) &&
        resolve(library, "cublasLtMatmulDescCreate", &api.lt.desc_create, error) &&
        resolve(library, "cublasLtMatmulDescDestroy", &api.lt.desc_destroy, error) &&
        resolve(library, "cublasLtMatmulDescSetAttribute", &api.lt.desc_set, error) &&
        resolve(library, "cublasLtMatrixLayoutCreate", &api.lt.layout_create, error) &&
        resolve(library, "cublasLtMatrixLayoutDestroy", &api.lt.layout_destroy, error) &&
        resolve(library, "cublasLtMatmulPreferenceCreate", &api.lt.preference_create, error) &&
        resolve(library, "cublasLtMatmulPreferenceDestroy", &api.lt.preference_destroy, error) &&
        resolve(library, "cublasLtMatmulPreferenceSetAttribute", &api.lt.preference_set, error) &&
        resolve(library, "cublasLtMatmulAlgoGetHeuristic", &api.lt.heuristic, error) &&
        resolve(library, "cublasLtMatmul", &api.lt.matmul, error)) {
        return loaded;
    }
    loaded.error = "cuBLAS unusable: " + error;
    return loaded;
}

// One GPU's handles on one thread and the workspaces of the streams it has run on.
struct DeviceHandle {
    cublasHandle_t handle = nullptr;
    cublasLtHandle_t lt = nullptr;
    void* bound_stream = nullptr;      // the stream `handle` is bound to
    Buffer* bound_workspace = nullptr; // and the workspace
    bool bound = false;
    struct Workspace {
        void* stream;
        std::uint64_t stream_id; // the driver's id of the stream (stream_id), 0 for built-in ones
        std::shared_ptr<Buffer> memory;
        bool owned;    // the stream was a gpucc::Stream's when the workspace was made
        bool captured; // a product on the stream was seen capturing: a graph may use it
        bool orphaned; // its stream is gone and its handle names another now: never matched
    };
    std::vector<Workspace> workspaces;
    void* last_stream = nullptr; // the stream of the last gemm_context, its workspace and index
    Buffer* last_workspace = nullptr;
    std::size_t last_index = 0;
};

// One thread's handles, an entry per GPU. The thread takes its lock around each lookup; a Stream's
// destruction on any thread takes it to drop that stream's workspaces
// (drop_workspaces_of_destroyed_stream).
struct ThreadHandles {
    std::mutex mutex;
    std::vector<DeviceHandle> devices;
};

// Every thread's table. Kept until the process ends (leaked on purpose), the tables too: a cuBLAS
// handle destroyed during static destruction may find the driver gone, and graphs may still
// replay with these workspaces.
struct AllThreadHandles {
    std::mutex mutex;
    std::vector<ThreadHandles*> tables;
};

AllThreadHandles& all_thread_handles() {
    static auto* const all = new AllThreadHandles();
    return *all;
}

void drop_workspaces_of_destroyed_stream(CUstream stream) noexcept;

ThreadHandles& thread_handles() {
    thread_local ThreadHandles* const handles = [] {
        static const bool hooked =
            (gpucc::detail::add_stream_destroyed_hook(&drop_workspaces_of_destroyed_stream), true);
        (void)hooked;
        auto* table = new ThreadHandles();
        AllThreadHandles& all = all_thread_handles();
        const std::lock_guard<std::mutex> lock(all.mutex);
        all.tables.push_back(table);
        return table;
    }();
    return *handles;
}

// The null and per-thread streams: never destroyed, never owned by a gpucc::Stream.
bool is_builtin_stream(void* handle) {
    return handle == nullptr || handle == static_cast<void*>(CU_STREAM_LEGACY) ||
           handle == static_cast<void*>(CU_STREAM_PER_THREAD);
}

// The driver's id of a live stream (cuStreamGetId, unique for the context's life), which tells a
// new stream from a destroyed one whose handle the driver gave out again; 0 for the built-in
// streams (never destroyed) and where the driver has no cuStreamGetId.
std::uint64_t stream_id(void* handle) {
    using GetId = CUresult (*)(CUstream, unsigned long long*);
    static const GetId get_id = [] {
        void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
        return library != nullptr ? reinterpret_cast<GetId>(dlsym(library, "cuStreamGetId"))
                                  : nullptr;
    }();
    unsigned long long id = 0;
    if (is_builtin_stream(handle) || get_id == nullptr ||
        get_id(static_cast<CUstream>(handle), &id) != CUDA_SUCCESS) {
        return 0;
    }
    return id;
}

// Marks `workspace` as possibly used by a graph when its stream is capturing now. The built-in
// streams are not asked (the legacy null stream cannot capture; the per-thread one is asked).
void note_capture(DeviceHandle::Workspace& workspace, StreamRef stream) {
    if (!workspace.captured && stream.handle() != nullptr && stream.is_capturing()) {
        workspace.captured = true;
    }
}

// Forgets entry.workspaces[index] (its memory goes back to the pool on its stream, or on the null
// stream once a gpucc::Stream is destroyed) and keeps the remembered last stream and the handle's
// binding right.
void drop_workspace(DeviceHandle& entry, std::size_t index) {
    const Buffer* const memory = entry.workspaces[index].memory.get();
    if (entry.bound && entry.bound_workspace == memory) {
        entry.bound = false; // the handle must not keep the freed workspace
    }
    entry.workspaces.erase(entry.workspaces.begin() + static_cast<std::ptrdiff_t>(index));
    entry.last_stream = nullptr;
    entry.last_workspace = nullptr;
    entry.last_index = 0;
}

// The hook of every GPU Stream's destruction (device/stream_internal.h): the workspaces of
// `stream` (its handle and driver id) on every thread go back to the pool at once, in the
// stream's order (its work has finished), except those a graph captured (it may replay with them).
void drop_workspaces_of_destroyed_stream(CUstream stream) noexcept {
    const std::uint64_t id = stream_id(stream);
    AllThreadHandles& all = all_thread_handles();
    const std::lock_guard<std::mutex> lock(all.mutex);
    for (ThreadHandles* table : all.tables) {
        const std::lock_guard<std::mutex> table_lock(table->mutex);
        for (DeviceHandle& entry : table->devices) {
            for (std::size_t i = entry.workspaces.size(); i-- > 0;) {
                const DeviceHandle::Workspace& workspace = entry.workspaces[i];
                if (workspace.stream == stream && workspace.stream_id == id &&
                    !workspace.captured && !workspace.orphaned) {
                    drop_workspace(entry, i);
                }
            }
        }
    }
}

// A workspace whose stream is gone though its handle names a live stream again (the driver
// reuses handles): dropped where a gpucc::Stream owned it (its destruction finished its work) and
// no graph may use it; otherwise kept, for the graph or for work the external stream may still
// have queued, but never matched again, so the new stream gets a workspace of its own.
void retire_stale_workspace(DeviceHandle& entry, std::size_t index) {
    DeviceHandle::Workspace& workspace = entry.workspaces[index];
    if (workspace.owned && !workspace.captured) {
        drop_workspace(entry, index);
        return;
    }
    workspace.orphaned = true;
    if (entry.bound && entry.bound_workspace == workspace.memory.get()) {
        entry.bound = false;
    }
    entry.last_stream = nullptr;
    entry.last_workspace = nullptr;
    entry.last_index = 0;
}

// Drops the workspaces of streams a gpucc::Stream owned and has destroyed since (their work
// finished when they were destroyed), except those a graph may replay with: so a program that
// makes and destroys streams does not keep 32 MiB for each. Workspaces of external streams
// (StreamRef over another library's CUstream) stay until linalg::release_workspace: gpucc cannot
// tell when those end.
void drop_workspaces_of_destroyed_streams(DeviceHandle& entry) {
    for (std::size_t i = entry.workspaces.size(); i-- > 0;) {
        const DeviceHandle::Workspace& workspace = entry.workspaces[i];
        if (!workspace.owned || workspace.captured || workspace.orphaned) {
            continue;
        }
        const auto handle = static_cast<CUstream>(workspace.stream);
        // A live owned stream with another id is a new Stream on the old one's handle.
        if (!gpucc::detail::is_owned_stream(handle) ||
            stream_id(workspace.stream) != workspace.stream_id) {
            drop_workspace(entry, i);
        }
    }
}

// The index of the workspace of `stream` (the same handle and, for other than the built-in
// streams, the same driver id), retiring one whose handle now names another stream; -1 if none.
std::ptrdiff_t find_workspace(DeviceHandle& entry, void* handle, std::uint64_t id) {
    for (std::size_t i = 0; i < entry.workspaces.size(); ++i) {
        const DeviceHandle::Workspace& workspace = entry.workspaces[i];
        if (workspace.orphaned || workspace.stream != handle) {
            continue;
        }
        if (workspace.stream_id == id) {
            return static_cast<std::ptrdiff_t>(i);
        }
        retire_stale_workspace(entry, i);
        return -1; // one live entry per handle at most
    }
    return -1;
}

// The workspace of `stream` while it captures a graph. The driver refuses cuStreamGetId on a
// capturing stream (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, which also invalidates the capture), so
// here the stream is matched by handle alone: a stream capturing now is live, and the handle's
// live entry is taken as its own. A new stream on a destroyed one's handle whose first product is
// inside a capture therefore takes the destroyed stream's workspace if that one was kept (a known
// limit; products outside a capture are matched by id). A workspace made here records id 0
// (unknown): the first lookup outside a capture retires it and makes one under the real id. No
// workspace is dropped during a capture (dropping frees memory on other streams).
Buffer& workspace_while_capturing(DeviceHandle& entry, StreamRef stream) {
    void* const handle = stream.handle();
    std::ptrdiff_t found = -1;
    if (entry.last_workspace != nullptr && entry.last_stream == handle) {
        found = static_cast<std::ptrdiff_t>(entry.last_index);
    } else {
        for (std::size_t i = 0; i < entry.workspaces.size(); ++i) {
            if (!entry.workspaces[i].orphaned && entry.workspaces[i].stream == handle) {
                found = static_cast<std::ptrdiff_t>(i);
                break;
            }
        }
    }
    if (found < 0) {
        auto memory = Buffer::allocate(kWorkspaceBytes, stream, get_allocator());
        const bool owned = gpucc::detail::is_owned_stream(static_cast<CUstream>(handle));
        entry.workspaces.push_back({handle, 0, std::move(memory), owned, false, false});
        found = static_cast<std::ptrdiff_t>(entry.workspaces.size() - 1);
    }
    const auto i = static_cast<std::size_t>(found);
    entry.workspaces[i].captured = true;
    entry.last_stream = handle;
    entry.last_workspace = entry.workspaces[i].memory.get();
    entry.last_index = i;
    return *entry.last_workspace;
}

Buffer& workspace_for(DeviceHandle& entry, StreamRef stream) {
    void* const handle = stream.handle();
    if (is_builtin_stream(handle) && entry.last_workspace != nullptr && entry.last_stream == handle)
        [[likely]] {
        if (handle != nullptr) {
            note_capture(entry.workspaces[entry.last_index], stream);
        }
        return *entry.last_workspace;
    }
    if (handle != nullptr && handle != static_cast<void*>(CU_STREAM_LEGACY) &&
        stream.is_capturing()) {
        return workspace_while_capturing(entry, stream);
    }
    const std::uint64_t id = stream_id(handle);
    if (entry.last_workspace != nullptr && entry.last_stream == handle &&
        entry.workspaces[entry.last_index].stream_id == id) {
        note_capture(entry.workspaces[entry.last_index], stream);
        return *entry.last_workspace;
    }
    const std::ptrdiff_t found = find_workspace(entry, handle, id);
    if (found >= 0) {
        const auto i = static_cast<std::size_t>(found);
        DeviceHandle::Workspace& workspace = entry.workspaces[i];
        note_capture(workspace, stream);
        entry.last_stream = handle;
        entry.last_workspace = workspace.memory.get();
        entry.last_index = i;
        return *workspace.memory;
    }
    drop_workspaces_of_destroyed_streams(entry);
    // From the allocator of gpucc's arrays (the device pool unless set_allocator chose another).
    auto memory = Buffer::allocate(kWorkspaceBytes, stream, get_allocator());
    const bool owned =
        !is_builtin_stream(handle) && gpucc::detail::is_owned_stream(static_cast<CUstream>(handle));
    entry.workspaces.push_back({handle, id, std::move(memory), owned, false, false});
    note_capture(entry.workspaces.back(), stream);
    entry.last_stream = handle;
    entry.last_workspace = entry.workspaces.back().memory.get();
    entry.last_index = entry.workspaces.size() - 1;
    return *entry.last_workspace;
}

// The calling thread's entry for `device` in `handles` (whose lock the caller holds), made
// current.
DeviceHandle& device_entry(ThreadHandles& handles, Device device) {
    gpucc::detail::make_current(device.ordinal());
    const auto index = static_cast<std::size_t>(device.ordinal());
    if (handles.devices.size() <= index) [[unlikely]] {
        handles.devices.resize(index + 1);
    }
    return handles.devices[index];
}

} // namespace

const CublasApi& cublas() {
    static const LoadedCublas* const loaded = new LoadedCublas(load());
    if (!loaded->error.empty()) {
        throw DeviceError(loaded->error);
    }
    return loaded->api;
}

void check_cublas(cublasStatus_t status, const char* api) {
    if (status == CUBLAS_STATUS_SUCCESS) [[likely]] {
        return;
    }
    const CublasApi& library = cublas();
    const char* name = library.status_name(status);
    const char* text = library.status_string(status);
    throw CudaError(api, static_cast<int>(status), name != nullptr ? name : "cublasStatus_t",
                    text != nullptr ? text : "", "matmul");
}

GemmContext gemm_context(Device device, StreamRef stream) {
    const CublasApi& library = cublas();
    ThreadHandles& handles = thread_handles();
    const std::lock_guard<std::mutex> lock(handles.mutex);
    DeviceHandle& entry = device_entry(handles, device);
    if (entry.lt == nullptr) [[unlikely]] {
        check_cublas(library.lt.create(&entry.lt), "cublasLtCreate");
    }
    Buffer& workspace = workspace_for(entry, stream);
    return GemmContext{entry.lt, workspace.data(), workspace.size(),
                       static_cast<cudaStream_t>(stream.handle())};
}

std::size_t cublas_workspace_count(Device device) {
    ThreadHandles& handles = thread_handles();
    const std::lock_guard<std::mutex> lock(handles.mutex);
    const auto index = static_cast<std::size_t>(device.ordinal());
    return index < handles.devices.size() ? handles.devices[index].workspaces.size() : 0;
}

cublasHandle_t cublas_handle(Device device, StreamRef stream) {
    const CublasApi& library = cublas();
    ThreadHandles& handles = thread_handles();
    const std::lock_guard<std::mutex> lock(handles.mutex);
    DeviceHandle& entry = device_entry(handles, device);
    if (entry.handle == nullptr) {
        check_cublas(library.create(&entry.handle), "cublasCreate");
    }
    // The workspace is looked up on every call: a new stream on a destroyed one's handle has the
    // same handle and another workspace.
    Buffer& workspace = workspace_for(entry, stream);
    if (!entry.bound || entry.bound_stream != stream.handle() ||
        entry.bound_workspace != &workspace) {
        // cublasSetStream resets the workspace to cuBLAS's own, so the workspace follows it.
        check_cublas(library.set_stream(entry.handle, static_cast<cudaStream_t>(stream.handle())),
                     "cublasSetStream");
        check_cublas(library.set_workspace(entry.handle, workspace.data(), workspace.size()),
                     "cublasSetWorkspace");
        entry.bound_stream = stream.handle();
        entry.bound_workspace = &workspace;
        entry.bound = true;
    }
    return entry.handle;
}

} // namespace gpucc::linalg::detail

namespace gpucc::linalg {

bool release_workspace(StreamRef stream) {
    const Device device = stream.device();
    if (!device.is_cuda()) {
        return false;
    }
    // Only this thread's table is read: nothing loads cuBLAS here.
    detail::ThreadHandles& handles = detail::thread_handles();
    const std::lock_guard<std::mutex> lock(handles.mutex);
    const auto index = static_cast<std::size_t>(device.ordinal());
    if (index >= handles.devices.size()) {
        return false;
    }
    detail::DeviceHandle& entry = handles.devices[index];
    // A workspace under the same handle but another stream id belonged to a destroyed stream:
    // find_workspace retires it, and this stream has none.
    const std::ptrdiff_t found =
        detail::find_workspace(entry, stream.handle(), detail::stream_id(stream.handle()));
    if (found < 0 || entry.workspaces[static_cast<std::size_t>(found)].captured) {
        return false;
    }
    detail::drop_workspace(entry, static_cast<std::size_t>(found));
    return true;
}

} // namespace gpucc::linalg
