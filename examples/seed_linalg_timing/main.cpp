// Seed tutorial 002's matmul and trace cells and its exercise 2, in C++:
//   %timeit -n 10 np.matmul(a, b)    / cp.matmul(a, b)     a, b: 1000 x 1000 float64 rand
//   %timeit -n 10 np.trace(a)        / cp.trace(a)
// timed as %timeit prints them (7 runs of 10 loops, mean +- std. dev. per loop), on the CPU and on
// the GPU (where there is one), and exercise 2: gpucc::matmul (cuBLAS / OpenBLAS) against the
// vanilla one-thread-per-element kernel of kernels.dsl, float32, with both results checked against
// each other. `--quick` shrinks the sizes and loops (what the CI test runs).
#include "kernels.gpucc.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

bool quick = false;

void sync(gpucc::Device device) {
    if (device.is_cuda()) {
        gpucc::current_stream(device).synchronize();
    }
}

/// %timeit -n loops: `runs` runs of `loops` calls; prints the mean and std. dev. per loop.
template <class F>
void timeit(const char* what, gpucc::Device device, int loops, F&& f) {
    const int runs = quick ? 2 : 7;
    f();
    sync(device);
    std::vector<double> per_loop;
    for (int r = 0; r < runs; ++r) {
        const auto start = Clock::now();
        for (int i = 0; i < loops; ++i) {
            f();
        }
        sync(device);
        per_loop.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count() /
                           loops);
    }
    double mean = 0;
    for (double t : per_loop) {
        mean += t;
    }
    mean /= runs;
    double var = 0;
    for (double t : per_loop) {
        var += (t - mean) * (t - mean);
    }
    const double sd = std::sqrt(var / runs);
    const bool ms = mean >= 1000;
    std::printf("%-28s %-8s %8.1f %s +- %.1f %s per loop (mean +- std. dev. of %d runs, %d loops "
                "each)\n",
                what, device.to_string().c_str(), ms ? mean / 1000 : mean, ms ? "ms" : "us",
                ms ? sd / 1000 : sd, ms ? "ms" : "us", runs, loops);
}

/// The notebook's cp.random.rand(rows, cols), made on the device (a seeded Generator, so both
/// devices get the same matrices).
template <class T>
gpucc::Array<T> uniform(std::int64_t rows, std::int64_t cols, gpucc::Device device, unsigned seed) {
    return gpucc::random::default_rng(seed).random<T>({rows, cols}, device);
}

void timing_cells(gpucc::Device device) {
    const std::int64_t n = quick ? 200 : 1000;
    const auto a = uniform<double>(n, n, device, 1);
    const auto b = uniform<double>(n, n, device, 2);
    timeit("matmul(a, b) float64", device, quick ? 2 : 10, [&] { (void)gpucc::matmul(a, b); });
    timeit("trace(a) float64", device, quick ? 2 : 10, [&] { (void)gpucc::trace(a.ndarray()); });
}

double mean_ms(gpucc::Device device, int repeat, const std::function<void()>& f) {
    f();
    sync(device);
    const auto start = Clock::now();
    for (int i = 0; i < repeat; ++i) {
        f();
    }
    sync(device);
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / repeat;
}

bool exercise2(gpucc::Device device) {
    std::printf("\nExercise 2 on %s: gpucc::matmul vs the vanilla kernel (float32 n x n x n)\n",
                device.to_string().c_str());
    std::printf("%6s %14s %14s %10s %12s\n", "n", "matmul (ms)", "vanilla (ms)", "ratio",
                "max rel diff");
    const std::vector<int> sizes =
        quick ? std::vector<int>{64, 100}
              : (device.is_cuda() ? std::vector<int>{256, 1024, 4096} : std::vector<int>{256, 512});
    bool ok = true;
    for (int n : sizes) {
        const auto a = uniform<float>(n, n, device, 3);
        const auto b = uniform<float>(n, n, device, 4);
        auto c = gpucc::empty<float>({n, n}, device);
        const gpucc::Dim3 block(16, 16);
        const gpucc::Dim3 grid((n + 15) / 16, (n + 15) / 16);
        const int repeat = quick ? 2 : 5;
        const double t_lib = mean_ms(device, repeat, [&] { (void)gpucc::matmul(a, b); });
        const double t_naive =
            mean_ms(device, repeat, [&] { seed_linalg::matmul_naive(grid, block, a, b, c, n); });
        const std::vector<float> x = gpucc::matmul(a, b).to_host();
        const std::vector<float> y = c.to_host();
        double worst = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            worst = std::max(worst, std::fabs(static_cast<double>(x[i]) - y[i]) /
                                        (1 + std::fabs(static_cast<double>(y[i]))));
        }
        ok = ok && worst < 1e-4;
        std::printf("%6d %14.3f %14.3f %9.1fx %12.1e\n", n, t_lib, t_naive, t_naive / t_lib, worst);
    }
    return ok;
}

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        quick = quick || std::strcmp(argv[i], "--quick") == 0;
    }
    std::vector<gpucc::Device> devices = {gpucc::Device::cpu()};
    if (gpucc::cuda_device_count() > 0) {
        devices.push_back(gpucc::Device::cuda(0));
    } else {
        std::printf("GPU: absent (no CUDA device); the CPU rows only\n");
    }
    for (gpucc::Device device : devices) {
        timing_cells(device);
    }
    bool ok = true;
    for (gpucc::Device device : devices) {
        ok = exercise2(device) && ok;
    }
    if (!ok) {
        std::printf("error: gpucc::matmul and the vanilla kernel disagree\n");
        return 1;
    }
    return 0;
}
