// dot, vdot, inner, outer and trace against host loops, over every dtype on small shapes that
// cover each of NumPy's cases (0-d, 1-d, 2-d, n-d with 1-d, n-d with m-d), and the result dtypes
// NumPy gives (trace of integers and bool is int64 or uint64, as sum's).
#include "linalg_test_support.h"

namespace linalg_test {
namespace {

template <class T>
NDArray arr(std::mt19937_64& rng, const Shape& shape) {
    return random_array<T>(rng, shape);
}

TEST(Products, DotFollowsNumPysCases) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(11);
    for_each_type(AllTypes{}, [&]<class T>() {
        const DType dt = gpucc::dtype_of<T>();
        // 1-d . 1-d, 2-d . 2-d, 2-d . 1-d: matmul's.
        for (const auto& [sa, sb] : std::vector<std::pair<Shape, Shape>>{
                 {Shape{9}, Shape{9}}, {Shape{4, 9}, Shape{9, 3}}, {Shape{4, 9}, Shape{9}}}) {
            const NDArray a = arr<T>(rng, sa);
            const NDArray b = arr<T>(rng, sb);
            expect_matches(gpucc::dot(a, b), reference_matmul(a, b, dt), dt, "dot");
        }
        // n-d . 1-d: the sum over a's last axis, the same as matmul's.
        const NDArray a3 = arr<T>(rng, Shape{2, 3, 5});
        const NDArray v = arr<T>(rng, Shape{5});
        expect_matches(gpucc::dot(a3, v), reference_matmul(a3, v, dt), dt, "dot n-d . 1-d");
        // n-d . m-d: result[i, j, q, r] = sum_p a[i, j, p] b[q, p, r]; the reference takes one b
        // matrix at a time.
        const NDArray b3 = arr<T>(rng, Shape{4, 5, 2});
        const NDArray d = gpucc::dot(a3, b3);
        ASSERT_EQ(d.shape(), (Shape{2, 3, 4, 2}));
        for (std::int64_t q = 0; q < 4; ++q) {
            const NDArray slab = b3(q);
            expect_matches(d(gpucc::Slice(), gpucc::Slice(), q), reference_matmul(a3, slab, dt), dt,
                           "dot n-d . m-d, b[" + std::to_string(q) + "]");
        }
        // 0-d: elementwise.
        const NDArray s = arr<T>(rng, Shape{});
        const NDArray scaled = gpucc::dot(s, a3);
        ASSERT_EQ(scaled.shape(), a3.shape());
    });
}

TEST(Products, VdotInnerOuter) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(12);
    for_each_type(AllTypes{}, [&]<class T>() {
        const DType dt = gpucc::dtype_of<T>();
        const NDArray a = arr<T>(rng, Shape{3, 4});
        const NDArray b = arr<T>(rng, Shape{2, 6});
        // vdot: both flattened.
        expect_matches(gpucc::vdot(a, b),
                       reference_matmul(a.reshape(Shape{12}), b.reshape(Shape{12}), dt), dt,
                       "vdot");
        // inner: a (3, 4), c (5, 4) -> (3, 5) = a @ c.T.
        const NDArray c = arr<T>(rng, Shape{5, 4});
        expect_matches(gpucc::inner(a, c), reference_matmul(a, c.transpose(), dt), dt, "inner");
        const NDArray x = arr<T>(rng, Shape{4});
        expect_matches(gpucc::inner(x, x), reference_matmul(x, x, dt), dt, "inner 1-d");
        // outer: (12,) x (6,) as a (12, 1) @ (1, 6) product.
        const NDArray o = gpucc::outer(a, x);
        expect_matches(o, reference_matmul(a.reshape(Shape{12, 1}), x.reshape(Shape{1, 4}), dt), dt,
                       "outer");
    });
}

TEST(Products, TraceSumsTheDiagonal) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(13);
    for_each_type(AllTypes{}, [&]<class T>() {
        const NDArray a = arr<T>(rng, Shape{5, 7});
        const DType sum_dtype = gpucc::sum(a).dtype();
        const std::vector<double> values = host_doubles(a);
        const std::vector<std::uint64_t> words = host_words(a);
        for (std::int64_t offset : {0, 2, -3, 7, -5, 9}) {
            const NDArray t = gpucc::trace(a, offset);
            ASSERT_EQ(t.dtype(), sum_dtype);
            ASSERT_EQ(t.ndim(), 0);
            double expected = 0;
            std::uint64_t expected_word = 0;
            double magnitude = 0;
            for (std::int64_t i = 0; i < 5; ++i) {
                const std::int64_t j = i + offset;
                if (j >= 0 && j < 7) {
                    expected += values[static_cast<std::size_t>(i * 7 + j)];
                    magnitude += std::fabs(values[static_cast<std::size_t>(i * 7 + j)]);
                    expected_word += words[static_cast<std::size_t>(i * 7 + j)];
                }
            }
            if (is_float_dtype(sum_dtype)) {
                EXPECT_NEAR(host_doubles(t)[0], expected, tolerance(sum_dtype) * (1 + magnitude))
                    << "offset " << offset;
            } else {
                EXPECT_EQ(host_words(t)[0], expected_word) << "offset " << offset;
            }
        }
        // A stack: the diagonal of axes 1 and 2 of every matrix, and of a transposed view.
        const NDArray stack = arr<T>(rng, Shape{3, 4, 4});
        const NDArray per_matrix = gpucc::trace(stack, 0, 1, 2);
        ASSERT_EQ(per_matrix.shape(), (Shape{3}));
        const NDArray swapped = gpucc::trace(stack.swapaxes(0, 2), 1, -1, 1);
        ASSERT_EQ(swapped.shape(), (Shape{4}));
        // per_matrix[b] = sum_i stack[b, i, i]; swapped[i] = sum_d stack[d, d + 1, i] (the view
        // V[i, j, k] = stack[k, j, i], diagonal offset 1 of axes 2 and 1).
        const std::vector<std::uint64_t> sw = host_words(stack);
        const std::vector<double> sv = host_doubles(stack);
        const auto check = [&](const NDArray& got, std::int64_t index, auto&& element_at,
                               std::int64_t terms, const std::string& what) {
            double expected = 0;
            double magnitude = 0;
            std::uint64_t expected_word = 0;
            for (std::int64_t d = 0; d < terms; ++d) {
                const auto at = static_cast<std::size_t>(element_at(d));
                expected += sv[at];
                magnitude += std::fabs(sv[at]);
                expected_word += sw[at];
            }
            if (is_float_dtype(sum_dtype)) {
                EXPECT_NEAR(host_doubles(got)[static_cast<std::size_t>(index)], expected,
                            tolerance(sum_dtype) * (1 + magnitude))
                    << what;
            } else {
                EXPECT_EQ(host_words(got)[static_cast<std::size_t>(index)], expected_word) << what;
            }
        };
        for (std::int64_t b = 0; b < 3; ++b) {
            check(per_matrix, b, [b](std::int64_t i) { return b * 16 + i * 5; }, 4, "stack");
        }
        for (std::int64_t i = 0; i < 4; ++i) {
            check(
                swapped, i, [i](std::int64_t d) { return d * 16 + (d + 1) * 4 + i; }, 3,
                "swapped view");
        }
    });
}

} // namespace
} // namespace linalg_test
