// Calls of fused functions with several reductions (fuse_persistent_type_errors.dsl): CASE 0 the
// right ones, each other CASE one wrong call that must fail to compile with a message naming
// what is wrong.
#include "fuse_persistent_type_errors.gpucc.h"

#include <cstdint>
#include <string>

void calls() {
    gpucc::Array<float> f = gpucc::empty<float>({2, 8});
    gpucc::Array<double> d = gpucc::empty<double>({2, 8});
    gpucc::Array<std::int32_t> i = gpucc::empty<std::int32_t>({2, 8});
    gpucc::NDArray n = f;
#if CASE == 1
    pte::scaled_softmax(f, d); // T bound to float32 by x, w is float64
#elif CASE == 2
    pte::scaled_softmax(i, i); // int32 is not among T's types
#elif CASE == 3
    pte::scaled_softmax(1.0, 2.0); // no array binds T
#elif CASE == 4
    pte::scaled_softmax(f, 0.5, d); // the result is float32
#elif CASE == 5
    pte::scaled_softmax(std::string("x"), f); // neither an array nor a scalar
#elif CASE == 6
    pte::spread(d); // a float64 Array for a float32 parameter
#else
    // CASE 0: typed, untyped, scalar and mixed arguments; outputs allocated and given.
    gpucc::Array<float> typed = pte::scaled_softmax(f, 0.5);
    gpucc::Array<double> from_scalar = pte::scaled_softmax(2, d);
    gpucc::NDArray untyped = pte::scaled_softmax(n, 0.5);
    gpucc::Array<float> mixed = pte::scaled_softmax(n, f);
    pte::scaled_softmax(n, n, n);
    pte::scaled_softmax(f, n, typed);
    gpucc::Array<float> spread = pte::spread(n);
    gpucc::Array<float> spread_typed = pte::spread(f);
    pte::spread(n, spread_typed);
    (void)from_scalar;
    (void)untyped;
    (void)mixed;
    (void)spread;
#endif
    (void)f;
    (void)d;
    (void)i;
    (void)n;
}
