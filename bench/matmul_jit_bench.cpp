// The tiled matmul of the seed tutorial's exercise 2 written as a jit-style kernel
// (matmul_jit_kernels.dsl, 16 x 16 and 32 x 32 tiles on flat `T[]` arrays; the 32 x 32 one on
// ranked `T[:, :]` arrays too, given contiguous B and given B as the transposed view of a
// contiguous B^T, which runs its strided entry), timed on the GPU at n = 1024, 2048 and
// 4096 (median of CUDA-event timings after warm-up; random inputs; sampled entries of C checked
// against a float64 host product). Prints one JSON object per line with GFLOP/s (2 n^3 / time),
// in the form a raw CUDA version of the same algorithm can print beside it for the comparison.
// Usage: matmul_jit_bench [repeat=20] [sizes...]
#include "bench_support.h"
#include "matmul_jit_kernels.gpucc.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

using bench_support::median_ms;
using bench_support::random_floats;

/// 64 sampled entries of C against a float64 product of A's row and B's column.
bool check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
           int n) {
    for (int s = 0; s < 64; ++s) {
        const int i = static_cast<int>((s * 7919L) % n);
        const int j = static_cast<int>((s * 104729L + 13) % n);
        double want = 0;
        for (int k = 0; k < n; ++k) {
            want += static_cast<double>(a[std::size_t(i) * n + k]) * b[std::size_t(k) * n + j];
        }
        const double got = c[std::size_t(i) * n + j];
        if (std::fabs(got - want) > 1e-3 * std::sqrt(double(n))) {
            std::fprintf(stderr, "C[%d][%d] = %.7g, expected %.7g\n", i, j, got, want);
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (gpucc::cuda_device_count() == 0) {
        std::fprintf(stderr, "matmul_jit_bench: no CUDA device\n");
        return 0;
    }
    const int repeat = argc > 1 ? std::atoi(argv[1]) : 20;
    std::vector<int> sizes;
    for (int k = 2; k < argc; ++k) {
        sizes.push_back(std::atoi(argv[k]));
    }
    if (sizes.empty()) {
        sizes = {1024, 2048, 4096};
    }
    gpucc::Device gpu = gpucc::Device::cuda(0);
    gpucc::DeviceGuard on(gpu);
    int status = 0;
    for (int n : sizes) {
        const std::int64_t elements = std::int64_t{n} * n;
        std::vector<float> ha = random_floats(elements, 1, -0.5f, 0.5f);
        std::vector<float> hb = random_floats(elements, 2, -0.5f, 0.5f);
        gpucc::Array<float> a = gpucc::asarray<float>(ha, {n, n}, gpu);
        gpucc::Array<float> b = gpucc::asarray<float>(hb, {n, n}, gpu);
        gpucc::Array<float> c = gpucc::zeros<float>({n, n});
        // B as the transposed view of a contiguous B^T: the same matrix, strides (4, 4n).
        std::vector<float> hbt(hb.size());
        for (std::int64_t i = 0; i < n; ++i) {
            for (std::int64_t j = 0; j < n; ++j) {
                hbt[std::size_t(j * n + i)] = hb[std::size_t(i * n + j)];
            }
        }
        gpucc::Array<float> b_view = gpucc::asarray<float>(hbt, {n, n}, gpu).transpose();
        const auto u = static_cast<std::uint32_t>(n);
        const auto grid_of = [&](std::uint32_t t) {
            return gpucc::Dim3((u + t - 1) / t, (u + t - 1) / t);
        };
        struct Variant {
            const char* name;
            std::uint32_t tile;
        };
        for (Variant variant :
             {Variant{"matmul_jit_tiled16", 16}, Variant{"matmul_jit_tiled32", 32},
              Variant{"matmul_jit_views32", 32}, Variant{"matmul_jit_views32_strided_b", 32}}) {
            const std::string name = variant.name;
            gpucc::Dim3 grid = grid_of(variant.tile);
            gpucc::Dim3 block(variant.tile, variant.tile);
            auto run = [&] {
                if (name == "matmul_jit_tiled16") {
                    matmul_jit::matmul_tiled16(grid, block, a, b, c, n);
                } else if (name == "matmul_jit_tiled32") {
                    matmul_jit::matmul_tiled32(grid, block, a, b, c, n);
                } else if (name == "matmul_jit_views32") {
                    matmul_jit::matmul_tiled32_views(grid, block, a, b, c);
                } else {
                    matmul_jit::matmul_tiled32_views(grid, block, a, b_view, c);
                }
            };
            c = gpucc::zeros<float>({n, n});
            const double ms = median_ms(run, 3, repeat);
            const bool ok = check(ha, hb, c.to_host(), n);
            status |= ok ? 0 : 1;
            const double gflops = 2.0 * double(n) * n * n / ms / 1e6;
            std::printf("{\"work\": \"%s\", \"n\": %d, \"ms\": %.4f, \"GFLOPs\": "
                        "%.1f, \"checked\": %s}\n",
                        variant.name, n, ms, gflops, ok ? "true" : "false");
            std::fflush(stdout);
        }
    }
    return status;
}
