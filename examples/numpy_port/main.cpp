// The seeds' first CuPy exercises, in C++ with gpucc arrays:
//  - tutorial 002's device-agnostic softplus (`xp.maximum(0, x) + xp.log1p(xp.exp(-abs(x)))`),
//    one function template for every device, as cupy.get_array_module makes it in Python;
//  - tutorial 000, exercise 1: the same NumPy-style code on the CPU and on the GPU, timed, with a
//    synchronize before the clock stops (GPU work is asynchronous);
//  - tutorial 000, exercise 2: two arrays of random numbers made on the host, copied to the
//    device, summed there, copied back; then the same without the copy to the device, the random
//    arrays made there directly (gpucc::random, as cupy.random).
// Every result is checked against plain C++ on the host; the program exits 1 on a mismatch.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

/// Tutorial 002's softplus, log(1 + exp(x)) computed stably, on arrays of any device.
template <class T>
gpucc::Array<T> softplus(const gpucc::Array<T>& x) {
    return gpucc::maximum(T(0), x) + gpucc::log1p(gpucc::exp(-gpucc::abs(x)));
}

/// np.random.default_rng(seed).uniform(-5, 5, n): random numbers made on the CPU, kept on the host.
std::vector<double> random_doubles(std::size_t n, unsigned seed) {
    return gpucc::random::default_rng(seed)
        .uniform<double>(-5.0, 5.0, {static_cast<std::int64_t>(n)}, gpucc::Device::cpu())
        .to_host();
}

bool check(const char* what, const std::vector<double>& got, const std::vector<double>& want) {
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (std::fabs(got[i] - want[i]) > 1e-12 * (1 + std::fabs(want[i]))) {
            std::printf("%s: element %zu is %.17g, expected %.17g\n", what, i, got[i], want[i]);
            return false;
        }
    }
    std::printf("  %-40s ok\n", what);
    return true;
}

/// Milliseconds of softplus on `device`, after a warm-up call, synchronized.
double time_softplus(const std::vector<double>& host, gpucc::Device device) {
    const auto x = gpucc::asarray(host, device);
    softplus(x);
    gpucc::synchronize(device);
    const auto start = std::chrono::steady_clock::now();
    softplus(x);
    gpucc::synchronize(device);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

} // namespace

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("gpucc arrays on %s\n", device.to_string().c_str());
    bool ok = true;

    // Tutorial 002: softplus on whichever device the arrays live on.
    const std::vector<double> xs = random_doubles(1000, 1);
    const auto y = softplus(gpucc::asarray(xs, device)).to_host();
    std::vector<double> want(xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
        want[i] = std::max(0.0, xs[i]) + std::log1p(std::exp(-std::fabs(xs[i])));
    }
    ok &= check("softplus (tutorial 002)", y, want);

    // Tutorial 000, exercise 2: host random numbers -> device -> sum -> host.
    constexpr std::size_t kN = 1 << 20;
    const std::vector<double> a_host = random_doubles(kN, 2);
    const std::vector<double> b_host = random_doubles(kN, 3);
    const auto a = gpucc::asarray(a_host, device);
    const auto b = gpucc::asarray(b_host, device);
    const std::vector<double> sum = (a + b).to_host();
    std::vector<double> want_sum(kN);
    for (std::size_t i = 0; i < kN; ++i) {
        want_sum[i] = a_host[i] + b_host[i];
    }
    ok &= check("a + b, copied back (000, exercise 2)", sum, want_sum);

    // ... and with the random arrays made on the device: no host data, no copy to the device.
    const auto da = gpucc::random::uniform<double>({kN}, -5.0, 5.0, device);
    const auto db = gpucc::random::uniform<double>({kN}, -5.0, 5.0, device);
    const std::vector<double> device_sum = (da + db).to_host();
    const std::vector<double> da_host = da.to_host();
    const std::vector<double> db_host = db.to_host();
    for (std::size_t i = 0; i < kN; ++i) {
        want_sum[i] = da_host[i] + db_host[i];
    }
    ok &= check("random on the device, a + b (exercise 2)", device_sum, want_sum);

    // Tutorial 000, exercise 1: the same code on the CPU and, where there is one, the GPU.
    const std::vector<double> big = random_doubles(std::size_t{1} << 24, 4);
    std::printf("  softplus of 2^24 float64 on cpu: %.2f ms\n",
                time_softplus(big, gpucc::Device::cpu()));
    if (gpucc::cuda_device_count() > 0) {
        std::printf("  softplus of 2^24 float64 on cuda:0: %.2f ms\n",
                    time_softplus(big, gpucc::Device::cuda(0)));
    }
    std::printf(ok ? "all results match\n" : "MISMATCH\n");
    return ok ? 0 : 1;
}
