// The arguments a fused function with several reductions over one axis takes besides typed
// gpucc::Arrays (fusion_persistent.dsl): NDArrays of every type the definition compiles (the
// instance chosen from the dtype at run time, the result an NDArray of NumPy's type), a C++ scalar
// or a 0-d array for a parameter (broadcast, converted to the placeholder's type the arrays bind),
// Arrays and NDArrays mixed (the result typed where an Array binds the placeholder), given NDArray
// outputs, strided NDArrays, and the errors: an NDArray of the wrong dtype (TypeError naming the
// argument, the expected and the actual type), one whose dtype the function was not compiled for
// (TypeError naming the argument and the types), an output of the wrong dtype or shape; outputs
// overlapping inputs (the overlap rule of elementwise kernels). Each
// result is compared with the same computation done unfused through the standard library on
// random inputs. One test body, two devices: built for the CPU target and for the GPU (label gpu).
#include "fusion_persistent.gpucc.h"
#include "fusion_persistent_check.h"

#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <type_traits>

namespace {

using gpucc::Array;
using gpucc::NDArray;
using namespace persistent_check;

/// `call` throws E whose message contains `text`.
template <class E, class F>
void expect_error(F&& call, const std::string& text) {
    try {
        call();
        ADD_FAILURE() << "no exception; expected one saying: " << text;
    } catch (const E& error) {
        EXPECT_NE(std::string(error.what()).find(text), std::string::npos) << error.what();
    }
}

/// An untyped result compared with the typed reference: the same dtype (Array's constructor
/// checks it) and the values within the reference type's tolerance.
template <class R>
void expect_ndarray_matches(const NDArray& got, const Array<R>& want, const std::string& what,
                            double scale = 1) {
    ASSERT_EQ(got.dtype(), gpucc::dtype_of<R>()) << what;
    expect_matches(Array<R>(got), want, what, scale);
}

template <class T>
class FusionPersistentNDArray : public FusionPersistent<T> {};
using EveryType = ::testing::Types<std::int8_t, std::int16_t, std::int32_t, std::int64_t,
                                   std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t,
                                   gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionPersistentNDArray, EveryType);

// NDArray inputs of every type the implicit placeholder compiles: the instance is chosen from the
// dtype at run time and the result is an NDArray of NumPy's result type (integers: softmax in the
// float NumPy picks, the variance in float64); contiguous, transposed and into a given NDArray.
TYPED_TEST(FusionPersistentNDArray, EveryTypeAgainstTheStandardLibrary) {
    using T = TypeParam;
    const bool integer = std::is_integral_v<T>;
    const double low = std::is_unsigned_v<T> ? 1 : integer ? -9 : -8;
    const double high = integer ? 9 : 8;
    for (const gpucc::Shape& shape :
         {gpucc::Shape(3, 31), gpucc::Shape(4, 700), gpucc::Shape(2, 3, 50)}) {
        Array<T> x = this->random(shape, low, high);
        const NDArray untyped = x;
        const std::string at = " " + shape.to_string();
        auto soft = persistent::softmax(untyped);
        static_assert(std::is_same_v<decltype(soft), NDArray>);
        auto want_soft = unfused_softmax(x);
        expect_ndarray_matches(soft, want_soft, "softmax" + at);
        expect_ndarray_matches(persistent::logsumexp(untyped), unfused_logsumexp(x),
                               "logsumexp" + at, 10);
        auto want_var = unfused_variance(x);
        expect_ndarray_matches(persistent::variance(untyped), want_var, "variance" + at, 30);
        // Into given NDArrays.
        using R = typename decltype(want_soft)::value_type;
        NDArray out = gpucc::empty(shape, gpucc::dtype_of<R>(), this->device_);
        persistent::softmax(untyped, out);
        expect_ndarray_matches(out, want_soft, "softmax into a given NDArray" + at);
        using V = typename decltype(want_var)::value_type;
        NDArray rows_out = gpucc::empty(want_var.shape(), gpucc::dtype_of<V>(), this->device_);
        persistent::variance(untyped, rows_out);
        expect_ndarray_matches(rows_out, want_var, "variance into a given NDArray" + at, 30);
    }
    // A strided NDArray: rows of stride 33 elements.
    Array<T> base = this->random({40, 33}, low, high);
    Array<T> transposed = base.transpose();
    expect_ndarray_matches(persistent::softmax(NDArray(transposed)), unfused_softmax(transposed),
                           "softmax of a transposed NDArray");
}

template <class T>
class FusionPersistentScalars : public FusionPersistent<T> {};
using Float32And64 = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FusionPersistentScalars, Float32And64);

// scaled_softmax<T: float32 | float64>(T x, T w): w a C++ scalar (a double, an int: converted to
// T), a 0-d array, an NDArray broadcast along the rows; x an NDArray with w a scalar or an Array.
TYPED_TEST(FusionPersistentScalars, ScalarsZeroDimensionalAndMixedArguments) {
    using T = TypeParam;
    Array<T> x = this->random({6, 300});
    Array<T> w0 = this->on_device(std::vector<T>{T(0.75)}, gpucc::Shape());
    auto want = unfused_softmax(Array<T>(x * w0));
    auto from_double = persistent::scaled_softmax(x, 0.75);
    static_assert(std::is_same_v<decltype(from_double), Array<T>>);
    expect_matches(from_double, want, "w a C++ double");
    expect_matches(persistent::scaled_softmax(x, w0), want, "w a 0-d array");
    expect_matches(persistent::scaled_softmax(0.75, x), want, "x a C++ double, w the array");
    Array<T> w2 = this->on_device(std::vector<T>{T(2)}, gpucc::Shape());
    expect_matches(persistent::scaled_softmax(x, 2), unfused_softmax(Array<T>(x * w2)),
                   "w a C++ int");
    // x an NDArray: the instance from its dtype at run time, the result an NDArray.
    auto untyped = persistent::scaled_softmax(NDArray(x), 0.75);
    static_assert(std::is_same_v<decltype(untyped), NDArray>);
    expect_ndarray_matches(untyped, want, "x an NDArray, w a C++ double");
    // Arrays and NDArrays mixed: the Array binds T, so the result is typed.
    Array<T> w = this->random({1, 300}, 0.25, 2);
    auto want_w = unfused_softmax(Array<T>(x * w));
    auto mixed = persistent::scaled_softmax(x, NDArray(w));
    static_assert(std::is_same_v<decltype(mixed), Array<T>>);
    expect_matches(mixed, want_w, "x an Array, w a broadcast NDArray");
    auto mixed_other = persistent::scaled_softmax(NDArray(x), w);
    static_assert(std::is_same_v<decltype(mixed_other), Array<T>>);
    expect_matches(mixed_other, want_w, "x an NDArray, w an Array");
    // Into a given NDArray and a given Array, from NDArrays only.
    NDArray out = gpucc::empty({6, 300}, gpucc::dtype_of<T>(), this->device_);
    persistent::scaled_softmax(NDArray(x), NDArray(w), out);
    expect_ndarray_matches(out, want_w, "NDArrays into a given NDArray");
    Array<T> typed_out = gpucc::empty<T>({6, 300}, this->device_);
    persistent::scaled_softmax(NDArray(x), 0.75, typed_out);
    expect_matches(typed_out, want, "an NDArray and a scalar into a given Array");
}

// The overlap rule: an output that is exactly an input (same address and strides) is written in
// place; one overlapping an input otherwise (another row, a reduced result inside the rows) gets
// the result computed from the input as it was, as if it were read through a copy.
TYPED_TEST(FusionPersistentScalars, OutputsOverlappingInputs) {
    using T = TypeParam;
    Array<T> base = this->random({41, 33});
    Array<T> x = base(gpucc::Slice(0, 40), gpucc::Slice()).copy();
    auto want = unfused_softmax(x);
    persistent::softmax(x, x);
    expect_matches(x, want, "in place");
    Array<T> rows = base(gpucc::Slice(0, 40), gpucc::Slice());
    Array<T> shifted = base(gpucc::Slice(1, 41), gpucc::Slice());
    auto want_shifted = unfused_softmax(rows);
    persistent::softmax(rows, shifted);
    expect_matches(shifted, want_shifted, "into the rows shifted by one");
    Array<T> again = this->random({40, 33});
    auto want_var = unfused_variance(again);
    Array<T> first_rows = again.reshape({40 * 33})(gpucc::Slice(0, 40));
    persistent::variance(NDArray(again), NDArray(first_rows));
    expect_matches(first_rows, want_var, "variance into the first row", 30);
    Array<T> w = this->random({40, 33}, 0.25, 2);
    Array<T> y = this->random({40, 33});
    auto want_w = unfused_softmax(Array<T>(y * w));
    Array<T> w_reversed = w(gpucc::Slice(gpucc::none, gpucc::none, -1), gpucc::Slice());
    persistent::scaled_softmax(y, w, w_reversed);
    expect_matches(w_reversed, want_w, "into an input reversed");
}

TEST(FusionPersistentArgumentErrors, WrongTypesAndShapes) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    Array<float> x = gpucc::asarray<float>({0.5f, -1.0f, 2.0f, 3.5f, -0.25f, 1.5f}, {2, 3}, device);
    Array<double> x64 = x.astype<double>();
    const NDArray flags = x.astype<bool>();
    const NDArray ints = gpucc::asarray<std::int32_t>({3, -2, 7}, {3}, device);
    // An NDArray whose dtype is not the one an Array bound (typed) or the parameter's.
    expect_error<gpucc::TypeError>(
        [&] { persistent::scaled_softmax(x, NDArray(x64)); },
        "scaled_softmax: argument 'w' must be an array of float32, got an array of float64");
    // A dtype the placeholder was not compiled for.
    expect_error<gpucc::TypeError>([&] { persistent::softmax(flags); },
                                   "softmax: T = bool (from argument 'x') is not one of the "
                                   "types it was compiled for");
    expect_error<gpucc::TypeError>([&] { persistent::softmax_axis0(ints); },
                                   "softmax_axis0: T = int32 (from argument 'x') is not one of "
                                   "the types it was compiled for: float32, float64");
    expect_error<gpucc::TypeError>([&] { persistent::scaled_softmax(0.5, ints); },
                                   "scaled_softmax: T = int32 (from argument 'w') is not one of "
                                   "the types it was compiled for: float32, float64");
    // A given NDArray output of the wrong dtype or shape.
    NDArray out64 = gpucc::empty({2, 3}, gpucc::DType::Float64, device);
    expect_error<gpucc::TypeError>(
        [&] { persistent::softmax(x, out64); },
        "softmax: argument 'out' must be an array of float32, got an array of float64");
    expect_error<gpucc::TypeError>(
        [&] { persistent::softmax(NDArray(x), out64); },
        "softmax: argument 'out' must be an array of float32, got an array of float64");
    NDArray wrong_shape = gpucc::empty({3, 2}, gpucc::DType::Float32, device);
    EXPECT_THROW(persistent::softmax(NDArray(x), wrong_shape), gpucc::ShapeError);
    // Shapes that do not broadcast, with a scalar among the arguments.
    Array<float> w = gpucc::asarray<float>({1.0f, 2.0f}, {2}, device);
    EXPECT_THROW(persistent::scaled_softmax(NDArray(x), w), gpucc::ShapeError);
}

} // namespace
