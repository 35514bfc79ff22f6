// RUN: %gpucc --emit=ast %s | FileCheck %s
// Jit-style kernels: array and scalar parameters, shared arrays (sized and dynamic), `return;`
// and `&x[i]`.
kernel k<T: float32 | float64>(T[] x, int32 n) {
    shared T tile[16 * 2];
    shared float32 rest[];
    if (n < 0) return;
    atomic_add(&x[0], tile[1]);
}
// CHECK:      Kernel k <4:8>
// CHECK-NEXT:   Placeholder T: float32 | float64 <4:10>
// CHECK-NEXT:   Param T[] x <4:36>
// CHECK-NEXT:   Param int32 n <4:45>
// CHECK-NEXT:   Block <4:48>
// CHECK-NEXT:     Shared T tile <5:5>
// CHECK-NEXT:       Binary * <5:22>
// CHECK:          Shared float32 rest (dynamic) <6:5>
// CHECK-NEXT:     If <7:5>
// CHECK:            Return <7:16>
// CHECK:          ExprStmt <8:5>
// CHECK-NEXT:       Call <8:5>
// CHECK-NEXT:         Name atomic_add <8:5>
// CHECK-NEXT:         Unary & <8:16>
// CHECK-NEXT:           Index <8:18>

// Ranked arrays: `T[:]`, `T[:, :, :]`; several subscripts in one pair of brackets; members.
kernel ranked(float32[:] v, float64[:, :, :] m) {
    m[0, v.size, 2] = m.shape[1];
}
// CHECK:      Kernel ranked <[[@LINE-3]]:8>
// CHECK-NEXT:   Param float32[:] v <[[@LINE-4]]:26>
// CHECK-NEXT:   Param float64[:, :, :] m <[[@LINE-5]]:46>
// CHECK-NEXT:   Block
// CHECK-NEXT:     ExprStmt
// CHECK-NEXT:       Assign = <[[@LINE-7]]:21>
// CHECK-NEXT:         Index <[[@LINE-8]]:6>
// CHECK-NEXT:           Name m
// CHECK-NEXT:           IntegerLiteral 0
// CHECK-NEXT:           Member .size
// CHECK-NEXT:             Name v
// CHECK-NEXT:           IntegerLiteral 2
// CHECK-NEXT:         Index <[[@LINE-14]]:30>
// CHECK-NEXT:           Member .shape
// CHECK-NEXT:             Name m
// CHECK-NEXT:           IntegerLiteral 1
