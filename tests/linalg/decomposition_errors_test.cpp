// numpy.linalg's failures and edge cases (gpucc/linalg/decompositions.h): a singular matrix
// (solve, inv) and a matrix that is not positive definite (cholesky) raise LinAlgError naming the
// routine and the failing matrix of the stack; LinalgErrorGuard(Ignore) skips the check; a
// non-square or one-dimensional operand raises LinAlgError naming the argument and its shape;
// empty matrices give NumPy's results; integer input is computed in float64.
#include "decomposition_test_support.h"

#include <functional>
#include <gpucc/linalg/decompositions.h>

namespace linalg_test {
namespace {

namespace la = gpucc::linalg;

// A (2, 2, 3, 3) stack of well-conditioned matrices, matrix `bad` (C order) replaced.
NDArray stack_with(const HostMatrix& replacement, std::int64_t bad, bool spd) {
    std::mt19937_64 rng(31);
    std::vector<HostMatrix> matrices;
    for (std::int64_t i = 0; i < 4; ++i) {
        matrices.push_back(i == bad ? replacement : conditioned(rng, 3, 3, 5.0, spd));
    }
    return upload(matrices, Shape{2, 2}, DType::Float64);
}

template <class Call>
void expect_linalg_error(Call&& call, std::int64_t index, const std::vector<std::string>& parts) {
    try {
        call();
        ADD_FAILURE() << "no LinAlgError";
    } catch (const la::LinAlgError& error) {
        EXPECT_EQ(error.matrix_index(), index) << error.what();
        const std::string message = error.what();
        for (const std::string& part : parts) {
            EXPECT_NE(message.find(part), std::string::npos)
                << "message \"" << message << "\" lacks \"" << part << "\"";
        }
    }
}

TEST(DecompositionErrors, SingularMatrixNamesItsPlaceInTheStack) {
    LINALG_SKIP_WITHOUT_DEVICE();
    HostMatrix singular = host_matrix(3, 3);
    singular.v = {1, 2, 3, 2, 4, 6, 0, 1, 1};
    const NDArray a = stack_with(singular, 2, false);
    const NDArray b = gpucc::ones(Shape{2, 2, 3, 1}, DType::Float64, device_under_test());
    expect_linalg_error([&] { (void)la::solve(a, b); }, 2,
                        {"solve", "Singular matrix", "matrix 2", "[1, 0]"});
    expect_linalg_error([&] { (void)la::inv(a); }, 2, {"inv", "Singular matrix", "[1, 0]"});
    expect_linalg_error([&] { (void)la::inv(a.astype(DType::Float32)); }, 2, {"inv", "Singular"});
    // An exactly zero matrix of one element.
    expect_linalg_error(
        [&] { (void)la::inv(gpucc::zeros(Shape{1, 1}, DType::Float64, device_under_test())); }, 0,
        {"inv", "Singular"});
}

TEST(DecompositionErrors, NotPositiveDefiniteNamesItsPlaceInTheStack) {
    LINALG_SKIP_WITHOUT_DEVICE();
    HostMatrix indefinite = identity(3);
    indefinite(2, 2) = -1;
    const NDArray a = stack_with(indefinite, 3, true);
    expect_linalg_error([&] { (void)la::cholesky(a); }, 3,
                        {"cholesky", "not positive definite", "order 3", "[1, 1]"});
    expect_linalg_error([&] { (void)la::cholesky(a, true); }, 3, {"cholesky"});
    expect_linalg_error([&] { (void)la::cholesky(a.astype(DType::Float32)); }, 3, {"cholesky"});
}

TEST(DecompositionErrors, IgnoreGuardSkipsTheCheck) {
    LINALG_SKIP_WITHOUT_DEVICE();
    HostMatrix indefinite = identity(3);
    indefinite(0, 0) = -1;
    const NDArray a = stack_with(indefinite, 1, true);
    EXPECT_EQ(la::linalg_errors(), la::LinalgErrors::Raise);
    {
        const la::LinalgErrorGuard guard(la::LinalgErrors::Ignore);
        EXPECT_EQ(la::linalg_errors(), la::LinalgErrors::Ignore);
        const NDArray l = la::cholesky(a);
        EXPECT_EQ(l.shape(), a.shape());
        // The other matrices are still right: L L^T = A for matrix 0.
        const auto ls = download(l);
        const auto as = download(a);
        EXPECT_LE(max_difference(multiply(ls[0], transposed(ls[0])), as[0]), 1e-12);
    }
    EXPECT_EQ(la::linalg_errors(), la::LinalgErrors::Raise);
    EXPECT_THROW((void)la::cholesky(a), la::LinAlgError);
}

TEST(DecompositionErrors, ShapesNamedInMessages) {
    LINALG_SKIP_WITHOUT_DEVICE();
    const NDArray wide = gpucc::ones(Shape{2, 3, 4}, DType::Float64, device_under_test());
    const NDArray vector = gpucc::ones(Shape{3}, DType::Float64, device_under_test());
    for (const auto& [routine, call] : std::vector<std::pair<std::string, std::function<void()>>>{
             {"cholesky", [&] { (void)la::cholesky(wide); }},
             {"eigh", [&] { (void)la::eigh(wide); }},
             {"eigvalsh", [&] { (void)la::eigvalsh(wide); }},
             {"solve", [&] { (void)la::solve(wide, vector); }},
             {"inv", [&] { (void)la::inv(wide); }},
             {"det", [&] { (void)la::det(wide); }},
             {"slogdet", [&] { (void)la::slogdet(wide); }}}) {
        expect_linalg_error(call, -1, {routine, "(2, 3, 4)", "square"});
    }
    for (const auto& [routine, call] : std::vector<std::pair<std::string, std::function<void()>>>{
             {"svd", [&] { (void)la::svd(vector); }},
             {"qr", [&] { (void)la::qr(vector); }},
             {"pinv", [&] { (void)la::pinv(vector); }},
             {"inv", [&] { (void)la::inv(vector); }}}) {
        expect_linalg_error(call, -1, {routine, "(3,)", "two-dimensional"});
    }
    expect_linalg_error([&] { (void)la::lstsq(wide, vector); }, -1, {"lstsq", "(2, 3, 4)"});
    const NDArray square = gpucc::eye(3, 3, 0, DType::Float64, device_under_test());
    const NDArray long_b = gpucc::ones(Shape{4}, DType::Float64, device_under_test());
    EXPECT_THROW((void)la::solve(square, long_b), gpucc::ValueError);
    expect_linalg_error([&] { (void)la::lstsq(square, long_b); }, -1, {"lstsq", "(4,)"});
}

TEST(DecompositionErrors, EmptyMatricesGiveNumpysResults) {
    LINALG_SKIP_WITHOUT_DEVICE();
    const auto dev = device_under_test();
    const NDArray e = gpucc::zeros(Shape{0, 0}, DType::Float64, dev);
    EXPECT_EQ(la::det(e).item<double>(), 1.0);
    EXPECT_EQ(la::slogdet(e).sign.item<double>(), 1.0);
    EXPECT_EQ(la::slogdet(e).logabsdet.item<double>(), 0.0);
    const NDArray stack = gpucc::zeros(Shape{3, 0, 0}, DType::Float32, dev);
    EXPECT_EQ(host_doubles(la::det(stack)), (std::vector<double>{1, 1, 1}));
    EXPECT_EQ(la::det(stack).dtype(), DType::Float32);
    EXPECT_EQ(la::inv(e).shape(), Shape(0, 0));
    EXPECT_EQ(la::cholesky(e).shape(), Shape(0, 0));
    EXPECT_EQ(la::eigh(stack).eigenvalues.shape(), Shape(3, 0));
    const la::SVDResult s = la::svd(gpucc::zeros(Shape{0, 3}, DType::Float64, dev));
    EXPECT_EQ(s.U.shape(), Shape(0, 0));
    EXPECT_EQ(s.S.shape(), Shape(0));
    ASSERT_EQ(s.Vh.shape(), Shape(3, 3));
    EXPECT_EQ(host_doubles(s.Vh), host_doubles(gpucc::eye(3, 3, 0, DType::Float64, dev)));
    const la::QRResult q =
        la::qr(gpucc::zeros(Shape{3, 0}, DType::Float64, dev), la::QRMode::Complete);
    ASSERT_EQ(q.Q.shape(), Shape(3, 3));
    EXPECT_EQ(host_doubles(q.Q), host_doubles(gpucc::eye(3, 3, 0, DType::Float64, dev)));
    EXPECT_EQ(q.R.shape(), Shape(3, 0));
    EXPECT_EQ(la::solve(gpucc::zeros(Shape{0, 2, 2}, DType::Float64, dev),
                        gpucc::zeros(Shape{0, 2, 1}, DType::Float64, dev))
                  .shape(),
              Shape(0, 2, 1));
    EXPECT_EQ(la::pinv(gpucc::zeros(Shape{0, 4}, DType::Float64, dev)).shape(), Shape(4, 0));
}

TEST(DecompositionErrors, IntegerInputIsComputedInFloat64) {
    LINALG_SKIP_WITHOUT_DEVICE();
    const std::vector<std::int32_t> values = {4, 1, 2, 3};
    const NDArray a = gpucc::asarray<std::int32_t>(std::span<const std::int32_t>(values),
                                                   Shape{2, 2}, device_under_test())
                          .ndarray();
    const NDArray d = la::det(a);
    EXPECT_EQ(d.dtype(), DType::Float64);
    EXPECT_NEAR(d.item<double>(), 10.0, 1e-13);
    EXPECT_EQ(la::inv(a).dtype(), DType::Float64);
    const NDArray b16 = a.astype(DType::Float16);
    EXPECT_EQ(la::det(b16).dtype(), DType::Float32);
    EXPECT_NEAR(la::det(b16).item<float>(), 10.0F, 1e-5F);
}

} // namespace
} // namespace linalg_test
