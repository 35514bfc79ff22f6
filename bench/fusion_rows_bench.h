// The rows of bench/fusion_bench.cpp for fused functions with several reductions over one axis
// (fusion_kernels.dsl's softmax and logsumexp: one launch each): softmax and
// log-sum-exp over the rows of a 16384x1024 float32 matrix, fused into a given output, against the
// same computation unfused through the standard library (max, subtract, exp, sum, divide: five
// kernels), each result checked against a double-precision loop on 64 rows; then the fused softmax
// and log-sum-exp over 4096x4096, 65536x256 and 1024x32768 float32. Bytes counted: the matrix read
// once and the result written once (the ideal traffic of one pass).
#pragma once

#include "bench_support.h"
#include "fusion_kernels.gpucc.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <gpucc/gpucc.h>
#include <utility>
#include <vector>

namespace fusion_rows_bench {

/// Checks softmax (`log_sum_exp` false: `got` has the matrix's shape) or log-sum-exp (one value
/// per row) of 64 spread rows of `x` (rows x cols) in double; exits on a mismatch.
inline void check(const char* what, const std::vector<float>& x, const std::vector<float>& got,
                  std::int64_t rows, std::int64_t cols, bool log_sum_exp) {
    for (std::int64_t k = 0; k < 64; ++k) {
        std::int64_t row = (k * 2654435761LL) % rows;
        const float* v = x.data() + row * cols;
        double m = v[0];
        for (std::int64_t c = 0; c < cols; ++c) {
            m = std::max(m, double(v[c]));
        }
        double s = 0;
        for (std::int64_t c = 0; c < cols; ++c) {
            s += std::exp(double(v[c]) - m);
        }
        for (std::int64_t c = 0; c < (log_sum_exp ? 1 : cols); ++c) {
            double want = log_sum_exp ? std::log(s) + m : std::exp(double(v[c]) - m) / s;
            double given = got[static_cast<std::size_t>(log_sum_exp ? row : row * cols + c)];
            if (std::fabs(given - want) > 1e-5 * (std::fabs(want) + 1e-3)) {
                std::fprintf(stderr, "%s: row %lld element %lld is %g, expected %g\n", what,
                             static_cast<long long>(row), static_cast<long long>(c), given, want);
                std::exit(1);
            }
        }
    }
}

/// Times the rows with `time` (a callable timing a callable, in ms) and prints one JSON line each.
template <class Time>
void run(const char* target, gpucc::Device device, Time&& time) {
    constexpr std::int64_t rows = 16384, cols = 1024;
    std::vector<float> hx = bench_support::random_floats(rows * cols, 23, -8.0f, 8.0f);
    gpucc::Array<float> x = gpucc::asarray<float>(hx, {rows, cols}, device);
    gpucc::Array<float> y = gpucc::empty<float>({rows, cols}, device);
    gpucc::Array<float> lse = gpucc::empty<float>({rows}, device);
    auto emit_shape = [&](const char* work, std::int64_t r, std::int64_t c, double ms,
                          double bytes) {
        std::printf("{\"target\": \"%s\", \"work\": \"%s %lldx%lld float32\", \"impl\": "
                    "\"gpucc\", \"ms\": %.4f, \"GBps\": %.1f}\n",
                    target, work, static_cast<long long>(r), static_cast<long long>(c), ms,
                    bytes / ms / 1e6);
        std::fflush(stdout);
    };
    auto emit = [&](const char* work, double ms, double bytes) {
        emit_shape(work, rows, cols, ms, bytes);
    };
    const double matrix = 4.0 * rows * cols;
    double fused_ms = time([&] { fb::softmax(x, y); });
    check("fused softmax", hx, y.to_host(), rows, cols, false);
    emit("softmax(x, axis = -1) fused, into a given output", fused_ms, 2 * matrix);
    gpucc::Array<float> unfused;
    double unfused_ms = time([&] {
        gpucc::Array<float> e = gpucc::exp(x - gpucc::max(x, -1, true));
        unfused = e / gpucc::sum(e, -1, true);
    });
    check("unfused softmax", hx, unfused.to_host(), rows, cols, false);
    emit("softmax(x, axis = -1) unfused (standard library, 5 kernels)", unfused_ms, 2 * matrix);
    double lse_ms = time([&] { fb::logsumexp(x, lse); });
    check("fused logsumexp", hx, lse.to_host(), rows, cols, true);
    emit("logsumexp(x, axis = -1) fused, into a given output", lse_ms, matrix + 4.0 * rows);
    gpucc::Array<float> unfused_lse;
    double unfused_lse_ms = time([&] {
        gpucc::Array<float> m = gpucc::max(x, -1, true);
        unfused_lse = gpucc::log(gpucc::sum(gpucc::exp(x - m), -1)) + gpucc::max(x, -1);
    });
    check("unfused logsumexp", hx, unfused_lse.to_host(), rows, cols, true);
    emit("logsumexp(x, axis = -1) unfused (standard library, 6 kernels)", unfused_lse_ms,
         matrix + 4.0 * rows);
    // Other shapes users run: square (a block's row held in registers), short rows (a warp per
    // row, eight columns per lane), and long rows (read once per pass).
    for (auto [r, c] :
         {std::pair<std::int64_t, std::int64_t>{4096, 4096}, {65536, 256}, {1024, 32768}}) {
        std::vector<float> hs = bench_support::random_floats(r * c, 29, -8.0f, 8.0f);
        gpucc::Array<float> xs = gpucc::asarray<float>(hs, {r, c}, device);
        gpucc::Array<float> ys = gpucc::empty<float>({r, c}, device);
        double shape_ms = time([&] { fb::softmax(xs, ys); });
        check("fused softmax", hs, ys.to_host(), r, c, false);
        emit_shape("softmax(x, axis = -1) fused, into a given output", r, c, shape_ms,
                   8.0 * static_cast<double>(r * c));
        gpucc::Array<float> lses = gpucc::empty<float>({r}, device);
        double lse_shape_ms = time([&] { fb::logsumexp(xs, lses); });
        check("fused logsumexp", hs, lses.to_host(), r, c, true);
        emit_shape("logsumexp(x, axis = -1) fused, into a given output", r, c, lse_shape_ms,
                   4.0 * static_cast<double>(r * c) + 4.0 * static_cast<double>(r));
    }
}

} // namespace fusion_rows_bench
