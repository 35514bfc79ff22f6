// The linalg subsystem's small-product kernel (runtime/src/linalg/small_gemm.h, a tiled GEMM in
// kernels/small_gemm.dsl) against the host reference and against the BLAS path (gpucc::matmul
// with the cuBLAS route forced, linalg/matmul_route.h: OpenBLAS on the CPU target, cuBLAS on the
// GPU): every floating dtype, extents 0, 1, 31, 33 and 64 and non-square ones (tile edges and
// partial tiles), transposed, row-stepped, column-stepped, reversed and offset views read in
// place; c starts random, so every element must be written. Runs on the CPU target in every CI
// run and on the GPU (label gpu).
#include "linalg/matmul_route.h"
#include "linalg/small_gemm.h"
#include "linalg_test_support.h"

namespace linalg_test {
namespace {

using gpucc::Slice;
using gpucc::linalg::detail::small_gemm;

struct Size {
    std::int64_t m, k, n;
};
constexpr Size kSizes[] = {{0, 4, 3},    {3, 0, 5},    {4, 5, 0},    {1, 1, 1},
                           {1, 7, 1},    {31, 31, 31}, {33, 33, 33}, {64, 64, 64},
                           {31, 33, 17}, {33, 17, 64}, {5, 64, 2},   {70, 3, 40}};

// small_gemm(a, b) into a random c, checked against the reference and the BLAS path.
void check(std::mt19937_64& rng, const NDArray& a, const NDArray& b, const std::string& what) {
    const DType dtype = a.dtype();
    const Reference ref = reference_matmul(a, b, dtype);
    const Shape shape_c{a.shape()[0], b.shape()[1]};
    NDArray c;
    switch (dtype) {
    case DType::Float16:
        c = random_array<float16>(rng, shape_c);
        break;
    case DType::BFloat16:
        c = random_array<bfloat16>(rng, shape_c);
        break;
    case DType::Float32:
        c = random_array<float>(rng, shape_c);
        break;
    default:
        c = random_array<double>(rng, shape_c);
        break;
    }
    small_gemm(a, b, c);
    expect_matches(c, ref, dtype, what + ", against the host reference");
    const std::vector<double> mine = host_doubles(c);
    const gpucc::linalg::detail::ForcedMatmulRoute blas_route(
        gpucc::linalg::detail::MatmulRoute::Blas);
    const std::vector<double> blas = host_doubles(gpucc::matmul(a, b));
    ASSERT_EQ(mine.size(), blas.size()) << what;
    for (std::size_t i = 0; i < mine.size(); ++i) {
        const double allowed = 2 * tolerance(dtype) * (1 + ref.magnitude[i]);
        if (!(std::fabs(mine[i] - blas[i]) <= allowed)) {
            ADD_FAILURE() << what << ", against the BLAS path: element " << i << ": " << mine[i]
                          << " and " << blas[i] << " (allowed " << allowed << ")";
            return;
        }
    }
}

template <class T>
std::string label(const char* layout, const Size& size) {
    return std::string(gpucc::dtype_name(gpucc::dtype_of<T>())) + " " + layout + " " +
           std::to_string(size.m) + "x" + std::to_string(size.k) + " @ " + std::to_string(size.k) +
           "x" + std::to_string(size.n);
}

TEST(SmallGemm, ContiguousMatricesOfEveryFloatDtype) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(73);
    for_each_type(FloatTypes{}, [&]<class T>() {
        for (const Size& size : kSizes) {
            check(rng, random_array<T>(rng, Shape{size.m, size.k}),
                  random_array<T>(rng, Shape{size.k, size.n}), label<T>("contiguous", size));
        }
    });
}

TEST(SmallGemm, TransposedSteppedAndOffsetViews) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(79);
    for_each_type(FloatTypes{}, [&]<class T>() {
        for (const Size& size : {Size{31, 33, 17}, Size{64, 64, 64}, Size{1, 9, 33}}) {
            // Both transposed (stored k x m and n x k).
            const NDArray at = gpucc::matrix_transpose(random_array<T>(rng, Shape{size.k, size.m}));
            const NDArray bt = gpucc::matrix_transpose(random_array<T>(rng, Shape{size.n, size.k}));
            check(rng, at, bt, label<T>("transposed", size));
            // Every other row of a, every other column of b, both from an offset.
            const NDArray big_a = random_array<T>(rng, Shape{2 * size.m + 1, size.k + 3});
            const NDArray big_b = random_array<T>(rng, Shape{size.k + 2, 2 * size.n + 1});
            const NDArray a = big_a(Slice(1, gpucc::none, 2), Slice(3, gpucc::none));
            const NDArray b = big_b(Slice(2, gpucc::none), Slice(1, gpucc::none, 2));
            ASSERT_EQ(a.shape(), Shape(size.m, size.k));
            ASSERT_EQ(b.shape(), Shape(size.k, size.n));
            check(rng, a, b, label<T>("stepped", size));
            // Negative strides: rows of a and columns of b reversed.
            check(rng, a(Slice(gpucc::none, gpucc::none, -1), Slice()),
                  b(Slice(), Slice(gpucc::none, gpucc::none, -1)), label<T>("reversed", size));
        }
    });
}

TEST(SmallGemm, BadOperandsAreErrorsNamingTheShapes) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(83);
    const NDArray a = random_array<float>(rng, Shape{4, 5});
    const NDArray b = random_array<float>(rng, Shape{6, 3});
    const NDArray c = random_array<float>(rng, Shape{4, 3});
    EXPECT_THROW(small_gemm(a, b, c), gpucc::ValueError);
    const NDArray b64 = random_array<double>(rng, Shape{5, 3});
    EXPECT_THROW(small_gemm(a, b64, c), gpucc::TypeError);
    const NDArray ints = random_array<std::int32_t>(rng, Shape{4, 4});
    EXPECT_THROW(small_gemm(ints, ints, ints), gpucc::TypeError);
}

} // namespace
} // namespace linalg_test
