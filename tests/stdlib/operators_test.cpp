// C++ operators on arrays (gpucc/stdlib/operators.h): each gives the ufunc of the same meaning,
// typed results carry the promoted type at compile time, scalars work in either position, and
// compound assignments write in place (every view of the array sees it).
#include "stdlib_test_support.h"

#include <vector>

namespace stdlib_test {
namespace {

class Operators : public ::testing::TestWithParam<std::int64_t> {
protected:
    void SetUp() override {
        STDLIB_SKIP_WITHOUT_DEVICE();
        rng_.seed(99 + static_cast<unsigned>(GetParam()));
    }
    std::mt19937_64 rng_;
};

TEST_P(Operators, TypedArithmeticAndComparisons) {
    const std::int64_t n = GetParam();
    const std::vector<float> a = random_values<float>(rng_, n, 10, false);
    const std::vector<float> b = random_values<float>(rng_, n, 10, false);
    const Array<float> x = to_device(a);
    const Array<float> y = to_device(b);
    std::vector<float> sum(n), scaled(n), shifted(n), negated(n), quotient(n);
    std::vector<bool> less(n), equal(n);
    for (std::int64_t i = 0; i < n; ++i) {
        sum[i] = a[i] + b[i];
        scaled[i] = a[i] * 2.0f;
        shifted[i] = 1.0f - a[i];
        negated[i] = -a[i];
        quotient[i] = a[i] / b[i];
        less[i] = a[i] < b[i];
        equal[i] = a[i] == 0.5f;
    }
    const Array<float> s = x + y;
    EXPECT_TRUE(same_values(s.to_host(), sum));
    EXPECT_TRUE(same_values((x * 2.0).to_host(), scaled)); // weak scalar: stays float32
    EXPECT_TRUE(same_values((1 - x).to_host(), shifted));
    EXPECT_TRUE(same_values((-x).to_host(), negated));
    EXPECT_TRUE(same_values((x / y).to_host(), quotient));
    const Array<bool> lt = x < y;
    EXPECT_TRUE(same_values(lt.to_host(), less));
    EXPECT_TRUE(same_values((x == 0.5).to_host(), equal));
    static_assert(std::is_same_v<decltype(x + 1), Array<float>>);
    static_assert(std::is_same_v<decltype(std::declval<Array<std::int8_t>>() +
                                          std::declval<Array<std::uint8_t>>()),
                                 Array<std::int16_t>>);
    static_assert(std::is_same_v<decltype(std::declval<Array<int>>() / 2), Array<double>>);
    static_assert(std::is_same_v<decltype(std::declval<Array<int>>() % 3), Array<int>>);
}

TEST_P(Operators, IntegerOperators) {
    const std::int64_t n = GetParam();
    const std::vector<std::int32_t> a = random_values<std::int32_t>(rng_, n, 1000, false);
    const Array<std::int32_t> x = to_device(a);
    std::vector<std::int32_t> rem(n), masked(n), flipped(n), shifted(n), xored(n);
    for (std::int64_t i = 0; i < n; ++i) {
        rem[i] = ((a[i] % 7) + 7) % 7; // Python's sign rule
        masked[i] = a[i] & 0xF0;
        flipped[i] = ~a[i];
        shifted[i] = a[i] << 3;
        xored[i] = a[i] ^ a[i];
    }
    EXPECT_TRUE(same_values((x % 7).to_host(), rem));
    EXPECT_TRUE(same_values((x & 0xF0).to_host(), masked));
    EXPECT_TRUE(same_values((~x).to_host(), flipped));
    EXPECT_TRUE(same_values((x << 3).to_host(), shifted));
    EXPECT_TRUE(same_values((x ^ x).to_host(), xored));
    std::vector<std::int32_t> sign_fill(n); // a count past the width: NumPy gives -1 or 0
    for (std::int64_t i = 0; i < n; ++i) {
        sign_fill[i] = a[i] < 0 ? -1 : 0;
    }
    EXPECT_TRUE(same_values(((x >> 40) | 0).to_host(), sign_fill));
}

TEST_P(Operators, UntypedAndMixed) {
    const std::int64_t n = GetParam();
    const NDArray x = gpucc::arange(0, n, 1, DType::Int16, device_under_test());
    const NDArray y = gpucc::full({n}, 0.5, DType::Float32, device_under_test());
    const NDArray z = x * y + 1;
    EXPECT_EQ(z.dtype(), DType::Float32);
    std::vector<float> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = static_cast<float>(i) * 0.5f + 1.0f;
    }
    EXPECT_TRUE(same_values(z.as<float>().to_host(), want));
    // A typed array with an untyped one resolves at run time.
    const Array<double> d = gpucc::full<double>({n}, 2, device_under_test());
    const NDArray mixed = d - x;
    EXPECT_EQ(mixed.dtype(), DType::Float64);
    EXPECT_EQ((x >= 3).dtype(), DType::Bool);
    EXPECT_EQ((-x).dtype(), DType::Int16);
}

TEST_P(Operators, CompoundAssignmentInPlace) {
    const std::int64_t n = GetParam();
    Array<float> x = gpucc::full<float>({n}, 1.5, device_under_test());
    const Array<float> alias = x; // a view of the same elements
    x += 2;
    x *= gpucc::full<float>({n}, 2, device_under_test());
    x -= 1.0;
    EXPECT_TRUE(same_values(alias.to_host(), std::vector<float>(n, 6.0f)));
    x /= gpucc::full<double>({n}, 4, device_under_test()); // float64 result into float32
    EXPECT_TRUE(same_values(alias.to_host(), std::vector<float>(n, 1.5f)));
    Array<std::uint8_t> bytes = gpucc::full<std::uint8_t>({n}, 200, device_under_test());
    bytes += 100; // wraps in uint8
    bytes >>= 1;
    EXPECT_TRUE(same_values(bytes.to_host(), std::vector<std::uint8_t>(n, 22)));
    NDArray untyped = gpucc::full({n}, 7, DType::Int64, device_under_test());
    untyped %= 4;
    untyped <<= 2;
    untyped |= 1;
    untyped ^= 2;
    untyped &= 0xFF;
    EXPECT_TRUE(
        same_values(untyped.as<std::int64_t>().to_host(), std::vector<std::int64_t>(n, 15)));
}

INSTANTIATE_TEST_SUITE_P(Sizes, Operators, ::testing::ValuesIn(kSizes));

} // namespace
} // namespace stdlib_test
