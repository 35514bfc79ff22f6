// Contiguous arrays move through 16-byte vector loads and stores in the GPU loop (4 float32 or
// 2 float64 per thread per iteration), then a scalar loop finishes the tail. The PTX ISA version
// is chosen on purpose, and ptxas accepts the result.
// RUN: %gpucc --emit=ptx %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %gpucc --emit=ptx --arch=80 %s | FileCheck --check-prefix=SM80 %s

// CHECK: .version 8.5
// CHECK: .target sm_90
// SM80: .target sm_80

elementwise add32(float32 x, float32 y) -> (float32 z) { z = x + y; }
// CHECK-LABEL: .entry add32(
// CHECK: ld.global.v4.b32
// CHECK: add.f32
// CHECK: st.global.v4.b32
// CHECK: ld.global.b32

elementwise add64(float64 x, float64 y) -> (float64 z) { z = x + y; }
// CHECK-LABEL: .entry add64(
// CHECK: ld.global.v2.b64
// CHECK: add.f64
// CHECK: st.global.v2.b64
