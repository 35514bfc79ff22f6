// Tutorials 001 and 004 use several GPUs through CuPy's device context:
//     with cp.cuda.Device(1):
//         x_on_gpu1 = cp.array([1, 2, 3, 4, 5])
//     x_gpu_0 = cp.asarray(x_cpu)
//     with cp.cuda.Device(1):
//         x_gpu_1 = cp.asarray(x_gpu_0)   # GPU 0 -> GPU 1
//     x_cpu = x_gpu_1.get()
// In gpucc the context is a DeviceGuard, and an array moves to the guard's device with
// gpucc::asarray(array), as with cp.asarray (peer to peer where the GPUs allow it). After the
// cells, a data-parallel sum: the array split in halves over two GPUs, each half summed where it
// lives, the partial sums all-reduced with NCCL (gpucc::distributed), against the same sum on one
// GPU, with both times. Every result is checked against the host; the program exits 1 on a
// mismatch. The cells use the device choice that degrades, Device::cuda_or_cpu(n) (GPU n if
// present, else the CPU), so they run on any machine: on one without two GPUs they move arrays
// between the CPU and what GPU there is. The data-parallel sum needs two GPUs: with fewer it is
// skipped and says why. `--cells` runs the cells only.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <gpucc/gpucc.h>
#include <span>
#include <string>
#include <vector>

namespace {

using gpucc::Device;
using gpucc::DeviceGuard;

int g_failures = 0;

void check(bool ok, const char* what) {
    std::printf("  %-58s %s\n", what, ok ? "ok" : "MISMATCH");
    g_failures += ok ? 0 : 1;
}

void tutorial_cells() {
    const Device gpu0 = Device::cuda_or_cpu(0);
    const Device gpu1 = Device::cuda_or_cpu(1);
    std::printf("tutorial cells (with cp.cuda.Device(1): ...), Device(0) = %s, Device(1) = %s:\n",
                gpu0.to_string().c_str(), gpu1.to_string().c_str());
    const std::vector<std::int64_t> expected = {1, 2, 3, 4, 5};
    gpucc::Array<std::int64_t> x_on_gpu1 = [&] {
        DeviceGuard on_gpu1(gpu1); // with cp.cuda.Device(1):
        return gpucc::asarray<std::int64_t>(expected);
    }();
    check(x_on_gpu1.device() == gpu1 && x_on_gpu1.to_host() == expected,
          "cp.array under Device(1) lives on Device(1)");

    const std::vector<std::int64_t> x_cpu = {1, 2, 3};
    const auto x_gpu_0 = gpucc::asarray<std::int64_t>(x_cpu, gpu0);
    gpucc::Array<std::int64_t> x_gpu_1 = [&] {
        DeviceGuard on_gpu1(gpu1);
        return gpucc::asarray(x_gpu_0); // cp.asarray(x_gpu_0) under Device(1)
    }();
    check(x_gpu_1.device() == gpu1 && x_gpu_1.to_host() == x_cpu,
          "cp.asarray(x_gpu_0) under Device(1): Device(0) -> Device(1)");
    check(x_gpu_0.to_host() == x_cpu, "x_gpu_0.get() under Device(0)");
    check(x_gpu_1.to_host() == x_cpu, "x_gpu_1.get() under Device(1)");
    check(x_gpu_1.to(gpu0).device() == gpu0 && x_gpu_1.to(gpu0).to_host() == x_cpu,
          "and back: Device(1) -> Device(0)");
    if (gpu0.is_cuda() && gpu1.is_cuda()) {
        std::printf("  peer access cuda:1 -> cuda:0 memory: %s\n",
                    gpucc::can_access_peer(gpu1, gpu0)
                        ? "yes (copies go GPU to GPU)"
                        : "no (the driver stages copies through the host)");
    }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void data_parallel_sum(std::int64_t n) {
    // cp.random.uniform(-1, 1, n) on GPU 0; a host copy for the reference sum and the halves.
    const std::vector<float> host =
        gpucc::random::default_rng(42).uniform<float>(-1.0, 1.0, {n}, Device::cuda(0)).to_host();
    double reference = 0;
    for (float v : host) {
        reference += v;
    }
    const std::int64_t half = n / 2;
    const auto whole = gpucc::asarray<float>(host, Device::cuda(0));
    const auto first =
        gpucc::asarray<float>(std::span<const float>(host).first(half), Device::cuda(0));
    const auto second =
        gpucc::asarray<float>(std::span<const float>(host).subspan(half), Device::cuda(1));
    std::vector<gpucc::distributed::Communicator> comms =
        gpucc::distributed::Communicator::init_all({0, 1});

    constexpr int kRepeat = 20;
    float one_gpu = 0;
    double one_gpu_s = 0;
    for (int i = -1; i < kRepeat; ++i) { // i == -1: warm-up
        const auto start = std::chrono::steady_clock::now();
        one_gpu = whole.sum().item();
        one_gpu_s += i >= 0 ? seconds_since(start) : 0;
    }
    float two_gpus = 0;
    double two_gpus_s = 0;
    for (int i = -1; i < kRepeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        gpucc::Array<float> partial0 = first.sum();
        gpucc::Array<float> partial1 = [&] {
            DeviceGuard on_gpu1(Device::cuda(1));
            return second.sum();
        }();
        {
            gpucc::distributed::Group group; // one thread drives both GPUs
            comms[0].all_reduce(partial0, partial0);
            comms[1].all_reduce(partial1, partial1);
        }
        two_gpus = partial0.item();
        const float on_gpu1 = partial1.item();
        two_gpus_s += i >= 0 ? seconds_since(start) : 0;
        if (on_gpu1 != two_gpus) {
            check(false, "both GPUs hold the same all-reduced sum");
        }
    }
    const double tolerance = 1e-4 * std::sqrt(static_cast<double>(n));
    check(std::fabs(one_gpu - reference) < tolerance, "sum on one GPU matches the host");
    check(std::fabs(two_gpus - reference) < tolerance, "sum split over two GPUs matches the host");
    std::printf("  sum of %lld float32: 1 GPU %.3f ms, 2 GPUs %.3f ms, speed-up %.2fx\n",
                static_cast<long long>(n), 1e3 * one_gpu_s / kRepeat, 1e3 * two_gpus_s / kRepeat,
                one_gpu_s / two_gpus_s);
}

} // namespace

int main(int argc, char** argv) {
    ::setenv("NCCL_NVLS_ENABLE", "0", 0);
    const int gpus = gpucc::cuda_device_count();
    std::printf("seed_multi_device: %d CUDA device%s\n", gpus, gpus == 1 ? "" : "s");
    tutorial_cells();
    if (argc > 1 && std::string(argv[1]) == "--cells") {
        return g_failures == 0 ? 0 : 1;
    }
    if (gpus < 2) {
        std::printf("data-parallel sum:\n  skipped: it needs two GPUs (cuda:0 and cuda:1); this "
                    "machine has %d\n",
                    gpus);
        return g_failures == 0 ? 0 : 1;
    }
    const std::int64_t n = argc > 1 && std::string(argv[1]) == "--quick" ? (1 << 20) : (1 << 28);
    std::printf("data-parallel sum:\n");
    data_parallel_sum(n);
    return g_failures == 0 ? 0 : 1;
}
