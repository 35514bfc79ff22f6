// RUN: %gpucc --emit=ir --dtypes=float32,float64 %s | FileCheck %s
// The two jit-style kernels of language.md section 3 in the kernel IR: arrays are raw
// parameters, the thread's coordinates are uint32 registers, shared arrays are locals marked
// shared, syncthreads a statement, the atomic takes the element and returns the old value;
// grid(1) and gridsize(1) are arithmetic on the coordinates.
kernel elementwise_copy<T>(T[] x, T[] y, uint32 size) {
    uint32 tid  = blockIdx.x * blockDim.x + threadIdx.x;
    uint32 ntid = gridDim.x * blockDim.x;
    for (uint32 i = tid; i < size; i += ntid) {
        y[i] = x[i];
    }
}
// CHECK-LABEL: kernel elementwise_copy<T: float32 | float64>
// CHECK:  instance elementwise_copy__float32 [T = float32]
// CHECK-NEXT:    param 0 x: float32 input raw
// CHECK-NEXT:    param 1 y: float32 input raw
// CHECK-NEXT:    param 2 size: uint32 input
// CHECK:      decl %0 tid = (add:uint32 (mul:uint32 blockIdx.x:uint32 blockDim.x:uint32) threadIdx.x:uint32)
// CHECK-NEXT: decl %1 ntid = (mul:uint32 gridDim.x:uint32 blockDim.x:uint32)
// CHECK:      expr (assign:float32 (element:float32 y (cast:int64 %2:uint32)) (element:float32 x (cast:int64 %2:uint32)))
// CHECK:  instance elementwise_copy__float64 [T = float64]

kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    int32 i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0.0f;
    syncthreads();
    for (int32 s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s) buf[t] += buf[t + s];
        syncthreads();
    }
    if (t == 0) atomic_add(&out[0], buf[0]);
}
// CHECK-LABEL: kernel block_sum
// CHECK:    local %0 buf: float32 shared[256]
// CHECK-NOT: gpu only
// CHECK:      expr (assign:float32 (shared-element:float32 %0 (cast:int64 %1:int32)) (select:float32
// CHECK-NEXT: syncthreads
// CHECK:      expr (atomic_add:float32 (element:float32 out (cast:int64 0:int32)) (shared-element:float32 %0 (cast:int64 0:int32)))

kernel positions(float32[] x) {
    x[grid(1)] = gridsize(1);
    x[grid(2).y] = laneid() + warpSize;
}
// CHECK-LABEL: kernel positions
// CHECK-NOT: gpu only
// CHECK: expr (assign:float32 (element:float32 x (cast:int64 (add:uint32 (mul:uint32 blockIdx.x:uint32 blockDim.x:uint32) threadIdx.x:uint32))) (cast:float32 (mul:uint32 blockDim.x:uint32 gridDim.x:uint32)))
// CHECK: expr (assign:float32 (element:float32 x (cast:int64 (add:uint32 (mul:uint32 blockIdx.y:uint32 blockDim.y:uint32) threadIdx.y:uint32))) (cast:float32 (add:uint32 laneid():uint32 (cast:uint32 32:int32))))

// What the CPU target cannot run is recorded for the launcher's message: a shuffle inside another
// shuffle's operands (barriers, shared memory and other shuffles run on the CPU).
kernel nested_shuffle(int32[] x) {
    x[threadIdx.x] = shfl_sync(0xffffffff, shfl_xor_sync(0xffffffff, x[threadIdx.x], 1), 2);
}
// CHECK-LABEL: kernel nested_shuffle
// CHECK: gpu only: a shuffle inside another shuffle's operands
