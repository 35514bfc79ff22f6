// asarray(array) under a device guard (gpucc/array/asarray_array.h), CuPy's way of moving arrays
// between devices: the array itself when it is already on the guarded device, else a copy there
// holding the same values (random ones of several dtypes, strided views included). The CPU cases
// run everywhere (distributed.unit); the GPU ones (CPU <-> cuda:0) skip with "no CUDA device"
// where there is none (distributed.gpu); GPU <-> GPU is in multi_gpu_test.cpp.
#include "distributed/collective_checks.h"

#include <gpucc/array/asarray_array.h>
#include <gpucc/device/device.h>
#include <gtest/gtest.h>

namespace {

using gpucc::Device;
using gpucc::DType;
using namespace gpucc_test;

const DType kDtypes[] = {DType::Float32, DType::Int8,   DType::BFloat16,
                         DType::Float64, DType::UInt64, DType::Bool};

TEST(AsarrayOfAnArray, OnItsDeviceAlreadyIsTheArrayItself) {
    for (const DType dtype : kDtypes) {
        const auto values = rank_values(0, dtype, 1001, 31);
        const auto x = array_on(Device::cpu(), values, dtype);
        const gpucc::DeviceGuard on(Device::cpu());
        const gpucc::NDArray y = gpucc::asarray(x);
        EXPECT_EQ(y.device(), Device::cpu());
        EXPECT_EQ(y.data(), x.data()) << gpucc::dtype_name(dtype);
    }
    const auto typed = gpucc::asarray<float>({1.5f, -2.0f, 3.25f}, Device::cpu());
    const gpucc::DeviceGuard on(Device::cpu());
    EXPECT_EQ(gpucc::asarray(typed).data(), typed.data());
}

TEST(AsarrayOfAnArray, MovesBetweenTheCpuAndAGpuUnderAGuard) {
    if (gpucc::cuda_device_count() == 0) {
        GTEST_SKIP() << "no CUDA device: GPU test skipped";
    }
    for (const DType dtype : kDtypes) {
        const auto values = rank_values(1, dtype, 4099, 32);
        const auto on_host = array_on(Device::cpu(), values, dtype);
        gpucc::NDArray on_gpu;
        {
            const gpucc::DeviceGuard on(Device::cuda(0));
            on_gpu = gpucc::asarray(on_host);
            EXPECT_EQ(gpucc::asarray(on_gpu).data(), on_gpu.data()); // already there
        }
        ASSERT_EQ(on_gpu.device(), Device::cuda(0));
        EXPECT_EQ(first_difference(read_back(on_gpu), values, dtype), "")
            << gpucc::dtype_name(dtype);
        gpucc::NDArray back;
        {
            const gpucc::DeviceGuard on(Device::cpu());
            back = gpucc::asarray(on_gpu);
        }
        ASSERT_EQ(back.device(), Device::cpu());
        EXPECT_NE(back.data(), on_host.data());
        EXPECT_EQ(first_difference(read_back(back), values, dtype), "") << gpucc::dtype_name(dtype);
    }
    // A strided view arrives packed, every other element.
    const auto values = rank_values(2, DType::Float32, 1000, 33);
    const auto x = array_on(Device::cuda(0), values, DType::Float32);
    const gpucc::NDArray every_other = x(gpucc::Slice(0, 1000, 2));
    const gpucc::DeviceGuard on(Device::cpu());
    const gpucc::NDArray packed = gpucc::asarray(every_other);
    EXPECT_TRUE(packed.is_c_contiguous());
    std::vector<double> expected;
    for (std::size_t i = 0; i < values.size(); i += 2) {
        expected.push_back(values[i]);
    }
    EXPECT_EQ(first_difference(read_back(packed), expected, DType::Float32), "");
}

} // namespace
