// RUN: %gpucc --emit=ir %s | FileCheck %s
// RUN: %gpucc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// `_J` in map is the position along the reduced axes, an int64 leaf; CuPy's argmax reads it.
module demo;
reduction first_max<T: float32>(T x, T m) -> (int64 y) {
    identity: 9223372036854775807;
    map:      x == m ? _J : 9223372036854775807;
    reduce:   a < b ? a : b;
}
// CHECK: map (select:int64 (eq:bool x:float32 m:float32) _J:int64 9223372036854775807:int64)
// The plan counts a third input operand, the position (reduction_plan.h): 16 + 2*8 words, the
// outer strides of 3 inputs and 1 output, then 2*8 + 3*8 words of the reduce dimensions: 104
// (88 without `_J`), for both GPU kernels.
// LLVM: define ptx_kernel void @first_max__float32({{.*}} byval([104 x i64])
// LLVM: define ptx_kernel void @first_max__float32__rows({{.*}} byval([104 x i64])
