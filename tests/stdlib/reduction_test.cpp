// The reductions of gpucc/stdlib/reduction.h against a reference written here: the reduced groups
// found by walking the input in C order, integer sums and products wrapping in uint64, float ones
// in double (exact for the inputs below), min/max with NaN propagation, means, two-pass variances
// and norms in long double. Every reduction over every dtype, full and along every combination of
// axes of 3-d arrays (negative spellings too), with keepdims, ddof 0, 1 and 2, on transposed,
// negatively sliced and broadcast views, into given outputs (strided ones too), with NaN and
// infinities, at sizes 0, 1, 31, 33 and 2^20 + 1, plus a 4097 x 4099 sum; the errors NumPy raises.
//
// Float inputs are multiples of 1/8 (1/2 for bfloat16) of magnitude at most 50 (100), never 0,
// so every partial sum is exact in float32 (with overwhelming probability at 2^24 elements: the
// partial sums of random signs stay far below 2^21) and sums, means, products, min and max must
// match exactly whatever order the elements are combined in; products use +-1 with a few +-2 and
// +-0.5 (exact too). var, std and norm round in every term: they are compared within 1e-5
// relative for float32 arithmetic (float16, bfloat16, float32) and 1e-12 for float64 arithmetic
// (float64, bool and integers), plus one unit in the last place of the result type. The accuracy
// of long float32 sums is checked in float32_sum_accuracy_test.cpp.
#include "stdlib_test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace stdlib_test {
namespace {

using gpucc::Axis;
using gpucc::Shape;
using gpucc::Slice;

enum class Op { Sum, Prod, Min, Max, Mean, Var, Std, All, Any, CountNonzero, Norm };

template <Op... O>
struct OpList {};
using AllOps = OpList<Op::Sum, Op::Prod, Op::Min, Op::Max, Op::Mean, Op::Var, Op::Std, Op::All,
                      Op::Any, Op::CountNonzero, Op::Norm>;

template <Op... O, class F>
void for_each_op(OpList<O...>, F&& f) {
    (f.template operator()<O>(), ...);
}

constexpr const char* op_name(Op op) {
    constexpr const char* kNames[] = {"sum", "prod", "min", "max",           "mean", "var",
                                      "std", "all",  "any", "count_nonzero", "norm"};
    return kNames[static_cast<int>(op)];
}

template <class T>
constexpr bool kIsSignedOrBool = std::is_same_v<T, bool> || std::is_signed_v<T>;

/// NumPy 2's result type, stated here independently of gpucc/stdlib/reduction_types.h.
template <Op O, class T>
struct ResultOf {
    using type = T; // min, max
};
template <class T>
struct SumType {
    using type =
        std::conditional_t<kIsFloat<T>, T,
                           std::conditional_t<kIsSignedOrBool<T>, std::int64_t, std::uint64_t>>;
};
template <class T>
using MeanType = std::conditional_t<kIsFloat<T>, T, double>;
template <class T>
struct ResultOf<Op::Sum, T> : SumType<T> {};
template <class T>
struct ResultOf<Op::Prod, T> : SumType<T> {};
template <class T>
struct ResultOf<Op::Mean, T> {
    using type = MeanType<T>;
};
template <class T>
struct ResultOf<Op::Var, T> {
    using type = MeanType<T>;
};
template <class T>
struct ResultOf<Op::Std, T> {
    using type = MeanType<T>;
};
template <class T>
struct ResultOf<Op::Norm, T> {
    using type = MeanType<T>;
};
template <class T>
struct ResultOf<Op::All, T> {
    using type = bool;
};
template <class T>
struct ResultOf<Op::Any, T> {
    using type = bool;
};
template <class T>
struct ResultOf<Op::CountNonzero, T> {
    using type = std::int64_t;
};
template <Op O, class T>
using result_t = typename ResultOf<O, T>::type;

/// The arithmetic type float sums, means and variances of T are computed in.
template <class T>
using AccumulateType = std::conditional_t<std::is_same_v<T, double>, double, float>;

/// Spacing of T's values at 1 (one unit in the last place, relative).
template <class T>
double unit_roundoff() {
    if constexpr (std::is_same_v<T, float16>) {
        return 0x1p-10;
    } else if constexpr (std::is_same_v<T, bfloat16>) {
        return 0x1p-7;
    } else if constexpr (std::is_same_v<T, float>) {
        return 0x1p-23;
    } else if constexpr (std::is_same_v<T, double>) {
        return 0x1p-52;
    } else {
        return 0;
    }
}

template <class T>
long double wide(T value) {
    if constexpr (kIsHalf<T>) {
        return static_cast<float>(value);
    } else {
        return static_cast<long double>(value);
    }
}

/// A float type's value from a long double, rounded as the kernels round (half types through
/// float32).
template <class T>
T narrow(long double value) {
    if constexpr (kIsHalf<T>) {
        return T(static_cast<float>(value));
    } else {
        return static_cast<T>(value);
    }
}

template <class T>
bool truthy(T value) {
    if constexpr (kIsFloat<T>) {
        return wide(value) != 0 || std::isnan(as_double(value));
    } else {
        return value != T(0);
    }
}

// ---- Inputs ----------------------------------------------------------------------------------

enum class Data {
    Nonzero,     ///< exact multiples (floats), full-range integers, never zero
    Products,    ///< +-1 and a few +-2, +-0.5 (integers: a few random values)
    FewZeros,    ///< Nonzero with one element in 40 zero
    MostlyZeros, ///< zero but one element in 40
};

/// SplitMix64: the inputs' generator (std::mt19937_64 with the standard distributions took most
/// of the time of the large cases).
class FastRandom {
public:
    explicit FastRandom(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n).
    std::uint32_t below(std::uint32_t n) {
        return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
    }

private:
    std::uint64_t state_;
};

template <class T>
T nonzero_value(FastRandom& random) {
    const std::uint64_t bits = random.next();
    if constexpr (std::is_same_v<T, bool>) {
        return (bits & 1) != 0;
    } else if constexpr (kIsFloat<T>) {
        // k/8 (k/2 for bfloat16, whose 8-bit significand holds |k| <= 255), 0 < |k| <= 400.
        constexpr std::uint64_t kLimit = std::is_same_v<T, bfloat16> ? 200 : 400;
        const auto k = static_cast<double>(1 + (((bits >> 32) * kLimit) >> 32));
        return narrow<T>(((bits & 1) != 0 ? -k : k) / (std::is_same_v<T, bfloat16> ? 2 : 8));
    } else {
        auto value = static_cast<T>(bits); // uniform over T's range
        while (value == 0) {
            value = static_cast<T>(random.next());
        }
        return value;
    }
}

template <class T>
std::vector<T> make_data(std::mt19937_64& rng, std::int64_t n, Data mode) {
    FastRandom random(rng());
    std::vector<T> values(static_cast<std::size_t>(n));
    std::int64_t specials_left = 20; // Products: at most 20 factors other than +-1 in all
    for (std::size_t i = 0; i < values.size(); ++i) {
        T value = nonzero_value<T>(random);
        switch (mode) {
        case Data::Nonzero:
            break;
        case Data::Products:
            if constexpr (!std::is_same_v<T, bool>) {
                if (specials_left > 0 && random.below(40) == 0) {
                    --specials_left;
                    if constexpr (kIsFloat<T>) {
                        constexpr double kFactors[] = {2, -2, 0.5, -0.5};
                        value = narrow<T>(kFactors[random.below(4)]);
                    }
                } else {
                    value = static_cast<T>(std::is_signed_v<T> && random.below(2) == 0 ? -1 : 1);
                }
            }
            break;
        case Data::FewZeros:
            if (random.below(40) == 0) {
                value = T(0);
            }
            break;
        case Data::MostlyZeros:
            if (random.below(40) != 0) {
                value = T(0);
            }
            break;
        }
        values[i] = value;
    }
    if constexpr (kIsInteger<T>) {
        if (mode == Data::Nonzero && n >= 8) { // the extremes, for wrapping sums
            values[3] = std::numeric_limits<T>::max();
            values[5] = std::numeric_limits<T>::min() == 0 ? std::numeric_limits<T>::max()
                                                           : std::numeric_limits<T>::min();
        }
    }
    return values;
}

/// NaN and infinities at a few places of a float input (for every reduction: NaN propagates,
/// inf - inf is NaN, and min/max must not lose a NaN).
template <class T>
void add_specials(std::mt19937_64& rng, std::vector<T>& values) {
    if constexpr (kIsFloat<T>) {
        if (values.empty()) {
            return;
        }
        std::uniform_int_distribution<std::size_t> where(0, values.size() - 1);
        const double kSpecials[] = {std::numeric_limits<double>::quiet_NaN(),
                                    std::numeric_limits<double>::infinity(),
                                    -std::numeric_limits<double>::infinity()};
        for (int k = 0; k < 6; ++k) {
            values[where(rng)] = narrow<T>(kSpecials[k % 3]);
        }
    }
}

// ---- Axes --------------------------------------------------------------------------------------

/// An `axis` argument: every axis, or a list (possibly negative).
struct Axes {
    std::optional<std::vector<int>> list; // nullopt: every axis

    Axis axis() const {
        if (!list) {
            return Axis{};
        }
        const std::vector<int>& a = *list;
        switch (a.size()) {
        case 0:
            return Axis(std::initializer_list<int>{});
        case 1:
            return Axis{a[0]};
        case 2:
            return Axis{a[0], a[1]};
        case 3:
            return Axis{a[0], a[1], a[2]};
        default:
            return Axis{a[0], a[1], a[2], a[3]};
        }
    }
    std::vector<bool> reduced(int ndim) const {
        std::vector<bool> flags(static_cast<std::size_t>(ndim), !list.has_value());
        if (list) {
            for (int axis : *list) {
                flags[static_cast<std::size_t>(axis < 0 ? axis + ndim : axis)] = true;
            }
        }
        return flags;
    }
    std::string text() const {
        if (!list) {
            return "None";
        }
        std::string result = "(";
        for (int axis : *list) {
            result += std::to_string(axis) + ",";
        }
        return result + ")";
    }
};

const Axes kEvery{std::nullopt};

/// The axes listed (an empty list reduces nothing, NumPy's axis=()).
Axes on(std::initializer_list<int> axes) {
    return Axes{std::vector<int>(axes)};
}

/// Every combination of the axes of a 3-d array, each spelled positive and negative.
std::vector<Axes> axis_combinations_3d() {
    return {kEvery,      on({0}),       on({1}),       on({2}),          on({-1}),
            on({-3}),    on({0, 1}),    on({0, 2}),    on({1, 2}),       on({-1, 0}),
            on({2, -2}), on({0, 1, 2}), on({2, 0, 1}), on({-3, -2, -1}), on({})};
}

Shape reduced_shape(const Shape& shape, const std::vector<bool>& reduced, bool keepdims) {
    Shape out;
    for (int k = 0; k < shape.ndim(); ++k) {
        if (!reduced[static_cast<std::size_t>(k)]) {
            out.push_back(shape[k]);
        } else if (keepdims) {
            out.push_back(1);
        }
    }
    return out;
}

/// Calls f(input, output) for each element of `shape` in C order: its position and the position
/// (C order) of the output element it is reduced into.
template <class F>
void for_each_element(const Shape& shape, const std::vector<bool>& reduced, F&& f) {
    const int ndim = shape.ndim();
    std::vector<std::int64_t> out_stride(static_cast<std::size_t>(ndim), 0);
    std::int64_t stride = 1;
    for (int k = ndim - 1; k >= 0; --k) {
        if (!reduced[static_cast<std::size_t>(k)]) {
            out_stride[static_cast<std::size_t>(k)] = stride;
            stride *= shape[k];
        }
    }
    std::vector<std::int64_t> index(static_cast<std::size_t>(ndim), 0);
    std::int64_t out = 0;
    const std::int64_t count = shape.element_count();
    for (std::int64_t i = 0; i < count; ++i) {
        f(i, out);
        for (int k = ndim - 1; k >= 0; --k) {
            const auto kk = static_cast<std::size_t>(k);
            ++index[kk];
            out += out_stride[kk];
            if (index[kk] < shape[k]) {
                break;
            }
            out -= out_stride[kk] * index[kk];
            index[kk] = 0;
        }
    }
}

// ---- The reference -----------------------------------------------------------------------------

template <class R>
struct Expected {
    std::vector<R> values;
    std::vector<double> tolerance;  ///< absolute, per output
    bool no_identity_error = false; ///< min/max of zero elements into a non-empty result
};

template <Op O, class T>
Expected<result_t<O, T>> reference(const std::vector<T>& x, const Shape& shape,
                                   const std::vector<bool>& reduced, int ddof) {
    using R = result_t<O, T>;
    const Shape out_shape = reduced_shape(shape, reduced, false);
    const auto outputs = static_cast<std::size_t>(out_shape.element_count());
    std::int64_t n = 1;
    for (int k = 0; k < shape.ndim(); ++k) {
        if (reduced[static_cast<std::size_t>(k)]) {
            n *= shape[k];
        }
    }
    Expected<R> expected;
    expected.values.resize(outputs);
    expected.tolerance.assign(outputs, 0.0);
    auto visit = [&](auto&& f) {
        for_each_element(shape, reduced, [&](std::int64_t i, std::int64_t o) {
            f(x[static_cast<std::size_t>(i)], static_cast<std::size_t>(o));
        });
    };

    if constexpr (O == Op::Sum || O == Op::Prod) {
        if constexpr (kIsFloat<T>) {
            // The inputs make every partial sum and product exact in double (see the top).
            std::vector<double> acc(outputs, O == Op::Sum ? 0.0 : 1.0);
            visit([&](T v, std::size_t o) {
                acc[o] = O == Op::Sum ? acc[o] + as_double(v) : acc[o] * as_double(v);
            });
            for (std::size_t o = 0; o < outputs; ++o) {
                expected.values[o] = narrow<R>(static_cast<AccumulateType<T>>(acc[o]));
            }
        } else { // wraps around in 64 bits, as NumPy's int64/uint64 sums
            std::vector<std::uint64_t> acc(outputs, O == Op::Sum ? 0 : 1);
            visit([&](T v, std::size_t o) {
                const auto u = static_cast<std::uint64_t>(v);
                acc[o] = O == Op::Sum ? acc[o] + u : acc[o] * u;
            });
            for (std::size_t o = 0; o < outputs; ++o) {
                expected.values[o] = static_cast<R>(acc[o]);
            }
        }
    } else if constexpr (O == Op::Min || O == Op::Max) {
        expected.no_identity_error = n == 0 && outputs > 0;
        std::vector<bool> seen(outputs, false);
        visit([&](T v, std::size_t o) {
            const T best = expected.values[o];
            if (!seen[o] ||
                (!is_nan(best) &&
                 (is_nan(v) || (O == Op::Min ? wide(v) < wide(best) : wide(v) > wide(best))))) {
                expected.values[o] = v;
                seen[o] = true;
            }
        });
    } else if constexpr (O == Op::All || O == Op::Any || O == Op::CountNonzero) {
        std::vector<std::int64_t> count(outputs, 0);
        visit([&](T v, std::size_t o) { count[o] += truthy(v) ? 1 : 0; });
        for (std::size_t o = 0; o < outputs; ++o) {
            if constexpr (O == Op::All) {
                expected.values[o] = count[o] == n;
            } else if constexpr (O == Op::Any) {
                expected.values[o] = count[o] > 0;
            } else {
                expected.values[o] = count[o];
            }
        }
    } else { // mean, var, std, norm
        std::vector<long double> sum(outputs, 0.0L), magnitude(outputs, 0.0L);
        visit([&](T v, std::size_t o) {
            sum[o] += O == Op::Norm ? wide(v) * wide(v) : wide(v);
            magnitude[o] += std::fabs(wide(v));
        });
        // float64 arithmetic for bool and integers, float32 for float16/bfloat16/float32.
        [[maybe_unused]] const double arithmetic =
            std::is_same_v<AccumulateType<R>, double> ? 1e-12 : 1e-5;
        if constexpr (O == Op::Mean) {
            using A = std::conditional_t<kIsFloat<T>, AccumulateType<T>, double>;
            for (std::size_t o = 0; o < outputs; ++o) {
                expected.values[o] =
                    narrow<R>(static_cast<A>(sum[o]) / static_cast<A>(static_cast<double>(n)));
                // Integer sums are exact in float64 only up to 2^53.
                expected.tolerance[o] =
                    kIsFloat<T> || n == 0 ? 0.0 : 1e-12 * static_cast<double>(magnitude[o]) / n;
            }
        } else if constexpr (O == Op::Norm) {
            for (std::size_t o = 0; o < outputs; ++o) {
                const long double value = std::sqrt(sum[o]);
                expected.values[o] = narrow<R>(value);
                expected.tolerance[o] =
                    (arithmetic + unit_roundoff<R>()) * std::fabs(static_cast<double>(value));
            }
        } else {
            // Deviations from the first element of each group first, so that the reference
            // keeps every digit of huge integers (x - first is exact in long double).
            std::vector<long double> first(outputs, 0.0L), shifted(outputs, 0.0L),
                largest(outputs, 0.0L), squares(outputs, 0.0L);
            std::vector<bool> seen(outputs, false);
            visit([&](T v, std::size_t o) {
                if (!seen[o]) {
                    first[o] = wide(v);
                    seen[o] = true;
                }
                shifted[o] += wide(v) - first[o];
                largest[o] = std::max(largest[o], std::fabs(wide(v)));
            });
            visit([&](T v, std::size_t o) {
                const long double deviation = (wide(v) - first[o]) - shifted[o] / n;
                squares[o] += deviation * deviation;
            });
            const long double divisor = std::max<long double>(n - ddof, 0);
            // The kernels' rounding: each deviation is off by about eps * max|x| (the mean and
            // the conversion of huge integers to float64), which matters when the deviations
            // are much smaller than the values (a broadcast axis: all equal).
            const double eps = std::is_same_v<AccumulateType<R>, double> ? 0x1p-52 : 0x1p-23;
            const double spread = n / std::max<double>(static_cast<double>(divisor), 1);
            for (std::size_t o = 0; o < outputs; ++o) {
                const long double variance = squares[o] / divisor;
                const long double value = O == Op::Std ? std::sqrt(variance) : variance;
                const double shift = 8 * eps * static_cast<double>(largest[o]);
                const double rounding =
                    shift * (2 * std::sqrt(std::fabs(static_cast<double>(variance)) * spread) +
                             shift * spread);
                expected.values[o] = narrow<R>(value);
                expected.tolerance[o] =
                    (arithmetic + unit_roundoff<R>()) * std::fabs(static_cast<double>(value)) +
                    (O == Op::Std ? std::sqrt(rounding) : rounding);
            }
        }
    }
    return expected;
}

/// got == want within `tolerance`; NaN matches NaN; -0.0 matches 0.0.
template <class R>
::testing::AssertionResult agree(const std::vector<R>& got, const Expected<R>& expected) {
    if (got.size() != expected.values.size()) {
        return ::testing::AssertionFailure()
               << got.size() << " elements, expected " << expected.values.size();
    }
    for (std::size_t i = 0; i < got.size(); ++i) {
        const R g = got[i];
        const R w = expected.values[i];
        bool same = false;
        if constexpr (kIsFloat<R>) {
            const double gd = as_double(g);
            const double wd = as_double(w);
            same = (std::isnan(gd) && std::isnan(wd)) || gd == wd ||
                   (std::isfinite(gd) && std::isfinite(wd) &&
                    std::fabs(gd - wd) <= expected.tolerance[i]);
        } else {
            same = g == w;
        }
        if (!same) {
            return ::testing::AssertionFailure()
                   << "element " << i << " is " << describe(g) << ", expected " << describe(w)
                   << " (tolerance " << expected.tolerance[i] << ")";
        }
    }
    return ::testing::AssertionSuccess();
}

// ---- Calling the library -----------------------------------------------------------------------

template <Op O>
NDArray run(const NDArray& x, const Axis& axis, bool keepdims, int ddof) {
    if constexpr (O == Op::Sum) {
        return gpucc::sum(x, axis, keepdims);
    } else if constexpr (O == Op::Prod) {
        return gpucc::prod(x, axis, keepdims);
    } else if constexpr (O == Op::Min) {
        return gpucc::min(x, axis, keepdims);
    } else if constexpr (O == Op::Max) {
        return gpucc::max(x, axis, keepdims);
    } else if constexpr (O == Op::Mean) {
        return gpucc::mean(x, axis, keepdims);
    } else if constexpr (O == Op::Var) {
        return gpucc::var(x, axis, ddof, keepdims);
    } else if constexpr (O == Op::Std) {
        return gpucc::std(x, axis, ddof, keepdims);
    } else if constexpr (O == Op::All) {
        return gpucc::all(x, axis, keepdims);
    } else if constexpr (O == Op::Any) {
        return gpucc::any(x, axis, keepdims);
    } else if constexpr (O == Op::CountNonzero) {
        return gpucc::count_nonzero(x, axis, keepdims);
    } else {
        return gpucc::linalg::norm(x, axis, keepdims);
    }
}

template <Op O>
void run_into(const NDArray& x, const NDArray& out, const Axis& axis, bool keepdims, int ddof) {
    if constexpr (O == Op::Sum) {
        gpucc::sum(x, out, axis, keepdims);
    } else if constexpr (O == Op::Prod) {
        gpucc::prod(x, out, axis, keepdims);
    } else if constexpr (O == Op::Min) {
        gpucc::min(x, out, axis, keepdims);
    } else if constexpr (O == Op::Max) {
        gpucc::max(x, out, axis, keepdims);
    } else if constexpr (O == Op::Mean) {
        gpucc::mean(x, out, axis, keepdims);
    } else if constexpr (O == Op::Var) {
        gpucc::var(x, out, axis, ddof, keepdims);
    } else if constexpr (O == Op::Std) {
        gpucc::std(x, out, axis, ddof, keepdims);
    } else if constexpr (O == Op::All) {
        gpucc::all(x, out, axis, keepdims);
    } else if constexpr (O == Op::Any) {
        gpucc::any(x, out, axis, keepdims);
    } else if constexpr (O == Op::CountNonzero) {
        gpucc::count_nonzero(x, out, axis, keepdims);
    } else {
        gpucc::linalg::norm(x, out, axis, keepdims);
    }
}

/// The ddofs var and std are checked with (one for the other reductions).
template <Op O>
std::vector<int> ddofs() {
    if constexpr (O == Op::Var || O == Op::Std) {
        return {0, 1, 2};
    } else {
        return {0};
    }
}

/// Runs reduction O on `x` (whose elements in C order are `values`) over `axes` and compares
/// with the reference; with `out`, writes into it instead (it must be of the result's shape).
template <Op O, class T>
void check(const NDArray& x, const std::vector<T>& values, const Axes& axes, bool keepdims,
           int ddof, const std::optional<NDArray>& out = std::nullopt) {
    using R = result_t<O, T>;
    SCOPED_TRACE(std::string(op_name(O)) + " of " + type_name<T>() + " " + x.shape().to_string() +
                 " axis=" + axes.text() + (keepdims ? " keepdims" : "") +
                 " ddof=" + std::to_string(ddof) + (out ? " into out" : ""));
    const std::vector<bool> reduced = axes.reduced(x.ndim());
    const Expected<R> expected = reference<O, T>(values, x.shape(), reduced, ddof);
    if (expected.no_identity_error) {
        try {
            run<O>(x, axes.axis(), keepdims, ddof);
            ADD_FAILURE() << "no exception for an empty " << op_name(O);
        } catch (const gpucc::ValueError& error) {
            const std::string message = error.what();
            const std::string want = std::string("zero-size array to reduction operation ") +
                                     (O == Op::Min ? "minimum" : "maximum") +
                                     " which has no identity";
            EXPECT_EQ(message, want);
        }
        return;
    }
    NDArray got;
    if (out) {
        run_into<O>(x, *out, axes.axis(), keepdims, ddof);
        got = *out;
    } else {
        got = run<O>(x, axes.axis(), keepdims, ddof);
    }
    ASSERT_EQ(got.dtype(), gpucc::dtype_of<R>()) << gpucc::dtype_name(got.dtype());
    ASSERT_EQ(got.shape(), reduced_shape(x.shape(), reduced, keepdims)) << got.shape().to_string();
    EXPECT_TRUE(agree(got.as<R>().to_host(), expected));
}

/// The data each reduction is checked on: products need their own, all/any/count_nonzero get
/// inputs with zeros too.
template <Op O>
std::vector<Data> data_modes() {
    if constexpr (O == Op::Prod) {
        return {Data::Products};
    } else if constexpr (O == Op::All || O == Op::Any || O == Op::CountNonzero) {
        return {Data::Nonzero, Data::FewZeros, Data::MostlyZeros};
    } else {
        return {Data::Nonzero};
    }
}

/// The one data of each reduction for the sweeps that take one.
template <Op O>
Data main_mode() {
    if constexpr (O == Op::Prod) {
        return Data::Products;
    } else if constexpr (O == Op::All || O == Op::Any || O == Op::CountNonzero) {
        return Data::FewZeros;
    } else {
        return Data::Nonzero;
    }
}

template <class T>
Array<T> on_device(const std::vector<T>& values, const Shape& shape) {
    return gpucc::asarray<T>(values, shape, device_under_test());
}

class Reductions : public ::testing::Test {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }

    /// Every reduction of every dtype on a fresh array of `shape` over each of `axis_sets`, with
    /// and without keepdims and with each ddof (only without keepdims and with ddof 1 when not
    /// `thorough`); `specials` adds NaN and infinities to float inputs.
    void sweep(const Shape& shape, const std::vector<Axes>& axis_sets, bool specials = false,
               bool thorough = true) {
        for_each_type(AllTypes{}, [&]<class T>() {
            for_each_op(AllOps{}, [&]<Op O>() {
                for (Data mode : data_modes<O>()) {
                    std::vector<T> values = make_data<T>(rng_, shape.element_count(), mode);
                    if (specials) {
                        add_specials(rng_, values);
                    }
                    const Array<T> x = on_device(values, shape);
                    for (const Axes& axes : axis_sets) {
                        for (bool keepdims : {false, true}) {
                            for (int ddof : ddofs<O>()) {
                                if (thorough ||
                                    (!keepdims && ddof == std::min(1, ddofs<O>().back()))) {
                                    check<O, T>(x, values, axes, keepdims, ddof);
                                }
                            }
                        }
                    }
                }
            });
        });
    }

    std::mt19937_64 rng_{20240611};
};

// ---- Full reductions of 1-d arrays at every size -----------------------------------------------

class ReductionSizes : public Reductions, public ::testing::WithParamInterface<std::int64_t> {};

TEST_P(ReductionSizes, EveryReductionOfEveryDtype) {
    if (GetParam() > 1000) { // one spelling, no keepdims, one ddof: the large size takes time
        sweep(Shape{GetParam()}, {kEvery}, false, false);
    } else {
        sweep(Shape{GetParam()}, {kEvery, on({0}), on({-1})});
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, ReductionSizes,
                         ::testing::Values<std::int64_t>(0, 1, 31, 33, (1 << 20) + 1),
                         [](const ::testing::TestParamInfo<std::int64_t>& info) {
                             return "n" + std::to_string(info.param);
                         });

// ---- Axes of 3-d arrays ------------------------------------------------------------------------

TEST_F(Reductions, EveryAxisCombinationOf3d) {
    sweep(Shape{5, 6, 7}, axis_combinations_3d());
    sweep(Shape{3, 33, 31}, axis_combinations_3d());
}

TEST_F(Reductions, NanAndInfinityPropagate) {
    sweep(Shape{4, 9, 33}, {kEvery, on({0}), on({2}), on({0, 2})}, true);
    sweep(Shape{101}, {kEvery}, true);
}

TEST_F(Reductions, EmptyAxes) {
    // Zero elements into each output: the identity (NaN for mean/var/std), or min/max's
    // ValueError; an empty result raises nothing.
    sweep(Shape{0, 3}, {kEvery, on({0}), on({1})});
    sweep(Shape{3, 0, 2}, {kEvery, on({1}), on({0, 2}), on({-1})});
}

TEST_F(Reductions, ZeroDimensional) {
    sweep(Shape{}, {kEvery, on({})});
}

// ---- Views -------------------------------------------------------------------------------------

TEST_F(Reductions, TransposedSlicedAndBroadcastViews) {
    const std::vector<Axes> axis_sets = {kEvery, on({0}), on({-1}), on({0, 2}), on({1})};
    for_each_type(AllTypes{}, [&]<class T>() {
        for_each_op(AllOps{}, [&]<Op O>() {
            const Data mode = main_mode<O>();
            const std::vector<T> values = make_data<T>(rng_, 6 * 8 * 10, mode);
            const Array<T> base = on_device(values, Shape{6, 8, 10});
            const std::vector<T> row = make_data<T>(rng_, 8, mode);
            const Array<T> small = on_device(row, Shape{1, 8, 1});
            const Array<T> views[] = {
                base.transpose({2, 0, 1}),
                base(Slice(gpucc::none, gpucc::none, -1), Slice(1, gpucc::none, 2),
                     Slice(gpucc::none, gpucc::none, -3)),
                base.transpose()(Slice(gpucc::none, gpucc::none, -2)),
                small.broadcast_to(Shape{6, 8, 10}),
                on_device(row, Shape{8}).broadcast_to(Shape{3, 5, 8}),
            };
            for (const Array<T>& view : views) {
                const std::vector<T> view_values = view.to_host();
                for (const Axes& axes : axis_sets) {
                    for (bool keepdims : {false, true}) {
                        check<O, T>(view, view_values, axes, keepdims, ddofs<O>().back());
                    }
                }
            }
        });
    });
}

// ---- Given outputs -----------------------------------------------------------------------------

TEST_F(Reductions, IntoGivenOutputs) {
    for_each_type(AllTypes{}, [&]<class T>() {
        for_each_op(AllOps{}, [&]<Op O>() {
            using R = result_t<O, T>;
            const std::vector<T> values = make_data<T>(rng_, 5 * 6 * 7, main_mode<O>());
            const Array<T> x = on_device(values, Shape{5, 6, 7});
            const Device device = device_under_test();
            // Contiguous, with keepdims, strided (a transposed array), and 0-d.
            check<O, T>(x, values, on({1}), false, 1,
                        gpucc::empty({5, 7}, gpucc::dtype_of<R>(), device));
            check<O, T>(x, values, on({1}), true, 1,
                        gpucc::empty({5, 1, 7}, gpucc::dtype_of<R>(), device));
            check<O, T>(x, values, on({-2}), false, 0,
                        gpucc::empty({7, 5}, gpucc::dtype_of<R>(), device).transpose());
            check<O, T>(x, values, kEvery, false, 0,
                        gpucc::empty({}, gpucc::dtype_of<R>(), device));
        });
    });
}

/// Runs `call`, expects an exception of type E whose message contains every one of `parts`.
template <class E, class F>
void expect_error(F&& call, std::initializer_list<std::string> parts) {
    try {
        call();
        ADD_FAILURE() << "no exception";
    } catch (const E& error) {
        const std::string message = error.what();
        for (const std::string& part : parts) {
            EXPECT_NE(message.find(part), std::string::npos)
                << "message \"" << message << "\" lacks \"" << part << "\"";
        }
    } catch (const std::exception& other) {
        ADD_FAILURE() << "wrong exception: " << other.what();
    }
}

TEST_F(Reductions, BadOutputsAndAxesSayWhatIsWrong) {
    const Device device = device_under_test();
    const NDArray x = gpucc::ones({4, 5}, DType::Int8, device);
    expect_error<gpucc::TypeError>(
        [&] { gpucc::sum(x, gpucc::empty({5}, DType::Int32, device), 0); },
        {"sum", "out", "int32", "expected int64"});
    expect_error<gpucc::TypeError>(
        [&] { gpucc::mean(x, gpucc::empty({4}, DType::Float32, device), 1); },
        {"mean", "out", "float32", "expected float64"});
    expect_error<gpucc::TypeError>(
        [&] { gpucc::all(x, gpucc::empty({4}, DType::Int8, device), 1); },
        {"all", "out", "int8", "expected bool"});
    expect_error<gpucc::ShapeError>(
        [&] { gpucc::max(x, gpucc::empty({4}, DType::Int8, device), 0); },
        {"max", "out", "(4,)", "expected (5,)"});
    expect_error<gpucc::ShapeError>(
        [&] { gpucc::sum(x, gpucc::empty({5}, DType::Int64, device), 0, true); },
        {"sum", "out", "(5,)", "expected (1, 5)"});

    expect_error<gpucc::IndexError>([&] { gpucc::sum(x, 2); }, {"sum", "axis 2", "out of range"});
    expect_error<gpucc::IndexError>([&] { gpucc::var(x, {0, -3}); }, {"var", "axis -3"});
    expect_error<gpucc::IndexError>([&] { x.max(Axis{5}); }, {"max", "axis 5"});
    expect_error<gpucc::IndexError>([&] { gpucc::linalg::norm(x, 7); }, {"norm", "axis 7"});
    expect_error<gpucc::IndexError>([&] { gpucc::sum(gpucc::ones({}, DType::Float32, device), 0); },
                                    {"sum", "axis 0"});
    expect_error<gpucc::ValueError>([&] { gpucc::prod(x, {1, -1}); }, {"prod", "duplicate"});
    expect_error<gpucc::ValueError>(
        [&] { gpucc::min(gpucc::ones({3, 0}, DType::Float32, device), 1); },
        {"zero-size array to reduction operation minimum which has no "
         "identity"});
    expect_error<gpucc::ValueError>([&] { gpucc::max(gpucc::ones({0}, DType::Bool, device)); },
                                    {"zero-size array to reduction operation maximum which has no "
                                     "identity"});
    // An empty result is no error (NumPy: np.zeros((0, 3)).max(axis=1) is []).
    EXPECT_EQ(gpucc::min(gpucc::ones({0, 3}, DType::Float32, device), 1).shape(), Shape{0});
}

// ---- Values NumPy fixes ------------------------------------------------------------------------

TEST_F(Reductions, EmptyReductionsGiveTheIdentity) {
    const Device device = device_under_test();
    const NDArray empty = gpucc::zeros({0}, DType::Float32, device);
    EXPECT_EQ(gpucc::sum(empty).item<float>(), 0.0f);
    EXPECT_EQ(gpucc::prod(empty).item<float>(), 1.0f);
    EXPECT_TRUE(std::isnan(gpucc::mean(empty).item<float>()));
    EXPECT_TRUE(std::isnan(gpucc::var(empty).item<float>()));
    EXPECT_TRUE(std::isnan(gpucc::std(empty).item<float>()));
    EXPECT_EQ(gpucc::linalg::norm(empty).item<float>(), 0.0f);
    EXPECT_TRUE(gpucc::all(empty).item<bool>());
    EXPECT_FALSE(gpucc::any(empty).item<bool>());
    EXPECT_EQ(gpucc::count_nonzero(empty).item<std::int64_t>(), 0);
    const NDArray ints = gpucc::zeros({0}, DType::Int16, device);
    EXPECT_EQ(gpucc::sum(ints).item<std::int64_t>(), 0);
    EXPECT_EQ(gpucc::prod(ints).item<std::int64_t>(), 1);
    EXPECT_TRUE(std::isnan(gpucc::mean(ints).item<double>()));
    EXPECT_THROW(gpucc::min(empty), gpucc::ValueError);
    EXPECT_THROW(gpucc::max(ints), gpucc::ValueError);
}

TEST_F(Reductions, IntegerSumsWrapInSixtyFourBits) {
    const Device device = device_under_test();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    const auto big = gpucc::asarray<std::int64_t>({kMax, 1}, device);
    EXPECT_EQ(gpucc::sum(big).item(), std::numeric_limits<std::int64_t>::min());
    const auto ubig = gpucc::asarray<std::uint64_t>({~std::uint64_t{0}, 2}, device);
    EXPECT_EQ(gpucc::sum(ubig).item(), 1u);
    // Smaller integers widen first: no wrap at 8 or 32 bits.
    const Array<std::int8_t> bytes = gpucc::full<std::int8_t>({1000}, 127, device);
    EXPECT_EQ(gpucc::sum(bytes).item(), 127000);
    const Array<std::uint8_t> ubytes = gpucc::full<std::uint8_t>({1000}, 255, device);
    EXPECT_EQ(gpucc::sum(ubytes).item(), 255000u);
    const auto words = gpucc::asarray<std::int32_t>({65536, 65536, -3}, device);
    EXPECT_EQ(gpucc::prod(words).item(), -3 * (std::int64_t{1} << 32));
    const auto wrap = gpucc::asarray<std::int64_t>({std::int64_t{1} << 62, 4, 7}, device);
    EXPECT_EQ(gpucc::prod(wrap).item(), 0);
    const Array<bool> flags = gpucc::ones<bool>({300}, device);
    EXPECT_EQ(gpucc::sum(flags).item(), 300);
}

TEST_F(Reductions, NanPropagatesThroughMinAndMax) {
    const Device device = device_under_test();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const std::vector<double>& values :
         {std::vector<double>{1, nan, 3}, {nan, -1, 2}, {5, 4, nan}, {nan}}) {
        const auto x = gpucc::asarray<double>(values, device);
        EXPECT_TRUE(std::isnan(gpucc::min(x).item()));
        EXPECT_TRUE(std::isnan(gpucc::max(x).item()));
        EXPECT_TRUE(std::isnan(static_cast<float>(gpucc::amax(x.astype<float16>()).item())));
    }
    const auto nanf = static_cast<float>(nan);
    const auto x = gpucc::asarray<float>({3, nanf, 1, 4, -2, 6}, {2, 3}, device);
    const std::vector<float> mins = gpucc::min(x, 1).to_host();
    EXPECT_TRUE(std::isnan(mins[0]));
    EXPECT_EQ(mins[1], -2.0f);
    const std::vector<float> maxs = gpucc::max(x, 0).to_host();
    EXPECT_EQ(maxs[0], 4.0f);
    EXPECT_TRUE(std::isnan(maxs[1]));
    EXPECT_EQ(maxs[2], 6.0f);
}

TEST_F(Reductions, NanIsTrueForAllAnyAndCountNonzero) {
    const Device device = device_under_test();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto x = gpucc::asarray<float>({nan, 0, nan, nan}, {2, 2}, device);
    EXPECT_FALSE(gpucc::all(x).item());
    EXPECT_TRUE(gpucc::any(x).item());
    EXPECT_EQ(gpucc::count_nonzero(x).item(), 3);
    EXPECT_EQ(gpucc::all(x, 1).to_host(), (std::vector<bool>{false, true}));
    EXPECT_EQ(gpucc::any(x.astype<bfloat16>(), 0).to_host(), (std::vector<bool>{true, true}));
    EXPECT_EQ(gpucc::count_nonzero(x.astype<float16>(), 0).to_host(),
              (std::vector<std::int64_t>{2, 1}));
    const auto flags = gpucc::asarray<bool>({true, false, true}, device);
    EXPECT_FALSE(gpucc::all(flags).item());
    EXPECT_TRUE(gpucc::any(flags).item());
    EXPECT_EQ(gpucc::count_nonzero(flags).item(), 2);
}

TEST_F(Reductions, VarAndStdFollowDdof) {
    const Device device = device_under_test();
    const auto x = gpucc::asarray<double>({1, 2, 3, 4}, device);
    EXPECT_DOUBLE_EQ(gpucc::var(x).item(), 1.25);
    EXPECT_DOUBLE_EQ(gpucc::var(x, Axis{}, 1).item(), 5.0 / 3);
    EXPECT_DOUBLE_EQ(gpucc::std(x, 0, 1).item(), std::sqrt(5.0 / 3));
    EXPECT_TRUE(std::isinf(gpucc::var(x, 0, 4).item())); // n - ddof = 0: inf (NumPy warns)
    EXPECT_TRUE(std::isinf(gpucc::var(x, 0, 9).item())); // clamped at 0
    const auto one = gpucc::asarray<double>({7}, device);
    EXPECT_TRUE(std::isnan(gpucc::var(one, 0, 1).item())); // 0 / 0
    const auto ints = gpucc::asarray<std::int32_t>({2, 4, 4, 4, 5, 5, 7, 9}, device);
    EXPECT_DOUBLE_EQ(gpucc::std(ints).item(), 2.0);
    EXPECT_DOUBLE_EQ(gpucc::mean(ints).item(), 5.0);
}

// ---- Typed API and methods ---------------------------------------------------------------------

TEST_F(Reductions, TypedFormsAndMethodsHaveNumPysResultTypes) {
    const Device device = device_under_test();
    const auto bytes = gpucc::asarray<std::int8_t>({1, 2, 3, 4, 5, 6}, {2, 3}, device);
    const Array<std::int64_t> total = gpucc::sum(bytes);
    EXPECT_EQ(total.item(), 21);
    static_assert(std::is_same_v<decltype(bytes.sum()), Array<std::int64_t>>);
    static_assert(std::is_same_v<decltype(bytes.prod(0)), Array<std::int64_t>>);
    static_assert(std::is_same_v<decltype(bytes.mean()), Array<double>>);
    static_assert(std::is_same_v<decltype(bytes.var()), Array<double>>);
    static_assert(std::is_same_v<decltype(bytes.min()), Array<std::int8_t>>);
    static_assert(std::is_same_v<decltype(bytes.all()), Array<bool>>);
    static_assert(std::is_same_v<decltype(gpucc::all(bytes)), Array<bool>>);
    static_assert(std::is_same_v<decltype(gpucc::count_nonzero(bytes)), Array<std::int64_t>>);
    static_assert(std::is_same_v<decltype(gpucc::linalg::norm(bytes)), Array<double>>);
    static_assert(std::is_same_v<decltype(gpucc::sum(std::declval<Array<std::uint16_t>>())),
                                 Array<std::uint64_t>>);
    static_assert(
        std::is_same_v<decltype(gpucc::mean(std::declval<Array<float16>>())), Array<float16>>);
    static_assert(std::is_same_v<decltype(std::declval<Array<bfloat16>>().std()), Array<bfloat16>>);
    static_assert(std::is_same_v<gpucc::sum_result_t<bool>, std::int64_t>);
    static_assert(std::is_same_v<gpucc::mean_result_t<std::uint64_t>, double>);

    EXPECT_EQ(bytes.sum(1).to_host(), (std::vector<std::int64_t>{6, 15}));
    EXPECT_EQ(bytes.sum(Axis{0}, true).shape(), (Shape{1, 3}));
    EXPECT_EQ(bytes.prod(-1).to_host(), (std::vector<std::int64_t>{6, 120}));
    EXPECT_EQ(bytes.min(0).to_host(), (std::vector<std::int8_t>{1, 2, 3}));
    EXPECT_EQ(bytes.max().item(), 6);
    EXPECT_EQ(gpucc::amin(bytes).item(), 1);
    EXPECT_EQ(gpucc::amax(bytes, 1).to_host(), (std::vector<std::int8_t>{3, 6}));
    EXPECT_DOUBLE_EQ(bytes.mean().item(), 3.5);
    EXPECT_DOUBLE_EQ(bytes.var(Axis{}, 1).item(), 3.5);
    EXPECT_DOUBLE_EQ(bytes.std(1).to_host()[0], std::sqrt(2.0 / 3));
    EXPECT_TRUE(bytes.all().item());
    EXPECT_TRUE(bytes.any(0, true).to_host()[2]);
    EXPECT_DOUBLE_EQ(gpucc::linalg::norm(bytes).item(), std::sqrt(91.0));

    // The untyped methods and gpucc::all, which is also the slice `:`.
    const NDArray untyped = bytes;
    EXPECT_EQ(untyped.sum().dtype(), DType::Int64);
    EXPECT_EQ(untyped.mean(1).dtype(), DType::Float64);
    EXPECT_EQ(untyped.max(Axis{}, true).shape(), (Shape{1, 1}));
    EXPECT_EQ(untyped.std(0).shape(), Shape{3});
    EXPECT_EQ(untyped.var(1, 1).shape(), Shape{2});
    EXPECT_EQ(untyped.all(0).dtype(), DType::Bool);
    EXPECT_EQ(untyped.any().shape(), Shape{});
    EXPECT_EQ(untyped.prod().as<std::int64_t>().item(), 720);
    EXPECT_EQ(untyped.min().as<std::int8_t>().item(), 1);
    EXPECT_EQ(gpucc::all(untyped, 1).shape(), Shape{2});
    EXPECT_EQ(bytes(gpucc::all, 1).to_host(), (std::vector<std::int8_t>{2, 5}));
}

// ---- Large arrays ------------------------------------------------------------------------------

TEST_F(Reductions, SumOf4097By4099) {
    const Shape shape{4097, 4099};
    for_each_type(AllTypes{}, [&]<class T>() {
        const std::vector<T> values = make_data<T>(rng_, shape.element_count(), Data::Nonzero);
        const Array<T> x = on_device(values, shape);
        for (const Axes& axes : {kEvery, on({0}), on({1})}) {
            check<Op::Sum, T>(x, values, axes, false, 0);
        }
    });
}

} // namespace
} // namespace stdlib_test
