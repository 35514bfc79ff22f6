// The GPU solver backend (solver_backend.h): cuSOLVER's dense 64-bit generic API (Xpotrf,
// Xgetrf/Xgetrs, Xgeqrf, Xgesvd, Xsyevd; orgqr has no 64-bit form, so S/Dorgqr), one call per
// matrix of a stack, except where a batched route takes the whole stack: potrfBatched for small
// Cholesky stacks, XsyevBatched for eigh stacks, gesvdjBatched for small SVD stacks (the
// kBatched* limits below) and cuBLAS's batched LU for small solve stacks (lu_batched_cuda.h).
// Other SVDs of 64 rows and more take Xgesvdp (the polar decomposition), Xgesvd the smaller
// ones and any matrix Xgesvdp had to perturb (gesvd_polar).
// Everything runs in stream order on the current stream, never synchronizing (except Xgesvdp,
// which reports its perturbation on the host): each call writes its info into the caller's device
// array, which decompositions.cpp reads (or not).
//
// Loading: libcusolver.so.12 (the soname CUDA 13's toolkit ships) is opened with dlopen at the
// first GPU factorization, so programs that never factorize on the GPU need no cuSOLVER; on a
// machine without it that call raises DeviceError saying where it looked. The types come from the
// toolkit's cusolverDn.h; the functions from dlsym.
//
// Handles: one per (GPU, thread) with its cusolverDnParams, created at the thread's first call
// on that GPU and kept for the process (as cublas.cpp's). Each call binds it to the current
// stream. Workspaces come from gpucc's memory pool (the allocator of arrays), sized by the
// routine's _bufferSize query once per stack and freed in stream order when the call returns.
#include "driver/context.h"
#include "driver/cuda_library.h"
#include "gpucc/array/slice.h"
#include "gpucc/array/transfer.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/memory/allocator.h"
#include "gpucc/memory/buffer.h"
#include "linalg/lu_batched_cuda.h"
#include "linalg/solver_backend.h"
#include "linalg/svd_polar_fallback.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cusolverDn.h>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gpucc::linalg::detail {
namespace {

struct CusolverApi {
    cusolverStatus_t (*create)(cusolverDnHandle_t*) = nullptr;
    cusolverStatus_t (*set_stream)(cusolverDnHandle_t, cudaStream_t) = nullptr;
    cusolverStatus_t (*create_params)(cusolverDnParams_t*) = nullptr;
    decltype(&cusolverDnXpotrf_bufferSize) potrf_size = nullptr;
    decltype(&cusolverDnXpotrf) potrf = nullptr;
    decltype(&cusolverDnXgetrf_bufferSize) getrf_size = nullptr;
    decltype(&cusolverDnXgetrf) getrf = nullptr;
    decltype(&cusolverDnXgetrs) getrs = nullptr;
    decltype(&cusolverDnXgeqrf_bufferSize) geqrf_size = nullptr;
    decltype(&cusolverDnXgeqrf) geqrf = nullptr;
    decltype(&cusolverDnSorgqr_bufferSize) sorgqr_size = nullptr;
    decltype(&cusolverDnSorgqr) sorgqr = nullptr;
    decltype(&cusolverDnDorgqr_bufferSize) dorgqr_size = nullptr;
    decltype(&cusolverDnDorgqr) dorgqr = nullptr;
    decltype(&cusolverDnXgesvd_bufferSize) gesvd_size = nullptr;
    decltype(&cusolverDnXgesvd) gesvd = nullptr;
    decltype(&cusolverDnXsyevd_bufferSize) syevd_size = nullptr;
    decltype(&cusolverDnXsyevd) syevd = nullptr;
    // Batched routes, used where present (see kBatched*): nullptr in a cuSOLVER without them.
    decltype(&cusolverDnSpotrfBatched) spotrf_batched = nullptr;
    decltype(&cusolverDnDpotrfBatched) dpotrf_batched = nullptr;
    decltype(&cusolverDnXsyevBatched_bufferSize) syev_batched_size = nullptr;
    decltype(&cusolverDnXsyevBatched) syev_batched = nullptr;
    decltype(&cusolverDnCreateGesvdjInfo) create_gesvdj_info = nullptr;
    decltype(&cusolverDnXgesvdjSetSortEig) gesvdj_sort = nullptr;
    decltype(&cusolverDnSgesvdjBatched_bufferSize) sgesvdj_batched_size = nullptr;
    decltype(&cusolverDnSgesvdjBatched) sgesvdj_batched = nullptr;
    decltype(&cusolverDnDgesvdjBatched_bufferSize) dgesvdj_batched_size = nullptr;
    decltype(&cusolverDnDgesvdjBatched) dgesvdj_batched = nullptr;
    decltype(&cusolverDnXgesvdp_bufferSize) gesvdp_size = nullptr;
    decltype(&cusolverDnXgesvdp) gesvdp = nullptr;
};

// Stacks of more than one matrix up to these sizes take cuSOLVER's batched routes: potrfBatched
// (one launch for the stack rather than one factorization per matrix) and XsyevBatched (CUDA 12.6
// and later; a strided stack in one call). Larger matrices, and single ones, loop Xpotrf and
// Xsyevd, whose blocked algorithms are the faster there. Small LU stacks (solve, inv, det) take
// cuBLAS's getrfBatched (lu_batched_cuda.h).
constexpr std::int64_t kBatchedPotrfMax = 64;
constexpr std::int64_t kBatchedSyevMax = 256;
// SVD stacks of matrices up to 32 x 32 (gesvdjBatched's limit) take the batched Jacobi SVD.
constexpr std::int64_t kBatchedSvdMax = 32;
// Other SVDs of matrices with at least this many rows take Xgesvdp (see gesvd_polar).
constexpr std::int64_t kPolarSvdMin = 64;

struct LoadedCusolver {
    CusolverApi api;
    std::string error;
};

template <class Fn>
bool resolve(void* library, const char* symbol, Fn* out, std::string& error) {
    return gpucc::detail::resolve_symbol(library, "libcusolver.so.12", symbol, out, error);
}

// Resolves every (symbol, address) of one optional group, or sets all its addresses to null.
template <class... Fn>
void resolve_optional(void* library, std::pair<const char*, Fn*>... group) {
    std::string missing;
    if (!(resolve(library, group.first, group.second, missing) && ...)) {
        ((*group.second = nullptr), ...);
    }
}

LoadedCusolver load() {
    LoadedCusolver loaded;
    std::string tried;
    void* library =
        gpucc::detail::open_cuda_library("libcusolver.so.12", GPUCC_CUDA_LIB_DIR, tried);
    if (library == nullptr) {
        loaded.error = "numpy.linalg's decompositions on the GPU need cuSOLVER "
                       "(libcusolver.so.12 of the CUDA 13 toolkit), which could not be loaded:" +
                       tried;
        return loaded;
    }
    std::string error;
    CusolverApi& api = loaded.api;
    const bool ok = resolve(library, "cusolverDnCreate", &api.create, error) &&
                    resolve(library, "cusolverDnSetStream", &api.set_stream, error) &&
                    resolve(library, "cusolverDnCreateParams", &api.create_params, error) &&
                    resolve(library, "cusolverDnXpotrf_bufferSize", &api.potrf_size, error) &&
                    resolve(library, "cusolverDnXpotrf", &api.potrf, error) &&
                    resolve(library, "cusolverDnXgetrf_bufferSize", &api.getrf_size, error) &&
                    resolve(library, "cusolverDnXgetrf", &api.getrf, error) &&
                    resolve(library, "cusolverDnXgetrs", &api.getrs, error) &&
                    resolve(library, "cusolverDnXgeqrf_bufferSize", &api.geqrf_size, error) &&
                    resolve(library, "cusolverDnXgeqrf", &api.geqrf, error) &&
                    resolve(library, "cusolverDnSorgqr_bufferSize", &api.sorgqr_size, error) &&
                    resolve(library, "cusolverDnSorgqr", &api.sorgqr, error) &&
                    resolve(library, "cusolverDnDorgqr_bufferSize", &api.dorgqr_size, error) &&
                    resolve(library, "cusolverDnDorgqr", &api.dorgqr, error) &&
                    resolve(library, "cusolverDnXgesvd_bufferSize", &api.gesvd_size, error) &&
                    resolve(library, "cusolverDnXgesvd", &api.gesvd, error) &&
                    resolve(library, "cusolverDnXsyevd_bufferSize", &api.syevd_size, error) &&
                    resolve(library, "cusolverDnXsyevd", &api.syevd, error);
    if (!ok) {
        loaded.error = "cuSOLVER unusable: " + error;
        return loaded;
    }
    // The optional entry points, each group used together: a group missing any symbol is all
    // null, and its route is not taken.
    resolve_optional(library, std::pair{"cusolverDnSpotrfBatched", &api.spotrf_batched},
                     std::pair{"cusolverDnDpotrfBatched", &api.dpotrf_batched});
    resolve_optional(library,
                     std::pair{"cusolverDnXsyevBatched_bufferSize", &api.syev_batched_size},
                     std::pair{"cusolverDnXsyevBatched", &api.syev_batched});
    resolve_optional(library, std::pair{"cusolverDnCreateGesvdjInfo", &api.create_gesvdj_info},
                     std::pair{"cusolverDnXgesvdjSetSortEig", &api.gesvdj_sort},
                     std::pair{"cusolverDnSgesvdjBatched_bufferSize", &api.sgesvdj_batched_size},
                     std::pair{"cusolverDnSgesvdjBatched", &api.sgesvdj_batched},
                     std::pair{"cusolverDnDgesvdjBatched_bufferSize", &api.dgesvdj_batched_size},
                     std::pair{"cusolverDnDgesvdjBatched", &api.dgesvdj_batched});
    resolve_optional(library, std::pair{"cusolverDnXgesvdp_bufferSize", &api.gesvdp_size},
                     std::pair{"cusolverDnXgesvdp", &api.gesvdp});
    return loaded;
}

const CusolverApi& cusolver() {
    static const LoadedCusolver* const loaded = new LoadedCusolver(load());
    if (!loaded->error.empty()) {
        throw DeviceError(loaded->error);
    }
    return loaded->api;
}

const char* status_name(cusolverStatus_t status) {
    switch (status) {
    case CUSOLVER_STATUS_NOT_INITIALIZED:
        return "CUSOLVER_STATUS_NOT_INITIALIZED";
    case CUSOLVER_STATUS_ALLOC_FAILED:
        return "CUSOLVER_STATUS_ALLOC_FAILED";
    case CUSOLVER_STATUS_INVALID_VALUE:
        return "CUSOLVER_STATUS_INVALID_VALUE";
    case CUSOLVER_STATUS_ARCH_MISMATCH:
        return "CUSOLVER_STATUS_ARCH_MISMATCH";
    case CUSOLVER_STATUS_EXECUTION_FAILED:
        return "CUSOLVER_STATUS_EXECUTION_FAILED";
    case CUSOLVER_STATUS_INTERNAL_ERROR:
        return "CUSOLVER_STATUS_INTERNAL_ERROR";
    case CUSOLVER_STATUS_NOT_SUPPORTED:
        return "CUSOLVER_STATUS_NOT_SUPPORTED";
    default:
        return "cusolverStatus_t";
    }
}

void check(cusolverStatus_t status, const char* api) {
    if (status == CUSOLVER_STATUS_SUCCESS) [[likely]] {
        return;
    }
    throw CudaError(api, static_cast<int>(status), status_name(status), "", "linalg");
}

struct DeviceSolver {
    cusolverDnHandle_t handle = nullptr;
    cusolverDnParams_t params = nullptr;
    gesvdjInfo_t jacobi = nullptr; // gesvdjBatched's settings (sorted), made at its first use
};

// Leaked on purpose, as cublas.cpp's handles: destroying them at exit may find the driver gone.
std::vector<DeviceSolver>& thread_solvers() {
    thread_local auto* solvers = new std::vector<DeviceSolver>();
    return *solvers;
}

// The calling thread's handle for the stack's GPU, bound to its current stream.
struct Bound {
    DeviceSolver solver;
    StreamRef stream;
};

Bound bind(const NDArray& memory) {
    const Device device = memory.device();
    const CusolverApi& api = cusolver();
    gpucc::detail::make_current(device.ordinal());
    std::vector<DeviceSolver>& solvers = thread_solvers();
    const auto index = static_cast<std::size_t>(device.ordinal());
    if (solvers.size() <= index) {
        solvers.resize(index + 1);
    }
    DeviceSolver& entry = solvers[index];
    if (entry.handle == nullptr) {
        check(api.create(&entry.handle), "cusolverDnCreate");
        check(api.create_params(&entry.params), "cusolverDnCreateParams");
    }
    const StreamRef stream = current_stream(device);
    check(api.set_stream(entry.handle, static_cast<cudaStream_t>(stream.handle())),
          "cusolverDnSetStream");
    return {entry, stream};
}

// Device and host workspaces of the sizes a _bufferSize query gave.
struct Workspace {
    std::shared_ptr<Buffer> device;
    std::vector<char> host;
    std::size_t device_bytes = 0;
    Workspace(std::size_t device_size, std::size_t host_size, StreamRef stream)
        : host(host_size), device_bytes(device_size) {
        if (device_size > 0) {
            device = Buffer::allocate(device_size, stream, get_allocator());
        }
    }
    void* device_data() const { return device ? device->data() : nullptr; }
    void* host_data() { return host.empty() ? nullptr : host.data(); }
};

cudaDataType data_type(DType dtype) {
    return dtype == DType::Float64 ? CUDA_R_64F : CUDA_R_32F;
}

cublasFillMode_t fill(char uplo) {
    return uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
}

int* info_at(const NDArray& info, std::int64_t i) {
    return static_cast<int*>(info.data()) + i;
}

char* row_at(const NDArray& x, std::int64_t i) {
    const std::int64_t width = x.shape()[x.ndim() - 1];
    return static_cast<char*>(x.data()) + i * width * static_cast<std::int64_t>(x.itemsize());
}

std::int64_t ld(std::int64_t rows) {
    return rows > 0 ? rows : 1;
}

void potrf(const ColumnMajorStack& a, char uplo, const NDArray& info) {
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    if (a.batch > 1 && a.rows <= kBatchedPotrfMax && api.dpotrf_batched != nullptr) {
        const NDArray pointers = matrix_pointers(a);
        const int n = static_cast<int>(a.rows);
        const int batch = static_cast<int>(std::min<std::int64_t>(a.batch, 0x7fffffff));
        if (batch == a.batch) {
            if (a.dtype() == DType::Float64) {
                check(api.dpotrf_batched(bound.solver.handle, fill(uplo), n,
                                         static_cast<double**>(pointers.data()), n,
                                         info_at(info, 0), batch),
                      "cusolverDnDpotrfBatched");
            } else {
                check(api.spotrf_batched(bound.solver.handle, fill(uplo), n,
                                         static_cast<float**>(pointers.data()), n, info_at(info, 0),
                                         batch),
                      "cusolverDnSpotrfBatched");
            }
            return;
        }
    }
    const cudaDataType type = data_type(a.dtype());
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    check(api.potrf_size(bound.solver.handle, bound.solver.params, fill(uplo), a.rows, type,
                         a.matrix(0), ld(a.rows), type, &device_size, &host_size),
          "cusolverDnXpotrf_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    for (std::int64_t i = 0; i < a.batch; ++i) {
        check(api.potrf(bound.solver.handle, bound.solver.params, fill(uplo), a.rows, type,
                        a.matrix(i), ld(a.rows), type, work.device_data(), device_size,
                        work.host_data(), host_size, info_at(info, i)),
              "cusolverDnXpotrf");
    }
}

void getrf(const ColumnMajorStack& a, const NDArray& pivots, const NDArray& info) {
    if (a.batch > 1 && a.rows == a.cols && a.rows <= kBatchedLuMax && a.batch <= 0x7fffffff) {
        getrf_batched_cuda(a, pivots, info);
        return;
    }
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    const cudaDataType type = data_type(a.dtype());
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    check(api.getrf_size(bound.solver.handle, bound.solver.params, a.rows, a.cols, type,
                         a.matrix(0), ld(a.rows), type, &device_size, &host_size),
          "cusolverDnXgetrf_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    for (std::int64_t i = 0; i < a.batch; ++i) {
        check(api.getrf(bound.solver.handle, bound.solver.params, a.rows, a.cols, type, a.matrix(i),
                        ld(a.rows), reinterpret_cast<std::int64_t*>(row_at(pivots, i)), type,
                        work.device_data(), device_size, work.host_data(), host_size,
                        info_at(info, i)),
              "cusolverDnXgetrf");
    }
}

void gesv(const ColumnMajorStack& a, const ColumnMajorStack& b, const NDArray& info) {
    if (a.batch > 1 && a.rows <= kBatchedLuMax && a.batch <= 0x7fffffff) {
        gesv_batched_cuda(a, b, info);
        return;
    }
    const CusolverApi& api = cusolver();
    const NDArray pivots = empty(Shape{a.batch, a.rows}, DType::Int64, a.memory.device());
    getrf(a, pivots, info);
    Bound bound = bind(a.memory);
    const cudaDataType type = data_type(a.dtype());
    // getrs's own info only reports bad arguments; a singular U is getrf's info, kept above.
    const NDArray getrs_info = empty(Shape{a.batch}, DType::Int32, a.memory.device());
    for (std::int64_t i = 0; i < a.batch; ++i) {
        check(api.getrs(bound.solver.handle, bound.solver.params, CUBLAS_OP_N, a.rows, b.cols, type,
                        a.matrix(i), ld(a.rows),
                        reinterpret_cast<const std::int64_t*>(row_at(pivots, i)), type, b.matrix(i),
                        ld(b.rows), info_at(getrs_info, i)),
              "cusolverDnXgetrs");
    }
}

void geqrf(const ColumnMajorStack& a, const NDArray& tau) {
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    const cudaDataType type = data_type(a.dtype());
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    check(api.geqrf_size(bound.solver.handle, bound.solver.params, a.rows, a.cols, type,
                         a.matrix(0), ld(a.rows), type, tau.data(), type, &device_size, &host_size),
          "cusolverDnXgeqrf_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    const NDArray info = empty(Shape{a.batch}, DType::Int32, a.memory.device());
    for (std::int64_t i = 0; i < a.batch; ++i) {
        check(api.geqrf(bound.solver.handle, bound.solver.params, a.rows, a.cols, type, a.matrix(i),
                        ld(a.rows), type, row_at(tau, i), type, work.device_data(), device_size,
                        work.host_data(), host_size, info_at(info, i)),
              "cusolverDnXgeqrf");
    }
}

int narrow(std::int64_t value) {
    if (value > 0x7fffffff) {
        throw ValueError("linalg: qr's Q on the GPU takes dimensions below 2^31, got " +
                         std::to_string(value));
    }
    return static_cast<int>(value);
}

void orgqr(const ColumnMajorStack& a, std::int64_t k, const NDArray& tau) {
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    const int m = narrow(a.rows);
    const int n = narrow(a.cols);
    const int reflectors = narrow(k);
    const int lda = narrow(ld(a.rows));
    const bool f64 = a.dtype() == DType::Float64;
    int lwork = 0;
    if (f64) {
        check(api.dorgqr_size(bound.solver.handle, m, n, reflectors,
                              reinterpret_cast<const double*>(a.matrix(0)), lda,
                              static_cast<const double*>(tau.data()), &lwork),
              "cusolverDnDorgqr_bufferSize");
    } else {
        check(api.sorgqr_size(bound.solver.handle, m, n, reflectors,
                              reinterpret_cast<const float*>(a.matrix(0)), lda,
                              static_cast<const float*>(tau.data()), &lwork),
              "cusolverDnSorgqr_bufferSize");
    }
    Workspace work(static_cast<std::size_t>(lwork) * a.memory.itemsize(), 0, bound.stream);
    const NDArray info = empty(Shape{a.batch}, DType::Int32, a.memory.device());
    for (std::int64_t i = 0; i < a.batch; ++i) {
        if (f64) {
            check(api.dorgqr(bound.solver.handle, m, n, reflectors,
                             reinterpret_cast<double*>(a.matrix(i)), lda,
                             reinterpret_cast<const double*>(row_at(tau, i)),
                             static_cast<double*>(work.device_data()), lwork, info_at(info, i)),
                  "cusolverDnDorgqr");
        } else {
            check(api.sorgqr(bound.solver.handle, m, n, reflectors,
                             reinterpret_cast<float*>(a.matrix(i)), lda,
                             reinterpret_cast<const float*>(row_at(tau, i)),
                             static_cast<float*>(work.device_data()), lwork, info_at(info, i)),
                  "cusolverDnSorgqr");
        }
    }
}

// The calling thread's gesvdjInfo for the device (singular values sorted descending, as gesvd's).
gesvdjInfo_t jacobi_settings(const CusolverApi& api, Device device) {
    DeviceSolver& entry = thread_solvers()[static_cast<std::size_t>(device.ordinal())];
    if (entry.jacobi == nullptr) {
        check(api.create_gesvdj_info(&entry.jacobi), "cusolverDnCreateGesvdjInfo");
        check(api.gesvdj_sort(entry.jacobi, 1), "cusolverDnXgesvdjSetSortEig");
    }
    return entry.jacobi;
}

// gesvd for a stack of small matrices (rows >= cols, rows <= kBatchedSvdMax) in one call of
// gesvdjBatched, which writes full U (rows x rows) and V (not V^T, cols x cols): U goes to `u`
// directly for job 'A' and through a copy of its first columns for 'S'; V is copied transposed
// into `vt`.
void gesvd_jacobi_batched(const CusolverApi& api, const Bound& bound, const ColumnMajorStack& a,
                          char job, const NDArray& s, const ColumnMajorStack& u,
                          const ColumnMajorStack& vt, const NDArray& info) {
    const Device device = a.memory.device();
    const DType dtype = a.dtype();
    const int m = static_cast<int>(a.rows);
    const int n = static_cast<int>(a.cols);
    const int batch = static_cast<int>(a.batch);
    const cusolverEigMode_t jobz =
        job == 'N' ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
    const bool u_in_place = job == 'A';
    const NDArray full_u = u_in_place ? u.memory : empty(Shape{a.batch, m, m}, dtype, device);
    const NDArray full_v = empty(Shape{a.batch, n, n}, dtype, device);
    const gesvdjInfo_t settings = jacobi_settings(api, device);
    int lwork = 0;
    if (dtype == DType::Float64) {
        check(api.dgesvdj_batched_size(
                  bound.solver.handle, jobz, m, n, reinterpret_cast<const double*>(a.matrix(0)), m,
                  static_cast<const double*>(s.data()), static_cast<const double*>(full_u.data()),
                  m, static_cast<const double*>(full_v.data()), n, &lwork, settings, batch),
              "cusolverDnDgesvdjBatched_bufferSize");
    } else {
        check(api.sgesvdj_batched_size(
                  bound.solver.handle, jobz, m, n, reinterpret_cast<const float*>(a.matrix(0)), m,
                  static_cast<const float*>(s.data()), static_cast<const float*>(full_u.data()), m,
                  static_cast<const float*>(full_v.data()), n, &lwork, settings, batch),
              "cusolverDnSgesvdjBatched_bufferSize");
    }
    Workspace work(static_cast<std::size_t>(lwork) * a.memory.itemsize(), 0, bound.stream);
    if (dtype == DType::Float64) {
        check(api.dgesvdj_batched(
                  bound.solver.handle, jobz, m, n, reinterpret_cast<double*>(a.matrix(0)), m,
                  static_cast<double*>(s.data()), static_cast<double*>(full_u.data()), m,
                  static_cast<double*>(full_v.data()), n, static_cast<double*>(work.device_data()),
                  lwork, info_at(info, 0), settings, batch),
              "cusolverDnDgesvdjBatched");
    } else {
        check(api.sgesvdj_batched(
                  bound.solver.handle, jobz, m, n, reinterpret_cast<float*>(a.matrix(0)), m,
                  static_cast<float*>(s.data()), static_cast<float*>(full_u.data()), m,
                  static_cast<float*>(full_v.data()), n, static_cast<float*>(work.device_data()),
                  lwork, info_at(info, 0), settings, batch),
              "cusolverDnSgesvdjBatched");
    }
    if (job == 'N') {
        return;
    }
    if (!u_in_place) {
        copyto(u.memory.reshape(Shape{a.batch, u.cols, u.rows}),
               full_u.index({ellipsis, Slice(0, u.cols), Slice()}));
    }
    // full_v in C order is V^T; vt's memory in C order is (V^T)^T = V.
    copyto(vt.memory.reshape(Shape{a.batch, vt.cols, vt.rows}), full_v.swapaxes(1, 2));
}

// Xgesvd (QR iteration) of matrices first..last of the stack.
void gesvd_qr_iteration(const CusolverApi& api, const Bound& bound, const ColumnMajorStack& a,
                        char job, const NDArray& s, const ColumnMajorStack& u,
                        const ColumnMajorStack& vt, const NDArray& info, std::int64_t first,
                        std::int64_t last) {
    const cudaDataType type = data_type(a.dtype());
    const auto jobu = static_cast<signed char>(job);
    const auto jobvt = static_cast<signed char>(job == 'N' ? 'N' : 'A'); // VT is cols x cols
    const std::int64_t ldu = job == 'N' ? 1 : ld(u.rows);
    const std::int64_t ldvt = job == 'N' ? 1 : ld(vt.rows);
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    check(api.gesvd_size(bound.solver.handle, bound.solver.params, jobu, jobvt, a.rows, a.cols,
                         type, a.matrix(0), ld(a.rows), type, s.data(), type,
                         job == 'N' ? nullptr : u.matrix(0), ldu, type,
                         job == 'N' ? nullptr : vt.matrix(0), ldvt, type, &device_size, &host_size),
          "cusolverDnXgesvd_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    for (std::int64_t i = first; i < last; ++i) {
        check(api.gesvd(bound.solver.handle, bound.solver.params, jobu, jobvt, a.rows, a.cols, type,
                        a.matrix(i), ld(a.rows), type, row_at(s, i), type,
                        job == 'N' ? nullptr : u.matrix(i), ldu, type,
                        job == 'N' ? nullptr : vt.matrix(i), ldvt, type, work.device_data(),
                        device_size, work.host_data(), host_size, info_at(info, i)),
              "cusolverDnXgesvd");
    }
}

// SVD through the polar decomposition (Xgesvdp: QDWH then Xsyevd), 8x faster than Xgesvd at 2048
// on an H100 with the same reconstruction error (bench/results/2026-11-26-h100-linalg-decomp-
// routes). Where a singular value is near zero Xgesvdp perturbs the matrix to converge and reports
// the perturbation's size on the host (so each call waits for the stream): a matrix whose
// perturbation exceeds eps * its largest singular value (it would shift the small singular values
// above matrix_rank's tolerance), or whose info is not 0, is factorized again by Xgesvd from a
// copy of the operand kept for that. Xgesvdp writes V, not V^T: V goes to a scratch stack and is
// copied transposed into `vt`; for job 'N' U and V go to scratch as well.
double polar_limit = 1.0;

void gesvd_polar(const CusolverApi& api, const Bound& bound, const ColumnMajorStack& a, char job,
                 const NDArray& s, const ColumnMajorStack& u, const ColumnMajorStack& vt,
                 const NDArray& info) {
    const Device device = a.memory.device();
    const DType dtype = a.dtype();
    const cudaDataType type = data_type(dtype);
    const std::int64_t m = a.rows;
    const std::int64_t n = a.cols;
    const int econ = job == 'A' ? 0 : 1;
    // Flat views of the stacks (the batch may have several dimensions).
    const NDArray matrices = a.memory.reshape(Shape{a.batch, n, m});
    const NDArray operand = matrices.copy();
    const NDArray values = s.reshape(Shape{a.batch, n});
    const NDArray vts = job == 'N' ? NDArray(dtype) : vt.memory.reshape(Shape{a.batch, n, n});
    const NDArray scratch_u = job == 'N' ? empty(Shape{m, n}, dtype, device) : NDArray(dtype);
    const NDArray full_v = empty(Shape{job == 'N' ? 1 : a.batch, n, n}, dtype, device);
    const std::int64_t v_stride = n * n * static_cast<std::int64_t>(a.memory.itemsize());
    auto u_at = [&](std::int64_t i) -> void* {
        return job == 'N' ? scratch_u.data() : u.matrix(i);
    };
    auto v_at = [&](std::int64_t i) -> void* {
        return static_cast<char*>(full_v.data()) + (job == 'N' ? 0 : i * v_stride);
    };
    const std::int64_t ldu = ld(m);
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    check(api.gesvdp_size(bound.solver.handle, bound.solver.params, CUSOLVER_EIG_MODE_VECTOR, econ,
                          m, n, type, a.matrix(0), ld(m), type, s.data(), type, u_at(0), ldu, type,
                          v_at(0), ld(n), type, &device_size, &host_size),
          "cusolverDnXgesvdp_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    const double eps = dtype == DType::Float64 ? 2.220446049250313e-16 : 1.1920928955078125e-07;
    for (std::int64_t i = 0; i < a.batch; ++i) {
        double perturbation = 0.0;
        check(api.gesvdp(bound.solver.handle, bound.solver.params, CUSOLVER_EIG_MODE_VECTOR, econ,
                         m, n, type, a.matrix(i), ld(m), type, row_at(s, i), type, u_at(i), ldu,
                         type, v_at(i), ld(n), type, work.device_data(), device_size,
                         work.host_data(), host_size, info_at(info, i), &perturbation),
              "cusolverDnXgesvdp");
        int status = 0;
        info.index({Slice(i, i + 1)}).copy_to_host(&status);
        double largest = 0.0;
        if (dtype == DType::Float64) {
            values.index({Slice(i, i + 1), Slice(0, 1)}).copy_to_host(&largest);
        } else {
            float value = 0.0F;
            values.index({Slice(i, i + 1), Slice(0, 1)}).copy_to_host(&value);
            largest = value;
        }
        if (status != 0 || !(perturbation <= polar_svd_perturbation_limit() * eps * largest)) {
            copyto(matrices.index({Slice(i, i + 1)}), operand.index({Slice(i, i + 1)}));
            const std::vector<int> zero(1, 0);
            info.index({Slice(i, i + 1)}).copy_from_host(zero.data());
            gesvd_qr_iteration(api, bound, a, job, s, u, vt, info, i, i + 1);
            if (job != 'N') {
                // Leave the Xgesvd result alone in the transposing copy below.
                copyto(full_v.index({Slice(i, i + 1)}),
                       vts.index({Slice(i, i + 1)}).swapaxes(1, 2));
            }
        }
    }
    if (job != 'N') {
        // full_v in C order is V^T; vt's memory in C order is (V^T)^T = V.
        copyto(vts, full_v.swapaxes(1, 2));
    }
}

void gesvd(const ColumnMajorStack& a, char job, const NDArray& s, const ColumnMajorStack& u,
           const ColumnMajorStack& vt, const NDArray& info) {
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    if (a.batch > 1 && a.rows <= kBatchedSvdMax && a.batch <= 0x7fffffff &&
        api.dgesvdj_batched != nullptr) {
        gesvd_jacobi_batched(api, bound, a, job, s, u, vt, info);
        return;
    }
    if (api.gesvdp != nullptr && a.rows >= kPolarSvdMin) {
        gesvd_polar(api, bound, a, job, s, u, vt, info);
        return;
    }
    gesvd_qr_iteration(api, bound, a, job, s, u, vt, info, 0, a.batch);
}

void syevd(const ColumnMajorStack& a, char uplo, bool vectors, const NDArray& w,
           const NDArray& info) {
    const CusolverApi& api = cusolver();
    Bound bound = bind(a.memory);
    const cudaDataType type = data_type(a.dtype());
    const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    std::size_t device_size = 0;
    std::size_t host_size = 0;
    if (a.batch > 1 && a.rows <= kBatchedSyevMax && api.syev_batched != nullptr) {
        // One call for the whole stack (matrices lda * n apart, as the stack lays them out).
        check(api.syev_batched_size(bound.solver.handle, bound.solver.params, jobz, fill(uplo),
                                    a.rows, type, a.matrix(0), ld(a.rows), type, w.data(), type,
                                    &device_size, &host_size, a.batch),
              "cusolverDnXsyevBatched_bufferSize");
        Workspace work(device_size, host_size, bound.stream);
        check(api.syev_batched(bound.solver.handle, bound.solver.params, jobz, fill(uplo), a.rows,
                               type, a.matrix(0), ld(a.rows), type, w.data(), type,
                               work.device_data(), device_size, work.host_data(), host_size,
                               info_at(info, 0), a.batch),
              "cusolverDnXsyevBatched");
        return;
    }
    check(api.syevd_size(bound.solver.handle, bound.solver.params, jobz, fill(uplo), a.rows, type,
                         a.matrix(0), ld(a.rows), type, w.data(), type, &device_size, &host_size),
          "cusolverDnXsyevd_bufferSize");
    Workspace work(device_size, host_size, bound.stream);
    for (std::int64_t i = 0; i < a.batch; ++i) {
        check(api.syevd(bound.solver.handle, bound.solver.params, jobz, fill(uplo), a.rows, type,
                        a.matrix(i), ld(a.rows), type, row_at(w, i), type, work.device_data(),
                        device_size, work.host_data(), host_size, info_at(info, i)),
              "cusolverDnXsyevd");
    }
}

} // namespace

double& polar_svd_perturbation_limit() {
    return polar_limit;
}

const SolverBackend& cusolver_backend() {
    static const SolverBackend backend{potrf, getrf, gesv,  geqrf,
                                       orgqr, gesvd, syevd, DType::Int64};
    return backend;
}

} // namespace gpucc::linalg::detail
