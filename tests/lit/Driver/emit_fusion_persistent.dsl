// RUN: %gpucc --emit=fusion --dtypes=float16,int32 %s | FileCheck %s
// --emit=fusion of a fused function with several reductions over one axis: its kernel, the
// reductions in the order the passes run, the passes over a row too long for registers (or on
// the host), the register kernels, and per instance the bytes read per element, the rows held in
// registers (fewer for wider elements: at most 128 bytes per thread), and the bytes written per
// element (softmax) or per row (variance).
fuse softmax(x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
fuse variance(x) = mean(square(x - mean(x, axis = 1, keepdims = true)), axis = 1);
// CHECK: fuse softmax (line 7): one persistent kernel, 5 operations fused
// CHECK-NEXT: operations: max, -, exp, sum, /
// CHECK-NEXT: softmax__rows: axis -1, 2 reductions (max, sum); on the GPU a short row held in registers and read once (a kernel per length class: a warp per row, or a block), a longer one read by each of 3 passes (from the caches while it fits them); the result of the inputs' shape
// CHECK-NEXT: register kernels (GPU only): softmax__rows_warp4 softmax__rows_warp8 softmax__rows_warp16 softmax__rows_warp32 softmax__rows_block8 softmax__rows_block16
// CHECK-NEXT: softmax__rows__float16: reads x float16 (2 bytes per element; on the GPU once for a row of up to 4096 elements, a warp per row up to 1024, per pass beyond and on the host); writes out float16 (2 bytes per element)
// CHECK-NEXT: softmax__rows__int32: reads x int32 (4 bytes per element; on the GPU once for a row of up to 4096 elements, a warp per row up to 1024, per pass beyond and on the host); writes out float64 (8 bytes per element)
// CHECK: fuse variance (line 12): one persistent kernel, 4 operations fused
// CHECK: variance__rows: axis 1, 2 reductions (mean, mean); on the GPU a short row held in registers and read once (a kernel per length class: a warp per row, or a block), a longer one read by each of 2 passes
// CHECK: variance__rows__int32: reads x int32 (4 bytes per element; on the GPU once for a row of up to 4096 elements, a warp per row up to 1024, per pass beyond and on the host); writes out float64 (8 bytes per row)

fuse wide(float64 x, float64 y) = sum(exp(x * y - max(x * y, axis = -1, keepdims = true)), axis = -1);
// CHECK: wide__rows: reads x float64, y float64 (16 bytes per element; on the GPU once for a row of up to 2048 elements, a warp per row up to 256, per pass beyond and on the host)
