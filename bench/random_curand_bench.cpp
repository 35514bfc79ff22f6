// gpucc::random::RandomState's figures for issue 22 (bench/run_random_curand_bench.sh runs it with
// CuPy in the same run, bench/random_curand_peers.py):
//   gpu: XORWOW random_sample float32 of 2^28 values (target <= 1.75 ms, CuPy 14 2.28 ms on an
//        H100), the same in float64, standard_normal float32, and the first draw after creating
//        a RandomState (the generator's set-up); a checksum of the first 2^28 draw after
//        RandomState(42), which must equal CuPy's (random_curand_peers.py prints it).
//   cpu: random_sample float32 of 2^22 values through cuRAND's host generator per method.
// GPU times are CUDA events around one call after two warm-ups, the median of `repeat`. One JSON
// object per line. Usage: random_curand_bench gpu|cpu [repeat]
#include "bench_support.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::random::CurandMethod;
using gpucc::random::RandomState;

int repeat = 20;

// The recording script's checksum over float32 bits (tests/random/data/record_cupy_vectors.py).
std::uint64_t checksum_float32(const gpucc::NDArray& array) {
    std::vector<std::uint32_t> bits(static_cast<std::size_t>(array.size()));
    array.copy_to_host(bits.data());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < bits.size(); ++i) {
        std::uint64_t z = bits[i] ^ (static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        sum += z ^ (z >> 31);
    }
    return sum;
}

void run_gpu() {
    const gpucc::Device device = gpucc::Device::cuda(0);
    const std::int64_t n = std::int64_t{1} << 28;
    const double first_ms = bench_support::wall_ms([&] {
        RandomState fresh(7, CurandMethod::XORWOW, device);
        (void)fresh.random_sample({1}, DType::Float32).item<float>();
    });
    bench_support::JsonLine().text("case", "xorwow_first_draw").number("ms", first_ms, 3).print();

    RandomState state(42, CurandMethod::XORWOW, device);
    const std::uint64_t checksum = checksum_float32(state.random_sample({n}, DType::Float32));
    char checksum_hex[17];
    std::snprintf(checksum_hex, sizeof(checksum_hex), "%016llx",
                  static_cast<unsigned long long>(checksum));
    bench_support::JsonLine()
        .text("case", "xorwow_random_sample_f32_checksum")
        .integer("n", n)
        .text("checksum", checksum_hex)
        .print();
    struct Case {
        const char* name;
        std::function<void()> run;
        double bytes;
    };
    const std::vector<Case> cases = {
        {"xorwow_random_sample_f32", [&] { (void)state.random_sample({n}, DType::Float32); },
         4.0 * static_cast<double>(n)},
        {"xorwow_random_sample_f64", [&] { (void)state.random_sample({n}, DType::Float64); },
         8.0 * static_cast<double>(n)},
        {"xorwow_standard_normal_f32", [&] { (void)state.standard_normal({n}, DType::Float32); },
         4.0 * static_cast<double>(n)},
        {"xorwow_uniform_f32", [&] { (void)state.uniform(-1.0, 1.0, {n}, DType::Float32); },
         4.0 * static_cast<double>(n)},
        // randint: rare rejections, and a range just above 2^31 that rejects about half the words
        // (the replacement passes run on the device).
        {"xorwow_randint_i32_0_1000", [&] { (void)state.randint(0, 1000, {n}, DType::Int32); },
         4.0 * static_cast<double>(n)},
        {"xorwow_randint_i64_half_rejected",
         [&] { (void)state.randint(0, (std::int64_t{1} << 31) + 1, {n}, DType::Int64); },
         8.0 * static_cast<double>(n)},
    };
    for (const Case& c : cases) {
        const double ms = bench_support::median_ms(c.run, 2, repeat);
        bench_support::JsonLine()
            .text("case", c.name)
            .integer("n", n)
            .number("ms", ms, 3)
            .number("GBps", c.bytes / ms / 1e6, 1)
            .print();
    }
}

void run_cpu() {
    const std::int64_t n = std::int64_t{1} << 22;
    for (CurandMethod method : {CurandMethod::XORWOW, CurandMethod::PHILOX4_32_10,
                                CurandMethod::MRG32K3A, CurandMethod::MTGP32}) {
        RandomState state(42, method, gpucc::Device::cpu());
        (void)state.random_sample({1024}, DType::Float32);
        const double ms = bench_support::median_wall_ms(
            [&] { (void)state.random_sample({n}, DType::Float32); }, 0, std::max(1, repeat / 4));
        bench_support::JsonLine()
            .text("case",
                  "cpu_" + std::string(gpucc::random::method_name(method)) + "_random_sample_f32")
            .integer("n", n)
            .number("ms", ms, 3)
            .number("Msamples_per_s", static_cast<double>(n) / ms / 1e3, 1)
            .print();
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || (std::strcmp(argv[1], "gpu") != 0 && std::strcmp(argv[1], "cpu") != 0)) {
        std::fprintf(stderr, "usage: random_curand_bench gpu|cpu [repeat]\n");
        return 2;
    }
    if (argc > 2) {
        repeat = std::max(1, std::atoi(argv[2]));
    }
    if (std::strcmp(argv[1], "gpu") == 0) {
        if (gpucc::cuda_device_count() == 0) {
            std::fprintf(stderr, "random_curand_bench: no CUDA device\n");
            return 1;
        }
        run_gpu();
    } else {
        run_cpu();
    }
    return 0;
}
