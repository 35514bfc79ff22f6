// A reduction launched on a GPU of the fake driver (fake_driver.h), whose launch hook sees what the
// kernel would: the grid (ceil(M / Ob), S) with blocks of 256, the argument slots, the plan by
// value, and with several slices a partials buffer and semaphores zeroed on the launch's stream
// before it (checked by dirtying them in one launch and reusing the pool's memory in the next).
#include "driver/fake_driver.h"
#include "gpucc/generated_support.h"

#include <cstdint>
#include <cstring>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Axis;
using gpucc::Device;
using gpucc::Shape;
using gpucc::detail::ModuleImage;
using gpucc::detail::ReductionKernelRef;
using gpucc::detail::ReductionLaunch;
namespace plan = gpucc::detail;

const unsigned char kImage[] = {0x7f, 'F', 'A', 'K', 'E'}; // the fake loads any bytes
ModuleImage g_image("fake_reduction", kImage, sizeof kImage);
// sum(float32 x) -> (float32 y): GPU only; V = 4, a float32 partial, an identity.
ReductionKernelRef g_sum(g_image, "sum_f32", {nullptr, nullptr, nullptr, nullptr}, 4, 4, true, 1,
                         1);
ModuleImage g_host_only("fake_reduction_host_only", nullptr, 0);
ReductionKernelRef g_host_sum(g_host_only, "sum_f32", {nullptr, nullptr, nullptr, nullptr}, 4, 4,
                              true, 1, 1);

Array<float> sum(const Array<float>& x, const Axis& axis = Axis()) {
    ReductionLaunch launch("sum", g_sum);
    launch.input("x", x);
    launch.axes(axis, false);
    Array<float> y = launch.output<float>("y");
    launch.run();
    return y;
}

/// What the hook saw of one launch. slots: 0 x, 1 y, 2 plan, 3 partials, 4 semaphores.
struct Seen {
    FakeKernelLaunch launch{};
    std::string function;
    const void* x = nullptr;
    void* y = nullptr;
    std::vector<std::int64_t> plan;
    void* partials = nullptr;
    std::uint32_t* semaphores = nullptr;
    std::vector<std::uint32_t> semaphores_at_launch;
    bool dirty_afterwards = false; // write garbage into partials and semaphores, as a kernel might
};

void hook(const FakeKernelLaunch* launch, void** params, void* context) {
    Seen& seen = *static_cast<Seen*>(context);
    seen.launch = *launch;
    seen.function = launch->function;
    std::memcpy(&seen.x, params[0], sizeof seen.x);
    std::memcpy(&seen.y, params[1], sizeof seen.y);
    const auto* words = static_cast<const std::int64_t*>(params[2]);
    seen.plan.assign(words, words + plan::reduce_plan_words(1, 1));
    std::memcpy(&seen.partials, params[3], sizeof seen.partials);
    std::memcpy(&seen.semaphores, params[4], sizeof seen.semaphores);
    seen.semaphores_at_launch.clear();
    if (seen.semaphores != nullptr) { // host memory in the fake
        seen.semaphores_at_launch.assign(seen.semaphores, seen.semaphores + launch->grid[0]);
        if (seen.dirty_afterwards) {
            std::fill_n(seen.semaphores, launch->grid[0], 0xdeadbeefU);
        }
    }
}

class FakeReduction : public testing::Test {
protected:
    void SetUp() override { fake_cuda_set_launch_hook(&hook, &seen_); }
    void TearDown() override { fake_cuda_set_launch_hook(nullptr, nullptr); }
    Seen seen_;
};

TEST_F(FakeReduction, FullReductionIsSlicedWithZeroedSemaphores) {
    const Device gpu = Device::cuda(0);
    const std::int64_t n = std::int64_t{1} << 26; // untouched host memory in the fake
    const Array<float> x = gpucc::empty<float>(Shape{n}, gpu);
    for (int round = 0; round < 2; ++round) {
        seen_.dirty_afterwards = round == 0;
        const FakeCudaCounts before = fake_cuda_counts();
        const Array<float> y = sum(x);
        const FakeCudaCounts after = fake_cuda_counts();
        EXPECT_EQ(y.shape(), Shape{});
        EXPECT_EQ(y.device(), gpu);
        EXPECT_EQ(after.kernel_launches, before.kernel_launches + 1);
        EXPECT_EQ(after.memsets_d32, before.memsets_d32 + 1);
        EXPECT_EQ(seen_.function, "sum_f32");
        EXPECT_EQ(seen_.x, x.data());
        EXPECT_EQ(seen_.y, y.data());
        // The plan by value: one output, all of x lanes first in vectors of 4, sliced to fill
        // 132 multiprocessors twice (2112 blocks of 256 lanes).
        ASSERT_EQ(seen_.plan.size(), static_cast<std::size_t>(plan::reduce_plan_words(1, 1)));
        EXPECT_EQ(seen_.plan[plan::kReducePlanFlags],
                  plan::kReduceIndex32 | plan::kReduceLanesFirst | plan::kReduceVector);
        EXPECT_EQ(seen_.plan[plan::kReducePlanOutputs], 1);
        EXPECT_EQ(seen_.plan[plan::kReducePlanReduced], n);
        EXPECT_EQ(seen_.plan[plan::kReducePlanLaneShift], 8);
        const std::int64_t slices = seen_.plan[plan::kReducePlanSlices];
        const std::int64_t length = seen_.plan[plan::kReducePlanSliceLength];
        EXPECT_EQ(slices, 2112);
        EXPECT_GE(slices * length, n);
        EXPECT_LT((slices - 1) * length, n);
        EXPECT_EQ(length % 4, 0);
        // The grid.
        EXPECT_EQ(seen_.launch.grid[0], 1U);
        EXPECT_EQ(seen_.launch.grid[1], static_cast<unsigned>(slices));
        EXPECT_EQ(seen_.launch.grid[2], 1U);
        EXPECT_EQ(seen_.launch.block[0], 256U);
        EXPECT_EQ(seen_.launch.block[1], 1U);
        EXPECT_EQ(seen_.launch.shared_bytes, 0U);
        // Partials and semaphores, the semaphores zeroed before the launch on its stream (in
        // round 1 the pool hands back the memory round 0 dirtied).
        EXPECT_NE(seen_.partials, nullptr);
        ASSERT_NE(seen_.semaphores, nullptr);
        EXPECT_EQ(seen_.semaphores_at_launch, std::vector<std::uint32_t>(1, 0U));
        const FakeMemsetD32 memset = fake_cuda_last_memset_d32();
        EXPECT_EQ(memset.address, seen_.semaphores);
        EXPECT_EQ(memset.value, 0U);
        EXPECT_EQ(memset.count, 1UL);
        EXPECT_EQ(memset.stream, seen_.launch.stream);
    }
}

TEST_F(FakeReduction, ManyColumnsOfAMatrixAreOneSliceWithoutBuffers) {
    const Device gpu = Device::cuda(0);
    const Array<float> x = gpucc::empty<float>(Shape{64, 100000}, gpu);
    const FakeCudaCounts before = fake_cuda_counts();
    const Array<float> y = sum(x, Axis(0));
    EXPECT_EQ(y.shape(), Shape{100000});
    EXPECT_EQ(fake_cuda_counts().memsets_d32, before.memsets_d32);
    // Outputs along the warp: 32 per block, 3125 blocks; already enough to fill the GPU.
    EXPECT_EQ(seen_.plan[plan::kReducePlanFlags], plan::kReduceIndex32);
    EXPECT_EQ(seen_.plan[plan::kReducePlanOutputShift], 5);
    EXPECT_EQ(seen_.plan[plan::kReducePlanSlices], 1);
    EXPECT_EQ(seen_.launch.grid[0], 3125U);
    EXPECT_EQ(seen_.launch.grid[1], 1U);
    EXPECT_EQ(seen_.partials, nullptr);
    EXPECT_EQ(seen_.semaphores, nullptr);
}

TEST_F(FakeReduction, ColumnsOfATallMatrixAreSliced) {
    const Device gpu = Device::cuda(0);
    const Array<float> x = gpucc::empty<float>(Shape{1 << 20, 8}, gpu);
    const Array<float> y = sum(x, Axis(0));
    EXPECT_EQ(y.shape(), Shape{8});
    // 8 outputs in one block column of 8 outputs x 32 lanes; the columns cut into slices.
    EXPECT_EQ(seen_.launch.grid[0], 1U);
    EXPECT_GT(seen_.launch.grid[1], 1000U);
    EXPECT_NE(seen_.partials, nullptr);
    EXPECT_EQ(seen_.semaphores_at_launch, std::vector<std::uint32_t>(1, 0U));
}

TEST_F(FakeReduction, EmptyOutputLaunchesNothing) {
    const Array<float> x = gpucc::empty<float>(Shape{0, 5}, Device::cuda(0));
    const FakeCudaCounts before = fake_cuda_counts();
    EXPECT_EQ(sum(x, Axis(1)).shape(), Shape{0});
    EXPECT_EQ(fake_cuda_counts().kernel_launches, before.kernel_launches);
}

TEST_F(FakeReduction, DeviceMismatchAndHostOnlyModules) {
    const Array<float> x = gpucc::empty<float>(Shape{10}, Device::cuda(0));
    const Array<float> on_cpu = gpucc::empty<float>(Shape{}, Device::cpu());
    ReductionLaunch launch("sum", g_sum);
    launch.input("x", x);
    launch.axes(Axis(), false);
    try {
        launch.output("y", on_cpu);
        FAIL() << "expected a DeviceError";
    } catch (const gpucc::DeviceError& error) {
        EXPECT_STREQ(error.what(), "sum: device mismatch: x is on cuda:0 but y is on cpu");
    }
    ReductionLaunch host_only("sum", g_host_sum);
    host_only.input("x", x);
    host_only.axes(Axis(), false);
    (void)host_only.output<float>("y");
    try {
        host_only.run();
        FAIL() << "expected a DeviceError";
    } catch (const gpucc::DeviceError& error) {
        EXPECT_THAT(std::string(error.what()), testing::HasSubstr("compiled for the host only"));
    }
}

} // namespace
