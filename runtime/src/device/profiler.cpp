// gpucc::benchmark: the timing loop of cupyx.profiler.benchmark (cupyx/profiler/_time.py), with
// a steady clock for the host and a pair of CUDA events per GPU.
#include "gpucc/device/profiler.h"

#include "gpucc/device/event.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

namespace gpucc {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double>(end - start).count();
}

void check_options(const std::function<void()>& fn, const BenchmarkOptions& options,
                   const std::vector<Device>& devices) {
    if (!fn) {
        throw ValueError("benchmark: fn is empty; expected a callable");
    }
    if (options.n_repeat < 1) {
        throw ValueError("benchmark: n_repeat must be at least 1, got " +
                         std::to_string(options.n_repeat));
    }
    if (options.n_warmup < 0) {
        throw ValueError("benchmark: n_warmup must be at least 0, got " +
                         std::to_string(options.n_warmup));
    }
    if (std::isnan(options.max_duration)) {
        throw ValueError("benchmark: max_duration is NaN; expected seconds (infinity for no "
                         "limit)");
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
        if (!devices[i].is_cuda()) {
            throw ValueError("benchmark: devices[" + std::to_string(i) +
                             "] is cpu; expected GPUs (the CPU time is always measured)");
        }
    }
}

} // namespace

BenchmarkResult benchmark(const std::function<void()>& fn, const BenchmarkOptions& options) {
    std::vector<Device> devices;
    if (options.devices) {
        devices = *options.devices;
    } else if (const Device current = default_device(); current.is_cuda()) {
        devices.push_back(current);
    }
    check_options(fn, options, devices);

    std::vector<Event> starts;
    std::vector<Event> ends;
    for (const Device device : devices) {
        starts.emplace_back(device);
        ends.emplace_back(device);
    }
    for (int i = 0; i < options.n_warmup; ++i) {
        fn();
    }
    for (Event& end : ends) { // the warm-up's GPU work is over before the first timed call
        end.record();
        end.synchronize();
    }

    std::vector<double> cpu_times;
    std::vector<std::vector<double>> gpu_times(devices.size());
    cpu_times.reserve(static_cast<std::size_t>(std::min(options.n_repeat, 1 << 20)));
    double duration = 0;
    for (int repeat = 0; repeat < options.n_repeat; ++repeat) {
        for (Event& start : starts) {
            start.record();
        }
        const Clock::time_point t1 = Clock::now();
        fn();
        const Clock::time_point t2 = Clock::now();
        cpu_times.push_back(seconds_between(t1, t2));
        for (Event& end : ends) {
            end.record();
        }
        for (Event& end : ends) {
            end.synchronize();
        }
        for (std::size_t d = 0; d < devices.size(); ++d) {
            gpu_times[d].push_back(static_cast<double>(elapsed_ms(starts[d], ends[d])) * 1e-3);
        }
        duration += seconds_between(t1, Clock::now());
        if (duration > options.max_duration) {
            break;
        }
    }
    return BenchmarkResult(options.name, std::move(cpu_times), std::move(devices),
                           std::move(gpu_times));
}

BenchmarkResult benchmark(const std::function<void()>& fn, int n_repeat, int n_warmup,
                          double max_duration, std::string name,
                          std::optional<std::vector<Device>> devices) {
    BenchmarkOptions options;
    options.n_repeat = n_repeat;
    options.n_warmup = n_warmup;
    options.max_duration = max_duration;
    options.name = std::move(name);
    options.devices = std::move(devices);
    return benchmark(fn, options);
}

} // namespace gpucc
