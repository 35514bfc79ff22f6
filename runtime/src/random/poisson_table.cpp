// Poisson(lam)'s cumulative table (poisson_table.h). The probabilities relative to the mode's,
// p_m = 1 at m = floor(lam), by p_{k-1} = p_k k / lam down to 0 and p_{k+1} = p_k lam / (k + 1)
// up, so nothing overflows and the values too small for a double underflow to 0 without harm;
// then the running sum from k = 0, divided by the total. Each step rounds once or twice (about
// 1e-13 relative after a thousand steps), far below what a test of the distribution can see.
#include "poisson_table.h"

#include <cmath>
#include <cstddef>

namespace gpucc::random::detail {

std::vector<double> poisson_cdf(double lam) {
    const auto mode = static_cast<std::size_t>(std::floor(lam));
    std::vector<double> p(mode + 1);
    p[mode] = 1.0;
    for (std::size_t k = mode; k > 0; --k) {
        p[k - 1] = p[k] * static_cast<double>(k) / lam;
    }
    // Upward until the tail is below 2^-60 of the mode's term (the total is at least that term):
    // beyond k the terms fall at least by lam / (k + 2) each, so the tail after p_k is below
    // p_k (k + 2) / (k + 2 - lam).
    constexpr double kTail = 0x1p-60;
    for (std::size_t k = mode;; ++k) {
        const double next = p[k] * lam / static_cast<double>(k + 1);
        const double after = static_cast<double>(k + 3);
        if (next * after / (after - lam) < kTail) {
            p.push_back(next);
            break;
        }
        p.push_back(next);
    }
    double total = 0.0;
    for (double& value : p) {
        total += value;
        value = total;
    }
    for (double& value : p) {
        value /= total;
    }
    p.back() = 1.0;
    return p;
}

} // namespace gpucc::random::detail
