// Elementwise benchmark on the GPU: bandwidth of generated add, squared_diff and copy kernels on
// 2^k float32 (median of CUDA-event timings after warm-up, inputs random, outputs checked), host
// overhead of one generated call on a tiny array with its output allocated (20,000 back-to-back
// calls, then one synchronize; the least of five rounds) with its breakdown, and the time from a
// created context to the first kernel result (which includes loading the module: the embedded
// SASS, no JIT); then the standard library's ufuncs on contiguous 2^k float32 (output allocated
// per call, as cp.add(x, y) does). Prints one JSON object per line; bench/report.py puts them
// next to CuPy's and PyTorch's figures from the same run. GPUCC_BENCH_ONLY_HOST=1 stops after the
// host-overhead lines (for profiling the host path).
#include "bench_kernels.gpucc.h"
#include "bench_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <dlfcn.h>
#include <gpucc/device/event.h>
#include <gpucc/stdlib/ufunc.h>
#include <string>
#include <vector>

namespace {

using bench_support::median_ms;
using bench_support::random_floats;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Checks `got` against `want(i)` on 4096 spread indices; exits on a mismatch.
template <class F>
void check(const char* what, const std::vector<float>& got, F&& want) {
    std::int64_t n = static_cast<std::int64_t>(got.size());
    for (std::int64_t k = 0; k < 4096; ++k) {
        std::int64_t i = (k * 2654435761LL) % n;
        float w = want(i);
        if (std::fabs(got[i] - w) > 1e-6f * std::max(1.0f, std::fabs(w))) {
            std::fprintf(stderr, "%s: element %lld is %g, expected %g\n", what,
                         static_cast<long long>(i), got[i], w);
            std::exit(1);
        }
    }
}

/// Microseconds per call of `call`: 20,000 back-to-back calls after 1,000 warm-up, synchronized.
/// The least of five rounds: noise on a shared host only adds time.
template <class F>
double host_us(F&& call) {
    for (int i = 0; i < 1000; ++i) {
        call();
    }
    gpucc::synchronize();
    constexpr int kCalls = 20000;
    double best = 1e30;
    for (int round = 0; round < 5; ++round) {
        const Clock::time_point start = Clock::now();
        for (int i = 0; i < kCalls; ++i) {
            call();
        }
        gpucc::synchronize();
        best = std::min(best, seconds_since(start) * 1e6 / kCalls);
    }
    return best;
}

/// Where the host time of a tiny generated call goes: the bare cuLaunchKernel of the same kernel
/// (the floor), the generated call into a given output (no allocation), and an allocation and
/// free of the output alone.
void host_overhead_breakdown(const gpucc::Array<float>& x, const gpucc::Array<float>& y,
                             gpucc::Device device) {
    using LaunchFn = CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                                  unsigned, unsigned, CUstream, void**, void**);
    void* driver = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    auto launch =
        driver != nullptr ? reinterpret_cast<LaunchFn>(::dlsym(driver, "cuLaunchKernel")) : nullptr;
    gpucc::Array<float> z = gpucc::empty<float>(x.shape(), device);
    if (launch != nullptr) {
        auto function = static_cast<CUfunction>(bench::gpucc_kernels::add[0].function(device));
        const auto stream = static_cast<CUstream>(gpucc::current_stream(device).handle());
        const float* px = x.data();
        const float* py = y.data();
        float* pz = z.data();
        float zero = 0;
        std::int64_t n = x.size();
        void* args[] = {&px, &zero, &py, &zero, &pz, &n};
        const double us =
            host_us([&] { launch(function, 1, 1, 1, 256, 1, 1, 0, stream, args, nullptr); });
        std::printf("{\"work\": \"host floor: bare cuLaunchKernel of the same tiny add\", "
                    "\"us\": %.3f}\n",
                    us);
    }
    std::printf("{\"work\": \"host overhead per generated call, tiny add into a given output\", "
                "\"us\": %.3f}\n",
                host_us([&] { bench::add(x, y, z); }));
    std::printf("{\"work\": \"host: empty 1024 float32 on the GPU and its free\", \"us\": %.3f}\n",
                host_us([&] { gpucc::empty<float>(x.shape(), device); }));
}

} // namespace

int main(int argc, char** argv) {
    int log2_size = argc > 1 ? std::atoi(argv[1]) : 28;
    int repeat = argc > 2 ? std::atoi(argv[2]) : 50;
    std::int64_t n = std::int64_t{1} << log2_size;
    if (gpucc::cuda_device_count() == 0) {
        std::fprintf(stderr, "elementwise_bench: no CUDA device\n");
        return 1;
    }
    gpucc::Device device = gpucc::Device::cuda(0);
    gpucc::set_default_device(device);

    // Start-up: a context exists (the first allocation made it); then the first kernel result.
    auto tiny_host = random_floats(1024, 7, -1.0f, 1.0f);
    gpucc::Array<float> tiny_x = gpucc::asarray<float>(tiny_host, {1024}, device);
    gpucc::Array<float> tiny_y = gpucc::asarray<float>(tiny_host, {1024}, device);
    gpucc::synchronize();
    Clock::time_point first_start = Clock::now();
    gpucc::Array<float> first = bench::add(tiny_x, tiny_y);
    std::vector<float> first_host = first.to_host();
    double first_ms = seconds_since(first_start) * 1e3;
    check("first add", first_host, [&](std::int64_t i) { return tiny_host[i] + tiny_host[i]; });
    std::printf("{\"work\": \"first kernel result after context creation (module load + launch + "
                "copy back)\", "
                "\"ms\": %.4f}\n",
                first_ms);

    // Host overhead: generated call with output allocation, tiny array (best of five rounds).
    const double overhead_us = host_us([&] { bench::add(tiny_x, tiny_y); });
    std::printf("{\"work\": \"host overhead per generated call, tiny add with output allocation\", "
                "\"us\": %.3f}\n",
                overhead_us);
    host_overhead_breakdown(tiny_x, tiny_y, device);
    if (const char* only = std::getenv("GPUCC_BENCH_ONLY_HOST"); only != nullptr && *only == '1') {
        return 0; // for profiling the host path alone
    }

    // Bandwidth on 2^k elements.
    auto hx = random_floats(n, 1, -1.0f, 1.0f);
    auto hy = random_floats(n, 2, -1.0f, 1.0f);
    gpucc::Array<float> x = gpucc::asarray<float>(hx, {n}, device);
    gpucc::Array<float> y = gpucc::asarray<float>(hy, {n}, device);
    gpucc::Array<float> z = gpucc::empty<float>({n}, device);
    double bytes3 = 3.0 * 4.0 * static_cast<double>(n);
    double bytes2 = 2.0 * 4.0 * static_cast<double>(n);

    double add_ms = median_ms([&] { bench::add(x, y, z); }, 5, repeat);
    check("add", z.to_host(), [&](std::int64_t i) { return hx[i] + hy[i]; });
    std::printf("{\"work\": \"add 2^%d float32\", \"ms\": %.4f, \"GBps\": %.1f}\n", log2_size,
                add_ms, bytes3 / add_ms / 1e6);

    double sq_ms = median_ms([&] { bench::squared_diff(x, y, z); }, 5, repeat);
    check("squared_diff", z.to_host(),
          [&](std::int64_t i) { return (hx[i] - hy[i]) * (hx[i] - hy[i]); });
    std::printf("{\"work\": \"squared_diff 2^%d float32\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                log2_size, sq_ms, bytes3 / sq_ms / 1e6);

    double copy_ms = median_ms([&] { bench::copy(x, z); }, 5, repeat);
    check("copy", z.to_host(), [&](std::int64_t i) { return hx[i]; });
    std::printf("{\"work\": \"copy kernel 2^%d float32\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                log2_size, copy_ms, bytes2 / copy_ms / 1e6);

    // Broadcast and transposed operands (the strided entry point): 4096 x 4096 float32.
    {
        constexpr std::int64_t kSide = 4096;
        const std::int64_t count = kSide * kSide;
        auto hm = random_floats(count, 3, -1.0f, 1.0f);
        auto hrow = random_floats(kSide, 4, -1.0f, 1.0f);
        gpucc::Array<float> m = gpucc::asarray<float>(hm, {kSide, kSide}, device);
        gpucc::Array<float> m2 =
            gpucc::asarray<float>(random_floats(count, 5, -1.0f, 1.0f), {kSide, kSide}, device);
        gpucc::Array<float> row = gpucc::asarray<float>(hrow, {kSide}, device);
        gpucc::Array<float> out = gpucc::empty<float>({kSide, kSide}, device);
        double ms = median_ms([&] { bench::copy(m, out); }, 5, repeat);
        std::printf("{\"work\": \"copy kernel 4096x4096 float32 (same-size ceiling)\", "
                    "\"ms\": %.4f, \"GBps\": %.1f}\n",
                    ms, 8.0 * count / ms / 1e6);
        ms = median_ms([&] { bench::add(m, row, out); }, 5, repeat);
        check("broadcast add", out.to_host(),
              [&](std::int64_t i) { return hm[i] + hrow[i % kSide]; });
        std::printf("{\"work\": \"broadcast add 4096x4096 + 4096 float32\", \"ms\": %.4f, "
                    "\"GBps\": %.1f}\n",
                    ms, (8.0 * count + 4.0 * kSide) / ms / 1e6);
        auto hm2 = m2.to_host();
        ms = median_ms([&] { bench::add(m.transpose(), m2, out); }, 5, repeat);
        check("transposed add", out.to_host(),
              [&](std::int64_t i) { return hm[(i % kSide) * kSide + i / kSide] + hm2[i]; });
        std::printf("{\"work\": \"transposed add 4096x4096 x.T + y float32\", \"ms\": %.4f, "
                    "\"GBps\": %.1f}\n",
                    ms, 12.0 * count / ms / 1e6);
    }

    double alloc_ms = median_ms([&] { bench::add(x, y); }, 5, repeat);
    std::printf("{\"work\": \"add 2^%d float32, output allocated per call\", \"ms\": %.4f, "
                "\"GBps\": %.1f}\n",
                log2_size, alloc_ms, bytes3 / alloc_ms / 1e6);

    // The standard library's ufuncs (runtime/src/stdlib/kernels), contiguous, output allocated per
    // call.
    {
        z = gpucc::Array<float>();
        auto report = [&](const char* name, double ms, double bytes) {
            std::printf("{\"work\": \"ufunc %s 2^%d float32\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                        name, log2_size, ms, bytes / ms / 1e6);
        };
        gpucc::Array<float> result;
        double ms = median_ms([&] { result = gpucc::add(x, y); }, 5, repeat);
        check("ufunc add", result.to_host(), [&](std::int64_t i) { return hx[i] + hy[i]; });
        report("add", ms, bytes3);
        ms = median_ms([&] { result = gpucc::multiply(x, y); }, 5, repeat);
        check("ufunc multiply", result.to_host(), [&](std::int64_t i) { return hx[i] * hy[i]; });
        report("multiply", ms, bytes3);
        ms = median_ms([&] { result = gpucc::maximum(x, y); }, 5, repeat);
        check("ufunc maximum", result.to_host(),
              [&](std::int64_t i) { return std::max(hx[i], hy[i]); });
        report("maximum", ms, bytes3);
        ms = median_ms([&] { result = gpucc::exp(x); }, 5, repeat);
        check("ufunc exp", result.to_host(), [&](std::int64_t i) { return std::exp(hx[i]); });
        report("exp", ms, bytes2);
        const gpucc::Array<float> magnitude = gpucc::abs(x);
        ms = median_ms([&] { result = gpucc::sqrt(magnitude); }, 5, repeat);
        check("ufunc sqrt", result.to_host(),
              [&](std::int64_t i) { return std::sqrt(std::fabs(hx[i])); });
        report("sqrt", ms, bytes2);
    }
    return 0;
}
