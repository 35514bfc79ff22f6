// The path without a CUDA driver: the program runs, counts no GPU, and every GPU operation fails
// with a DeviceError that says the driver is missing. Skipped where a driver is installed.
#include "gpucc/array/array.h"
#include "gpucc/device/device.h"
#include "gpucc/device/event.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::Device;
using gpucc::Shape;
using testing::HasSubstr;

bool driver_installed() {
    void* handle = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr) {
        ::dlclose(handle);
        return true;
    }
    return false;
}

class NoDriver : public testing::Test {
protected:
    void SetUp() override {
        if (driver_installed()) {
            GTEST_SKIP() << "a CUDA driver is installed here";
        }
    }
};

void expect_no_driver_error(const gpucc::DeviceError& e) {
    EXPECT_THAT(e.what(), HasSubstr("no CUDA driver found (libcuda.so.1): "));
}

TEST_F(NoDriver, CountsNoDevice) {
    EXPECT_EQ(gpucc::cuda_device_count(), 0);
    EXPECT_EQ(gpucc::cuda_device_count(), 0); // cached, still no exception
}

TEST_F(NoDriver, GpuArraysThrowDeviceError) {
    try {
        (void)gpucc::empty<float>(Shape{4}, Device::cuda(0));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        expect_no_driver_error(e);
    }
    try {
        (void)gpucc::asarray<float>({1, 2}, Shape{2}, Device::cuda(0));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        expect_no_driver_error(e);
    }
    // Zero bytes ask nothing of the driver.
    const auto empty = gpucc::empty<float>(Shape{0}, Device::cuda(0));
    EXPECT_EQ(empty.device(), Device::cuda(0));
    EXPECT_TRUE(empty.to_host().empty());
}

TEST_F(NoDriver, TransfersToAGpuThrowDeviceError) {
    const auto a = gpucc::asarray<float>({1.5F, 2.5F}, Device::cpu());
    try {
        (void)a.to(Device::cuda(0));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        expect_no_driver_error(e);
    }
    // Zero elements move between devices without the driver.
    const auto empty = gpucc::empty<float>(Shape{0, 3}, Device::cpu()).to(Device::cuda(0));
    EXPECT_EQ(empty.device(), Device::cuda(0));
    EXPECT_EQ(empty.to(Device::cpu()).shape(), (Shape{0, 3}));
}

TEST_F(NoDriver, StreamsEventsAndPropertiesThrowDeviceError) {
    EXPECT_THROW(gpucc::Stream(Device::cuda(0)), gpucc::DeviceError);
    EXPECT_THROW(gpucc::Event(Device::cuda(0)), gpucc::DeviceError);
    EXPECT_THROW((void)gpucc::current_stream(Device::cuda(0)), gpucc::DeviceError);
    EXPECT_THROW((void)gpucc::device_properties(Device::cuda(0)), gpucc::DeviceError);
    EXPECT_THROW(gpucc::synchronize(Device::cuda(0)), gpucc::DeviceError);
    try {
        gpucc::DeviceGuard guard(Device::cuda(0));
        FAIL() << "no error";
    } catch (const gpucc::DeviceError& e) {
        expect_no_driver_error(e);
    }
}

TEST_F(NoDriver, DefaultDeviceIsTheCpu) {
    if (std::getenv("GPUCC_DEVICE") != nullptr) {
        GTEST_SKIP() << "GPUCC_DEVICE is set";
    }
    gpucc::reset_default_device();
    EXPECT_EQ(gpucc::default_device(), Device::cpu());
    const auto a = gpucc::asarray<int>({1, 2, 3}, Shape{3});
    EXPECT_EQ(a.device(), Device::cpu());
    gpucc::synchronize(); // the CPU: nothing to wait for
}

} // namespace
