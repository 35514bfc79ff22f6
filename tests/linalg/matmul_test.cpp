// matmul against the host reference (linalg_test_support.h) over every dtype: 2-d shapes from
// empty to 257 (non-square, odd sizes either side of vector widths and tiles), 1-d operands,
// stacks with broadcast batch axes, transposed, sliced, stepped and reversed views, given outputs
// (contiguous, strided, transposed), mixed dtypes, the typed API and the ->* spelling.
#include "linalg_test_support.h"

namespace linalg_test {
namespace {

struct Case {
    Shape a, b;
};

// m x k times k x n, for (m, k, n) around the sizes that break tiled code.
const std::vector<std::array<std::int64_t, 3>> kMatrixSizes = {
    {0, 3, 4},   {3, 0, 4},   {3, 4, 0},   {1, 1, 1},
    {31, 33, 1}, {1, 31, 33}, {33, 31, 5}, {31, 257, 33},
};

template <class T>
void check_product(std::mt19937_64& rng, const Shape& sa, const Shape& sb) {
    const NDArray a = random_array<T>(rng, sa);
    const NDArray b = random_array<T>(rng, sb);
    const Reference ref = reference_matmul(a, b, a.dtype());
    expect_matches(gpucc::matmul(a, b), ref, a.dtype(),
                   std::string(gpucc::dtype_name(a.dtype())) + " " + sa.to_string() + " @ " +
                       sb.to_string());
}

TEST(Matmul, MatricesOfEveryDtype) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(1);
    for_each_type(AllTypes{}, [&]<class T>() {
        for (const auto& [m, k, n] : kMatrixSizes) {
            check_product<T>(rng, Shape{m, k}, Shape{k, n});
        }
    });
}

TEST(Matmul, Size257OfEveryFloatAndOneInteger) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(2);
    for_each_type(TypeList<float16, bfloat16, float, double, std::int32_t>{}, [&]<class T>() {
        check_product<T>(rng, Shape{257, 257}, Shape{257, 257});
        check_product<T>(rng, Shape{257, 33}, Shape{33, 129});
    });
}

TEST(Matmul, OneDimensionalOperands) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(3);
    const std::vector<Case> cases = {
        {Shape{7}, Shape{7}},      {Shape{0}, Shape{0}},       {Shape{7}, Shape{7, 5}},
        {Shape{5, 7}, Shape{7}},   {Shape{7}, Shape{3, 7, 5}}, {Shape{2, 3, 5, 7}, Shape{7}},
        {Shape{33}, Shape{33, 1}},
    };
    for_each_type(AllTypes{}, [&]<class T>() {
        for (const Case& c : cases) {
            check_product<T>(rng, c.a, c.b);
        }
    });
}

TEST(Matmul, StacksWithBroadcastBatches) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(4);
    const std::vector<Case> cases = {
        {Shape{4, 5, 6}, Shape{4, 6, 3}}, {Shape{2, 1, 5, 7}, Shape{3, 7, 4}},
        {Shape{1, 5, 7}, Shape{6, 7, 4}}, {Shape{6, 5, 7}, Shape{7, 4}},
        {Shape{5, 7}, Shape{2, 3, 7, 4}}, {Shape{2, 3, 4, 5, 6}, Shape{3, 1, 6, 2}},
        {Shape{0, 5, 7}, Shape{7, 4}},    {Shape{3, 5, 0}, Shape{3, 0, 4}},
    };
    for_each_type(AllTypes{}, [&]<class T>() {
        for (const Case& c : cases) {
            check_product<T>(rng, c.a, c.b);
        }
    });
}

// Many small matrices: on the CPU a batch of products of up to 128^3 multiply-adds each is spread
// over gpucc's thread pool (whole matrices per thread) and larger ones run one after the other
// with OpenBLAS's threads; both sides of that line, with a transposed, a broadcast and a given
// output.
TEST(Matmul, BatchesOfSmallAndLargeMatrices) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(41);
    for_each_type(TypeList<float, double>{}, [&]<class T>() {
        const NDArray a = random_array<T>(rng, Shape{301, 5, 7});
        const NDArray b = random_array<T>(rng, Shape{301, 3, 7}).swapaxes(1, 2);
        expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, a.dtype()), a.dtype(),
                       "301 small matrices, b transposed");
        const NDArray shared = random_array<T>(rng, Shape{7, 9});
        const NDArray out = gpucc::empty(Shape{301, 5, 9}, a.dtype(), device_under_test());
        gpucc::matmul(a, shared, out);
        expect_matches(out, reference_matmul(a, shared, a.dtype()), a.dtype(),
                       "301 small matrices, one b for all, given output");
        const NDArray big_a = random_array<T>(rng, Shape{3, 130, 129});
        const NDArray big_b = random_array<T>(rng, Shape{3, 129, 131});
        expect_matches(gpucc::matmul(big_a, big_b), reference_matmul(big_a, big_b, a.dtype()),
                       a.dtype(), "3 matrices above 128^3 multiply-adds");
    });
}

TEST(Matmul, BroadcastBatchIsNotCopied) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(5);
    // b broadcast to the batch with stride 0 by broadcast_to, as a user would pass it.
    for_each_type(FloatTypes{}, [&]<class T>() {
        const NDArray a = random_array<T>(rng, Shape{8, 9, 10});
        const NDArray b = random_array<T>(rng, Shape{10, 11}).broadcast_to(Shape{8, 10, 11});
        ASSERT_EQ(b.strides()[0], 0);
        expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, a.dtype()), a.dtype(),
                       "stride-0 batch");
    });
}

TEST(Matmul, ViewsOfEveryLayout) {
    LINALG_SKIP_WITHOUT_DEVICE();
    using gpucc::none;
    using gpucc::Slice;
    std::mt19937_64 rng(6);
    for_each_type(AllTypes{}, [&]<class T>() {
        const NDArray big = random_array<T>(rng, Shape{40, 36});
        const NDArray other = random_array<T>(rng, Shape{36, 40});
        const std::vector<std::pair<NDArray, NDArray>> operands = {
            {big.transpose(), big}, // transposed a (col major)
            {big, big.transpose()}, // transposed b
            {big(Slice(1, 34), Slice(2, 31)), other(Slice(3, 32), Slice(none, 17))}, // ld > cols
            {big(Slice(none, none, 2), Slice()), other}, // row step 2: ld = 2 cols
            {big(Slice(), Slice(none, none, 2)), other(Slice(none, 18), Slice())}, // col step
            {big(Slice(none, none, -1), Slice()), other}, // reversed rows: a copy
            {big.transpose()(Slice(), Slice(5, 25)), big(Slice(5, 25), Slice(3, 9))},
        };
        for (const auto& [a, b] : operands) {
            expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, a.dtype()), a.dtype(),
                           shape_text(a) + " @ " + shape_text(b));
        }
        // Transposed stacks: the batch keeps its strides, each matrix is column major.
        const NDArray stack = random_array<T>(rng, Shape{3, 12, 7});
        const NDArray a = stack.swapaxes(1, 2);
        expect_matches(gpucc::matmul(a, stack), reference_matmul(a, stack, a.dtype()), a.dtype(),
                       "swapaxes stack");
    });
}

TEST(Matmul, GivenOutputs) {
    LINALG_SKIP_WITHOUT_DEVICE();
    using gpucc::Slice;
    std::mt19937_64 rng(7);
    for_each_type(AllTypes{}, [&]<class T>() {
        const NDArray a = random_array<T>(rng, Shape{2, 13, 9});
        const NDArray b = random_array<T>(rng, Shape{9, 11});
        const Reference ref = reference_matmul(a, b, a.dtype());
        const DType dtype = a.dtype();
        const NDArray contiguous = gpucc::empty(Shape{2, 13, 11}, dtype, device_under_test());
        gpucc::matmul(a, b, contiguous);
        expect_matches(contiguous, ref, dtype, "contiguous out");
        const NDArray wide = gpucc::zeros(Shape{2, 15, 20}, dtype, device_under_test());
        const NDArray strided = wide(Slice(), Slice(1, 14), Slice(2, 13));
        gpucc::matmul(a, b, strided);
        expect_matches(strided, ref, dtype, "out inside a bigger array");
        const NDArray backing = gpucc::empty(Shape{2, 11, 13}, dtype, device_under_test());
        const NDArray transposed = backing.swapaxes(1, 2);
        gpucc::matmul(a, b, transposed);
        expect_matches(transposed, ref, dtype, "transposed out");
        // 1-d operands: out has the result's shape, without the added axes.
        const NDArray v = random_array<T>(rng, Shape{9});
        const NDArray out_vector = gpucc::empty(Shape{2, 13}, dtype, device_under_test());
        gpucc::matmul(a, v, out_vector);
        expect_matches(out_vector, reference_matmul(a, v, dtype), dtype, "vector out");
        const NDArray out_scalar = gpucc::empty(Shape{}, dtype, device_under_test());
        gpucc::matmul(v, v, out_scalar);
        expect_matches(out_scalar, reference_matmul(v, v, dtype), dtype, "0-d out");
    });
}

TEST(Matmul, MixedDtypesPromote) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(8);
    const NDArray a = random_array<float>(rng, Shape{6, 5});
    const NDArray b = random_array<double>(rng, Shape{5, 4});
    const NDArray c = gpucc::matmul(a, b);
    EXPECT_EQ(c.dtype(), DType::Float64);
    expect_matches(c, reference_matmul(a, b, DType::Float64), DType::Float64, "float32 @ float64");
    const NDArray i = random_array<std::int8_t>(rng, Shape{6, 5});
    const NDArray u = random_array<std::uint8_t>(rng, Shape{5, 4});
    const NDArray iu = gpucc::matmul(i, u);
    EXPECT_EQ(iu.dtype(), DType::Int16);
    expect_matches(iu, reference_matmul(i, u, DType::Int16), DType::Int16, "int8 @ uint8");
    const NDArray h = random_array<float16>(rng, Shape{6, 5});
    const NDArray it = i.transpose(); // int8 (5, 6)
    const NDArray hi = gpucc::matmul(h, it);
    EXPECT_EQ(hi.dtype(), DType::Float16); // NumPy 2: float16 with int8 is float16
    expect_matches(hi, reference_matmul(h, it, DType::Float16), DType::Float16, "float16 @ int8");
}

TEST(Matmul, TypedApiAndOperator) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(9);
    const gpucc::Array<float> a(random_array<float>(rng, Shape{4, 3}));
    const gpucc::Array<double> b(random_array<double>(rng, Shape{3, 2}));
    const gpucc::Array<double> c = gpucc::matmul(a, b);
    const Reference ref = reference_matmul(a.ndarray(), b.ndarray(), DType::Float64);
    expect_matches(c.ndarray(), ref, DType::Float64, "typed");
    using namespace gpucc::matmul_operator;
    const gpucc::Array<double> d = a->*b;
    expect_matches(d.ndarray(), ref, DType::Float64, "->*");
    const NDArray e = a.ndarray()->*b.ndarray();
    expect_matches(e, ref, DType::Float64, "->* untyped");
    const gpucc::Array<double> f = a.matmul(b);
    expect_matches(f.ndarray(), ref, DType::Float64, "a.matmul(b)");
    const NDArray g = a.ndarray().matmul(b.ndarray());
    expect_matches(g, ref, DType::Float64, "a.matmul(b) untyped");
    // NDArray::T() is NumPy's a.T: (b.T @ a.T).T == a @ b, a view, no copy.
    const NDArray bt = b.ndarray().T();
    EXPECT_EQ(bt.shape(), Shape(2, 3));
    EXPECT_EQ(bt.data(), b.ndarray().data());
    expect_matches(bt.matmul(a.ndarray().T()).T(), ref, DType::Float64, "(b.T @ a.T).T");
}

TEST(Matmul, MatrixTransposeSwapsTheLastTwoAxesOfAStack) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(23);
    // a (3, 5, 4) and b stored as (3, 6, 4): a @ b.mT is (3, 5, 6), b read through a transpose.
    const gpucc::Array<float> a(random_array<float>(rng, Shape{3, 5, 4}));
    const gpucc::Array<float> b_stored(random_array<float>(rng, Shape{3, 6, 4}));
    const gpucc::Array<float> bt = gpucc::matrix_transpose(b_stored);
    EXPECT_EQ(bt.shape(), Shape(3, 4, 6));
    EXPECT_EQ(bt.ndarray().data(), b_stored.ndarray().data()); // a view
    // The reference reads the same view (the host triple loop follows its strides), and a copy
    // of it made contiguous gives the same product.
    const Reference ref = reference_matmul(a.ndarray(), bt.ndarray(), DType::Float32);
    expect_matches(gpucc::matmul(a, bt).ndarray(), ref, DType::Float32, "a @ b.mT");
    expect_matches(gpucc::matmul(a.ndarray(), bt.ndarray().copy()), ref, DType::Float32,
                   "a @ copy(b.mT)");
    // Twice is the array itself; untyped gives the same view.
    EXPECT_EQ(gpucc::matrix_transpose(bt).shape(), b_stored.shape());
    EXPECT_EQ(gpucc::matrix_transpose(b_stored.ndarray()).strides(), bt.ndarray().strides());
    const NDArray vector = random_array<float>(rng, Shape{4});
    try {
        (void)gpucc::matrix_transpose(vector);
        ADD_FAILURE() << "matrix_transpose of a 1-d array did not throw";
    } catch (const gpucc::ValueError& error) {
        EXPECT_NE(std::string(error.what()).find("argument a has 1 dimension(s) (shape (4,))"),
                  std::string::npos)
            << error.what();
    }
}

TEST(Matmul, IntegerOverflowWrapsAsNumPy) {
    LINALG_SKIP_WITHOUT_DEVICE();
    // 100 * 100 * 3 = 30000 fits int16; 200 * 200 = 40000 wraps in int16 to -25536.
    const std::vector<std::int16_t> av = {200, 1, 1};
    const std::vector<std::int16_t> bv = {200, 0, 0};
    const auto a = gpucc::asarray<std::int16_t>(std::span<const std::int16_t>(av), Shape{1, 3},
                                                device_under_test());
    const auto b = gpucc::asarray<std::int16_t>(std::span<const std::int16_t>(bv), Shape{3, 1},
                                                device_under_test());
    EXPECT_EQ(gpucc::matmul(a, b).to_host(), std::vector<std::int16_t>{-25536});
    const std::vector<std::uint8_t> flags = {1, 0, 0, 1};
    const NDArray eye = gpucc::asarray<std::uint8_t>(std::span<const std::uint8_t>(flags),
                                                     Shape{2, 2}, device_under_test())
                            .ndarray()
                            .astype(DType::Bool);
    const NDArray product = gpucc::matmul(eye, eye);
    EXPECT_EQ(product.dtype(), DType::Bool);
    EXPECT_EQ(host_words(product), (std::vector<std::uint64_t>{1, 0, 0, 1}));
}

} // namespace
} // namespace linalg_test
