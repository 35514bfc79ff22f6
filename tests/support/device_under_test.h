// The device a test runs on when its source is built twice (tests/CpuGpuTests.cmake): the CPU, or
// cuda:0 in the build compiled with GPUCC_TEST_ON_GPU, and the skip that build takes where there
// is no GPU (CTest counts a test whose output says "no CUDA device" as skipped). The kernel and
// standard-library suites share it.
//
// With GPUCC_TEST_DEVICE_AT_RUN_TIME (every source of a gpucc_add_cpu_gpu_tests pair) the choice is
// made when the test runs, by gpucc_test::test_on_gpu(), which support/device_under_test.cpp
// defines in each executable of the pair: a source that does not test GPUCC_TEST_ON_GPU itself is
// then compiled once for both executables.
#pragma once

#include <gpucc/device/device.h>
#include <gtest/gtest.h>

namespace gpucc_test {

#ifdef GPUCC_TEST_DEVICE_AT_RUN_TIME
/// True in the GPU build of the pair (support/device_under_test.cpp).
bool test_on_gpu();

inline gpucc::Device device_under_test() {
    return test_on_gpu() ? gpucc::Device::cuda(0) : gpucc::Device::cpu();
}
#else
inline gpucc::Device device_under_test() {
#ifdef GPUCC_TEST_ON_GPU
    return gpucc::Device::cuda(0);
#else
    return gpucc::Device::cpu();
#endif
}
#endif

} // namespace gpucc_test

/// Skips the current test in the GPU build where there is no CUDA device; nothing in the CPU build.
#ifdef GPUCC_TEST_DEVICE_AT_RUN_TIME
#define GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST()                                                     \
    do {                                                                                           \
        if (::gpucc_test::test_on_gpu() && ::gpucc::cuda_device_count() == 0) {                    \
            GTEST_SKIP() << "no CUDA device: GPU build of the test skipped";                       \
        }                                                                                          \
    } while (false)
#elif defined(GPUCC_TEST_ON_GPU)
#define GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST()                                                     \
    do {                                                                                           \
        if (::gpucc::cuda_device_count() == 0) {                                                   \
            GTEST_SKIP() << "no CUDA device: GPU build of the test skipped";                       \
        }                                                                                          \
    } while (false)
#else
#define GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST()                                                     \
    do {                                                                                           \
    } while (false)
#endif
