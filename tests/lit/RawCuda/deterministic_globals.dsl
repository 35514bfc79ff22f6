// RUN: %gpucc --emit=ptx %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s > %t.1.ptx
// RUN: %gpucc --emit=ptx -j2 %s > %t.2.ptx
// RUN: cmp %t.1.ptx %t.2.ptx
// The PTX of raw CUDA with device variables is the same on every run: Clang lists the variables
// in `llvm.compiler.used`, the first global of the module, and NVPTX's printer visited a global's
// dependencies in pointer order, so the declarations came in a different order from run to run
// (a different cubin, object and kernel-cache key each time). gpucc orders the globals after their
// dependencies first (compiler/target/GlobalOrder.h): the declarations follow Clang's list
// (the constant-memory variables, then the global ones, each in source order). With eight variables, the old order matched this one about once in 40,320.
module determinism;

raw cuda """
__device__ float g0;
__device__ float g1;
__device__ float g2;
__device__ float g3;
__constant__ float c4[4];
__constant__ float c5[4];
__device__ unsigned long long g6;
__device__ int g7;
extern "C" __global__ void touch(float* out) {
    out[0] = g0 + g1 + g2 + g3 + c4[0] + c5[1] + (float)g6 + (float)g7;
}
""";

// CHECK: .visible .const .align 4 .b8 c4[16];
// CHECK-NEXT: .visible .const .align 4 .b8 c5[16];
// CHECK-NEXT: .visible .global .align 4 .f32 g0;
// CHECK-NEXT: .visible .global .align 4 .f32 g1;
// CHECK-NEXT: .visible .global .align 4 .f32 g2;
// CHECK-NEXT: .visible .global .align 4 .f32 g3;
// CHECK-NEXT: .visible .global .align 8 .u64 g6;
// CHECK-NEXT: .visible .global .align 4 .u32 g7;
