// Tutorial 000, exercise 3, and tutorial 002's RawKernel cell, in C++ with gpucc:
//  - the same kernel (x reversed and doubled) as an elementwise kernel and as a raw CUDA kernel
//    (kernels.dsl), both checked against the host and against each other;
//  - 002's cell: x1 = arange(25), x2 = arange(25), y = zeros(25), my_add over a grid of
//    ceil(25 / 512) blocks of 512 threads, printing y as CuPy does.
// Raw CUDA kernels have no CPU version: on the CPU the elementwise kernel runs and the raw parts
// say they are skipped. The program exits 1 on a mismatch.
#include "kernels.gpucc.h"

#include <cstdio>
#include <gpucc/gpucc.h>
#include <iostream>
#include <random>
#include <vector>

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("tutorial 000, exercise 3, and tutorial 002's raw kernel on %s\n",
                device.to_string().c_str());
    bool ok = true;

    const std::int64_t n = 1000003;
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<double> host(static_cast<std::size_t>(n));
    for (double& v : host) {
        v = dist(rng);
    }
    const auto x = gpucc::asarray<double>(host, {n}, device);
    auto by_elementwise = gpucc::empty<double>({n}, device);
    seed3::reverse_double(x, by_elementwise);
    std::vector<double> elementwise = by_elementwise.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ok = ok && elementwise[i] == 2 * host[n - 1 - i];
    }
    std::printf("  elementwise reverse_double: %s\n", ok ? "matches the host" : "MISMATCH");

    if (device.is_cpu()) {
        std::printf("  raw CUDA kernels run on the GPU only: reverse_double_raw and my_add "
                    "skipped on cpu\n");
        return ok ? 0 : 1;
    }
    auto by_raw = gpucc::empty<double>({n}, device);
    const std::uint32_t block = 256;
    seed3::reverse_double_raw<double>(
        gpucc::Grid{static_cast<std::uint32_t>((n + block - 1) / block)}, gpucc::Block{block}, x,
        by_raw, int(n));
    const bool same = by_raw.to_host() == elementwise;
    std::printf("  raw reverse_double_raw<double>: %s\n",
                same ? "the same as the elementwise kernel" : "MISMATCH");
    ok = ok && same;

    // Tutorial 002: add_kernel(grid_size, block_size, (x1, x2, y, size)).
    const gpucc::Array<float> x1(gpucc::arange(0, 25, 1, gpucc::DType::Float32, device));
    const gpucc::Array<float> x2(gpucc::arange(0, 25, 1, gpucc::DType::Float32, device));
    auto y = gpucc::zeros<float>({25}, device);
    const int threads_per_block = 512;
    const int size = 25;
    const gpucc::Grid grid_size{(size + threads_per_block - 1) / threads_per_block};
    seed3::my_add(grid_size, gpucc::Block{threads_per_block}, x1, x2, y, size);
    std::cout << x1.ndarray() << "\n" << y.ndarray() << "\n";
    std::vector<float> sums = y.to_host();
    for (int i = 0; i < size; ++i) {
        ok = ok && sums[i] == 2.0f * i;
    }
    std::printf(ok ? "all results agree\n" : "MISMATCH\n");
    return ok ? 0 : 1;
}
