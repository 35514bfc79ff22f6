// Host overhead of a stream-ordered launch on the CPU target (issue 23's figure: <= 2 us over a
// direct call), for every kind of launch: a standard-library elementwise add and a sum reduction
// (64 float32, outputs allocated from the CPU's pool), a jit-style kernel (bench/
// cpu_grid_kernels.dsl's elementwise_copy, one block of 64 threads) and a host function. Each is
// issued N times back to back (default 20,000), then one synchronize, as benchmarks.md times host
// overhead:
//  - direct: on the legacy null stream, which runs the call on the caller at once (for the host
//    function, launch_host_func on the null stream);
//  - queued: on a CPU gpucc::Stream (blocking, and non-blocking), whose worker runs the calls in
//    order while the caller queues the next ones.
// The overhead of a stream-ordered launch is the queued per-call time to issue and finish (wall
// clock, N launches and the synchronize, divided by N) minus the direct per-call time. The median
// per-call times of R rounds (default 15, after 2 warm-up rounds) are printed, with the caller's
// own CPU time to issue and the CPU time of all the process's threads (what the queue costs in
// work, whatever the machine's load does to the wall clock); every result is checked after every
// round. Run:
// build/bench/cpu_stream_bench [N] [R] (bench/results/ has the figures and the command).
#include "cpu_grid_kernels.gpucc.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <gpucc/array/array.h>
#include <gpucc/device/device.h>
#include <gpucc/device/stream.h>
#include <gpucc/stdlib/creation.h>
#include <gpucc/stdlib/reduction.h>
#include <gpucc/stdlib/ufunc.h>
#include <vector>

namespace {

constexpr std::int64_t kElements = 64;

/// Microseconds per call: to issue them (the caller's time), and to issue and finish them.
struct PerCall {
    double issue = 0;       // wall time
    double issue_cpu = 0;   // the caller's own CPU time (CLOCK_THREAD_CPUTIME_ID)
    double total = 0;       // wall time, issue and finish
    double process_cpu = 0; // CPU time of every thread of the process (caller, stream worker,
                            // pool), issue and finish
};

double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

double process_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Medians over `rounds` rounds of `calls` calls of `issue`, then `finish`, then `check`.
PerCall median_us(int calls, int rounds, const std::function<void()>& issue,
                  const std::function<void()>& finish, const std::function<void()>& check) {
    std::vector<double> issued;
    std::vector<double> issued_cpu;
    std::vector<double> totals;
    std::vector<double> process;
    for (int round = 0; round < rounds + 2; ++round) {
        const double process_start = process_cpu_us();
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_us();
        for (int i = 0; i < calls; ++i) {
            issue();
        }
        const double cpu_queued = thread_cpu_us();
        const auto queued = std::chrono::steady_clock::now();
        finish();
        const auto end = std::chrono::steady_clock::now();
        const double process_end = process_cpu_us();
        check();
        if (round >= 2) { // two warm-up rounds
            issued.push_back(std::chrono::duration<double, std::micro>(queued - start).count() /
                             calls);
            issued_cpu.push_back((cpu_queued - cpu_start) / calls);
            totals.push_back(std::chrono::duration<double, std::micro>(end - start).count() /
                             calls);
            process.push_back((process_end - process_start) / calls);
        }
    }
    return {median(issued), median(issued_cpu), median(totals), median(process)};
}

/// One kind of launch: how to issue it on the current stream, and how to check its result.
struct Kind {
    const char* name;
    std::function<void(gpucc::StreamRef)> issue;
    std::function<bool()> check;
};

} // namespace

int main(int argc, char** argv) {
    const int calls = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
    if (calls <= 0 || rounds <= 0) {
        std::fprintf(stderr, "usage: cpu_stream_bench [calls > 0] [rounds > 0]\n");
        return EXIT_FAILURE;
    }
    const gpucc::Device cpu = gpucc::Device::cpu();
    // The calls made directly go to the default device: the CPU here, also on a machine with a GPU.
    const gpucc::DeviceGuard on_cpu(cpu);
    const gpucc::Array<float> x = gpucc::full<float>(gpucc::Shape{kElements}, 1.5F, cpu);
    const gpucc::Array<float> y = gpucc::full<float>(gpucc::Shape{kElements}, 2.0F, cpu);
    gpucc::Array<float> sum_out;
    gpucc::Array<float> copy_out = gpucc::full<float>(gpucc::Shape{kElements}, -1.0F, cpu);
    std::atomic<std::int64_t> host_calls{0};
    std::int64_t host_expected = 0;

    const auto all_equal = [](const std::vector<float>& got, float want) {
        return std::all_of(got.begin(), got.end(), [&](float v) { return v == want; });
    };
    std::vector<Kind> kinds;
    kinds.push_back({"elementwise add", [&](gpucc::StreamRef) { sum_out = gpucc::add(x, y); },
                     [&] { return all_equal(sum_out.to_host(), 3.5F); }});
    gpucc::Array<float> total;
    kinds.push_back({"sum reduction", [&](gpucc::StreamRef) { total = gpucc::sum(x); },
                     [&] { return all_equal(total.to_host(), 1.5F * kElements); }});
    kinds.push_back({"jit-style elementwise_copy (1 block of 64 threads)",
                     [&](gpucc::StreamRef) {
                         cgb::elementwise_copy(gpucc::Dim3(1), gpucc::Dim3(kElements), y, copy_out,
                                               static_cast<std::uint32_t>(kElements));
                     },
                     [&] { return all_equal(copy_out.to_host(), 2.0F); }});
    kinds.push_back({"host function (launch_host_func, empty body)",
                     [&](gpucc::StreamRef stream) {
                         stream.launch_host_func(
                             [&] { host_calls.fetch_add(1, std::memory_order_relaxed); });
                     },
                     [&] {
                         host_expected += calls;
                         return host_calls.load() == host_expected;
                     }});

    gpucc::Stream blocking(cpu);
    gpucc::Stream non_blocking(cpu, gpucc::StreamKind::NonBlocking);
    const gpucc::StreamRef null_stream = gpucc::Stream::null(cpu);
    bool ok = true;
    std::printf("calls per round: %d back to back, then one synchronize; median of %d rounds "
                "(after 2 warm-up rounds); times in us per call\n\n",
                calls, rounds);
    std::printf("| kind | stream | issue (wall) | caller's CPU to issue | issue and finish (wall) "
                "| overhead over direct (wall) | process CPU, all threads | CPU overhead over "
                "direct |\n|---|---|---|---|---|---|---|---|\n");
    for (const Kind& kind : kinds) {
        bool kind_ok = true;
        const auto check = [&] { kind_ok = kind.check() && kind_ok; };
        PerCall direct;
        {
            const gpucc::StreamGuard on(null_stream);
            direct = median_us(calls, rounds, [&] { kind.issue(null_stream); }, [] {}, check);
        }
        const auto queued_on = [&](gpucc::Stream& stream) {
            const gpucc::StreamGuard on(stream);
            return median_us(
                calls, rounds, [&] { kind.issue(stream); }, [&] { stream.synchronize(); }, check);
        };
        const PerCall on_blocking = queued_on(blocking);
        const PerCall on_non_blocking = queued_on(non_blocking);
        const auto row = [&](const char* stream, PerCall t, bool queued) {
            char wall[32] = "-";
            char cpu[32] = "-";
            if (queued) {
                std::snprintf(wall, sizeof wall, "%.3f", t.total - direct.total);
                std::snprintf(cpu, sizeof cpu, "%.3f", t.process_cpu - direct.process_cpu);
            }
            std::printf("| %s | %s | %.3f | %.3f | %.3f | %s | %.3f | %s |\n", kind.name, stream,
                        t.issue, t.issue_cpu, t.total, wall, t.process_cpu, cpu);
        };
        row("null (direct)", direct, false);
        row("blocking", on_blocking, true);
        row("non-blocking", on_non_blocking, true);
        if (!kind_ok) {
            std::printf("| %s | WRONG RESULT | | | | | | |\n", kind.name);
        }
        ok = ok && kind_ok;
    }
    std::printf("\nresults %s\n", ok ? "checked" : "WRONG");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
