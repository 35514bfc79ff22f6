// RUN: %gpucc --emit=ir %s | FileCheck %s
// Several reductions over one axis become one jit-style kernel NAME__rows over the inputs seen as
// (rows, length). A row of at most 32 * slots elements (slots: 32 for 4-byte elements or fewer)
// is held in registers by one warp, in the fewest slots that hold it (a ladder of 1, 2, 4, ...):
// each lane reads the columns lane + 32 * s once (a column past the row reads the last element),
// each pass combines the held values (a select drops the columns past the row; min and max start
// from the first held value, an element of the row), reduces by warp shuffles, and the result is
// stored per held column inside the row (or by lane 0 once per row). A row of at most
// blockDim.x * slots elements is held by the block (block-wide reductions); a longer one is read by
// each pass (the thread's elements strided by the block, then a warp-shuffle and shared-memory
// block reduction). Reduced values are cast to NumPy's result type and read by the later passes as
// the parameters are. variance of float16: both means add in float32 and round to float16 once;
// of int32: float64 (NumPy 2's dtypes).
fuse variance<T: float16 | int32>(T x) = mean(square(x - mean(x, axis = -1, keepdims = true)), axis = -1);
// CHECK-LABEL: kernel variance__rows<T: float16 | int32>
// CHECK-LABEL: instance variance__rows__float16 [T = float16]
// CHECK: param 0 rows_of_x: float16 input raw rank 2
// CHECK: param 1 rows_of_out: float16 input raw rank 1
// CHECK: local %{{[0-9]+}} fused_partials0: float32 shared[32]
// CHECK: decl %1 fused_length = rows_of_x.shape[1]:int64
// CHECK: if (and:bool (ge:bool %1:int64 (cast:int64 1:int32)) (le:bool %1:int64 (cast:int64 (mul:int32 32:int32 32:int32))))
// CHECK-NEXT: if (le:bool %1:int64 (cast:int64 (mul:int32 32:int32 1:int32)))
// CHECK: init: decl %4 fused_row = (add:int64 (mul:int64 (cast:int64 blockIdx.x:uint32) (cast:int64 (div:uint32 blockDim.x:uint32 32:uint32))) (cast:int64 (div:uint32 threadIdx.x:uint32 32:uint32)))
// CHECK: decl %5 fused_lane = (cast:int32 laneid():uint32)
// CHECK: decl %7 fused_column0 = (add:int32 %5:int32 (mul:int32 0:int32 %6:int32))
// CHECK-NEXT: decl %8 fused_held0_0 = (element:float16 rows_of_x %4:int64 (cast:int64 (select:int32 (lt:bool (cast:int64 %7:int32) %1:int64) %7:int32 (cast:int32 (sub:int64 %1:int64 (cast:int64 1:int32))))))
// CHECK: expr (assign:float32 %9:float32 (select:float32 (lt:bool (cast:int64 %7:int32) %1:int64) (add:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) %{{[0-9]+}}:float32))
// CHECK: decl %{{[0-9]+}} b = (shfl_xor_sync:float32 4294967295:uint32 %9:float32 %{{[0-9]+}}:int32 32:int32)
// CHECK: decl %[[R0:[0-9]+]] fused_reduced0 = (cast:float16 (div:float32 %9:float32 (cast:float32 %1:int64)))
// CHECK: (sub:float16 %{{[0-9]+}}:float16 %{{[0-9]+}}:float16)
// CHECK: fused_reduced1 = (cast:float16 (div:float32 %{{[0-9]+}}:float32 (cast:float32 %1:int64)))
// CHECK: if (eq:bool %5:int32 0:int32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %4:int64) %{{[0-9]+}}:float16)
// CHECK: decl %{{[0-9]+}} fused_column1 = (add:int32 %{{[0-9]+}}:int32 (mul:int32 1:int32 %{{[0-9]+}}:int32))
// The block's ladder (8 slots and up for 32) and the re-reading path.
// CHECK: if (and:bool (ge:bool %1:int64 (cast:int64 1:int32)) (le:bool %1:int64 (mul:int64 (cast:int64 blockDim.x:uint32) (cast:int64 32:int32))))
// CHECK-NEXT: if (le:bool %1:int64 (mul:int64 (cast:int64 blockDim.x:uint32) (cast:int64 4:int32)))
// CHECK: decl %{{[0-9]+}} fused_lane = (cast:int32 threadIdx.x:uint32)
// CHECK: syncthreads
// CHECK: step: (assign-add:int64 in int64 %{{[0-9]+}}:int64 (cast:int64 gridDim.x:uint32))
// CHECK: if (eq:bool threadIdx.x:uint32 0:uint32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %{{[0-9]+}}:int64) %{{[0-9]+}}:float16)
// CHECK-LABEL: instance variance__rows__int32 [T = int32]
// CHECK: param 1 rows_of_out: float64 input raw rank 1
// CHECK: fused_reduced0 = (div:float64 %{{[0-9]+}}:float64 (cast:float64 %1:int64))

// softmax: max starts from the first held value (it has no identity) and combines NaN first;
// exp(x - m) is computed per held value in the sum's pass and again in the result (the same
// expression of the same values, which LLVM computes once); the store only inside the row.
fuse softmax<T: float32>(T x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
// CHECK-LABEL: kernel softmax__rows<T: float32>
// CHECK: param 1 rows_of_out: float32 input raw rank 2
// CHECK: decl %8 fused_held0_0 = (element:float32 rows_of_x %4:int64
// CHECK: expr (assign:float32 %9:float32 %10:float32)
// CHECK: (select:float32 (or:bool (ge:bool %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) (ne:bool %{{[0-9]+}}:float32 %{{[0-9]+}}:float32)) %{{[0-9]+}}:float32 %{{[0-9]+}}:float32)
// CHECK: decl %{{[0-9]+}} e = (call exp:float32 (sub:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32))
// CHECK: expr (assign:float32 %16:float32 (select:float32 (lt:bool (cast:int64 %7:int32) %1:int64) (add:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) %{{[0-9]+}}:float32))
// CHECK: decl %{{[0-9]+}} e = (call exp:float32 (sub:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32))
// CHECK: if (lt:bool (cast:int64 %7:int32) %1:int64)
// CHECK-NEXT: expr (assign:float32 (element:float32 rows_of_out %4:int64 (cast:int64 %7:int32)) %{{[0-9]+}}:float32)
// The re-reading path: max starts from the row's first element.
// CHECK: fused_first = (cast:int64 0:int32)
// CHECK: expr (assign:float32 %{{[0-9]+}}:float32 (shared-element:float32 %2 (cast:int64 0:int32)))
