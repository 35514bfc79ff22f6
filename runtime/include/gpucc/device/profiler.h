// cupyx.profiler.benchmark in C++: call a function many times and report the time it took on the
// host (a steady clock around each call) and on each GPU (CUDA events recorded on the GPU's
// current stream before and after each call), in seconds, with CuPy's summary line:
//
//   std::cout << gpucc::benchmark([&] { gpucc::multiply(a, a); }, {.n_repeat = 100,
//                                                                 .name = "multiply"});
//   multiply            :    CPU:   25.292 us   +/- 5.547 (min:   21.103 / max:   51.869) us GPU-0:
//   101.437 us   +/- 5.273 (min:   96.256 / max:  125.952) us
//
// As in CuPy: n_warmup calls first (not timed), then the work queued so far on each GPU is waited
// for; each timed call is followed by a wait for its GPU work; the loop stops after n_repeat calls
// or once the time spent passes max_duration seconds; the GPUs timed are those given, by default
// the current one. CuPy needs a GPU; here, where the current device is the CPU (no GPU, or
// GPUCC_DEVICE=cpu), the default is no GPU and the result has CPU times only (then the time of
// host kernels, which finish before their call returns, is all in the CPU times).
#pragma once

#include "gpucc/device/device.h"

#include <functional>
#include <iosfwd>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gpucc {

/// Mean, standard deviation (of the population, as NumPy's std), minimum and maximum.
struct TimeSummary {
    double mean = 0;
    double std = 0;
    double min = 0;
    double max = 0;
};

/// The summary of `times`. ValueError when there are none.
TimeSummary summarize(std::span<const double> times);

/// What benchmark() measured (CuPy's _PerfCaseResult).
class BenchmarkResult {
public:
    /// From times measured, or given (to test the formatting): `gpu_times` has one row per entry
    /// of `devices` (GPUs), each as long as `cpu_times`, which must not be empty. ValueError
    /// naming what does not fit otherwise.
    BenchmarkResult(std::string name, std::vector<double> cpu_times, std::vector<Device> devices,
                    std::vector<std::vector<double>> gpu_times);

    const std::string& name() const noexcept { return name_; }
    /// Host seconds of each timed call.
    const std::vector<double>& cpu_times() const noexcept { return cpu_times_; }
    /// GPU seconds of each timed call, one row per device of devices().
    const std::vector<std::vector<double>>& gpu_times() const noexcept { return gpu_times_; }
    const std::vector<Device>& devices() const noexcept { return devices_; }

    /// CuPy's str(result): the name left-aligned in 20 characters, ':', then for the CPU and
    /// each GPU (as GPU-<ordinal>) "    <dev>:<mean> us", and when there is more than one time
    /// "   +/-<std> (min:<min> / max:<max>) us", microseconds as %9.3f (std as %6.3f), items
    /// joined by a space.
    std::string to_string() const { return to_string(true); }
    /// CuPy's to_str(show_gpu): the CPU item only when show_gpu is false.
    std::string to_string(bool show_gpu) const;

private:
    std::string name_;
    std::vector<double> cpu_times_;
    std::vector<Device> devices_;
    std::vector<std::vector<double>> gpu_times_;
};

/// Writes result.to_string().
std::ostream& operator<<(std::ostream& out, const BenchmarkResult& result);

/// benchmark()'s settings, CuPy's keywords, in the order of its positional form.
struct BenchmarkOptions {
    /// Timed calls (at least 1).
    int n_repeat = 10000;
    /// Calls before timing (at least 0).
    int n_warmup = 10;
    /// Seconds after which the timed loop stops early (not NaN).
    double max_duration = std::numeric_limits<double>::infinity();
    /// The name printed (CuPy takes the function's __name__; a C++ callable has none).
    std::string name = "benchmark";
    /// The GPUs to time; unset: default_device() when it is a GPU, else none.
    std::optional<std::vector<Device>> devices = std::nullopt;
};

/// Times `fn` (see the top of this file). ValueError for an empty fn, n_repeat < 1,
/// n_warmup < 0, a NaN max_duration or a CPU among the devices; what fn throws propagates.
BenchmarkResult benchmark(const std::function<void()>& fn, const BenchmarkOptions& options);
/// The same with CuPy's arguments by position.
BenchmarkResult benchmark(const std::function<void()>& fn, int n_repeat = 10000, int n_warmup = 10,
                          double max_duration = std::numeric_limits<double>::infinity(),
                          std::string name = "benchmark",
                          std::optional<std::vector<Device>> devices = std::nullopt);

} // namespace gpucc
