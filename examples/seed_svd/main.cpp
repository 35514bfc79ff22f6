// Seed tutorials 004 and 002's singular value decompositions, in C++, on the CPU and on the GPU
// (where there is one):
//   004:  x = np.random.random((1000, 1000)); x *= 2; u, s, v = np.linalg.svd(x)
//   002:  %%time x = cp.random.random((1000, 1000)); u, s, v = cp.linalg.svd(x)
//         and the same timed with cp.cuda.Event records around it against time.perf_counter.
// Each decomposition is checked (U diag(s) V reconstructs x to 1e-10 relative), so the program
// fails rather than print times of a wrong answer. `--quick` runs 200 x 200 (what CI runs).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <gpucc/gpucc.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
namespace la = gpucc::linalg;

bool quick = false;

// max |U diag(s) V - x| / max |x|, computed with the library's own matmul.
double reconstruction_error(const gpucc::NDArray& x, const la::SVDResult& usv) {
    const gpucc::NDArray us = gpucc::multiply(usv.U, usv.S.expand_dims(0));
    const gpucc::NDArray back = gpucc::matmul(us, usv.Vh);
    const double err = gpucc::max(gpucc::abs(gpucc::subtract(back, x))).item<double>();
    return err / gpucc::max(gpucc::abs(x)).item<double>();
}

// Tutorial 004's anatomy of a program.
bool anatomy(gpucc::Device device, std::int64_t n) {
    auto x = gpucc::random::random<double>({n, n}, device);
    x *= 2;
    const la::SVDResult usv = la::svd(x.ndarray());
    const double err = reconstruction_error(x.ndarray(), usv);
    std::printf("004 anatomy on %-7s: x %lldx%lld, x *= 2, svd: s[0] = %.4f, s[-1] = %.3e, "
                "|U S V - x| / |x| = %.1e\n",
                device.to_string().c_str(), static_cast<long long>(n), static_cast<long long>(n),
                usv.S(0).item<double>(), usv.S(n - 1).item<double>(), err);
    return err < 1e-10;
}

// Tutorial 002's %%time cell (wall time) and its event cell (GPU events against the host clock).
bool timing(gpucc::Device device, std::int64_t n) {
    const auto wall_start = Clock::now();
    auto x = gpucc::random::random<double>({n, n}, device);
    la::SVDResult usv = la::svd(x.ndarray());
    if (device.is_cuda()) {
        gpucc::current_stream(device).synchronize();
    }
    const double wall_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - wall_start).count();
    std::printf("002 %%%%time on %-7s: Wall time: %.1f ms (first call, library loading included)\n",
                device.to_string().c_str(), wall_ms);

    gpucc::Event start(device);
    gpucc::Event end(device);
    const gpucc::StreamRef stream = gpucc::current_stream(device);
    start.record(stream);
    const auto cpu_start = Clock::now();
    x = gpucc::random::random<double>({n, n}, device);
    usv = la::svd(x.ndarray());
    const double cpu_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - cpu_start).count();
    end.record(stream);
    end.synchronize();
    std::printf("002 events on %-7s: time measured with events %.1f ms, with the host clock %.1f "
                "ms\n",
                device.to_string().c_str(), static_cast<double>(gpucc::elapsed_ms(start, end)),
                cpu_ms);
    return reconstruction_error(x.ndarray(), usv) < 1e-10;
}

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        quick = quick || std::strcmp(argv[i], "--quick") == 0;
    }
    const std::int64_t n = quick ? 200 : 1000;
    std::vector<gpucc::Device> devices = {gpucc::Device::cpu()};
    if (gpucc::cuda_device_count() > 0) {
        devices.push_back(gpucc::Device::cuda(0));
    } else {
        std::printf("GPU: absent (no CUDA device); the CPU rows only\n");
    }
    bool ok = true;
    for (gpucc::Device device : devices) {
        ok = anatomy(device, n) && ok;
        ok = timing(device, n) && ok;
    }
    if (!ok) {
        std::printf("FAILED: an SVD did not reconstruct its input\n");
        return 1;
    }
    return 0;
}
