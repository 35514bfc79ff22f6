// ReductionLaunch on the CPU with reduction kernels written here by hand against the host ABI
// (the compiler's KernelAbi.h, "Reduction kernels"): argument slots, the plan read as generated
// code reads it (positions decomposed innermost first with the 32-bit divisors, offsets from the
// strides), partial/combine/finish. Results are compared with a naive reduction over random
// inputs for every axis combination, views, broadcasting, given outputs, keepdims and empty
// reductions, and every error is checked with its message.
#include "gpucc/generated_support.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <limits>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Axis;
using gpucc::Device;
using gpucc::none;
using gpucc::Shape;
using gpucc::Slice;
using gpucc::detail::ModuleImage;
using gpucc::detail::ReductionKernelRef;
using gpucc::detail::ReductionLaunch;
using testing::HasSubstr;
namespace plan_words = gpucc::detail;

constexpr int D = gpucc::detail::kReduceDims;

// ---------------------------------------------------------------------------------------------
// The kernels, as gpucc's host target generates them.

/// Anything a kernel saw that the ABI rules out; every test expects none.
std::atomic<int> g_abi_violations{0};
/// Threads that ran a partial, while g_record_threads is set.
std::atomic<bool> g_record_threads{false};
std::mutex g_threads_mutex;
std::set<std::thread::id> g_threads;

template <class T>
T slot(void** args, int index) {
    return *static_cast<T*>(args[index]);
}

std::uint32_t divide32(std::uint32_t x, std::int64_t word) {
    const auto magic = static_cast<std::uint32_t>(word & 0xffffffff);
    const auto shift = static_cast<std::uint32_t>(word >> 32);
    const auto high = static_cast<std::uint32_t>((std::uint64_t{x} * magic) >> 32);
    return (high + x) >> shift;
}

/// The plan as generated code reads it.
struct PlanReader {
    const std::int64_t* w;
    int inputs;
    int outputs;

    PlanReader(void** args, int plan_slot, int array_inputs, int array_outputs)
        : w(static_cast<const std::int64_t*>(args[plan_slot])), inputs(array_inputs),
          outputs(array_outputs) {
        // On the host the partials and semaphores are null.
        if (slot<void*>(args, plan_slot + 1) != nullptr ||
            slot<void*>(args, plan_slot + 2) != nullptr) {
            g_abi_violations.fetch_add(1);
        }
    }
    std::int64_t m() const { return w[plan_words::kReducePlanOutputs]; }
    std::int64_t k() const { return w[plan_words::kReducePlanReduced]; }
    bool index32() const {
        return (w[plan_words::kReducePlanFlags] & plan_words::kReduceIndex32) != 0;
    }

    std::int64_t offset(std::int64_t position, std::int64_t ndim, int extent_word,
                        int stride_word) const {
        std::int64_t result = 0;
        for (int k = 0; k < ndim; ++k) {
            const std::int64_t extent = w[extent_word + k];
            const std::int64_t quotient =
                index32() ? divide32(static_cast<std::uint32_t>(position), w[extent_word + D + k])
                          : position / extent;
            result += (position - quotient * extent) * w[stride_word + k];
            position = quotient;
        }
        if (position != 0) {
            g_abi_violations.fetch_add(1); // a position past the extents
        }
        return result;
    }
    /// Element offset of array operand `operand` (inputs, then outputs) at output o.
    std::int64_t outer(int operand, std::int64_t o) const {
        return offset(o, w[plan_words::kReducePlanOuterNdim], plan_words::kReducePlanOuterExtent,
                      plan_words::kReducePlanOuterStride + operand * D);
    }
    /// Element offset of array input `input` at reduced position r.
    std::int64_t reduced(int input, std::int64_t r) const {
        const int base = plan_words::reduce_plan_reduce_word(inputs, outputs);
        return offset(r, w[plan_words::kReducePlanReduceNdim], base, base + 2 * D + input * D);
    }
    void check_range(std::int64_t o, std::int64_t begin, std::int64_t end) const {
        if (o < 0 || o >= m() || begin < 0 || begin >= end || end > k()) {
            g_abi_violations.fetch_add(1);
        }
    }
};

void record_thread() {
    if (g_record_threads.load(std::memory_order_relaxed)) {
        const std::lock_guard<std::mutex> lock(g_threads_mutex);
        g_threads.insert(std::this_thread::get_id());
    }
}

// sum<T>(T x) -> (T y), identity 0.   slots: 0 x, 1 y, 2 plan, 3 partials, 4 semaphores
template <class T>
void sum_partial(void** args, std::int64_t o, std::int64_t begin, std::int64_t end, void* result) {
    record_thread();
    const PlanReader plan(args, 2, 1, 1);
    plan.check_range(o, begin, end);
    const auto* x = slot<const T*>(args, 0) + plan.outer(0, o);
    T acc = 0;
    for (std::int64_t r = begin; r < end; ++r) {
        acc += x[plan.reduced(0, r)];
    }
    *static_cast<T*>(result) = acc;
}
template <class T>
void sum_combine(void* acc, const void* other) {
    *static_cast<T*>(acc) += *static_cast<const T*>(other);
}
template <class T>
void sum_finish(void** args, std::int64_t o, const void* reduced) {
    const PlanReader plan(args, 2, 1, 1);
    if (reduced == nullptr && plan.k() != 0) {
        g_abi_violations.fetch_add(1);
    }
    const T a = reduced != nullptr ? *static_cast<const T*>(reduced) : T(0);
    slot<T*>(args, 1)[plan.outer(1, o)] = a;
}

// max<T>(T x) -> (T y), no identity.
template <class T>
void max_partial(void** args, std::int64_t o, std::int64_t begin, std::int64_t end, void* result) {
    const PlanReader plan(args, 2, 1, 1);
    plan.check_range(o, begin, end);
    const auto* x = slot<const T*>(args, 0) + plan.outer(0, o);
    T acc = x[plan.reduced(0, begin)];
    for (std::int64_t r = begin + 1; r < end; ++r) {
        acc = std::max(acc, x[plan.reduced(0, r)]);
    }
    *static_cast<T*>(result) = acc;
}
template <class T>
void max_combine(void* acc, const void* other) {
    T& a = *static_cast<T*>(acc);
    a = std::max(a, *static_cast<const T*>(other));
}
template <class T>
void max_finish(void** args, std::int64_t o, const void* reduced) {
    const PlanReader plan(args, 2, 1, 1);
    if (reduced == nullptr) {
        g_abi_violations.fetch_add(1); // never for a kernel without identity
        return;
    }
    slot<T*>(args, 1)[plan.outer(1, o)] = *static_cast<const T*>(reduced);
}

// dot(float64 x, float64 w) -> (float64 y): sum of x * w.   slots: 0 x, 1 w, 2 y, 3 plan, ...
void dot_partial(void** args, std::int64_t o, std::int64_t begin, std::int64_t end, void* result) {
    const PlanReader plan(args, 3, 2, 1);
    plan.check_range(o, begin, end);
    const auto* x = slot<const double*>(args, 0) + plan.outer(0, o);
    const auto* w = slot<const double*>(args, 1) + plan.outer(1, o);
    double acc = 0;
    for (std::int64_t r = begin; r < end; ++r) {
        acc += x[plan.reduced(0, r)] * w[plan.reduced(1, r)];
    }
    *static_cast<double*>(result) = acc;
}
void dot_finish(void** args, std::int64_t o, const void* reduced) {
    const PlanReader plan(args, 3, 2, 1);
    slot<double*>(args, 2)[plan.outer(2, o)] =
        reduced != nullptr ? *static_cast<const double*>(reduced) : 0.0;
}

// scaled(float64 x, scalar float64 k) -> (float64 y, float64 z): y = k * sum, z = sum.
// slots: 0 x, 1 k, 2 y, 3 z, 4 plan, 5 partials, 6 semaphores
void scaled_partial(void** args, std::int64_t o, std::int64_t begin, std::int64_t end,
                    void* result) {
    const PlanReader plan(args, 4, 1, 2);
    plan.check_range(o, begin, end);
    const auto* x = slot<const double*>(args, 0) + plan.outer(0, o);
    double acc = 0;
    for (std::int64_t r = begin; r < end; ++r) {
        acc += x[plan.reduced(0, r)];
    }
    *static_cast<double*>(result) = acc;
}
void scaled_finish(void** args, std::int64_t o, const void* reduced) {
    const PlanReader plan(args, 4, 1, 2);
    const double a = reduced != nullptr ? *static_cast<const double*>(reduced) : 0.0;
    slot<double*>(args, 2)[plan.outer(1, o)] = slot<double>(args, 1) * a;
    slot<double*>(args, 3)[plan.outer(2, o)] = a;
}

ModuleImage g_image("reduction_test", nullptr, 0); // host-only module
ReductionKernelRef g_sum_f64(g_image, "sum_f64",
                             {&sum_partial<double>, &sum_partial<double>, &sum_combine<double>,
                              &sum_finish<double>},
                             2, 8, true, 1, 1);
ReductionKernelRef g_sum_f32(g_image, "sum_f32",
                             {&sum_partial<float>, &sum_partial<float>, &sum_combine<float>,
                              &sum_finish<float>},
                             4, 4, true, 1, 1);
ReductionKernelRef g_max_f64(g_image, "max_f64",
                             {&max_partial<double>, &max_partial<double>, &max_combine<double>,
                              &max_finish<double>},
                             2, 8, false, 1, 1);
ReductionKernelRef g_dot(g_image, "dot",
                         {&dot_partial, &dot_partial, &sum_combine<double>, &dot_finish}, 2, 8,
                         true, 2, 1);
ReductionKernelRef g_scaled(g_image, "scaled",
                            {&scaled_partial, &scaled_partial, &sum_combine<double>,
                             &scaled_finish},
                            2, 8, true, 1, 2);
ReductionKernelRef g_no_host(g_image, "no_host", {nullptr, nullptr, nullptr, nullptr}, 2, 8, true,
                             1, 1);

// The wrappers, as a generated header writes them.
template <class T>
ReductionKernelRef& sum_kernel() {
    if constexpr (std::is_same_v<T, float>) {
        return g_sum_f32;
    } else {
        return g_sum_f64;
    }
}

template <class T>
Array<T> sum(const Array<T>& x, const Axis& axis = Axis(), bool keepdims = false) {
    ReductionLaunch launch("sum", sum_kernel<T>());
    launch.input("x", x);
    launch.axes(axis, keepdims);
    Array<T> y = launch.output<T>("y");
    launch.run();
    return y;
}

void sum(const Array<double>& x, const Axis& axis, bool keepdims, const Array<double>& out) {
    ReductionLaunch launch("sum", g_sum_f64);
    launch.input("x", x);
    launch.axes(axis, keepdims);
    launch.output("y", out);
    launch.run();
}

Array<double> amax(const Array<double>& x, const Axis& axis = Axis(), bool keepdims = false) {
    ReductionLaunch launch("amax", g_max_f64);
    launch.input("x", x);
    launch.axes(axis, keepdims);
    Array<double> y = launch.output<double>("y");
    launch.run();
    return y;
}

Array<double> dot(const Array<double>& x, const Array<double>& w, const Axis& axis = Axis(),
                  bool keepdims = false) {
    ReductionLaunch launch("dot", g_dot);
    launch.input("x", x);
    launch.input("w", w);
    launch.axes(axis, keepdims);
    Array<double> y = launch.output<double>("y");
    launch.run();
    return y;
}

// ---------------------------------------------------------------------------------------------
// The reference: a naive loop over the broadcast shape.

/// An input's values in C order of its own shape.
struct HostInput {
    std::vector<double> values;
    Shape shape;
};

template <class T>
HostInput host_input(const Array<T>& array) {
    const std::vector<T> values = array.to_host();
    return {std::vector<double>(values.begin(), values.end()), array.shape()};
}

enum class Op { Sum, Max };

struct Reference {
    std::vector<double> values;    // C order of the output
    std::vector<double> magnitude; // sum of |terms|, for tolerances
    Shape shape;
};

Reference reference(const std::vector<HostInput>& inputs, const std::vector<int>& axes, bool all,
                    bool keepdims, Op op) {
    // Broadcast shape.
    int ndim = 0;
    for (const HostInput& input : inputs) {
        ndim = std::max(ndim, input.shape.ndim());
    }
    std::vector<std::int64_t> shape(static_cast<std::size_t>(ndim), 1);
    for (const HostInput& input : inputs) {
        for (int k = 0; k < input.shape.ndim(); ++k) {
            std::int64_t& extent = shape[static_cast<std::size_t>(ndim - input.shape.ndim() + k)];
            if (input.shape[k] != 1) {
                extent = input.shape[k];
            }
        }
    }
    std::vector<bool> reduced(static_cast<std::size_t>(ndim), all);
    for (int axis : axes) {
        reduced[static_cast<std::size_t>(axis < 0 ? axis + ndim : axis)] = true;
    }
    Reference result;
    std::int64_t outputs = 1;
    std::int64_t total = 1;
    for (int k = 0; k < ndim; ++k) {
        total *= shape[static_cast<std::size_t>(k)];
        if (!reduced[static_cast<std::size_t>(k)]) {
            result.shape.push_back(shape[static_cast<std::size_t>(k)]);
            outputs *= shape[static_cast<std::size_t>(k)];
        } else if (keepdims) {
            result.shape.push_back(1);
        }
    }
    const double start = op == Op::Sum ? 0.0 : -std::numeric_limits<double>::infinity();
    result.values.assign(static_cast<std::size_t>(outputs), start);
    result.magnitude.assign(static_cast<std::size_t>(outputs), 0.0);
    std::vector<std::int64_t> index(static_cast<std::size_t>(ndim), 0);
    for (std::int64_t flat = 0; flat < total; ++flat) {
        std::int64_t rest = flat;
        for (int k = ndim - 1; k >= 0; --k) {
            index[static_cast<std::size_t>(k)] = rest % shape[static_cast<std::size_t>(k)];
            rest /= shape[static_cast<std::size_t>(k)];
        }
        std::int64_t out = 0;
        for (int k = 0; k < ndim; ++k) {
            if (!reduced[static_cast<std::size_t>(k)]) {
                out = out * shape[static_cast<std::size_t>(k)] + index[static_cast<std::size_t>(k)];
            }
        }
        double term = 1.0;
        for (const HostInput& input : inputs) {
            std::int64_t position = 0;
            for (int k = 0; k < input.shape.ndim(); ++k) {
                const std::int64_t i =
                    input.shape[k] == 1
                        ? 0
                        : index[static_cast<std::size_t>(ndim - input.shape.ndim() + k)];
                position = position * input.shape[k] + i;
            }
            term *= input.values[static_cast<std::size_t>(position)];
        }
        double& value = result.values[static_cast<std::size_t>(out)];
        value = op == Op::Sum ? value + term : std::max(value, term);
        result.magnitude[static_cast<std::size_t>(out)] += std::abs(term);
    }
    return result;
}

/// Random values, never zero: magnitudes in [0.25, 1.25), either sign.
std::vector<double> random_values(std::int64_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> magnitude(0.25, 1.25);
    std::bernoulli_distribution negative(0.4);
    std::vector<double> values(static_cast<std::size_t>(n));
    for (double& v : values) {
        v = negative(rng) ? -magnitude(rng) : magnitude(rng);
    }
    return values;
}

Array<double> random_array(const Shape& shape, unsigned seed) {
    return gpucc::asarray(random_values(shape.element_count(), seed), shape, Device::cpu());
}

template <class T>
void expect_matches(const Array<T>& got, const Reference& want, double relative) {
    ASSERT_EQ(got.shape(), want.shape);
    const std::vector<T> values = got.to_host();
    ASSERT_EQ(values.size(), want.values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        ASSERT_NEAR(static_cast<double>(values[i]), want.values[i],
                    relative * want.magnitude[i] + 1e-300)
            << "output " << i;
    }
}

class ReductionLaunchTest : public testing::Test {
protected:
    void SetUp() override { g_abi_violations.store(0); }
    void TearDown() override { EXPECT_EQ(g_abi_violations.load(), 0) << "ABI violations"; }
};

std::vector<int> axes_list(const Axis& axis) {
    return {axis.begin(), axis.end()};
}

/// sum and max of `x` over `axis` against the reference.
void check_sum_and_max(const Array<double>& x, const Axis& axis, bool keepdims) {
    SCOPED_TRACE("shape " + x.shape().to_string() + " axes " +
                 testing::PrintToString(axes_list(axis)) + (axis.is_all() ? " (all)" : "") +
                 (keepdims ? " keepdims" : ""));
    const std::vector<HostInput> inputs{host_input(x)};
    expect_matches(sum(x, axis, keepdims),
                   reference(inputs, axes_list(axis), axis.is_all(), keepdims, Op::Sum), 1e-13);
    if (x.size() > 0) {
        expect_matches(amax(x, axis, keepdims),
                       reference(inputs, axes_list(axis), axis.is_all(), keepdims, Op::Max), 0);
    }
}

// ---------------------------------------------------------------------------------------------

class ReductionSizes : public ReductionLaunchTest,
                       public testing::WithParamInterface<std::int64_t> {};

TEST_P(ReductionSizes, OneDimensionalMatchesReference) {
    const Array<double> x = random_array(Shape{GetParam()}, 1);
    for (const Axis& axis : {Axis(), Axis(0), Axis(-1), Axis{0}}) {
        check_sum_and_max(x, axis, false);
        check_sum_and_max(x, axis, true);
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, ReductionSizes,
                         testing::Values(0, 1, 2, 31, 32, 33, 4095, 4096, 4097, 3 * 4096 + 5,
                                         100003));

TEST_F(ReductionLaunchTest, MatrixOverEveryAxisSet) {
    const Array<double> x = random_array(Shape{4097, 33}, 2);
    const Axis empty_list = Axis(std::initializer_list<int>{});
    for (const Axis& axis :
         {Axis(), Axis(0), Axis(1), Axis(-1), Axis(-2), Axis{0, 1}, Axis{1, -2}, empty_list}) {
        for (bool keepdims : {false, true}) {
            check_sum_and_max(x, axis, keepdims);
        }
    }
}

TEST_F(ReductionLaunchTest, ThreeDimensionsOverEveryAxisCombination) {
    // Small and large enough that some outputs reduce several chunks of 4096 positions.
    for (const Shape& shape : {Shape{3, 4, 5}, Shape{5, 1100, 6}, Shape{2, 1, 3}}) {
        const Array<double> x = random_array(shape, 3);
        for (int mask = 0; mask < 8; ++mask) {
            std::vector<int> positive;
            std::vector<int> negative;
            for (int axis = 0; axis < 3; ++axis) {
                if ((mask & (1 << axis)) != 0) {
                    positive.push_back(axis);
                    negative.push_back(axis - 3);
                }
            }
            auto make = [](const std::vector<int>& list) {
                Axis axis = Axis(std::initializer_list<int>{});
                if (list.size() == 1) {
                    axis = Axis{list[0]};
                } else if (list.size() == 2) {
                    axis = Axis{list[0], list[1]};
                } else if (list.size() == 3) {
                    axis = Axis{list[0], list[1], list[2]};
                }
                return axis;
            };
            for (bool keepdims : {false, true}) {
                check_sum_and_max(x, make(positive), keepdims);
                check_sum_and_max(x, make(negative), keepdims);
            }
        }
        check_sum_and_max(x, Axis(), false);
    }
}

TEST_F(ReductionLaunchTest, ViewsTransposedStridedReversedAndBroadcast) {
    const Array<double> base = random_array(Shape{33, 4097}, 4);
    const Array<double> transposed = base.transpose(); // (4097, 33), strides (8, 4097 * 8)
    const Array<double> strided = base(Slice(1, none, 2), Slice(none, none, 3));
    const Array<double> reversed = base(Slice(none, none, -1), Slice(none, none, -2));
    const Array<double> row = random_array(Shape{33}, 5);
    const Array<double> broadcast = row.broadcast_to(Shape{50, 33});
    const Array<double> column = random_array(Shape{50, 1}, 6).broadcast_to(Shape{50, 33});
    const Array<double> cube = random_array(Shape{6, 7, 8}, 7).transpose({2, 0, 1});
    for (const Array<double>* x : {&transposed, &strided, &reversed, &broadcast, &column, &cube}) {
        check_sum_and_max(*x, Axis(), false);
        for (int axis = 0; axis < x->ndim(); ++axis) {
            check_sum_and_max(*x, Axis(axis), false);
            check_sum_and_max(*x, Axis(axis), true);
        }
        if (x->ndim() == 3) {
            check_sum_and_max(*x, Axis{0, 2}, false);
            check_sum_and_max(*x, Axis{1, 2}, true);
        }
    }
}

TEST_F(ReductionLaunchTest, TwoInputsBroadcastTogether) {
    const Array<double> x = random_array(Shape{4097, 33}, 8);
    const Array<double> row = random_array(Shape{33}, 9);
    const Array<double> column = random_array(Shape{4097, 1}, 10);
    const Array<double> strided = random_array(Shape{4097, 66}, 11)(Slice(), Slice(none, none, 2));
    for (const Array<double>* w : {&row, &column, &strided, &x}) {
        const std::vector<HostInput> inputs{host_input(x), host_input(*w)};
        for (const Axis& axis : {Axis(), Axis(0), Axis(1)}) {
            for (bool keepdims : {false, true}) {
                SCOPED_TRACE("w " + w->shape().to_string() + " axes " +
                             testing::PrintToString(axes_list(axis)) +
                             (keepdims ? " keepdims" : ""));
                expect_matches(dot(x, *w, axis, keepdims),
                               reference(inputs, axes_list(axis), axis.is_all(), keepdims, Op::Sum),
                               1e-13);
            }
        }
    }
    // The row first: it decides nothing about the order of the reduced dimensions it lacks.
    const std::vector<HostInput> swapped{host_input(row), host_input(x)};
    expect_matches(dot(row, x, Axis(0)), reference(swapped, {0}, false, false, Op::Sum), 1e-13);
}

TEST_F(ReductionLaunchTest, GivenOutputsContiguousStridedAndKeepdims) {
    const Array<double> x = random_array(Shape{40, 33}, 12);
    const std::vector<HostInput> inputs{host_input(x)};
    // Contiguous.
    const Array<double> out = gpucc::empty<double>(Shape{40}, Device::cpu());
    sum(x, Axis(1), false, out);
    expect_matches(out, reference(inputs, {1}, false, false, Op::Sum), 1e-13);
    // Every other element of a larger array: the others stay as they were.
    const Array<double> wide =
        gpucc::asarray(std::vector<double>(80, -5.0), Shape{80}, Device::cpu());
    const Array<double> every_other = wide(Slice(none, none, 2));
    sum(x, Axis(1), false, every_other);
    expect_matches(every_other, reference(inputs, {1}, false, false, Op::Sum), 1e-13);
    const std::vector<double> all = wide.to_host();
    for (std::size_t i = 1; i < all.size(); i += 2) {
        ASSERT_EQ(all[i], -5.0) << i;
    }
    // keepdims: a (1, 33) output, given as a column of a transposed array.
    const Array<double> kept = gpucc::empty<double>(Shape{33, 1}, Device::cpu()).transpose();
    sum(x, Axis(0), true, kept);
    expect_matches(kept, reference(inputs, {0}, false, true, Op::Sum), 1e-13);
}

TEST_F(ReductionLaunchTest, ScalarInputAndTwoOutputs) {
    const Array<double> x = random_array(Shape{100, 7}, 13);
    const Array<double> z = gpucc::empty<double>(Shape{14}, Device::cpu())(Slice(none, none, 2));
    ReductionLaunch launch("scaled", g_scaled);
    launch.input("x", x);
    launch.scalar<double>("k", 2); // an int, converted
    launch.axes(0, false);
    const Array<double> y = launch.output<double>("y");
    launch.output("z", z);
    launch.run();
    const Reference want = reference({host_input(x)}, {0}, false, false, Op::Sum);
    expect_matches(z, want, 1e-13);
    Reference doubled = want;
    for (double& v : doubled.values) {
        v *= 2;
    }
    for (double& v : doubled.magnitude) {
        v *= 2;
    }
    expect_matches(y, doubled, 1e-13);
}

TEST_F(ReductionLaunchTest, ZeroDimensionalInput) {
    const Array<double> x = gpucc::asarray(std::vector<double>{2.5}, Shape{}, Device::cpu());
    const Array<double> y = sum(x);
    EXPECT_EQ(y.shape(), Shape{});
    EXPECT_EQ(y.item(), 2.5);
    EXPECT_EQ(amax(x, Axis(), true).item(), 2.5);
    EXPECT_THROW(sum(x, Axis(0)), gpucc::IndexError);
}

TEST_F(ReductionLaunchTest, EmptyReductions) {
    // An identity: every output is post(identity).
    const Array<double> rows = gpucc::empty<double>(Shape{3, 0}, Device::cpu());
    const Array<double> zeros = sum(rows, Axis(1));
    EXPECT_EQ(zeros.shape(), Shape{3});
    EXPECT_EQ(zeros.to_host(), (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(sum(rows, Axis(1), true).shape(), (Shape{3, 1}));
    const Array<double> nothing = gpucc::empty<double>(Shape{0}, Device::cpu());
    EXPECT_EQ(sum(nothing).shape(), Shape{});
    EXPECT_EQ(sum(nothing).item(), 0.0);
    const Array<double> columns = gpucc::empty<double>(Shape{0, 3}, Device::cpu());
    EXPECT_EQ(sum(columns, Axis(0)).to_host(), (std::vector<double>{0, 0, 0}));
    // No outputs: nothing runs, and no error even without an identity.
    EXPECT_EQ(amax(columns, Axis(1)).shape(), Shape{0});
    EXPECT_EQ(sum(columns, Axis(1), true).shape(), (Shape{0, 1}));
    // No identity, something to produce: ValueError.
    try {
        amax(rows, Axis(1));
        FAIL() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        EXPECT_STREQ(error.what(), "zero-size array to reduction operation amax which has no "
                                   "identity");
    }
    EXPECT_THROW(amax(nothing), gpucc::ValueError);
}

TEST_F(ReductionLaunchTest, AxisErrors) {
    const Array<double> x = random_array(Shape{3, 4}, 14);
    try {
        sum(x, Axis(2));
        FAIL() << "expected an IndexError";
    } catch (const gpucc::IndexError& error) {
        EXPECT_STREQ(error.what(), "sum: axis 2 is out of range for an array of 2 dimensions "
                                   "(valid: -2 to 1)");
    }
    EXPECT_THROW(sum(x, Axis(-3)), gpucc::IndexError);
    EXPECT_THROW(sum(x, Axis{0, 5}), gpucc::IndexError);
    try {
        sum(x, Axis{1, -1});
        FAIL() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        EXPECT_THAT(error.what(), HasSubstr("sum: duplicate value in 'axis'"));
    }
    EXPECT_THROW(sum(x, Axis{0, 0}), gpucc::ValueError);
}

TEST_F(ReductionLaunchTest, ShapeErrors) {
    const Array<double> x = random_array(Shape{3, 4}, 15);
    const Array<double> w = random_array(Shape{5}, 16);
    try {
        dot(x, w);
        FAIL() << "expected a ShapeError";
    } catch (const gpucc::ShapeError& error) {
        EXPECT_STREQ(error.what(), "dot: cannot broadcast w of shape (5,) with x of shape (3, 4): "
                                   "axis -1 has extent 5 in w and 4 in x");
    }
    const Array<double> wrong = gpucc::empty<double>(Shape{4}, Device::cpu());
    try {
        sum(x, Axis(1), false, wrong);
        FAIL() << "expected a ShapeError";
    } catch (const gpucc::ShapeError& error) {
        EXPECT_STREQ(error.what(), "sum: output y has shape (4,) but the reduction of shape (3, 4) "
                                   "over axes (1) gives (3,); an output must have exactly that "
                                   "shape");
    }
    // keepdims needs the kept extent of 1.
    const Array<double> flat = gpucc::empty<double>(Shape{3}, Device::cpu());
    EXPECT_THROW(sum(x, Axis(1), true, flat), gpucc::ShapeError);
}

TEST_F(ReductionLaunchTest, TooManyUnmergeableDimensionsIsAValueError) {
    // Nine axes of extent 2 with strides 3^k elements: no two merge.
    Shape big;
    Shape shape;
    gpucc::Strides strides;
    std::int64_t stride = 8;
    for (int k = 0; k < 9; ++k) {
        big.push_back(3);
        shape.push_back(2);
    }
    for (int k = 0; k < 9; ++k) {
        strides.push_back(0);
    }
    for (int k = 8; k >= 0; --k) {
        strides[k] = stride;
        stride *= 3;
    }
    const Array<double> base = random_array(big, 17);
    const Array<double> x(
        gpucc::NDArray(base.ndarray().buffer(), gpucc::DType::Float64, shape, strides, 0));
    try {
        sum(x);
        FAIL() << "expected a ValueError";
    } catch (const gpucc::ValueError& error) {
        EXPECT_THAT(error.what(), HasSubstr("sum: the arguments' layouts leave 9 reduced"));
    }
    // Reducing one axis leaves eight kept ones (fine) and one reduced.
    check_sum_and_max(x, Axis(3), false);
}

TEST_F(ReductionLaunchTest, KernelWithoutHostVersionIsADeviceError) {
    const Array<double> x = random_array(Shape{3}, 18);
    ReductionLaunch launch("no_host", g_no_host);
    launch.input("x", x);
    launch.axes(Axis(), false);
    launch.output<double>("y");
    try {
        launch.run();
        FAIL() << "expected a DeviceError";
    } catch (const gpucc::DeviceError& error) {
        EXPECT_STREQ(error.what(), "no_host: this kernel has no host version, so it cannot run on "
                                   "cpu");
    }
}

TEST_F(ReductionLaunchTest, WrapperMisuseIsAValueError) {
    const Array<double> x = random_array(Shape{3}, 19);
    {
        ReductionLaunch launch("dot", g_dot); // two inputs expected
        launch.input("x", x);
        launch.axes(Axis(), false);
        launch.output<double>("y");
        EXPECT_THROW(launch.run(), gpucc::ValueError);
    }
    {
        ReductionLaunch launch("sum", g_sum_f64);
        EXPECT_THROW(launch.axes(Axis(), false), gpucc::ValueError); // no array input
    }
    {
        ReductionLaunch launch("sum", g_sum_f64);
        launch.input("x", x);
        EXPECT_THROW(launch.output<double>("y"), gpucc::ValueError); // before axes()
    }
}

TEST_F(ReductionLaunchTest, LargeFloat32SumIsAccurateDeterministicAndParallel) {
    const std::int64_t n = (std::int64_t{1} << 24) + 3;
    std::mt19937 rng(20);
    std::uniform_real_distribution<float> unit(0.0F, 1.0F);
    std::vector<float> values(static_cast<std::size_t>(n));
    double want = 0;
    for (float& v : values) {
        v = unit(rng);
        if (v == 0.0F) {
            v = 0.5F;
        }
        want += v;
    }
    const Array<float> x = gpucc::asarray(values, Shape{n}, Device::cpu());
    {
        const std::lock_guard<std::mutex> lock(g_threads_mutex);
        g_threads.clear();
    }
    g_record_threads.store(true);
    const float got = sum(x).item();
    g_record_threads.store(false);
    EXPECT_NEAR(got, want, 1e-5 * want);
    // The same bits again, and from the chunk-parallel and the output-parallel ways alike.
    EXPECT_EQ(sum(x).item(), got);
    if (std::thread::hardware_concurrency() > 1) {
        const std::lock_guard<std::mutex> lock(g_threads_mutex);
        EXPECT_GT(g_threads.size(), 1U) << "a full sum runs on several threads";
    }
    // Rows of 2^22: few outputs, each long.
    const Array<float> rows = x(Slice(0, std::int64_t{3} << 22)).reshape(Shape{3, 1 << 22});
    const std::vector<float> row_sums = sum(rows, Axis(1)).to_host();
    for (std::size_t r = 0; r < 3; ++r) {
        double row_want = 0;
        for (std::size_t i = r << 22; i < (r + 1) << 22; ++i) {
            row_want += values[i];
        }
        EXPECT_NEAR(row_sums[r], row_want, 1e-5 * row_want) << r;
    }
}

TEST_F(ReductionLaunchTest, FewLongOutputsUseSeveralThreads) {
    // 64 rows of 2^16: whichever way the threads share them (whole outputs on small machines,
    // chunks on large ones), more than one thread takes part. On a loaded machine the caller can
    // finish every task before a worker wakes, so the work is handed out to several threads in at
    // least one of a few tries; a launch that never shares it fails every try.
    const std::int64_t k = std::int64_t{1} << 16;
    const std::vector<float> values(static_cast<std::size_t>(64 * k), 0.5F);
    const Array<float> x = gpucc::asarray(values, Shape{64, k}, Device::cpu());
    std::size_t most_threads = 0;
    for (int attempt = 0; attempt < 8 && most_threads < 2; ++attempt) {
        {
            const std::lock_guard<std::mutex> lock(g_threads_mutex);
            g_threads.clear();
        }
        g_record_threads.store(true);
        const std::vector<float> sums = sum(x, Axis(1)).to_host();
        g_record_threads.store(false);
        EXPECT_EQ(sums, std::vector<float>(64, 0.5F * static_cast<float>(k)));
        const std::lock_guard<std::mutex> lock(g_threads_mutex);
        most_threads = std::max(most_threads, g_threads.size());
    }
    if (std::thread::hardware_concurrency() > 1) {
        EXPECT_GT(most_threads, 1U);
    }
}

TEST_F(ReductionLaunchTest, ResultDoesNotDependOnTheWayTheThreadsShareTheWork) {
    // 64 outputs of 5 chunks each take the output-parallel way; one of them alone (a view of one
    // row) takes the chunk-parallel way; both combine chunks in the same tree.
    const std::int64_t k = 5 * 4096 + 17;
    std::mt19937 rng(21);
    std::uniform_real_distribution<float> unit(0.0F, 1.0F);
    std::vector<float> values(static_cast<std::size_t>(64 * k));
    for (float& v : values) {
        v = unit(rng) + 0.1F;
    }
    const Array<float> x = gpucc::asarray(values, Shape{64, k}, Device::cpu());
    const std::vector<float> all_rows = sum(x, Axis(1)).to_host();
    for (std::int64_t r : {0, 17, 63}) {
        EXPECT_EQ(sum(x(r)).item(), all_rows[static_cast<std::size_t>(r)]) << r;
    }
}

} // namespace
