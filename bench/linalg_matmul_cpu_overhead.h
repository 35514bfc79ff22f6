// What gpucc::matmul on Device::cpu() costs above the bare CBLAS call it makes (linalg_matmul_bench
// cpu-overhead; issue 19's CPU target against NumPy, which calls cblas_sgemm/dgemm directly). For
// one n x n product (n = 256..2048, float32 and float64) on the same three buffers, rounds of
//   bare:        cblas_?gemm(RowMajor, NoTrans, NoTrans, ...) into c, as NumPy's matmul loop calls
//                it (OpenBLAS at its thread count of the moment, which is gpucc's for these sizes);
//   gpucc_out:   gpucc::matmul(a, b, c);
//   gpucc_alloc: gpucc::matmul(a, b), the output allocated by the call and freed after it;
// one call of each per round, the order rotating round by round so that each meets the same load,
// every call timed on its own (steady_clock). The minimum is the wall clock's least load-sensitive
// figure (load only adds time), though on a heavily loaded machine it still resolves only a few us;
// `overhead_ns_min` = gpucc's minimum - bare's minimum. The same rounds also give medians. Pieces
// of the path, timed alone in loops of 100,000 calls (median of 7 loops, the thread's CPU time in
// ns per call, so that other processes' load does not count): the shape work (matmul_shapes,
// check_out, the added-axes view), the OpenBLAS width lease (openblas_width.h) at an unchanged
// count and, per lease, alternating between one thread and the pool's width
// (openblas_set_num_threads at every lease), and the output's allocation (gpucc::empty, freed).
// Mode cpu-overhead-calls only makes `calls` calls of matmul(a, b, c) and of matmul(a, b) at one
// size, for an instruction count under valgrind --tool=callgrind: matmul's inclusive count less
// cblas_sgemm's is the path's own, immune to the machine's load.
#pragma once

#include "cpu/thread_pool.h"
#include "linalg/cpu_blas_library.h"
#include "linalg/matmul_shapes.h"
#include "linalg/openblas_width.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <functional>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace cpu_overhead {

// The calling thread's CPU time in ns: unlike the wall clock it does not grow while other processes
// hold the cores, so the pieces below read the same on a loaded machine.
inline double thread_cpu_ns() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

inline double loop_ns_per_call(const std::function<void()>& piece) {
    constexpr int kCalls = 100000;
    std::vector<double> loops;
    for (int round = 0; round < 8; ++round) {
        const double start = thread_cpu_ns();
        for (int i = 0; i < kCalls; ++i) {
            piece();
        }
        const double stop = thread_cpu_ns();
        if (round > 0) { // the first loop warms up
            loops.push_back((stop - start) / kCalls);
        }
    }
    std::sort(loops.begin(), loops.end());
    return loops[loops.size() / 2];
}

inline void bare_gemm(const gpucc::NDArray& a, const gpucc::NDArray& b, const gpucc::NDArray& c) {
    const auto n = static_cast<blasint>(a.shape()[0]);
    if (a.dtype() == gpucc::DType::Float64) {
        gpucc::linalg::detail::openblas().dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n,
                                                1.0, static_cast<const double*>(a.data()), n,
                                                static_cast<const double*>(b.data()), n, 0.0,
                                                static_cast<double*>(c.data()), n);
    } else {
        gpucc::linalg::detail::openblas().sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n,
                                                1.0F, static_cast<const float*>(a.data()), n,
                                                static_cast<const float*>(b.data()), n, 0.0F,
                                                static_cast<float*>(c.data()), n);
    }
}

inline double median_of(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Rounds of the three variants (see the top of this file) for one dtype and size.
inline void compare(const char* dtype_name, gpucc::DType dtype, std::int64_t n, int rounds,
                    const std::function<gpucc::NDArray(gpucc::Shape, gpucc::DType)>& operand) {
    const gpucc::NDArray a = operand(gpucc::Shape{n, n}, dtype);
    const gpucc::NDArray b = operand(gpucc::Shape{n, n}, dtype);
    const gpucc::NDArray c = gpucc::empty(gpucc::Shape{n, n}, dtype, gpucc::Device::cpu());
    const std::array<std::function<void()>, 3> variants = {[&] { bare_gemm(a, b, c); },
                                                           [&] { gpucc::matmul(a, b, c); },
                                                           [&] { (void)gpucc::matmul(a, b); }};
    const char* const names[3] = {"bare", "gpucc_out", "gpucc_alloc"};
    std::array<std::vector<double>, 3> ns;
    for (int warm = 0; warm < 3; ++warm) {
        for (const auto& variant : variants) {
            variant();
        }
    }
    for (int round = 0; round < rounds; ++round) {
        for (int i = 0; i < 3; ++i) {
            const int v = (round + i) % 3;
            const auto start = std::chrono::steady_clock::now();
            variants[static_cast<std::size_t>(v)]();
            const auto stop = std::chrono::steady_clock::now();
            ns[static_cast<std::size_t>(v)].push_back(
                std::chrono::duration<double, std::nano>(stop - start).count());
        }
    }
    const double bare_min = *std::min_element(ns[0].begin(), ns[0].end());
    const double bare_median = median_of(ns[0]);
    for (int v = 0; v < 3; ++v) {
        const auto& times = ns[static_cast<std::size_t>(v)];
        const double min = *std::min_element(times.begin(), times.end());
        const double median = median_of(times);
        bench_support::gpucc_line("cpu", std::string("overhead_") + names[v], dtype_name)
            .integer("n", n)
            .integer("rounds", rounds)
            .number("min_us", min / 1e3, 3)
            .number("median_us", median / 1e3, 3)
            .number("overhead_ns_min", min - bare_min, 0)
            .number("overhead_ns_median", median - bare_median, 0)
            .print();
    }
}

inline void pieces(std::int64_t n) {
    const gpucc::Device cpu = gpucc::Device::cpu();
    const gpucc::NDArray a = gpucc::ones(gpucc::Shape{n, n}, gpucc::DType::Float32, cpu);
    const gpucc::NDArray b = gpucc::ones(gpucc::Shape{n, n}, gpucc::DType::Float32, cpu);
    const gpucc::NDArray c = gpucc::empty(gpucc::Shape{n, n}, gpucc::DType::Float32, cpu);
    const auto line = [n](const char* name, double ns) {
        bench_support::gpucc_line("cpu", name, "float32")
            .integer("n", n)
            .number("ns_per_call", ns, 1)
            .print();
    };
    line("piece_shape_work", loop_ns_per_call([&] {
             const auto shapes = gpucc::linalg::detail::matmul_shapes(a, b, "matmul");
             gpucc::linalg::detail::check_out(c, a, b, shapes, "matmul");
             (void)gpucc::linalg::detail::with_added_axes(c, shapes);
         }));
    const int width = gpucc::detail::ThreadPool::instance().thread_count();
    line("piece_width_lease",
         loop_ns_per_call([&] { const gpucc::linalg::detail::OpenblasWidthLease lease(width); }));
    // Products alternating between one OpenBLAS thread (at most 128^3 multiply-adds each,
    // gemm_cpu.cpp) and the pool's width: every lease changes the count.
    line("piece_width_lease_alternating",
         loop_ns_per_call([&] {
             {
                 const gpucc::linalg::detail::OpenblasWidthLease one(1);
             }
             const gpucc::linalg::detail::OpenblasWidthLease full(width);
         }) / 2);
    line("piece_output_alloc", loop_ns_per_call([&] {
             (void)gpucc::empty(gpucc::Shape{n, n}, gpucc::DType::Float32, cpu);
         }));
}

// For callgrind (see the top of this file): float32 n x n, `calls` calls of each form.
inline void
calls_for_callgrind(std::int64_t n, int calls,
                    const std::function<gpucc::NDArray(gpucc::Shape, gpucc::DType)>& operand) {
    const gpucc::NDArray a = operand(gpucc::Shape{n, n}, gpucc::DType::Float32);
    const gpucc::NDArray b = operand(gpucc::Shape{n, n}, gpucc::DType::Float32);
    const gpucc::NDArray c =
        gpucc::empty(gpucc::Shape{n, n}, gpucc::DType::Float32, gpucc::Device::cpu());
    for (int i = 0; i < calls; ++i) {
        gpucc::matmul(a, b, c);
    }
    for (int i = 0; i < calls; ++i) {
        (void)gpucc::matmul(a, b);
    }
}

// All sizes: rounds scaled so that each size takes about the same time.
inline void run(const std::function<gpucc::NDArray(gpucc::Shape, gpucc::DType)>& operand,
                int rounds_at_256) {
    pieces(256);
    for (const auto& [dtype_name, dtype] :
         {std::pair<const char*, gpucc::DType>{"float32", gpucc::DType::Float32},
          {"float64", gpucc::DType::Float64}}) {
        for (std::int64_t n : {256, 512, 1024, 2048}) {
            const std::int64_t scale = (n / 256) * (n / 256) * (n / 256);
            const int rounds = std::max<int>(5, static_cast<int>(rounds_at_256 / scale));
            compare(dtype_name, dtype, n, rounds, operand);
        }
    }
}

} // namespace cpu_overhead
