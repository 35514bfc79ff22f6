// gpucc::linalg's decompositions for issue 20 (bench/run_linalg_decomp_bench.sh runs it with
// peers_linalg_decomp.py, CuPy and PyTorch on the GPU, NumPy on the CPU):
//   gpu: cholesky, qr, svd, eigh, solve, inv, det at 2048 x 2048 in float32 and float64; the
//        batched cases eigh 500 x 100x100, solve and cholesky 10000 x 8x8, svd 1000 x 16x16.
//   cpu: the same routines at 256, 512, 1024 in float32 and float64 (wall time).
// Operands are well conditioned (symmetric positive definite A A^T / n + I for cholesky and
// eigh). GPU times are CUDA events around one call after two warm-ups (the info check, which
// reads back a few bytes, included: the default), the median of `repeat`; CPU times the median
// wall time. One JSON object per line. Usage: linalg_decomp_bench gpu|cpu [repeat]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <gpucc/gpucc.h>
#include <limits>
#include <linalg/small_batched.h>
#include <string>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::NDArray;
using gpucc::Shape;
namespace la = gpucc::linalg;

int repeat = 10;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double time_ms(gpucc::Device device, const std::function<void()>& f) {
    f();
    f();
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        if (device.is_cuda()) {
            gpucc::Event start(device);
            gpucc::Event stop(device);
            start.record(gpucc::current_stream(device));
            f();
            stop.record(gpucc::current_stream(device));
            stop.synchronize();
            times.push_back(gpucc::elapsed_ms(start, stop));
        } else {
            const auto start = std::chrono::steady_clock::now();
            f();
            times.push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
        }
    }
    return median(times);
}

// A general operand (uniform in [-1, 1] plus n on the diagonal) and an SPD one, (batch.., n, n).
struct Operands {
    NDArray general;
    NDArray spd;
    NDArray rhs;
};

Operands make(std::int64_t batch, std::int64_t n, DType dtype, gpucc::Device device) {
    Shape shape;
    if (batch > 1) {
        shape.push_back(batch);
    }
    shape.push_back(n);
    shape.push_back(n);
    auto& gen = gpucc::random::global_generator();
    const NDArray a = gen.uniform(-1.0, 1.0, shape, dtype, device);
    const NDArray eye = gpucc::eye(n, n, 0, dtype, device);
    Operands ops;
    ops.general = gpucc::add(a, gpucc::multiply(eye, static_cast<double>(n)));
    const NDArray at = a.swapaxes(a.ndim() - 2, a.ndim() - 1);
    ops.spd = gpucc::add(gpucc::divide(gpucc::matmul(a, at), static_cast<double>(n)), eye);
    Shape rhs_shape = shape;
    rhs_shape[rhs_shape.ndim() - 1] = 1;
    ops.rhs = gen.uniform(-1.0, 1.0, rhs_shape, dtype, device);
    return ops;
}

// The route of the small-matrix sweep ("" outside it).
const char* route = "";

void emit(const char* device, const std::string& routine, const char* dtype, std::int64_t batch,
          std::int64_t n, double ms) {
    std::printf("{\"tool\": \"gpucc\", \"device\": \"%s\", \"routine\": \"%s\", \"dtype\": \"%s\", "
                "\"batch\": %lld, \"n\": %lld, %s%s%s\"ms\": %.4f}\n",
                device, routine.c_str(), dtype, static_cast<long long>(batch),
                static_cast<long long>(n), *route != 0 ? "\"route\": \"" : "", route,
                *route != 0 ? "\", " : "", ms);
    std::fflush(stdout);
}

void run_routines(gpucc::Device device, std::int64_t batch, std::int64_t n, DType dtype,
                  const std::vector<std::string>& routines) {
    const Operands ops = make(batch, n, dtype, device);
    const char* dev = device.is_cuda() ? "gpu" : "cpu";
    const char* dt = dtype == DType::Float64 ? "float64" : "float32";
    for (const std::string& r : routines) {
        std::function<void()> f;
        if (r == "cholesky") {
            f = [&] { (void)la::cholesky(ops.spd); };
        } else if (r == "qr") {
            f = [&] { (void)la::qr(ops.general); };
        } else if (r == "svd") {
            f = [&] { (void)la::svd(ops.general); };
        } else if (r == "eigh") {
            f = [&] { (void)la::eigh(ops.spd); };
        } else if (r == "solve") {
            f = [&] { (void)la::solve(ops.general, ops.rhs); };
        } else if (r == "inv") {
            f = [&] { (void)la::inv(ops.general); };
        } else if (r == "det") {
            f = [&] { (void)la::det(ops.general); };
        }
        emit(dev, r, dt, batch, n, time_ms(device, f));
    }
}

// Both routes of the small-matrix sweep (see the top of this file).
void run_small_sweep(gpucc::Device device) {
    auto& limits = gpucc::linalg::detail::small_batched_limits();
    const gpucc::linalg::detail::SmallBatchedLimits saved = limits;
    for (DType dtype : {DType::Float32, DType::Float64}) {
        for (const char* which : {"kernel", "library"}) {
            const std::int64_t limit =
                std::strcmp(which, "kernel") == 0 ? std::numeric_limits<std::int64_t>::max() : 0;
            limits = {limit, limit, limit, limit};
            route = which;
            for (std::int64_t n : {2, 4, 8, 12, 16, 24, 32}) {
                run_routines(device, 10000, n, dtype, {"solve", "inv", "cholesky"});
            }
            for (std::int64_t batch : {1, 100}) {
                for (std::int64_t n : {8, 16}) {
                    run_routines(device, batch, n, dtype, {"solve", "cholesky"});
                }
            }
        }
    }
    limits = saved;
    route = "";
}

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "cpu";
    if (argc > 2) {
        repeat = std::max(1, std::atoi(argv[2]));
    }
    const std::vector<std::string> all = {"cholesky", "qr", "svd", "eigh", "solve", "inv", "det"};
    if (mode == "gpu-small" || mode == "cpu-small") {
        if (mode == "gpu-small" && gpucc::cuda_device_count() == 0) {
            std::printf("{\"error\": \"no CUDA device\"}\n");
            return 1;
        }
        run_small_sweep(mode == "gpu-small" ? gpucc::Device::cuda(0) : gpucc::Device::cpu());
        return 0;
    }
    if (mode == "gpu") {
        if (gpucc::cuda_device_count() == 0) {
            std::printf("{\"error\": \"no CUDA device\"}\n");
            return 1;
        }
        const gpucc::Device gpu = gpucc::Device::cuda(0);
        for (DType dtype : {DType::Float32, DType::Float64}) {
            run_routines(gpu, 1, 2048, dtype, all);
            run_routines(gpu, 500, 100, dtype, {"eigh"});
            run_routines(gpu, 10000, 8, dtype, {"solve", "cholesky", "det"});
            run_routines(gpu, 1000, 16, dtype, {"svd"});
        }
        return 0;
    }
    for (DType dtype : {DType::Float32, DType::Float64}) {
        for (std::int64_t n : {256, 512, 1024}) {
            run_routines(gpucc::Device::cpu(), 1, n, dtype, all);
        }
    }
    return 0;
}
