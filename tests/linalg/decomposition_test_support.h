// What the decomposition suites share: host matrices in double with chosen condition numbers
// (A = Q1 diag(s) Q2^T from random orthogonal Q, s log-spaced from 1 down to 1/cond), uploads in
// any dtype with any layout, and the host arithmetic the properties are checked with (products,
// norms, an LU with partial pivoting in long double for determinants). The reference values are
// always computed from the operand as uploaded (after its rounding to float16 etc.), never taken
// from the library.
//
// Tolerances: a backward-stable factorization reconstructs its operand to about n eps |A| and its
// orthogonal factors are orthonormal to about n eps, whatever the condition number; a solve's
// residual |A x - b| is about n eps |A| |x|. The checks allow 50 n eps (eps of the computation:
// 2^-52 for float64, integers and bool; 2^-23 for float32, float16 and bfloat16, which are
// computed in float32).
#pragma once

#include "linalg_test_support.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace linalg_test {

struct HostMatrix {
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    std::vector<double> v; // row-major
    double& operator()(std::int64_t i, std::int64_t j) { return v[i * cols + j]; }
    double operator()(std::int64_t i, std::int64_t j) const { return v[i * cols + j]; }
};

inline HostMatrix host_matrix(std::int64_t rows, std::int64_t cols) {
    return {rows, cols, std::vector<double>(static_cast<std::size_t>(rows * cols), 0.0)};
}

inline HostMatrix multiply(const HostMatrix& a, const HostMatrix& b) {
    HostMatrix c = host_matrix(a.rows, b.cols);
    for (std::int64_t i = 0; i < a.rows; ++i) {
        for (std::int64_t p = 0; p < a.cols; ++p) {
            const double x = a(i, p);
            for (std::int64_t j = 0; j < b.cols; ++j) {
                c(i, j) += x * b(p, j);
            }
        }
    }
    return c;
}

inline HostMatrix transposed(const HostMatrix& a) {
    HostMatrix t = host_matrix(a.cols, a.rows);
    for (std::int64_t i = 0; i < a.rows; ++i) {
        for (std::int64_t j = 0; j < a.cols; ++j) {
            t(j, i) = a(i, j);
        }
    }
    return t;
}

inline double max_abs(const HostMatrix& a) {
    double m = 0;
    for (double x : a.v) {
        m = std::max(m, std::abs(x));
    }
    return m;
}

inline double max_difference(const HostMatrix& a, const HostMatrix& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.v.size(); ++i) {
        m = std::max(m, std::abs(a.v[i] - b.v[i]));
    }
    return m;
}

inline HostMatrix identity(std::int64_t n) {
    HostMatrix e = host_matrix(n, n);
    for (std::int64_t i = 0; i < n; ++i) {
        e(i, i) = 1;
    }
    return e;
}

/// A random n x n orthogonal matrix (modified Gram-Schmidt of a Gaussian matrix, twice).
inline HostMatrix random_orthogonal(std::mt19937_64& rng, std::int64_t n) {
    std::normal_distribution<double> normal;
    HostMatrix q = host_matrix(n, n);
    for (double& x : q.v) {
        x = normal(rng);
    }
    for (int pass = 0; pass < 2; ++pass) {
        for (std::int64_t j = 0; j < n; ++j) {
            for (std::int64_t p = 0; p < j; ++p) {
                double dot = 0;
                for (std::int64_t i = 0; i < n; ++i) {
                    dot += q(i, j) * q(i, p);
                }
                for (std::int64_t i = 0; i < n; ++i) {
                    q(i, j) -= dot * q(i, p);
                }
            }
            double norm = 0;
            for (std::int64_t i = 0; i < n; ++i) {
                norm += q(i, j) * q(i, j);
            }
            norm = std::sqrt(norm);
            for (std::int64_t i = 0; i < n; ++i) {
                q(i, j) /= norm;
            }
        }
    }
    return q;
}

/// Singular values log-spaced from 1 down to 1/cond.
inline std::vector<double> spectrum(std::int64_t k, double cond) {
    std::vector<double> s(static_cast<std::size_t>(k));
    for (std::int64_t i = 0; i < k; ++i) {
        const double t = k > 1 ? static_cast<double>(i) / static_cast<double>(k - 1) : 0.0;
        s[static_cast<std::size_t>(i)] = std::pow(cond, -t);
    }
    return s;
}

/// Q1 diag(s) Q2^T, rows x cols, with condition number `cond`; symmetric positive definite
/// (Q diag(s) Q^T) when `spd`.
inline HostMatrix conditioned(std::mt19937_64& rng, std::int64_t rows, std::int64_t cols,
                              double cond, bool spd = false) {
    const std::int64_t k = std::min(rows, cols);
    const HostMatrix q1 = random_orthogonal(rng, rows);
    const HostMatrix q2 = spd ? q1 : random_orthogonal(rng, cols);
    const std::vector<double> s = spectrum(k, cond);
    HostMatrix scaled = host_matrix(rows, k);
    for (std::int64_t i = 0; i < rows; ++i) {
        for (std::int64_t j = 0; j < k; ++j) {
            scaled(i, j) = q1(i, j) * s[static_cast<std::size_t>(j)];
        }
    }
    HostMatrix q2k = host_matrix(cols, k);
    for (std::int64_t i = 0; i < cols; ++i) {
        for (std::int64_t j = 0; j < k; ++j) {
            q2k(i, j) = q2(i, j);
        }
    }
    HostMatrix a = multiply(scaled, transposed(q2k));
    if (spd) { // exactly symmetric
        for (std::int64_t i = 0; i < rows; ++i) {
            for (std::int64_t j = 0; j < i; ++j) {
                a(j, i) = a(i, j);
            }
        }
    }
    return a;
}

/// A stack of matrices uploaded as one (batch..., rows, cols) array of `dtype` (rows and cols
/// those of the matrices; given for an empty batch); with `transposed_layout` the array is a
/// transposed view of a (batch..., cols, rows) array (strided input).
inline NDArray upload(const std::vector<HostMatrix>& matrices, const Shape& batch, DType dtype,
                      bool transposed_layout = false, std::int64_t rows = 0,
                      std::int64_t cols = 0) {
    if (!matrices.empty()) {
        rows = matrices[0].rows;
        cols = matrices[0].cols;
    }
    std::vector<double> values;
    for (const HostMatrix& m : matrices) {
        const HostMatrix stored = transposed_layout ? transposed(m) : m;
        values.insert(values.end(), stored.v.begin(), stored.v.end());
    }
    Shape shape = batch;
    shape.push_back(transposed_layout ? cols : rows);
    shape.push_back(transposed_layout ? rows : cols);
    NDArray x = gpucc::asarray<double>(std::span<const double>(values), shape, device_under_test())
                    .ndarray()
                    .astype(dtype);
    if (transposed_layout) {
        x = x.swapaxes(x.ndim() - 2, x.ndim() - 1);
    }
    return x;
}

/// The matrices of a (..., rows, cols) array, read back.
inline std::vector<HostMatrix> download(const NDArray& x) {
    const std::int64_t rows = x.shape()[x.ndim() - 2];
    const std::int64_t cols = x.shape()[x.ndim() - 1];
    const std::vector<double> v = host_doubles(x);
    const std::int64_t count = rows * cols == 0 ? 0 : x.size() / (rows * cols);
    std::vector<HostMatrix> out;
    for (std::int64_t b = 0; b < count; ++b) {
        HostMatrix m = host_matrix(rows, cols);
        std::copy(v.begin() + b * rows * cols, v.begin() + (b + 1) * rows * cols, m.v.begin());
        out.push_back(std::move(m));
    }
    return out;
}

/// The machine epsilon of the computation for an input dtype.
inline double compute_eps(DType dtype) {
    return dtype == DType::Float32 || dtype == DType::Float16 || dtype == DType::BFloat16
               ? 1.1920929e-7
               : 2.220446049250313e-16;
}

/// 50 n eps of the computation (see the top of this file).
inline double tolerance_for(DType dtype, std::int64_t n) {
    return 50.0 * static_cast<double>(std::max<std::int64_t>(n, 1)) * compute_eps(dtype);
}

/// det by an LU with partial pivoting in long double.
inline double host_det(const HostMatrix& a) {
    const std::int64_t n = a.rows;
    std::vector<long double> m(a.v.begin(), a.v.end());
    long double det = 1;
    for (std::int64_t k = 0; k < n; ++k) {
        std::int64_t p = k;
        for (std::int64_t i = k + 1; i < n; ++i) {
            if (std::abs(m[i * n + k]) > std::abs(m[p * n + k])) {
                p = i;
            }
        }
        if (m[p * n + k] == 0) {
            return 0;
        }
        if (p != k) {
            for (std::int64_t j = 0; j < n; ++j) {
                std::swap(m[k * n + j], m[p * n + j]);
            }
            det = -det;
        }
        det *= m[k * n + k];
        for (std::int64_t i = k + 1; i < n; ++i) {
            const long double f = m[i * n + k] / m[k * n + k];
            for (std::int64_t j = k; j < n; ++j) {
                m[i * n + j] -= f * m[k * n + j];
            }
        }
    }
    return static_cast<double>(det);
}

} // namespace linalg_test
