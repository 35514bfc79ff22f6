// The generated launchers: typed call operators (grid and block, or a LaunchConfig), one static
// assertion per argument, attributes and max dynamic shared memory, a variable template for each
// kernel template, typed accessors of device variables. The header compiles with -Werror next to
// the right calls, and each wrong call fails with a message naming the kernel and the argument.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpucc --emit=header %s > %t/header.gpucc.h
// RUN: FileCheck %s < %t/header.gpucc.h
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t -DCASE=0 %S/Inputs/raw_calls.cpp
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=1 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=POINTER %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=2 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=ARRAY %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=3 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=DOUBLE-FOR-FLOAT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=4 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=NARROWING %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=5 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=NOT-INSTANTIATED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=6 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=CONST %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=7 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=INT-FOR-FLOAT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=8 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=COUNT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=9 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=HALF %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=10 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=GLOBAL-TYPE %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=11 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=INT-ARRAY %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=12 %S/Inputs/raw_calls.cpp 2>&1 | FileCheck --check-prefix=COUNT-CONFIG %s
module demo;

raw cuda """
#include <cuda_fp16.h>
extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
namespace lin {
__global__ void fill(long long* x, long long value, unsigned n) {}
__global__ void half_axpy(__half a, const __half* x, __half* y, int) {}
__global__ void no_params() {}
__global__ void any(void* p, size_t bytes) {}
}
__constant__ float coeffs[4];
__device__ unsigned long long counter;
""" instantiate scale<float>, scale<double>;

// CHECK: //   raw cuda my_add(const float* x1, const float* x2, float* y, int n)
// CHECK: //   raw cuda scale<float>(float* x, float a, int n)
// CHECK: //   __constant__ float[4] coeffs
// CHECK: #include <gpucc/detail/raw_kernel.h>
// CHECK: extern gpucc::detail::KernelRef raw_kernel_0;
// CHECK: struct raw_launcher_0 {
// CHECK: void operator()(gpucc::Dim3 grid, gpucc::Dim3 block, const A0& x1, const A1& x2, const A2& y,
// CHECK-NEXT: {{^                    }}const A3& n) const {
// CHECK: void operator()(const gpucc::LaunchConfig& config, const A0& x1, const A1& x2, const A2& y,
// CHECK-NEXT: {{^                    }}const A3& n) const {
// CHECK: static_assert(gpucc::detail::raw_arg_ok_v<const float*, A0>,
// CHECK-NEXT: "my_add: argument 'x1' has type const float*: pass a pointer that converts "
// CHECK-NEXT: "to it or a C-contiguous gpucc array of float32");
// CHECK: gpucc::detail::launch_grid_kernel(raw_kernel_0, config, gpucc_args);
// CHECK: gpucc::KernelAttributes attributes(gpucc::Device device = gpucc::default_device()) const {
// CHECK: void set_max_dynamic_shared_bytes(int bytes,
// CHECK-NEXT: gpucc::Device device = gpucc::default_device()) const {
// CHECK: static constexpr const char* symbol() noexcept {
// CHECK-NEXT: return "my_add";
// CHECK-NEXT: }
// CHECK: template <class T>
// CHECK-NEXT: struct raw_template_0 {
// CHECK: template <>
// CHECK-NEXT: struct raw_template_0<float> : raw_launcher_{{[0-9]+}} {};
// CHECK: inline constexpr ::demo::gpucc_kernels::raw_launcher_0 my_add{};
// CHECK: namespace lin {
// CHECK: inline constexpr ::demo::gpucc_kernels::raw_launcher_{{[0-9]+}} fill{};
// CHECK: } // namespace lin
// CHECK: template <class T>
// CHECK-NEXT: inline constexpr ::demo::gpucc_kernels::raw_template_0<T> scale{};
// CHECK: inline constexpr gpucc::detail::RawArrayGlobal<float, 4> coeffs{&::demo::gpucc_kernels::image,
// CHECK-NEXT: {{^                                                                }}"coeffs"};
// CHECK: inline constexpr gpucc::detail::RawScalarGlobal<unsigned long long> counter{
// CHECK-NEXT: &::demo::gpucc_kernels::image, "counter"};
// CHECK: // ---- internal: generated plumbing, not part of the API ----
// CHECK: inline gpucc::detail::KernelRef raw_kernel_0{
// CHECK-NEXT: image, "my_add", nullptr, {nullptr, nullptr}, {nullptr, nullptr}, 1};

// POINTER: my_add: argument 'x1' has type const float*: pass a pointer that converts to it or a C-contiguous gpucc array of float32
// ARRAY: my_add: argument 'x2' has type const float*: pass a pointer that converts to it or a C-contiguous gpucc array of float32
// DOUBLE-FOR-FLOAT: scale<float>: argument 'a' has type float: pass that type or one that converts to it without narrowing
// NARROWING: my_add: argument 'n' has type int: pass that type or one that converts to it without narrowing
// NOT-INSTANTIATED: scale: this instantiation has no launcher; the .dsl file instantiates scale<float>, scale<double> (add it to 'instantiate')
// CONST: my_add: argument 'y' has type float*: pass a pointer that converts to it
// INT-FOR-FLOAT: scale<float>: argument 'a' has type float: pass that type or one that converts to it without narrowing
// COUNT-NOT: no match
// COUNT: my_add takes 4 arguments after the grid and block (or a gpucc::LaunchConfig): my_add(const float* x1, const float* x2, float* y, int n)
// COUNT-NOT: no match
// COUNT-CONFIG: lin::no_params takes 0 arguments after the grid and block (or a gpucc::LaunchConfig): lin::no_params()
// HALF: lin::half_axpy: argument 'a' has type gpucc::float16: pass that type
// GLOBAL-TYPE: cannot convert 'std::vector<double{{.*}}' to 'const std::vector<float
// INT-ARRAY: lin::fill: argument 'x' has type long long*: pass a pointer that converts to it or a C-contiguous gpucc array of int64
