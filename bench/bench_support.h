// What the benchmarks share: random inputs that are quick to make at 2^28 elements and the
// same on every machine for a seed, the timings every figure comes from (the median of CUDA
// event timings on the default device's stream, or of wall times on the CPU, after untimed
// warm-up runs), and the JSON lines the report scripts read, so that numbers of different
// benchmarks are measured and written one way.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <gpucc/device/device.h>
#include <gpucc/device/event.h>
#include <string>
#include <utility>
#include <vector>

namespace bench_support {

/// The median of `values` (the upper one of an even count); `values` must not be empty.
inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

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
    return median(std::move(times));
}

/// The wall time of one `run` in milliseconds.
template <class F>
double wall_ms(F&& run) {
    const auto start = std::chrono::steady_clock::now();
    run();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

/// The median wall time of `run` in milliseconds over `repeat` runs after `warmup` untimed ones
/// (CPU work, which is synchronous).
template <class F>
double median_wall_ms(F&& run, int warmup, int repeat) {
    for (int i = 0; i < warmup; ++i) {
        run();
    }
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        times.push_back(wall_ms(run));
    }
    return median(std::move(times));
}

/// One JSON object on one line of stdout, built field by field and flushed when printed, e.g.
/// `JsonLine().text("case", "gemm").number("ms", ms, 5).print();`.
class JsonLine {
public:
    JsonLine& text(const char* key, const std::string& value) {
        field(key);
        line_ += '"' + value + '"';
        return *this;
    }
    JsonLine& integer(const char* key, long long value) {
        field(key);
        line_ += std::to_string(value);
        return *this;
    }
    /// `value` with `digits` digits after the point.
    JsonLine& number(const char* key, double value, int digits) {
        char buffer[64];
        std::snprintf(buffer, sizeof(buffer), "%.*f", digits, value);
        field(key);
        line_ += buffer;
        return *this;
    }
    void print() const {
        std::printf("{%s}\n", line_.c_str());
        std::fflush(stdout);
    }

private:
    void field(const char* key) {
        if (!line_.empty()) {
            line_ += ", ";
        }
        line_ += '"' + std::string(key) + "\": ";
    }
    std::string line_;
};

/// A JsonLine starting with the fields every gpucc figure of the report scripts has.
inline JsonLine gpucc_line(const std::string& device, const std::string& name,
                           const std::string& dtype) {
    JsonLine line;
    line.text("tool", "gpucc").text("device", device).text("case", name).text("dtype", dtype);
    return line;
}

} // namespace bench_support
