// The builtins under the default generator's kernels, on both devices: mulhi of every 32- and
// 64-bit integer type against the double-width product computed here (__int128 for 64 bits), bit
// for bit, on random operands with the extremes mixed in; clz against std::countl_zero on random
// operands shifted right by random amounts (every count) with the extremes; __sinf, __cosf, __logf
// and __expf against the double-precision functions, within CUDA's documented bounds for the GPU's
// approximations (the CPU computes the accurate float32 functions, libmvec's on vectors, and must
// meet glibc's 4 ulp); the bit reinterpretations (__float_as_uint ...) against std::bit_cast on
// random bit patterns (NaNs, infinities and subnormals among them), bit for bit both ways.
#include "random_test_support.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <limits>
#include <random>
#include <random_builtins.gpucc.h>
#include <type_traits>
#include <vector>

namespace {

using random_test::device_under_test;

constexpr std::int64_t kN = 20011;

template <typename T>
std::vector<T> random_operands(std::uint64_t seed) {
    std::mt19937_64 engine(seed);
    std::vector<T> v(kN);
    for (auto& x : v) {
        x = static_cast<T>(engine());
    }
    // The extremes, each against every other in the first 25 pairs (seed-independent slots).
    const T extremes[5] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1),
                           static_cast<T>(-1)};
    for (int k = 0; k < 25; ++k) {
        v[k] = extremes[seed % 2 == 0 ? k / 5 : k % 5];
    }
    return v;
}

template <typename T>
T reference_mulhi(T a, T b) {
    if constexpr (sizeof(T) == 4) {
        using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
        return static_cast<T>(static_cast<Wide>(a) * static_cast<Wide>(b) >> 32);
    } else {
        using Wide = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
        return static_cast<T>(static_cast<Wide>(a) * static_cast<Wide>(b) >> 64);
    }
}

template <typename T>
class Mulhi : public ::testing::Test {};
using MulhiTypes = ::testing::Types<std::int32_t, std::uint32_t, std::int64_t, std::uint64_t>;
TYPED_TEST_SUITE(Mulhi, MulhiTypes);

TYPED_TEST(Mulhi, IsTheHighHalfOfTheDoubleWidthProduct) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    using T = TypeParam;
    const gpucc::Device device = device_under_test();
    const auto a = random_operands<T>(2);
    const auto b = random_operands<T>(3);
    auto y = gpucc::empty<T>({kN}, device);
    random_builtins::mulhi_of(gpucc::asarray<T>(a, {kN}, device),
                              gpucc::asarray<T>(b, {kN}, device), y);
    const auto got = y.to_host();
    int negative_results = 0;
    for (std::int64_t i = 0; i < kN; ++i) {
        ASSERT_EQ(got[i], reference_mulhi(a[i], b[i])) << a[i] << " * " << b[i];
        negative_results += got[i] < T(0);
    }
    if constexpr (std::is_signed_v<T>) {
        EXPECT_GT(negative_results, kN / 4); // signed products were formed as signed
    }
}

template <typename T>
class Clz : public ::testing::Test {};
TYPED_TEST_SUITE(Clz, MulhiTypes);

TYPED_TEST(Clz, CountsTheLeadingZeroBits) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    using T = TypeParam;
    using U = std::make_unsigned_t<T>;
    const gpucc::Device device = device_under_test();
    auto a = random_operands<T>(5);
    std::mt19937_64 engine(6);
    for (std::size_t i = 25; i < a.size(); ++i) {
        a[i] = static_cast<T>(static_cast<U>(a[i]) >> (engine() % (8 * sizeof(T))));
    }
    auto y = gpucc::empty<T>({kN}, device);
    random_builtins::clz_of(gpucc::asarray<T>(a, {kN}, device), y);
    const auto got = y.to_host();
    std::vector<int> seen(8 * sizeof(T) + 1, 0);
    for (std::int64_t i = 0; i < kN; ++i) {
        const int want = std::countl_zero(static_cast<U>(a[i]));
        ASSERT_EQ(got[i], static_cast<T>(want)) << "clz of " << a[i];
        seen[static_cast<std::size_t>(want)] = 1;
    }
    for (std::size_t count = 0; count < seen.size(); ++count) {
        EXPECT_EQ(seen[count], 1) << "no operand with " << count << " leading zeros";
    }
}

TEST(Mulhi, MixedSignednessConvertsToUnsigned) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    const auto a = random_operands<std::int32_t>(4);
    const auto b = random_operands<std::uint32_t>(5);
    auto y = gpucc::empty<std::uint32_t>({kN}, device);
    random_builtins::mulhi_mixed(gpucc::asarray<std::int32_t>(a, {kN}, device),
                                 gpucc::asarray<std::uint32_t>(b, {kN}, device), y);
    const auto got = y.to_host();
    for (std::int64_t i = 0; i < kN; ++i) {
        ASSERT_EQ(got[i], reference_mulhi(static_cast<std::uint32_t>(a[i]), b[i])) << i;
    }
}

/// `kernel` (float_bits or double_bits: x, w -> the bits of x unsigned and signed, w's bits as
/// F through the unsigned and the signed form) against std::bit_cast, bit for bit.
template <typename F, typename U, typename S, typename Kernel>
void expect_bits_both_ways(Kernel kernel, std::uint64_t seed) {
    const gpucc::Device device = device_under_test();
    const auto words = random_operands<U>(seed);
    const auto other = random_operands<U>(seed + 1);
    std::vector<F> x(kN);
    for (std::int64_t i = 0; i < kN; ++i) {
        x[i] = std::bit_cast<F>(words[i]);
    }
    auto u = gpucc::empty<U>({kN}, device);
    auto s = gpucc::empty<S>({kN}, device);
    auto from_u = gpucc::empty<F>({kN}, device);
    auto from_s = gpucc::empty<F>({kN}, device);
    kernel(gpucc::asarray<F>(x, {kN}, device), gpucc::asarray<U>(other, {kN}, device), u, s, from_u,
           from_s);
    const auto got_u = u.to_host();
    const auto got_s = s.to_host();
    const auto got_from_u = from_u.to_host();
    const auto got_from_s = from_s.to_host();
    for (std::int64_t i = 0; i < kN; ++i) {
        ASSERT_EQ(got_u[i], words[i]) << i;
        ASSERT_EQ(got_s[i], static_cast<S>(words[i])) << i;
        ASSERT_EQ(std::bit_cast<U>(got_from_u[i]), other[i]) << i;
        ASSERT_EQ(std::bit_cast<U>(got_from_s[i]), other[i]) << i;
    }
}

TEST(Reinterpret, FloatBitsBothWaysAreStdBitCast) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    expect_bits_both_ways<float, std::uint32_t, std::int32_t>(
        [](auto&&... args) { random_builtins::float_bits(args...); }, 6);
}

TEST(Reinterpret, DoubleBitsBothWaysAreStdBitCast) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    expect_bits_both_ways<double, std::uint64_t, std::int64_t>(
        [](auto&&... args) { random_builtins::double_bits(args...); }, 8);
}

TEST(Approximations, MeetCudasBoundsOnTheGpuAndAFewUlpOnTheCpu) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = device_under_test();
    const bool on_gpu = device.is_cuda();
    std::mt19937 engine(7);
    std::uniform_real_distribution<float> angle(-3.14159265f, 3.14159265f);
    std::uniform_real_distribution<float> exponent(-30.0f, 30.0f);
    std::vector<float> x(kN), positive(kN);
    for (std::int64_t i = 0; i < kN; ++i) {
        x[i] = angle(engine);
        positive[i] = std::exp2(exponent(engine));
    }
    std::array<gpucc::Array<float>, 4> out;
    for (auto& o : out) {
        o = gpucc::empty<float>({kN}, device);
    }
    random_builtins::approximations(gpucc::asarray<float>(x, {kN}, device),
                                    gpucc::asarray<float>(positive, {kN}, device), out[0], out[1],
                                    out[2], out[3]);
    const auto s = out[0].to_host();
    const auto c = out[1].to_host();
    const auto l = out[2].to_host();
    const auto e = out[3].to_host();
    // CUDA's bounds: __sinf absolute 2^-21.41 and __cosf 2^-21.19 on [-pi, pi]; __logf absolute
    // 2^-21.41 on [0.5, 2], else 3 ulp; __expf 2 + floor(|1.16 x|) ulp. The CPU's accurate
    // functions through glibc's vector math (libmvec): 4 ulp, its documented bound.
    const double absolute = on_gpu ? std::exp2(-21.41) : 4 * std::exp2(-24.0);
    const double ulp = std::exp2(-23.0);
    for (std::int64_t i = 0; i < kN; ++i) {
        const double xd = x[i];
        ASSERT_NEAR(s[i], std::sin(xd), absolute) << "__sinf(" << x[i] << ")";
        ASSERT_NEAR(c[i], std::cos(xd), on_gpu ? std::exp2(-21.19) : absolute)
            << "__cosf(" << x[i] << ")";
        const double log_want = std::log(static_cast<double>(positive[i]));
        const bool near_one = positive[i] >= 0.5f && positive[i] <= 2.0f;
        const double log_bound = on_gpu ? (near_one ? absolute : 3 * ulp * std::fabs(log_want))
                                        : 4 * ulp * std::fabs(log_want) + 1e-45;
        ASSERT_NEAR(l[i], log_want, log_bound) << "__logf(" << positive[i] << ")";
        const double exp_want = std::exp(xd);
        const double exp_ulps = on_gpu ? 2 + std::floor(std::fabs(1.16 * xd)) : 4;
        ASSERT_NEAR(e[i], exp_want, exp_ulps * ulp * exp_want) << "__expf(" << x[i] << ")";
    }
}

} // namespace
