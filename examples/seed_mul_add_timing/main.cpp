// Tutorial 002, exercise 1: "implement a CUDA kernel that, given two input arrays (x1, x2) of size
// N, produces y[i] = x1[i] * x2[i] + B where B is a constant. Time this kernel using CUDA events
// for different sizes of the input arrays (10^4, 10^5, 10^6) and for different block-grid
// choices. Produce plots with the measured times."
//
// The kernel is raw CUDA (kernels.dsl). For each size it is timed, with gpucc::Event pairs around
// kRepeat launches on the current stream, over two families of launch shapes:
//   - one thread per element: block sizes 32 ... 1024, grid = ceil(N / block);
//   - a grid-stride loop with blocks of 256: grids of 1 ... 1024 blocks and the covering grid.
// Every configuration's result is checked against the host once. The table is printed and the two
// plots are written to an SVG file (the first argument, default mul_add_times.svg).
// Raw CUDA has no CPU version: on the CPU the program times the kernels' jit-style versions
// (mul_add_jit, mul_add_strided_jit in kernels.dsl) with the same launches, and says so.
#include "kernels.gpucc.h"
#include "svg_plot.h"

#include <cmath>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

constexpr int kRepeat = 20;
constexpr float kB = 0.75f;

struct Inputs {
    std::vector<float> x1, x2;
    gpucc::Array<float> d1, d2, y;
};

Inputs make_inputs(int n, gpucc::Device device) {
    // The tutorial's cp.random.uniform(-1, 1, N), drawn on the device; host copies for the checks.
    gpucc::random::Generator rng(static_cast<std::uint64_t>(n));
    Inputs in;
    in.d1 = rng.uniform<float>(-1.0, 1.0, {n}, device);
    in.d2 = rng.uniform<float>(-1.0, 1.0, {n}, device);
    in.x1 = in.d1.to_host();
    in.x2 = in.d2.to_host();
    in.y = gpucc::empty<float>({n}, device);
    return in;
}

bool matches(const Inputs& in) {
    std::vector<float> y = in.y.to_host();
    for (std::size_t i = 0; i < y.size(); ++i) {
        const float want = in.x1[i] * in.x2[i] + kB;
        if (std::fabs(y[i] - want) > 1e-6f * (1 + std::fabs(want))) {
            return false;
        }
    }
    return true;
}

/// Milliseconds per launch: events around kRepeat launches after one warm-up launch, whose result
/// is checked.
template <class Launch>
double time_launch(Launch&& launch, Inputs& in, bool& ok) {
    in.y = gpucc::zeros<float>({static_cast<std::int64_t>(in.x1.size())}, in.d1.device());
    launch();
    ok = ok && matches(in);
    gpucc::Event start, end;
    start.record();
    for (int r = 0; r < kRepeat; ++r) {
        launch();
    }
    end.record();
    end.synchronize();
    return gpucc::elapsed_ms(start, end) / kRepeat;
}

} // namespace

int main(int argc, char** argv) {
    const std::string svg = argc > 1 ? argv[1] : "mul_add_times.svg";
    const gpucc::Device device = gpucc::default_device();
    std::printf("tutorial 002, exercise 1 on %s: y = x1 * x2 + B\n", device.to_string().c_str());
    const bool raw_cuda = device.is_cuda();
    if (!raw_cuda) {
        std::printf("the kernel is raw CUDA, which runs on the GPU only: on %s its jit-style "
                    "version is timed\n",
                    device.to_string().c_str());
    }
    bool ok = true;
    Chart by_block{"one thread per element",
                   "threads per block (grid = ceil(N / block))",
                   "time per launch (ms)",
                   {}};
    Chart by_grid{"grid-stride loop, 256 threads per block",
                  "blocks in the grid",
                  "time per launch (ms)",
                  {}};
    std::printf("%9s  %-28s %12s\n", "N", "launch", "ms/launch");
    for (int n : {10000, 100000, 1000000}) {
        Inputs in = make_inputs(n, device);
        const std::string label = "N = 10^" + std::to_string(std::lround(std::log10(n)));
        Series per_block{label, {}, {}};
        for (std::uint32_t block : {32u, 64u, 128u, 256u, 512u, 1024u}) {
            const gpucc::Grid grid{(static_cast<std::uint32_t>(n) + block - 1) / block};
            const double ms = time_launch(
                [&] {
                    if (raw_cuda) {
                        timing::mul_add<float>(grid, block, in.d1, in.d2, kB, in.y, n);
                    } else {
                        timing::mul_add_jit(grid, gpucc::Dim3(block), in.d1, in.d2, kB, in.y, n);
                    }
                },
                in, ok);
            std::printf("%9d  block %4u, grid %6u       %12.5f\n", n, block, grid.x, ms);
            per_block.x.push_back(block);
            per_block.y.push_back(ms);
        }
        by_block.series.push_back(per_block);
        Series per_grid{label, {}, {}};
        const std::uint32_t covering = (static_cast<std::uint32_t>(n) + 255) / 256;
        for (std::uint32_t grid : {1u, 4u, 16u, 64u, 256u, 1024u, covering}) {
            if (grid > covering) {
                continue;
            }
            const double ms = time_launch(
                [&] {
                    if (raw_cuda) {
                        timing::mul_add_strided<float>(grid, 256, in.d1, in.d2, kB, in.y, n);
                    } else {
                        timing::mul_add_strided_jit(gpucc::Dim3(grid), gpucc::Dim3(256), in.d1,
                                                    in.d2, kB, in.y, n);
                    }
                },
                in, ok);
            std::printf("%9d  strided, block 256, grid %6u %9.5f\n", n, grid, ms);
            per_grid.x.push_back(grid);
            per_grid.y.push_back(ms);
        }
        by_grid.series.push_back(per_grid);
    }
    if (write_svg(svg, {by_block, by_grid})) {
        std::printf("plots written to %s\n", svg.c_str());
    } else {
        std::printf("cannot write %s\n", svg.c_str());
        ok = false;
    }
    std::printf(ok ? "every result matches the host\n" : "MISMATCH\n");
    return ok ? 0 : 1;
}
