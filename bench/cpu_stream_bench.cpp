// Host overhead of a stream-ordered launch on the CPU target (issue 23's figure: <= 2 us over a
// direct call). A tiny standard-library add (64 float32, its output allocated from the CPU's pool)
// issued 20,000 times back to back, then one synchronize, as benchmarks.md times host overhead:
//  - direct: on the legacy null stream, which runs the kernel on the caller at once;
//  - queued: on a CPU gpucc::Stream (blocking, and non-blocking), whose worker runs the calls in
//    order while the caller queues the next ones;
//  - host function: an empty launch_host_func on a CPU stream, the queue's own cost.
// The median per-call time of 15 rounds is printed for each, with the output checked after every
// round. Run: build/bench/cpu_stream_bench (bench/results/ has the figures and the command).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <gpucc/array/array.h>
#include <gpucc/device/stream.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/ufunc.h>
#include <vector>

namespace {

constexpr int kCalls = 20000;
constexpr int kRounds = 15;
constexpr std::int64_t kElements = 64;

/// Median microseconds per call of `issue` (kCalls calls, then `finish`), over kRounds rounds.
double median_us(const std::function<void()>& issue, const std::function<void()>& finish,
                 const std::function<void()>& check) {
    std::vector<double> per_call;
    for (int round = 0; round < kRounds + 2; ++round) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < kCalls; ++i) {
            issue();
        }
        finish();
        const double us =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count();
        check();
        if (round >= 2) { // two warm-up rounds
            per_call.push_back(us / kCalls);
        }
    }
    std::sort(per_call.begin(), per_call.end());
    return per_call[per_call.size() / 2];
}

} // namespace

int main() {
    const gpucc::Device cpu = gpucc::Device::cpu();
    const gpucc::Array<float> x = gpucc::full<float>(gpucc::Shape{kElements}, 1.5F, cpu);
    const gpucc::Array<float> y = gpucc::full<float>(gpucc::Shape{kElements}, 2.0F, cpu);
    gpucc::Array<float> out;
    bool ok = true;
    const auto check = [&] {
        const std::vector<float> got = out.to_host(); // after the stream's work
        ok = ok && std::all_of(got.begin(), got.end(), [](float v) { return v == 3.5F; });
    };
    const auto add = [&] { out = gpucc::add(x, y); };

    const double direct = median_us(add, [] {}, check);

    gpucc::Stream blocking(cpu);
    double queued_blocking = 0;
    {
        const gpucc::StreamGuard on(blocking);
        queued_blocking = median_us(add, [&] { blocking.synchronize(); }, check);
    }
    gpucc::Stream non_blocking(cpu, gpucc::StreamKind::NonBlocking);
    double queued_non_blocking = 0;
    {
        const gpucc::StreamGuard on(non_blocking);
        queued_non_blocking = median_us(add, [&] { non_blocking.synchronize(); }, check);
    }
    const double host_func = median_us([&] { non_blocking.launch_host_func([] {}); },
                                       [&] { non_blocking.synchronize(); }, [] {});

    std::printf("| call (64 float32, 20,000 back to back, median of %d rounds) | us per call |\n",
                kRounds);
    std::printf("|---|---|\n");
    std::printf("| add on the null stream (direct call on the caller) | %.3f |\n", direct);
    std::printf("| add queued on a blocking CPU stream | %.3f |\n", queued_blocking);
    std::printf("| add queued on a non-blocking CPU stream | %.3f |\n", queued_non_blocking);
    std::printf("| empty launch_host_func on a CPU stream | %.3f |\n", host_func);
    std::printf("\nstream-ordered overhead over a direct call: %.3f us (blocking), %.3f us "
                "(non-blocking); results %s\n",
                queued_blocking - direct, queued_non_blocking - direct, ok ? "checked" : "WRONG");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
