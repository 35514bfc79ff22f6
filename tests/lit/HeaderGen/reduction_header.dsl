// The header of reduction kernels, printed by --emit=header before their code generation exists:
// two functions per kernel (outputs allocated and returned, or given after the inputs), each
// taking `gpucc::Axis axis = {}, bool keepdims = false` last; then, under the plumbing banner,
// the host functions of every instance, the ABI check against the runtime's reduction plan and
// a ReductionKernelRef per instance.
// The header compiles with -Wall -Wextra -Werror, and so do calls of every form.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpucc --emit=header %s > %t/reduction_header.gpucc.h
// RUN: FileCheck %s < %t/reduction_header.gpucc.h
// RUN: echo '#include "reduction_header.gpucc.h"' > %t/include_only.cpp
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t %t/include_only.cpp
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t %S/Inputs/reduction_calls_ok.cpp
module rh;

reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}

reduction sum_abs<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      abs(x);
    reduce:   a + b;
    post:     y = a;
    type:     float64;          // optional reduce_type, as CuPy's reduce_type
}

reduction weighted<T: float32 | float64>(T x, T w, scalar float64 scale) -> (T y) {
    identity: 0;
    map:      x * w;
    reduce:   a + b;
    post:     y = a * scale;
}

reduction min_max<T: int32 | float32>(T x) -> (T lo, float64 hi) {
    identity: none;
    map:      x;
    reduce:   a < b ? a : b;
    post:     lo = a; hi = a;
}

reduction total(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }

// CHECK: // Kernels of module 'rh':
// CHECK-NEXT: //   reduction l2norm<T: float32, float64>(T x) -> (T y)
// CHECK-NEXT: //   reduction sum_abs<T: float32, float64>(T x) -> (T y)
// CHECK-NEXT: //   reduction weighted<T: float32, float64>(T x, T w, scalar float64 scale) -> (T y)
// CHECK-NEXT: //   reduction min_max<T: int32, float32>(T x) -> (T lo, float64 hi)
// CHECK-NEXT: //   reduction total(float32 x) -> (float32 y)
// CHECK: #pragma once
// CHECK: #include <gpucc/generated_support.h>
// CHECK-NEXT: #include <gpucc/array/axis.h>
// CHECK-NEXT: #include <gpucc/detail/reduction_launch.h>

// The tables are declared before the functions that use them and defined with the plumbing.
// CHECK: namespace gpucc_kernels {
// CHECK-NEXT: extern gpucc::detail::ModuleImage image;
// CHECK-NEXT: extern gpucc::detail::ReductionKernelRef l2norm[2];
// CHECK-NEXT: extern gpucc::detail::ReductionKernelRef sum_abs[2];
// CHECK-NEXT: extern gpucc::detail::ReductionKernelRef weighted[2];
// CHECK-NEXT: extern gpucc::detail::ReductionKernelRef min_max[2];
// CHECK-NEXT: extern gpucc::detail::ReductionKernelRef total[1];
// CHECK-NEXT: } // namespace gpucc_kernels

// CHECK: // reduction l2norm<T: float32, float64>(T x) -> (T y)
// CHECK-NEXT: template <class In_x>
// CHECK-NEXT: inline auto l2norm(const In_x& x, gpucc::Axis axis = {}, bool keepdims = false) {
// CHECK-NEXT: using T = gpucc::detail::first_array_element_t<In_x>;
// CHECK-NEXT: static_assert(!std::is_void_v<T>,
// CHECK-NEXT: "l2norm: cannot infer T: no array is passed for x (type placeholders are bound "
// CHECK-NEXT: "by arrays only)");
// CHECK-NEXT: static_assert(gpucc::detail::one_of_v<T, float, double>,
// CHECK-NEXT: "l2norm: T must be one of float32, float64, the types it was compiled for");
// CHECK-NEXT: static_assert(gpucc::detail::is_array_of_v<T, In_x>, "l2norm: x must be an Array of T");
// CHECK-NEXT: gpucc::detail::ReductionLaunch gpucc_launch("l2norm",
// CHECK-NEXT: gpucc_kernels::l2norm[gpucc::detail::index_of_v<T, float, double>]);
// CHECK-NEXT: gpucc_launch.input<T>("x", x);
// CHECK-NEXT: gpucc_launch.axes(axis, keepdims);
// CHECK-NEXT: gpucc::Array<T> y = gpucc_launch.output<T>("y");
// CHECK-NEXT: gpucc_launch.run();
// CHECK-NEXT: return y;
// CHECK-NEXT: }
// CHECK: template <class In_x, class Out_y>
// CHECK-NEXT: requires(gpucc::detail::is_array_v<Out_y>)
// CHECK-NEXT: inline void l2norm(const In_x& x, const Out_y& y, gpucc::Axis axis = {}, bool keepdims = false) {
// CHECK-NEXT: using T = gpucc::detail::first_array_element_t<Out_y, In_x>;
// CHECK: static_assert(gpucc::detail::is_array_of_v<T, Out_y>, "l2norm: y must be an Array of T");
// CHECK: gpucc_launch.input<T>("x", x);
// CHECK-NEXT: gpucc_launch.axes(axis, keepdims);
// CHECK-NEXT: gpucc_launch.output<T>("y", y);
// CHECK-NEXT: gpucc_launch.run();
// CHECK-NEXT: }

// CHECK: // reduction weighted
// CHECK-NEXT: template <class In_x, class In_w, class In_scale>
// CHECK-NEXT: inline auto weighted(const In_x& x, const In_w& w, const In_scale& scale, gpucc::Axis axis = {},
// CHECK-NEXT: {{^                     }}bool keepdims = false) {
// CHECK-NEXT: using T = gpucc::detail::first_array_element_t<In_x, In_w>;
// CHECK: static_assert(gpucc::detail::is_scalar_argument_v<In_scale>,
// CHECK-NEXT: "weighted: scale must be a scalar convertible to float64 (a scalar parameter)");
// CHECK: gpucc_launch.input<T>("x", x);
// CHECK-NEXT: gpucc_launch.input<T>("w", w);
// CHECK-NEXT: gpucc_launch.scalar<double>("scale", scale);
// CHECK-NEXT: gpucc_launch.axes(axis, keepdims);
// CHECK: template <class In_x, class In_w, class In_scale, class Out_y>
// CHECK-NEXT: requires(gpucc::detail::is_array_v<Out_y>)
// CHECK-NEXT: inline void weighted(const In_x& x, const In_w& w, const In_scale& scale, const Out_y& y,
// CHECK-NEXT: {{^                     }}gpucc::Axis axis = {}, bool keepdims = false) {

// CHECK: // reduction min_max
// CHECK: gpucc::Array<T> lo = gpucc_launch.output<T>("lo");
// CHECK-NEXT: gpucc::Array<double> hi = gpucc_launch.output<double>("hi");
// CHECK-NEXT: gpucc_launch.run();
// CHECK-NEXT: return std::make_tuple(lo, hi);
// CHECK: requires(gpucc::detail::is_array_v<Out_lo> && gpucc::detail::is_array_v<Out_hi>)
// CHECK-NEXT: inline void min_max(const In_x& x, const Out_lo& lo, const Out_hi& hi, gpucc::Axis axis = {},
// CHECK-NEXT: {{^                    }}bool keepdims = false) {
// CHECK: static_assert(gpucc::detail::is_array_of_v<double, Out_hi>,
// CHECK-NEXT: "min_max: hi must be an Array of float64");

// CHECK: // reduction total(float32 x) -> (float32 y)
// CHECK-NEXT: template <class In_x>
// CHECK-NEXT: inline auto total(const In_x& x, gpucc::Axis axis = {}, bool keepdims = false) {
// CHECK-NEXT: static_assert(gpucc::detail::is_array_of_v<float, In_x>,
// CHECK-NEXT: "total: x must be an Array of float32");
// CHECK-NEXT: gpucc::detail::ReductionLaunch gpucc_launch("total", gpucc_kernels::total[0]);

// The generated plumbing follows the functions.
// The host functions (KernelAbi.h, "Reduction kernels").
// CHECK: } // namespace rh
// CHECK: // ---- internal: generated plumbing, not part of the API ----
// CHECK: extern "C" {
// CHECK: void rh__l2norm__float32__host_partial(void**, std::int64_t, std::int64_t, std::int64_t, void*);
// CHECK-NEXT: void rh__l2norm__float32__host_partial_v3(void**, std::int64_t, std::int64_t, std::int64_t, void*);
// CHECK-NEXT: void rh__l2norm__float32__host_combine(void*, const void*);
// CHECK-NEXT: void rh__l2norm__float32__host_finish(void**, std::int64_t, const void*);
// CHECK-NEXT: void rh__l2norm__float64__host_partial(void**, std::int64_t, std::int64_t, std::int64_t, void*);
// CHECK: void rh__total__host_finish(void**, std::int64_t, const void*);
// CHECK-NEXT: }

// The plan's layout is checked once, with the rest of the ABI (gpucc/abi/version.h): no
// per-constant equalities.
// CHECK: static_assert(gpucc::abi::kAbiVersion == 0x{{[0-9A-F]+}}ULL,
// CHECK-NOT: gpucc::detail::kReduceDims ==

// The tables: image, GPU symbol, host functions, vector width, reduce-type bytes, identity,
// array inputs, outputs, reads `_J`. sum_abs reduces in float64 (8 bytes) but reads float32 (4
// per vector).
// CHECK: namespace gpucc_kernels {
// CHECK: inline gpucc::detail::ReductionKernelRef l2norm[] = {
// CHECK-NEXT: {image, "l2norm__float32",
// CHECK-NEXT: {&rh__l2norm__float32__host_partial, &rh__l2norm__float32__host_partial_v3,
// CHECK-NEXT: &rh__l2norm__float32__host_combine, &rh__l2norm__float32__host_finish},
// CHECK-NEXT: 4, 4, true, 1, 1, false},
// CHECK-NEXT: {image, "l2norm__float64",
// CHECK: 2, 8, true, 1, 1, false},
// CHECK-NEXT: };
// CHECK-NEXT: inline gpucc::detail::ReductionKernelRef sum_abs[] = {
// CHECK-NEXT: {image, "sum_abs__float32",
// CHECK: 4, 8, true, 1, 1, false},
// CHECK: inline gpucc::detail::ReductionKernelRef weighted[] = {
// CHECK: 4, 4, true, 2, 1, false},
// CHECK: inline gpucc::detail::ReductionKernelRef min_max[] = {
// CHECK-NEXT: {image, "min_max__int32",
// CHECK: 4, 4, false, 1, 2, false},
// CHECK: inline gpucc::detail::ReductionKernelRef total[] = {
// CHECK-NEXT: {image, "total",
// CHECK-NEXT: {&rh__total__host_partial, &rh__total__host_partial_v3,
// CHECK-NEXT: &rh__total__host_combine, &rh__total__host_finish},
// CHECK-NEXT: 4, 4, true, 1, 1, false},
// CHECK: } // namespace gpucc_kernels
// CHECK-NEXT: } // namespace rh

