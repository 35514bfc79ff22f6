// A non-raw input may be an array or a scalar at run time (its pointer slot is null for a scalar).
// With up to three such inputs the loop is specialized per combination, so the hot loop of each
// version has straight-line loads; the choice is one switch at entry.
// RUN: %gpucc --emit=llvm %s | FileCheck %s

elementwise mul_add(float32 x1, float32 x2, float32 b) -> (float32 y) { y = x1 * x2 + b; }
// CHECK-LABEL: define ptx_kernel void @mul_add(
// CHECK: switch i32
// CHECK-COUNT-8: load <4 x float>
