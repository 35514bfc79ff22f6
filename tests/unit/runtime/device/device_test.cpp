// Device values and the default-device rules: DeviceGuard, set_default_device, GPUCC_DEVICE
// (with its bad values), and the automatic choice.
#include "gpucc/device/device.h"
#include "gpucc/errors.h"

#include <cstdlib>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <optional>
#include <string>

namespace {

using gpucc::Device;
using testing::HasSubstr;

TEST(Device, Values) {
    EXPECT_TRUE(Device::cpu().is_cpu());
    EXPECT_FALSE(Device::cpu().is_cuda());
    EXPECT_EQ(Device::cpu().ordinal(), -1);
    EXPECT_EQ(Device::cuda(2).ordinal(), 2);
    EXPECT_TRUE(Device::cuda(0).is_cuda());
    EXPECT_EQ(Device::cpu().to_string(), "cpu");
    EXPECT_EQ(Device::cuda(0).to_string(), "cuda:0");
    EXPECT_EQ(Device::cuda(1), Device::cuda(1));
    EXPECT_NE(Device::cuda(1), Device::cuda(0));
    EXPECT_NE(Device::cuda(0), Device::cpu());
    EXPECT_EQ(Device(), Device::cpu());
    EXPECT_THROW(Device::cuda(-1), gpucc::ValueError);
}

TEST(Device, Parse) {
    EXPECT_EQ(Device::parse("cpu"), Device::cpu());
    EXPECT_EQ(Device::parse("cuda"), Device::cuda(0));
    EXPECT_EQ(Device::parse("cuda:3"), Device::cuda(3));
    for (const char* bad : {"gpu", "cuda:", "cuda:-1", "cuda:+1", "cuda:1x", "CPU", " cpu", ""}) {
        EXPECT_THROW(Device::parse(bad), gpucc::ValueError) << bad;
    }
}

// Saves and restores GPUCC_DEVICE and the process default around each test.
class DefaultDevice : public testing::Test {
protected:
    void SetUp() override {
        if (const char* value = std::getenv("GPUCC_DEVICE")) {
            saved_ = value;
        }
        ::unsetenv("GPUCC_DEVICE");
        gpucc::reset_default_device();
    }
    void TearDown() override {
        if (saved_) {
            ::setenv("GPUCC_DEVICE", saved_->c_str(), 1);
        } else {
            ::unsetenv("GPUCC_DEVICE");
        }
        gpucc::reset_default_device();
    }
    std::optional<std::string> saved_;
};

TEST_F(DefaultDevice, AutomaticChoice) {
    const Device expected = gpucc::cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu();
    EXPECT_EQ(gpucc::default_device(), expected);
}

TEST_F(DefaultDevice, EnvironmentVariable) {
    ::setenv("GPUCC_DEVICE", "cpu", 1);
    EXPECT_EQ(gpucc::default_device(), Device::cpu());
    ::setenv("GPUCC_DEVICE", "cuda", 1);
    EXPECT_EQ(gpucc::default_device(), Device::cuda(0));
    ::setenv("GPUCC_DEVICE", "cuda:5", 1); // not checked until used
    EXPECT_EQ(gpucc::default_device(), Device::cuda(5));
    ::setenv("GPUCC_DEVICE", "", 1); // empty: unset
    EXPECT_EQ(gpucc::default_device(),
              gpucc::cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu());
}

TEST_F(DefaultDevice, BadEnvironmentValues) {
    for (const char* bad : {"gpu", "cuda:x", "cuda:-2", "Cuda"}) {
        ::setenv("GPUCC_DEVICE", bad, 1);
        try {
            (void)gpucc::default_device();
            FAIL() << "no error for " << bad;
        } catch (const gpucc::ValueError& e) {
            EXPECT_THAT(e.what(), HasSubstr(std::string("GPUCC_DEVICE=\"") + bad + "\""));
            EXPECT_THAT(e.what(), HasSubstr("expected cpu, cuda or cuda:N"));
        }
    }
}

TEST_F(DefaultDevice, SetDefaultBeatsTheEnvironment) {
    ::setenv("GPUCC_DEVICE", "cuda:1", 1);
    gpucc::set_default_device(Device::cpu());
    EXPECT_EQ(gpucc::default_device(), Device::cpu());
    gpucc::set_default_device(Device::cuda(3));
    EXPECT_EQ(gpucc::default_device(), Device::cuda(3));
    gpucc::reset_default_device();
    EXPECT_EQ(gpucc::default_device(), Device::cuda(1));
}

TEST_F(DefaultDevice, GuardBeatsEverythingAndNests) {
    ::setenv("GPUCC_DEVICE", "bad", 1); // never read inside a guard
    {
        gpucc::DeviceGuard outer(Device::cpu());
        EXPECT_EQ(gpucc::default_device(), Device::cpu());
        {
            gpucc::DeviceGuard inner(Device::cpu());
            EXPECT_EQ(gpucc::default_device(), Device::cpu());
        }
        EXPECT_EQ(gpucc::default_device(), Device::cpu());
    }
    EXPECT_THROW((void)gpucc::default_device(), gpucc::ValueError);
}

TEST(Device, SynchronizeOnTheCpuReturns) {
    gpucc::synchronize(Device::cpu());
    gpucc::DeviceGuard guard(Device::cpu());
    gpucc::synchronize();
}

} // namespace
