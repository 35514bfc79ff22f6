// The host's choice by a cumulative table (runtime/src/random/host_choice.h) against an
// independent evaluation (the tests' Philox, the 53-bit u, std::upper_bound over the table's
// first n - 1 entries) and against kernels/random.dsl's choice_by_cdf launched on Device::cpu():
// equal value for value, for tables of 1, 2, 3, 1000 and 4097 entries with repeated entries
// (zero probabilities) and tiny steps, sizes around the host's batch and counters crossing 2^32;
// and Generator::choice with p on the CPU and on the device under test agree.
#include "host_choice.h"
#include "random_test_support.h"

#include <algorithm>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <random.gpucc.h> // the library's own kernels, for choice_by_cdf itself
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;

constexpr std::uint64_t kSeed = 0xC0FFEE0123456789ull;

/// A non-decreasing table ending in 1 with zero and tiny steps among ordinary ones.
std::vector<double> table_of(std::int64_t n) {
    std::vector<double> weights(static_cast<std::size_t>(n));
    for (std::int64_t k = 0; k < n; ++k) {
        weights[k] = k % 5 == 3 ? 0.0 : k % 7 == 1 ? 1e-9 : double(k % 11 + 1);
    }
    std::vector<double> cdf(weights.size());
    double total = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        total += weights[k];
        cdf[k] = total;
    }
    for (double& value : cdf) {
        value /= total;
    }
    cdf.back() = 1.0;
    return cdf;
}

std::int64_t reference_choice(const std::vector<double>& cdf, std::uint64_t counter) {
    const Block b = block_at(kSeed, counter);
    const double u = unit53(b[0], b[1]);
    const auto last = cdf.end() - 1;
    return std::upper_bound(cdf.begin(), last, u) - cdf.begin();
}

TEST(RandomHostChoice, IsTheReferenceAndTheKernelForEveryTableAndSize) {
    int distinct_sizes_checked = 0;
    for (const std::int64_t n : {1, 2, 3, 1000, 4097}) {
        const std::vector<double> cdf = table_of(n);
        const gpucc::NDArray table =
            gpucc::asarray<double>(cdf, {n}, gpucc::Device::cpu()).ndarray();
        for (const std::int64_t count : {1, 255, 257, 20001}) {
            for (const std::uint64_t first : {std::uint64_t{3}, (std::uint64_t{1} << 32) - 100}) {
                std::vector<std::int64_t> host(static_cast<std::size_t>(count));
                rnd::detail::host_choice_by_cdf(host.data(), count, cdf.data(), n, kSeed, first);
                gpucc::NDArray out =
                    gpucc::empty({count}, gpucc::DType::Int64, gpucc::Device::cpu());
                gpucc_random::choice_by_cdf(gpucc::Dim3(static_cast<unsigned>((count + 255) / 256)),
                                            gpucc::Dim3(256), out, table, kSeed, first);
                const std::vector<std::int64_t> kernel = gpucc::Array<std::int64_t>(out).to_host();
                std::vector<bool> seen(static_cast<std::size_t>(n), false);
                for (std::int64_t e = 0; e < count; ++e) {
                    ASSERT_EQ(host[e], reference_choice(cdf, first + static_cast<std::uint64_t>(e)))
                        << "n " << n << " element " << e;
                    ASSERT_EQ(host[e], kernel[e]) << "n " << n << " element " << e;
                    seen[host[e]] = true;
                }
                if (count > 100 * n) {
                    // Every index with a positive probability appears; a zero one never does.
                    for (std::int64_t k = 0; k < n; ++k) {
                        const double p = cdf[k] - (k == 0 ? 0.0 : cdf[k - 1]);
                        if (p > 1e-6) {
                            EXPECT_TRUE(seen[k]) << "n " << n << " index " << k;
                        }
                        if (p == 0) {
                            EXPECT_FALSE(seen[k]) << "n " << n << " index " << k;
                        }
                    }
                    ++distinct_sizes_checked;
                }
            }
        }
    }
    EXPECT_GT(distinct_sizes_checked, 0);
}

// The same draws on the CPU (the host path) and on the device under test (the kernel on the GPU
// build; on the CPU build both are the host path).
TEST(RandomHostChoice, CpuAndDeviceUnderTestAgree) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    std::vector<double> p(1000);
    for (std::size_t k = 0; k < p.size(); ++k) {
        p[k] = double(k % 7 + 1);
    }
    double total = 0;
    for (double w : p) {
        total += w;
    }
    for (double& w : p) {
        w /= total;
    }
    rnd::Generator on_cpu(23);
    rnd::Generator on_device(23);
    const auto cpu =
        gpucc::Array<std::int64_t>(on_cpu.choice(1000, {70001}, true, p, gpucc::Device::cpu()))
            .to_host();
    const auto device =
        gpucc::Array<std::int64_t>(on_device.choice(1000, {70001}, true, p, device_under_test()))
            .to_host();
    EXPECT_TRUE(cpu == device);
}

} // namespace
