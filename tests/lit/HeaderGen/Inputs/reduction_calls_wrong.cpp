// One wrong reduction call per CASE (see reduction_type_errors.dsl); each must fail to compile with
// a message naming what is wrong. CASE 0 holds right calls that must compile.
#include "reduction_type_errors.gpucc.h"

#include <cstdint>

void call_wrong() {
    gpucc::Array<float> f = gpucc::empty<float>({8});
    gpucc::Array<double> d = gpucc::empty<double>({8});
    gpucc::Array<std::int32_t> i = gpucc::empty<std::int32_t>({8});
    gpucc::NDArray untyped = f;
#if CASE == 1
    rte::total(d); // float64 array for a float32 input
#elif CASE == 2
    rte::l2norm(i); // int32 is not among T's types
#elif CASE == 3
    rte::l2norm(2.0f); // an array input takes no scalar
#elif CASE == 4
    rte::total(1.0f, 0); // nor does a fixed-type one
#elif CASE == 5
    rte::dot(f, d, 1.0); // T bound to float32 by x, y is float64
#elif CASE == 6
    rte::dot(f, f, f); // a scalar parameter takes no array
#elif CASE == 7
    rte::l2norm(f, d); // the given output binds T first: float64, and x is float32
#elif CASE == 8
    gpucc::Array<float> z = gpucc::empty<float>({});
    rte::dot(f, f, 2, z, z); // n is float64
#elif CASE == 9
    rte::l2norm(f, untyped); // only gpucc::Array outputs (and no conversion to Axis)
#elif CASE == 10
    rte::l2norm(f, true); // keepdims meant: a bool is not an axis
#elif CASE == 11
    rte::l2norm(f, 1.5); // nor is a floating value
#else
    gpucc::Array<float> z = rte::l2norm(f, 0);
    gpucc::Array<float> by_long = rte::l2norm(f, std::int64_t{0}); // other integers convert
    (void)by_long;
    auto [dz, dn] = rte::dot(d, d, 2.0f, gpucc::Axis{0}, true);
    gpucc::Array<double> n = gpucc::empty<double>({});
    rte::dot(f, f, 1, z, n, 0);
    (void)dz;
    (void)dn;
#endif
    (void)f;
    (void)d;
    (void)i;
    (void)untyped;
}
