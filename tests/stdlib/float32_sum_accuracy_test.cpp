// The accuracy of long float32 sums and means: 2^24 random values in [0, 1) (2^28 in the GPU build,
// the size of the issue that asked for it) within 1e-5 of a sum in double. Apart from
// reduction_test.cpp because it is the only stdlib case that differs between the CPU and GPU
// builds, so reduction_test.cpp is compiled once for both (tests/CpuGpuTests.cmake).
#include "stdlib_test_support.h"

#include <cstdint>
#include <vector>

namespace stdlib_test {
namespace {

class Float32SumAccuracy : public ::testing::Test {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }
};

/// sum of n random float32 values in [0, 1) within 1e-5 of the sum in double.
void check_float32_sum_accuracy(std::int64_t n) {
    gpucc::random::seed(7, device_under_test());
    const Array<float> x = gpucc::random::random<float>({n}, device_under_test());
    const std::vector<float> values = x.to_host();
    double want = 0;
    for (float v : values) {
        want += v;
    }
    const double got = gpucc::sum(x).item();
    EXPECT_NEAR(got, want, 1e-5 * want) << "n = " << n;
    const double mean = gpucc::mean(x).item();
    EXPECT_NEAR(mean, want / static_cast<double>(n), 1e-5 * want / static_cast<double>(n));
}

TEST_F(Float32SumAccuracy, Float32SumOf2To24RandomValuesIsAccurate) {
    check_float32_sum_accuracy(std::int64_t{1} << 24);
}

#ifdef GPUCC_TEST_ON_GPU
TEST_F(Float32SumAccuracy, Float32SumOf2To28RandomValuesIsAccurateOnTheGpu) {
    check_float32_sum_accuracy(std::int64_t{1} << 28);
}
#endif

} // namespace
} // namespace stdlib_test
