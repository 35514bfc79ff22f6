// A reduction kernel is one GPU entry point named by its instance symbol. It reads contiguous
// rows with 16-byte vector loads, combines the lanes of a warp with butterfly shuffles (64-bit
// values in two halves), other threads through shared memory with barriers, and with several
// slices counts finished blocks with an atomic add so the last one combines the partials. A
// kernel without an identity carries validity flags in shared memory. ptxas accepts the result.
// RUN: %gpucc --emit=ptx %s | FileCheck %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin

reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}
// CHECK-LABEL: .entry l2norm__float32(
// CHECK: .param .align 8 .b8 l2norm__float32_param_2[576]
// CHECK: ld.global.v4.b32
// CHECK: bar.sync 0;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK: atom.global.add.u32
// CHECK: sqrt.rn.f32
// CHECK-LABEL: .entry l2norm__float64(
// CHECK: ld.global.v2.b64
// CHECK: shfl.sync.bfly.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: sqrt.rn.f64

reduction largest(int16 x) -> (int16 y) {
    identity: none;
    map: x;
    reduce: max(a, b);
}
// CHECK-LABEL: .entry largest(
// CHECK: .shared .align 1 .b8 largest_$_shared_valid[256];
