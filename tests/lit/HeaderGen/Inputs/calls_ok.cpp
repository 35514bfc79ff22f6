// Calls of every generated form that must compile without warnings.
#include "header_compiles.gpucc.h"

#include <tuple>

void calls_ok() {
    gpucc::Array<float> a = gpucc::empty<float>({8});
    gpucc::Array<double> d = gpucc::empty<double>({8});
    gpucc::Array<float> z = hc::squared_diff(a, a);
    hc::squared_diff(a, 2.0f, z);
    hc::squared_diff(3, a, z);
    auto [r, phi] = hc::polar(d, d);
    hc::polar(d, 1.0, r, phi);
    gpucc::Array<std::int32_t> ints = gpucc::empty<std::int32_t>({8});
    hc::reverse(ints, ints);
    static_assert(std::is_same_v<decltype(hc::polar(a, a)), std::tuple<gpucc::Array<float>, gpucc::Array<float>>>);
}
