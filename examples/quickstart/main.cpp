// The quickstart: calls the kernels of kernels.dsl on arrays of the default device (the GPU when
// one is usable, else the CPU; GPUCC_DEVICE=cpu|cuda:N chooses) and checks every result against
// a plain C++ loop.
#include "kernels.gpucc.h"

#include <cmath>
#include <cstdio>
#include <gpucc/random.h>
#include <vector>

namespace {

int failures = 0;

template <class T>
void check(const char* what, const std::vector<T>& got, const std::vector<T>& want,
           double tolerance) {
    double worst = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        double scale = std::max(1.0, std::fabs(double(want[i])));
        worst = std::max(worst, std::fabs(double(got[i]) - double(want[i])) / scale);
    }
    bool ok = got.size() == want.size() && worst <= tolerance;
    failures += ok ? 0 : 1;
    std::printf("  %-28s %s (max relative error %.2e)\n", what, ok ? "ok  " : "FAIL", worst);
}

} // namespace

int main() {
    using namespace gpucc;
    const std::int64_t n = 1 << 20;
    Device device = default_device();
    std::printf("gpucc quickstart on %s, %lld elements\n", device.to_string().c_str(),
                static_cast<long long>(n));
    // Inputs drawn on the device (cupy.random's role), copied to the host for the checks.
    random::Generator rng(42);
    Array<float> x = rng.uniform<float>(-4.0, 4.0, {n}, device);
    Array<float> y = rng.uniform<float>(-4.0, 4.0, {n}, device);
    const std::vector<float> hx = x.to_host();
    const std::vector<float> hy = y.to_host();

    std::vector<float> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = (hx[i] - hy[i]) * (hx[i] - hy[i]);
    }
    check("squared_diff", demo::squared_diff(x, y).to_host(), want, 1e-6);
    check("squared_diff_generic<f32>", demo::squared_diff_generic(x, y).to_host(), want, 1e-6);

    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = hx[i] * hy[i] + 2.0f;
    }
    check("mul_add (scalar b = 2)", demo::mul_add(x, y, 2.0f).to_host(), want, 1e-6);

    Array<float> reversed = empty<float>({n}, device);
    demo::reverse(x, reversed);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = hx[n - 1 - i];
    }
    check("reverse (raw input)", reversed.to_host(), want, 0);

    std::vector<double> dre(hx.begin(), hx.end()), dim(hy.begin(), hy.end());
    auto [r, phi] =
        demo::polar(asarray<double>(dre, {n}, device), asarray<double>(dim, {n}, device));
    std::vector<double> want_r(n), want_phi(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want_r[i] = std::sqrt(dre[i] * dre[i] + dim[i] * dim[i]);
        want_phi[i] = want_r[i] == 0 ? 0 : std::atan2(dim[i], dre[i]);
    }
    check("polar<f64>: r", r.to_host(), want_r, 1e-14);
    check("polar<f64>: phi", phi.to_host(), want_phi, 1e-14);

    std::printf(failures == 0 ? "all results match\n" : "%d results differ\n", failures);
    return failures == 0 ? 0 : 1;
}
