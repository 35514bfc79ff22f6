// One wrong call per CASE; each must fail to compile with a message naming what is wrong.
// CASE 0 is a right call that must compile.
#include "type_errors.gpucc.h"

#include <cstdint>

void call_wrong() {
    gpucc::Array<float> f = gpucc::empty<float>({8});
    gpucc::Array<double> d = gpucc::empty<double>({8});
    gpucc::Array<std::int32_t> i = gpucc::empty<std::int32_t>({8});
#if CASE == 1
    te::squared_diff(d, f); // float64 array for a float32 parameter
#elif CASE == 2
    te::generic(i, i); // int32 is not among T's types
#elif CASE == 3
    te::generic(f, d); // T bound to float32 by x, y is float64
#elif CASE == 4
    te::generic(1.0f, 2.0f); // no array binds T
#elif CASE == 5
    te::reverse(f); // every input is raw: the output must be passed
#elif CASE == 6
    te::widen(f); // T is used by the output only: the output must be passed
#elif CASE == 7
    te::scatter(f); // a raw output has no shape to allocate: the output must be passed
#else
    te::widen(f, d); // CASE 0: with the output, T is float64: fine
    te::scatter(f, d);
#endif
    (void)f;
    (void)d;
    (void)i;
}
