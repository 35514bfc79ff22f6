// Seed tutorial 003 ("Week 1, Day 2: CuPy - Instant GPU Speedup") in C++. The notebook compares
// NumPy on the CPU with CuPy on the GPU; here both columns are gpucc::matmul, on Device::cpu()
// (OpenBLAS) and on Device::cuda(0) (cuBLAS): the same call, only the arrays' device differs.
// It prints the notebook's tables: the speedup table at 256..4096 with GFLOP/s, the transfer
// overhead, the bad pattern (transfer every iteration) against the good one (keep data on the
// GPU), and the two crossover quizzes (matmul sizes, elementwise add sizes). Timing follows the
// notebook: warm-up, then wall time around each call with the device synchronized, the mean of
// the repeats. Where there is no GPU, the GPU columns say so and the CPU ones still run.
// `--quick` shrinks the sizes and repeats (what the CI test runs).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
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

/// np.random.randn(n).astype(np.float32) for step 4's host data (drawn on the CPU, kept on the
/// host so that the step measures its transfers).
std::vector<float> random_host(std::int64_t n, unsigned seed) {
    return gpucc::random::default_rng(seed)
        .standard_normal<float>({n}, gpucc::Device::cpu())
        .to_host();
}

/// The notebook's cp.random.randn(rows, cols).astype(cp.float32), made on the device (a seeded
/// Generator: the same matrices on both devices).
gpucc::Array<float> random_matrix(std::int64_t rows, std::int64_t cols, gpucc::Device device,
                                  unsigned seed) {
    return gpucc::random::default_rng(seed).standard_normal<float>({rows, cols}, device);
}

double gflops(std::int64_t m, std::int64_t n, std::int64_t k, double ms) {
    return 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) /
           (ms * 1e-3) / 1e9;
}

template <class F>
double mean_ms(gpucc::Device device, int warmup, int repeat, F&& f) {
    for (int i = 0; i < warmup; ++i) {
        f();
        sync(device);
    }
    double total = 0;
    for (int i = 0; i < repeat; ++i) {
        sync(device);
        const auto start = Clock::now();
        f();
        sync(device);
        total += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    }
    return total / repeat;
}

/// The notebook's benchmark_numpy / benchmark_cupy: mean ms of an n x n x n float32 matmul.
double benchmark_matmul(std::int64_t n, gpucc::Device device) {
    const auto a = random_matrix(n, n, device, 1);
    const auto b = random_matrix(n, n, device, 2);
    const int repeat = quick ? 2 : 5;
    return mean_ms(device, 2, repeat, [&] { (void)gpucc::matmul(a, b); });
}

void step1(bool gpu) {
    const std::int64_t n = quick ? 128 : 1024;
    std::printf("Step 1: the same matmul on both devices (%lldx%lld float32)\n",
                static_cast<long long>(n), static_cast<long long>(n));
    const auto a = random_matrix(n, n, gpucc::Device::cpu(), 1);
    const auto b = random_matrix(n, n, gpucc::Device::cpu(), 2);
    const auto c_cpu = gpucc::matmul(a, b);
    std::printf("CPU result shape: %s, dtype: %s, device: %s\n", c_cpu.shape().to_string().c_str(),
                "float32", c_cpu.device().to_string().c_str());
    if (!gpu) {
        std::printf("GPU: absent (no CUDA device), the GPU columns below say so\n\n");
        return;
    }
    const gpucc::Device dev = gpucc::Device::cuda(0);
    const auto c_gpu = gpucc::matmul(a.to(dev), b.to(dev));
    std::printf("GPU result shape: %s, dtype: %s, device: %s\n", c_gpu.shape().to_string().c_str(),
                "float32", c_gpu.device().to_string().c_str());
    const std::vector<float> x = c_cpu.to_host();
    const std::vector<float> y = c_gpu.to_host();
    double worst = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        worst = std::max(worst, std::fabs(static_cast<double>(x[i]) - y[i]) /
                                    (1 + std::fabs(static_cast<double>(x[i]))));
    }
    std::printf("largest relative difference CPU vs GPU: %.2e\n\n", worst);
    if (worst > 1e-3) {
        std::printf("error: the devices disagree\n");
        std::exit(1);
    }
}

void step2(bool gpu) {
    std::printf("Step 2: speedup (float32 n x n x n)\n");
    std::printf("%6s %12s %12s %12s %10s %12s\n", "Size", "CPU (ms)", "CPU GFLOPS", "GPU (ms)",
                "Speedup", "GPU GFLOPS");
    std::printf("%s\n", std::string(70, '-').c_str());
    const std::vector<std::int64_t> sizes =
        quick ? std::vector<std::int64_t>{64, 128}
              : std::vector<std::int64_t>{256, 512, 1024, 2048, 4096};
    for (std::int64_t n : sizes) {
        const double cpu = benchmark_matmul(n, gpucc::Device::cpu());
        if (gpu) {
            const double g = benchmark_matmul(n, gpucc::Device::cuda(0));
            std::printf("%6lld %12.2f %12.0f %12.3f %9.1fx %12.0f\n", static_cast<long long>(n),
                        cpu, gflops(n, n, n, cpu), g, cpu / g, gflops(n, n, n, g));
        } else {
            std::printf("%6lld %12.2f %12.0f %12s %10s %12s\n", static_cast<long long>(n), cpu,
                        gflops(n, n, n, cpu), "absent", "-", "absent");
        }
    }
    const std::int64_t n = 4096;
    std::printf("\nStep 3: a %lldx%lld matmul has %lld output elements, each computed in "
                "parallel: %.1f million parallel tasks\n\n",
                static_cast<long long>(n), static_cast<long long>(n), static_cast<long long>(n * n),
                static_cast<double>(n * n) / 1e6);
}

void step4(bool gpu) {
    std::printf("Step 4: data transfer overhead\n");
    if (!gpu) {
        std::printf("GPU: absent (no CUDA device): no transfers to measure\n\n");
        return;
    }
    const gpucc::Device dev = gpucc::Device::cuda(0);
    std::printf("%6s %14s %14s %10s\n", "Size", "No Transfer", "With Transfer", "Overhead");
    std::printf("%s\n", std::string(50, '-').c_str());
    const std::vector<std::int64_t> sizes =
        quick ? std::vector<std::int64_t>{128} : std::vector<std::int64_t>{1024, 2048, 4096};
    for (std::int64_t n : sizes) {
        const double no_transfer = benchmark_matmul(n, dev);
        const std::vector<float> ha = random_host(n * n, 1);
        const std::vector<float> hb = random_host(n * n, 2);
        const double with_transfer = mean_ms(dev, 1, quick ? 2 : 5, [&] {
            const auto a = gpucc::asarray<float>(ha, {n, n}, dev);
            const auto b = gpucc::asarray<float>(hb, {n, n}, dev);
            const auto c = gpucc::matmul(a, b);
            (void)c.to_host();
        });
        std::printf("%6lld %12.2fms %12.2fms %9.0f%%\n", static_cast<long long>(n), no_transfer,
                    with_transfer, (with_transfer - no_transfer) / no_transfer * 100);
    }
    const std::int64_t n = quick ? 128 : 1024;
    const int iterations = 10;
    const std::vector<float> ha = random_host(n * n, 3);
    const std::vector<float> hb = random_host(n * n, 4);
    const auto bad = [&] {
        std::vector<float> c;
        for (int i = 0; i < iterations; ++i) {
            const auto a = gpucc::asarray<float>(ha, {n, n}, dev);
            const auto b = gpucc::asarray<float>(hb, {n, n}, dev);
            c = gpucc::matmul(a, b).to_host();
        }
        return c;
    };
    const auto good = [&] {
        const auto a = gpucc::asarray<float>(ha, {n, n}, dev);
        const auto b = gpucc::asarray<float>(hb, {n, n}, dev);
        gpucc::Array<float> c;
        for (int i = 0; i < iterations; ++i) {
            c = gpucc::matmul(a, b);
        }
        return c.to_host();
    };
    (void)good(); // warm-up of both paths
    (void)bad();
    const double bad_ms = mean_ms(dev, 0, 1, bad);
    const double good_ms = mean_ms(dev, 0, 1, good);
    std::printf("\nBad pattern (transfer each iteration): %.1fms\n", bad_ms);
    std::printf("Good pattern (keep on GPU): %.1fms\n", good_ms);
    std::printf("Speedup: %.1fx\n\n", bad_ms / good_ms);
}

void step5(bool gpu) {
    std::printf("Step 5, Q1: at what matrix size does the GPU become faster?\n");
    const std::vector<std::int64_t> sizes = quick
                                                ? std::vector<std::int64_t>{32, 64}
                                                : std::vector<std::int64_t>{32, 64, 128, 256, 512};
    for (std::int64_t n : sizes) {
        const double cpu = benchmark_matmul(n, gpucc::Device::cpu());
        if (gpu) {
            const double g = benchmark_matmul(n, gpucc::Device::cuda(0));
            std::printf("  %4lldx%lld: CPU=%.3fms, GPU=%.3fms -> %s wins\n",
                        static_cast<long long>(n), static_cast<long long>(n), cpu, g,
                        g < cpu ? "GPU" : "CPU");
        } else {
            std::printf("  %4lldx%lld: CPU=%.3fms, GPU=absent -> CPU wins\n",
                        static_cast<long long>(n), static_cast<long long>(n), cpu);
        }
    }
    std::printf("\nQ2: element-wise operations (add)...\n");
    const std::vector<std::int64_t> counts =
        quick ? std::vector<std::int64_t>{1000, 10000}
              : std::vector<std::int64_t>{1000, 10000, 100000, 1000000};
    const int repeat = quick ? 10 : 100;
    for (std::int64_t n : counts) {
        const std::vector<float> ha = random_host(n, 5);
        const std::vector<float> hb = random_host(n, 6);
        const auto time_add = [&](gpucc::Device device) {
            const auto a = gpucc::asarray<float>(ha, {n}, device);
            const auto b = gpucc::asarray<float>(hb, {n}, device);
            (void)(a + b);
            sync(device);
            const auto start = Clock::now();
            for (int r = 0; r < repeat; ++r) {
                (void)(a + b);
            }
            sync(device);
            return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / repeat;
        };
        const double cpu = time_add(gpucc::Device::cpu());
        if (gpu) {
            const double g = time_add(gpucc::Device::cuda(0));
            std::printf("  %8lld elements: CPU=%.3fms, GPU=%.3fms -> %s\n",
                        static_cast<long long>(n), cpu, g, g < cpu ? "GPU" : "CPU");
        } else {
            std::printf("  %8lld elements: CPU=%.3fms, GPU=absent -> CPU\n",
                        static_cast<long long>(n), cpu);
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        quick = quick || std::strcmp(argv[i], "--quick") == 0;
    }
    const bool gpu = gpucc::cuda_device_count() > 0;
    std::printf("gpucc matmul: CPU (OpenBLAS) vs %s\n\n",
                gpu ? "GPU cuda:0 (cuBLAS)" : "GPU: absent (no CUDA device)");
    step1(gpu);
    step2(gpu);
    step4(gpu);
    step5(gpu);
    return 0;
}
