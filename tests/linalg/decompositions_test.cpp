// numpy.linalg's decompositions (gpucc/linalg/decompositions.h) checked against their
// definitions, not against a second library: U S V^T reconstructs the operand with U, V
// orthonormal; Q R = A with R upper triangular; L L^T = A; A x = b; det against an LU in long
// double; A v = w v; the Penrose conditions for pinv; the normal equations for lstsq. Operands are
// random with chosen condition numbers (decomposition_test_support.h) in every supported dtype,
// sizes 0, 1, 2, 31, 33, 257, non-square, stacks and strided views. The same source runs on the
// CPU (LAPACK) and the GPU (cuSOLVER).
#include "decomposition_test_support.h"

#include <gpucc/linalg/decompositions.h>

namespace linalg_test {
namespace {

namespace la = gpucc::linalg;

struct Operand {
    NDArray array;
    std::vector<HostMatrix> host; // the operand's matrices as uploaded (rounded to its dtype)
    double cond;
};

DType result_dtype(DType input) {
    return compute_eps(input) > 1e-10 ? DType::Float32 : DType::Float64;
}

std::string name(DType dtype) {
    return std::string(gpucc::dtype_name(dtype));
}

// Integer operands: small entries and a dominant diagonal (well conditioned, and positive
// definite when symmetric).
HostMatrix integer_matrix(std::mt19937_64& rng, std::int64_t rows, std::int64_t cols, bool spd) {
    std::uniform_int_distribution<int> entry(-3, 3);
    HostMatrix a = host_matrix(rows, cols);
    for (double& x : a.v) {
        x = entry(rng);
    }
    if (spd) {
        for (std::int64_t i = 0; i < rows; ++i) {
            for (std::int64_t j = 0; j < i; ++j) {
                a(j, i) = a(i, j);
            }
        }
    }
    for (std::int64_t i = 0; i < std::min(rows, cols); ++i) {
        a(i, i) = 4.0 * static_cast<double>(std::max(rows, cols)) + 4;
    }
    return a;
}

Operand make_operand(std::mt19937_64& rng, const Shape& batch, std::int64_t rows, std::int64_t cols,
                     DType dtype, double cond, bool spd = false, bool strided = false) {
    const bool integer = !is_float_dtype(dtype);
    std::vector<HostMatrix> matrices;
    for (std::int64_t b = 0; b < batch.element_count(); ++b) {
        matrices.push_back(integer ? integer_matrix(rng, rows, cols, spd)
                                   : conditioned(rng, rows, cols, cond, spd));
    }
    Operand op;
    op.array = upload(matrices, batch, dtype, strided, rows, cols);
    op.host = download(op.array);
    op.cond = integer ? 4.0 : cond;
    return op;
}

std::string context(const char* routine, DType dtype, const NDArray& a) {
    return std::string(routine) + " " + name(dtype) + " " + shape_text(a);
}

void expect_orthonormal_columns(const HostMatrix& q, double tol, const std::string& what) {
    const HostMatrix qtq = multiply(transposed(q), q);
    EXPECT_LE(max_difference(qtq, identity(q.cols)), tol) << what << ": Q^T Q != I";
}

Shape append(Shape s, std::int64_t a, std::int64_t b) {
    s.push_back(a);
    s.push_back(b);
    return s;
}
Shape append(Shape s, std::int64_t a) {
    s.push_back(a);
    return s;
}

// ---------------------------------------------------------------------------------------------
// The shapes every routine runs on: (batch, rows, cols, strided).
struct Case {
    Shape batch;
    std::int64_t rows;
    std::int64_t cols;
    bool strided;
};

std::vector<Case> square_cases(DType dtype) {
    std::vector<Case> cases;
    for (std::int64_t n : {0, 1, 2, 31, 33}) {
        cases.push_back({Shape{}, n, n, false});
    }
    cases.push_back({Shape{3}, 5, 5, true});
    cases.push_back({Shape{2, 2}, 4, 4, false});
    cases.push_back({Shape{0}, 3, 3, false});
    if (dtype == DType::Float64 || dtype == DType::Float32) {
        cases.push_back({Shape{}, 257, 257, false});
    }
    return cases;
}

std::vector<Case> general_cases(DType dtype) {
    std::vector<Case> cases = square_cases(dtype);
    cases.push_back({Shape{}, 5, 3, false});
    cases.push_back({Shape{}, 3, 5, true});
    cases.push_back({Shape{2}, 33, 31, false});
    cases.push_back({Shape{2}, 31, 33, false});
    cases.push_back({Shape{}, 0, 3, false});
    cases.push_back({Shape{}, 3, 0, false});
    if (dtype == DType::Float64 || dtype == DType::Float32) {
        // Tall and wide stacks large enough for the GPU's polar-decomposition SVD route.
        cases.push_back({Shape{2}, 100, 70, false});
        cases.push_back({Shape{}, 70, 100, true});
    }
    return cases;
}

const std::vector<DType> kDtypes = {DType::Float64, DType::Float32, DType::Float16, DType::BFloat16,
                                    DType::Int32};

// Condition numbers: ill-conditioned only where the dtype can hold the matrix.
std::vector<double> conds(DType dtype) {
    if (dtype == DType::Float64) {
        return {10.0, 1e8};
    }
    if (dtype == DType::Float32) {
        return {10.0, 1e4};
    }
    return {10.0};
}

TEST(Svd, ReconstructsWithOrthonormalFactors) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(1);
    for (DType dtype : kDtypes) {
        for (const Case& c : general_cases(dtype)) {
            for (double cond : conds(dtype)) {
                const Operand op =
                    make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, false, c.strided);
                const std::int64_t k = std::min(c.rows, c.cols);
                for (bool full : {true, false}) {
                    const std::string what =
                        context("svd", dtype, op.array) + (full ? " full" : " reduced");
                    const la::SVDResult r = la::svd(op.array, full, true);
                    const std::int64_t ucols = full ? c.rows : k;
                    const std::int64_t vrows = full ? c.cols : k;
                    ASSERT_EQ(r.U.shape(), append(c.batch, c.rows, ucols)) << what;
                    ASSERT_EQ(r.S.shape(), append(c.batch, k)) << what;
                    ASSERT_EQ(r.Vh.shape(), append(c.batch, vrows, c.cols)) << what;
                    EXPECT_EQ(r.S.dtype(), result_dtype(dtype)) << what;
                    const auto us = download(r.U);
                    const auto vs = download(r.Vh);
                    const std::vector<double> s = host_doubles(r.S);
                    const double tol = tolerance_for(dtype, std::max(c.rows, c.cols));
                    for (std::size_t b = 0; b < op.host.size(); ++b) {
                        HostMatrix us_k = host_matrix(c.rows, k);
                        for (std::int64_t i = 0; i < c.rows; ++i) {
                            for (std::int64_t j = 0; j < k; ++j) {
                                const double sj = s[b * static_cast<std::size_t>(k) +
                                                    static_cast<std::size_t>(j)];
                                us_k(i, j) = us[b](i, j) * sj;
                                if (j > 0) {
                                    EXPECT_LE(sj, s[b * k + j - 1]) << what << ": S not descending";
                                }
                                EXPECT_GE(sj, 0) << what;
                            }
                        }
                        HostMatrix vh_k = host_matrix(k, c.cols);
                        std::copy(vs[b].v.begin(), vs[b].v.begin() + k * c.cols, vh_k.v.begin());
                        EXPECT_LE(max_difference(multiply(us_k, vh_k), op.host[b]),
                                  tol * std::max(1.0, max_abs(op.host[b])))
                            << what << ": U S Vh != A (matrix " << b << ")";
                        expect_orthonormal_columns(us[b], tol, what + " U");
                        expect_orthonormal_columns(transposed(vs[b]), tol, what + " Vh^T");
                    }
                }
                const la::SVDResult values_only = la::svd(op.array, false, false);
                const la::SVDResult with_vectors = la::svd(op.array, false, true);
                const std::vector<double> s1 = host_doubles(values_only.S);
                const std::vector<double> s2 = host_doubles(with_vectors.S);
                ASSERT_EQ(s1.size(), s2.size());
                for (std::size_t i = 0; i < s1.size(); ++i) {
                    EXPECT_NEAR(s1[i], s2[i], tolerance_for(dtype, c.rows + c.cols))
                        << context("svd values only", dtype, op.array);
                }
            }
        }
    }
}

TEST(Qr, EveryModeReconstructs) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(2);
    for (DType dtype : kDtypes) {
        for (const Case& c : general_cases(dtype)) {
            const double cond = conds(dtype).back();
            const Operand op =
                make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, false, c.strided);
            const std::int64_t k = std::min(c.rows, c.cols);
            const double tol = tolerance_for(dtype, std::max(c.rows, c.cols));
            for (la::QRMode mode : {la::QRMode::Reduced, la::QRMode::Complete}) {
                const bool complete = mode == la::QRMode::Complete;
                const std::string what =
                    context("qr", dtype, op.array) + (complete ? " complete" : " reduced");
                const la::QRResult r = la::qr(op.array, mode);
                const std::int64_t qcols = complete ? c.rows : k;
                ASSERT_EQ(r.Q.shape(), append(c.batch, c.rows, qcols)) << what;
                ASSERT_EQ(r.R.shape(), append(c.batch, qcols, c.cols)) << what;
                EXPECT_EQ(r.R.dtype(), result_dtype(dtype)) << what;
                const auto qs = download(r.Q);
                const auto rs = download(r.R);
                for (std::size_t b = 0; b < op.host.size(); ++b) {
                    for (std::int64_t i = 0; i < rs[b].rows; ++i) {
                        for (std::int64_t j = 0; j < std::min(i, rs[b].cols); ++j) {
                            EXPECT_EQ(rs[b](i, j), 0.0) << what << ": R not upper triangular";
                        }
                    }
                    EXPECT_LE(max_difference(multiply(qs[b], rs[b]), op.host[b]),
                              tol * std::max(1.0, max_abs(op.host[b])))
                        << what << ": Q R != A (matrix " << b << ")";
                    expect_orthonormal_columns(qs[b], tol, what);
                }
            }
            // mode 'r' is the reduced R; raw's h holds it transposed, with tau (k,).
            const la::QRResult reduced = la::qr(op.array, la::QRMode::Reduced);
            const la::QRResult r_only = la::qr(op.array, la::QRMode::R);
            EXPECT_EQ(host_doubles(r_only.R), host_doubles(reduced.R))
                << context("qr r", dtype, op.array);
            const la::QRRawResult raw = la::qr_raw(op.array);
            ASSERT_EQ(raw.h.shape(), append(c.batch, c.cols, c.rows));
            ASSERT_EQ(raw.tau.shape(), append(c.batch, k));
            const auto hs = download(raw.h);
            const auto rs = download(reduced.R);
            for (std::size_t b = 0; b < hs.size(); ++b) {
                for (std::int64_t i = 0; i < k; ++i) {
                    for (std::int64_t j = i; j < c.cols; ++j) {
                        EXPECT_EQ(hs[b](j, i), rs[b](i, j)) << context("qr raw", dtype, op.array);
                    }
                }
            }
        }
    }
}

TEST(Cholesky, LowerAndUpperReconstruct) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(3);
    for (DType dtype : kDtypes) {
        for (const Case& c : square_cases(dtype)) {
            for (double cond : conds(dtype)) {
                const Operand op =
                    make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, true, c.strided);
                const double tol = tolerance_for(dtype, c.rows);
                for (bool upper : {false, true}) {
                    const std::string what =
                        context("cholesky", dtype, op.array) + (upper ? " upper" : " lower");
                    const NDArray l = la::cholesky(op.array, upper);
                    ASSERT_EQ(l.shape(), op.array.shape()) << what;
                    EXPECT_EQ(l.dtype(), result_dtype(dtype)) << what;
                    const auto ls = download(l);
                    for (std::size_t b = 0; b < op.host.size(); ++b) {
                        for (std::int64_t i = 0; i < c.rows; ++i) {
                            for (std::int64_t j = 0; j < c.rows; ++j) {
                                if (upper ? j < i : j > i) {
                                    EXPECT_EQ(ls[b](i, j), 0.0) << what << ": not triangular";
                                }
                            }
                        }
                        const HostMatrix product = upper ? multiply(transposed(ls[b]), ls[b])
                                                         : multiply(ls[b], transposed(ls[b]));
                        EXPECT_LE(max_difference(product, op.host[b]),
                                  tol * std::max(1.0, max_abs(op.host[b])))
                            << what << ": L L^T != A (matrix " << b << ")";
                    }
                }
            }
        }
    }
}

// NumPy reads only the lower triangle (upper=False) or the upper one (upper=True): garbage in the
// other triangle must not change the factor.
TEST(Cholesky, ReadsOnlyItsTriangle) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> garbage(-50.0, 50.0);
    for (DType dtype : {DType::Float64, DType::Float32}) {
        for (const Case& c : {Case{Shape{}, 5, 5, false}, Case{Shape{2}, 33, 33, false},
                              Case{Shape{}, 257, 257, true}, Case{Shape{3}, 70, 70, false}}) {
            const Operand op = make_operand(rng, c.batch, c.rows, c.cols, dtype, 10.0, true);
            for (bool upper : {false, true}) {
                std::vector<HostMatrix> spoiled = op.host;
                for (HostMatrix& m : spoiled) {
                    for (std::int64_t i = 0; i < c.rows; ++i) {
                        for (std::int64_t j = 0; j < c.rows; ++j) {
                            if (upper ? j < i : j > i) {
                                m(i, j) = garbage(rng);
                            }
                        }
                    }
                }
                const NDArray a = upload(spoiled, c.batch, dtype, c.strided, c.rows, c.cols);
                const std::string what =
                    context("cholesky", dtype, a) + (upper ? " upper" : " lower");
                const auto expected = download(la::cholesky(op.array, upper));
                const auto actual = download(la::cholesky(a, upper));
                ASSERT_EQ(actual.size(), expected.size()) << what;
                for (std::size_t b = 0; b < actual.size(); ++b) {
                    EXPECT_LE(max_difference(actual[b], expected[b]),
                              tolerance_for(dtype, c.rows) * max_abs(expected[b]))
                        << what << ": the other triangle changed the factor (matrix " << b << ")";
                }
            }
        }
    }
}

TEST(Eigh, EigenpairsAndTriangleRead) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(4);
    for (DType dtype : kDtypes) {
        for (const Case& c : square_cases(dtype)) {
            const double cond = conds(dtype).back();
            const Operand op =
                make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, true, c.strided);
            const double tol = tolerance_for(dtype, c.rows);
            for (char uplo : {'L', 'U'}) {
                const std::string what =
                    context("eigh", dtype, op.array) + " UPLO=" + std::string(1, uplo);
                const la::EighResult r = la::eigh(op.array, uplo);
                ASSERT_EQ(r.eigenvalues.shape(), append(c.batch, c.rows)) << what;
                ASSERT_EQ(r.eigenvectors.shape(), op.array.shape()) << what;
                const auto vs = download(r.eigenvectors);
                const std::vector<double> w = host_doubles(r.eigenvalues);
                for (std::size_t b = 0; b < op.host.size(); ++b) {
                    HostMatrix vw = vs[b];
                    for (std::int64_t i = 0; i < c.rows; ++i) {
                        for (std::int64_t j = 0; j < c.rows; ++j) {
                            vw(i, j) *= w[b * c.rows + j];
                        }
                        if (i > 0) {
                            EXPECT_LE(w[b * c.rows + i - 1], w[b * c.rows + i]) << what;
                        }
                    }
                    EXPECT_LE(max_difference(multiply(op.host[b], vs[b]), vw),
                              tol * std::max(1.0, max_abs(op.host[b])))
                        << what << ": A V != V diag(w) (matrix " << b << ")";
                    expect_orthonormal_columns(vs[b], tol, what);
                }
                const std::vector<double> values = host_doubles(la::eigvalsh(op.array, uplo));
                ASSERT_EQ(values.size(), w.size());
                for (std::size_t i = 0; i < w.size(); ++i) {
                    EXPECT_NEAR(values[i], w[i], tol) << "eigvalsh " << what;
                }
            }
        }
    }
    // Only the named triangle is read: garbage in the other one changes nothing.
    const Operand sym = make_operand(rng, Shape{}, 6, 6, DType::Float64, 10.0, true);
    HostMatrix lower_only = sym.host[0];
    for (std::int64_t i = 0; i < 6; ++i) {
        for (std::int64_t j = i + 1; j < 6; ++j) {
            lower_only(i, j) = 100.0 + static_cast<double>(i * 6 + j);
        }
    }
    const std::vector<double> expected = host_doubles(la::eigvalsh(sym.array));
    const std::vector<double> got =
        host_doubles(la::eigvalsh(upload({lower_only}, Shape{}, DType::Float64), 'L'));
    const std::vector<double> wrong =
        host_doubles(la::eigvalsh(upload({lower_only}, Shape{}, DType::Float64), 'U'));
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(got[i], expected[i], 1e-12);
    }
    EXPECT_GT(std::abs(wrong.back() - expected.back()), 1.0);
    EXPECT_THROW((void)la::eigh(sym.array, 'X'), gpucc::ValueError);
}

TEST(Solve, ResidualsSmallForMatricesVectorsAndBroadcastStacks) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(5);
    for (DType dtype : kDtypes) {
        for (const Case& c : square_cases(dtype)) {
            for (double cond : conds(dtype)) {
                const Operand a =
                    make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, false, c.strided);
                const double tol = tolerance_for(dtype, c.rows);
                for (std::int64_t k : {std::int64_t{1}, std::int64_t{3}}) {
                    const Operand b = make_operand(rng, c.batch, c.rows, k, dtype, 2.0);
                    const std::string what = context("solve", dtype, a.array);
                    const NDArray x = la::solve(a.array, b.array);
                    ASSERT_EQ(x.shape(), b.array.shape()) << what;
                    EXPECT_EQ(x.dtype(), result_dtype(dtype)) << what;
                    const auto xs = download(x);
                    for (std::size_t i = 0; i < a.host.size(); ++i) {
                        const double scale =
                            max_abs(a.host[i]) * max_abs(xs[i]) * static_cast<double>(c.rows) +
                            max_abs(b.host[i]);
                        EXPECT_LE(max_difference(multiply(a.host[i], xs[i]), b.host[i]),
                                  tol * std::max(scale, 1.0))
                            << what << ": A x != b (matrix " << i << ")";
                    }
                }
            }
        }
    }
    // b as a vector (M,), and batch axes that broadcast: (2, 1, n, n) with (3, n, 2).
    const Operand a = make_operand(rng, Shape{2, 1}, 4, 4, DType::Float64, 10.0);
    const Operand v = make_operand(rng, Shape{}, 4, 1, DType::Float64, 1.0);
    const NDArray vector = v.array.reshape(Shape{4});
    const NDArray xv = la::solve(a.array, vector);
    ASSERT_EQ(xv.shape(), Shape(2, 1, 4));
    const std::vector<double> xvh = host_doubles(xv);
    for (std::size_t b = 0; b < 2; ++b) {
        HostMatrix x = host_matrix(4, 1);
        std::copy(xvh.begin() + b * 4, xvh.begin() + (b + 1) * 4, x.v.begin());
        EXPECT_LE(max_difference(multiply(a.host[b], x), v.host[0]), 1e-12);
    }
    const Operand bs = make_operand(rng, Shape{3}, 4, 2, DType::Float64, 2.0);
    const NDArray xb = la::solve(a.array, bs.array);
    ASSERT_EQ(xb.shape(), Shape(2, 3, 4, 2));
    const auto xbs = download(xb);
    for (std::size_t i = 0; i < 2; ++i) {
        for (std::size_t j = 0; j < 3; ++j) {
            EXPECT_LE(max_difference(multiply(a.host[i], xbs[i * 3 + j]), bs.host[j]), 1e-12);
        }
    }
}

TEST(Inv, TimesOperandIsIdentity) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(6);
    for (DType dtype : kDtypes) {
        for (const Case& c : square_cases(dtype)) {
            const double cond = conds(dtype).back();
            const Operand a =
                make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, false, c.strided);
            const std::string what = context("inv", dtype, a.array);
            const NDArray x = la::inv(a.array);
            ASSERT_EQ(x.shape(), a.array.shape()) << what;
            const auto xs = download(x);
            for (std::size_t i = 0; i < a.host.size(); ++i) {
                const double scale =
                    max_abs(a.host[i]) * max_abs(xs[i]) * static_cast<double>(c.rows);
                EXPECT_LE(max_difference(multiply(a.host[i], xs[i]), identity(c.rows)),
                          tolerance_for(dtype, c.rows) * std::max(scale, 1.0))
                    << what << ": A inv(A) != I (matrix " << i << ")";
            }
        }
    }
}

TEST(Det, MatchesLongDoubleLuAndSlogdet) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(7);
    for (DType dtype : kDtypes) {
        for (const Case& c : square_cases(dtype)) {
            if (c.rows > 64) {
                continue; // the determinant of a 257 x 257 matrix under- or overflows
            }
            for (double cond : conds(dtype)) {
                Operand a =
                    make_operand(rng, c.batch, c.rows, c.cols, dtype, cond, false, c.strided);
                const std::string what = context("det", dtype, a.array);
                const NDArray d = la::det(a.array);
                const la::SlogdetResult sl = la::slogdet(a.array);
                ASSERT_EQ(d.shape(), c.batch) << what;
                ASSERT_EQ(sl.sign.shape(), c.batch) << what;
                EXPECT_EQ(d.dtype(), result_dtype(dtype)) << what;
                const std::vector<double> dh = host_doubles(d);
                const std::vector<double> sign = host_doubles(sl.sign);
                const std::vector<double> logabs = host_doubles(sl.logabsdet);
                const double tol = tolerance_for(dtype, c.rows) * a.cond;
                for (std::size_t i = 0; i < a.host.size(); ++i) {
                    const double expected = host_det(a.host[i]);
                    EXPECT_NEAR(dh[i], expected, tol * std::abs(expected)) << what;
                    EXPECT_EQ(sign[i], expected > 0 ? 1.0 : -1.0) << what;
                    EXPECT_NEAR(logabs[i], std::log(std::abs(expected)), tol) << what;
                }
            }
        }
    }
    // A singular matrix: det 0, slogdet (0, -inf), no error. A zero column makes U's diagonal
    // exactly zero in any elimination order (a rank deficiency of rounded rows need not: the
    // GPU's LU of {1 2 3; 2 4 6; 1 0 1} gave -6.7e-16).
    HostMatrix singular = host_matrix(3, 3);
    singular.v = {1, 0, 3, 2, 0, 6, 1, 0, 1};
    const NDArray s = upload({singular}, Shape{}, DType::Float64);
    EXPECT_EQ(la::det(s).item<double>(), 0.0);
    EXPECT_EQ(la::slogdet(s).sign.item<double>(), 0.0);
    EXPECT_EQ(la::slogdet(s).logabsdet.item<double>(), -INFINITY);
}

TEST(Lstsq, NormalEquationsResidualsAndRank) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(8);
    for (DType dtype : {DType::Float64, DType::Float32, DType::Int32}) {
        for (auto [m, n] : {std::pair<std::int64_t, std::int64_t>{33, 5}, {5, 5}, {4, 9}}) {
            for (std::int64_t k : {std::int64_t{0}, std::int64_t{2}}) {
                const Operand a = make_operand(rng, Shape{}, m, n, dtype, 10.0);
                const Operand b =
                    make_operand(rng, Shape{}, m, std::max<std::int64_t>(k, 1), dtype, 2.0);
                const NDArray b_arg = k == 0 ? b.array.reshape(Shape{m}) : b.array;
                const std::string what = context("lstsq", dtype, a.array);
                const la::LstsqResult r = la::lstsq(a.array, b_arg);
                EXPECT_EQ(r.rank, std::min(m, n)) << what;
                ASSERT_EQ(r.s.shape(), Shape(std::min(m, n))) << what;
                const std::int64_t cols = std::max<std::int64_t>(k, 1);
                ASSERT_EQ(r.x.shape(), k == 0 ? Shape(n) : Shape(n, k)) << what;
                HostMatrix x = host_matrix(n, cols);
                x.v = host_doubles(r.x);
                HostMatrix residual = multiply(a.host[0], x);
                for (std::size_t i = 0; i < residual.v.size(); ++i) {
                    residual.v[i] -= b.host[0].v[i];
                }
                // A^T (A x - b) = 0.
                const HostMatrix normal = multiply(transposed(a.host[0]), residual);
                const double scale = max_abs(a.host[0]) * max_abs(a.host[0]) * max_abs(x) * 10;
                EXPECT_LE(max_abs(normal), tolerance_for(dtype, m) * a.cond * std::max(scale, 1.0))
                    << what << ": normal equations";
                if (m > n) {
                    ASSERT_EQ(r.residuals.shape(), Shape(cols)) << what;
                    const std::vector<double> res = host_doubles(r.residuals);
                    for (std::int64_t j = 0; j < cols; ++j) {
                        double sq = 0;
                        for (std::int64_t i = 0; i < m; ++i) {
                            sq += residual(i, j) * residual(i, j);
                        }
                        EXPECT_NEAR(res[j], sq, tolerance_for(dtype, m) * std::max(1.0, sq) * 10)
                            << what << ": residuals";
                    }
                } else {
                    EXPECT_EQ(r.residuals.shape(), Shape(0)) << what;
                }
            }
        }
    }
    // Rank deficiency: a 6 x 5 matrix of rank 2; no residuals then.
    const Operand left = make_operand(rng, Shape{}, 6, 2, DType::Float64, 3.0);
    const Operand right = make_operand(rng, Shape{}, 2, 5, DType::Float64, 3.0);
    const HostMatrix low = multiply(left.host[0], right.host[0]);
    const Operand b = make_operand(rng, Shape{}, 6, 1, DType::Float64, 1.0);
    const la::LstsqResult r = la::lstsq(upload({low}, Shape{}, DType::Float64), b.array);
    EXPECT_EQ(r.rank, 2);
    EXPECT_EQ(r.residuals.shape(), Shape(0));
}

TEST(Pinv, PenroseConditions) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(9);
    for (DType dtype : {DType::Float64, DType::Float32, DType::Float16}) {
        for (auto [m, n] : {std::pair<std::int64_t, std::int64_t>{5, 5}, {7, 3}, {3, 7}, {0, 2}}) {
            const Operand a = make_operand(rng, Shape{2}, m, n, dtype, 10.0);
            const std::string what = context("pinv", dtype, a.array);
            const NDArray p = la::pinv(a.array);
            ASSERT_EQ(p.shape(), Shape(2, n, m)) << what;
            const auto ps = download(p);
            const double tol = tolerance_for(dtype, std::max(m, n)) * a.cond * a.cond;
            for (std::size_t b = 0; b < a.host.size(); ++b) {
                const HostMatrix& x = a.host[b];
                const HostMatrix& y = ps[b];
                const HostMatrix xy = multiply(x, y);
                const HostMatrix yx = multiply(y, x);
                EXPECT_LE(max_difference(multiply(xy, x), x), tol) << what << ": A P A != A";
                EXPECT_LE(max_difference(multiply(yx, y), y), tol * std::max(1.0, max_abs(y)))
                    << what << ": P A P != P";
                EXPECT_LE(max_difference(xy, transposed(xy)), tol) << what << ": A P not symmetric";
                EXPECT_LE(max_difference(yx, transposed(yx)), tol) << what << ": P A not symmetric";
            }
        }
    }
}

TEST(MatrixRank, CountsIndependentDirections) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(10);
    std::vector<HostMatrix> matrices;
    for (std::int64_t rank : {0, 1, 3, 5}) {
        HostMatrix a = host_matrix(6, 5);
        if (rank > 0) {
            const Operand l = make_operand(rng, Shape{}, 6, rank, DType::Float64, 2.0);
            const Operand r = make_operand(rng, Shape{}, rank, 5, DType::Float64, 2.0);
            a = multiply(l.host[0], r.host[0]);
        }
        matrices.push_back(a);
    }
    for (DType dtype : {DType::Float64, DType::Float32}) {
        const NDArray ranks = la::matrix_rank(upload(matrices, Shape{2, 2}, dtype));
        EXPECT_EQ(ranks.dtype(), DType::Int64);
        ASSERT_EQ(ranks.shape(), Shape(2, 2));
        std::vector<std::int64_t> got(4);
        ranks.copy_to_host(got.data());
        EXPECT_EQ(got, (std::vector<std::int64_t>{0, 1, 3, 5})) << name(dtype);
    }
    // An explicit tolerance above every singular value: rank 0.
    EXPECT_EQ(
        la::matrix_rank(upload({matrices[3]}, Shape{}, DType::Float64), 1e6).item<std::int64_t>(),
        0);
    // 1-d: 1 unless every element is zero, as NumPy.
    EXPECT_EQ(la::matrix_rank(gpucc::zeros(Shape{4}, DType::Float64, device_under_test()))
                  .item<std::int64_t>(),
              0);
    EXPECT_EQ(la::matrix_rank(gpucc::ones(Shape{4}, DType::Float64, device_under_test()))
                  .item<std::int64_t>(),
              1);
}

} // namespace
} // namespace linalg_test
