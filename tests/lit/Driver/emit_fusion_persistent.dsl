// RUN: %gpucc --emit=fusion --dtypes=float16,int32 %s | FileCheck %s
// --emit=fusion of a fused function with several reductions over one axis: its kernel, the
// reductions in the order the passes run, the passes over each row, and per instance the bytes
// read per element per pass and written per element (softmax) or per row (variance).
fuse softmax(x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
fuse variance(x) = mean(square(x - mean(x, axis = 1, keepdims = true)), axis = 1);
// CHECK: fuse softmax (line 5): one persistent kernel, 5 operations fused
// CHECK-NEXT: operations: max, -, exp, sum, /
// CHECK-NEXT: softmax__rows: a block per row of axis -1, 2 reductions (max, sum); 3 passes over each row, each reading it again (from the caches while it fits them); the result of the inputs' shape
// CHECK-NEXT: softmax__rows__float16: reads x float16 (2 bytes per element, per pass); writes out float16 (2 bytes per element)
// CHECK-NEXT: softmax__rows__int32: reads x int32 (4 bytes per element, per pass); writes out float64 (8 bytes per element)
// CHECK: fuse variance (line 10): one persistent kernel, 4 operations fused
// CHECK: variance__rows: a block per row of axis 1, 2 reductions (mean, mean); 2 passes over each row
// CHECK: variance__rows__int32: reads x int32 (4 bytes per element, per pass); writes out float64 (8 bytes per row)
