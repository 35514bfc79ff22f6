// clz counts the leading zero bits of its operand promoted to 32 or 64 bits (a narrower integer
// becomes int32, as C's promotions do); 0 gives the width. It is llvm.ctlz defined at 0 on both
// targets: the GPU's clz.b32 and clz.b64, the host's lzcnt or bsr (vectorised across a thread's
// elements). The PTX assembles.
// RUN: %gpucc --emit=ptx %s | FileCheck --check-prefix=PTX %s
// RUN: %gpucc --emit=llvm-host %s | FileCheck --check-prefix=HOST %s
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
module leading;

elementwise clz32(uint32 a, int32 b, uint8 c) -> (uint32 u, int32 s, int32 n) {
    u = clz(a);
    s = clz(b);
    n = clz(c);
}
elementwise clz64(uint64 a, int64 b) -> (uint64 u, int64 s) {
    u = clz(a);
    s = clz(b);
}

// PTX-LABEL: .entry clz32(
// PTX: clz.b32
// PTX-LABEL: .entry clz64(
// PTX: clz.b64

// HOST-LABEL: define void @leading__clz32__host(
// HOST: @llvm.ctlz.{{.*}}i32{{.*}}, i1 false)
// HOST-LABEL: define void @leading__clz64__host(
// HOST: @llvm.ctlz.{{.*}}i64{{.*}}, i1 false)
