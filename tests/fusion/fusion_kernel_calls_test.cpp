// Differential tests of fused functions that call the module's own elementwise kernels
// (fusion_kernel_calls.dsl): each fused call is compared with the kernel called unfused through
// its generated function, then the standard library's ufuncs and reductions, on random inputs over
// every type the definition compiles for, with broadcast, transposed and sliced inputs, every
// axis, keepdims and given outputs. The result types must agree exactly (a static_assert per
// call); the values within a tolerance of the result type (integers exactly, int8 wrapping in the
// kernel as in its own call). One test body, two devices: built for the CPU target and for the
// GPU (label gpu).
#include "fusion_kernel_calls.gpucc.h"
#include "fusion_reduction_check.h"

#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using gpucc::Array;

using fusion_check::expect_matches;
using fusion_check::tolerance;

template <class T>
class FusionKernelCalls : public fusion_check::RandomArrays<T> {};

using AllTypes = ::testing::Types<std::int8_t, std::int32_t, std::int64_t, std::uint8_t,
                                  std::uint16_t, gpucc::float16, gpucc::bfloat16, float, double>;
TYPED_TEST_SUITE(FusionKernelCalls, AllTypes);

// fuse root_sq_diff(a, b) = sqrt(sq_diff(a, b) + 1);
TYPED_TEST(FusionKernelCalls, KernelInElementwiseChain) {
    using T = TypeParam;
    const std::vector<gpucc::Shape> shapes = {{0}, {1}, {7}, {1031}, {33, 65}};
    for (const gpucc::Shape& shape : shapes) {
        Array<T> a = this->random(shape, this->low(), this->high());
        Array<T> b = this->random(shape, this->low(), this->high());
        auto fused = fzk::root_sq_diff(a, b);
        auto unfused = gpucc::sqrt(fzk::sq_diff(a, b) + 1);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>,
                      "the fused result type is NumPy's around the kernel's output type");
        expect_matches(fused, unfused, "root_sq_diff");
    }
    Array<T> a = this->random({33, 65}, this->low(), this->high());
    Array<T> row = this->random({65}, this->low(), this->high());
    Array<T> column = this->random({33, 1}, this->low(), this->high());
    expect_matches(fzk::root_sq_diff(a, row), gpucc::sqrt(fzk::sq_diff(a, row) + 1),
                   "broadcast row");
    expect_matches(fzk::root_sq_diff(column, a), gpucc::sqrt(fzk::sq_diff(column, a) + 1),
                   "broadcast column first");
    Array<T> other = this->random({65, 33}, this->low(), this->high());
    Array<T> transposed = other.transpose();
    expect_matches(fzk::root_sq_diff(a, transposed), gpucc::sqrt(fzk::sq_diff(a, transposed) + 1),
                   "transposed");
    Array<T> sliced = a(gpucc::Slice(1, 30, 2), gpucc::Slice(0, 64, 3));
    Array<T> sliced_other = transposed(gpucc::Slice(2, 31, 2), gpucc::Slice(1, 65, 3));
    expect_matches(fzk::root_sq_diff(sliced, sliced_other),
                   gpucc::sqrt(fzk::sq_diff(sliced, sliced_other) + 1), "sliced");
    auto out = gpucc::empty<typename decltype(fzk::root_sq_diff(a, a))::value_type>({33, 65},
                                                                                    this->device_);
    fzk::root_sq_diff(a, transposed, out);
    expect_matches(out, gpucc::sqrt(fzk::sq_diff(a, transposed) + 1), "into a given output");
}

// fuse sum_sq_diff(a, b) = sum(sq_diff(a, b), axis = -1); and axis 0 with keepdims.
TYPED_TEST(FusionKernelCalls, KernelInReductionOperand) {
    using T = TypeParam;
    double scale = this->high() * this->high() * 4 * 65;
    const std::vector<gpucc::Shape> shapes = {{7}, {1031}, {33, 65}, {4, 0}, {0, 5}, {3, 4, 5}};
    for (const gpucc::Shape& shape : shapes) {
        Array<T> a = this->random(shape, this->low(), this->high());
        Array<T> b = this->random(shape, this->low(), this->high());
        auto fused = fzk::sum_sq_diff(a, b);
        auto unfused = gpucc::sum(fzk::sq_diff(a, b), -1);
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>,
                      "the fused result type is NumPy's");
        expect_matches(fused, unfused, "sum_sq_diff", scale);
        expect_matches(fzk::sum_sq_diff_axis0(a, b), gpucc::sum(fzk::sq_diff(a, b), 0, true),
                       "sum axis 0 keepdims", scale);
    }
    Array<T> a = this->random({33, 65}, this->low(), this->high());
    Array<T> row = this->random({65}, this->low(), this->high());
    expect_matches(fzk::sum_sq_diff(a, row), gpucc::sum(fzk::sq_diff(a, row), -1), "broadcast row",
                   scale);
    Array<T> other = this->random({65, 33}, this->low(), this->high());
    Array<T> transposed = other.transpose();
    expect_matches(fzk::sum_sq_diff(transposed, a), gpucc::sum(fzk::sq_diff(transposed, a), -1),
                   "transposed", scale);
    expect_matches(fzk::sum_sq_diff_axis0(a, transposed),
                   gpucc::sum(fzk::sq_diff(a, transposed), 0, true), "transposed axis 0", scale);
}

// fuse horner_of_binding(x) { acc = x * 0.5; return horner(acc) - acc; }: the kernel's local
// `acc` and the fused body's; integers become float64 by `* 0.5`, which binds horner's T
// (float16 and bfloat16 stay 16-bit, which horner does not list: no instance).
TYPED_TEST(FusionKernelCalls, KernelLocalsRenamed) {
    using T = TypeParam;
    if constexpr (std::is_same_v<T, gpucc::float16> || std::is_same_v<T, gpucc::bfloat16>) {
        // x * 0.5 stays float16 (bfloat16), which horner does not list: no instance (the header's
        // static_assert would refuse the call).
        GTEST_SKIP() << "horner_of_binding has no 16-bit float instance";
    } else {
        const std::vector<gpucc::Shape> shapes = {{0}, {1}, {7}, {1031}, {33, 65}};
        for (const gpucc::Shape& shape : shapes) {
            // Positive values: no cancellation, so a contracted multiply-add changes little.
            Array<T> x = this->random(shape, 1, 6);
            auto fused = fzk::horner_of_binding(x);
            auto acc = x * 0.5;
            auto unfused = fzk::horner(acc) - acc;
            static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
            expect_matches(fused, unfused, "horner_of_binding");
        }
    }
}

template <class T>
class FusionKernelCallsFloat : public FusionKernelCalls<T> {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FusionKernelCallsFloat, FloatTypes);

// fuse affine_twice(x) = affine(x, 3, 0.25) * 2;: the literal 3 takes T, 0.25 the fixed float64.
TYPED_TEST(FusionKernelCallsFloat, LiteralArguments) {
    using T = TypeParam;
    Array<T> x = this->random({1031}, -100, 100);
    auto fused = fzk::affine_twice(x);
    auto unfused = fzk::affine(x, T(3), 0.25) * 2;
    static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
    expect_matches(fused, unfused, "affine_twice");
    Array<T> other = this->random({40, 30}, -100, 100);
    Array<T> transposed = other.transpose();
    expect_matches(fzk::affine_twice(transposed), fzk::affine(transposed, T(3), 0.25) * 2,
                   "transposed");
}

// fuse row_soft_norm(x) = soft_sqrt(sum(square(x), axis = 1));: the kernel after the reduction.
TYPED_TEST(FusionKernelCallsFloat, KernelAfterReduction) {
    using T = TypeParam;
    for (const gpucc::Shape& shape : std::vector<gpucc::Shape>{{5, 7}, {33, 1031}, {4, 0}}) {
        Array<T> x = this->random(shape, -10, 10);
        auto fused = fzk::row_soft_norm(x);
        auto unfused = fzk::soft_sqrt(gpucc::sum(x * x, 1));
        static_assert(std::is_same_v<decltype(fused), decltype(unfused)>);
        expect_matches(fused, unfused, "row_soft_norm", 100.0 * 1031);
    }
    Array<T> other = this->random({30, 40}, -10, 10);
    Array<T> transposed = other.transpose();
    expect_matches(fzk::row_soft_norm(transposed),
                   fzk::soft_sqrt(gpucc::sum(transposed * transposed, 1)), "transposed",
                   100.0 * 40);
}

} // namespace
