// Every ufunc of gpucc/stdlib/ufunc.h over every dtype it has a loop for, at every size, against
// references computed here with <cmath> and plain C++ (16-bit floats: the float32 result rounded
// to the type, as NumPy's half loops do). Random inputs include NaN, infinities, negative zero and
// the extremes of each integer type. Tolerances (relative, and the same absolute near zero):
// exact for arithmetic, rounding, comparisons, bit operations, sqrt and the NaN handling of
// maximum/minimum/fmax/fmin/clip; for the transcendental functions (exp, log, sin, pow, ...)
// float16 2e-3 and bfloat16 1.6e-2 (one unit in the last place after rounding a float32 result
// that may differ in its last bits), float32 4e-6 and float64 4e-15 (a few units in the last
// place: libdevice, glibc and its vector math are not correctly rounded).
#include "stdlib_test_support.h"

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace stdlib_test {
namespace {

using gpucc::Operand;
using UnaryUfunc = NDArray (*)(const Operand&);
using BinaryUfunc = NDArray (*)(const Operand&, const Operand&);

/// Relative tolerance of transcendental functions per type.
template <class T>
double transcendental_tolerance() {
    if constexpr (std::is_same_v<T, float16>) {
        return 2e-3;
    } else if constexpr (std::is_same_v<T, bfloat16>) {
        return 1.6e-2;
    } else if constexpr (std::is_same_v<T, float>) {
        return 4e-6;
    } else {
        return 4e-15;
    }
}

/// f applied as NumPy's loop for T does: 16-bit floats through float32, rounded once.
template <class T, class F>
T through_float(F f, T x) {
    if constexpr (kIsHalf<T>) {
        return T(f(static_cast<float>(x)));
    } else {
        return f(x);
    }
}
template <class T, class F>
T through_float(F f, T a, T b) {
    if constexpr (kIsHalf<T>) {
        return T(f(static_cast<float>(a), static_cast<float>(b)));
    } else {
        return f(a, b);
    }
}

/// The elements of an untyped result, as R.
template <class R>
std::vector<R> host(const NDArray& array) {
    return array.as<R>().to_host();
}

template <class R>
::testing::AssertionResult check(const std::vector<R>& got, const std::vector<R>& want,
                                 double rtol) {
    if constexpr (kIsFloat<R>) {
        if (rtol > 0) {
            return close_values(got, want, rtol, rtol);
        }
    }
    return same_values(got, want);
}

class Ufuncs : public ::testing::TestWithParam<std::int64_t> {
protected:
    void SetUp() override {
        STDLIB_SKIP_WITHOUT_DEVICE();
        rng_.seed(2024 + static_cast<unsigned>(GetParam()));
    }

    /// Runs `ufunc` on random arrays of each type of `types` and compares with `reference`
    /// (a generic lambda of T giving the expected element, of the loop's output type).
    template <class... T, class Reference>
    void sweep_unary(const char* name, UnaryUfunc ufunc, TypeList<T...> types,
                     const Reference& reference, double range, bool transcendental) {
        const std::int64_t n = GetParam();
        for_each_type(types, [&]<class X>() {
            SCOPED_TRACE(std::string(name) + " of " + type_name<X>());
            const std::vector<X> x = random_values<X>(rng_, n, range);
            using R = decltype(reference(X{}));
            std::vector<R> want(n);
            for (std::int64_t i = 0; i < n; ++i) {
                want[i] = reference(X(x[i]));
            }
            const NDArray got = ufunc(to_device(x));
            ASSERT_EQ(got.dtype(), gpucc::dtype_of<R>());
            EXPECT_TRUE(
                check(host<R>(got), want, transcendental ? transcendental_tolerance<R>() : 0.0));
        });
    }

    /// The same for two inputs; also checks a scalar in each position against the reference.
    template <class... T, class Reference>
    void sweep_binary(const char* name, BinaryUfunc ufunc, TypeList<T...> types,
                      const Reference& reference, double range, bool transcendental,
                      bool nonnegative_second = false) {
        const std::int64_t n = GetParam();
        for_each_type(types, [&]<class X>() {
            SCOPED_TRACE(std::string(name) + " of " + type_name<X>());
            const std::vector<X> x1 = random_values<X>(rng_, n, range);
            std::vector<X> x2 = random_values<X>(rng_, n, range);
            if constexpr (kIsInteger<X> && std::is_signed_v<X>) {
                if (nonnegative_second) {
                    for (X& v : x2) {
                        v = static_cast<X>(v < 0 ? -(v + 1) : v);
                    }
                }
            }
            using R = decltype(reference(X{}, X{}));
            const double rtol = transcendental ? transcendental_tolerance<R>() : 0.0;
            std::vector<R> want(n);
            for (std::int64_t i = 0; i < n; ++i) {
                want[i] = reference(X(x1[i]), X(x2[i]));
            }
            const NDArray got = ufunc(to_device(x1), to_device(x2));
            ASSERT_EQ(got.dtype(), gpucc::dtype_of<R>());
            EXPECT_TRUE(check(host<R>(got), want, rtol));
            // A scalar operand (of the array's own type, so the loop is the same).
            const X scalar = n > 0 ? X(x2[n / 2]) : X(1);
            for (std::int64_t i = 0; i < n; ++i) {
                want[i] = reference(X(x1[i]), scalar);
            }
            EXPECT_TRUE(
                check(host<R>(ufunc(to_device(x1), Operand(gpucc::Scalar(scalar)))), want, rtol))
                << "with a scalar x2";
            for (std::int64_t i = 0; i < n; ++i) {
                want[i] = reference(scalar, X(x1[i]));
            }
            EXPECT_TRUE(
                check(host<R>(ufunc(Operand(gpucc::Scalar(scalar)), to_device(x1))), want, rtol))
                << "with a scalar x1";
        });
    }

    std::mt19937_64 rng_;
};

// -- arithmetic -------------------------------------------------------------------------------

/// Python's floor division and modulo on integers, in 128 bits, then wrapped to T.
template <class T>
T python_floor_divide(T a, T b) {
    if (b == 0) {
        return 0;
    }
    const __int128 q = static_cast<__int128>(a) / b;
    const __int128 r = static_cast<__int128>(a) % b;
    return static_cast<T>(
        static_cast<unsigned long long>(r != 0 && ((r < 0) != (b < 0)) ? q - 1 : q));
}
template <class T>
T python_remainder(T a, T b) {
    if (b == 0) {
        return 0;
    }
    const __int128 r = static_cast<__int128>(a) % b;
    return static_cast<T>(r != 0 && ((r < 0) != (b < 0)) ? r + b : r);
}
/// NumPy's npy_divmod on floats, written from its definition: the floor of the quotient, with
/// the remainder of Python's sign.
template <class F>
F float_floor_divide(F a, F b) {
    if (b == 0) {
        return a / b;
    }
    const F mod = std::fmod(a, b);
    F div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) {
        div -= 1;
    }
    if (div == 0) {
        return std::copysign(F(0), a / b);
    }
    F floordiv = std::floor(div);
    return div - floordiv > F(0.5) ? floordiv + 1 : floordiv;
}
template <class F>
F float_remainder(F a, F b) {
    F mod = std::fmod(a, b);
    if (b == 0) {
        return mod;
    }
    if (mod == 0) {
        return std::copysign(F(0), b);
    }
    return (b < 0) != (mod < 0) ? mod + b : mod;
}

TEST_P(Ufuncs, Arithmetic) {
    auto add = []<class T>(T a, T b) -> T {
        if constexpr (std::is_same_v<T, bool>) {
            return a || b;
        } else if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return x + y; }, a, b);
        } else {
            return static_cast<T>(static_cast<unsigned long long>(a) +
                                  static_cast<unsigned long long>(b));
        }
    };
    sweep_binary("add", gpucc::add, AllTypes{}, add, 1000, false);
    auto subtract = []<class T>(T a, T b) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return x - y; }, a, b);
        } else {
            return static_cast<T>(static_cast<unsigned long long>(a) -
                                  static_cast<unsigned long long>(b));
        }
    };
    sweep_binary(
        "subtract", gpucc::subtract,
        TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                 std::uint32_t, std::uint64_t, float16, bfloat16, float, double>{},
        subtract, 1000, false);
    auto multiply = []<class T>(T a, T b) -> T {
        if constexpr (std::is_same_v<T, bool>) {
            return a && b;
        } else if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return x * y; }, a, b);
        } else {
            return static_cast<T>(static_cast<unsigned long long>(a) *
                                  static_cast<unsigned long long>(b));
        }
    };
    sweep_binary("multiply", gpucc::multiply, AllTypes{}, multiply, 1000, false);
    auto divide = []<class T>(T a, T b) {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return x / y; }, a, b);
        } else {
            return static_cast<double>(a) / static_cast<double>(b);
        }
    };
    sweep_binary("divide", gpucc::divide, IntegerTypes{}, divide, 1000, false);
    sweep_binary("divide", gpucc::divide, FloatTypes{}, divide, 1000, false);
    auto floor_divide = []<class T>(T a, T b) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return float_floor_divide(x, y); }, a, b);
        } else {
            return python_floor_divide(a, b);
        }
    };
    sweep_binary("floor_divide", gpucc::floor_divide, IntegerTypes{}, floor_divide, 0, false);
    sweep_binary("floor_divide", gpucc::floor_divide, FloatTypes{}, floor_divide, 50, false);
    auto remainder = []<class T>(T a, T b) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto x, auto y) { return float_remainder(x, y); }, a, b);
        } else {
            return python_remainder(a, b);
        }
    };
    sweep_binary("remainder", gpucc::remainder, IntegerTypes{}, remainder, 0, false);
    sweep_binary("remainder", gpucc::remainder, FloatTypes{}, remainder, 50, false);
    auto negative = []<class T>(T x) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto v) { return -v; }, x);
        } else {
            return static_cast<T>(0ULL - static_cast<unsigned long long>(x));
        }
    };
    sweep_unary(
        "negative", gpucc::negative,
        TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                 std::uint32_t, std::uint64_t, float16, bfloat16, float, double>{},
        negative, 1000, false);
}

TEST_P(Ufuncs, Power) {
    // Integers: repeated multiplication modulo 2^bits; exponents kept non-negative here.
    auto integer_power = []<class T>(T base, T exponent) -> T {
        unsigned long long result = 1;
        for (unsigned long long k = 0; k < static_cast<unsigned long long>(exponent) % 64; ++k) {
            result *= static_cast<unsigned long long>(base);
        }
        // Exponents of 64 and more: every factor past the 64th multiplies by base again.
        if (static_cast<unsigned long long>(exponent) >= 64) {
            result = 1;
            for (unsigned long long k = 0; k < static_cast<unsigned long long>(exponent); ++k) {
                result *= static_cast<unsigned long long>(base);
            }
        }
        return static_cast<T>(result);
    };
    // Small exponents so the loop above stays short: random values of T modulo 70.
    const std::int64_t n = GetParam();
    for_each_type(IntegerTypes{}, [&]<class T>() {
        SCOPED_TRACE("power of " + type_name<T>());
        const std::vector<T> base = random_values<T>(rng_, n);
        std::vector<T> exponent = random_values<T>(rng_, n, 70);
        for (T& e : exponent) {
            const long long magnitude = e < 0 ? -(static_cast<long long>(e) + 1) : 0;
            e = static_cast<T>(e < 0 ? magnitude % 70 : static_cast<unsigned long long>(e) % 70);
        }
        std::vector<T> want(n);
        for (std::int64_t i = 0; i < n; ++i) {
            want[i] = integer_power(base[i], exponent[i]);
        }
        EXPECT_TRUE(
            same_values(gpucc::power(to_device(base), to_device(exponent)).to_host(), want));
    });
    // Negative exponents in an array: the integer part of the real result.
    if (n >= 4) {
        const std::vector<std::int32_t> base = {1, -1, -1, 5};
        const std::vector<std::int32_t> exponent = {-3, -3, -2, -1};
        std::vector<std::int32_t> b(n, 2), e(n, 3), want(n, 8);
        std::copy(base.begin(), base.end(), b.begin());
        std::copy(exponent.begin(), exponent.end(), e.begin());
        want[0] = 1, want[1] = -1, want[2] = 1, want[3] = 0;
        EXPECT_TRUE(same_values(gpucc::power(to_device(b), to_device(e)).to_host(), want));
    }
    auto float_power = []<class T>(T a, T b) -> T {
        return through_float([](auto x, auto y) { return std::pow(x, y); }, a, b);
    };
    sweep_binary("power", gpucc::power, FloatTypes{}, float_power, 4, true);
}

// -- comparison and logic ---------------------------------------------------------------------

TEST_P(Ufuncs, ComparisonsAndLogic) {
    auto d = [](auto v) { return as_double(v); };
    // Same-type comparisons of integers are exact in long double on x86-64? Not for 64-bit:
    // compare as the type itself, through float for the 16-bit floats.
    auto value = []<class T>(T v) {
        if constexpr (kIsHalf<T>) {
            return static_cast<float>(v);
        } else {
            return v;
        }
    };
    (void)d;
    sweep_binary(
        "equal", gpucc::equal, AllTypes{}, [&](auto a, auto b) { return value(a) == value(b); }, 3,
        false);
    sweep_binary(
        "not_equal", gpucc::not_equal, AllTypes{},
        [&](auto a, auto b) { return value(a) != value(b); }, 3, false);
    sweep_binary(
        "less", gpucc::less, AllTypes{}, [&](auto a, auto b) { return value(a) < value(b); }, 3,
        false);
    sweep_binary(
        "less_equal", gpucc::less_equal, AllTypes{},
        [&](auto a, auto b) { return value(a) <= value(b); }, 3, false);
    sweep_binary(
        "greater", gpucc::greater, AllTypes{}, [&](auto a, auto b) { return value(a) > value(b); },
        3, false);
    sweep_binary(
        "greater_equal", gpucc::greater_equal, AllTypes{},
        [&](auto a, auto b) { return value(a) >= value(b); }, 3, false);
    auto truth = [&](auto v) { return is_nan(v) || value(v) != decltype(value(v))(0); };
    sweep_binary(
        "logical_and", gpucc::logical_and, AllTypes{},
        [&](auto a, auto b) { return truth(a) && truth(b); }, 3, false);
    sweep_binary(
        "logical_or", gpucc::logical_or, AllTypes{},
        [&](auto a, auto b) { return truth(a) || truth(b); }, 3, false);
    sweep_binary(
        "logical_xor", gpucc::logical_xor, AllTypes{},
        [&](auto a, auto b) { return truth(a) != truth(b); }, 3, false);
    sweep_unary(
        "logical_not", gpucc::logical_not, AllTypes{}, [&](auto a) { return !truth(a); }, 3, false);
}

TEST_P(Ufuncs, ExactIntegerComparisons) {
    const std::int64_t n = GetParam();
    const std::vector<std::int64_t> signed_values = random_values<std::int64_t>(rng_, n, 0);
    std::vector<std::uint64_t> unsigned_values = random_values<std::uint64_t>(rng_, n, 0);
    for (std::int64_t i = 0; i < n; i += 3) { // some equal pairs
        unsigned_values[i] = static_cast<std::uint64_t>(signed_values[i]);
    }
    std::vector<bool> less(n), equal(n);
    for (std::int64_t i = 0; i < n; ++i) {
        less[i] = signed_values[i] < 0 ||
                  static_cast<std::uint64_t>(signed_values[i]) < unsigned_values[i];
        equal[i] = signed_values[i] >= 0 &&
                   static_cast<std::uint64_t>(signed_values[i]) == unsigned_values[i];
    }
    const Array<std::int64_t> s = to_device(signed_values);
    const Array<std::uint64_t> u = to_device(unsigned_values);
    EXPECT_TRUE(same_values(gpucc::less(s, u).to_host(), less));
    EXPECT_TRUE(same_values(gpucc::greater(u, s).to_host(), less));
    EXPECT_TRUE(same_values(gpucc::equal(s, u).to_host(), equal));
    EXPECT_TRUE(same_values(gpucc::equal(u, s).to_host(), equal));
    // Integer scalars outside the array's range: the answer NumPy 2 gives, for every element.
    const Array<std::uint8_t> bytes = to_device(random_values<std::uint8_t>(rng_, n));
    EXPECT_TRUE(same_values(gpucc::less(bytes, 300).to_host(), std::vector<bool>(n, true)));
    EXPECT_TRUE(same_values(gpucc::greater(bytes, -1).to_host(), std::vector<bool>(n, true)));
    EXPECT_TRUE(same_values(gpucc::equal(bytes, 256).to_host(), std::vector<bool>(n, false)));
    EXPECT_TRUE(same_values(gpucc::not_equal(bytes, -1).to_host(), std::vector<bool>(n, true)));
    EXPECT_TRUE(same_values(gpucc::less_equal(300, bytes).to_host(), std::vector<bool>(n, false)));
}

TEST_P(Ufuncs, Where) {
    const std::int64_t n = GetParam();
    for_each_type(AllTypes{}, [&]<class T>() {
        SCOPED_TRACE("where of " + type_name<T>());
        const std::vector<bool> condition = random_values<bool>(rng_, n);
        const std::vector<T> x = random_values<T>(rng_, n);
        const std::vector<T> y = random_values<T>(rng_, n);
        std::vector<T> want(n);
        for (std::int64_t i = 0; i < n; ++i) {
            want[i] = condition[i] ? T(x[i]) : T(y[i]);
        }
        EXPECT_TRUE(same_values(
            gpucc::where(to_device(condition), to_device(x), to_device(y)).to_host(), want));
    });
    // A non-bool condition (nonzero is true), scalars on either side, two scalars.
    const std::vector<float> c = random_values<float>(rng_, n, 2);
    std::vector<double> want(n);
    for (std::int64_t i = 0; i < n; ++i) {
        want[i] = (std::isnan(c[i]) || c[i] != 0) ? 1.5 : -2.0;
    }
    const NDArray two_scalars = gpucc::where(to_device(c), 1.5, -2);
    EXPECT_EQ(two_scalars.dtype(), DType::Float64);
    EXPECT_TRUE(same_values(host<double>(two_scalars), want));
    const Array<std::int16_t> values = gpucc::full<std::int16_t>({n}, 9, device_under_test());
    const NDArray mixed = gpucc::where(to_device(c), values, 3);
    EXPECT_EQ(mixed.dtype(), DType::Int16);
}

// -- math -------------------------------------------------------------------------------------

TEST_P(Ufuncs, FloatingFunctions) {
    struct Function {
        const char* name;
        UnaryUfunc ufunc;
        double (*reference)(double);
        float (*reference32)(float);
        double range;
        bool exact;
    };
    const Function functions[] = {
        {"sqrt", gpucc::sqrt, std::sqrt, std::sqrt, 100, true},
        {"cbrt", gpucc::cbrt, std::cbrt, std::cbrt, 100, false},
        {"exp", gpucc::exp, std::exp, std::exp, 10, false},
        {"exp2", gpucc::exp2, std::exp2, std::exp2, 10, false},
        {"expm1", gpucc::expm1, std::expm1, std::expm1, 10, false},
        {"log", gpucc::log, std::log, std::log, 100, false},
        {"log2", gpucc::log2, std::log2, std::log2, 100, false},
        {"log10", gpucc::log10, std::log10, std::log10, 100, false},
        {"log1p", gpucc::log1p, std::log1p, std::log1p, 100, false},
        {"sin", gpucc::sin, std::sin, std::sin, 10, false},
        {"cos", gpucc::cos, std::cos, std::cos, 10, false},
        {"tan", gpucc::tan, std::tan, std::tan, 1.4, false},
        {"arcsin", gpucc::arcsin, std::asin, std::asin, 1.2, false},
        {"arccos", gpucc::arccos, std::acos, std::acos, 1.2, false},
        {"arctan", gpucc::arctan, std::atan, std::atan, 10, false},
        {"sinh", gpucc::sinh, std::sinh, std::sinh, 5, false},
        {"cosh", gpucc::cosh, std::cosh, std::cosh, 5, false},
        {"tanh", gpucc::tanh, std::tanh, std::tanh, 5, false},
        {"rint", gpucc::rint, std::rint, std::rint, 100, true},
    };
    for (const Function& f : functions) {
        auto reference = [&]<class T>(T x) -> T {
            if constexpr (std::is_same_v<T, double>) {
                return f.reference(x);
            } else if constexpr (std::is_same_v<T, float>) {
                return f.reference32(x);
            } else {
                return T(f.reference32(static_cast<float>(x)));
            }
        };
        sweep_unary(f.name, f.ufunc, FloatTypes{}, reference, f.range, !f.exact);
    }
    auto atan2 = []<class T>(T a, T b) -> T {
        return through_float([](auto x, auto y) { return std::atan2(x, y); }, a, b);
    };
    sweep_binary("arctan2", gpucc::arctan2, FloatTypes{}, atan2, 10, true);
}

TEST_P(Ufuncs, RoundingSignAbs) {
    auto floor = []<class T>(T x) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto v) { return std::floor(v); }, x);
        } else {
            return x;
        }
    };
    auto ceil = []<class T>(T x) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto v) { return std::ceil(v); }, x);
        } else {
            return x;
        }
    };
    auto trunc = []<class T>(T x) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto v) { return std::trunc(v); }, x);
        } else {
            return x;
        }
    };
    sweep_unary("floor", gpucc::floor, AllTypes{}, floor, 100, false);
    sweep_unary("ceil", gpucc::ceil, AllTypes{}, ceil, 100, false);
    sweep_unary("trunc", gpucc::trunc, AllTypes{}, trunc, 100, false);
    auto abs = []<class T>(T x) -> T {
        if constexpr (kIsFloat<T>) {
            return through_float([](auto v) { return std::fabs(v); }, x);
        } else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
            return x;
        } else {
            return static_cast<T>(x < 0 ? 0ULL - static_cast<unsigned long long>(x)
                                        : static_cast<unsigned long long>(x));
        }
    };
    sweep_unary("abs", gpucc::abs, AllTypes{}, abs, 100, false);
    auto sign = []<class T>(T x) -> T {
        const double v = as_double(x);
        if (std::isnan(v)) {
            return x;
        }
        return T(v > 0 ? 1 : (v < 0 ? -1 : 0));
    };
    sweep_unary(
        "sign", gpucc::sign,
        TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                 std::uint32_t, std::uint64_t, float16, bfloat16, float, double>{},
        sign, 100, false);
    sweep_unary("isnan", gpucc::isnan, AllTypes{}, [](auto x) { return is_nan(x); }, 100, false);
    sweep_unary(
        "isinf", gpucc::isinf, AllTypes{}, [](auto x) { return std::isinf(as_double(x)); }, 100,
        false);
    sweep_unary(
        "isfinite", gpucc::isfinite, AllTypes{}, [](auto x) { return std::isfinite(as_double(x)); },
        100, false);
}

TEST_P(Ufuncs, ExtremaAndClip) {
    auto value = []<class T>(T v) {
        if constexpr (kIsHalf<T>) {
            return static_cast<float>(v);
        } else {
            return v;
        }
    };
    // NumPy's scalar loops: maximum/minimum propagate NaN, fmax/fmin ignore it; on equal values
    // (including -0.0 and 0.0) the first argument.
    auto maximum = [&]<class T>(T a, T b) -> T {
        return (value(a) >= value(b) || is_nan(a)) ? a : b;
    };
    auto minimum = [&]<class T>(T a, T b) -> T {
        return (value(a) <= value(b) || is_nan(a)) ? a : b;
    };
    auto fmax = [&]<class T>(T a, T b) -> T { return (value(a) >= value(b) || is_nan(b)) ? a : b; };
    auto fmin = [&]<class T>(T a, T b) -> T { return (value(a) <= value(b) || is_nan(b)) ? a : b; };
    sweep_binary("maximum", gpucc::maximum, AllTypes{}, maximum, 3, false);
    sweep_binary("minimum", gpucc::minimum, AllTypes{}, minimum, 3, false);
    sweep_binary("fmax", gpucc::fmax, AllTypes{}, fmax, 3, false);
    sweep_binary("fmin", gpucc::fmin, AllTypes{}, fmin, 3, false);

    const std::int64_t n = GetParam();
    for_each_type(AllTypes{}, [&]<class T>() {
        SCOPED_TRACE("clip of " + type_name<T>());
        const std::vector<T> x = random_values<T>(rng_, n, 100);
        const std::vector<T> low = random_values<T>(rng_, n, 50);
        const std::vector<T> high = random_values<T>(rng_, n, 50);
        std::vector<T> want(n);
        for (std::int64_t i = 0; i < n; ++i) {
            const T raised =
                (is_nan(T(x[i])) || value(T(x[i])) > value(T(low[i]))) ? T(x[i]) : T(low[i]);
            want[i] = (is_nan(raised) || value(raised) < value(T(high[i]))) ? raised : T(high[i]);
        }
        EXPECT_TRUE(same_values(
            gpucc::clip(to_device(x), to_device(low), to_device(high)).to_host(), want));
    });
}

// -- bit operations ---------------------------------------------------------------------------

TEST_P(Ufuncs, BitOperations) {
    using BoolAndIntegers = TypeList<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t,
                                     std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t>;
    sweep_binary(
        "bitwise_and", gpucc::bitwise_and, BoolAndIntegers{},
        [](auto a, auto b) { return decltype(a)(a & b); }, 0, false);
    sweep_binary(
        "bitwise_or", gpucc::bitwise_or, BoolAndIntegers{},
        [](auto a, auto b) { return decltype(a)(a | b); }, 0, false);
    sweep_binary(
        "bitwise_xor", gpucc::bitwise_xor, BoolAndIntegers{},
        [](auto a, auto b) { return decltype(a)(a ^ b); }, 0, false);
    sweep_unary(
        "invert", gpucc::invert, BoolAndIntegers{},
        []<class T>(T a) -> T {
            if constexpr (std::is_same_v<T, bool>) {
                return !a;
            } else {
                return static_cast<T>(~a);
            }
        },
        0, false);
    // Shift counts from -3 to 70: NumPy's rule for counts outside [0, bits).
    const std::int64_t n = GetParam();
    for_each_type(IntegerTypes{}, [&]<class T>() {
        SCOPED_TRACE("shifts of " + type_name<T>());
        const std::vector<T> x = random_values<T>(rng_, n);
        std::vector<T> count(n);
        std::uniform_int_distribution<int> counts(std::is_signed_v<T> ? -3 : 0, 70);
        for (T& c : count) {
            c = static_cast<T>(counts(rng_));
        }
        constexpr int kBits = static_cast<int>(sizeof(T) * 8);
        std::vector<T> left(n), right(n);
        for (std::int64_t i = 0; i < n; ++i) {
            const long long c = static_cast<long long>(count[i]);
            const bool inside = c >= 0 && c < kBits;
            left[i] = inside ? static_cast<T>(static_cast<unsigned long long>(x[i]) << c) : T(0);
            if (inside) {
                right[i] = static_cast<T>(x[i] >> c);
            } else {
                right[i] = x[i] < 0 ? T(-1) : T(0);
            }
        }
        EXPECT_TRUE(same_values(gpucc::left_shift(to_device(x), to_device(count)).to_host(), left));
        EXPECT_TRUE(
            same_values(gpucc::right_shift(to_device(x), to_device(count)).to_host(), right));
    });
}

INSTANTIATE_TEST_SUITE_P(Sizes, Ufuncs, ::testing::ValuesIn(kSizes));

} // namespace
} // namespace stdlib_test
