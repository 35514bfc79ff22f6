// The host's gamma draw (host_gamma.h): per batch of 256 elements the first Philox block of each
// from the vector Philox, log u1 and cos(angle) of all of them by exact_math.h's functions
// vectorised (host_gamma_batch.h, in files of their own instruction sets), then Marsaglia and
// Tsang's test per element written exactly as kernels/random.dsl's gamma writes it, then the
// outputs' log or root a batch at a time: the kernel's operations in its order, so the same bits
// as the kernel on either device. This file is compiled without floating-point contraction
// (CMakeLists.txt): every fused multiply-add is written, as in the kernel.
#include "host_gamma.h"

#include "cpu/thread_pool.h"
#include "exact_math.h"
#include "gpucc/errors.h"
#include "host_gamma_batch.h"
#include "host_philox.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace gpucc::random::detail {
namespace {

constexpr std::int64_t kBatch = kGammaBatch;
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
};

/// The kernel's test after the squeeze failed, with log u and log v given: base > 0 and log u <
/// z^2 / 2 + d (1 - v + log v), v = base^3 (gamma_squeeze's).
bool passes_log_test(const Draw& draw, double z, double log_u, double log_v) {
    const double base = std::fma(draw.c, z, 1.0);
    if (base <= 0.0) {
        return false;
    }
    const double square = base * base;
    return log_u < std::fma(0.5 * z, z, draw.d * (std::fma(-square, base, 1.0) + log_v));
}

/// The kernel's test of one attempt with normal z and `block`'s words 2 and 3: whether it is
/// accepted, with v and boost.
[[gnu::always_inline]] inline bool
accepted(const Draw& draw, double z, const std::uint32_t block[4], double& v, double& boost) {
    const double u = (static_cast<double>(block[2]) + 0.5) * kTwoToMinus32;
    boost = (static_cast<double>(block[3]) + 0.5) * kTwoToMinus32;
    return gamma_squeeze(draw.c, z, u, v) || passes_log_test(draw, z, exact_log(u), exact_log(v));
}

/// The first attempts' z, v and squeeze answers of a batch (host_gamma_batch.h): vectorised at
/// Avx2 and Avx512, one element at a time at Baseline.
void squeeze(const Draw& draw, const double* log_u1, const double* cos_angle, const double* u,
             double* z, double* v, double* squeezed) {
    if (draw.isa == PhiloxIsa::Avx512) {
        gamma_squeeze_avx512(draw.c, log_u1, cos_angle, u, z, v, squeezed);
        return;
    }
    if (draw.isa == PhiloxIsa::Avx2) {
        gamma_squeeze_avx2(draw.c, log_u1, cos_angle, u, z, v, squeezed);
        return;
    }
    for (std::int64_t t = 0; t < kBatch; ++t) {
        z[t] = std::sqrt(-2.0 * log_u1[t]) * cos_angle[t];
        squeezed[t] = gamma_squeeze(draw.c, z[t], u[t], v[t]) ? 1.0 : 0.0;
    }
}

/// out[t] = f(in[t]) for t < count (count <= kBatch): vectorised at Avx2 and Avx512
/// (host_gamma_batch.h, each compiled for its instruction set; the caller checked that the CPU has
/// it), one element at a time at Baseline (std::fma is libm's there: the same values).
void apply(PhiloxIsa isa, BatchFunction f, const double* in, double* out, double exponent = 0.0,
           std::int64_t count = kBatch) {
    if (isa == PhiloxIsa::Avx512) {
        gamma_batch_avx512(f, in, out, exponent, count);
        return;
    }
    if (isa == PhiloxIsa::Avx2) {
        gamma_batch_avx2(f, in, out, exponent, count);
        return;
    }
    for (std::int64_t t = 0; t < count; ++t) {
        out[t] = f == BatchFunction::Log ? exact_log(in[t])
                 : f == BatchFunction::CosOfWord
                     ? exact_cos_of_word(static_cast<std::uint32_t>(in[t]))
                 : f == BatchFunction::Exp ? exact_exp(in[t])
                                           : exact_root(in[t], exponent);
    }
}

/// The kernel's loop from attempt 1 on, for an element whose attempt 0 was rejected (a few in a
/// hundred), one element at a time: v and the accepted attempt's boost.
void accept_after_rejection(const Draw& draw, std::uint64_t counter, double& v, double& boost) {
    std::uint32_t block[4];
    for (std::uint32_t attempt = 1;; ++attempt) {
        philox_block(draw.seed, counter, attempt, 0u, block);
        const double u1 = (static_cast<double>(block[0]) + 0.5) * kTwoToMinus32;
        const double z = std::sqrt(-2.0 * exact_log(u1)) * exact_cos_of_word(block[1]);
        if (accepted(draw, z, block, v, boost)) {
            return;
        }
    }
}

/// One batch's buffers (the words of its first blocks and the stages' values).
struct Batch {
    std::uint32_t w[4][kBatch];
    alignas(64) double u1[kBatch];
    alignas(64) double word1[kBatch];
    alignas(64) double log_u1[kBatch];
    alignas(64) double cos_angle[kBatch];
    alignas(64) double u[kBatch];
    alignas(64) double z[kBatch];
    alignas(64) double squeezed[kBatch];
    std::int64_t pending[kBatch];
    alignas(64) double pending_u[kBatch];
    alignas(64) double pending_v[kBatch];
    alignas(64) double pending_log_u[kBatch];
    alignas(64) double pending_log_v[kBatch];
    alignas(64) double v[kBatch];
    alignas(64) double boost[kBatch];
    alignas(64) double log_v[kBatch];
    alignas(64) double tail[kBatch];
};

/// Elements start .. start + count (count <= kBatch): the first attempts' log and cos a batch at
/// a time, the test per element, the outputs' log or pow a batch at a time.
template <class T>
void fill_batch(const Draw& draw, Batch& b, std::int64_t start, std::int64_t count, T* y) {
    const std::uint64_t counter0 = draw.first + static_cast<std::uint64_t>(start);
    std::uint32_t* const words[4] = {b.w[0], b.w[1], b.w[2], b.w[3]};
    philox_words(draw.isa, draw.seed, counter0, count, words);
    for (std::int64_t t = 0; t < kBatch; ++t) {
        const std::uint32_t x0 = t < count ? b.w[0][t] : 0u;
        const std::uint32_t x1 = t < count ? b.w[1][t] : 0u;
        const std::uint32_t x2 = t < count ? b.w[2][t] : 0u;
        const std::uint32_t x3 = t < count ? b.w[3][t] : 0u;
        b.u1[t] = (static_cast<double>(x0) + 0.5) * kTwoToMinus32;
        b.word1[t] = static_cast<double>(x1);
        b.u[t] = (static_cast<double>(x2) + 0.5) * kTwoToMinus32;
        b.boost[t] = (static_cast<double>(x3) + 0.5) * kTwoToMinus32;
    }
    apply(draw.isa, BatchFunction::Log, b.u1, b.log_u1);
    apply(draw.isa, BatchFunction::CosOfWord, b.word1, b.cos_angle);
    squeeze(draw, b.log_u1, b.cos_angle, b.u, b.z, b.v, b.squeezed);
    // The elements the squeeze did not accept (a few in a hundred): their log u and log v a batch
    // at a time too, then the log test, and the kernel's further attempts where that fails.
    std::int64_t m = 0;
    for (std::int64_t t = 0; t < count; ++t) {
        if (b.squeezed[t] == 0.0) {
            b.pending[m] = t;
            b.pending_u[m] = b.u[t];
            b.pending_v[m] = b.v[t];
            ++m;
        }
    }
    if (m > 0) {
        // Only the pending ones (rounded up to eight lanes), not the whole batch.
        const std::int64_t lanes = (m + 7) / 8 * 8;
        for (std::int64_t j = m; j < lanes; ++j) {
            b.pending_u[j] = 1.0;
            b.pending_v[j] = 1.0;
        }
        apply(draw.isa, BatchFunction::Log, b.pending_u, b.pending_log_u, 0.0, lanes);
        apply(draw.isa, BatchFunction::Log, b.pending_v, b.pending_log_v, 0.0, lanes);
        for (std::int64_t j = 0; j < m; ++j) {
            const std::int64_t t = b.pending[j];
            if (!passes_log_test(draw, b.z[t], b.pending_log_u[j], b.pending_log_v[j])) {
                accept_after_rejection(draw, counter0 + static_cast<std::uint64_t>(t), b.v[t],
                                       b.boost[t]);
            }
        }
    }
    for (std::int64_t t = count; t < kBatch; ++t) {
        b.v[t] = 1.0;
        b.boost[t] = 0.5;
    }
    const bool below_one = draw.shape < 1.0;
    if (draw.log_output) {
        apply(draw.isa, BatchFunction::Log, b.v, b.log_v);
        if (below_one) {
            apply(draw.isa, BatchFunction::Log, b.boost, b.tail);
        }
        for (std::int64_t t = 0; t < count; ++t) {
            double logx = draw.log_d + b.log_v[t] + draw.log_scale;
            if (below_one) {
                logx += b.tail[t] / draw.shape;
            }
            y[t] = static_cast<T>(logx);
        }
        return;
    }
    if (below_one) {
        apply(draw.isa, BatchFunction::Root, b.boost, b.tail, draw.shape);
    }
    for (std::int64_t t = 0; t < count; ++t) {
        double x = draw.d * b.v[t];
        if (below_one) {
            x *= b.tail[t];
        }
        y[t] = static_cast<T>(draw.scale * x);
    }
}

template <class T>
void fill(const Draw& draw, std::int64_t begin, std::int64_t end, T* y) {
    Batch batch;
    for (std::int64_t start = begin; start < end; start += kBatch) {
        fill_batch<T>(draw, batch, start, end - start < kBatch ? end - start : kBatch,
                      y + (start - begin));
    }
}

void fill_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const Draw& draw = *static_cast<const Draw*>(context);
    if (draw.dtype == DType::Float32) {
        fill<float>(draw, begin, end, static_cast<float*>(draw.y) + begin);
    } else {
        fill<double>(draw, begin, end, static_cast<double*>(draw.y) + begin);
    }
}

/// Beta's two log-gammas of one chunk and their ratio 1 / (1 + exp(log y - log x)).
struct BetaDraw {
    Draw x;
    Draw y;
    double* out;
};

void fill_beta_chunk(void* context, std::int64_t begin, std::int64_t end) {
    const BetaDraw& draw = *static_cast<const BetaDraw*>(context);
    double* out = draw.out + begin;
    fill<double>(draw.x, begin, end, out);
    alignas(64) double log_y[kBatch];
    alignas(64) double difference[kBatch];
    alignas(64) double power[kBatch];
    for (std::int64_t start = begin; start < end; start += kBatch) {
        const std::int64_t count = end - start < kBatch ? end - start : kBatch;
        fill<double>(draw.y, start, start + count, log_y);
        double* x = draw.out + start;
        for (std::int64_t t = 0; t < kBatch; ++t) {
            difference[t] = t < count ? log_y[t] - x[t] : 0.0;
        }
        apply(draw.x.isa, BatchFunction::Exp, difference, power);
        for (std::int64_t t = 0; t < count; ++t) {
            x[t] = 1.0 / (1.0 + power[t]);
        }
    }
}

/// The constants of gamma(shape, scale) (shape > 0), as the kernel computes them.
Draw draw_of(PhiloxIsa isa, DType dtype, void* y, std::uint64_t seed, std::uint64_t first,
             double shape, double scale, bool log_output) {
    const double a = shape < 1.0 ? shape + 1.0 : shape;
    const double d = a - 1.0 / 3.0;
    return Draw{y,
                dtype,
                seed,
                first,
                shape,
                scale,
                log_output,
                isa,
                d,
                1.0 / std::sqrt(9.0 * d),
                exact_log(d),
                exact_log(scale)};
}

/// The draws' check of `isa` before any batch runs, so that the vector files' instructions
/// (host_gamma_batch.h) never run on a CPU without them.
void require(PhiloxIsa isa) {
    if (!philox_isa_supported(isa)) {
        throw std::invalid_argument(
            "random.gamma: this CPU lacks the vector instructions asked for");
    }
}

} // namespace

void host_gamma(PhiloxIsa isa, DType dtype, void* y, std::int64_t n, std::uint64_t seed,
                std::uint64_t first, double shape, double scale, bool log_output) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError("random.gamma: dtype must be float32 or float64, got " +
                        std::string(dtype_name(dtype)));
    }
    require(isa);
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
    Draw draw = draw_of(isa, dtype, y, seed, first, shape, scale, log_output);
    gpucc::detail::ThreadPool::instance().parallel_for(n, kChunk, fill_chunk, &draw);
}

void host_beta(PhiloxIsa isa, double* out, std::int64_t n, std::uint64_t seed,
               std::uint64_t first_x, std::uint64_t first_y, double a, double b) {
    require(isa);
    if (n <= 0) {
        return;
    }
    BetaDraw draw{draw_of(isa, DType::Float64, nullptr, seed, first_x, a, 1.0, true),
                  draw_of(isa, DType::Float64, nullptr, seed, first_y, b, 1.0, true), out};
    gpucc::detail::ThreadPool::instance().parallel_for(n, kChunk, fill_beta_chunk, &draw);
}

} // namespace gpucc::random::detail
