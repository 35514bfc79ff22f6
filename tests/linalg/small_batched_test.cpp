// The one-matrix-per-thread route for stacks of small matrices (runtime/src/linalg/
// small_batched.h, kernels/small_batched.dsl) against the definitions: A x = b for solve, A inv(A)
// = I, L L^T = A (U^T U = A) with the other triangle zero for cholesky, on random well- and
// ill-conditioned stacks of n = 1, 2, 3, 7, 8, 9, 16 in float32 and float64 with several
// right-hand sides, strided and broadcast operands, a batch that is not a whole number of the
// kernels' blocks; each case also through the library route (the limits lowered to 0), so both
// stay checked. A singular or indefinite matrix in the middle of a stack raises LinAlgError naming
// its index on the kernels' route too, and LinalgErrorGuard(Ignore) leaves the others' results
// right. The GPU's polar-SVD fallback (Xgesvd after Xgesvdp), forced through its internal limit,
// is checked here as well (svd_polar_fallback.h). The same source runs on the CPU and the GPU.
#include "decomposition_test_support.h"
#include "linalg/small_batched.h"
#include "linalg/svd_polar_fallback.h"

#include <gpucc/linalg/decompositions.h>
#include <limits>

namespace linalg_test {
namespace {

namespace la = gpucc::linalg;
namespace detail = gpucc::linalg::detail;

// Sends every stack to the kernels (or none) for a scope, then restores the limits.
class LimitsFor {
public:
    explicit LimitsFor(bool kernels) : saved_(detail::small_batched_limits()) {
        const std::int64_t all = kernels ? std::numeric_limits<std::int64_t>::max() : 0;
        detail::small_batched_limits() = {all, all, all, all};
    }
    ~LimitsFor() { detail::small_batched_limits() = saved_; }
    LimitsFor(const LimitsFor&) = delete;
    LimitsFor& operator=(const LimitsFor&) = delete;

private:
    detail::SmallBatchedLimits saved_;
};

const std::int64_t kSizes[] = {1, 2, 3, 7, 8, 9, 16};
// Past one block of the kernels (64 threads) and not a multiple of it.
const std::int64_t kBatch = 70;

std::vector<double> conds_of(DType dtype) {
    return dtype == DType::Float64 ? std::vector<double>{10.0, 1e8}
                                   : std::vector<double>{10.0, 1e4};
}

std::vector<HostMatrix> random_stack(std::mt19937_64& rng, std::int64_t count, std::int64_t rows,
                                     std::int64_t cols, double cond, bool spd = false) {
    std::vector<HostMatrix> matrices;
    for (std::int64_t i = 0; i < count; ++i) {
        matrices.push_back(conditioned(rng, rows, cols, cond, spd));
    }
    return matrices;
}

std::string what(const char* routine, DType dtype, std::int64_t n, double cond, bool library) {
    return std::string(routine) + " " + std::string(gpucc::dtype_name(dtype)) +
           " n=" + std::to_string(n) + " cond=" + std::to_string(cond) +
           (library ? " (library route)" : " (small-matrix route)");
}

// |A x - b| within the solve tolerance of decomposition_test_support.h, for the matrices of
// `a` whose index is not `skip`.
void expect_solves(const std::vector<HostMatrix>& a, const std::vector<HostMatrix>& b,
                   const NDArray& x, DType dtype, const std::string& context,
                   std::size_t skip = static_cast<std::size_t>(-1)) {
    const auto xs = download(x);
    ASSERT_EQ(xs.size(), a.size()) << context;
    const std::int64_t n = a[0].rows;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i == skip) {
            continue;
        }
        const double scale =
            max_abs(a[i]) * max_abs(xs[i]) * static_cast<double>(n) + max_abs(b[i]);
        EXPECT_LE(max_difference(multiply(a[i], xs[i]), b[i]),
                  tolerance_for(dtype, n) * std::max(scale, 1.0))
            << context << ": A x != b (matrix " << i << ")";
    }
}

TEST(SmallBatched, SolveResidualsOnBothRoutes) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(20);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (std::int64_t n : kSizes) {
            for (double cond : conds_of(dtype)) {
                const NDArray a =
                    upload(random_stack(rng, kBatch, n, n, cond), Shape{kBatch}, dtype, n % 2 == 1);
                const auto a_host = download(a);
                for (std::int64_t k : {std::int64_t{1}, std::int64_t{3}, n}) {
                    const NDArray b =
                        upload(random_stack(rng, kBatch, n, k, 2.0), Shape{kBatch}, dtype);
                    const auto b_host = download(b);
                    for (bool library : {false, true}) {
                        LimitsFor limits(!library);
                        const std::string context =
                            what("solve", dtype, n, cond, library) + " k=" + std::to_string(k);
                        const NDArray x = la::solve(a, b);
                        ASSERT_EQ(x.shape(), b.shape()) << context;
                        EXPECT_EQ(x.dtype(), dtype) << context;
                        expect_solves(a_host, b_host, x, dtype, context);
                    }
                }
            }
        }
    }
}

TEST(SmallBatched, InverseAndBroadcastOperands) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(21);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (std::int64_t n : kSizes) {
            const NDArray a = upload(random_stack(rng, 6, n, n, 100.0), Shape{2, 3}, dtype);
            const auto a_host = download(a);
            const std::string context = what("inv", dtype, n, 100.0, false);
            const auto inverses = download(la::inv(a));
            ASSERT_EQ(inverses.size(), a_host.size()) << context;
            for (std::size_t i = 0; i < a_host.size(); ++i) {
                const double scale =
                    max_abs(a_host[i]) * max_abs(inverses[i]) * static_cast<double>(n);
                EXPECT_LE(max_difference(multiply(a_host[i], inverses[i]), identity(n)),
                          tolerance_for(dtype, n) * std::max(scale, 1.0))
                    << context << ": A inv(A) != I (matrix " << i << ")";
            }
            // One matrix (2, 1, n, n) against right-hand sides (4, n, 2): a broadcast batch.
            const NDArray one = upload(random_stack(rng, 2, n, n, 10.0), Shape{2, 1}, dtype);
            const NDArray rhs = upload(random_stack(rng, 4, n, 2, 2.0), Shape{4}, dtype);
            const NDArray x = la::solve(one, rhs);
            ASSERT_EQ(x.shape(), Shape(2, 4, n, 2)) << context;
            const auto one_host = download(one);
            const auto rhs_host = download(rhs);
            std::vector<HostMatrix> a_each;
            std::vector<HostMatrix> b_each;
            for (std::size_t i = 0; i < 2; ++i) {
                for (std::size_t j = 0; j < 4; ++j) {
                    a_each.push_back(one_host[i]);
                    b_each.push_back(rhs_host[j]);
                }
            }
            expect_solves(a_each, b_each, x, dtype, context + " broadcast");
        }
    }
}

TEST(SmallBatched, CholeskyOnBothRoutes) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(22);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (std::int64_t n : kSizes) {
            for (double cond : conds_of(dtype)) {
                const NDArray a = upload(random_stack(rng, kBatch, n, n, cond, true), Shape{kBatch},
                                         dtype, n % 2 == 0);
                const auto a_host = download(a);
                for (bool library : {false, true}) {
                    LimitsFor limits(!library);
                    for (bool upper : {false, true}) {
                        const std::string context = what("cholesky", dtype, n, cond, library) +
                                                    (upper ? " upper" : " lower");
                        const NDArray l = la::cholesky(a, upper);
                        ASSERT_EQ(l.shape(), a.shape()) << context;
                        const auto ls = download(l);
                        for (std::size_t b = 0; b < ls.size(); ++b) {
                            for (std::int64_t i = 0; i < n; ++i) {
                                for (std::int64_t j = 0; j < n; ++j) {
                                    if (upper ? j < i : j > i) {
                                        EXPECT_EQ(ls[b](i, j), 0.0) << context;
                                    }
                                }
                            }
                            const HostMatrix product = upper ? multiply(transposed(ls[b]), ls[b])
                                                             : multiply(ls[b], transposed(ls[b]));
                            EXPECT_LE(max_difference(product, a_host[b]),
                                      tolerance_for(dtype, n) * std::max(1.0, max_abs(a_host[b])))
                                << context << ": L L^T != A (matrix " << b << ")";
                        }
                    }
                }
            }
        }
    }
}

// A (3, 3) stack whose matrix 4 (index [1, 1]) is replaced.
NDArray stack_with(std::mt19937_64& rng, std::int64_t n, const HostMatrix& bad, bool spd,
                   DType dtype) {
    std::vector<HostMatrix> matrices = random_stack(rng, 9, n, n, 5.0, spd);
    matrices[4] = bad;
    return upload(matrices, Shape{3, 3}, dtype);
}

template <class Call>
void expect_error_at_4(Call&& call, const std::string& routine, const std::string& failure) {
    try {
        call();
        ADD_FAILURE() << routine << ": no LinAlgError";
    } catch (const la::LinAlgError& error) {
        const std::string message = error.what();
        EXPECT_EQ(error.matrix_index(), 4) << message;
        EXPECT_EQ(error.routine(), routine) << message;
        for (const std::string& part : {failure, std::string("matrix 4"), std::string("[1, 1]")}) {
            EXPECT_NE(message.find(part), std::string::npos)
                << "message \"" << message << "\" lacks \"" << part << "\"";
        }
    }
}

TEST(SmallBatched, FailingMatrixInTheMiddleRaisesNamingIt) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(23);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (std::int64_t n : {2, 8, 16}) {
            // Column 1 zero: U[1, 1] is exactly zero, LAPACK's info 2.
            HostMatrix singular = conditioned(rng, n, n, 5.0);
            for (std::int64_t i = 0; i < n; ++i) {
                singular(i, 1) = 0.0;
            }
            const NDArray a = stack_with(rng, n, singular, false, dtype);
            const NDArray b = upload(random_stack(rng, 9, n, 1, 2.0), Shape{3, 3}, dtype);
            expect_error_at_4([&] { (void)la::solve(a, b); }, "solve", "U[1, 1]");
            expect_error_at_4([&] { (void)la::inv(a); }, "inv", "Singular matrix");
            // Indefinite: the leading minor of order n is negative.
            HostMatrix indefinite = identity(n);
            indefinite(n - 1, n - 1) = -1.0;
            const NDArray s = stack_with(rng, n, indefinite, true, dtype);
            expect_error_at_4([&] { (void)la::cholesky(s); }, "cholesky",
                              "order " + std::to_string(n));
            expect_error_at_4([&] { (void)la::cholesky(s, true); }, "cholesky",
                              "not positive definite");
            // Unchecked, the other matrices' solutions are still right.
            la::LinalgErrorGuard ignore(la::LinalgErrors::Ignore);
            expect_solves(download(a), download(b), la::solve(a, b), dtype, "solve under Ignore",
                          4);
        }
    }
}

// The GPU's SVD of matrices of >= 64 rows takes Xgesvdp and hands a matrix it perturbed too much to
// Xgesvd; with the limit below 0 every matrix goes there, and the results must still reconstruct
// the operand with orthonormal factors and the singular values of the default route.
TEST(SmallBatched, PolarSvdFallbackForcedReconstructs) {
    LINALG_SKIP_WITHOUT_DEVICE();
    if (device_under_test().is_cpu()) {
        GTEST_SKIP() << "the polar-SVD fallback is the GPU's (cuSOLVER Xgesvdp, then Xgesvd)";
    }
    std::mt19937_64 rng(24);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        const NDArray a = upload(random_stack(rng, 2, 80, 70, 1e3), Shape{2}, dtype);
        const auto a_host = download(a);
        const la::SVDResult expected = la::svd(a, false);
        double& limit = detail::polar_svd_perturbation_limit();
        const double saved = limit;
        limit = -1.0;
        la::SVDResult forced;
        NDArray values_only(dtype);
        try {
            forced = la::svd(a, false);
            values_only = la::svd(a, false, false).S;
        } catch (...) {
            limit = saved;
            throw;
        }
        limit = saved;
        const double tol = tolerance_for(dtype, 80);
        const auto us = download(forced.U);
        const auto vts = download(forced.Vh);
        const std::vector<double> s = host_doubles(forced.S);
        const std::vector<double> s_expected = host_doubles(expected.S);
        const std::vector<double> s_only = host_doubles(values_only);
        ASSERT_EQ(s.size(), s_expected.size());
        for (std::size_t i = 0; i < s.size(); ++i) {
            EXPECT_NEAR(s[i], s_expected[i], tol * s_expected[0]) << "singular value " << i;
            EXPECT_NEAR(s_only[i], s_expected[i], tol * s_expected[0]) << "singular value " << i;
        }
        for (std::size_t b = 0; b < 2; ++b) {
            HostMatrix us_scaled = us[b];
            for (std::int64_t i = 0; i < us_scaled.rows; ++i) {
                for (std::int64_t j = 0; j < us_scaled.cols; ++j) {
                    us_scaled(i, j) *= s[b * 70 + static_cast<std::size_t>(j)];
                }
            }
            EXPECT_LE(max_difference(multiply(us_scaled, vts[b]), a_host[b]),
                      tol * max_abs(a_host[b]))
                << "U S V^T != A (matrix " << b << ")";
            EXPECT_LE(max_difference(multiply(transposed(us[b]), us[b]), identity(70)), tol);
            EXPECT_LE(max_difference(multiply(vts[b], transposed(vts[b])), identity(70)), tol);
        }
    }
}

} // namespace
} // namespace linalg_test
