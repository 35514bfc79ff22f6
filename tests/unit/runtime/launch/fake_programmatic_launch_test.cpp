// Programmatic stream serialization (module_image.h) over the fake driver (fake_driver.h), whose
// GPUs report compute capability 9.0: an elementwise launch from an image whose flags say its
// kernels begin with griddepcontrol.wait goes through cuLaunchKernelEx with the attribute; one
// from an image without the flag through plain cuLaunchKernel; and the environment variable
// GPUCC_PROGRAMMATIC_LAUNCH=0 (read when an image is loaded on a device) turns it off.
#include "driver/fake_driver.h"
#include "gpucc/generated_support.h"

#include <cstdlib>
#include <gtest/gtest.h>

namespace {

using gpucc::Array;
using gpucc::Device;
using gpucc::Shape;
using gpucc::detail::ElementwiseLaunch;
using gpucc::detail::KernelRef;
using gpucc::detail::kImageWaitsForPriorGrids;
using gpucc::detail::ModuleImage;

const unsigned char kImage[] = {0x7f, 'F', 'A', 'K', 'E'}; // the fake loads any bytes
ModuleImage g_waits("fake_pdl_waits", kImage, sizeof kImage, kImageWaitsForPriorGrids);
ModuleImage g_plain("fake_pdl_plain", kImage, sizeof kImage, 0);
ModuleImage g_disabled("fake_pdl_disabled", kImage, sizeof kImage, kImageWaitsForPriorGrids);
KernelRef g_copy_waits(g_waits, "copy", "copy_strided", {nullptr, nullptr}, {nullptr, nullptr}, 1);
KernelRef g_copy_plain(g_plain, "copy", "copy_strided", {nullptr, nullptr}, {nullptr, nullptr}, 1);
KernelRef g_copy_disabled(g_disabled, "copy", "copy_strided", {nullptr, nullptr},
                          {nullptr, nullptr}, 1);

/// Launches copy(float32 x) -> (float32 y) of `kernel` on cuda:0; returns how many of the
/// driver's launches (one expected) asked for programmatic serialization.
int programmatic_launches_of(KernelRef& kernel) {
    const Array<float> x = gpucc::empty<float>(Shape{1000}, Device::cuda(0));
    const FakeCudaCounts before = fake_cuda_counts();
    ElementwiseLaunch launch("copy", kernel);
    launch.input("x", x);
    const Array<float> y = launch.output<float>("y");
    launch.run();
    const FakeCudaCounts after = fake_cuda_counts();
    EXPECT_EQ(after.kernel_launches, before.kernel_launches + 1);
    return after.programmatic_launches - before.programmatic_launches;
}

TEST(FakeProgrammaticLaunch, OnlyForImagesThatWaitForPriorGrids) {
    EXPECT_EQ(programmatic_launches_of(g_copy_waits), 1);
    EXPECT_TRUE(g_waits.programmatic_launch(Device::cuda(0)));
    EXPECT_EQ(programmatic_launches_of(g_copy_plain), 0);
    EXPECT_FALSE(g_plain.programmatic_launch(Device::cuda(0)));
}

TEST(FakeProgrammaticLaunch, TheEnvironmentTurnsItOff) {
    ::setenv("GPUCC_PROGRAMMATIC_LAUNCH", "0", 1);
    EXPECT_EQ(programmatic_launches_of(g_copy_disabled), 0); // loaded now, with the variable set
    ::unsetenv("GPUCC_PROGRAMMATIC_LAUNCH");
    EXPECT_EQ(programmatic_launches_of(g_copy_disabled), 0); // decided once per device
}

} // namespace
