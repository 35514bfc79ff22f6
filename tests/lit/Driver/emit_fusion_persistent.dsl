// RUN: %gpucc --emit=fusion --dtypes=float16,int32 %s | FileCheck %s
// --emit=fusion of a fused function with several reductions over one axis: its kernel, the
// reductions in the order the passes run, the passes over a row too long for registers, and per
// instance the bytes read per element, the rows held in registers, and the bytes written per
// element (softmax) or per row (variance).
fuse softmax(x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
fuse variance(x) = mean(square(x - mean(x, axis = 1, keepdims = true)), axis = 1);
// CHECK: fuse softmax (line 6): one persistent kernel, 5 operations fused
// CHECK-NEXT: operations: max, -, exp, sum, /
// CHECK-NEXT: softmax__rows: axis -1, 2 reductions (max, sum); a short row held in registers and read once (a warp per row, or a block), a longer one read by each of 3 passes (from the caches while it fits them); the result of the inputs' shape
// CHECK-NEXT: softmax__rows__float16: reads x float16 (2 bytes per element; once for a row of up to 8192 elements, a warp per row up to 1024, per pass beyond); writes out float16 (2 bytes per element)
// CHECK-NEXT: softmax__rows__int32: reads x int32 (4 bytes per element; once for a row of up to 8192 elements, a warp per row up to 1024, per pass beyond); writes out float64 (8 bytes per element)
// CHECK: fuse variance (line 11): one persistent kernel, 4 operations fused
// CHECK: variance__rows: axis 1, 2 reductions (mean, mean); a short row held in registers and read once (a warp per row, or a block), a longer one read by each of 2 passes
// CHECK: variance__rows__int32: reads x int32 (4 bytes per element; once for a row of up to 8192 elements, a warp per row up to 1024, per pass beyond); writes out float64 (8 bytes per row)
