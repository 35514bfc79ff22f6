// gpucc::matmul's figures for issue 19 (bench/run_linalg_matmul_bench.sh runs it with its peers):
//   gpu:   8192^3 GEMM in float32, TF32, float16, bfloat16, float64; batched 256 x 1024^3 in
//          float16, bfloat16, float32 and with a broadcast b ((256,m,m) @ (1,m,m)); the host time
//          of a 64 x 64 float32 matmul with its output allocated (no synchronization in the loop),
//          with a given output, and alternating two shapes; the floors under it, timed the same
//          way (linalg_matmul_floor.h): cublasLtMatmul with a plan made once, the same with
//          gpucc's pool allocating and freeing the output, a bare cuLaunchKernel of an empty
//          kernel, and gpucc's own launcher (a 64 x 64 float32 add); a size sweep 256..4096
//          float32 for the plot.
//   cpu:   the host time of a 4 x 4 float32 matmul (the path around the BLAS call, as above);
//          n^3 float32 and float64 at 256, 512, 1024, 2048 and a batch of 4096 x 32^3 float32
//          (wall time, median; the sweep's calls per size: `repeat` at 2048, x8 per halving of n).
// GPU times are CUDA events around one call after two warm-ups, the median of `repeat`. Host times
// (host_time below) come with the GPU time of one call (`gpu_us`, events around it): where that
// is below the host time the loop measured the host, not a full queue. One JSON object per line.
// Host time of ONE call (per_call_host_time, mode `host`): the way CuPy's figure was taken
// (cupyx.profiler.benchmark's cpu_times): the clock read around a single call, the stream
// synchronized after it outside the timed region, so the queue is empty at every call and the
// figure is the call's own host cost, not the GPU's throughput; median, p10 and p90 of 2000 calls.
// Placement (mode `cpu-placement`, for the float64 gap to NumPy): the same n^3 product with the
// three arrays where gpucc's host pool puts them (blocks of 4 MiB and more on 2 MiB boundaries, so
// a, b and c share their low 21 address bits) and where NumPy's malloc puts them (16 bytes past a
// page, the pages of the three apart), alternating round by round: the question is whether
// OpenBLAS's dgemm runs slower on operands that alias in the caches.
// Usage: linalg_matmul_bench
// gpu|cpu|cpu-sweep|floors|host|crossover|host-pieces|cpu-host|cpu-placement|cpu-overhead
// [repeat] [rounds]; linalg_matmul_bench cpu-overhead-calls [calls] [n]
// (cpu-sweep: the n^3 sizes alone, floors: the GPU host times alone, back to back; host: the GPU
// host times per call and back to back, at 64 x 64 matmul as routed (the library's small-product
// kernel within the crossover, cuBLAS above: linalg/matmul_route.h), with the cuBLAS route forced,
// and the kernel called directly; crossover: small_gemm.h's crossover, per dtype, by GPU time and
// per-call host time of both routes (small_gemm_crossover); host-pieces: the small route's
// host-side pieces on the CPU (linalg_matmul_host_pieces.h); cpu-host: the CPU host time of a 4 x 4
// call, per call; cpu-placement: see above, `rounds` rounds, 5 by default; cpu-overhead: what
// matmul costs above the bare CBLAS call on the same buffers (linalg_matmul_cpu_overhead.h),
// `repeat` rounds at 256, 2000 by default, fewer for the larger sizes).
#include "bench_support.h"
#include "linalg/matmul_route.h"
#include "linalg/small_gemm.h"
#include "linalg_matmul_cpu_overhead.h"
#include "linalg_matmul_floor.h"
#include "linalg_matmul_host_pieces.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::NDArray;
using gpucc::Shape;
using gpucc::linalg::detail::ForcedMatmulRoute;
using gpucc::linalg::detail::MatmulRoute;

int repeat = 10;

NDArray random_operand(const Shape& shape, DType dtype, gpucc::Device device) {
    return gpucc::random::global_generator()
        .uniform(-1.0, 1.0, shape, DType::Float32, device)
        .astype(dtype);
}

double gpu_median_ms(const std::function<void()>& f) {
    return bench_support::median_ms(f, 2, repeat);
}

double cpu_median_ms(const std::function<void()>& f) {
    return bench_support::median_wall_ms(f, 1, repeat);
}

void emit(const char* device, const std::string& name, const char* dtype, std::int64_t batch,
          std::int64_t n, double ms) {
    const double flops = 2.0 * static_cast<double>(batch) * static_cast<double>(n) *
                         static_cast<double>(n) * static_cast<double>(n);
    bench_support::gpucc_line(device, name, dtype)
        .integer("batch", batch)
        .integer("n", n)
        .number("ms", ms, 5)
        .number("tflops", flops / (ms * 1e-3) / 1e12, 3)
        .print();
}

void gemm_case(const std::string& name, const char* dtype_name, DType dtype, std::int64_t batch,
               std::int64_t n, bool tf32, bool broadcast_b) {
    const gpucc::Device dev = gpucc::Device::cuda(0);
    const Shape sa = batch == 1 ? Shape{n, n} : Shape{batch, n, n};
    const Shape sb = batch == 1 ? Shape{n, n} : (broadcast_b ? Shape{1, n, n} : Shape{batch, n, n});
    const NDArray a = random_operand(sa, dtype, dev);
    const NDArray b = random_operand(sb, dtype, dev);
    const NDArray c = gpucc::empty(sa, dtype, dev);
    gpucc::linalg::Tf32Guard guard(tf32);
    emit("gpu", name, dtype_name, batch, n, gpu_median_ms([&] { gpucc::matmul(a, b, c); }));
}

// Host time per call of `call` on `dev`: wall time of 2000 back-to-back calls, no
// synchronization inside the loop, the median of 7 such loops after 1000 warm-up calls; on the
// GPU also the time of one call on the GPU (`gpu_us`, see the top of this file).
void host_time(gpucc::Device dev, const char* device_name, const char* name, std::int64_t n,
               const std::function<void()>& call) {
    for (int i = 0; i < 1000; ++i) {
        call();
    }
    gpucc::current_stream(dev).synchronize();
    std::vector<double> per_call;
    for (int r = 0; r < 7; ++r) {
        constexpr int kCalls = 2000;
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < kCalls; ++i) {
            call();
        }
        const auto stop = std::chrono::steady_clock::now();
        per_call.push_back(std::chrono::duration<double, std::micro>(stop - start).count() /
                           kCalls);
        gpucc::current_stream(dev).synchronize();
    }
    bench_support::JsonLine line = bench_support::gpucc_line(device_name, name, "float32");
    line.integer("n", n).number("us", bench_support::median(per_call), 3);
    if (dev.is_cuda()) {
        line.number("gpu_us", 1e3 * bench_support::median_ms(call, 2, 51), 3);
    }
    line.print();
}

// The host time of ONE `call` on `dev` (see the top of this file): 200 untimed calls, then 2000
// timed ones, each followed by a synchronize of the current stream that the clock does not see.
// The median and the 10th and 90th percentiles in microseconds.
struct PerCallUs {
    double median, p10, p90;
    static constexpr int kCalls = 2000;
};

PerCallUs per_call_us(gpucc::Device dev, const std::function<void()>& call) {
    const gpucc::StreamRef stream = gpucc::current_stream(dev);
    for (int i = 0; i < 200; ++i) {
        call();
        stream.synchronize();
    }
    constexpr int kCalls = PerCallUs::kCalls;
    std::vector<double> us;
    us.reserve(kCalls);
    for (int i = 0; i < kCalls; ++i) {
        const auto start = std::chrono::steady_clock::now();
        call();
        const auto stop = std::chrono::steady_clock::now();
        stream.synchronize();
        us.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    }
    std::sort(us.begin(), us.end());
    return {us[kCalls / 2], us[kCalls / 10], us[kCalls * 9 / 10]};
}

// per_call_us of `call`, printed as one line.
void per_call_host_time(gpucc::Device dev, const char* device_name, const std::string& name,
                        std::int64_t n, const std::function<void()>& call) {
    const PerCallUs us = per_call_us(dev, call);
    bench_support::gpucc_line(device_name, name, "float32")
        .integer("n", n)
        .number("us", us.median, 3)
        .number("p10_us", us.p10, 3)
        .number("p90_us", us.p90, 3)
        .integer("calls", PerCallUs::kCalls)
        .print();
}

// The floors under matmul's host time (linalg_matmul_floor.h), each timed by `time` under its
// name: <prefix>floor_lt_matmul_us_<n> and <prefix>floor_lt_matmul_alloc_us_<n>, a bare
// cublasLtMatmul of a @ b with its plan made once into `out` and into an output gpucc's pool
// allocates; <prefix>floor_cu_launch_kernel_us, a bare cuLaunchKernel of an empty kernel.
using Timer = std::function<void(const std::string& name, const std::function<void()>& call)>;

void time_floors(const std::string& prefix, std::int64_t n, const NDArray& a, const NDArray& b,
                 const NDArray& out, const Timer& time) {
    const gpucc::Device dev = out.device();
    const NDArray workspace = gpucc::empty(Shape{std::int64_t{32} << 20}, DType::UInt8, dev);
    void* stream = gpucc::current_stream(dev).handle();
    const std::string size = std::to_string(n);
    std::string error;
    const auto lt =
        matmul_floor::RawLtGemm::make(n, workspace.data(), workspace.nbytes(), stream, error);
    if (lt) {
        time(prefix + "floor_lt_matmul_us_" + size,
             [&] { lt->run(a.data(), b.data(), out.data()); });
        time(prefix + "floor_lt_matmul_alloc_us_" + size, [&] {
            const NDArray c = gpucc::empty(Shape{n, n}, DType::Float32, dev);
            lt->run(a.data(), b.data(), c.data());
        });
    } else {
        std::fprintf(stderr, "linalg_matmul_bench: no raw cublasLtMatmul floor: %s\n",
                     error.c_str());
    }
    const auto empty_kernel = matmul_floor::RawLaunch::make(stream, error);
    if (empty_kernel) {
        time(prefix + "floor_cu_launch_kernel_us", [&] { empty_kernel->run(); });
    } else {
        std::fprintf(stderr, "linalg_matmul_bench: no raw cuLaunchKernel floor: %s\n",
                     error.c_str());
    }
}

// Per-call host times (per_call_host_time) of what host_overhead and host_floors time back to
// back: gpucc::matmul (routed: 64 x 64 takes the small-product kernel) with its output allocated
// and given, the same with cuBLAS forced, a bare cublasLtMatmul with its plan
// made once (given output, and gpucc's pool allocating the output), a bare cuLaunchKernel of an
// empty kernel, and gpucc's own launcher (a 64 x 64 float32 add, output allocated).
void per_call_gpu(std::int64_t n) {
    const gpucc::Device dev = gpucc::Device::cuda(0);
    const NDArray a = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray b = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray out = gpucc::empty(Shape{n, n}, DType::Float32, dev);
    const std::string size = std::to_string(n);
    per_call_host_time(dev, "gpu", "percall_us_" + size, n, [&] { (void)gpucc::matmul(a, b); });
    per_call_host_time(dev, "gpu", "percall_us_" + size + "_out", n,
                       [&] { gpucc::matmul(a, b, out); });
    time_floors("percall_", n, a, b, out,
                [&](const std::string& name, const std::function<void()>& call) {
                    per_call_host_time(dev, "gpu", name, n, call);
                });
    per_call_host_time(dev, "gpu", "percall_gpucc_add_us_" + size, n,
                       [&] { (void)gpucc::add(a, b); });
    // matmul with the cuBLAS route forced (what it cost before the small-product route), and
    // the library's small-product kernel called directly (runtime/src/linalg/small_gemm.h).
    {
        const ForcedMatmulRoute blas(MatmulRoute::Blas);
        per_call_host_time(dev, "gpu", "percall_us_" + size + "_cublas_forced", n,
                           [&] { (void)gpucc::matmul(a, b); });
        per_call_host_time(dev, "gpu", "percall_us_" + size + "_out_cublas_forced", n,
                           [&] { gpucc::matmul(a, b, out); });
    }
    per_call_host_time(dev, "gpu", "percall_small_gemm_kernel_us_" + size, n, [&] {
        const NDArray c = gpucc::empty(Shape{n, n}, DType::Float32, dev);
        gpucc::linalg::detail::small_gemm(a, b, c);
    });
    per_call_host_time(dev, "gpu", "percall_small_gemm_kernel_us_" + size + "_out", n,
                       [&] { gpucc::linalg::detail::small_gemm(a, b, out); });
}

// The crossover (small_gemm.h's rule: below it the kernel may be slower on the GPU than cuBLAS by
// at most the host time it saves), per dtype (float32, float16, bfloat16, float64) for n^3 at
// 16..512 and for non-square products: for matmul with the kernel forced and with cuBLAS forced,
// the GPU time of one call into a given output (events around it, the median of 51) and the
// per-call host time with the output allocated (per_call_us). One line per dtype, shape and
// route: case crossover_<route>_<m>x<n>x<k>, `us` the host time, `gpu_us` the GPU time
// (bench/crossover_linalg_matmul.py reads them).
void small_gemm_crossover() {
    const gpucc::Device dev = gpucc::Device::cuda(0);
    struct Extents {
        std::int64_t m, n, k;
    };
    std::vector<Extents> shapes;
    for (std::int64_t e : {16, 32, 64, 96, 128, 192, 256, 384, 512}) {
        shapes.push_back({e, e, e});
    }
    // Long inner dimensions (the kernel walks k in one block), wide outputs over a short k, and
    // one long extent of three.
    for (Extents e : std::initializer_list<Extents>{{64, 64, 512},
                                                    {64, 64, 1024},
                                                    {32, 32, 2048},
                                                    {256, 256, 32},
                                                    {512, 512, 32},
                                                    {512, 512, 64},
                                                    {512, 64, 64},
                                                    {64, 512, 64},
                                                    {128, 128, 512},
                                                    {256, 256, 512}}) {
        shapes.push_back(e);
    }
    const std::pair<DType, const char*> dtypes[] = {{DType::Float32, "float32"},
                                                    {DType::Float16, "float16"},
                                                    {DType::BFloat16, "bfloat16"},
                                                    {DType::Float64, "float64"}};
    for (const auto& [dtype, dtype_text] : dtypes) {
        for (const Extents& e : shapes) {
            const NDArray a = random_operand(Shape{e.m, e.k}, dtype, dev);
            const NDArray b = random_operand(Shape{e.k, e.n}, dtype, dev);
            const NDArray c = gpucc::empty(Shape{e.m, e.n}, dtype, dev);
            const std::string shape =
                std::to_string(e.m) + "x" + std::to_string(e.n) + "x" + std::to_string(e.k);
            for (const auto& [route, route_text] :
                 {std::pair<MatmulRoute, const char*>{MatmulRoute::SmallGemm, "small_gemm"},
                  {MatmulRoute::Blas, "cublas"}}) {
                const ForcedMatmulRoute forced(route);
                const double gpu_ms =
                    bench_support::median_ms([&] { gpucc::matmul(a, b, c); }, 2, 51);
                const PerCallUs host = per_call_us(dev, [&] { (void)gpucc::matmul(a, b); });
                bench_support::gpucc_line(
                    "gpu", std::string("crossover_") + route_text + "_" + shape, dtype_text)
                    .integer("m", e.m)
                    .integer("n", e.n)
                    .integer("k", e.k)
                    .number("gpu_us", 1e3 * gpu_ms, 3)
                    .number("us", host.median, 3)
                    .number("p10_us", host.p10, 3)
                    .number("p90_us", host.p90, 3)
                    .print();
            }
        }
    }
}

// The host time of small products on `dev`: 64 x 64 float32 with the output allocated (the
// issue's figure; the peers measure the same), with a given output (no allocation), and
// alternating between two shapes (two cached plans on the GPU).
void host_overhead(gpucc::Device dev, const char* device_name, std::int64_t n) {
    const NDArray a = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray b = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray narrow = random_operand(Shape{n, n - n / 4}, DType::Float32, dev);
    const NDArray out = gpucc::empty(Shape{n, n}, DType::Float32, dev);
    const std::string size = std::to_string(n);
    host_time(dev, device_name, ("host_us_" + size).c_str(), n,
              [&] { (void)gpucc::matmul(a, b); }); // output allocated (pool) and freed each call
    host_time(dev, device_name, ("host_us_" + size + "_out").c_str(), n,
              [&] { gpucc::matmul(a, b, out); });
    bool flip = false;
    host_time(dev, device_name, ("host_us_" + size + "_two_shapes").c_str(), n, [&] {
        flip = !flip;
        (void)gpucc::matmul(a, flip ? b : narrow);
    });
}

// What the 64 x 64 float32 host time through cuBLAS is made of (matmul's path above the
// small-product crossover, or with cuBLAS forced): the calls under it, each timed as host_time
// times it (linalg_matmul_floor.h), and gpucc's launcher for comparison.
void host_floors(std::int64_t n) {
    const gpucc::Device dev = gpucc::Device::cuda(0);
    const NDArray a = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray b = random_operand(Shape{n, n}, DType::Float32, dev);
    const NDArray out = gpucc::empty(Shape{n, n}, DType::Float32, dev);
    time_floors("", n, a, b, out, [&](const std::string& name, const std::function<void()>& call) {
        host_time(dev, "gpu", name.c_str(), n, call);
    });
    const std::string size = std::to_string(n);
    host_time(dev, "gpu", ("gpucc_add_us_" + size).c_str(), n, [&] { (void)gpucc::add(a, b); });
}

// An n x n copy of `values` (C order) at `byte_offset` bytes into a buffer of its own.
NDArray placed_copy(const NDArray& values, std::int64_t byte_offset) {
    const auto bytes = static_cast<std::size_t>(values.nbytes());
    std::vector<unsigned char> host(bytes);
    values.copy_to_host(host.data());
    auto buffer =
        gpucc::Buffer::allocate(bytes + static_cast<std::size_t>(byte_offset), values.device());
    const std::int64_t n = values.shape()[0];
    const auto item = static_cast<std::int64_t>(values.itemsize());
    NDArray view(std::move(buffer), values.dtype(), values.shape(), gpucc::Strides(n * item, item),
                 byte_offset);
    view.copy_from_host(host.data());
    return view;
}

void run_cpu_placement(int rounds) {
    const gpucc::Device cpu = gpucc::Device::cpu();
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (std::int64_t n : {1024, 2048}) {
            const NDArray a = random_operand(Shape{n, n}, dtype, cpu);
            const NDArray b = random_operand(Shape{n, n}, dtype, cpu);
            const NDArray c = gpucc::empty(Shape{n, n}, dtype, cpu);
            // NumPy's: 16 bytes past a page, the three 5 and 10 pages apart modulo 64 KiB.
            const NDArray a2 = placed_copy(a, 16);
            const NDArray b2 = placed_copy(b, 16 + 5 * 4096);
            const NDArray c2 = placed_copy(c, 16 + 10 * 4096);
            const char* name = dtype == DType::Float64 ? "float64" : "float32";
            for (int round = 0; round < rounds; ++round) {
                for (int staggered = 0; staggered < 2; ++staggered) {
                    const double ms = cpu_median_ms([&] {
                        if (staggered != 0) {
                            gpucc::matmul(a2, b2, c2);
                        } else {
                            gpucc::matmul(a, b, c);
                        }
                    });
                    const NDArray& where = staggered != 0 ? c2 : c;
                    bench_support::gpucc_line(
                        "cpu", staggered != 0 ? "placement_staggered" : "placement_aligned", name)
                        .integer("n", n)
                        .integer("round", round)
                        .integer(
                            "c_address_mod_2mib",
                            static_cast<long long>(reinterpret_cast<std::uintptr_t>(where.data()) %
                                                   (std::uintptr_t{2} << 20)))
                        .number("ms", ms, 4)
                        .print();
                }
            }
        }
    }
}

void run_gpu() {
    const std::int64_t big = 8192;
    gemm_case("gemm", "float32", DType::Float32, 1, big, false, false);
    gemm_case("gemm", "tf32", DType::Float32, 1, big, true, false);
    gemm_case("gemm", "float16", DType::Float16, 1, big, false, false);
    gemm_case("gemm", "bfloat16", DType::BFloat16, 1, big, false, false);
    gemm_case("gemm", "float64", DType::Float64, 1, big, false, false);
    gemm_case("batched", "float16", DType::Float16, 256, 1024, false, false);
    gemm_case("batched", "bfloat16", DType::BFloat16, 256, 1024, false, false);
    gemm_case("batched", "float32", DType::Float32, 256, 1024, false, false);
    gemm_case("batched_broadcast", "float16", DType::Float16, 256, 1024, false, true);
    host_overhead(gpucc::Device::cuda(0), "gpu", 64);
    host_floors(64);
    for (std::int64_t n : {256, 512, 1024, 2048, 4096}) {
        gemm_case("sweep", "float32", DType::Float32, 1, n, false, false);
    }
}

void run_cpu(bool sweep_only) {
    const gpucc::Device cpu = gpucc::Device::cpu();
    // 4 x 4: the BLAS call is negligible, so this is the host path around it (shapes, dtype,
    // output allocation, layout), the part the GPU call shares.
    if (!sweep_only) {
        host_overhead(cpu, "cpu", 4);
    }
    for (DType dtype : {DType::Float32, DType::Float64}) {
        for (std::int64_t n : {256, 512, 1024, 2048}) {
            const NDArray a = random_operand(Shape{n, n}, dtype, cpu);
            const NDArray b = random_operand(Shape{n, n}, dtype, cpu);
            const NDArray c = gpucc::empty(Shape{n, n}, dtype, cpu);
            // `repeat` calls at 2048 and as many more below as keep the time per size about the
            // same (x8 per halving): 5 calls of 0.15 ms at 256 gave medians 0.15-0.29 ms on a
            // quiet machine. peers_linalg_matmul.py cpu uses the same rule for NumPy.
            const std::int64_t scale = (2048 / n) * (2048 / n) * (2048 / n);
            const int calls = static_cast<int>(repeat * scale);
            emit("cpu", "sweep", dtype == DType::Float32 ? "float32" : "float64", 1, n,
                 bench_support::median_wall_ms([&] { gpucc::matmul(a, b, c); }, 1, calls));
        }
    }
    if (sweep_only) {
        return;
    }
    // A batch of small matrices: 4096 x 32^3 float32, spread over gpucc's thread pool.
    const std::int64_t batch = 4096;
    const std::int64_t n = 32;
    const NDArray a = random_operand(Shape{batch, n, n}, DType::Float32, cpu);
    const NDArray b = random_operand(Shape{batch, n, n}, DType::Float32, cpu);
    const NDArray c = gpucc::empty(Shape{batch, n, n}, DType::Float32, cpu);
    emit("cpu", "batched_small", "float32", batch, n,
         cpu_median_ms([&] { gpucc::matmul(a, b, c); }));
}

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "cpu";
    repeat = argc > 2 ? std::atoi(argv[2]) : 10;
    if (mode == "gpu") {
        run_gpu();
    } else if (mode == "floors") {
        host_overhead(gpucc::Device::cuda(0), "gpu", 64);
        host_floors(64);
    } else if (mode == "host") {
        per_call_gpu(64);
        host_overhead(gpucc::Device::cuda(0), "gpu", 64);
        host_floors(64);
    } else if (mode == "host-pieces") {
        host_pieces::run();
    } else if (mode == "crossover") {
        small_gemm_crossover();
    } else if (mode == "cpu-placement") {
        run_cpu_placement(argc > 3 ? std::atoi(argv[3]) : 5);
    } else if (mode == "cpu-overhead") {
        cpu_overhead::run(
            [](Shape shape, DType dtype) {
                return random_operand(shape, dtype, gpucc::Device::cpu());
            },
            argc > 2 ? std::atoi(argv[2]) : 2000);
    } else if (mode == "cpu-overhead-calls") {
        cpu_overhead::calls_for_callgrind(
            argc > 3 ? std::atoll(argv[3]) : 256, argc > 2 ? std::atoi(argv[2]) : 20,
            [](Shape shape, DType dtype) {
                return random_operand(shape, dtype, gpucc::Device::cpu());
            });
    } else if (mode == "cpu-host") {
        const gpucc::Device cpu = gpucc::Device::cpu();
        const NDArray a = random_operand(Shape{4, 4}, DType::Float32, cpu);
        const NDArray b = random_operand(Shape{4, 4}, DType::Float32, cpu);
        const NDArray out = gpucc::empty(Shape{4, 4}, DType::Float32, cpu);
        per_call_host_time(cpu, "cpu", "percall_us_4", 4, [&] { (void)gpucc::matmul(a, b); });
        per_call_host_time(cpu, "cpu", "percall_us_4_out", 4, [&] { gpucc::matmul(a, b, out); });
    } else {
        run_cpu(mode == "cpu-sweep");
    }
    return 0;
}
