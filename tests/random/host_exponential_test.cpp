// The host's exponential float64 draw (runtime/src/random/host_exponential.h) against the kernel
// exponential_float64 launched on Device::cpu() (equal value for value, at every instruction set
// this CPU has, tile counts around the host pool's chunk, counters crossing 2^32, scales other
// than 1) and against an independent long double -log(1 - u) of the tests' own Philox words
// (within the exact log's few units of 2^-53). Generator::exponential on the CPU and on the device
// under test are equal too.
#include "host_exponential.h"
#include "random_test_support.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <random.gpucc.h> // the library's own kernels, for exponential_float64 itself
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;
using rnd::detail::PhiloxIsa;

constexpr std::uint64_t kSeed = 0x5EEDFACE12345677ull;

/// -log(1 - u) * scale of element e, 1 - u = j 2^-53 from the tests' Philox, in long double.
long double reference_exponential(std::uint64_t first, std::int64_t e, double scale) {
    const Source at = source_of(e, 2);
    const Block x = block_at(kSeed, first + at.counter);
    const std::uint64_t a = x[2 * at.value] >> 5;
    const std::uint64_t b = x[2 * at.value + 1] >> 6;
    const std::uint64_t j = (std::uint64_t{1} << 53) - ((a << 26) | b);
    return -std::log(static_cast<long double>(j) / 9007199254740992.0L) * scale;
}

void expect_host_is_kernel_and_reference(PhiloxIsa isa, std::int64_t tiles, std::uint64_t first,
                                         double scale) {
    const std::int64_t n = tiles * 512;
    std::vector<double> host(static_cast<std::size_t>(n), -1.0);
    rnd::detail::host_exponential_float64(isa, host.data(), tiles, kSeed, first, scale);
    gpucc::NDArray kernel_out = gpucc::empty({n}, DType::Float64, gpucc::Device::cpu());
    gpucc_random::exponential_float64(gpucc::Dim3(static_cast<unsigned>(tiles)), gpucc::Dim3(256),
                                      kernel_out, kSeed, first, scale);
    const std::vector<double> kernel = gpucc::Array<double>(kernel_out).to_host();
    int positive = 0;
    for (std::int64_t e = 0; e < n; ++e) {
        ASSERT_EQ(host[e], kernel[e]) << "element " << e << " isa " << int(isa);
        const long double want = reference_exponential(first, e, scale);
        ASSERT_LE(std::fabs(static_cast<long double>(host[e]) - want),
                  8.0L * 1.1102230246251565e-16L * (want + 1e-300L))
            << "element " << e << " isa " << int(isa);
        positive += host[e] > 0.0;
    }
    EXPECT_GT(positive, n - 4);
}

void expect_every_isa(std::int64_t tiles, std::uint64_t first, double scale) {
    for (const PhiloxIsa isa : {PhiloxIsa::Baseline, PhiloxIsa::Avx2, PhiloxIsa::Avx512}) {
        if (rnd::detail::philox_isa_supported(isa)) {
            expect_host_is_kernel_and_reference(isa, tiles, first, scale);
        }
    }
}

TEST(RandomHostExponential, IsTheKernelToItsLastBitsAroundTheChunkAndPast2To32) {
    for (const std::int64_t tiles :
         {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{17}, std::int64_t{41}}) {
        expect_every_isa(tiles, (std::uint64_t{1} << 32) - 300, 2.0);
        expect_every_isa(tiles, 7, 0.375);
    }
}

TEST(RandomHostExponential, ScaleZeroGivesZeros) {
    std::vector<double> host(512, -1.0);
    rnd::detail::host_exponential_float64(rnd::detail::philox_isa(), host.data(), 1, kSeed, 3, 0.0);
    for (const double value : host) {
        ASSERT_EQ(value, 0.0);
    }
}

TEST(RandomHostExponential, GeneratorOnCpuAndDeviceUnderTestAgreeForOddSizes) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    for (const std::int64_t n : {std::int64_t{1}, std::int64_t{1023}, std::int64_t{20001}}) {
        rnd::Generator on_cpu(99);
        rnd::Generator on_device(99);
        const auto cpu =
            gpucc::Array<double>(on_cpu.exponential(1.5, {n}, DType::Float64, gpucc::Device::cpu()))
                .to_host();
        const auto device = gpucc::Array<double>(on_device.exponential(1.5, {n}, DType::Float64,
                                                                       device_under_test()))
                                .to_host();
        ASSERT_EQ(cpu.size(), static_cast<std::size_t>(n));
        for (std::int64_t e = 0; e < n; ++e) {
            ASSERT_EQ(cpu[e], device[e]) << "element " << e << " of " << n;
        }
    }
}

} // namespace
