// The generated header compiles with -Wall -Wextra -Werror, declares one function template per
// kernel (allocating and given-output forms), and, below the plumbing banner after them, a kernel
// table entry per instance.
// RUN: rm -rf %t && %gpucc %s -o %t
// RUN: FileCheck %s < %t/header_compiles.gpucc.h
// RUN: echo '#include "header_compiles.gpucc.h"' > %t/include_only.cpp
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t %t/include_only.cpp
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t %S/Inputs/calls_ok.cpp
module hc;

elementwise squared_diff(float32 x, float32 y) -> (float32 z) { z = (x - y) * (x - y); }
elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    phi = atan2(im, re);
}
elementwise reverse<T: int32 | float64>(raw T x) -> (T y) { y = x[_ind.size() - i - 1]; }

// CHECK: #pragma once
// CHECK: namespace hc {
// CHECK: extern gpucc::detail::KernelRef polar[2];
// CHECK: inline auto squared_diff(const In_x& x, const In_y& y) {
// CHECK: gpucc_launch.argument<float>("x", x);
// CHECK-NEXT: gpucc_launch.argument<float>("y", y);
// CHECK: inline auto squared_diff(const In_x& x, const In_y& y, const Out_z& z) {
// CHECK: gpucc::detail::ElementwiseLaunch gpucc_launch("polar",
// CHECK-NEXT: gpucc_kernels::polar[gpucc::detail::index_of_v<T, float, double>]);
// CHECK: return std::make_tuple(r, phi);
// CHECK: } // namespace hc
// CHECK: // ---- internal: generated plumbing, not part of the API ----
// CHECK: extern const unsigned char gpucc_image_hc[];
// CHECK: void hc__polar__float32__host(void**, std::int64_t, std::int64_t);
// CHECK: void hc__polar__float32__host_v3(void**, std::int64_t, std::int64_t);
// CHECK: void hc__polar__float32__host_strided(void**, std::int64_t, std::int64_t);
// CHECK: void hc__polar__float32__host_strided_v3(void**, std::int64_t, std::int64_t);
// The one ABI check: the fingerprint of gpucc/abi/ this gpucc was built with.
// CHECK: static_assert(gpucc::abi::kAbiVersion == 0x{{[0-9A-F]+}}ULL,
// CHECK-NEXT: "this header was generated for another gpucc ABI: regenerate it");
// CHECK: namespace hc {
// CHECK: {image, "polar__float32", "polar__float32__strided",
// CHECK-NEXT: {&hc__polar__float32__host, &hc__polar__float32__host_v3},
// CHECK-NEXT: {&hc__polar__float32__host_strided, &hc__polar__float32__host_strided_v3}, 4},
// CHECK: {image, "polar__float64", "polar__float64__strided",
// CHECK-NEXT: {&hc__polar__float64__host, &hc__polar__float64__host_v3},
// CHECK-NEXT: {&hc__polar__float64__host_strided, &hc__polar__float64__host_strided_v3}, 2},
