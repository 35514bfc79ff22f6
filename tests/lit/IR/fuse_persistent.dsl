// RUN: %gpucc --emit=ir %s | FileCheck %s
// Several reductions over one axis become jit-style kernels over the inputs seen as (rows,
// length). NAME__rows (both targets, any row) runs a block per row: each pass reads the row again
// (the thread's elements strided by the block, then a warp-shuffle and shared-memory block
// reduction), and a last pass writes the result. The register kernels NAME__rows_warpS (a warp per
// row up to 32 * S elements) and NAME__rows_blockS (a block per row up to blockDim.x * S), GPU
// only, each a kernel of its own (its own registers): each lane reads the columns lane + group * s
// once (a column past the row reads the last element), each pass combines the held values (a
// select drops the columns past the row; min and max start from the first held value, an element
// of the row), reduces by warp shuffles (and shared memory for a block), and the result is stored
// per held column inside the row (or by lane 0 once per row). Reduced values are cast to NumPy's
// result type and read by the later passes as the parameters are. variance of float16: both
// means add in float32 and round to float16 once; of int32: float64 (NumPy 2's dtypes).
fuse variance<T: float16 | int32>(T x) = mean(square(x - mean(x, axis = -1, keepdims = true)), axis = -1);
// CHECK-LABEL: kernel variance__rows<T: float16 | int32>
// CHECK-LABEL: instance variance__rows__float16 [T = float16]
// CHECK: param 0 rows_of_x: float16 input raw rank 2
// CHECK: param 1 rows_of_out: float16 input raw rank 1
// CHECK: local %2 fused_partials0: float32 shared[32]
// CHECK-NOT: gpu only
// CHECK: decl %1 fused_length = rows_of_x.shape[1]:int64
// CHECK: init: decl %4 fused_row = (cast:int64 blockIdx.x:uint32)
// CHECK: init: decl %6 fused_column = (cast:int64 threadIdx.x:uint32)
// CHECK: step: (assign-add:int64 in int64 %6:int64 (cast:int64 blockDim.x:uint32))
// CHECK: decl %13 b = (shfl_xor_sync:float32 4294967295:uint32 %5:float32 %11:int32 32:int32)
// CHECK: syncthreads
// CHECK: decl %17 fused_reduced0 = (cast:float16 (div:float32 %5:float32 (cast:float32 %1:int64)))
// CHECK: fused_reduced1 = (cast:float16 (div:float32 %{{[0-9]+}}:float32 (cast:float32 %1:int64)))
// CHECK: if (eq:bool threadIdx.x:uint32 0:uint32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %4:int64) %{{[0-9]+}}:float16)
// CHECK-LABEL: instance variance__rows__int32 [T = int32]
// CHECK: param 1 rows_of_out: float64 input raw rank 1
// CHECK: fused_reduced0 = (div:float64 %{{[0-9]+}}:float64 (cast:float64 %1:int64))

// A warp per row, 4 columns per lane, one row per warp (no loop over rows). A row of exactly
// 32 * 4 elements takes the branch with no clamp, select or store test; any other the clamped one.
// CHECK-LABEL: kernel variance__rows_warp4<T: float16 | int32>
// CHECK-LABEL: instance variance__rows_warp4__float16 [T = float16]
// CHECK: local %13 fused_held0_3: float16
// CHECK-NOT: fused_held0_4
// CHECK: gpu only: a row held in registers (the host runs variance__rows)
// CHECK: decl %2 fused_held_length = (cast:int32 %1:int64)
// CHECK-NEXT: if (eq:bool %2:int32 (mul:int32 32:int32 4:int32))
// CHECK: decl %3 fused_row = (add:int64 (mul:int64 (cast:int64 blockIdx.x:uint32) (cast:int64 (div:uint32 blockDim.x:uint32 32:uint32))) (cast:int64 (div:uint32 threadIdx.x:uint32 32:uint32)))
// CHECK-NEXT: if (lt:bool %3:int64 %0:int64)
// CHECK: decl %4 fused_lane = (cast:int32 laneid():uint32)
// CHECK-NEXT: decl %5 fused_group = 32:int32
// CHECK-NEXT: decl %6 fused_column0 = (add:int32 %4:int32 (mul:int32 0:int32 %5:int32))
// CHECK-NEXT: decl %7 fused_held0_0 = (element:float16 rows_of_x %3:int64 (cast:int64 %6:int32))
// CHECK-NOT: select
// CHECK: decl %34 fused_reduced0 = (cast:float16 (div:float32 %14:float32 (cast:float32 %1:int64)))
// CHECK: if (eq:bool %4:int32 0:int32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %3:int64) %{{[0-9]+}}:float16)
// CHECK: else
// CHECK: decl %61 fused_row =
// CHECK: decl %65 fused_held0_0 = (element:float16 rows_of_x %61:int64 (cast:int64 (select:int32 (lt:bool %64:int32 %2:int32) %64:int32 (sub:int32 %2:int32 1:int32))))
// CHECK: expr (assign:float32 %72:float32 (select:float32 (lt:bool %64:int32 %2:int32) (add:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) %{{[0-9]+}}:float32))
// CHECK: decl %{{[0-9]+}} b = (shfl_xor_sync:float32 4294967295:uint32 %72:float32 %{{[0-9]+}}:int32 32:int32)
// CHECK-NOT: syncthreads
// CHECK: decl %92 fused_reduced0 = (cast:float16 (div:float32 %72:float32 (cast:float32 %1:int64)))
// CHECK: (sub:float16 %{{[0-9]+}}:float16 %{{[0-9]+}}:float16)
// CHECK: if (eq:bool %62:int32 0:int32)
// CHECK: expr (assign:float16 (element:float16 rows_of_out %61:int64) %{{[0-9]+}}:float16)
// CHECK-LABEL: instance variance__rows_warp4__int32 [T = int32]
// CHECK-LABEL: kernel variance__rows_warp8<T: float16 | int32>
// CHECK: local %{{[0-9]+}} fused_held0_7: float16
// CHECK-LABEL: kernel variance__rows_warp16<T: float16 | int32>
// CHECK-LABEL: kernel variance__rows_warp32<T: float16 | int32>
// CHECK: local %{{[0-9]+}} fused_held0_31: float16
// A block per row: the lane is the thread, the group the block, block-wide reductions.
// CHECK-LABEL: kernel variance__rows_block8<T: float16 | int32>
// CHECK: local %2 fused_partials0: float32 shared[32]
// CHECK: gpu only: a row held in registers (the host runs variance__rows)
// CHECK: if (eq:bool %4:int32 (mul:int32 (cast:int32 blockDim.x:uint32) 8:int32))
// CHECK: decl %5 fused_row = (cast:int64 blockIdx.x:uint32)
// CHECK: decl %6 fused_lane = (cast:int32 threadIdx.x:uint32)
// CHECK-NEXT: decl %7 fused_group = (cast:int32 blockDim.x:uint32)
// CHECK: syncthreads
// CHECK-LABEL: kernel variance__rows_block16<T: float16 | int32>

// softmax: max starts from the first held value (it has no identity) and combines NaN first;
// exp(x - m) is computed per held value in the sum's pass and again in the result (the same
// expression of the same values, which LLVM computes once); the store only inside the row.
// NAME__rows starts max from the row's first element.
fuse softmax<T: float32>(T x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
// CHECK-LABEL: kernel softmax__rows<T: float32>
// CHECK: param 1 rows_of_out: float32 input raw rank 2
// CHECK: fused_first = (cast:int64 0:int32)
// CHECK: expr (assign:float32 %{{[0-9]+}}:float32 (shared-element:float32 %2 (cast:int64 0:int32)))
// CHECK-LABEL: kernel softmax__rows_warp4<T: float32>
// CHECK: decl %7 fused_held0_0 = (element:float32 rows_of_x %3:int64 (cast:int64 %6:int32))
// CHECK: else
// CHECK: fused_held0_0 = (element:float32 rows_of_x %{{[0-9]+}}:int64 (cast:int64 (select:int32
// CHECK: expr (assign:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32)
// CHECK: (select:float32 (or:bool (ge:bool %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) (ne:bool %{{[0-9]+}}:float32 %{{[0-9]+}}:float32)) %{{[0-9]+}}:float32 %{{[0-9]+}}:float32)
// CHECK: decl %{{[0-9]+}} e = (call exp:float32 (sub:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32))
// CHECK: (select:float32 (lt:bool %[[C0:[0-9]+]]:int32 %2:int32) (add:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32) %{{[0-9]+}}:float32)
// CHECK: decl %{{[0-9]+}} e = (call exp:float32 (sub:float32 %{{[0-9]+}}:float32 %{{[0-9]+}}:float32))
// CHECK: if (lt:bool %[[C0]]:int32 %2:int32)
// CHECK-NEXT: expr (assign:float32 (element:float32 rows_of_out %{{[0-9]+}}:int64 (cast:int64 %[[C0]]:int32)) %{{[0-9]+}}:float32)
// CHECK-LABEL: kernel softmax__rows_warp32<T: float32>
// CHECK: fused_held0_31 = (element:float32 rows_of_x
// CHECK-LABEL: kernel softmax__rows_block16<T: float32>
