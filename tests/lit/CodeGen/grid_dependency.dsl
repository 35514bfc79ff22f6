// RUN: %gpucc --emit=ptx %s | FileCheck %s
// RUN: %gpucc --emit=ptx --arch=80 %s | FileCheck %s --check-prefix=SM80
// Kernels for sm_90 and newer begin by waiting for the grids before them and then let the next
// kernel be scheduled (programmatic dependent launch, compiler/target/GridDependency.h); older
// architectures have no such instructions.
module demo;
elementwise add_one(float32 x) -> (float32 y) {
    y = x + 1;
}
reduction total(float32 x) -> (float32 y) {
    identity: 0;
    map: x;
    reduce: a + b;
}
// CHECK-LABEL: .entry add_one(
// CHECK: griddepcontrol.wait;
// CHECK-NEXT: griddepcontrol.launch_dependents;
// CHECK-LABEL: .entry add_one__strided(
// CHECK: griddepcontrol.wait;
// CHECK-LABEL: .entry total(
// CHECK: griddepcontrol.wait;
// CHECK-LABEL: .entry total__rows(
// CHECK: griddepcontrol.wait;
// SM80-NOT: griddepcontrol
