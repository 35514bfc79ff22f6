// The seed tutorials' random calls with gpucc::random, on the default device (the GPU when one is
// usable, else the CPU; GPUCC_DEVICE=cpu forces the CPU):
//   - tutorial 000, exercise 2: two arrays of N random numbers made on the CPU, copied to the
//     device, summed there and copied back; then the same arrays drawn directly on the device;
//   - tutorial 002: cp.random.random(1000), cp.random.rand(1000, 1000),
//     cp.random.random((1000, 1000)), cp.random.random((256, 256, 256), dtype=cp.float32),
//     cp.random.random(10, dtype=np.float32).reshape(2, 5), cupy.random.normal(size=(n,),
//     dtype=cupy.float32);
//   - tutorial 003: cp.random.randn(1024, 1024).astype(cp.float32);
//   - tutorial 004: cp.random.random((1000, 1000)) and cupy.random.normal(size=(n,), float32).
// Each result is checked: its shape and dtype, its range, and its mean and standard deviation
// within six standard errors of the distribution's (computed on the device by the library's
// reductions). The program prints one line per call and exits 1 on a failed check.
#include <cmath>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <string>
#include <vector>

namespace {

namespace rnd = gpucc::random;

bool all_ok = true;

void check(bool ok, const std::string& what) {
    std::printf("%-64s %s\n", what.c_str(), ok ? "ok" : "FAILED");
    all_ok = all_ok && ok;
}

/// Uniform on [0, 1): every value in range, mean 1/2 and standard deviation sqrt(1/12) within six
/// standard errors.
template <class T>
bool is_uniform01(const gpucc::Array<T>& x) {
    const double n = static_cast<double>(x.size());
    const double low = static_cast<double>(x.min().item());
    const double high = static_cast<double>(x.max().item());
    const double mean = static_cast<double>(x.mean().item());
    const double sd = static_cast<double>(x.std().item());
    const double sd_want = std::sqrt(1.0 / 12.0);
    return low >= 0.0 && high < 1.0 && std::fabs(mean - 0.5) <= 6 * sd_want / std::sqrt(n) &&
           std::fabs(sd - sd_want) <= 6 * std::sqrt(1.0 / 180.0 / n) / (2 * sd_want) + 1e-6;
}

/// Normal(loc, scale): mean and standard deviation within six standard errors.
template <class T>
bool is_normal(const gpucc::Array<T>& x, double loc, double scale) {
    const double n = static_cast<double>(x.size());
    const double mean = static_cast<double>(x.mean().item());
    const double sd = static_cast<double>(x.std().item());
    return std::fabs(mean - loc) <= 6 * scale / std::sqrt(n) &&
           std::fabs(sd - scale) <= 6 * scale / std::sqrt(2 * n) + 1e-6;
}

std::string shape_text(const gpucc::Shape& shape) {
    return shape.to_string();
}

/// Tutorial 000, exercise 2.
void transfers_and_device_allocation(gpucc::Device device) {
    constexpr std::int64_t kN = 1 << 20;
    // 1-4: made on the CPU, copied to the device, summed, copied back.
    const auto x1 = rnd::random<float>({kN}, gpucc::Device::cpu()).to_host();
    const auto x2 = rnd::random<float>({kN}, gpucc::Device::cpu()).to_host();
    const auto d1 = gpucc::asarray<float>(x1, {kN}, device);
    const auto d2 = gpucc::asarray<float>(x2, {kN}, device);
    const std::vector<float> sum = gpucc::Array<float>(d1 + d2).to_host();
    bool exact = true;
    for (std::int64_t i = 0; i < kN; ++i) {
        exact = exact && sum[i] == x1[i] + x2[i];
    }
    check(exact, "000/2: CPU arrays copied, summed on the device, copied back");
    // Without the copy: drawn on the device.
    const auto g1 = rnd::random<float>({kN}, device);
    const auto g2 = rnd::random<float>({kN}, device);
    const gpucc::Array<float> g = g1 + g2;
    const double mean = g.mean().item();
    check(g.min().item() >= 0.0f && g.max().item() < 2.0f &&
              std::fabs(mean - 1.0) <= 6 * std::sqrt(2.0 / 12.0 / kN) && is_uniform01(g1) &&
              is_uniform01(g2),
          "000/2: the same arrays drawn on the device, summed");
}

} // namespace

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("device: %s\n", device.to_string().c_str());
    rnd::seed(2026, device);
    rnd::seed(2026, gpucc::Device::cpu());

    transfers_and_device_allocation(device);

    // Tutorial 002.
    const auto r1000 = rnd::random<double>({1000}, device);
    check(r1000.shape() == gpucc::Shape{1000} && is_uniform01(r1000),
          "002: cp.random.random(1000) " + shape_text(r1000.shape()) + " float64");
    const auto rand2 = rnd::rand<double>({1000, 1000}, device);
    check(is_uniform01(rand2), "002: cp.random.rand(1000, 1000) " + shape_text(rand2.shape()));
    const auto random2 = rnd::random<double>({1000, 1000}, device);
    check(is_uniform01(random2),
          "002, 004: cp.random.random((1000, 1000)) " + shape_text(random2.shape()));
    const auto cube = rnd::random<float>({256, 256, 256}, device);
    check(is_uniform01(cube),
          "002: cp.random.random((256, 256, 256), dtype=float32) " + shape_text(cube.shape()));
    const auto small = rnd::random<float>({10}, device).reshape({2, 5});
    const auto small_host = small.to_host();
    bool in_range = small.shape() == gpucc::Shape{2, 5};
    for (float v : small_host) {
        in_range = in_range && v >= 0.0f && v < 1.0f;
    }
    check(in_range,
          "002: cp.random.random(10, dtype=float32).reshape(2, 5) " + shape_text(small.shape()));
    constexpr std::int64_t kNormalSize = 1 << 22;
    const auto z = rnd::normal<float>({kNormalSize}, 0.0, 1.0, device);
    check(is_normal(z, 0.0, 1.0), "002, 004: cupy.random.normal(size=(2^22,), dtype=float32)");

    // Tutorial 003: drawn in float64, then converted, as the notebook's .astype(cp.float32).
    const auto a = rnd::randn<double>({1024, 1024}, device).astype<float>();
    check(a.shape() == gpucc::Shape{1024, 1024} && is_normal(a, 0.0, 1.0),
          "003: cp.random.randn(1024, 1024).astype(cp.float32)");

    std::printf("%s\n", all_ok ? "all checks passed" : "some checks FAILED");
    return all_ok ? 0 : 1;
}
