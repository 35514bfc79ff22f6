// BenchmarkResult: its checks, the summary statistics (as NumPy computes mean and std) and
// cupyx.profiler's text, character for character.
#include "gpucc/device/profiler.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <utility>

namespace gpucc {
namespace {

std::string fixed(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// CuPy's _to_str_per_item.
std::string item(const std::string& device_name, std::span<const double> seconds) {
    std::vector<double> us(seconds.begin(), seconds.end());
    for (double& t : us) {
        t *= 1e6;
    }
    const TimeSummary s = summarize(us);
    std::string text = "    " + device_name + ":" + fixed("%9.3f", s.mean) + " us";
    if (us.size() > 1) {
        text += "   +/-" + fixed("%6.3f", s.std) + " (min:" + fixed("%9.3f", s.min) +
                " / max:" + fixed("%9.3f", s.max) + ") us";
    }
    return text;
}

// Python's '{:<20s}': pads to 20 characters (code points, not bytes of UTF-8).
std::string left_aligned_20(const std::string& name) {
    const auto code_points =
        static_cast<std::size_t>(std::count_if(name.begin(), name.end(), [](char c) {
            return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        }));
    return code_points >= 20 ? name : name + std::string(20 - code_points, ' ');
}

} // namespace

TimeSummary summarize(std::span<const double> times) {
    if (times.empty()) {
        throw ValueError("summarize: times is empty; expected at least one time");
    }
    TimeSummary s;
    double sum = 0;
    for (const double t : times) {
        sum += t;
    }
    const auto n = static_cast<double>(times.size());
    s.mean = sum / n;
    double squares = 0;
    for (const double t : times) {
        squares += (t - s.mean) * (t - s.mean);
    }
    s.std = std::sqrt(squares / n);
    const auto [low, high] = std::minmax_element(times.begin(), times.end());
    s.min = *low;
    s.max = *high;
    return s;
}

BenchmarkResult::BenchmarkResult(std::string name, std::vector<double> cpu_times,
                                 std::vector<Device> devices,
                                 std::vector<std::vector<double>> gpu_times)
    : name_(std::move(name)), cpu_times_(std::move(cpu_times)), devices_(std::move(devices)),
      gpu_times_(std::move(gpu_times)) {
    if (cpu_times_.empty()) {
        throw ValueError("BenchmarkResult: cpu_times is empty; expected one time per call");
    }
    if (gpu_times_.size() != devices_.size()) {
        throw ValueError("BenchmarkResult: gpu_times has " + std::to_string(gpu_times_.size()) +
                         " rows but there are " + std::to_string(devices_.size()) +
                         " devices; expected one row per device");
    }
    for (std::size_t i = 0; i < devices_.size(); ++i) {
        if (!devices_[i].is_cuda()) {
            throw ValueError("BenchmarkResult: devices[" + std::to_string(i) +
                             "] is cpu; expected GPUs only (the CPU times are cpu_times)");
        }
        if (gpu_times_[i].size() != cpu_times_.size()) {
            throw ValueError("BenchmarkResult: gpu_times[" + std::to_string(i) + "] has " +
                             std::to_string(gpu_times_[i].size()) + " times; expected " +
                             std::to_string(cpu_times_.size()) + ", as many as cpu_times");
        }
    }
}

std::string BenchmarkResult::to_string(bool show_gpu) const {
    std::string items = item("CPU", cpu_times_);
    if (show_gpu) {
        for (std::size_t i = 0; i < devices_.size(); ++i) {
            std::string device_name = "GPU-";
            device_name += std::to_string(devices_[i].ordinal());
            items += ' ';
            items += item(device_name, gpu_times_[i]);
        }
    }
    return left_aligned_20(name_) + ":" + items;
}

std::ostream& operator<<(std::ostream& out, const BenchmarkResult& result) {
    return out << result.to_string();
}

} // namespace gpucc
