// The host's gamma draw (host_gamma.h): per batch of 256 elements the first Philox block of each
// from the vector Philox, then Marsaglia and Tsang's step per element written exactly as
// kernels/random.dsl's gamma writes it. This file is compiled without floating-point contraction
// (CMakeLists.txt) because the CPU target rounds each product and sum apart; log, cos, sqrt and
// pow are libm's, which the CPU target calls too (the loop does not vectorise there).
#include "host_gamma.h"

#include "cpu/thread_pool.h"
#include "gpucc/errors.h"
#include "host_philox.h"

#include <cmath>
#include <string>

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kBatch = 256;
/// Elements per chunk of the host pool.
constexpr std::int64_t kChunk = 8192;
/// 2^-32, the kernel's word-to-(0, 1) factor.
constexpr double kTwoToMinus32 = 2.3283064365386963e-10;

/// The kernel's constants of one draw, computed once (the same expressions, so the same values).
struct Draw {
    void* y;
    DType dtype;
    std::uint64_t seed;
    std::uint64_t first;
    double shape;
    double scale;
    bool log_output;
    PhiloxIsa isa;
    double d;
    double c;
    double log_d;
    double log_scale;
    double inverse_shape;
};

/// The kernel's loop for one element whose attempt-0 block is `block`: d * v's v and the accepted
/// attempt's boost.
[[gnu::always_inline]] inline void accept(const Draw& draw, std::uint64_t counter,
                                          std::uint32_t block[4], double& v, double& boost) {
    std::uint32_t attempt = 0;
    while (true) {
        ++attempt;
        const double u1 = (static_cast<double>(block[0]) + 0.5) * kTwoToMinus32;
        const double angle = 6.283185307179586 * (static_cast<double>(block[1]) * kTwoToMinus32);
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(angle);
        const double u = (static_cast<double>(block[2]) + 0.5) * kTwoToMinus32;
        boost = (static_cast<double>(block[3]) + 0.5) * kTwoToMinus32;
        const double base = 1.0 + draw.c * z;
        if (base > 0.0) {
            v = base * base * base;
            if (u < 1.0 - 0.0331 * z * z * z * z) {
                return;
            }
            if (std::log(u) < 0.5 * z * z + draw.d * (1.0 - v + std::log(v))) {
                return;
            }
        }
        philox_block(draw.seed, counter, attempt, 0u, block);
    }
}

/// The kernel's output expression for an accepted (v, boost).
[[gnu::always_inline]] inline double output(const Draw& draw, double v, double boost) {
    if (draw.log_output) {
        double logx = draw.log_d + std::log(v) + draw.log_scale;
        if (draw.shape < 1.0) {
            logx += std::log(boost) / draw.shape;
        }
        return logx;
    }
    double x = draw.d * v;
    if (draw.shape < 1.0) {
        x *= std::pow(boost, draw.inverse_shape);
    }
    return draw.scale * x;
}

template <class T>
void fill(const Draw& draw, std::int64_t begin, std::int64_t end) {
    T* y = static_cast<T*>(draw.y);
    std::uint32_t w[4][kBatch];
    std::uint32_t* const words[4] = {w[0], w[1], w[2], w[3]};
    for (std::int64_t start = begin; start < end; start += kBatch) {
        const std::int64_t count = end - start < kBatch ? end - start : kBatch;
        const std::uint64_t counter0 = draw.first + static_cast<std::uint64_t>(start);
        philox_words(draw.isa, draw.seed, counter0, count, words);
        for (std::int64_t t = 0; t < count; ++t) {
            std::uint32_t block[4] = {w[0][t], w[1][t], w[2][t], w[3][t]};
            double v = 1.0;
            double boost = 1.0;
            accept(draw, counter0 + static_cast<std::uint64_t>(t), block, v, boost);
            y[start + t] = static_cast<T>(output(draw, v, boost));
        }
    }
}

void fill_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    if (draw.dtype == DType::Float32) {
        fill<float>(draw, begin, end);
    } else {
        fill<double>(draw, begin, end);
    }
}

} // namespace

void host_gamma(DType dtype, void* y, std::int64_t n, std::uint64_t seed, std::uint64_t first,
                double shape, double scale, bool log_output) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError("random.gamma: dtype must be float32 or float64, got " +
                        std::string(dtype_name(dtype)));
    }
    if (n <= 0) {
        return;
    }
    if (shape == 0.0) {
        // The kernel's first branch: 0, or log 0 for beta's ratio.
        const double value = log_output ? -HUGE_VAL : 0.0;
        for (std::int64_t e = 0; e < n; ++e) {
            if (dtype == DType::Float32) {
                static_cast<float*>(y)[e] = static_cast<float>(value);
            } else {
                static_cast<double*>(y)[e] = value;
            }
        }
        return;
    }
    const double a = shape < 1.0 ? shape + 1.0 : shape;
    const double d = a - 1.0 / 3.0;
    Draw draw{y,           dtype,           seed,         first, shape,
              scale,       log_output,      philox_isa(), d,     1.0 / std::sqrt(9.0 * d),
              std::log(d), std::log(scale), 1.0 / shape};
    gpucc::detail::ThreadPool::instance().parallel_for(n, kChunk, fill_chunk, &draw);
}

} // namespace gpucc::random::detail
