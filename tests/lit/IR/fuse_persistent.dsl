// RUN: %gpucc --emit=ir %s | FileCheck %s
// Several reductions over one axis become one jit-style kernel NAME__rows, a block per row of the
// inputs seen as (rows, length): per reduction a pass over the row (the thread's elements strided
// by the block, then a warp-shuffle and shared-memory block reduction), its value cast to
// NumPy's result type and read by the later passes as the parameters are; then the result,
// per element (the inputs' shape) or once per row. variance of float16: both means add in
// float32 and round to float16 once; of int32: float64 (NumPy 2's dtypes).
fuse variance<T: float16 | int32>(T x) = mean(square(x - mean(x, axis = -1, keepdims = true)), axis = -1);
// CHECK-LABEL: kernel variance__rows<T: float16 | int32>
// CHECK-LABEL: instance variance__rows__float16 [T = float16]
// CHECK: param 0 rows_of_x: float16 input raw rank 2
// CHECK: param 1 rows_of_out: float16 input raw rank 1
// CHECK: local %2 fused_partials0: float32 shared[32]
// CHECK: decl %1 fused_length = rows_of_x.shape[1]:int64
// CHECK: step: (assign-add:int64 in int64 %4:int64 (cast:int64 gridDim.x:uint32))
// CHECK: decl %8 x = (element:float16 rows_of_x %4:int64 %6:int64)
// CHECK: decl %13 b = (shfl_xor_sync:float32 4294967295:uint32 %5:float32 %11:int32 32:int32)
// CHECK: syncthreads
// CHECK: decl %17 fused_reduced0 = (cast:float16 (div:float32 %5:float32 (cast:float32 %1:int64)))
// CHECK: decl %22 fused_value0 = (sub:float16 %21:float16 %17:float16)
// CHECK: decl %31 fused_reduced1 = (cast:float16 (div:float32 %18:float32 (cast:float32 %1:int64)))
// CHECK: if (eq:bool threadIdx.x:uint32 0:uint32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %4:int64) %32:float16)
// CHECK-LABEL: instance variance__rows__int32 [T = int32]
// CHECK: param 1 rows_of_out: float64 input raw rank 1
// CHECK: decl %17 fused_reduced0 = (div:float64 %5:float64 (cast:float64 %1:int64))

// softmax: max starts from the row's first element (it has no identity) and combines NaN first;
// the result is written per element, the two reduced values broadcast back along the row.
fuse softmax<T: float32>(T x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
// CHECK-LABEL: kernel softmax__rows<T: float32>
// CHECK: param 1 rows_of_out: float32 input raw rank 2
// CHECK: decl %6 fused_first = (cast:int64 0:int32)
// CHECK: (select:float32 (or:bool (ge:bool %11:float32 %12:float32) (ne:bool %11:float32 %11:float32)) %11:float32 %12:float32)
// CHECK: expr (assign:float32 %5:float32 (shared-element:float32 %2 (cast:int64 0:int32)))
// CHECK: decl %25 e = (call exp:float32 (sub:float32 %23:float32 %24:float32))
// CHECK: expr (assign:float32 (element:float32 rows_of_out %4:int64 %35:int64) %36:float32)
