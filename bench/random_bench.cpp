// gpucc::random's figures for issue 22 (bench/run_random_bench.sh runs it with its peers,
// peers_random.py):
//   gpu: 2^28 values of uniform float32/float64, normal float32/float64, integers int32 (a small
//        range and the full one), standard_exponential float32 (the default Float32Transforms,
//        exact), and normal and standard_exponential float32 of Float32Transforms::fast
//        (normal_fast, standard_exponential_fast), each into a new array: CUDA events
//        around one draw after two warm-ups, the median of `repeat`, GB/s counting bytes written;
//        the time from seeding a new Generator to its first value on the host (context: the
//        process's first library call, ones(1).item(), which creates the device's context and
//        loads the standard library's module; cold: the generator's first draw after it, which
//        loads the common draws' module, common_draws.dsl; then a first normal draw (same
//        module, another kernel), a first exponential draw (random.dsl's module) and a first
//        permutation (permutation.dsl's); warm: a draw with the kernels already loaded); and
//        permutation(n) of 2^16, 2^20, 2^24 and 2^26 (int64, the Feistel sample), CUDA events,
//        median.
//   cpu: 2^24 values of the same draws and permutation(n) of 2^10, 2^16, 2^20 and 2^24 (wall time,
//        median), to compare with NumPy's Generator.
// `random_bench permutation gpu|cpu` runs the permutation rows alone.
// `random_bench methods LOG2N [repeat] [gpu]`: every method of the CPU surface (method_cases(), the
// same list and parameters as peers_random.py's `methods`) on 2^LOG2N values on Device::cpu(), wall
// time, one warm-up then the median of `repeat`; bench/run_random_bench.sh methods interleaves
// rounds of it with rounds of NumPy's. With `gpu`, the same methods on the GPU, CUDA events around
// each draw after two warm-ups (peers_random.py methods LOG2N REPEAT gpu: CuPy's).
// RANDOM_BENCH_CASES="name|name..." (both tools) keeps only the cases of those names.
// One JSON object per line. Usage: random_bench [permutation] gpu|cpu [repeat]
#include "bench_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <gpucc/gpucc.h>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::NDArray;

int repeat = 10;

void emit(const char* device, const char* name, const char* dtype, std::int64_t n,
          std::size_t itemsize, double ms) {
    const double bytes = static_cast<double>(n) * static_cast<double>(itemsize);
    bench_support::gpucc_line(device, name, dtype)
        .integer("n", n)
        .number("ms", ms, 5)
        .number("gbps", bytes / (ms * 1e-3) / 1e9, 1)
        .print();
}

struct Case {
    const char* name;
    const char* dtype;
    std::size_t itemsize;
    std::function<NDArray(gpucc::random::Generator&, std::int64_t, gpucc::Device)> draw;
};

/// `list` and then the float32 standard normal (named `normal_name`) and standard_exponential of
/// Float32Transforms::fast, drawn from a generator of their own.
std::vector<Case> with_fast_cases(std::vector<Case> list, const char* normal_name) {
    using G = gpucc::random::Generator;
    using D = gpucc::Device;
    auto fast = std::make_shared<G>(1, gpucc::random::Float32Transforms::fast);
    list.push_back({normal_name, "float32", 4, [fast](G&, std::int64_t n, D d) {
                        return fast->standard_normal({n}, DType::Float32, d);
                    }});
    list.push_back({"standard_exponential_fast", "float32", 4, [fast](G&, std::int64_t n, D d) {
                        return fast->standard_exponential({n}, DType::Float32, d);
                    }});
    return list;
}

std::vector<Case> cases() {
    using G = gpucc::random::Generator;
    using D = gpucc::Device;
    std::vector<Case> list = {
        {"uniform", "float32", 4,
         [](G& g, std::int64_t n, D d) { return g.random({n}, DType::Float32, d); }},
        {"uniform", "float64", 8,
         [](G& g, std::int64_t n, D d) { return g.random({n}, DType::Float64, d); }},
        {"normal", "float32", 4,
         [](G& g, std::int64_t n, D d) { return g.standard_normal({n}, DType::Float32, d); }},
        {"normal", "float64", 8,
         [](G& g, std::int64_t n, D d) { return g.standard_normal({n}, DType::Float64, d); }},
        {"integers_0_1000", "int32", 4,
         [](G& g, std::int64_t n, D d) {
             return g.integers(0, 1000, {n}, DType::Int32, false, d);
         }},
        {"integers_full", "int32", 4,
         [](G& g, std::int64_t n, D d) {
             return g.integers(std::numeric_limits<std::int32_t>::min(),
                               std::numeric_limits<std::int32_t>::max(), {n}, DType::Int32, true,
                               d);
         }},
        {"standard_exponential", "float32", 4,
         [](G& g, std::int64_t n, D d) { return g.standard_exponential({n}, DType::Float32, d); }},
    };
    return with_fast_cases(std::move(list), "normal_fast");
}

/// permutation(n) of 2^16, 2^20, 2^24 and 2^26 (int64; the Feistel sample): CUDA events on the
/// GPU, wall time on the CPU (2^10 .. 2^24 there), the median of `repeat` after two warm-ups.
void run_permutations(const char* device_name) {
    const bool on_gpu = std::strcmp(device_name, "gpu") == 0;
    const gpucc::Device device = on_gpu ? gpucc::Device::cuda(0) : gpucc::Device::cpu();
    for (const int log2n : {10, 16, 20, 24, 26}) {
        if ((!on_gpu && log2n > 24) || (on_gpu && log2n < 16)) {
            continue;
        }
        const std::int64_t n = std::int64_t{1} << log2n;
        gpucc::random::Generator g(3);
        NDArray keep;
        const auto draw = [&] { keep = g.permutation(n, device); };
        const double ms = on_gpu ? bench_support::median_ms(draw, 2, repeat)
                                 : bench_support::median_wall_ms(draw, 2, repeat);
        const std::string name = "permutation_2^" + std::to_string(log2n);
        emit(device_name, name.c_str(), "int64", n, 8, ms);
    }
}

/// Every method of the CPU surface on n values, with peers_random.py's parameters.
std::vector<Case> method_cases(std::int64_t n) {
    using G = gpucc::random::Generator;
    using D = gpucc::Device;
    std::vector<double> weights(1000);
    double total = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        weights[k] = static_cast<double>(k % 7 + 1);
        total += weights[k];
    }
    for (double& w : weights) {
        w /= total;
    }
    auto shuffled = std::make_shared<NDArray>();
    std::vector<Case> list = {
        {"random", "float32", 4,
         [](G& g, std::int64_t m, D d) { return g.random({m}, DType::Float32, d); }},
        {"random", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.random({m}, DType::Float64, d); }},
        {"uniform(-2,3)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.uniform(-2.0, 3.0, {m}, DType::Float64, d); }},
        {"standard_normal", "float32", 4,
         [](G& g, std::int64_t m, D d) { return g.standard_normal({m}, DType::Float32, d); }},
        {"standard_normal", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.standard_normal({m}, DType::Float64, d); }},
        {"normal(1,2)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.normal(1.0, 2.0, {m}, DType::Float64, d); }},
        {"lognormal(0,1)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.lognormal(0.0, 1.0, {m}, DType::Float64, d); }},
        {"integers(0,1000)", "int32", 4,
         [](G& g, std::int64_t m, D d) {
             return g.integers(0, 1000, {m}, DType::Int32, false, d);
         }},
        {"integers(0,1000)", "int64", 8,
         [](G& g, std::int64_t m, D d) {
             return g.integers(0, 1000, {m}, DType::Int64, false, d);
         }},
        {"integers(0,1024)", "int32", 4,
         [](G& g, std::int64_t m, D d) {
             return g.integers(0, 1024, {m}, DType::Int32, false, d);
         }},
        {"integers(0,1024)", "int64", 8,
         [](G& g, std::int64_t m, D d) {
             return g.integers(0, 1024, {m}, DType::Int64, false, d);
         }},
        {"integers(int32 full)", "int32", 4,
         [](G& g, std::int64_t m, D d) {
             return g.integers(std::numeric_limits<std::int32_t>::min(),
                               std::numeric_limits<std::int32_t>::max(), {m}, DType::Int32, true,
                               d);
         }},
        {"standard_exponential", "float32", 4,
         [](G& g, std::int64_t m, D d) { return g.standard_exponential({m}, DType::Float32, d); }},
        {"exponential(2)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.exponential(2.0, {m}, DType::Float64, d); }},
        {"gamma(2.5,1)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.gamma(2.5, 1.0, {m}, DType::Float64, d); }},
        {"gamma(0.5,1)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.gamma(0.5, 1.0, {m}, DType::Float64, d); }},
        {"gamma(2.5,1)", "float32", 4,
         [](G& g, std::int64_t m, D d) { return g.gamma(2.5, 1.0, {m}, DType::Float32, d); }},
        {"gamma(0.5,1)", "float32", 4,
         [](G& g, std::int64_t m, D d) { return g.gamma(0.5, 1.0, {m}, DType::Float32, d); }},
        {"beta(2,3)", "float64", 8,
         [](G& g, std::int64_t m, D d) { return g.beta(2.0, 3.0, {m}, DType::Float64, d); }},
        {"poisson(4)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.poisson(4.0, {m}, d); }},
        {"poisson(100)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.poisson(100.0, {m}, d); }},
        {"poisson(999)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.poisson(999.0, {m}, d); }},
        {"poisson(1000)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.poisson(1000.0, {m}, d); }},
        {"binomial(20,0.3)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.binomial(20, 0.3, {m}, d); }},
        {"choice(1000,replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(1000, {m}, true, {}, d); }},
        {"choice(1000,p)", "int64", 8,
         [weights](G& g, std::int64_t m, D d) { return g.choice(1000, {m}, true, weights, d); }},
        {"choice(n,n/2,no replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(m, {m / 2}, false, {}, d); }},
        {"choice(n,n/10,no replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(m, {m / 10}, false, {}, d); }},
        {"choice(n,100,no replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(m, {100}, false, {}, d); }},
        {"choice(n,n,no replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(m, {m}, false, {}, d); }},
        {"choice(n+1,n/2,no replace)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.choice(m + 1, {m / 2}, false, {}, d); }},
        {"permutation(n)", "int64", 8,
         [](G& g, std::int64_t m, D d) { return g.permutation(m, d); }},
        {"shuffle(float64[n])", "float64", 8,
         [shuffled](G& g, std::int64_t m, D d) {
             if (shuffled->size() != m) {
                 *shuffled = g.random({m}, DType::Float64, d);
             }
             g.shuffle(*shuffled);
             return *shuffled;
         }},
    };
    // The exact cases last (NumPy's peer of each is its one form of the draw).
    return with_fast_cases(std::move(list), "standard_normal_fast");
}

void run_methods(int log2n, bool on_gpu) {
    const std::int64_t n = std::int64_t{1} << log2n;
    const gpucc::Device device = on_gpu ? gpucc::Device::cuda(0) : gpucc::Device::cpu();
    gpucc::random::Generator g(1);
    // RANDOM_BENCH_CASES ("name|name|..."), when set, keeps only the cases of those names.
    const char* only = std::getenv("RANDOM_BENCH_CASES");
    const std::string wanted = only == nullptr ? "" : "|" + std::string(only) + "|";
    for (const Case& c : method_cases(n)) {
        if (only != nullptr && wanted.find("|" + std::string(c.name) + "|") == std::string::npos) {
            continue;
        }
        NDArray keep;
        const auto draw = [&] { keep = c.draw(g, n, device); };
        const double ms = on_gpu ? bench_support::median_ms(draw, 2, repeat)
                                 : bench_support::median_wall_ms(draw, 1, repeat);
        emit(on_gpu ? "gpu" : "cpu", c.name, c.dtype, n, c.itemsize, ms);
    }
}

void run_gpu() {
    const gpucc::Device gpu = gpucc::Device::cuda(0);
    {
        // The context and another library call first, so that `cold` is the generator's own
        // first draw (module load included) and not the device's start-up.
        const double context =
            bench_support::wall_ms([&] { (void)gpucc::ones<float>({1}, gpu).item(); });
        const double cold = bench_support::wall_ms([&] {
            gpucc::random::Generator g(42);
            (void)g.random<float>({1}, gpu).item();
        });
        // What the cold draw is made of: a first draw of another kernel of the same module (the
        // module is loaded: the function's lazy load, the launch, the copy back), and first
        // draws through the other modules (random.dsl's, loaded by standard_exponential;
        // permutation.dsl's, loaded by permutation(1000)).
        const double other_kernel = bench_support::wall_ms([&] {
            gpucc::random::Generator g(43);
            (void)g.standard_normal<float>({1}, gpu).item();
        });
        const double random_module = bench_support::wall_ms([&] {
            gpucc::random::Generator g(45);
            (void)gpucc::Array<float>(g.standard_exponential({1}, gpucc::DType::Float32, gpu))
                .to_host();
        });
        const double other_module = bench_support::wall_ms([&] {
            gpucc::random::Generator g(44);
            (void)gpucc::Array<std::int64_t>(g.permutation(1000, gpu)).to_host();
        });
        std::vector<double> warm;
        for (int i = 0; i < std::max(repeat, 20); ++i) {
            warm.push_back(bench_support::wall_ms([&] {
                gpucc::random::Generator g(static_cast<std::uint64_t>(i));
                (void)g.random<float>({1}, gpu).item();
            }));
        }
        bench_support::JsonLine()
            .text("tool", "gpucc")
            .text("device", "gpu")
            .text("case", "first_value_after_seeding")
            .number("context_ms", context, 4)
            .number("cold_ms", cold, 4)
            .number("first_normal_after_ms", other_kernel, 4)
            .number("first_exponential_after_ms", random_module, 4)
            .number("first_permutation_ms", other_module, 4)
            .number("warm_ms", bench_support::median(warm), 4)
            .print();
    }
    run_permutations("gpu");
    {
        constexpr std::int64_t n = std::int64_t{1} << 28;
        gpucc::random::Generator g(1);
        for (const Case& c : cases()) {
            NDArray keep;
            const double ms =
                bench_support::median_ms([&] { keep = c.draw(g, n, gpu); }, 2, repeat);
            emit("gpu", c.name, c.dtype, n, c.itemsize, ms);
        }
    }
}

void run_cpu() {
    constexpr std::int64_t n = std::int64_t{1} << 24;
    const gpucc::Device cpu = gpucc::Device::cpu();
    gpucc::random::Generator g(1);
    for (const Case& c : cases()) {
        NDArray keep;
        const double ms =
            bench_support::median_wall_ms([&] { keep = c.draw(g, n, cpu); }, 1, repeat);
        emit("cpu", c.name, c.dtype, n, c.itemsize, ms);
    }
    run_permutations("cpu");
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[1], "methods") == 0) {
        if (argc > 3) {
            repeat = std::max(1, std::atoi(argv[3]));
        }
        run_methods(std::atoi(argv[2]), argc > 4 && std::strcmp(argv[4], "gpu") == 0);
        return 0;
    }
    const bool permutations_only = argc >= 2 && std::strcmp(argv[1], "permutation") == 0;
    if (permutations_only) {
        --argc;
        ++argv;
    }
    if (argc < 2 || (std::strcmp(argv[1], "gpu") != 0 && std::strcmp(argv[1], "cpu") != 0)) {
        std::fprintf(stderr, "usage: random_bench [permutation] gpu|cpu [repeat]\n"
                             "       random_bench methods LOG2N [repeat] [gpu]\n");
        return 2;
    }
    if (argc > 2) {
        repeat = std::max(1, std::atoi(argv[2]));
    }
    if (permutations_only) {
        run_permutations(argv[1]);
    } else if (std::strcmp(argv[1], "gpu") == 0) {
        run_gpu();
    } else {
        run_cpu();
    }
    return 0;
}
