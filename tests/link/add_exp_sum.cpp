// A program that calls three functions of the standard library, add, exp and sum, and nothing
// else: what tests/link/CMakeLists.txt checks it links. It prints sum(exp(x + x)) for
// x = 0, 0.001, ..., 0.999 and checks it against the same sum in double precision on the host.
#include <cmath>
#include <cstdio>
#include <gpucc/gpucc.h>
#include <vector>

int main() {
    std::vector<float> host(1000);
    double expected = 0.0;
    for (std::size_t i = 0; i < host.size(); ++i) {
        host[i] = 0.001F * static_cast<float>(i);
        expected += std::exp(2.0 * static_cast<double>(host[i]));
    }
    gpucc::Array<float> x = gpucc::asarray<float>(host, gpucc::Shape{1000});
    gpucc::Array<float> y = gpucc::exp(gpucc::add(x, x));
    const double total = static_cast<double>(gpucc::sum(y).item());
    std::printf("sum(exp(x + x)) = %.6g (expected %.6g)\n", total, expected);
    return std::abs(total - expected) <= 1e-4 * expected ? 0 : 1;
}
