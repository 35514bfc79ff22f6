// Graph replay benchmark on the GPU (the target: a captured graph of 100 tiny elementwise
// calls replays at under 1 us per kernel). The work: a chain of 100 standard-library adds on 1024
// float32, y_{i+1} = add(y_i, x), each output allocated by the default memory pool, on a
// non-blocking stream. Measured two ways:
//  - issued directly: the 100 calls, R times, then one synchronize (wall time per kernel, which is
//    what a program waits for, whether the host or the GPU is the bottleneck), and the GPU time of
//    100 calls by CUDA events (median over R);
//  - captured once (outputs allocated inside the capture and kept alive, as a graph needs), then
//    replayed R times: wall time per kernel (launches + final synchronize), the host time to queue
//    one replay, and the GPU time of one replay by events (median).
// The result of the last replay is checked (y_100 = 101 x). Prints one JSON object per line, as
// elementwise_bench does; bench/peers_graph.py measures CuPy the same way.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kKernels = 100;
constexpr std::int64_t kElements = 1024;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

/// The 100 calls, outputs allocated (and, here, freed as the chain moves on).
gpucc::Array<float> chain(const gpucc::Array<float>& x) {
    gpucc::Array<float> y = x;
    for (int i = 0; i < kKernels; ++i) {
        y = gpucc::add(y, x);
    }
    return y;
}

/// Median GPU milliseconds of `work` between two events on the current stream.
template <class F>
double median_event_ms(F&& work, int repeat) {
    std::vector<double> times;
    gpucc::Event start;
    gpucc::Event stop;
    for (int i = 0; i < repeat; ++i) {
        start.record();
        work();
        stop.record();
        stop.synchronize();
        times.push_back(gpucc::elapsed_ms(start, stop));
    }
    return median(times);
}

bool check(const char* what, const std::vector<float>& got, const std::vector<float>& x) {
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float want = 101.0F * x[i];
        if (std::fabs(got[i] - want) > 1e-5F * std::max(1.0F, std::fabs(want))) {
            std::fprintf(stderr, "%s: element %zu is %g, expected %g\n", what, i, got[i], want);
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    const int repeat = argc > 1 ? std::atoi(argv[1]) : 2000;
    if (gpucc::cuda_device_count() == 0) {
        std::fprintf(stderr, "graph_bench: no CUDA device\n");
        return 1;
    }
    const gpucc::Device device = gpucc::Device::cuda(0);
    gpucc::set_default_device(device);
    std::vector<float> host_x(kElements);
    for (std::int64_t i = 0; i < kElements; ++i) {
        host_x[i] = static_cast<float>(i % 97) * 0.25F - 3.0F;
    }
    const gpucc::Array<float> x = gpucc::asarray<float>(host_x, {kElements}, device);
    const gpucc::Stream stream(gpucc::StreamKind::NonBlocking);
    const gpucc::StreamGuard on(stream);

    // Issued directly.
    for (int i = 0; i < 20; ++i) {
        (void)chain(x);
    }
    stream.synchronize();
    Clock::time_point start = Clock::now();
    for (int r = 0; r < repeat; ++r) {
        (void)chain(x);
    }
    stream.synchronize();
    const double direct_us = seconds_since(start) * 1e6 / (static_cast<double>(repeat) * kKernels);
    const double direct_gpu_ms = median_event_ms([&] { (void)chain(x); }, std::min(repeat, 200));
    if (!check("direct chain", chain(x).to_host(), host_x)) {
        return 1;
    }
    std::printf(
        "{\"work\": \"100 tiny adds issued directly (1024 float32, outputs allocated), host "
        "time per kernel\", \"us\": %.3f}\n",
        direct_us);
    std::printf("{\"work\": \"100 tiny adds issued directly, GPU time per kernel (events)\", "
                "\"us\": %.3f}\n",
                direct_gpu_ms * 1e3 / kKernels);

    // Captured once, replayed.
    std::vector<gpucc::Array<float>> kept{x}; // what the graph writes outlives it
    kept.reserve(kKernels + 1);
    start = Clock::now();
    stream.begin_capture();
    for (int i = 0; i < kKernels; ++i) {
        kept.push_back(gpucc::add(kept.back(), x));
    }
    gpucc::Graph graph = stream.end_capture();
    const double capture_us = seconds_since(start) * 1e6;
    start = Clock::now();
    graph.upload(stream);
    stream.synchronize();
    const double upload_us = seconds_since(start) * 1e6;
    std::printf("{\"work\": \"capture + instantiate of the 100 adds (%zu nodes)\", \"us\": %.1f}\n",
                graph.node_count(), capture_us);
    std::printf("{\"work\": \"graph upload\", \"us\": %.1f}\n", upload_us);

    for (int i = 0; i < 20; ++i) {
        graph.launch(stream);
    }
    stream.synchronize();
    start = Clock::now();
    for (int r = 0; r < repeat; ++r) {
        graph.launch(stream);
    }
    const double queue_us = seconds_since(start) * 1e6 / repeat;
    stream.synchronize();
    const double replay_us = seconds_since(start) * 1e6 / (static_cast<double>(repeat) * kKernels);
    const double replay_gpu_ms =
        median_event_ms([&] { graph.launch(stream); }, std::min(repeat, 200));
    if (!check("graph replay", kept.back().to_host(), host_x)) {
        return 1;
    }
    std::printf("{\"work\": \"graph of 100 tiny adds replayed, wall time per kernel\", \"us\": "
                "%.3f}\n",
                replay_us);
    std::printf("{\"work\": \"graph of 100 tiny adds replayed, GPU time per kernel (events)\", "
                "\"us\": %.3f}\n",
                replay_gpu_ms * 1e3 / kKernels);
    std::printf("{\"work\": \"host time to queue one replay (cuGraphLaunch of 100 nodes)\", "
                "\"us\": %.3f}\n",
                queue_us);
    std::printf("{\"work\": \"graph replay vs direct calls, wall time per kernel\", \"speedup\": "
                "%.2f}\n",
                direct_us / replay_us);
    return 0;
}
