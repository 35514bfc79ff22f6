// CPU-target benchmark: generated kernels on Device::cpu() arrays (the runtime's thread pool over
// all cores), 2^24 float32, median wall time of 30 calls after warm-up, inputs random, outputs
// checked. Prints one JSON object per line; bench/peers_cpu_numpy.py measures NumPy the same way
// and bench/run_cpu_bench.sh puts both in one report.
#include "cpu_kernels.gpucc.h"
#include "gpucc/cpu/isa.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>

namespace {

template <class F>
double median_ms(F&& run, int repeat) {
    for (int i = 0; i < 3; ++i) {
        run();
    }
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        auto start = std::chrono::steady_clock::now();
        run();
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

template <class F>
void check(const char* what, const std::vector<float>& got, F&& want) {
    for (std::size_t i = 0; i < got.size(); i += 997) {
        float w = want(i);
        if (std::fabs(got[i] - w) > 1e-5f * std::max(1.0f, std::fabs(w))) {
            std::fprintf(stderr, "%s: element %zu is %g, expected %g\n", what, i, got[i], w);
            std::exit(1);
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    int log2_size = argc > 1 ? std::atoi(argv[1]) : 24;
    int repeat = argc > 2 ? std::atoi(argv[2]) : 30;
    std::int64_t n = std::int64_t{1} << log2_size;
    gpucc::Device cpu = gpucc::Device::cpu();
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
    std::vector<float> hx(n), hy(n);
    for (std::int64_t i = 0; i < n; ++i) {
        hx[i] = dist(rng);
        hy[i] = dist(rng);
    }
    gpucc::Array<float> x = gpucc::asarray<float>(hx, {n}, cpu);
    gpucc::Array<float> y = gpucc::asarray<float>(hy, {n}, cpu);
    gpucc::Array<float> z = gpucc::empty<float>({n}, cpu);

    std::printf("{\"work\": \"setup\", \"host_isa\": \"%s\", \"threads\": %u}\n",
                gpucc::to_string(gpucc::host_isa()), std::thread::hardware_concurrency());
    double ms = median_ms([&] { cpubench::add(x, y, z); }, repeat);
    check("add", z.to_host(), [&](std::size_t i) { return hx[i] + hy[i]; });
    std::printf("{\"work\": \"add 2^%d float32\", \"impl\": \"gpucc cpu\", \"ms\": %.4f}\n",
                log2_size, ms);

    ms = median_ms([&] { cpubench::squared_diff(x, y, z); }, repeat);
    check("squared_diff", z.to_host(),
          [&](std::size_t i) { return (hx[i] - hy[i]) * (hx[i] - hy[i]); });
    std::printf(
        "{\"work\": \"squared_diff 2^%d float32\", \"impl\": \"gpucc cpu\", \"ms\": %.4f}\n",
        log2_size, ms);

    ms = median_ms([&] { cpubench::softplus(x, z); }, repeat);
    check("softplus", z.to_host(), [&](std::size_t i) {
        return std::fmax(0.0f, hx[i]) + std::log1p(std::exp(-std::fabs(hx[i])));
    });
    std::printf("{\"work\": \"softplus 2^%d float32\", \"impl\": \"gpucc cpu, one kernel\", "
                "\"ms\": %.4f}\n",
                log2_size, ms);
    return 0;
}
