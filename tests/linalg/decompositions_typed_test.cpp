// The typed overloads of gpucc/linalg/decompositions.h (Array<T> in, Array<float> or
// Array<double> out): each must hand back exactly what its NDArray routine computes for the same
// operand, in the element type the header promises (float for float, float16 and bfloat16 input,
// double for double and integers; int64 for matrix_rank). Random well-conditioned operands, a
// stack of two, on the CPU (LAPACK) and the GPU (cuSOLVER).
#include "decomposition_test_support.h"

#include <gpucc/linalg/decompositions.h>

namespace linalg_test {
namespace {

namespace la = gpucc::linalg;
using gpucc::Array;

// typed's values and shape are plain's, and its dtype is E's.
template <class E>
void expect_same(const Array<E>& typed, const NDArray& plain, const std::string& what) {
    EXPECT_EQ(typed.dtype(), plain.dtype()) << what;
    ASSERT_EQ(typed.shape(), plain.shape()) << what;
    EXPECT_EQ(host_doubles(typed.ndarray()), host_doubles(plain)) << what;
}

// A well-conditioned rows x cols operand (symmetric positive definite with `spd`); for an integer
// T small integers with a dominant diagonal, which the conversion keeps exactly.
template <class T>
HostMatrix operand(std::mt19937_64& rng, std::int64_t rows, std::int64_t cols, bool spd) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, gpucc::float16>) {
        return conditioned(rng, rows, cols, 10.0, spd);
    } else {
        std::uniform_int_distribution<int> entry(-3, 3);
        HostMatrix a = host_matrix(rows, cols);
        for (std::int64_t i = 0; i < rows; ++i) {
            for (std::int64_t j = 0; j < cols; ++j) {
                a(i, j) = spd && j < i ? a(j, i) : entry(rng);
            }
        }
        for (std::int64_t i = 0; i < std::min(rows, cols); ++i) {
            a(i, i) = 4.0 * static_cast<double>(std::max(rows, cols)) + 4;
        }
        return a;
    }
}

template <class T, class Expected>
void check_typed_routines(std::mt19937_64& rng) {
    static_assert(std::is_same_v<la::linalg_result_t<T>, Expected>);
    const std::string type = std::string(gpucc::dtype_name(gpucc::dtype_of<T>()));
    const std::int64_t n = 6;
    std::vector<HostMatrix> general;
    std::vector<HostMatrix> spd;
    for (int b = 0; b < 2; ++b) {
        general.push_back(operand<T>(rng, n, n, false));
        spd.push_back(operand<T>(rng, n, n, true));
    }
    const Array<T> a(upload(general, Shape{2}, gpucc::dtype_of<T>()));
    const Array<T> s(upload(spd, Shape{2}, gpucc::dtype_of<T>()));
    const NDArray& an = a.ndarray();
    const NDArray& sn = s.ndarray();

    expect_same(la::cholesky(s), la::cholesky(sn), type + " cholesky");
    expect_same(la::cholesky(s, true), la::cholesky(sn, true), type + " cholesky upper");
    const auto q = la::qr(a, la::QRMode::Complete);
    const la::QRResult qn = la::qr(an, la::QRMode::Complete);
    expect_same(q.Q, qn.Q, type + " qr Q");
    expect_same(q.R, qn.R, type + " qr R");
    const auto r_only = la::qr(a, la::QRMode::R);
    EXPECT_EQ(r_only.Q.size(), 0) << type << " qr mode R: Q";
    expect_same(r_only.R, la::qr(an, la::QRMode::R).R, type + " qr mode R");
    const auto raw = la::qr_raw(a);
    const la::QRRawResult rawn = la::qr_raw(an);
    expect_same(raw.h, rawn.h, type + " qr_raw h");
    expect_same(raw.tau, rawn.tau, type + " qr_raw tau");
    const auto usv = la::svd(a, false);
    const la::SVDResult usvn = la::svd(an, false);
    expect_same(usv.U, usvn.U, type + " svd U");
    expect_same(usv.S, usvn.S, type + " svd S");
    expect_same(usv.Vh, usvn.Vh, type + " svd Vh");
    const auto values = la::svd(a, true, false);
    EXPECT_EQ(values.U.size(), 0) << type << " svd without uv: U";
    expect_same(values.S, la::svd(an, true, false).S, type + " svd values");
    const auto eig = la::eigh(s, 'U');
    const la::EighResult eign = la::eigh(sn, 'U');
    expect_same(eig.eigenvalues, eign.eigenvalues, type + " eigh values");
    expect_same(eig.eigenvectors, eign.eigenvectors, type + " eigh vectors");
    expect_same(la::eigvalsh(s), la::eigvalsh(sn), type + " eigvalsh");
    const Array<T> rhs(upload({general[0]}, Shape{}, gpucc::dtype_of<T>()));
    expect_same(la::solve(a, rhs), la::solve(an, rhs.ndarray()), type + " solve");
    expect_same(la::inv(a), la::inv(an), type + " inv");
    expect_same(la::det(a), la::det(an), type + " det");
    const auto sl = la::slogdet(a);
    const la::SlogdetResult sln = la::slogdet(an);
    expect_same(sl.sign, sln.sign, type + " slogdet sign");
    expect_same(sl.logabsdet, sln.logabsdet, type + " slogdet logabsdet");
    const Array<T> tall(upload({operand<T>(rng, 9, 4, false)}, Shape{}, gpucc::dtype_of<T>()));
    const Array<T> b(upload({operand<T>(rng, 9, 2, false)}, Shape{}, gpucc::dtype_of<T>()));
    const auto ls = la::lstsq(tall, b);
    const la::LstsqResult lsn = la::lstsq(tall.ndarray(), b.ndarray());
    expect_same(ls.x, lsn.x, type + " lstsq x");
    expect_same(ls.residuals, lsn.residuals, type + " lstsq residuals");
    expect_same(ls.s, lsn.s, type + " lstsq s");
    EXPECT_EQ(ls.rank, lsn.rank) << type << " lstsq rank";
    expect_same(la::pinv(tall), la::pinv(tall.ndarray()), type + " pinv");
    expect_same(la::matrix_rank(a), la::matrix_rank(an), type + " matrix_rank");
}

TEST(TypedDecompositions, MatchTheNDArrayRoutinesInThePromisedType) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(21);
    check_typed_routines<double, double>(rng);
    check_typed_routines<float, float>(rng);
    check_typed_routines<gpucc::float16, float>(rng);
    check_typed_routines<std::int32_t, double>(rng);
}

TEST(TypedDecompositions, MixedOperandsComputeInDouble) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(22);
    const std::vector<HostMatrix> a = {conditioned(rng, 5, 5, 10.0, false)};
    const std::vector<HostMatrix> b = {conditioned(rng, 5, 2, 10.0, false)};
    const Array<float> af(upload(a, Shape{}, DType::Float32));
    const Array<double> bd(upload(b, Shape{}, DType::Float64));
    const Array<double> x = la::solve(af, bd);
    expect_same(x, la::solve(af.ndarray(), bd.ndarray()), "solve float32 x float64");
    const Array<float> bf(upload(b, Shape{}, DType::Float32));
    const Array<float> xf = la::solve(af, bf);
    expect_same(xf, la::solve(af.ndarray(), bf.ndarray()), "solve float32 x float32");
}

} // namespace
} // namespace linalg_test
