// Loading cuBLAS and keeping its handles (cublas.h): dlopen of libcublas.so.13 by its soname,
// then in the toolkit gpucc was built against ($CUDA_PATH/lib64 first when set); the handles and
// their per-stream workspaces in a thread-local table, with the last stream's workspace and
// binding remembered so that a call on the same stream as the one before does no more than look
// its device up. Workspaces of destroyed gpucc::Streams are dropped when a new stream needs one.
#include "linalg/cublas.h"

#include "device/stream_internal.h"
#include "driver/context.h"
#include "driver/cuda_library.h"
#include "gpucc/errors.h"
#include "gpucc/memory/allocator.h"
#include "gpucc/memory/buffer.h"
#include "linalg/cublas_workspaces.h"

#include <cstdlib>
#include <cuda.h>
#include <memory>
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
    void* bound_stream = nullptr; // the stream `handle` is bound to
    bool bound = false;
    struct Workspace {
        void* stream;
        std::shared_ptr<Buffer> memory;
        bool owned;    // the stream was a gpucc::Stream's when the workspace was made
        bool captured; // a product on the stream was seen capturing: a graph may use it
    };
    std::vector<Workspace> workspaces;
    void* last_stream = nullptr; // the stream of the last gemm_context, its workspace and index
    Buffer* last_workspace = nullptr;
    std::size_t last_index = 0;
};

// Kept until the process ends (leaked on purpose): a cuBLAS handle destroyed during static
// destruction may find the driver gone, and graphs may still replay with these workspaces.
std::vector<DeviceHandle>& thread_handles() {
    thread_local auto* handles = new std::vector<DeviceHandle>();
    return *handles;
}

// The null and per-thread streams: never destroyed, never owned by a gpucc::Stream.
bool is_builtin_stream(void* handle) {
    return handle == nullptr || handle == static_cast<void*>(CU_STREAM_LEGACY) ||
           handle == static_cast<void*>(CU_STREAM_PER_THREAD);
}

// Marks `workspace` as possibly used by a graph when its stream is capturing now. The built-in
// streams are not asked (the legacy null stream cannot capture; the per-thread one is asked).
void note_capture(DeviceHandle::Workspace& workspace, StreamRef stream) {
    if (!workspace.captured && stream.handle() != nullptr && stream.is_capturing()) {
        workspace.captured = true;
    }
}

// Drops the workspaces of streams a gpucc::Stream owned and has destroyed since (their work
// finished when they were destroyed), except those a graph may replay with: so a program that
// makes and destroys streams does not keep 32 MiB for each. Workspaces of external streams
// (StreamRef over another library's CUstream) stay: gpucc cannot tell when those end.
void drop_workspaces_of_destroyed_streams(DeviceHandle& entry) {
    std::erase_if(entry.workspaces, [&](const DeviceHandle::Workspace& workspace) {
        const bool gone = workspace.owned && !workspace.captured &&
                          !gpucc::detail::is_owned_stream(static_cast<CUstream>(workspace.stream));
        if (gone) {
            if (entry.last_stream == workspace.stream) {
                entry.last_stream = nullptr;
                entry.last_workspace = nullptr;
            }
            if (entry.bound && entry.bound_stream == workspace.stream) {
                entry.bound = false; // the handle must not keep the freed workspace
            }
        }
        return gone;
    });
}

Buffer& workspace_for(DeviceHandle& entry, StreamRef stream) {
    if (entry.last_workspace != nullptr && entry.last_stream == stream.handle()) [[likely]] {
        if (stream.handle() != nullptr) {
            note_capture(entry.workspaces[entry.last_index], stream);
        }
        return *entry.last_workspace;
    }
    for (std::size_t i = 0; i < entry.workspaces.size(); ++i) {
        DeviceHandle::Workspace& workspace = entry.workspaces[i];
        if (workspace.stream == stream.handle()) {
            note_capture(workspace, stream);
            entry.last_stream = stream.handle();
            entry.last_workspace = workspace.memory.get();
            entry.last_index = i;
            return *workspace.memory;
        }
    }
    drop_workspaces_of_destroyed_streams(entry);
    // From the allocator of gpucc's arrays (the device pool unless set_allocator chose another).
    auto memory = Buffer::allocate(kWorkspaceBytes, stream, get_allocator());
    const bool owned = !is_builtin_stream(stream.handle()) &&
                       gpucc::detail::is_owned_stream(static_cast<CUstream>(stream.handle()));
    entry.workspaces.push_back({stream.handle(), std::move(memory), owned, false});
    note_capture(entry.workspaces.back(), stream);
    entry.last_stream = stream.handle();
    entry.last_workspace = entry.workspaces.back().memory.get();
    entry.last_index = entry.workspaces.size() - 1;
    return *entry.last_workspace;
}

// The calling thread's entry for `device`, made current.
DeviceHandle& device_entry(Device device) {
    gpucc::detail::make_current(device.ordinal());
    std::vector<DeviceHandle>& handles = thread_handles();
    const auto index = static_cast<std::size_t>(device.ordinal());
    if (handles.size() <= index) [[unlikely]] {
        handles.resize(index + 1);
    }
    return handles[index];
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
    DeviceHandle& entry = device_entry(device);
    if (entry.lt == nullptr) [[unlikely]] {
        check_cublas(library.lt.create(&entry.lt), "cublasLtCreate");
    }
    Buffer& workspace = workspace_for(entry, stream);
    return GemmContext{entry.lt, workspace.data(), workspace.size(),
                       static_cast<cudaStream_t>(stream.handle())};
}

std::size_t cublas_workspace_count(Device device) {
    const std::vector<DeviceHandle>& handles = thread_handles();
    const auto index = static_cast<std::size_t>(device.ordinal());
    return index < handles.size() ? handles[index].workspaces.size() : 0;
}

cublasHandle_t cublas_handle(Device device, StreamRef stream) {
    const CublasApi& library = cublas();
    DeviceHandle& entry = device_entry(device);
    if (entry.handle == nullptr) {
        check_cublas(library.create(&entry.handle), "cublasCreate");
    }
    if (!entry.bound || entry.bound_stream != stream.handle()) {
        // cublasSetStream resets the workspace to cuBLAS's own, so the workspace follows it.
        check_cublas(library.set_stream(entry.handle, static_cast<cudaStream_t>(stream.handle())),
                     "cublasSetStream");
        Buffer& workspace = workspace_for(entry, stream);
        check_cublas(library.set_workspace(entry.handle, workspace.data(), workspace.size()),
                     "cublasSetWorkspace");
        entry.bound_stream = stream.handle();
        entry.bound = true;
    }
    return entry.handle;
}

} // namespace gpucc::linalg::detail
