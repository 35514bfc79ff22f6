// The host's gamma draw (runtime/src/random/host_gamma.h) against an independent scalar
// evaluation of kernels/random.dsl's gamma (Marsaglia and Tsang over the tests' own Philox) and
// against the kernel itself launched on Device::cpu(), at every instruction set this CPU has:
// equal value for value with scalar libm (to the last bits with libmvec), for float32 and
// float64, shapes below, at and above 1, tiny and large shapes, shape 0, scales other than 1,
// the log output beta uses, sizes around the host's batch and chunk and counters crossing 2^32
// (the kernel on the CPU target to its last bits: it calls libmvec's vector log and cos).
// Generator::gamma and beta on the CPU and on the device under test agree too.
#include "host_gamma.h"
#include "random_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <random.gpucc.h> // the library's own kernels, for gamma itself
#include <utility>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;
using rnd::detail::PhiloxIsa;

constexpr std::uint64_t kSeed = 0x0DDBA11CAFEF00Dull;

/// The kernel's value for element e, written from its source line by line (scalar libm).
double reference_gamma(std::uint64_t counter, double shape, double scale, bool log_output) {
    if (shape == 0.0) {
        return log_output ? -INFINITY : 0.0;
    }
    const double a = shape < 1.0 ? shape + 1.0 : shape;
    const double d = a - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    double v = 1.0;
    double boost = 1.0;
    for (std::uint32_t attempt = 0;; ++attempt) {
        const Block x = block_at(kSeed, counter, attempt);
        const double u1 = (x[0] + 0.5) * 2.3283064365386963e-10;
        const double angle = 6.283185307179586 * (x[1] * 2.3283064365386963e-10);
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(angle);
        const double u = (x[2] + 0.5) * 2.3283064365386963e-10;
        boost = (x[3] + 0.5) * 2.3283064365386963e-10;
        const double base = 1.0 + c * z;
        if (base <= 0.0) {
            continue;
        }
        v = base * base * base;
        if (u < 1.0 - 0.0331 * z * z * z * z ||
            std::log(u) < 0.5 * z * z + d * (1.0 - v + std::log(v))) {
            break;
        }
    }
    if (log_output) {
        double logx = std::log(d) + std::log(v) + std::log(scale);
        if (shape < 1.0) {
            logx += std::log(boost) / shape;
        }
        return logx;
    }
    double x = d * v;
    if (shape < 1.0) {
        x *= std::pow(boost, 1.0 / shape);
    }
    return scale * x;
}

template <class T>
void expect_host_is_reference_and_kernel(PhiloxIsa isa, std::int64_t n, std::uint64_t first,
                                         double shape, double scale, bool log_output) {
    const DType dtype = gpucc::dtype_of<T>();
    std::vector<T> host(static_cast<std::size_t>(n));
    rnd::detail::host_gamma(isa, dtype, host.data(), n, kSeed, first, shape, scale, log_output);
    gpucc::NDArray kernel_out = gpucc::empty({n}, dtype, gpucc::Device::cpu());
    gpucc_random::gamma(gpucc::Dim3(static_cast<unsigned>((n + 255) / 256)), gpucc::Dim3(256),
                        kernel_out, kSeed, first, shape, scale, log_output ? 1 : 0);
    const std::vector<T> kernel = gpucc::Array<T>(kernel_out).to_host();
    int nonzero = 0;
    double worst = 0;
    for (std::int64_t e = 0; e < n; ++e) {
        const T want = static_cast<T>(
            reference_gamma(first + static_cast<std::uint64_t>(e), shape, scale, log_output));
        // libmvec's log, cos and pow (AVX2, AVX-512; within 4 ulp) and libm's scalar ones may
        // differ in the last bits, and the kernel on the CPU target calls libmvec's at its own
        // level: as between the GPU and the CPU. A float32 value may round to the neighbouring
        // float. With scalar libm (Baseline) the host is the reference exactly.
        const double tolerance = 1e-12 * (1 + std::fabs(double(want))) +
                                 (sizeof(T) == 4 ? 1.2e-7 * std::fabs(double(want)) : 0.0);
        if (isa == PhiloxIsa::Baseline) {
            ASSERT_EQ(host[e], want)
                << "element " << e << " shape " << shape << " log " << log_output;
        } else if (host[e] != want) {
            ASSERT_NEAR(double(host[e]), double(want), tolerance)
                << "element " << e << " shape " << shape << " isa " << int(isa);
        }
        nonzero += host[e] != T(0);
        if (host[e] == kernel[e]) {
            continue;
        }
        ASSERT_NEAR(double(host[e]), double(kernel[e]), tolerance)
            << "element " << e << " shape " << shape;
        worst = std::max(worst, std::fabs(double(host[e]) - double(kernel[e])) /
                                    (1 + std::fabs(double(want))));
    }
    if (shape > 0.01) {
        EXPECT_GT(nonzero, n / 2) << "shape " << shape;
    }
    if (sizeof(T) == 8) {
        std::printf("isa %d shape %g log %d: host vs kernel within %.3g (1 + |x|)\n", int(isa),
                    shape, int(log_output), worst);
    }
}

template <class T>
void expect_host_is_reference_and_kernel(std::int64_t n, std::uint64_t first, double shape,
                                         double scale, bool log_output) {
    for (const PhiloxIsa isa : {PhiloxIsa::Baseline, PhiloxIsa::Avx2, PhiloxIsa::Avx512}) {
        if (rnd::detail::philox_isa_supported(isa)) {
            expect_host_is_reference_and_kernel<T>(isa, n, first, shape, scale, log_output);
        }
    }
}
TEST(RandomHostGamma, IsTheReferenceAndTheKernelToItsLastBitsForEveryDtypeAndShape) {
    for (const double shape : {0.5, 1.0, 2.5, 0.003, 1e-6, 0.999, 1.0001, 40.0, 1e6, 0.0}) {
        for (const bool log_output : {false, true}) {
            const double scale = log_output ? 1.0 : 2.75;
            expect_host_is_reference_and_kernel<double>(3001, 123, shape, scale, log_output);
            expect_host_is_reference_and_kernel<float>(3001, 777, shape, scale, log_output);
        }
    }
}

TEST(RandomHostGamma, SizesAroundTheBatchAndChunkAndCountersPast2To32) {
    for (const std::int64_t n : {std::int64_t{1}, std::int64_t{255}, std::int64_t{257},
                                 std::int64_t{8193}, std::int64_t{40001}}) {
        expect_host_is_reference_and_kernel<double>(n, (std::uint64_t{1} << 32) - 1000, 2.5, 0.5,
                                                    false);
        expect_host_is_reference_and_kernel<float>(n, 5, 0.5, 3.0, false);
    }
}

// host_beta is 1 / (1 + exp(log Y - log X)) of host_gamma's two log outputs: exactly with scalar
// libm (Baseline), to the last bits with libmvec's exp; values in [0, 1], not all at the ends.
TEST(RandomHostBeta, IsTheRatioOfTheTwoLogGammas) {
    constexpr std::int64_t kN = 20001;
    for (const PhiloxIsa isa : {PhiloxIsa::Baseline, PhiloxIsa::Avx2, PhiloxIsa::Avx512}) {
        if (!rnd::detail::philox_isa_supported(isa)) {
            continue;
        }
        for (const auto& [a, b] : {std::pair{2.0, 3.0}, std::pair{0.5, 0.5}, std::pair{0.01, 0.02},
                                   std::pair{50.0, 1.0}}) {
            std::vector<double> log_x(kN), log_y(kN), got(kN);
            rnd::detail::host_gamma(isa, DType::Float64, log_x.data(), kN, kSeed, 9, a, 1.0, true);
            rnd::detail::host_gamma(isa, DType::Float64, log_y.data(), kN, kSeed, 9 + kN, b, 1.0,
                                    true);
            rnd::detail::host_beta(isa, got.data(), kN, kSeed, 9, 9 + kN, a, b);
            int inside = 0;
            for (std::int64_t e = 0; e < kN; ++e) {
                const double want = 1.0 / (1.0 + std::exp(log_y[e] - log_x[e]));
                if (isa == PhiloxIsa::Baseline) {
                    ASSERT_EQ(got[e], want) << "a " << a << " b " << b << " element " << e;
                } else if (got[e] != want) {
                    ASSERT_NEAR(got[e], want, 1e-15) << "a " << a << " b " << b << " element " << e;
                }
                ASSERT_TRUE(got[e] >= 0.0 && got[e] <= 1.0) << "element " << e;
                inside += got[e] > 1e-3 && got[e] < 1.0 - 1e-3;
            }
            EXPECT_GT(inside, kN / 100) << "a " << a << " b " << b;
        }
    }
}

TEST(RandomHostGamma, RejectsANonFloatDtype) {
    std::int32_t y[4];
    EXPECT_THROW(
        rnd::detail::host_gamma(PhiloxIsa::Baseline, DType::Int32, y, 4, 1, 0, 2.0, 1.0, false),
        gpucc::TypeError);
}

// The same draws on the CPU (the host path) and on the device under test (the kernel on the
// GPU build, equal up to libdevice's and libm's log, cos and pow; on the CPU build both are the
// host path).
TEST(RandomHostGamma, CpuAndDeviceUnderTestAgree) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    for (const double shape : {0.5, 2.5}) {
        rnd::Generator on_cpu(17);
        rnd::Generator on_device(17);
        const auto cpu = on_cpu.gamma<double>(shape, 2.0, {20001}, gpucc::Device::cpu()).to_host();
        const auto device =
            on_device.gamma<double>(shape, 2.0, {20001}, device_under_test()).to_host();
        for (std::size_t i = 0; i < cpu.size(); ++i) {
            ASSERT_NEAR(cpu[i], device[i], 1e-12 * (1 + cpu[i])) << "element " << i;
        }
        const auto bc = gpucc::Array<double>(
                            on_cpu.beta(shape, 3.0, {5001}, DType::Float64, gpucc::Device::cpu()))
                            .to_host();
        const auto bd = gpucc::Array<double>(
                            on_device.beta(shape, 3.0, {5001}, DType::Float64, device_under_test()))
                            .to_host();
        for (std::size_t i = 0; i < bc.size(); ++i) {
            ASSERT_NEAR(bc[i], bd[i], 1e-12) << "element " << i;
        }
    }
}

} // namespace
