// A non-raw input may be an array or a scalar at run time (its pointer slot is null for a scalar).
// With up to three such inputs the loop is specialized per combination, so the hot loop of each
// version has straight-line vector loads; the choice is one jump through a table at entry.
// RUN: %gpucc --emit=llvm %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s

elementwise mul_add(float32 x1, float32 x2, float32 b) -> (float32 y) { y = x1 * x2 + b; }
// CHECK-LABEL: define ptx_kernel void @mul_add(
// CHECK: switch i32 {{.*}} [
// CHECK-COUNT-7: i32 {{[1-7]}}, label %version{{[1-7]}}
// PTX: brx.idx
// PTX: ld.global.v4.b32
// PTX: fma.rn.f32
// PTX: st.global.v4.b32
