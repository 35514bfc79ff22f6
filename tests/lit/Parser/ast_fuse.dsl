// RUN: %gpucc --emit=ast %s | FileCheck %s
// Both forms of a fused function: typed and untyped (`?`) parameters, the block form's local
// values and several results, a type name as astype's argument.
fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));
// CHECK: Fuse softplus <[[@LINE-1]]:6>
// CHECK-NEXT: Param ? x <[[@LINE-2]]:15>
// CHECK-NEXT: Result <[[@LINE-3]]:34>
// CHECK-NEXT: Binary + <[[@LINE-4]]:34>

fuse stats<T: float32>(T x, y) {
    d = x - y;
    return d * d, astype(d, int32);
}
// CHECK: Fuse stats <[[@LINE-4]]:6>
// CHECK-NEXT: Placeholder T: float32
// CHECK-NEXT: Param T x
// CHECK-NEXT: Param ? y
// CHECK-NEXT: Let d <[[@LINE-7]]:5>
// CHECK-NEXT: Binary -
// CHECK-NEXT: Name x
// CHECK-NEXT: Name y
// CHECK-NEXT: Result
// CHECK-NEXT: Binary *
// CHECK: Result
// CHECK-NEXT: Call
// CHECK-NEXT: Name astype
// CHECK-NEXT: Name d
// CHECK-NEXT: Name int32
