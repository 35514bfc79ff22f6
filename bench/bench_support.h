// What the GPU benchmarks share: random inputs that are quick to make at 2^28 elements and the
// same on every machine for a seed, and the timing every figure comes from (the median of CUDA
// event timings on the default device's stream, after untimed warm-up runs), so that numbers of
// different benchmarks are measured one way.
#pragma once

#include <algorithm>
#include <cstdint>
#include <gpucc/device/device.h>
#include <gpucc/device/event.h>
#include <vector>

namespace bench_support {

/// `n` floats uniform in [low, high) from a 64-bit LCG seeded with `seed` (24 random bits each).
inline std::vector<float> random_floats(std::int64_t n, std::uint64_t seed, float low, float high) {
    std::vector<float> values(static_cast<std::size_t>(n));
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
    const float scale = (high - low) * (1.0f / 16777216.0f);
    for (float& v : values) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        v = low + static_cast<float>(state >> 40) * scale;
    }
    return values;
}

/// The median time of `run` in milliseconds over `repeat` runs, each between two events recorded
/// on the default device's current stream, after `warmup` untimed runs.
template <class F>
double median_ms(F&& run, int warmup, int repeat) {
    for (int i = 0; i < warmup; ++i) {
        run();
    }
    gpucc::Device device = gpucc::default_device();
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        gpucc::Event start(device), stop(device);
        start.record();
        run();
        stop.record();
        stop.synchronize();
        times.push_back(gpucc::elapsed_ms(start, stop));
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace bench_support
