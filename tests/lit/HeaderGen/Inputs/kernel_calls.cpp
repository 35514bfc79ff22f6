// One wrong jit-style kernel call per CASE (see kernel_header.dsl); each must fail to compile
// with a message naming what is wrong. CASE 0 holds right calls that must compile.
#include "kernel_header.gpucc.h"

#include <cstdint>

void call_kernels() {
    gpucc::Array<float> f = gpucc::empty<float>({8});
    gpucc::Array<double> d = gpucc::empty<double>({8});
    gpucc::Array<std::int32_t> i = gpucc::empty<std::int32_t>({8});
    gpucc::NDArray untyped = f;
#if CASE == 0
    kh::elementwise_copy(gpucc::Dim3(2), gpucc::Dim3(128), f, f, 8u);
    kh::elementwise_copy(gpucc::LaunchConfig{2, 128, 0, {}}, d, d, 8);
    kh::elementwise_copy(gpucc::Dim3(2, 1), 64, untyped, f, std::uint64_t{8});
    kh::elementwise_copy(1, 32, untyped, untyped, 8);
    kh::block_sum(1, 256, f, untyped, 8);
    gpucc::Array<float> square = gpucc::empty<float>({4, 4});
    kh::transpose_copy(1, gpucc::Dim3(4, 4), square.transpose(), square);
    gpucc::KernelAttributes a = kh::elementwise_copy_attributes<double>(gpucc::Device::cuda(0));
    gpucc::KernelAttributes b = kh::block_sum_attributes(gpucc::Device::cuda(0));
    (void)a;
    (void)b;
    (void)i;
#elif CASE == 1
    kh::block_sum(1, 256, d, f, 8); // float64 array for a float32 parameter
#elif CASE == 2
    kh::elementwise_copy(1, 32, i, i, 8u); // int32 is not among T's types
#elif CASE == 3
    kh::elementwise_copy(1, 32, f, d, 8u); // T bound to float32 by x, y is float64
#elif CASE == 4
    kh::elementwise_copy(1, 32, 1.0f, f, 8u); // an array parameter takes no scalar
#elif CASE == 5
    kh::block_sum(1, 256, f, f, i); // a scalar parameter takes no array
#elif CASE == 6
    (void)kh::elementwise_copy_attributes<std::int32_t>(gpucc::Device::cuda(0));
#elif CASE == 7
    kh::transpose_copy(1, 32, f, i); // T bound to float32 by x, y is int32
#endif
}
