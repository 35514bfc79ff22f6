// RUN: %gpucc --verify %s
// RUN: %exit_code %gpucc --verify %S/Inputs/no_directives.dsl | FileCheck %s
// expected-no-diagnostics
elementwise k(float32 x) -> (float32 y) { y = x; }
// CHECK: gpucc: verify: no expected-* directives found
// CHECK: exit: 1
