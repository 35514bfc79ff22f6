// The device a test runs on when its source is built twice (tests/CpuGpuTests.cmake): the CPU, or
// cuda:0 in the build compiled with GPUCC_TEST_ON_GPU, and the skip that build takes where there
// is no GPU (CTest counts a test whose output says "no CUDA device" as skipped). The kernel and
// standard-library suites share it.
#pragma once

#include <gpucc/device/device.h>
#include <gtest/gtest.h>

namespace gpucc_test {

inline gpucc::Device device_under_test() {
#ifdef GPUCC_TEST_ON_GPU
    return gpucc::Device::cuda(0);
#else
    return gpucc::Device::cpu();
#endif
}

} // namespace gpucc_test

/// Skips the current test in the GPU build where there is no CUDA device; nothing in the CPU build.
#ifdef GPUCC_TEST_ON_GPU
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
