// NCCL, loaded at run time: libnccl.so.2 is opened with dlopen at the first GPU communicator, from
// GPUCC_NCCL_LIBRARY when set, else the CUDA toolkit's lib64 and lib folders, else the system's
// search path. Nothing links it, so programs start where it is absent and only a GPU communicator
// fails, naming the places it looked. nccl.h gives the types. Private to the runtime.
#pragma once

#include <nccl.h>
#include <string>

namespace gpucc::distributed::detail {

#define GPUCC_NCCL_FUNCTIONS(X)                                                                    \
    X(ncclGetVersion)                                                                              \
    X(ncclGetUniqueId)                                                                             \
    X(ncclGetErrorString)                                                                          \
    X(ncclGetLastError)                                                                            \
    X(ncclCommInitRankConfig)                                                                      \
    X(ncclCommInitAll)                                                                             \
    X(ncclCommCount)                                                                               \
    X(ncclCommUserRank)                                                                            \
    X(ncclCommFinalize)                                                                            \
    X(ncclCommDestroy)                                                                             \
    X(ncclCommAbort)                                                                               \
    X(ncclCommGetAsyncError)                                                                       \
    X(ncclAllReduce)                                                                               \
    X(ncclReduce)                                                                                  \
    X(ncclBroadcast)                                                                               \
    X(ncclReduceScatter)                                                                           \
    X(ncclAllGather)                                                                               \
    X(ncclSend)                                                                                    \
    X(ncclRecv)                                                                                    \
    X(ncclGroupStart)                                                                              \
    X(ncclGroupEnd)

struct NcclApi {
#define GPUCC_NCCL_POINTER(name) decltype(&::name) name = nullptr;
    GPUCC_NCCL_FUNCTIONS(GPUCC_NCCL_POINTER)
#undef GPUCC_NCCL_POINTER
    int version = 0; ///< ncclGetVersion's, e.g. 22809 for 2.28.9
};

/// The loaded library; DeviceError naming where it looked when it cannot be loaded. Sets
/// NCCL_NVLS_ENABLE=0 in the environment first unless it is set (NVLink multicast stays off).
const NcclApi& nccl();

/// "ncclInvalidArgument (invalid argument): <ncclGetLastError's text>".
std::string nccl_error_text(ncclResult_t result, ncclComm_t comm);

} // namespace gpucc::distributed::detail
