// The host's gamma draw (runtime/src/random/host_gamma.h) against an independent scalar
// evaluation of kernels/random.dsl's gamma (Marsaglia and Tsang over the tests' own Philox, with
// exact_math.h's log, cos and exp, whose accuracy exact_math_test.cpp measures) and against the
// kernel itself launched on Device::cpu(), at every instruction set this CPU has: equal value for
// value, for float32 and float64, shapes below, at and above 1, tiny and large shapes, shape 0,
// scales other than 1, the log output beta uses, sizes around the host's batch and chunk and
// counters crossing 2^32. Generator::gamma and beta on the CPU and on the device under test are
// equal too.
#include "exact_math.h"
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

/// The kernel's value for element e, written from its source line by line.
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
        const double z =
            std::sqrt(-2.0 * rnd::detail::exact_log(u1)) * rnd::detail::exact_cos_of_word(x[1]);
        const double u = (x[2] + 0.5) * 2.3283064365386963e-10;
        boost = (x[3] + 0.5) * 2.3283064365386963e-10;
        const double base = std::fma(c, z, 1.0);
        if (base <= 0.0) {
            continue;
        }
        v = base * base * base;
        const double one_minus_v = std::fma(-(base * base), base, 1.0);
        if (u < std::fma(-0.0331 * (z * z), z * z, 1.0) ||
            rnd::detail::exact_log(u) <
                std::fma(0.5 * z, z, d * (one_minus_v + rnd::detail::exact_log(v)))) {
            break;
        }
    }
    if (log_output) {
        double logx =
            rnd::detail::exact_log(d) + rnd::detail::exact_log(v) + rnd::detail::exact_log(scale);
        if (shape < 1.0) {
            logx += rnd::detail::exact_log(boost) / shape;
        }
        return logx;
    }
    double x = d * v;
    if (shape < 1.0) {
        x *= rnd::detail::exact_exp(rnd::detail::exact_log(boost) / shape);
    }
    return scale * x;
}

template <class T>
void expect_host_is_reference_and_kernel(PhiloxIsa isa, std::int64_t n, std::uint64_t first,
                                         double shape, double scale, bool log_output) {
    const DType dtype = gpucc::dtype_of<T>();
    std::vector<T> host(static_cast<std::size_t>(n));
    rnd::detail::host_gamma(isa, dtype, host.data(), n, kSeed, first, shape, scale, log_output);
    // The kernel's gamma (the log-gammas are the host's beta's; the GPU's beta kernel repeats them:
    // RandomHostBeta below).
    gpucc::NDArray kernel_out = gpucc::empty({n}, dtype, gpucc::Device::cpu());
    gpucc_random::gamma(gpucc::Dim3(static_cast<unsigned>((n + 255) / 256)), gpucc::Dim3(256),
                        kernel_out, kSeed, first, shape, scale);
    const std::vector<T> kernel = gpucc::Array<T>(kernel_out).to_host();
    std::vector<T> linear_host = host;
    if (log_output) {
        rnd::detail::host_gamma(isa, dtype, linear_host.data(), n, kSeed, first, shape, scale,
                                false);
    }
    int nonzero = 0;
    for (std::int64_t e = 0; e < n; ++e) {
        const T want = static_cast<T>(
            reference_gamma(first + static_cast<std::uint64_t>(e), shape, scale, log_output));
        ASSERT_EQ(host[e], want) << "element " << e << " shape " << shape << " log " << log_output
                                 << " isa " << int(isa);
        ASSERT_EQ(kernel[e], linear_host[e]) << "element " << e << " shape " << shape;
        nonzero += host[e] != T(0);
    }
    if (shape > 0.01) {
        EXPECT_GT(nonzero, n / 2) << "shape " << shape;
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

// host_beta is 1 / (1 + exp(log Y - log X)) of host_gamma's two log outputs, exp the exact one,
// at every instruction set; values in [0, 1], not all at the ends.
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
                const double want = 1.0 / (1.0 + rnd::detail::exact_exp(log_y[e] - log_x[e]));
                ASSERT_EQ(got[e], want) << "a " << a << " b " << b << " element " << e;
                ASSERT_TRUE(got[e] >= 0.0 && got[e] <= 1.0) << "element " << e;
                inside += got[e] > 1e-3 && got[e] < 1.0 - 1e-3;
            }
            EXPECT_GT(inside, kN / 100) << "a " << a << " b " << b;
        }
    }
}

// The GPU's one-pass beta kernel, run on the CPU target, is host_beta bit for bit (both
// log-gammas and the ratio in one thread; counters crossing 2^32, shapes below and above 1).
TEST(RandomHostBeta, TheOnePassKernelIsTheHostsBeta) {
    constexpr std::int64_t kN = 12289;
    const std::uint64_t first = (std::uint64_t{1} << 32) - 5000;
    for (const auto& [a, b] : {std::pair{2.0, 3.0}, std::pair{0.5, 0.5}, std::pair{0.01, 0.02},
                               std::pair{50.0, 1.0}, std::pair{1e-3, 3.0}, std::pair{0.7, 1e4}}) {
        std::vector<double> want(kN);
        rnd::detail::host_beta(PhiloxIsa::Baseline, want.data(), kN, kSeed, first, first + kN, a,
                               b);
        gpucc::NDArray out = gpucc::empty({kN}, DType::Float64, gpucc::Device::cpu());
        gpucc_random::beta(gpucc::Dim3(static_cast<unsigned>((kN + 255) / 256)), gpucc::Dim3(256),
                           out, kSeed, first, first + kN, a, b);
        const std::vector<double> got = gpucc::Array<double>(out).to_host();
        int varied = 0;
        for (std::int64_t e = 0; e < kN; ++e) {
            ASSERT_EQ(got[e], want[e]) << "a " << a << " b " << b << " element " << e;
            varied += got[e] != got[0];
        }
        EXPECT_GT(varied, kN / 100) << "a " << a << " b " << b;
    }
}

TEST(RandomHostGamma, RejectsANonFloatDtype) {
    std::int32_t y[4];
    EXPECT_THROW(
        rnd::detail::host_gamma(PhiloxIsa::Baseline, DType::Int32, y, 4, 1, 0, 2.0, 1.0, false),
        gpucc::TypeError);
}

// The same draws on the CPU (the host path) and on the device under test (the kernel on the
// GPU build; on the CPU build both are the host path): the same bits.
TEST(RandomHostGamma, CpuAndDeviceUnderTestAgree) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    for (const double shape : {0.5, 2.5}) {
        rnd::Generator on_cpu(17);
        rnd::Generator on_device(17);
        const auto cpu = on_cpu.gamma<double>(shape, 2.0, {20001}, gpucc::Device::cpu()).to_host();
        const auto device =
            on_device.gamma<double>(shape, 2.0, {20001}, device_under_test()).to_host();
        EXPECT_EQ(cpu, device) << "shape " << shape;
        const auto bc = gpucc::Array<double>(
                            on_cpu.beta(shape, 3.0, {5001}, DType::Float64, gpucc::Device::cpu()))
                            .to_host();
        const auto bd = gpucc::Array<double>(
                            on_device.beta(shape, 3.0, {5001}, DType::Float64, device_under_test()))
                            .to_host();
        EXPECT_EQ(bc, bd) << "beta shape " << shape;
    }
}

} // namespace
