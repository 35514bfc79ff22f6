// Shared by the GPU tests: the skip when there is no CUDA device.
#pragma once

#include "gpucc/device/device.h"

#include <gtest/gtest.h>

#define GPUCC_REQUIRE_GPU()                                                                        \
    do {                                                                                           \
        if (::gpucc::cuda_device_count() == 0) {                                                   \
            GTEST_SKIP() << "no CUDA device";                                                      \
        }                                                                                          \
    } while (false)
