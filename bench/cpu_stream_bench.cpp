// Host overhead of a stream-ordered launch on the CPU target (issue 23's figure: <= 2 us over a
// direct call). A tiny standard-library add (64 float32, its output allocated from the CPU's pool)
// issued 20,000 times back to back, then one synchronize, as benchmarks.md times host overhead:
//  - direct: on the legacy null stream, which runs the kernel on the caller at once;
//  - queued: on a CPU gpucc::Stream (blocking, and non-blocking), whose worker runs the calls in
//    order while the caller queues the next ones;
//  - host function: an empty launch_host_func on a CPU stream, the queue's own cost.
// The median per-call times of 15 rounds are printed for each: the caller's time to issue the
// calls, and the time to issue and finish them; the output is checked after every round. Run:
// build/bench/cpu_stream_bench (bench/results/ has the figures and the command).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
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

/// Microseconds per call: to issue them (the caller's time), and to issue and finish them.
struct PerCall {
    double issue = 0;     // wall time
    double issue_cpu = 0; // the caller's own CPU time (CLOCK_THREAD_CPUTIME_ID)
    double total = 0;     // wall time, issue and finish
};

double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

/// Medians over kRounds rounds of kCalls calls of `issue`, then `finish`.
PerCall median_us(const std::function<void()>& issue, const std::function<void()>& finish,
                  const std::function<void()>& check) {
    std::vector<double> issued;
    std::vector<double> issued_cpu;
    std::vector<double> totals;
    for (int round = 0; round < kRounds + 2; ++round) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_us();
        for (int i = 0; i < kCalls; ++i) {
            issue();
        }
        const double cpu_queued = thread_cpu_us();
        const auto queued = std::chrono::steady_clock::now();
        finish();
        const auto end = std::chrono::steady_clock::now();
        check();
        if (round >= 2) { // two warm-up rounds
            issued.push_back(std::chrono::duration<double, std::micro>(queued - start).count() /
                             kCalls);
            issued_cpu.push_back((cpu_queued - cpu_start) / kCalls);
            totals.push_back(std::chrono::duration<double, std::micro>(end - start).count() /
                             kCalls);
        }
    }
    std::sort(issued.begin(), issued.end());
    std::sort(issued_cpu.begin(), issued_cpu.end());
    std::sort(totals.begin(), totals.end());
    return {issued[issued.size() / 2], issued_cpu[issued_cpu.size() / 2],
            totals[totals.size() / 2]};
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

    const PerCall direct = median_us(add, [] {}, check);

    gpucc::Stream blocking(cpu);
    PerCall queued_blocking;
    {
        const gpucc::StreamGuard on(blocking);
        queued_blocking = median_us(add, [&] { blocking.synchronize(); }, check);
    }
    gpucc::Stream non_blocking(cpu, gpucc::StreamKind::NonBlocking);
    PerCall queued_non_blocking;
    {
        const gpucc::StreamGuard on(non_blocking);
        queued_non_blocking = median_us(add, [&] { non_blocking.synchronize(); }, check);
    }
    const PerCall host_func = median_us([&] { non_blocking.launch_host_func([] {}); },
                                        [&] { non_blocking.synchronize(); }, [] {});

    std::printf(
        "| call (64 float32, %d back to back, then synchronize; median of %d rounds) | "
        "us per call to issue (wall) | caller's CPU us per call to issue | us per call to issue "
        "and finish (wall) |\n",
        kCalls, kRounds);
    std::printf("|---|---|---|---|\n");
    const auto row = [](const char* what, PerCall t) {
        std::printf("| %s | %.3f | %.3f | %.3f |\n", what, t.issue, t.issue_cpu, t.total);
    };
    row("add on the null stream (direct call on the caller)", direct);
    row("add queued on a blocking CPU stream", queued_blocking);
    row("add queued on a non-blocking CPU stream", queued_non_blocking);
    row("empty launch_host_func on a CPU stream", host_func);
    std::printf("\nstream-ordered overhead over a direct call, the caller's CPU time: %.3f us "
                "(blocking), %.3f us (non-blocking); wall, issue and finish: %.3f us, %.3f us; "
                "results %s\n",
                queued_blocking.issue_cpu - direct.issue_cpu,
                queued_non_blocking.issue_cpu - direct.issue_cpu,
                queued_blocking.total - direct.total, queued_non_blocking.total - direct.total,
                ok ? "checked" : "WRONG");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
