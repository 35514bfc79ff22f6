// Integer division where C leaves it undefined, run for real (division.dsl): `/`, `%`, `/=` and
// `%=` by zero and MIN / -1 in elementwise, jit-style and reduction bodies, for every integer
// type, against a host reference that spells out NumPy's rules (x / 0 == 0, x % 0 == 0,
// MIN / -1 == MIN, MIN % -1 == 0, C's truncating division otherwise). On the CPU target these
// inputs used to kill the test with SIGFPE. Built for the CPU and the GPU (CpuGpuTests.cmake),
// so the two targets are held to the same results.
#include "division.gpucc.h"
#include "kernel_test_support.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Dim3;

class DivisionKernels : public kernel_test::KernelTest<> {
public:
    /// Pairs (x[k], y[k]): every pair of the special values first (0, 1, -1, MIN, MIN + 1, MAX,
    /// 7, -7), then random pairs of which about half take a special value on one side or both.
    template <class T>
    void make_operands(std::size_t random_pairs, std::vector<T>& x, std::vector<T>& y) {
        using Limits = std::numeric_limits<T>;
        const std::vector<T> special = {T(0),
                                        T(1),
                                        static_cast<T>(-1),
                                        Limits::min(),
                                        static_cast<T>(Limits::min() + 1),
                                        Limits::max(),
                                        T(7),
                                        static_cast<T>(-7)};
        for (T a : special) {
            for (T b : special) {
                x.push_back(a);
                y.push_back(b);
            }
        }
        std::uniform_int_distribution<std::size_t> pick(0, 2 * special.size() - 1);
        std::uniform_int_distribution<long long> small(-1000, 1000);
        auto draw = [&]() {
            std::size_t k = pick(rng_);
            return k < special.size() ? special[k] : static_cast<T>(small(rng_));
        };
        for (std::size_t k = 0; k < random_pairs; ++k) {
            x.push_back(draw());
            y.push_back(draw());
        }
    }
};

/// NumPy's quotient, computed as C computes it after integer promotion (int8 / int8 divides in
/// int, so int8's MIN / -1 is 128, which converts back to -128).
template <class T>
T expected_quotient(T x, T y) {
    using Promoted = decltype(+x);
    Promoted a = x;
    Promoted b = y;
    if (b == 0) {
        return T(0);
    }
    if constexpr (std::is_signed_v<Promoted>) {
        if (a == std::numeric_limits<Promoted>::min() && b == -1) {
            return static_cast<T>(a); // wraps to MIN
        }
    }
    return static_cast<T>(a / b);
}

template <class T>
T expected_remainder(T x, T y) {
    using Promoted = decltype(+x);
    Promoted a = x;
    Promoted b = y;
    if (b == 0) {
        return T(0);
    }
    if constexpr (std::is_signed_v<Promoted>) {
        if (b == -1) {
            return T(0);
        }
    }
    return static_cast<T>(a % b);
}

/// Names the failing pair and the operation.
template <class T>
void expect_results(const std::vector<T>& got, const std::vector<T>& x, const std::vector<T>& y,
                    T (*expected)(T, T), const std::string& what) {
    ASSERT_EQ(got.size(), x.size()) << what;
    int reported = 0;
    for (std::size_t k = 0; k < x.size() && reported < 10; ++k) {
        T want = expected(x[k], y[k]);
        if (got[k] != want) {
            ADD_FAILURE() << what << ": " << +x[k] << " and " << +y[k] << " gave " << +got[k]
                          << ", expected " << +want;
            ++reported;
        }
    }
}

template <class T>
void check_elementwise(DivisionKernels& test, const std::string& type) {
    std::vector<T> x, y;
    test.make_operands(3001, x, y);
    auto [q, r, cq, cr] = dk::divide(test.on_device(x), test.on_device(y));
    expect_results<T>(q.to_host(), x, y, expected_quotient<T>, type + " x / y");
    expect_results<T>(r.to_host(), x, y, expected_remainder<T>, type + " x % y");
    expect_results<T>(cq.to_host(), x, y, expected_quotient<T>, type + " a /= y");
    expect_results<T>(cr.to_host(), x, y, expected_remainder<T>, type + " a %= y");
}

TEST_F(DivisionKernels, ElementwiseEveryIntegerType) {
    check_elementwise<std::int8_t>(*this, "int8");
    check_elementwise<std::int16_t>(*this, "int16");
    check_elementwise<std::int32_t>(*this, "int32");
    check_elementwise<std::int64_t>(*this, "int64");
    check_elementwise<std::uint8_t>(*this, "uint8");
    check_elementwise<std::uint16_t>(*this, "uint16");
    check_elementwise<std::uint32_t>(*this, "uint32");
    check_elementwise<std::uint64_t>(*this, "uint64");
}

TEST_F(DivisionKernels, ElementwiseScalarDivisors) {
    // A scalar divisor of 0 or -1 is broadcast to every element.
    std::vector<std::int32_t> x, unused;
    make_operands(500, x, unused);
    for (std::int32_t divisor : {0, -1}) {
        auto [q, r, cq, cr] = dk::divide(on_device(x), divisor);
        std::vector<std::int32_t> y(x.size(), divisor);
        std::string what = "int32 x / " + std::to_string(divisor);
        expect_results<std::int32_t>(q.to_host(), x, y, expected_quotient<std::int32_t>, what);
        expect_results<std::int32_t>(r.to_host(), x, y, expected_remainder<std::int32_t>, what);
    }
}

template <class T>
void check_grid(DivisionKernels& test, const std::string& type) {
    std::vector<T> x, y;
    test.make_operands(2000, x, y);
    Array<T> q = test.on_device(std::vector<T>(x.size(), T(5)));
    Array<T> r = test.on_device(std::vector<T>(x.size(), T(5)));
    dk::divide_grid(Dim3(7), Dim3(64), test.on_device(x), test.on_device(y), q, r);
    expect_results<T>(q.to_host(), x, y, expected_quotient<T>, type + " jit-style x / y");
    expect_results<T>(r.to_host(), x, y, expected_remainder<T>, type + " jit-style x % y");
}

TEST_F(DivisionKernels, JitStyle) {
    check_grid<std::int32_t>(*this, "int32");
    check_grid<std::int64_t>(*this, "int64");
    check_grid<std::uint32_t>(*this, "uint32");
}

template <class T>
void check_reduction(DivisionKernels& test, const std::string& type) {
    std::vector<T> x, y;
    test.make_operands(5000, x, y);
    // The sums wrap as the kernel's do: add as unsigned.
    using Unsigned = std::make_unsigned_t<T>;
    Unsigned quotients = 0;
    Unsigned remainders = 0;
    for (std::size_t k = 0; k < x.size(); ++k) {
        quotients += static_cast<Unsigned>(expected_quotient<T>(x[k], y[k]));
        remainders += static_cast<Unsigned>(expected_remainder<T>(x[k], y[k]));
    }
    Array<T> xs = test.on_device(x);
    Array<T> ys = test.on_device(y);
    EXPECT_EQ(dk::quotient_sum(xs, ys).to_host()[0], static_cast<T>(quotients))
        << type << " reduction map x / y";
    EXPECT_EQ(dk::remainder_sum(xs, ys).to_host()[0], static_cast<T>(remainders))
        << type << " reduction map x % y";
}

TEST_F(DivisionKernels, ReductionMap) {
    check_reduction<std::int32_t>(*this, "int32");
    check_reduction<std::int64_t>(*this, "int64");
}

} // namespace
