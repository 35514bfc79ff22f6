// A jit-style kernel's header: its host versions (none for a kernel that uses shared memory; two
// entries, contiguous and strided, for one with ranked arrays), a KernelRef table, launchers
// taking a LaunchConfig or a grid and a block, and an attribute query; the launchers come first,
// the host versions and tables below the plumbing banner. Right calls compile with -Wall -Wextra
// -Werror; each wrong one is a C++ compile error naming the kernel, the parameter and the types.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpucc --emit=header %s > %t/kernel_header.gpucc.h
// RUN: FileCheck %s < %t/kernel_header.gpucc.h
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t -DCASE=0 %S/Inputs/kernel_calls.cpp
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=1 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=2 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=UNCOMPILED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=3 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=MIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=4 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=SCALAR-FOR-ARRAY %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=5 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=ARRAY-FOR-SCALAR %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=6 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=ATTRIBUTES %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=7 %S/Inputs/kernel_calls.cpp 2>&1 | FileCheck --check-prefix=RANKED %s
module kh;

kernel elementwise_copy<T: float32 | float64>(T[] x, T[] y, uint32 size) {
    for (uint32 i = grid(1); i < size; i += gridsize(1)) {
        y[i] = x[i];
    }
}
kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    buf[t] = grid(1) < n ? x[grid(1)] : 0.0f;
    syncthreads();
    if (t == 0) atomic_add(&out[0], buf[0]);
}
kernel transpose_copy<T: float32 | float64>(T[:, :] x, T[:, :] y) {
    y[grid(2).y, grid(2).x] = x[grid(2).x, grid(2).y];
}

// CHECK: //   kernel elementwise_copy<T: float32, float64>(T[] x, T[] y, uint32 size)
// CHECK: //   kernel block_sum(float32[] x, float32[] out, int32 n)
// CHECK: //   kernel transpose_copy<T: float32, float64>(T[:, :] x, T[:, :] y)
// CHECK: #include <gpucc/detail/grid_kernel_launch.h>
// CHECK: extern gpucc::detail::KernelRef elementwise_copy[2];
// CHECK-NEXT: extern const char* const elementwise_copy__gpu_only[2];
// CHECK-NEXT: extern gpucc::detail::KernelRef block_sum[1];
// CHECK-NEXT: extern const char* const block_sum__gpu_only[1];
// CHECK-NEXT: extern gpucc::detail::KernelRef transpose_copy[2];
// CHECK-NEXT: extern const char* const transpose_copy__gpu_only[2];
// CHECK: inline void elementwise_copy(const gpucc::LaunchConfig& gpucc_config, const In_x& x, const In_y& y,
// CHECK-NEXT: {{^                             }}const In_size& size) {
// CHECK: inline void elementwise_copy(gpucc::Dim3 gpucc_grid, gpucc::Dim3 gpucc_block, const In_x& x,
// CHECK-NEXT: {{^                             }}const In_y& y, const In_size& size) {
// CHECK: inline gpucc::KernelAttributes elementwise_copy_attributes(gpucc::Device gpucc_device) {
// CHECK: inline gpucc::KernelAttributes block_sum_attributes(gpucc::Device gpucc_device) {
// CHECK: gpucc::detail::GridKernelLaunch gpucc_launch("transpose_copy", gpucc_config, 12);
// CHECK-NEXT: gpucc_launch.array<T>("x", x, 2);
// CHECK-NEXT: gpucc_launch.array<T>("y", y, 2);
// CHECK: } // namespace kh
// CHECK: // ---- internal: generated plumbing, not part of the API ----
// CHECK: void kh__elementwise_copy__float32__grid(void**, const gpucc::detail::HostGridShape*, std::int64_t,
// CHECK-NEXT: {{^                                         }}std::int64_t);
// CHECK: void kh__elementwise_copy__float64__grid_v3(
// CHECK: void kh__block_sum__grid(void**, const gpucc::detail::HostGridShape*, std::int64_t, std::int64_t);
// CHECK-NEXT: void kh__block_sum__grid_v3(
// CHECK: void kh__transpose_copy__float32__grid(
// CHECK: void kh__transpose_copy__float32__grid_v3(
// CHECK: void kh__transpose_copy__float32__grid_strided(
// CHECK: void kh__transpose_copy__float32__grid_strided_v3(
// CHECK: inline gpucc::detail::KernelRef elementwise_copy[] = {
// CHECK: inline constexpr const char* elementwise_copy__gpu_only[] = {nullptr, nullptr};
// CHECK: inline gpucc::detail::KernelRef block_sum[] = {
// CHECK-NEXT: {image, "block_sum", "block_sum",
// CHECK-NEXT: {gpucc::detail::grid_host_entry(&kh__block_sum__grid),
// CHECK-NEXT: gpucc::detail::grid_host_entry(&kh__block_sum__grid_v3)},
// CHECK-NEXT: {nullptr, nullptr}, 1},
// CHECK: inline constexpr const char* block_sum__gpu_only[] = {nullptr};
// CHECK: inline gpucc::detail::KernelRef transpose_copy[] = {
// CHECK-NEXT: {image, "transpose_copy__float32", "transpose_copy__float32__strided",
// CHECK-NEXT: {gpucc::detail::grid_host_entry(&kh__transpose_copy__float32__grid),
// CHECK-NEXT: gpucc::detail::grid_host_entry(&kh__transpose_copy__float32__grid_v3)},
// CHECK-NEXT: {gpucc::detail::grid_host_entry(&kh__transpose_copy__float32__grid_strided),
// CHECK-NEXT: gpucc::detail::grid_host_entry(&kh__transpose_copy__float32__grid_strided_v3)}, 1},

// FIXED: block_sum: x must be an Array of float32 (or an NDArray)
// UNCOMPILED: elementwise_copy: T must be one of float32, float64, the types it was compiled for
// MIXED: elementwise_copy: y must be an Array of T, the element type of the other arrays of T (x, y)
// SCALAR-FOR-ARRAY: elementwise_copy: x must be an Array of T (or an NDArray)
// ARRAY-FOR-SCALAR: block_sum: n must be a scalar convertible to int32
// ATTRIBUTES: elementwise_copy_attributes: T must be one of float32, float64
// RANKED: transpose_copy: y must be an Array of T, the element type of the other arrays of T (x, y)
