// The host-side pieces of a small GPU matmul, timed on the CPU (linalg_matmul_bench host-pieces;
// no GPU needed): what the small-product route's host time was made of above the driver call
// before the route took two matrices straight to the kernel, and what it is made of now. Each
// piece is called 200,000 times in a loop, the median of 7 loops in ns per call:
//   general_shape_work: matmul's general path before any arithmetic (matmul_shapes, check_out
//     and the added-axes view of a given output), which the direct route skips for two matrices;
//   direct_route_check: what the direct route does instead (the route test, the shape, dtype and
//     device comparisons, the two overlap checks);
//   generated_launcher_arguments: the generated launcher's argument marshalling for the kernel's
//     three 2-d arrays and three scalars (three heap vectors, the buffers kept), which the direct
//     launch replaces with a block on the stack;
//   stack_argument_block: that block (21 slots: pointer, count, extents and byte strides of each
//     array, then m, n, k), as small_gemm.cpp fills it.
// The arrays are CPU arrays: the pieces do not look at the device's memory.
#pragma once

#include "linalg/matmul_route.h"
#include "linalg/matmul_shapes.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <gpucc/detail/grid_kernel_launch.h>
#include <gpucc/gpucc.h>
#include <vector>

namespace host_pieces {

template <class F>
double ns_per_call(F&& piece) {
    constexpr int kCalls = 200000;
    std::vector<double> loops;
    for (int round = 0; round < 8; ++round) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < kCalls; ++i) {
            piece();
        }
        const auto stop = std::chrono::steady_clock::now();
        if (round > 0) { // the first loop warms up
            loops.push_back(std::chrono::duration<double, std::nano>(stop - start).count() /
                            kCalls);
        }
    }
    std::sort(loops.begin(), loops.end());
    return loops[loops.size() / 2];
}

inline volatile std::uint64_t sink = 0;

inline void print_piece(const char* name, double ns) {
    std::printf("{\"tool\": \"gpucc\", \"device\": \"cpu\", \"case\": \"host_piece_%s\", "
                "\"dtype\": \"float32\", \"n\": 64, \"ns\": %.1f}\n",
                name, ns);
}

inline void run() {
    using gpucc::DType;
    using gpucc::NDArray;
    using gpucc::Shape;
    namespace detail = gpucc::linalg::detail;
    const gpucc::Device cpu = gpucc::Device::cpu();
    const NDArray a =
        gpucc::random::global_generator().uniform(-1.0, 1.0, Shape{64, 64}, DType::Float32, cpu);
    const NDArray b =
        gpucc::random::global_generator().uniform(-1.0, 1.0, Shape{64, 64}, DType::Float32, cpu);
    const NDArray out = gpucc::empty(Shape{64, 64}, DType::Float32, cpu);
    print_piece("general_shape_work", ns_per_call([&] {
                    const detail::MatmulShapes shapes = detail::matmul_shapes(a, b, "matmul");
                    detail::check_out(out, a, b, shapes, "matmul");
                    const NDArray full = detail::with_added_axes(out, shapes);
                    sink = sink + static_cast<std::uint64_t>(full.ndim());
                }));
    // The route test asked for a GPU (the device is only compared, never used).
    const gpucc::Device gpu = gpucc::Device::cuda(0);
    print_piece("direct_route_check", ns_per_call([&] {
                    const bool direct =
                        a.ndim() == 2 && b.ndim() == 2 && a.dtype() == b.dtype() &&
                        a.device() == b.device() && a.shape()[1] == b.shape()[0] &&
                        detail::small_gemm_route(a.dtype(), gpu, a.shape()[0], b.shape()[1],
                                                 a.shape()[1]) &&
                        out.ndim() == 2 && out.dtype() == a.dtype() && out.device() == a.device() &&
                        out.shape()[0] == a.shape()[0] && out.shape()[1] == b.shape()[1] &&
                        !detail::may_overlap(out, a) && !detail::may_overlap(out, b);
                    sink = sink + static_cast<std::uint64_t>(direct);
                }));
    const gpucc::LaunchConfig config{gpucc::Dim3(4, 4), gpucc::Dim3(16, 16), 0, {}};
    print_piece("generated_launcher_arguments", ns_per_call([&] {
                    gpucc::detail::GridKernelLaunch launch("small_gemm_float32_accumulate", config,
                                                           21);
                    launch.array<float>("a", a, 2);
                    launch.array<float>("b", b, 2);
                    launch.array<float>("c", out, 2);
                    launch.scalar<std::int64_t>("m", std::int64_t{64});
                    launch.scalar<std::int64_t>("n", std::int64_t{64});
                    launch.scalar<std::int64_t>("k", std::int64_t{64});
                    sink = sink + 1;
                }));
    print_piece("stack_argument_block", ns_per_call([&] {
                    std::uint64_t slots[21];
                    bool strided = false;
                    int at = 0;
                    for (const NDArray* x : {&a, &b, &out}) {
                        const void* data = x->data();
                        const std::int64_t values[5] = {x->size(), x->shape()[0], x->shape()[1],
                                                        x->strides()[0], x->strides()[1]};
                        std::memcpy(&slots[at], &data, sizeof data);
                        std::memcpy(&slots[at + 1], values, sizeof values);
                        strided = strided || !x->is_c_contiguous();
                        at += 6;
                    }
                    const std::int64_t extents[3] = {64, 64, 64};
                    std::memcpy(&slots[18], extents, sizeof extents);
                    void* args[21];
                    for (int i = 0; i < 21; ++i) {
                        args[i] = &slots[i];
                    }
                    sink = sink + static_cast<std::uint64_t>(strided) +
                           *static_cast<std::uint64_t*>(args[20]);
                }));
}

} // namespace host_pieces
