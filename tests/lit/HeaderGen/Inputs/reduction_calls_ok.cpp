// Calls of every generated reduction form that must compile without warnings (see
// reduction_header.dsl): the output allocated or given, with and without axes and keepdims. An
// int is an axis (gpucc::Axis converts from it), never an output.
#include "reduction_header.gpucc.h"

#include <cstdint>
#include <tuple>
#include <type_traits>

template <class T>
void l2norm_calls() {
    gpucc::Array<T> x = gpucc::empty<T>({4, 8});
    gpucc::Array<T> y = rh::l2norm(x);
    gpucc::Array<T> rows = rh::l2norm(x, 1);
    gpucc::Array<T> kept = rh::l2norm(x, gpucc::Axis{0, -1}, true);
    rh::l2norm(x, y);
    rh::l2norm(x, rows, gpucc::Axis{1});
    rh::l2norm(x, kept, gpucc::Axis::all(), true);
    rh::l2norm(x, rows, 1, false);
    static_assert(std::is_same_v<decltype(rh::l2norm(x)), gpucc::Array<T>>);
    static_assert(std::is_same_v<decltype(rh::l2norm(x, 1)), gpucc::Array<T>>);
    static_assert(std::is_same_v<decltype(rh::l2norm(x, y)), void>);
}

void calls_ok() {
    l2norm_calls<float>();
    l2norm_calls<double>();

    gpucc::Array<float> f = gpucc::empty<float>({4, 8});
    gpucc::Array<double> d = gpucc::empty<double>({4, 8});
    gpucc::Array<double> s = rh::sum_abs(d, -1);
    rh::sum_abs(f, rh::sum_abs(f, 0), 0);

    // Scalar parameters take any C++ scalar; array inputs broadcast.
    gpucc::Array<float> w = rh::weighted(f, f, 2, 1);
    rh::weighted(d, d, 0.5f, s, -1);
    rh::weighted(f, f, std::int64_t{3}, w, 1, false);

    // Two outputs: a tuple in output order, or both given.
    auto [lo, hi] = rh::min_max(f, gpucc::Axis{}, true);
    static_assert(std::is_same_v<decltype(rh::min_max(f)),
                                 std::tuple<gpucc::Array<float>, gpucc::Array<double>>>);
    gpucc::Array<std::int32_t> ints = gpucc::empty<std::int32_t>({8});
    gpucc::Array<std::int32_t> int_lo = gpucc::empty<std::int32_t>({});
    gpucc::Array<double> int_hi = gpucc::empty<double>({});
    rh::min_max(ints, int_lo, int_hi);

    gpucc::Array<float> t = rh::total(f, {0});
    rh::total(f, t, {0});
    (void)lo;
    (void)hi;
}
