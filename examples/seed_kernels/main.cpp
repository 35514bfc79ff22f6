// Tutorial 000, exercise 3, and tutorial 002's RawKernel cell, in C++ with gpucc:
//  - the same kernel (x reversed and doubled) as an elementwise kernel, as a raw CUDA kernel and
//    as a jit-style kernel (kernels.dsl), all checked against the host and against each other;
//  - 002's cell: x1 = arange(25), x2 = arange(25), y = zeros(25), my_add over a grid of
//    ceil(25 / 512) blocks of 512 threads, printing y as CuPy does.
// Raw CUDA kernels have no CPU version: on the CPU every cell runs with the kernels' jit-style
// versions (the same launches), and the program says so; on a GPU both versions run and must
// agree. The program exits 1 on a mismatch.
#include "kernels.gpucc.h"

#include <cstdio>
#include <gpucc/gpucc.h>
#include <iostream>
#include <vector>

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("tutorial 000, exercise 3, and tutorial 002's raw kernel on %s\n",
                device.to_string().c_str());
    bool ok = true;

    const std::int64_t n = 1000003;
    // The tutorial's cp.random.uniform(-1, 1, n), drawn on the device; a host copy for the checks.
    const auto x = gpucc::random::default_rng(3).uniform<double>(-1.0, 1.0, {n}, device);
    const std::vector<double> host = x.to_host();
    auto by_elementwise = gpucc::empty<double>({n}, device);
    seed3::reverse_double(x, by_elementwise);
    std::vector<double> elementwise = by_elementwise.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ok = ok && elementwise[i] == 2 * host[n - 1 - i];
    }
    std::printf("  elementwise reverse_double: %s\n", ok ? "matches the host" : "MISMATCH");

    const bool raw_cuda = device.is_cuda();
    if (!raw_cuda) {
        std::printf("  raw CUDA runs on the GPU only: on %s the cells run with the jit-style "
                    "reverse_double_jit and my_add_jit\n",
                    device.to_string().c_str());
    }
    const std::uint32_t block = 256;
    const gpucc::Grid blocks{static_cast<std::uint32_t>((n + block - 1) / block)};
    auto by_jit = gpucc::empty<double>({n}, device);
    seed3::reverse_double_jit(blocks, gpucc::Dim3(block), x, by_jit, int(n));
    const bool jit_same = by_jit.to_host() == elementwise;
    std::printf("  jit-style reverse_double_jit<double>: %s\n",
                jit_same ? "the same as the elementwise kernel" : "MISMATCH");
    ok = ok && jit_same;
    if (raw_cuda) {
        auto by_raw = gpucc::empty<double>({n}, device);
        seed3::reverse_double_raw<double>(blocks, gpucc::Block{block}, x, by_raw, int(n));
        const bool same = by_raw.to_host() == elementwise;
        std::printf("  raw reverse_double_raw<double>: %s\n",
                    same ? "the same as the elementwise kernel" : "MISMATCH");
        ok = ok && same;
    }

    // Tutorial 002: add_kernel(grid_size, block_size, (x1, x2, y, size)).
    const gpucc::Array<float> x1(gpucc::arange(0, 25, 1, gpucc::DType::Float32, device));
    const gpucc::Array<float> x2(gpucc::arange(0, 25, 1, gpucc::DType::Float32, device));
    auto y = gpucc::zeros<float>({25}, device);
    const int threads_per_block = 512;
    const int size = 25;
    const gpucc::Grid grid_size{(size + threads_per_block - 1) / threads_per_block};
    if (raw_cuda) {
        seed3::my_add(grid_size, gpucc::Block{threads_per_block}, x1, x2, y, size);
    } else {
        seed3::my_add_jit(gpucc::Dim3(grid_size.x), gpucc::Dim3(threads_per_block), x1, x2, y,
                          size);
    }
    std::cout << x1.ndarray() << "\n" << y.ndarray() << "\n";
    std::vector<float> sums = y.to_host();
    for (int i = 0; i < size; ++i) {
        ok = ok && sums[i] == 2.0f * i;
    }
    if (raw_cuda) { // the jit-style version gives the same sums on the GPU
        auto y_jit = gpucc::zeros<float>({25}, device);
        seed3::my_add_jit(gpucc::Dim3(grid_size.x), gpucc::Dim3(threads_per_block), x1, x2, y_jit,
                          size);
        ok = ok && y_jit.to_host() == sums;
    }
    std::printf(ok ? "all results agree\n" : "MISMATCH\n");
    return ok ? 0 : 1;
}
