// RUN: %gpucc --emit=fusion %s | FileCheck %s
// Per fused function: the operations fused into its one kernel (operands first), and per instance
// the arrays read and written and the bytes moved per element. Other kinds are not listed.
elementwise twice(float32 x) -> (float32 y) { y = 2 * x; }

fuse softplus<T: float32 | float64>(T x) = maximum(0, x) + log1p(exp(-abs(x)));
// CHECK: fuse softplus (line [[@LINE-1]]): one elementwise kernel, 6 operations fused
// CHECK-NEXT: operations: maximum, abs, unary -, exp, log1p, +
// CHECK-NEXT: softplus__float32: reads x float32; writes out float32; 8 bytes per element
// CHECK-NEXT: softplus__float64: reads x float64; writes out float64; 16 bytes per element

fuse stats(float16 x, int32 y) {
    d = x - y;
    return d * d, d > 0;
}
// CHECK-NEXT: fuse stats (line [[@LINE-4]]): one elementwise kernel, 3 operations fused
// CHECK-NEXT: operations: -, *, >
// CHECK-NEXT: stats: reads x float16, y int32; writes out0 float64, out1 bool; 15 bytes per element
// CHECK-NOT: twice
