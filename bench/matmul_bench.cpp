// Matmul benchmark on the GPU (tutorial 002, exercise 2): C = A B for n x n float32 matrices,
// n = 1024, 2048, 4096, in GFLOP/s (2 n^3 flops), by raw CUDA kernels (matmul_kernels.dsl: naive
// and tiled) and by cuBLAS (cublasSgemm, what cp.matmul calls). cuBLAS is loaded with dlopen, as
// the runtime loads the driver, so the binary needs no CUDA library to link; the runtime shares
// the primary context with it. Median of CUDA-event timings after warm-up, random inputs; each
// variant's C is checked against cuBLAS's. Prints one JSON object per line (report_matmul.py).
// To add a variant (the jit-style kernel, say), append to variants() below.
// Usage: matmul_bench [repeat=20] [sizes...]
#include "bench_support.h"
#include "matmul_kernels.gpucc.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <functional>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

using bench_support::median_ms;
using bench_support::random_floats;

// ----- cuBLAS through dlopen (only the four entry points used) -----

using CublasHandle = void*;
using CublasCreate = int (*)(CublasHandle*);
using CublasDestroy = int (*)(CublasHandle);
using CublasSetStream = int (*)(CublasHandle, void*);
using CublasSgemm = int (*)(CublasHandle, int, int, int, int, int, const float*, const float*, int,
                            const float*, int, const float*, float*, int);
constexpr int kCublasOpN = 0;

struct Cublas {
    void* library = nullptr;
    CublasHandle handle = nullptr;
    CublasSetStream set_stream = nullptr;
    CublasSgemm sgemm = nullptr;

    bool load() {
        for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so",
                                 GPUCC_CUDA_LIB_DIR "/libcublas.so.13"}) {
            library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
            if (library != nullptr) {
                break;
            }
        }
        if (library == nullptr) {
            return false;
        }
        auto create = reinterpret_cast<CublasCreate>(dlsym(library, "cublasCreate_v2"));
        set_stream = reinterpret_cast<CublasSetStream>(dlsym(library, "cublasSetStream_v2"));
        sgemm = reinterpret_cast<CublasSgemm>(dlsym(library, "cublasSgemm_v2"));
        return create != nullptr && set_stream != nullptr && sgemm != nullptr &&
               create(&handle) == 0;
    }
};

// ----- the variants -----

/// One way to compute c = a b (n x n, row-major), enqueued on the current stream.
struct Variant {
    std::string name;
    std::function<void(const gpucc::Array<float>& a, const gpucc::Array<float>& b,
                       gpucc::Array<float>& c, int n)>
        run;
};

std::vector<Variant> variants(Cublas& cublas) {
    std::vector<Variant> list;
    list.push_back({"cublas_sgemm", [&cublas](const auto& a, const auto& b, auto& c, int n) {
                        // Row-major C = A B is column-major C^T = B^T A^T: swap the operands.
                        const float one = 1.0f, zero = 0.0f;
                        cublas.set_stream(cublas.handle, gpucc::current_stream().handle());
                        if (cublas.sgemm(cublas.handle, kCublasOpN, kCublasOpN, n, n, n, &one,
                                         b.data(), n, a.data(), n, &zero, c.data(), n) != 0) {
                            std::fprintf(stderr, "cublasSgemm failed\n");
                            std::exit(1);
                        }
                    }});
    list.push_back({"raw_tiled", [](const auto& a, const auto& b, auto& c, int n) {
                        const auto blocks = static_cast<std::uint32_t>((n + 31) / 32);
                        mm::matmul_tiled(gpucc::Grid{blocks, blocks}, gpucc::Block{32, 32}, a, b, c,
                                         n);
                    }});
    list.push_back({"raw_naive", [](const auto& a, const auto& b, auto& c, int n) {
                        const auto blocks = static_cast<std::uint32_t>((n + 15) / 16);
                        mm::matmul_naive(gpucc::Grid{blocks, blocks}, gpucc::Block{16, 16}, a, b, c,
                                         n);
                    }});
    return list;
}

} // namespace

int main(int argc, char** argv) {
    const int repeat = argc > 1 ? std::atoi(argv[1]) : 20;
    std::vector<int> sizes;
    for (int i = 2; i < argc; ++i) {
        sizes.push_back(std::atoi(argv[i]));
    }
    if (sizes.empty()) {
        sizes = {1024, 2048, 4096};
    }
    const gpucc::Device device = gpucc::default_device();
    if (!device.is_cuda()) {
        std::fprintf(stderr, "matmul_bench: needs a GPU (the current device is %s)\n",
                     device.to_string().c_str());
        return 1;
    }
    Cublas cublas;
    if (!cublas.load()) {
        std::fprintf(stderr, "matmul_bench: cannot load cuBLAS (libcublas.so.13)\n");
        return 1;
    }
    std::vector<Variant> list = variants(cublas);
    int status = 0;
    for (int n : sizes) {
        const std::int64_t count = std::int64_t{n} * n;
        const auto a = gpucc::asarray<float>(random_floats(count, 1, -0.5f, 0.5f), {n, n}, device);
        const auto b = gpucc::asarray<float>(random_floats(count, 2, -0.5f, 0.5f), {n, n}, device);
        std::vector<float> reference;
        for (const Variant& variant : list) {
            auto c = gpucc::zeros<float>({n, n}, device);
            const double ms = median_ms([&] { variant.run(a, b, c, n); }, 2, repeat);
            const std::vector<float> result = c.to_host();
            double max_error = 0;
            if (reference.empty()) {
                reference = result;
            }
            for (std::size_t i = 0; i < result.size(); ++i) {
                max_error = std::max(max_error, std::fabs(double(result[i]) - reference[i]) /
                                                    (1.0 + std::fabs(double(reference[i]))));
            }
            const double gflops = 2.0 * n * double(n) * n / ms / 1e6;
            std::printf("{\"tool\": \"gpucc\", \"impl\": \"%s\", \"n\": %d, \"ms\": %.4f, "
                        "\"GFLOPs\": %.1f, \"max_rel_error\": %.2e}\n",
                        variant.name.c_str(), n, ms, gflops, max_error);
            std::fflush(stdout);
            if (max_error > 1e-3) {
                std::fprintf(stderr, "%s differs from cuBLAS at n = %d\n", variant.name.c_str(), n);
                status = 1;
            }
        }
    }
    return status;
}
