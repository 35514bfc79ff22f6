// RUN: %gpucc --emit=ir %s | FileCheck %s
// RUN: %gpucc --emit=fusion %s | FileCheck %s --check-prefix=FUSION
// RUN: %gpucc --emit=header %s | FileCheck %s --check-prefix=HEADER
// A parameter read only after the reduction is a post array: an input that post reads at the
// output element's coordinates (`param ... input post`), not the map; the plan lists it after the
// outputs, the header passes it with post_input, and --emit=fusion counts its bytes per result.
// An axis tuple is the reduction's axes.
fuse row_sum_greater<T: float32 | float64>(T a, T b) = sum(a, axis = 1) > b;
// CHECK-LABEL: instance row_sum_greater__float64 [T = float64]
// CHECK-NEXT: param 0 a: float64 input
// CHECK-NEXT: param 1 b: float64 input post
// CHECK-NEXT: param 2 out: bool output
// CHECK: map a:float64
// CHECK: post {
// CHECK-NEXT: expr (assign:bool out:bool (gt:bool a:float64 b:float64))
// FUSION: row_sum_greater__float64: reads a float64 (8 bytes per element reduced); reduces in float64; post reads b float64 (8 bytes per result); writes out bool (1 bytes per result)
// HEADER: gpucc_launch.input<T>("a", a);
// HEADER-NEXT: gpucc_launch.post_input<T>("b", b);
// HEADER-NEXT: gpucc_launch.axes(gpucc::Axis{1}, false);

fuse scaled_dot(float32 x, float32 y, float32 c) = sum(x * y, axis = (-1, 0), keepdims = true) * c + 1;
// CHECK-LABEL: instance scaled_dot
// CHECK-NEXT: param 0 x: float32 input
// CHECK-NEXT: param 1 y: float32 input
// CHECK-NEXT: param 2 c: float32 input post
// HEADER: gpucc_launch.post_input<float>("c", c);
// HEADER-NEXT: gpucc_launch.axes(gpucc::Axis{-1, 0}, true);
// The kernel tables: array inputs, outputs, reads _J, then the post arrays.
// HEADER: {image, "row_sum_greater__float64",
// HEADER: 8, true, 1, 1, false, 1},
// HEADER: {image, "scaled_dot",
// HEADER: 4, true, 2, 1, false, 1},
