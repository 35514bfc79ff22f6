// Differential tests of fused functions with several reductions over one axis
// (fusion_persistent.dsl: softmax, log-sum-exp, variance; a launch per call): each
// fused call is compared with the same computation done unfused through the standard library
// (max, sum, mean with keepdims, exp, log, the operators), on random inputs (never zeros) over
// float16, bfloat16, float32, float64 and integer types; row lengths 1, 7, 31, 1024, 5000 and
// 20000; 1-D, 2-D and 3-D arrays; transposed and sliced inputs; a reduced axis that is not the
// last; keepdims; given outputs (contiguous and not); rows holding inf and NaN. The kernels (on
// the GPU a row held in a warp's registers or a block's, by a kernel per row-length class, filled
// exactly or with clamped columns; else read once per pass) are each checked at the row lengths
// around their bounds, with misaligned, strided and reversed rows, inf and NaN
// in held columns, and two held inputs of which one is broadcast. The result types
// must agree exactly (static_assert); values within a tolerance of the result type. One test body,
// two devices: built for the CPU target and for the GPU (label gpu).
#include "fusion_persistent.gpucc.h"
#include "fusion_persistent_check.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using gpucc::Array;

using namespace persistent_check;

using FloatTypes = ::testing::Types<gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionPersistent, FloatTypes);

/// The shapes of the row-length sweep: lengths 1, 7, 31, 1024, 5000 and one past a block's
/// 1024 threads times four elements (20000), under 1, 2 and 3 leading extents.
std::vector<gpucc::Shape> row_shapes() {
    return {{1}, {7}, {3, 31}, {5, 1024}, {2, 3, 5000}, {2, 20000}, {4, 1, 7}, {0, 7}};
}

TYPED_TEST(FusionPersistent, SoftmaxRows) {
    using T = TypeParam;
    for (const gpucc::Shape& shape : row_shapes()) {
        Array<T> x = this->random(shape);
        auto fused = persistent::softmax(x);
        auto unfused = unfused_softmax(x);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "softmax " + shape.to_string());
    }
}

TYPED_TEST(FusionPersistent, LogsumexpRows) {
    using T = TypeParam;
    for (const gpucc::Shape& shape : row_shapes()) {
        Array<T> x = this->random(shape);
        auto fused = persistent::logsumexp(x);
        auto unfused = unfused_logsumexp(x);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "logsumexp " + shape.to_string(), 10);
    }
}

TYPED_TEST(FusionPersistent, VarianceRows) {
    using T = TypeParam;
    for (const gpucc::Shape& shape : row_shapes()) {
        Array<T> x = this->random(shape);
        auto fused = persistent::variance(x);
        auto unfused = unfused_variance(x);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "variance " + shape.to_string(), 30);
    }
}

TYPED_TEST(FusionPersistent, StridedInputsAndOutputs) {
    using T = TypeParam;
    Array<T> base = this->random({40, 33});
    Array<T> transposed = base.transpose(); // rows of stride 33 elements
    expect_matches(persistent::softmax(transposed), unfused_softmax(transposed), "transposed");
    Array<T> sliced = base(gpucc::Slice(1, 39, 3), gpucc::Slice(32, 0, -2));
    expect_matches(persistent::softmax(sliced), unfused_softmax(sliced), "sliced, reversed");
    expect_matches(persistent::variance(sliced), unfused_variance(sliced), "variance sliced", 30);
    // Into given outputs: contiguous, and a transposed view (written through a copy).
    auto out = gpucc::empty<T>({40, 33}, this->device_);
    persistent::softmax(base, out);
    expect_matches(out, unfused_softmax(base), "into a given output");
    auto wide = gpucc::empty<T>({33, 40}, this->device_);
    Array<T> out_view = wide.transpose();
    persistent::softmax(base, out_view);
    expect_matches(out_view, unfused_softmax(base), "into a transposed output");
    auto rows_out = gpucc::empty<T>({40}, this->device_);
    persistent::variance(base, rows_out);
    expect_matches(rows_out, unfused_variance(base), "variance into a given output", 30);
    auto wrong = gpucc::empty<T>({40, 32}, this->device_);
    EXPECT_THROW(persistent::softmax(base, wrong), gpucc::ShapeError);
}

TYPED_TEST(FusionPersistent, OtherAxisAndKeepdims) {
    using T = TypeParam;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        for (const gpucc::Shape& shape : {gpucc::Shape(33, 5), gpucc::Shape(7, 4, 3)}) {
            Array<T> x = this->random(shape);
            expect_matches(persistent::softmax_axis0(x), unfused_softmax(x, 0), "axis 0");
        }
        Array<T> x = this->random({6, 50, 3});
        auto kept = persistent::variance_kept(x);
        EXPECT_EQ(kept.shape(), gpucc::Shape(6, 1, 3));
        expect_matches(kept, unfused_variance(x, 1, true), "keepdims", 30);
        Array<T> flat = this->random({9});
        EXPECT_THROW(persistent::variance_kept(flat), gpucc::IndexError);
    }
}

TYPED_TEST(FusionPersistent, InfAndNanRows) {
    using T = TypeParam;
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<T> values = this->template random_vector<T>(5 * 6, -4, 4);
    values[0 * 6 + 2] = T(inf);  // one +inf: NaN where inf - inf, as NumPy
    values[1 * 6 + 4] = T(-inf); // one -inf: exp gives 0 there
    values[2 * 6 + 1] = T(nan);  // NaN: the whole row NaN
    for (int k = 0; k < 6; ++k) {
        values[3 * 6 + k] = T(-inf); // every element -inf: NaN (-inf - -inf)
    }
    Array<T> x = this->on_device(values, {5, 6});
    expect_matches(persistent::softmax(x), unfused_softmax(x), "softmax with inf and NaN");
    expect_matches(persistent::logsumexp(x), unfused_logsumexp(x), "logsumexp with inf, NaN", 10);
    expect_matches(persistent::variance(x), unfused_variance(x), "variance with inf, NaN", 30);
}

/// The longest row each register kernel holds (compiler/sema/FusePersistent.cpp,
/// persistent_row_variants(): a warp per row with 4, 8, 16, 32 columns per lane, a block of 256
/// threads with 8, 16), for inputs of `bytes` bytes per element in all (at most 128 held bytes
/// per thread).
std::vector<std::int64_t> held_row_bounds(std::size_t bytes) {
    std::vector<std::int64_t> bounds;
    for (auto [group, slots] : {std::pair<std::int64_t, std::int64_t>{32, 4},
                                {32, 8},
                                {32, 16},
                                {32, 32},
                                {256, 8},
                                {256, 16}}) {
        if (slots * static_cast<std::int64_t>(bytes) <= 128) {
            bounds.push_back(group * slots);
        }
    }
    return bounds;
}

/// Row lengths around every bound of the kernels (each register kernel's, which it holds
/// exactly at the bound and with clamped columns below it; the re-reading kernel's launch at
/// 4096 and 16384 elements, 512 and 1024 threads on the GPU) and 20000; 5 rows, so that the
/// last block of four warps has one.
std::vector<std::int64_t> bound_lengths(std::size_t bytes) {
    std::vector<std::int64_t> lengths = {1, 2, 31, 32, 33, 63, 64, 65, 100};
    std::vector<std::int64_t> bounds = held_row_bounds(bytes);
    bounds.push_back(16384);
    for (std::int64_t bound : bounds) {
        lengths.insert(lengths.end(), {bound - 1, bound, bound + 1});
    }
    lengths.push_back(20000);
    return lengths;
}

TYPED_TEST(FusionPersistent, RowLengthsAroundEachBound) {
    using T = TypeParam;
    for (std::int64_t length : bound_lengths(sizeof(T))) {
        const std::string at = " of rows of " + std::to_string(length);
        Array<T> x = this->random({5, length});
        expect_matches(persistent::softmax(x), unfused_softmax(x), "softmax" + at);
        expect_matches(persistent::logsumexp(x), unfused_logsumexp(x), "logsumexp" + at, 10);
        expect_matches(persistent::variance(x), unfused_variance(x), "variance" + at, 30);
        // Into a given output, and into a transposed view (written through a copy).
        auto out = gpucc::empty<T>({5, length}, this->device_);
        persistent::softmax(x, out);
        expect_matches(out, unfused_softmax(x), "softmax into a given output" + at);
        auto wide = gpucc::empty<T>({length, 5}, this->device_);
        Array<T> out_view = wide.transpose();
        persistent::softmax(x, out_view);
        expect_matches(out_view, unfused_softmax(x), "softmax into a transposed output" + at);
    }
}

TYPED_TEST(FusionPersistent, MisalignedAndStridedRowsInRegisters) {
    using T = TypeParam;
    for (std::int64_t length : {5, 33, 1000, 3000}) {
        const std::string at = " of rows of " + std::to_string(length);
        // Contiguous rows that start one element past an aligned address.
        Array<T> flat = this->random({7 * length + 1});
        Array<T> shifted = flat(gpucc::Slice(1, 7 * length + 1)).reshape({7, length});
        expect_matches(persistent::softmax(shifted), unfused_softmax(shifted), "shifted" + at);
        // Rows of a wider matrix from its second column (strided rows), and every other row of
        // a reversed one.
        Array<T> wider = this->random({9, length + 3});
        Array<T> inner = wider(gpucc::Slice(0, 9), gpucc::Slice(1, length + 1));
        expect_matches(persistent::softmax(inner), unfused_softmax(inner), "inner columns" + at);
        expect_matches(persistent::variance(inner), unfused_variance(inner), "variance" + at, 30);
        Array<T> reversed = wider(gpucc::Slice(8, 0, -2), gpucc::Slice(length, 0, -1));
        expect_matches(persistent::logsumexp(reversed), unfused_logsumexp(reversed),
                       "reversed" + at, 10);
    }
}

TYPED_TEST(FusionPersistent, InfAndNanInHeldRows) {
    using T = TypeParam;
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // A warp's row and a block's, with clamped columns (40, 2000) and filled exactly (1024, 4096).
    for (std::int64_t length : {40, 1024, 2000, 4096}) {
        std::vector<T> values = this->template random_vector<T>(4 * length, -4, 4);
        values[static_cast<std::size_t>(length - 1)] = T(inf); // the last column (a held slot)
        values[static_cast<std::size_t>(length + 33)] = T(-inf);
        values[static_cast<std::size_t>(2 * length + length / 2)] = T(nan);
        for (std::int64_t k = 0; k < length; ++k) {
            values[static_cast<std::size_t>(3 * length + k)] = T(-inf);
        }
        Array<T> x = this->on_device(values, {4, length});
        const std::string at = " of rows of " + std::to_string(length);
        expect_matches(persistent::softmax(x), unfused_softmax(x), "softmax, inf and NaN" + at);
        expect_matches(persistent::logsumexp(x), unfused_logsumexp(x), "logsumexp" + at, 10);
        expect_matches(persistent::variance(x), unfused_variance(x), "variance" + at, 30);
    }
}

TYPED_TEST(FusionPersistent, TwoHeldInputsOneBroadcast) {
    using T = TypeParam;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        std::vector<std::int64_t> lengths = {17};
        for (std::int64_t bound : held_row_bounds(2 * sizeof(T))) {
            lengths.insert(lengths.end(), {bound - 3, bound, bound + 1});
        }
        for (std::int64_t length : lengths) {
            Array<T> x = this->random({6, length});
            Array<T> w = this->random({length}, 0.25, 1.5); // broadcast along the rows
            auto y = x * w;
            expect_matches(persistent::scaled_softmax(x, w), unfused_softmax(y),
                           "scaled softmax of rows of " + std::to_string(length));
        }
    }
}

TEST(FusionPersistentErrors, EmptyRowOfMax) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    auto x = gpucc::empty<float>({3, 0}, gpucc_test::device_under_test());
    EXPECT_THROW(persistent::softmax(x), gpucc::ValueError);
    auto v = persistent::variance(x); // mean of nothing: NaN, as NumPy (with a warning there)
    std::vector<float> got = v.to_host();
    ASSERT_EQ(got.size(), 3u);
    EXPECT_TRUE(std::isnan(got[0]));
}

template <class T>
class FusionPersistentIntegers : public FusionPersistent<T> {};
using IntegerTypes = ::testing::Types<std::int8_t, std::int32_t, std::uint16_t, std::int64_t>;
TYPED_TEST_SUITE(FusionPersistentIntegers, IntegerTypes);

// Integers: softmax and log-sum-exp compute in the float NumPy picks (int8: float16, int32 and
// int64: float64), the variance's mean in float64.
TYPED_TEST(FusionPersistentIntegers, AgainstTheStandardLibrary) {
    using T = TypeParam;
    double low = std::is_unsigned_v<T> ? 1 : -9;
    for (const gpucc::Shape& shape : {gpucc::Shape(3, 31), gpucc::Shape(2, 1500)}) {
        Array<T> x = this->random(shape, low, 9);
        auto soft = persistent::softmax(x);
        auto unfused = unfused_softmax(x);
        static_assert(std::is_same_v<decltype(soft), decltype(unfused)>);
        expect_matches(soft, unfused, "softmax");
        auto lse = persistent::logsumexp(x);
        static_assert(std::is_same_v<decltype(lse), decltype(unfused_logsumexp(x))>);
        expect_matches(lse, unfused_logsumexp(x), "logsumexp", 10);
        auto var = persistent::variance(x);
        static_assert(std::is_same_v<decltype(var), decltype(unfused_variance(x))>);
        expect_matches(var, unfused_variance(x), "variance", 30);
    }
}

} // namespace
