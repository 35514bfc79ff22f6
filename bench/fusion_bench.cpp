// Fused functions (fusion_kernels.dsl) against the same expression unfused through the standard
// library, and against a fused copy (the bandwidth ceiling of the same generated path): softplus
// over 2^k float32, median of CUDA-event timings after warm-up (GPU) or of wall times (CPU, the
// runtime's thread pool), outputs checked against a double-precision loop. Then language.md
// section 5's sum_of_products, sum(x * y, axis = -1), over a 2^(k/2) x 2^(k/2) float32 pair
// (16384^2 at k = 28), against the unfused gpucc::sum(x * y, -1), its rows checked against a double
// loop. Then CuPy issue 9008's `sum(a, axis = 1) > b` over 357899 x 2 float64 (b of the reduced
// shape read by the post-operation, one launch) against the plain row sum; softmax and log-sum-exp
// over the rows of 16384x1024 float32 (fusion_rows_bench.h).
// Last, the host time of one call on a tiny array: a fused x + y (add32_fused) next to the
// elementwise kernel doing the same addition (add32), then fused softplus.
// Usage: fusion_bench gpu|cpu [log2_size] [repeat] [softmax] (softmax: only the rows of
// fusion_rows_bench.h). Prints one JSON object per line;
// bench/peers_fusion.py measures cupy.fuse, CuPy unfused, PyTorch and torch.compile (GPU) or NumPy
// (CPU) in the same run, and bench/run_fusion_bench.sh puts them side by side.
#include "bench_support.h"
#include "fusion_kernels.gpucc.h"
#include "fusion_rows_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

/// Checks `got` against softplus in double on 4096 spread indices; exits on a mismatch.
void check_softplus(const char* what, const std::vector<float>& x, const std::vector<float>& got) {
    std::int64_t n = static_cast<std::int64_t>(got.size());
    for (std::int64_t k = 0; k < 4096; ++k) {
        std::int64_t i = (k * 2654435761LL) % n;
        double v = x[static_cast<std::size_t>(i)];
        double want = std::max(0.0, v) + std::log1p(std::exp(-std::fabs(v)));
        if (std::fabs(got[static_cast<std::size_t>(i)] - want) > 2e-6 * (1 + std::fabs(want))) {
            std::fprintf(stderr, "%s: element %lld is %g, expected %g\n", what,
                         static_cast<long long>(i), static_cast<double>(got[i]), want);
            std::exit(1);
        }
    }
}

/// Microseconds per call: 20,000 back-to-back calls after 1,000 warm-up, synchronized; the least
/// of five rounds.
template <class F>
double host_us(F&& call) {
    for (int i = 0; i < 1000; ++i) {
        call();
    }
    gpucc::synchronize();
    constexpr int kCalls = 20000;
    double best = 1e30;
    for (int round = 0; round < 5; ++round) {
        Clock::time_point start = Clock::now();
        for (int i = 0; i < kCalls; ++i) {
            call();
        }
        gpucc::synchronize();
        best = std::min(best,
                        std::chrono::duration<double>(Clock::now() - start).count() * 1e6 / kCalls);
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    bool on_gpu = argc < 2 || std::strcmp(argv[1], "cpu") != 0;
    int log2_size = argc > 2 ? std::atoi(argv[2]) : (on_gpu ? 28 : 24);
    int repeat = argc > 3 ? std::atoi(argv[3]) : 30;
    if (on_gpu && gpucc::cuda_device_count() == 0) {
        std::fprintf(stderr, "fusion_bench: no CUDA device\n");
        return 1;
    }
    gpucc::Device device = on_gpu ? gpucc::Device::cuda(0) : gpucc::Device::cpu();
    gpucc::set_default_device(device);
    const bool only_rows = argc > 4 && std::strcmp(argv[4], "softmax") == 0;
    std::int64_t n = std::int64_t{1} << log2_size;
    std::vector<float> hx = bench_support::random_floats(n, 21, -8.0f, 8.0f);
    gpucc::Array<float> x = gpucc::asarray<float>(hx, {n}, device);
    gpucc::Array<float> out = gpucc::empty<float>({n}, device);
    const char* target = on_gpu ? "gpu" : "cpu";
    double bytes = 8.0 * static_cast<double>(n);
    auto time = [&](auto&& run) {
        return on_gpu ? bench_support::median_ms(run, 5, repeat)
                      : bench_support::median_wall_ms(
                            [&] {
                                run();
                                gpucc::synchronize();
                            },
                            3, repeat);
    };
    auto emit = [&](const char* work, double ms) {
        std::printf("{\"target\": \"%s\", \"work\": \"%s 2^%d float32\", \"impl\": \"gpucc\", "
                    "\"ms\": %.4f, \"GBps\": %.1f}\n",
                    target, work, log2_size, ms, bytes / ms / 1e6);
        std::fflush(stdout);
    };

    if (only_rows) { // a fourth argument `softmax`: only the softmax and log-sum-exp rows
        fusion_rows_bench::run(on_gpu ? "gpu" : "cpu", device, time);
        return 0;
    }
    double copy_ms = time([&] { fb::copy32(x, out); });
    emit("fused copy (ceiling)", copy_ms);
    double fused_ms = time([&] { fb::softplus(x, out); });
    check_softplus("fused softplus", hx, out.to_host());
    emit("softplus fused, into a given output", fused_ms);
    double fused32_ms = time([&] { fb::softplus32(x, out); });
    check_softplus("fused softplus32", hx, out.to_host());
    emit("softplus fused (float32-only definition), into a given output", fused32_ms);
    double allocated_ms = time([&] { (void)fb::softplus(x); });
    emit("softplus fused, output allocated", allocated_ms);
    gpucc::Array<float> unfused;
    double unfused_ms =
        time([&] { unfused = gpucc::maximum(0, x) + gpucc::log1p(gpucc::exp(-gpucc::abs(x))); });
    check_softplus("unfused softplus", hx, unfused.to_host());
    emit("softplus unfused (standard library, 5 kernels)", unfused_ms);
    std::printf("{\"target\": \"%s\", \"work\": \"softplus fused / copy\", \"ratio\": %.3f}\n",
                target, copy_ms / fused_ms);

    {
        // sum_of_products: two arrays read once, one value per row written.
        std::int64_t rows = std::int64_t{1} << (log2_size / 2);
        std::int64_t cols = n / rows;
        gpucc::Array<float> a = x.reshape({rows, cols});
        std::vector<float> hy = bench_support::random_floats(n, 22, -1.0f, 1.0f);
        gpucc::Array<float> b = gpucc::asarray<float>(hy, {rows, cols}, device);
        gpucc::Array<float> s = gpucc::empty<float>({rows}, device);
        double pair_bytes = 8.0 * static_cast<double>(n) + 4.0 * static_cast<double>(rows);
        auto emit_rows = [&](const char* work, double ms) {
            std::printf("{\"target\": \"%s\", \"work\": \"%s %lldx%lld float32\", \"impl\": "
                        "\"gpucc\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                        target, work, static_cast<long long>(rows), static_cast<long long>(cols),
                        ms, pair_bytes / ms / 1e6);
            std::fflush(stdout);
        };
        auto check_rows = [&](const char* what, const std::vector<float>& got) {
            for (std::int64_t k = 0; k < 64; ++k) {
                std::int64_t row = (k * 2654435761LL) % rows;
                double want = 0, magnitude = 0;
                for (std::int64_t c = 0; c < cols; ++c) {
                    double term = double(hx[static_cast<std::size_t>(row * cols + c)]) *
                                  double(hy[static_cast<std::size_t>(row * cols + c)]);
                    want += term;
                    magnitude += std::fabs(term);
                }
                double error = std::fabs(got[static_cast<std::size_t>(row)] - want);
                if (error > 1e-5 * (1 + magnitude)) {
                    std::fprintf(stderr, "%s: row %lld is %g, expected %g\n", what,
                                 static_cast<long long>(row),
                                 static_cast<double>(got[static_cast<std::size_t>(row)]), want);
                    std::exit(1);
                }
            }
        };
        double fused_rows_ms = time([&] { fb::sum_of_products(a, b, s); });
        check_rows("fused sum_of_products", s.to_host());
        emit_rows("sum(x * y, axis = -1) fused, into a given output", fused_rows_ms);
        gpucc::Array<float> unfused_rows;
        double unfused_rows_ms = time([&] { unfused_rows = gpucc::sum(a * b, -1); });
        check_rows("unfused sum_of_products", unfused_rows.to_host());
        emit_rows("sum(x * y, axis = -1) unfused (standard library, 2 kernels)", unfused_rows_ms);
    }

    {
        // CuPy issue 9008: sum(a, axis = 1) > b over 357899 x 2 float64, one launch, against the
        // plain row sum (fused and the standard library's) and the unfused pair of kernels.
        constexpr std::int64_t kRows = 357899;
        std::vector<float> ha32 = bench_support::random_floats(2 * kRows, 23, -1.0f, 1.0f);
        std::vector<float> hb32 = bench_support::random_floats(kRows, 24, -1.0f, 1.0f);
        std::vector<double> ha(ha32.begin(), ha32.end());
        std::vector<double> hb(hb32.begin(), hb32.end());
        gpucc::Array<double> a = gpucc::asarray<double>(ha, {kRows, 2}, device);
        gpucc::Array<double> b = gpucc::asarray<double>(hb, {kRows}, device);
        gpucc::Array<bool> greater = gpucc::empty<bool>({kRows}, device);
        gpucc::Array<double> sums = gpucc::empty<double>({kRows}, device);
        auto emit_9008 = [&](const char* work, double ms, double bytes_moved) {
            std::printf("{\"target\": \"%s\", \"work\": \"%s 357899x2 float64\", \"impl\": "
                        "\"gpucc\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                        target, work, ms, bytes_moved / ms / 1e6);
            std::fflush(stdout);
        };
        auto check_greater = [&](const char* what, const std::vector<bool>& got) {
            for (std::int64_t row = 0; row < kRows; ++row) {
                const auto r = static_cast<std::size_t>(row);
                const double sum = ha[2 * r] + ha[2 * r + 1];
                if (std::fabs(sum - hb[r]) > 1e-12 && got[r] != (sum > hb[r])) {
                    std::fprintf(stderr, "%s: row %lld is %d\n", what, static_cast<long long>(row),
                                 static_cast<int>(got[r]));
                    std::exit(1);
                }
            }
        };
        const double sum_bytes = 24.0 * kRows;     // a read, the sums written
        const double greater_bytes = 25.0 * kRows; // a and b read, one bool written
        const double plain_ms = time([&] { fb::row_sum(a, sums); });
        emit_9008("sum(a, axis = 1) fused (the plain sum), into a given output", plain_ms,
                  sum_bytes);
        const double library_ms = time([&] { gpucc::sum(a.ndarray(), sums.ndarray(), 1); });
        emit_9008("sum(a, axis = 1) standard library, into a given output", library_ms, sum_bytes);
        const double fused_ms = time([&] { fb::row_sum_greater(a, b, greater); });
        check_greater("fused row_sum_greater", greater.to_host());
        emit_9008("sum(a, axis = 1) > b fused, into a given output", fused_ms, greater_bytes);
        gpucc::Array<bool> unfused_greater;
        const double unfused_ms = time([&] { unfused_greater = gpucc::sum(a, 1) > b; });
        check_greater("unfused row_sum_greater", unfused_greater.to_host());
        emit_9008("sum(a, axis = 1) > b unfused (standard library, 2 kernels)", unfused_ms,
                  greater_bytes);
        std::printf("{\"target\": \"%s\", \"work\": \"sum(a, axis = 1) > b bandwidth / plain "
                    "sum's (fused row_sum)\", \"ratio\": %.3f}\n",
                    target, (greater_bytes / fused_ms) / (sum_bytes / plain_ms));
    }
    fusion_rows_bench::run(target, device, time); // softmax and log-sum-exp rows

    gpucc::Array<float> tiny = gpucc::asarray<float>(std::vector<float>(256, 1.5f), {256}, device);
    gpucc::Array<float> tiny_out = gpucc::empty<float>({256}, device);
    // Like for like: the fused x + y and the elementwise add, interleaved (the least of three
    // alternations each), then softplus (more work per element: log1p and exp).
    double add_us = 1e30;
    double fused_add_us = 1e30;
    for (int round = 0; round < 3; ++round) {
        add_us = std::min(add_us, host_us([&] { fb::add32(tiny, tiny, tiny_out); }));
        fused_add_us =
            std::min(fused_add_us, host_us([&] { fb::add32_fused(tiny, tiny, tiny_out); }));
    }
    double fused_us = host_us([&] { fb::softplus(tiny, tiny_out); });
    std::printf("{\"target\": \"%s\", \"work\": \"host time per call, 256 float32 into a given "
                "output\", \"elementwise add us\": %.3f, \"fused add us\": %.3f, "
                "\"fused softplus us\": %.3f}\n",
                target, add_us, fused_add_us, fused_us);
    return 0;
}
