// Jit-style kernels on the CPU target against plain C++ on the same machine (issue 23's figures):
//  - a 32 x 32 tiled matmul in shared memory (cpu_grid_kernels.dsl) at n = 512 and 1024 against
//    a straightforward cache-blocked C++ loop (64 x 64 x 64 blocks, i-k-j order) compiled with
//    -O3, on one thread and split by rows over as many threads as gpucc's pool has (the
//    kernel's blocks run on that pool); the target is the kernel within 2x of the loop;
//  - tutorial 002's elementwise_copy (grid-stride) of 2^k float32 against std::memcpy of the
//    same bytes (the target: >= 80% of memcpy's bandwidth).
// Each figure is the median of `repeat` runs after two warm-up runs; every result is checked.
// Usage: cpu_grid_bench [log2_copy_size] [repeat]; run_cpu_grid_bench.sh adds NumPy's figures.
#include "cpu_grid_kernels.gpucc.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <gpucc/array/array.h>
#include <gpucc/device/device.h>
#include <thread>
#include <vector>

namespace {

double median_ms(const std::function<void()>& run, int repeat) {
    run();
    run();
    std::vector<double> times;
    for (int r = 0; r < repeat; ++r) {
        auto start = std::chrono::steady_clock::now();
        run();
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::vector<float> values(n);
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (float& v : values) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        v = static_cast<float>(state >> 40) / 16777216.0f * 2.0f - 1.0f;
    }
    return values;
}

/// C = A B, rows [row_begin, row_end), 64 x 64 x 64 blocks, i-k-j inside a block.
void blocked_matmul(const float* a, const float* b, float* c, int n, int row_begin, int row_end) {
    constexpr int kBlock = 64;
    std::fill(c + std::size_t(row_begin) * n, c + std::size_t(row_end) * n, 0.0f);
    for (int ii = row_begin; ii < row_end; ii += kBlock) {
        for (int kk = 0; kk < n; kk += kBlock) {
            for (int jj = 0; jj < n; jj += kBlock) {
                for (int i = ii; i < std::min(ii + kBlock, row_end); ++i) {
                    for (int k = kk; k < std::min(kk + kBlock, n); ++k) {
                        const float aik = a[std::size_t(i) * n + k];
                        for (int j = jj; j < std::min(jj + kBlock, n); ++j) {
                            c[std::size_t(i) * n + j] += aik * b[std::size_t(k) * n + j];
                        }
                    }
                }
            }
        }
    }
}

void blocked_matmul_threads(const float* a, const float* b, float* c, int n, int threads) {
    std::vector<std::thread> workers;
    int rows = (n + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        int begin = t * rows, end = std::min(n, begin + rows);
        if (begin < end) {
            workers.emplace_back(blocked_matmul, a, b, c, n, begin, end);
        }
    }
    for (std::thread& w : workers) {
        w.join();
    }
}

bool close(const std::vector<float>& got, const std::vector<float>& want) {
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::fabs(got[i] - want[i]) > 1e-3f * (1.0f + std::fabs(want[i]))) {
            std::printf("mismatch at %zu: %g vs %g\n", i, double(got[i]), double(want[i]));
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    const int log2_copy = argc > 1 ? std::atoi(argv[1]) : 24;
    const int repeat = argc > 2 ? std::atoi(argv[2]) : 7;
    const gpucc::Device cpu = gpucc::Device::cpu();
    const int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    std::printf("machine: %d hardware threads (gpucc's pool runs the kernel's blocks on all)\n",
                threads);
    bool ok = true;
    for (int n : {512, 1024}) {
        const std::size_t nn = std::size_t(n) * n;
        std::vector<float> ha = random_floats(nn, 1), hb = random_floats(nn, 2);
        std::vector<float> reference(nn);
        blocked_matmul(ha.data(), hb.data(), reference.data(), n, 0, n);
        auto a = gpucc::asarray<float>(ha, {std::int64_t(nn)}, cpu);
        auto b = gpucc::asarray<float>(hb, {std::int64_t(nn)}, cpu);
        auto c = gpucc::asarray<float>(std::vector<float>(nn, 0.0f), {std::int64_t(nn)}, cpu);
        const auto tiles = static_cast<std::uint32_t>(n / 32);
        double jit = median_ms(
            [&] {
                cgb::matmul_tiled32(gpucc::Dim3(tiles, tiles), gpucc::Dim3(32, 32), a, b, c, n);
            },
            repeat);
        ok = close(c.to_host(), reference) && ok;
        std::vector<float> hc(nn);
        double one =
            median_ms([&] { blocked_matmul(ha.data(), hb.data(), hc.data(), n, 0, n); }, repeat);
        double many = median_ms(
            [&] { blocked_matmul_threads(ha.data(), hb.data(), hc.data(), n, threads); }, repeat);
        ok = close(hc, reference) && ok;
        const double flops = 2.0 * n * n * n;
        std::printf("matmul n=%d: jit tiled32 %.2f ms (%.1f GFLOP/s, pool of %d); blocked C++ "
                    "-O3 %.2f ms on 1 thread, %.2f ms on %d threads; jit / blocked(%d threads) = "
                    "%.2f\n",
                    n, jit, flops / jit * 1e-6, threads, one, many, threads, threads, jit / many);
    }
    const std::size_t n = std::size_t{1} << log2_copy;
    std::vector<float> hx = random_floats(n, 3);
    auto x = gpucc::asarray<float>(hx, {std::int64_t(n)}, cpu);
    auto y = gpucc::asarray<float>(std::vector<float>(n, 0.0f), {std::int64_t(n)}, cpu);
    // Tutorial 002's launch: enough blocks of 128 threads to cover the array once.
    const auto blocks = static_cast<std::uint32_t>((n + 127) / 128);
    double copy = median_ms(
        [&] {
            cgb::elementwise_copy(gpucc::Dim3(blocks), gpucc::Dim3(128), x, y,
                                  static_cast<std::uint32_t>(n));
        },
        repeat);
    ok = (y.to_host() == hx) && ok;
    std::vector<float> hy(n);
    double memcpy_ms =
        median_ms([&] { std::memcpy(hy.data(), hx.data(), n * sizeof(float)); }, repeat);
    const double bytes = 2.0 * double(n) * sizeof(float); // read and write
    std::printf("copy 2^%d float32: jit elementwise_copy %.3f ms (%.1f GB/s), memcpy %.3f ms "
                "(%.1f GB/s, 1 thread); jit / memcpy bandwidth = %.2f\n",
                log2_copy, copy, bytes / copy * 1e-6, memcpy_ms, bytes / memcpy_ms * 1e-6,
                memcpy_ms / copy);
    std::printf("%s\n", ok ? "all results checked" : "MISMATCH");
    return ok ? 0 : 1;
}
