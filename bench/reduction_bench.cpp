// Reduction benchmark on the GPU: full sum and l2norm of 2^k float32, sums along axis 0 and
// axis 1 of an R x C float32 matrix and over two axes of it viewed as 3-d and 4-d, each against the
// copy kernel's bandwidth on the same number of elements (median of CUDA-event timings after
// warm-up; random inputs; every result checked against a float64 host sum). A reduction reads its
// input once, so its bandwidth counts the bytes read; the copy's counts bytes read and written.
// Prints one JSON object per line, as peers_reduction.py does for CuPy and PyTorch;
// report_reduction.py puts them side by side. Usage: reduction_bench [log2_size=28] [rows=16384]
// [cols=16384] [repeat=50]
#include "bench_support.h"
#include "reduction_kernels.gpucc.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

using bench_support::median_ms;
using bench_support::random_floats;

void check(const char* what, double got, double want, double rtol) {
    if (!(std::fabs(got - want) <= rtol * std::fabs(want))) {
        std::fprintf(stderr, "%s: %.9g, expected %.9g\n", what, got, want);
        std::exit(1);
    }
}

void report(const char* work, double ms, double bytes, double ceiling_gbps) {
    const double gbps = bytes / ms / 1e6;
    std::printf("{\"work\": \"%s\", \"ms\": %.4f, \"GBps\": %.1f, \"of_copy\": %.3f}\n", work, ms,
                gbps, ceiling_gbps > 0 ? gbps / ceiling_gbps : 1.0);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    const int log2_size = argc > 1 ? std::atoi(argv[1]) : 28;
    const std::int64_t rows = argc > 2 ? std::atoll(argv[2]) : 16384;
    const std::int64_t cols = argc > 3 ? std::atoll(argv[3]) : 16384;
    const int repeat = argc > 4 ? std::atoi(argv[4]) : 50;
    if (gpucc::cuda_device_count() == 0) {
        std::fprintf(stderr, "reduction_bench: no CUDA device\n");
        return 1;
    }
    gpucc::Device gpu = gpucc::Device::cuda(0);
    gpucc::set_default_device(gpu);
    const std::string name = gpucc::device_properties(gpu).name;
    std::printf("{\"device\": \"%s\", \"tool\": \"gpucc\"}\n", name.c_str());

    // Full reductions of 2^k elements.
    {
        const std::int64_t n = std::int64_t{1} << log2_size;
        std::vector<float> host = random_floats(n, 1, 0.0f, 1.0f);
        double sum = 0;
        double squares = 0;
        for (float v : host) {
            sum += v;
            squares += static_cast<double>(v) * v;
        }
        gpucc::Array<float> x = gpucc::asarray<float>(host, {n}, gpu);
        gpucc::Array<float> out = gpucc::empty<float>({n}, gpu);
        const double bytes = 4.0 * static_cast<double>(n);
        const double copy_ms = median_ms([&] { rb::copy(x, out); }, 5, repeat);
        const double copy_gbps = 2 * bytes / copy_ms / 1e6;
        std::printf("{\"work\": \"copy kernel 2^%d float32\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                    log2_size, copy_ms, copy_gbps);
        gpucc::Array<float> result = gpucc::empty<float>({}, gpu);
        double ms = median_ms([&] { rb::total(x, result); }, 5, repeat);
        check("sum", result.to_host()[0], sum, 1e-5);
        char work[128];
        std::snprintf(work, sizeof work, "sum 2^%d float32", log2_size);
        report(work, ms, bytes, copy_gbps);
        ms = median_ms([&] { rb::l2norm(x, result); }, 5, repeat);
        check("l2norm", result.to_host()[0], std::sqrt(squares), 1e-5);
        std::snprintf(work, sizeof work, "l2norm 2^%d float32", log2_size);
        report(work, ms, bytes, copy_gbps);
        // With the output allocated by the call, as a user writes it.
        ms = median_ms([&] { result = rb::total(x); }, 5, repeat);
        std::snprintf(work, sizeof work, "sum 2^%d float32, output allocated", log2_size);
        report(work, ms, bytes, copy_gbps);
    }

    // Axis reductions of a rows x cols matrix.
    {
        const std::int64_t n = rows * cols;
        std::vector<float> host = random_floats(n, 2, 0.0f, 1.0f);
        std::vector<double> col_sums(static_cast<std::size_t>(cols), 0.0);
        std::vector<double> row_sums(static_cast<std::size_t>(rows), 0.0);
        for (std::int64_t r = 0; r < rows; ++r) {
            for (std::int64_t c = 0; c < cols; ++c) {
                const float v = host[static_cast<std::size_t>(r * cols + c)];
                col_sums[static_cast<std::size_t>(c)] += v;
                row_sums[static_cast<std::size_t>(r)] += v;
            }
        }
        gpucc::Array<float> m = gpucc::asarray<float>(host, {rows, cols}, gpu);
        gpucc::Array<float> copy_out = gpucc::empty<float>({rows, cols}, gpu);
        const double bytes = 4.0 * static_cast<double>(n);
        const double copy_ms = median_ms([&] { rb::copy(m, copy_out); }, 5, repeat);
        const double copy_gbps = 2 * bytes / copy_ms / 1e6;
        std::printf("{\"work\": \"copy kernel %lldx%lld float32\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                    static_cast<long long>(rows), static_cast<long long>(cols), copy_ms, copy_gbps);
        gpucc::Array<float> along0 = gpucc::empty<float>({cols}, gpu);
        gpucc::Array<float> along1 = gpucc::empty<float>({rows}, gpu);
        char work[128];
        double ms = median_ms([&] { rb::total(m, along0, 0); }, 5, repeat);
        std::vector<float> got = along0.to_host();
        for (std::int64_t c = 0; c < cols; c += 997) {
            check("sum axis 0", got[static_cast<std::size_t>(c)],
                  col_sums[static_cast<std::size_t>(c)], 1e-5);
        }
        std::snprintf(work, sizeof work, "sum axis 0 of %lldx%lld float32",
                      static_cast<long long>(rows), static_cast<long long>(cols));
        report(work, ms, bytes, copy_gbps);
        ms = median_ms([&] { rb::total(m, along1, 1); }, 5, repeat);
        got = along1.to_host();
        for (std::int64_t r = 0; r < rows; r += 997) {
            check("sum axis 1", got[static_cast<std::size_t>(r)],
                  row_sums[static_cast<std::size_t>(r)], 1e-5);
        }
        std::snprintf(work, sizeof work, "sum axis 1 of %lldx%lld float32",
                      static_cast<long long>(rows), static_cast<long long>(cols));
        report(work, ms, bytes, copy_gbps);

        // Two reduced axes that do not merge (the kernels' several-dimension way, 32-bit
        // indexing): the matrix as (2, rows/2, cols) over axes 0 and 2 (lanes along the reduced
        // positions), and as (2, rows/2, 2, cols/2) over axes 0 and 2 (outputs along the lanes).
        if (rows % 2 == 0 && cols % 2 == 0) {
            const std::int64_t half_rows = rows / 2;
            const std::int64_t half_cols = cols / 2;
            gpucc::Array<float> as3 = m.reshape({2, half_rows, cols});
            gpucc::Array<float> out3 = gpucc::empty<float>({half_rows}, gpu);
            ms = median_ms([&] { rb::total(as3, out3, gpucc::Axis{0, 2}); }, 5, repeat);
            got = out3.to_host();
            for (std::int64_t b = 0; b < half_rows; b += 997) {
                check("sum axes (0, 2) of 3-d", got[static_cast<std::size_t>(b)],
                      row_sums[static_cast<std::size_t>(b)] +
                          row_sums[static_cast<std::size_t>(b + half_rows)],
                      1e-5);
            }
            std::snprintf(work, sizeof work, "sum axes (0, 2) of 2x%lldx%lld float32",
                          static_cast<long long>(half_rows), static_cast<long long>(cols));
            report(work, ms, bytes, copy_gbps);
            gpucc::Array<float> as4 = m.reshape({2, half_rows, 2, half_cols});
            gpucc::Array<float> out4 = gpucc::empty<float>({half_rows, half_cols}, gpu);
            ms = median_ms([&] { rb::total(as4, out4, gpucc::Axis{0, 2}); }, 5, repeat);
            got = out4.to_host();
            for (std::int64_t b = 0; b < half_rows; b += 997) {
                for (std::int64_t d = 0; d < half_cols; d += 991) {
                    double want = 0;
                    for (std::int64_t a = 0; a < 2; ++a) {
                        for (std::int64_t c = 0; c < 2; ++c) {
                            want += host[static_cast<std::size_t>((a * half_rows + b) * cols +
                                                                  c * half_cols + d)];
                        }
                    }
                    check("sum axes (0, 2) of 4-d",
                          got[static_cast<std::size_t>(b * half_cols + d)], want, 1e-5);
                }
            }
            std::snprintf(work, sizeof work, "sum axes (0, 2) of 2x%lldx2x%lld float32",
                          static_cast<long long>(half_rows), static_cast<long long>(half_cols));
            report(work, ms, bytes, copy_gbps);
        }
    }
    return 0;
}
