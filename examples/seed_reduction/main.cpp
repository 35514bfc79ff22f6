// Tutorial 000, exercise 4: "implement the reduction kernel using cp.RawKernel and the CUDA kernel
// you wrote, using cp.ReductionKernel, using cp.sum", timed with a synchronize before the clock
// stops, over several vector sizes. In gpucc:
//  - the RawKernel is `block_sum` in kernels.dsl, raw CUDA compiled ahead of time by Clang and
//    launched with a grid and a block through its typed launcher (`seed::block_sum<float, 256>`);
//    raw CUDA runs on the GPU only, so the same kernel is written again as a jit-style kernel
//    (`block_sum_jit`, cupyx.jit.rawkernel's counterpart: shared memory, barriers, shuffles and
//    an atomic in the kernel language), which runs on both devices with the same launch;
//  - the ReductionKernel is `vector_sum` in kernels.dsl, compiled ahead of time by
//    gpucc_add_kernels and called through its generated typed wrapper;
//  - cp.sum is gpucc::sum (and x.sum()), the standard library's reduction.
// Every result is checked against a float64 sum on the host; the program exits 1 on a mismatch.
#include "kernels.gpucc.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

template <class F>
double time_ms(F&& run, gpucc::Device device) {
    run(); // warm-up: the first call loads the module
    gpucc::synchronize(device);
    const auto start = std::chrono::steady_clock::now();
    constexpr int kRepeat = 10;
    for (int i = 0; i < kRepeat; ++i) {
        run();
    }
    gpucc::synchronize(device);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count() /
           kRepeat;
}

bool close(double got, double want) {
    return std::fabs(got - want) <= 1e-5 * std::fabs(want) + 1e-6;
}

constexpr std::uint32_t kBlock = 256;

/// The raw kernel's launch: enough blocks for every element, at most 1024 (each loops over the
/// rest).
gpucc::Grid raw_grid(std::int64_t n) {
    return gpucc::Grid{
        static_cast<std::uint32_t>(std::min<std::int64_t>((n + kBlock - 1) / kBlock, 1024))};
}

} // namespace

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("tutorial 000, exercise 4 on %s\n", device.to_string().c_str());
    gpucc::random::Generator rng(4); // the tutorial's cp.random.rand, on the device
    const bool raw_cuda = device.is_cuda();
    if (!raw_cuda) {
        std::printf("  (the raw CUDA kernel runs on the GPU only: on %s its jit-style version "
                    "block_sum_jit runs)\n",
                    device.to_string().c_str());
    }
    bool ok = true;
    for (std::int64_t n : {std::int64_t{1} << 10, std::int64_t{1} << 20, std::int64_t{1} << 24}) {
        const auto x = rng.random<float>({n}, device);
        double want = 0;
        for (float v : x.to_host()) {
            want += v;
        }

        gpucc::Array<float> by_kernel;
        const double kernel_ms = time_ms([&] { by_kernel = seed::vector_sum(x); }, device);
        gpucc::Array<float> by_sum;
        const double sum_ms = time_ms([&] { by_sum = gpucc::sum(x); }, device);
        if (raw_cuda) {
            gpucc::Array<float> by_raw;
            const double raw_ms = time_ms(
                [&] {
                    by_raw = gpucc::zeros<float>({1}, device);
                    seed::block_sum<float, 256>(raw_grid(n), kBlock, x, by_raw, n);
                },
                device);
            const float raw_total = by_raw.item();
            std::printf("  n = 2^%-2d  raw CUDA kernel %.6g (%.3f ms)\n",
                        static_cast<int>(std::log2(static_cast<double>(n))), raw_total, raw_ms);
            ok = ok && close(raw_total, want);
        }
        gpucc::Array<float> by_jit;
        const double jit_ms = time_ms(
            [&] {
                by_jit = gpucc::zeros<float>({1}, device);
                seed::block_sum_jit(raw_grid(n), gpucc::Dim3(kBlock), x, by_jit, n);
            },
            device);
        const float jit_total = by_jit.item();
        std::printf("  n = 2^%-2d  jit-style kernel %.6g (%.3f ms)\n",
                    static_cast<int>(std::log2(static_cast<double>(n))), jit_total, jit_ms);
        ok = ok && close(jit_total, want);
        const float kernel_total = by_kernel.item();
        const float sum_total = by_sum.item();
        const float method_total = x.sum().item();
        std::printf("  n = 2^%-2d  reduction kernel %.6g (%.3f ms)  gpucc::sum %.6g (%.3f ms)  "
                    "x.sum() %.6g  float64 reference %.6g\n",
                    static_cast<int>(std::log2(static_cast<double>(n))), kernel_total, kernel_ms,
                    sum_total, sum_ms, method_total, want);
        ok = ok && close(kernel_total, want) && close(sum_total, want) && close(method_total, want);
    }
    // The same kernel on integers is exact.
    std::vector<std::int32_t> counts(100000);
    std::int64_t exact = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        counts[i] = static_cast<std::int32_t>(i % 17);
        exact += counts[i];
    }
    const auto ints = gpucc::asarray<std::int32_t>(counts, {100000}, device);
    const std::int32_t int_total = seed::vector_sum(ints).item();
    std::printf("  int32 sum %d, expected %lld\n", int_total, static_cast<long long>(exact));
    ok = ok && int_total == exact;
    if (raw_cuda) {
        auto raw_total = gpucc::zeros<std::int32_t>({1}, device);
        seed::block_sum<int, 256>(raw_grid(100000), kBlock, ints, raw_total, 100000LL);
        std::printf("  int32 sum by the raw kernel %d\n", raw_total.item());
        ok = ok && raw_total.item() == exact;
    }
    auto jit_total = gpucc::zeros<std::int32_t>({1}, device);
    seed::block_sum_jit(raw_grid(100000), gpucc::Dim3(kBlock), ints, jit_total, 100000LL);
    std::printf("  int32 sum by the jit-style kernel %d\n", jit_total.item());
    ok = ok && jit_total.item() == exact;
    std::printf(ok ? "all sums agree\n" : "MISMATCH\n");
    return ok ? 0 : 1;
}
