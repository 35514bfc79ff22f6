// argmin and argmax (gpucc/stdlib/reduction.h) against a reference written here: a scan in C order
// that keeps the first smallest (largest) element, or the first NaN when there is one, as NumPy
// does. Inputs come from a narrow range so that ties are everywhere and "first" is tested at every
// size: every dtype, full and along every axis (negative spellings too) of 1-d to 3-d arrays,
// keepdims, sizes 1, 31, 33 and 2^20 + 1 and a 4097 x 4099 array along both axes, transposed,
// negatively sliced and broadcast views, NaN and infinities, given outputs, and the errors NumPy
// raises (an empty sequence, several axes, a bad axis or output).
#include "stdlib_test_support.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stdlib_test {
namespace {

using gpucc::Axis;
using gpucc::Shape;
using gpucc::Slice;

/// a < b in T's own arithmetic (exact for 64-bit integers); false when either is NaN.
template <class T>
bool less(T a, T b) {
    if constexpr (kIsHalf<T>) {
        return static_cast<float>(a) < static_cast<float>(b);
    } else {
        return a < b;
    }
}

/// NumPy's argmin (is_max false) or argmax of `values` (C order, of `shape`) along `axis`, or of
/// the flattened array when there is none; the result in C order of the kept axes.
template <class T>
std::vector<std::int64_t> reference(const std::vector<T>& values, const Shape& shape,
                                    std::optional<int> axis, bool is_max) {
    std::int64_t outer = 1;
    std::int64_t n = shape.element_count();
    std::int64_t inner = 1;
    if (axis) {
        const int k = *axis < 0 ? *axis + shape.ndim() : *axis;
        n = shape[k];
        for (int d = 0; d < shape.ndim(); ++d) {
            (d < k ? outer : inner) *= d == k ? 1 : shape[d];
        }
    }
    std::vector<std::int64_t> result;
    for (std::int64_t o = 0; o < outer; ++o) {
        for (std::int64_t i = 0; i < inner; ++i) {
            auto at = [&](std::int64_t j) {
                return values[static_cast<std::size_t>((o * n + j) * inner + i)];
            };
            std::int64_t best = 0;
            for (std::int64_t j = 0; j < n; ++j) {
                if (is_nan(at(j))) {
                    best = j;
                    break;
                }
                if (is_max ? less(at(best), at(j)) : less(at(j), at(best))) {
                    best = j;
                }
            }
            result.push_back(best);
        }
    }
    return result;
}

class ArgReductions : public ::testing::Test {
protected:
    void SetUp() override { STDLIB_SKIP_WITHOUT_DEVICE(); }

    /// Values in a narrow range (many ties), with NaN, infinities and extremes when `specials`.
    template <class T>
    std::vector<T> data(std::int64_t n, bool specials) {
        return random_values<T>(rng_, n, 3, specials);
    }

    template <class T>
    Array<T> on_device(const std::vector<T>& values, const Shape& shape) {
        return to_device(values).reshape(shape);
    }

    /// Checks argmin and argmax of `x` (whose C-order elements are `values`) along `axis`.
    template <class T>
    void check(const Array<T>& x, const std::vector<T>& values, std::optional<int> axis,
               bool keepdims) {
        for (bool is_max : {false, true}) {
            const Axis spelled = axis ? Axis{*axis} : Axis{};
            const Array<std::int64_t> got =
                is_max ? gpucc::argmax(x, spelled, keepdims) : gpucc::argmin(x, spelled, keepdims);
            Shape want_shape;
            for (int d = 0; d < x.ndim(); ++d) {
                const bool reduced = !axis || d == (*axis < 0 ? *axis + x.ndim() : *axis);
                if (!reduced) {
                    want_shape.push_back(x.shape()[d]);
                } else if (keepdims) {
                    want_shape.push_back(1);
                }
            }
            const std::string what = std::string(is_max ? "argmax" : "argmin") + " of " +
                                     type_name<T>() + " " + x.shape().to_string() + " axis " +
                                     (axis ? std::to_string(*axis) : "None") +
                                     (keepdims ? " keepdims" : "");
            EXPECT_EQ(got.shape(), want_shape) << what;
            EXPECT_TRUE(same_values(got.to_host(), reference(values, x.shape(), axis, is_max)))
                << what;
        }
    }

    /// Every axis spelling of `shape`, with and without keepdims, for every dtype.
    void sweep(const Shape& shape, bool specials) {
        for_each_type(AllTypes{}, [&]<class T>() {
            const std::vector<T> values = data<T>(shape.element_count(), specials);
            const Array<T> x = on_device(values, shape);
            for (bool keepdims : {false, true}) {
                check(x, values, std::nullopt, keepdims);
                for (int axis = -shape.ndim(); axis < shape.ndim(); ++axis) {
                    check(x, values, axis, keepdims);
                }
            }
        });
    }

    std::mt19937_64 rng_{20261122};
};

TEST_F(ArgReductions, EveryAxisOfEveryDtype) {
    sweep(Shape{5, 6, 7}, false);
    sweep(Shape{3, 33, 31}, false);
    sweep(Shape{33}, false);
    sweep(Shape{}, false);
}

TEST_F(ArgReductions, NanComesFirstAndInfinitiesCount) {
    sweep(Shape{4, 9, 33}, true);
    sweep(Shape{101}, true);
}

TEST_F(ArgReductions, SizesAroundVectorWidthsAndLarge) {
    for (std::int64_t n : {1, 31, 33, (1 << 20) + 1}) {
        for_each_type(TypeList<bool, std::int8_t, std::uint64_t, float16, float, double>{},
                      [&]<class T>() {
                          const std::vector<T> values = data<T>(n, true);
                          check(on_device(values, Shape{n}), values, std::nullopt, false);
                      });
    }
    // A unique extreme far from the start: the answer is that one position.
    std::vector<float> values = data<float>((1 << 20) + 1, false);
    values[777777] = 100;
    values[777779] = -100;
    const Array<float> x = on_device(values, Shape{(1 << 20) + 1});
    EXPECT_EQ(gpucc::argmax(x).item(), 777777);
    EXPECT_EQ(gpucc::argmin(x).item(), 777779);
}

TEST_F(ArgReductions, Of4097By4099AlongEachAxis) {
    for_each_type(TypeList<std::int32_t, float>{}, [&]<class T>() {
        const Shape shape{4097, 4099};
        const std::vector<T> values = data<T>(shape.element_count(), true);
        const Array<T> x = on_device(values, shape);
        check(x, values, 0, false);
        check(x, values, 1, false);
        check(x, values, std::nullopt, false);
    });
}

TEST_F(ArgReductions, TransposedSlicedAndBroadcastViews) {
    for_each_type(AllTypes{}, [&]<class T>() {
        const Array<T> base = on_device(data<T>(6 * 8 * 10, true), Shape{6, 8, 10});
        const std::vector<T> row = data<T>(8, false);
        const Array<T> views[] = {
            base.transpose({2, 0, 1}),
            base(Slice(gpucc::none, gpucc::none, -1), Slice(1, gpucc::none, 2),
                 Slice(gpucc::none, gpucc::none, -3)),
            on_device(row, Shape{1, 8, 1}).broadcast_to(Shape{6, 8, 10}),
            on_device(row, Shape{8}).broadcast_to(Shape{3, 5, 8}),
        };
        for (const Array<T>& view : views) {
            const std::vector<T> values = view.to_host();
            for (std::optional<int> axis : {std::optional<int>{}, std::optional<int>{0},
                                            std::optional<int>{1}, std::optional<int>{-1}}) {
                check(view, values, axis, false);
                check(view, values, axis, true);
            }
        }
    });
}

TEST_F(ArgReductions, IntoGivenOutputsTypedFormsAndMethods) {
    const std::vector<float> values = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 9};
    const Array<float> x = on_device(values, Shape{3, 4});
    const NDArray out = gpucc::empty({3}, DType::Int64, device_under_test());
    gpucc::argmax(x.ndarray(), out, 1);
    EXPECT_EQ(out.as<std::int64_t>().to_host(), (std::vector<std::int64_t>{2, 1, 3}));
    const Array<std::int64_t> strided = gpucc::empty<std::int64_t>({8}, device_under_test());
    gpucc::argmin(x.ndarray(), strided(Slice(gpucc::none, gpucc::none, 2)).ndarray(), 0);
    const std::vector<std::int64_t> every = strided.to_host();
    EXPECT_EQ((std::vector<std::int64_t>{every[0], every[2], every[4], every[6]}),
              (std::vector<std::int64_t>{0, 0, 1, 0}));
    EXPECT_EQ(x.argmax().item(), 5);
    EXPECT_EQ(x.argmin().item(), 1);
    EXPECT_EQ(x.ndarray().argmax(Axis{0}).as<std::int64_t>().to_host(),
              (std::vector<std::int64_t>{1, 1, 2, 2}));
    EXPECT_EQ(x.argmax(Axis{-1}, true).shape(), (Shape{3, 1}));
}

TEST_F(ArgReductions, BadCallsSayWhatIsWrong) {
    const Device device = device_under_test();
    const Array<float> x = on_device(data<float>(12, false), Shape{3, 4});
    auto expect_message = [](auto call, const std::string& part) {
        try {
            call();
            ADD_FAILURE() << "no exception; expected one saying '" << part << "'";
        } catch (const gpucc::Error& error) {
            EXPECT_NE(std::string(error.what()).find(part), std::string::npos) << error.what();
        }
    };
    expect_message([&] { gpucc::argmax(x, Axis{0, 1}); }, "argmax: 'axis' must be one axis");
    expect_message([&] { gpucc::argmin(x, Axis{2}); }, "argmin");
    expect_message([&] { gpucc::argmax(gpucc::zeros({0}, DType::Float32, device)); },
                   "attempt to get argmax of an empty sequence");
    expect_message([&] { gpucc::argmin(gpucc::zeros({3, 0}, DType::Int8, device), 1); },
                   "attempt to get argmin of an empty sequence");
    expect_message([&] { gpucc::argmax(x.ndarray(), gpucc::empty({3}, DType::Int32, device), 1); },
                   "expected int64");
    expect_message([&] { gpucc::argmax(x.ndarray(), gpucc::empty({4}, DType::Int64, device), 1); },
                   "expected (3,)");
    // An empty result along a non-empty axis is no error (np.zeros((0, 3)).argmax(axis=1) is []).
    EXPECT_EQ(gpucc::argmax(gpucc::zeros({0, 3}, DType::Float32, device), 1).shape(), (Shape{0}));
}

} // namespace
} // namespace stdlib_test
