// Calls of header.dsl's launchers: CASE 0 compiles (with -Werror), every other CASE must not.
#include "header.gpucc.h"

#include <cstdint>
#include <vector>

void calls() {
    gpucc::Array<float> x = gpucc::empty<float>(gpucc::Shape{16});
    gpucc::Array<double> d = gpucc::empty<double>(gpucc::Shape{16});
    gpucc::Array<std::int64_t> i64 = gpucc::empty<std::int64_t>(gpucc::Shape{16});
    gpucc::Array<std::int32_t> i32 = gpucc::empty<std::int32_t>(gpucc::Shape{16});
    gpucc::NDArray untyped = x;
    const float* read_only = x.data();
    (void)d;
    (void)i64;
    (void)i32;
    (void)untyped;
    (void)read_only;
#if CASE == 0
    demo::my_add(gpucc::Grid{1}, gpucc::Block{16}, x.data(), x.data(), x.data(), int(x.size()));
    demo::my_add(1, 16, read_only, x, x, 16);
    demo::my_add(gpucc::Dim3{1, 1, 1}, gpucc::Dim3{4, 4}, untyped, untyped, untyped, 16);
    demo::my_add(gpucc::LaunchConfig{{1}, {16}, 64, std::nullopt}, x, x, x, std::int16_t{16});
    demo::scale<float>(1, 16, x, 2.0f, 16);
    demo::scale<double>(1, 16, d, 2.0, 16);
    demo::scale<double>(1, 16, d.data(), 2.0f, 16); // float to double does not narrow
    demo::lin::fill(1, 16, i64, 7LL, 16u);
    demo::lin::fill(1, 16, i64, std::int64_t{7}, 16u); // a long value for long long
    demo::lin::half_axpy(1, 16, gpucc::float16(2.0f),
                         gpucc::empty<gpucc::float16>(gpucc::Shape{16}),
                         gpucc::empty<gpucc::float16>(gpucc::Shape{16}), 16);
    demo::lin::no_params(1, 1);
    demo::lin::any(1, 1, x, sizeof(float) * 16);
    demo::lin::any(1, 1, static_cast<void*>(nullptr), std::size_t{0});
    demo::lin::any(1, 1, nullptr, std::size_t{0});
    gpucc::KernelAttributes attributes = demo::my_add.attributes();
    gpucc::KernelAttributes on_device = demo::scale<float>.attributes(gpucc::Device::cuda(0));
    (void)attributes;
    (void)on_device;
    demo::scale<double>.set_max_dynamic_shared_bytes(64 * 1024);
    demo::coeffs.write({1.0f, 2.0f, 3.0f, 4.0f});
    std::vector<float> coeffs = demo::coeffs.read();
    static_assert(demo::coeffs.size() == 4);
    demo::counter.write(0);
    unsigned long long counter = demo::counter.read(gpucc::Device::cuda(0));
    gpucc::DeviceGlobal where = demo::counter.address();
    (void)coeffs;
    (void)counter;
    (void)where;
    static_assert(std::is_same_v<decltype(demo::my_add.symbol()), const char*>);
#elif CASE == 1
    demo::my_add(1, 16, d.data(), x.data(), x.data(), 16); // double* for const float*
#elif CASE == 2
    demo::my_add(1, 16, x, d, x, 16); // an array of float64 for const float*
#elif CASE == 3
    demo::scale<float>(1, 16, x, 2.0, 16); // double for float
#elif CASE == 4
    demo::my_add(1, 16, x, x, x, x.size()); // int64 for int
#elif CASE == 5
    demo::scale<int>(1, 16, i32, 2, 16);
#elif CASE == 6
    demo::my_add(1, 16, x, x, read_only, 16); // const float* for float*
#elif CASE == 7
    demo::scale<float>(1, 16, x, 2, 16); // int for float narrows
#elif CASE == 8
    demo::my_add(1, 16, x, x, x); // an argument missing
#elif CASE == 9
    demo::lin::half_axpy(1, 16, 2.0f, gpucc::empty<gpucc::float16>(gpucc::Shape{16}),
                         gpucc::empty<gpucc::float16>(gpucc::Shape{16}), 16);
#elif CASE == 10
    demo::coeffs.write(std::vector<double>{1, 2, 3, 4});
#elif CASE == 11
    demo::lin::fill(1, 16, i32, 7LL, 16u); // int32 array for long long*
#elif CASE == 12
    demo::lin::no_params(gpucc::LaunchConfig{{1}, {1}, 0, std::nullopt}, x); // one too many
#endif
}
