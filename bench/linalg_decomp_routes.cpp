// Issue 20's route micro-benchmark: which cuSOLVER entry point, fill, workspace and info handling
// makes cholesky 2048 and svd 2048 fastest on this GPU, timed in one run so the routes compare
// (bench/run_linalg_decomp_routes.sh builds it against the toolkit and runs it with PyTorch's
// times and kernel list beside it). It calls cuSOLVER and cuBLAS directly, not gpucc, so each
// route's cost is the library's alone: Xpotrf vs legacy S/Dpotrf with the lower or upper fill,
// with and without a per-call workspace query and allocation and a pageable info read-back (what
// decompositions.cpp did), and the 16 MiB copy every route needs; for SVD, Xgesvd and legacy gesvd
// (jobs A/A), gesvdj (default tolerance; and at most 15 sweeps), Xgesvdp and gesvdaStridedBatched
// (rank n), each with its reconstruction error |A - U S V^T|_F / |A|_F and info. CUDA events around
// each call after two warm-ups, median of `repeat` (3 for SVD). One JSON object per line.
// `sweep` times Xgesvd against Xgesvdp from 32 to 1024 and potrfBatched's two fills at 10000 x 8.
// Usage: linalg_decomp_routes [repeat [sweep]]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

void cuda_ok(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}
void solver_ok(cusolverStatus_t s, const char* what) {
    if (s != CUSOLVER_STATUS_SUCCESS) {
        std::fprintf(stderr, "%s: cusolver status %d\n", what, static_cast<int>(s));
        std::exit(1);
    }
}
void blas_ok(cublasStatus_t s, const char* what) {
    if (s != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "%s: cublas status %d\n", what, static_cast<int>(s));
        std::exit(1);
    }
}

cudaStream_t stream;
cusolverDnHandle_t solver;
cusolverDnParams_t params;
cublasHandle_t blas;
int repeat = 10;

double time_ms(const std::function<void()>& setup, const std::function<void()>& f, int reps) {
    cudaEvent_t start;
    cudaEvent_t stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<double> times;
    for (int i = 0; i < reps + 2; ++i) {
        setup();
        cudaEventRecord(start, stream);
        f();
        cudaEventRecord(stop, stream);
        cuda_ok(cudaEventSynchronize(stop), "event");
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        if (i >= 2) {
            times.push_back(ms);
        }
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

template <class T>
constexpr cudaDataType type_of() {
    return std::is_same_v<T, double> ? CUDA_R_64F : CUDA_R_32F;
}
template <class T>
const char* name_of() {
    return std::is_same_v<T, double> ? "float64" : "float32";
}

void emit(const char* routine, const char* route, const char* dtype, int n, double ms, int info = 0,
          double error = -1) {
    std::printf("{\"routine\": \"%s\", \"route\": \"%s\", \"dtype\": \"%s\", \"n\": %d, "
                "\"ms\": %.4f, \"info\": %d, \"rel_error\": %.3e}\n",
                routine, route, dtype, n, ms, info, error);
    std::fflush(stdout);
}

// Column-major n x n operands: a general one (uniform [-1, 1] + n I) and an SPD A A^T / n + I.
template <class T>
void make_operands(int n, T* general, T* spd) {
    std::mt19937_64 gen(20);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> a(static_cast<std::size_t>(n) * n);
    for (double& x : a) {
        x = u(gen);
    }
    double *da = nullptr, *dc = nullptr;
    const std::size_t bytes = a.size() * sizeof(double);
    cudaMalloc(&da, bytes);
    cudaMalloc(&dc, bytes);
    cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice);
    std::vector<double> c(a.size(), 0.0);
    for (int i = 0; i < n; ++i) {
        c[static_cast<std::size_t>(i) * n + i] = 1.0;
    }
    cudaMemcpy(dc, c.data(), bytes, cudaMemcpyHostToDevice);
    const double alpha = 1.0 / n;
    const double one = 1.0;
    blas_ok(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, da, n, da, n, &one, dc, n),
            "spd");
    cuda_ok(cudaStreamSynchronize(stream), "spd");
    cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost);
    std::vector<T> g(a.size()), s(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        g[i] = static_cast<T>(a[i] + ((i % (n + 1)) == 0 ? n : 0));
        s[i] = static_cast<T>(c[i]);
    }
    cudaMemcpy(general, g.data(), g.size() * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemcpy(spd, s.data(), s.size() * sizeof(T), cudaMemcpyHostToDevice);
    cudaFree(da);
    cudaFree(dc);
}

cusolverStatus_t legacy_potrf_size(cublasFillMode_t f, int n, float* a, int* lw) {
    return cusolverDnSpotrf_bufferSize(solver, f, n, a, n, lw);
}
cusolverStatus_t legacy_potrf_size(cublasFillMode_t f, int n, double* a, int* lw) {
    return cusolverDnDpotrf_bufferSize(solver, f, n, a, n, lw);
}
cusolverStatus_t legacy_potrf(cublasFillMode_t f, int n, float* a, float* w, int lw, int* info) {
    return cusolverDnSpotrf(solver, f, n, a, n, w, lw, info);
}
cusolverStatus_t legacy_potrf(cublasFillMode_t f, int n, double* a, double* w, int lw, int* info) {
    return cusolverDnDpotrf(solver, f, n, a, n, w, lw, info);
}

int read_info(const int* d_info) {
    int info = 0;
    cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost);
    return info;
}

template <class T>
void cholesky_routes(int n) {
    const std::size_t bytes = static_cast<std::size_t>(n) * n * sizeof(T);
    T *general, *spd, *work;
    int* d_info;
    int* pinned_info;
    cudaMalloc(&general, bytes);
    cudaMalloc(&spd, bytes);
    cudaMalloc(&work, bytes);
    cudaMalloc(&d_info, sizeof(int));
    cudaMallocHost(&pinned_info, sizeof(int));
    make_operands<T>(n, general, spd);
    const cudaDataType type = type_of<T>();
    const char* dt = name_of<T>();
    auto copy = [&] { cudaMemcpyAsync(work, spd, bytes, cudaMemcpyDeviceToDevice, stream); };
    auto nothing = [] {};
    emit("cholesky", "copy_only", dt, n, time_ms(nothing, copy, repeat));
    for (cublasFillMode_t fill : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
        const bool lower = fill == CUBLAS_FILL_MODE_LOWER;
        std::size_t dsize = 0, hsize = 0;
        solver_ok(cusolverDnXpotrf_bufferSize(solver, params, fill, n, type, work, n, type, &dsize,
                                              &hsize),
                  "Xpotrf_bufferSize");
        void* dws = nullptr;
        cudaMalloc(&dws, std::max<std::size_t>(dsize, 1));
        std::vector<char> hws(std::max<std::size_t>(hsize, 1));
        auto xpotrf = [&](void* ws) {
            solver_ok(cusolverDnXpotrf(solver, params, fill, n, type, work, n, type, ws, dsize,
                                       hws.data(), hsize, d_info),
                      "Xpotrf");
        };
        std::string tag = lower ? "L" : "U";
        emit("cholesky", ("Xpotrf_" + tag + "_only").c_str(), dt, n,
             time_ms(copy, [&] { xpotrf(dws); }, repeat), read_info(d_info));
        emit("cholesky", ("Xpotrf_" + tag + "_copy").c_str(), dt, n,
             time_ms(
                 nothing,
                 [&] {
                     copy();
                     xpotrf(dws);
                 },
                 repeat),
             read_info(d_info));
        emit("cholesky", ("Xpotrf_" + tag + "_copy_query_alloc_info_sync").c_str(), dt, n,
             time_ms(
                 nothing,
                 [&] {
                     copy();
                     std::size_t d2 = 0, h2 = 0;
                     solver_ok(cusolverDnXpotrf_bufferSize(solver, params, fill, n, type, work, n,
                                                           type, &d2, &h2),
                               "Xpotrf_bufferSize");
                     void* ws = nullptr;
                     cudaMallocAsync(&ws, d2, stream);
                     cudaMemsetAsync(d_info, 0, sizeof(int), stream);
                     xpotrf(ws);
                     cudaFreeAsync(ws, stream);
                     int info = 0;
                     cudaMemcpyAsync(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost, stream);
                     cudaStreamSynchronize(stream);
                 },
                 repeat),
             read_info(d_info));
        emit("cholesky", ("Xpotrf_" + tag + "_copy_info_pinned_async").c_str(), dt, n,
             time_ms(
                 nothing,
                 [&] {
                     copy();
                     xpotrf(dws);
                     cudaMemcpyAsync(pinned_info, d_info, sizeof(int), cudaMemcpyDeviceToHost,
                                     stream);
                 },
                 repeat),
             read_info(d_info));
        cudaFree(dws);
        int lwork = 0;
        solver_ok(legacy_potrf_size(fill, n, work, &lwork), "potrf_bufferSize");
        T* lws = nullptr;
        cudaMalloc(&lws, sizeof(T) * std::max(lwork, 1));
        emit("cholesky", ("potrf_legacy_" + tag + "_only").c_str(), dt, n,
             time_ms(
                 copy, [&] { solver_ok(legacy_potrf(fill, n, work, lws, lwork, d_info), "potrf"); },
                 repeat),
             read_info(d_info));
        cudaFree(lws);
    }
    cudaFree(general);
    cudaFree(spd);
    cudaFree(work);
    cudaFree(d_info);
    cudaFreeHost(pinned_info);
}

// |A - U diag(S) W|_F / |A|_F where W is V^T (v_transposed) or V (then W = V^T via op T).
template <class T>
double reconstruction_error(int n, const T* a, const T* u, const T* s, const T* v,
                            bool v_transposed) {
    const std::size_t count = static_cast<std::size_t>(n) * n;
    T *us, *r;
    cudaMalloc(&us, count * sizeof(T));
    cudaMalloc(&r, count * sizeof(T));
    cudaDeviceSynchronize();
    cudaMemcpy(r, a, count * sizeof(T), cudaMemcpyDeviceToDevice);
    cudaDeviceSynchronize();
    const T minus_one = -1, one = 1;
    T norm_a = 0, norm_r = 0;
    if constexpr (std::is_same_v<T, double>) {
        cublasDdgmm(blas, CUBLAS_SIDE_RIGHT, n, n, u, n, s, 1, us, n);
        cublasDgemm(blas, CUBLAS_OP_N, v_transposed ? CUBLAS_OP_N : CUBLAS_OP_T, n, n, n,
                    &minus_one, us, n, v, n, &one, r, n);
        cublasDnrm2(blas, static_cast<int>(count), a, 1, &norm_a);
        cublasDnrm2(blas, static_cast<int>(count), r, 1, &norm_r);
    } else {
        cublasSdgmm(blas, CUBLAS_SIDE_RIGHT, n, n, u, n, s, 1, us, n);
        cublasSgemm(blas, CUBLAS_OP_N, v_transposed ? CUBLAS_OP_N : CUBLAS_OP_T, n, n, n,
                    &minus_one, us, n, v, n, &one, r, n);
        cublasSnrm2(blas, static_cast<int>(count), a, 1, &norm_a);
        cublasSnrm2(blas, static_cast<int>(count), r, 1, &norm_r);
    }
    cudaDeviceSynchronize();
    cudaFree(us);
    cudaFree(r);
    return static_cast<double>(norm_r) / static_cast<double>(norm_a);
}

template <class T>
void svd_routes(int n, int reps) {
    const std::size_t count = static_cast<std::size_t>(n) * n;
    const std::size_t bytes = count * sizeof(T);
    T *general, *spd, *work, *u, *v, *s;
    int* d_info;
    cudaMalloc(&general, bytes);
    cudaMalloc(&spd, bytes);
    cudaMalloc(&work, bytes);
    cudaMalloc(&u, bytes);
    cudaMalloc(&v, bytes);
    cudaMalloc(&s, n * sizeof(T));
    cudaMalloc(&d_info, sizeof(int));
    make_operands<T>(n, general, spd);
    const cudaDataType type = type_of<T>();
    const char* dt = name_of<T>();
    auto copy = [&] { cudaMemcpyAsync(work, general, bytes, cudaMemcpyDeviceToDevice, stream); };
    auto nothing = [] {};
    // Xgesvd, jobs A/A (decompositions.cpp's route before this issue).
    {
        std::size_t dsize = 0, hsize = 0;
        solver_ok(cusolverDnXgesvd_bufferSize(solver, params, 'A', 'A', n, n, type, work, n, type,
                                              s, type, u, n, type, v, n, type, &dsize, &hsize),
                  "Xgesvd_bufferSize");
        void* dws = nullptr;
        cudaMalloc(&dws, std::max<std::size_t>(dsize, 1));
        std::vector<char> hws(std::max<std::size_t>(hsize, 1));
        const double ms = time_ms(
            nothing,
            [&] {
                copy();
                solver_ok(cusolverDnXgesvd(solver, params, 'A', 'A', n, n, type, work, n, type, s,
                                           type, u, n, type, v, n, type, dws, dsize, hws.data(),
                                           hsize, d_info),
                          "Xgesvd");
            },
            reps);
        emit("svd", "Xgesvd_AA", dt, n, ms, read_info(d_info),
             reconstruction_error<T>(n, general, u, s, v, true));
        cudaFree(dws);
    }
    // gesvdj, econ = 0, default tolerance (machine precision) and sweeps; then 15 sweeps.
    for (int sweeps : {0, 15}) {
        gesvdjInfo_t j;
        solver_ok(cusolverDnCreateGesvdjInfo(&j), "CreateGesvdjInfo");
        if (sweeps > 0) {
            cusolverDnXgesvdjSetMaxSweeps(j, sweeps);
        }
        int lwork = 0;
        if constexpr (std::is_same_v<T, double>) {
            solver_ok(cusolverDnDgesvdj_bufferSize(solver, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, work,
                                                   n, s, u, n, v, n, &lwork, j),
                      "gesvdj_bufferSize");
        } else {
            solver_ok(cusolverDnSgesvdj_bufferSize(solver, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, work,
                                                   n, s, u, n, v, n, &lwork, j),
                      "gesvdj_bufferSize");
        }
        T* ws = nullptr;
        cudaMalloc(&ws, sizeof(T) * std::max(lwork, 1));
        const double ms = time_ms(
            nothing,
            [&] {
                copy();
                if constexpr (std::is_same_v<T, double>) {
                    solver_ok(cusolverDnDgesvdj(solver, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, work, n,
                                                s, u, n, v, n, ws, lwork, d_info, j),
                              "gesvdj");
                } else {
                    solver_ok(cusolverDnSgesvdj(solver, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, work, n,
                                                s, u, n, v, n, ws, lwork, d_info, j),
                              "gesvdj");
                }
            },
            reps);
        emit("svd", sweeps > 0 ? "gesvdj_sweeps15" : "gesvdj_default", dt, n, ms, read_info(d_info),
             reconstruction_error<T>(n, general, u, s, v, false));
        cudaFree(ws);
        cusolverDnDestroyGesvdjInfo(j);
    }
    // Xgesvdp (polar decomposition based), econ = 0.
    {
        std::size_t dsize = 0, hsize = 0;
        const cusolverStatus_t st = cusolverDnXgesvdp_bufferSize(
            solver, params, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, type, work, n, type, s, type, u, n,
            type, v, n, type, &dsize, &hsize);
        if (st == CUSOLVER_STATUS_SUCCESS) {
            void* dws = nullptr;
            cudaMalloc(&dws, std::max<std::size_t>(dsize, 1));
            std::vector<char> hws(std::max<std::size_t>(hsize, 1));
            double err_sigma = 0;
            const double ms = time_ms(
                nothing,
                [&] {
                    copy();
                    solver_ok(cusolverDnXgesvdp(solver, params, CUSOLVER_EIG_MODE_VECTOR, 0, n, n,
                                                type, work, n, type, s, type, u, n, type, v, n,
                                                type, dws, dsize, hws.data(), hsize, d_info,
                                                &err_sigma),
                              "Xgesvdp");
                },
                reps);
            emit("svd", "Xgesvdp", dt, n, ms, read_info(d_info),
                 reconstruction_error<T>(n, general, u, s, v, false));
            cudaFree(dws);
        } else {
            emit("svd", "Xgesvdp_unsupported", dt, n, -1, static_cast<int>(st));
        }
    }
    // gesvdaStridedBatched, rank n, one matrix (approximate by design: its residual reported).
    {
        int lwork = 0;
        cusolverStatus_t st;
        if constexpr (std::is_same_v<T, double>) {
            st = cusolverDnDgesvdaStridedBatched_bufferSize(solver, CUSOLVER_EIG_MODE_VECTOR, n, n,
                                                            n, work, n, count, s, n, u, n, count, v,
                                                            n, count, &lwork, 1);
        } else {
            st = cusolverDnSgesvdaStridedBatched_bufferSize(solver, CUSOLVER_EIG_MODE_VECTOR, n, n,
                                                            n, work, n, count, s, n, u, n, count, v,
                                                            n, count, &lwork, 1);
        }
        if (st == CUSOLVER_STATUS_SUCCESS) {
            T* ws = nullptr;
            cudaMalloc(&ws, sizeof(T) * std::max(lwork, 1));
            double residual = 0;
            const double ms = time_ms(
                nothing,
                [&] {
                    copy();
                    if constexpr (std::is_same_v<T, double>) {
                        solver_ok(cusolverDnDgesvdaStridedBatched(
                                      solver, CUSOLVER_EIG_MODE_VECTOR, n, n, n, work, n, count, s,
                                      n, u, n, count, v, n, count, ws, lwork, d_info, &residual, 1),
                                  "gesvda");
                    } else {
                        solver_ok(cusolverDnSgesvdaStridedBatched(
                                      solver, CUSOLVER_EIG_MODE_VECTOR, n, n, n, work, n, count, s,
                                      n, u, n, count, v, n, count, ws, lwork, d_info, &residual, 1),
                                  "gesvda");
                    }
                },
                reps);
            emit("svd", "gesvdaStridedBatched_rank_n", dt, n, ms, read_info(d_info),
                 reconstruction_error<T>(n, general, u, s, v, false));
            cudaFree(ws);
        } else {
            emit("svd", "gesvda_unsupported", dt, n, -1, static_cast<int>(st));
        }
    }
    cudaFree(general);
    cudaFree(spd);
    cudaFree(work);
    cudaFree(u);
    cudaFree(v);
    cudaFree(s);
    cudaFree(d_info);
}

// Xgesvd (jobs A/A) against Xgesvdp (econ 0) at one size: where the polar route starts to win.
template <class T>
void svd_sweep(int n, int reps) {
    const std::size_t count = static_cast<std::size_t>(n) * n;
    const std::size_t bytes = count * sizeof(T);
    T *general, *spd, *work, *u, *v, *s;
    int* d_info;
    cudaMalloc(&general, bytes);
    cudaMalloc(&spd, bytes);
    cudaMalloc(&work, bytes);
    cudaMalloc(&u, bytes);
    cudaMalloc(&v, bytes);
    cudaMalloc(&s, n * sizeof(T));
    cudaMalloc(&d_info, sizeof(int));
    make_operands<T>(n, general, spd);
    const cudaDataType type = type_of<T>();
    auto copy = [&] { cudaMemcpyAsync(work, general, bytes, cudaMemcpyDeviceToDevice, stream); };
    auto nothing = [] {};
    std::size_t dsize = 0, hsize = 0;
    solver_ok(cusolverDnXgesvd_bufferSize(solver, params, 'A', 'A', n, n, type, work, n, type, s,
                                          type, u, n, type, v, n, type, &dsize, &hsize),
              "Xgesvd_bufferSize");
    void* dws = nullptr;
    cudaMalloc(&dws, std::max<std::size_t>(dsize, 1));
    std::vector<char> hws(std::max<std::size_t>(hsize, 1));
    double ms = time_ms(
        nothing,
        [&] {
            copy();
            solver_ok(cusolverDnXgesvd(solver, params, 'A', 'A', n, n, type, work, n, type, s, type,
                                       u, n, type, v, n, type, dws, dsize, hws.data(), hsize,
                                       d_info),
                      "Xgesvd");
        },
        reps);
    emit("svd", "Xgesvd_AA", name_of<T>(), n, ms, read_info(d_info),
         reconstruction_error<T>(n, general, u, s, v, true));
    cudaFree(dws);
    solver_ok(cusolverDnXgesvdp_bufferSize(solver, params, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, type,
                                           work, n, type, s, type, u, n, type, v, n, type, &dsize,
                                           &hsize),
              "Xgesvdp_bufferSize");
    cudaMalloc(&dws, std::max<std::size_t>(dsize, 1));
    hws.assign(std::max<std::size_t>(hsize, 1), 0);
    double err_sigma = 0;
    ms = time_ms(
        nothing,
        [&] {
            copy();
            solver_ok(cusolverDnXgesvdp(solver, params, CUSOLVER_EIG_MODE_VECTOR, 0, n, n, type,
                                        work, n, type, s, type, u, n, type, v, n, type, dws, dsize,
                                        hws.data(), hsize, d_info, &err_sigma),
                      "Xgesvdp");
        },
        reps);
    emit("svd", "Xgesvdp", name_of<T>(), n, ms, read_info(d_info),
         reconstruction_error<T>(n, general, u, s, v, false));
    std::printf(
        "{\"routine\": \"svd\", \"route\": \"Xgesvdp\", \"n\": %d, \"h_err_sigma\": %.3e}\n", n,
        err_sigma);
    cudaFree(dws);
    cudaFree(general);
    cudaFree(spd);
    cudaFree(work);
    cudaFree(u);
    cudaFree(v);
    cudaFree(s);
    cudaFree(d_info);
}

// potrfBatched over `batch` n x n SPD matrices with the lower and the upper fill.
template <class T>
void batched_cholesky_routes(int batch, int n) {
    const std::size_t count = static_cast<std::size_t>(n) * n;
    std::vector<T> host(count * batch);
    std::mt19937_64 gen(8);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> a(count);
    for (int b = 0; b < batch; ++b) {
        for (double& x : a) {
            x = u(gen);
        }
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                double sum = i == j ? 1.0 : 0.0;
                for (int k = 0; k < n; ++k) {
                    sum += a[i * n + k] * a[j * n + k] / n;
                }
                host[b * count + i * n + j] = static_cast<T>(sum);
            }
        }
    }
    T *spd, *work;
    T** pointers;
    int* d_info;
    cudaMalloc(&spd, host.size() * sizeof(T));
    cudaMalloc(&work, host.size() * sizeof(T));
    cudaMalloc(&pointers, batch * sizeof(T*));
    cudaMalloc(&d_info, batch * sizeof(int));
    cudaMemcpy(spd, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
    std::vector<T*> ptrs(batch);
    for (int b = 0; b < batch; ++b) {
        ptrs[b] = work + b * count;
    }
    cudaMemcpy(pointers, ptrs.data(), batch * sizeof(T*), cudaMemcpyHostToDevice);
    auto copy = [&] {
        cudaMemcpyAsync(work, spd, host.size() * sizeof(T), cudaMemcpyDeviceToDevice, stream);
    };
    for (cublasFillMode_t fill : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
        const double ms = time_ms(
            copy,
            [&] {
                if constexpr (std::is_same_v<T, double>) {
                    solver_ok(cusolverDnDpotrfBatched(solver, fill, n, pointers, n, d_info, batch),
                              "potrfBatched");
                } else {
                    solver_ok(cusolverDnSpotrfBatched(solver, fill, n, pointers, n, d_info, batch),
                              "potrfBatched");
                }
            },
            repeat);
        emit("cholesky_batched",
             fill == CUBLAS_FILL_MODE_LOWER ? "potrfBatched_L_only" : "potrfBatched_U_only",
             name_of<T>(), n, ms, read_info(d_info));
    }
    cudaFree(spd);
    cudaFree(work);
    cudaFree(pointers);
    cudaFree(d_info);
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 1) {
        repeat = std::max(1, std::atoi(argv[1]));
    }
    cuda_ok(cudaSetDevice(0), "cudaSetDevice");
    cuda_ok(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
    solver_ok(cusolverDnCreate(&solver), "cusolverDnCreate");
    solver_ok(cusolverDnSetStream(solver, stream), "cusolverDnSetStream");
    solver_ok(cusolverDnCreateParams(&params), "cusolverDnCreateParams");
    blas_ok(cublasCreate(&blas), "cublasCreate");
    blas_ok(cublasSetStream(blas, stream), "cublasSetStream");
    if (argc > 2 && std::string(argv[2]) == "sweep") {
        for (int n : {32, 64, 128, 256, 512, 1024}) {
            svd_sweep<float>(n, 5);
            svd_sweep<double>(n, 5);
        }
        batched_cholesky_routes<float>(10000, 8);
        batched_cholesky_routes<double>(10000, 8);
        return 0;
    }
    cholesky_routes<float>(2048);
    cholesky_routes<double>(2048);
    svd_routes<double>(2048, 3);
    svd_routes<float>(2048, 3);
    return 0;
}
