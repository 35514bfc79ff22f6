// RUN: %exit_code %gpucc --verify %s | FileCheck %s
// --verify reports expected diagnostics that did not come and diagnostics nobody expected, and
// exits 1.
elementwise k(float32 x) -> (float32 y) {
    y = undefined; // expected-error {{something else entirely}}
    y = x; // expected-warning@+1 {{never reported}}
}
// CHECK: gpucc: verify: 'error' diagnostics expected but not seen:
// CHECK-NEXT:   {{.*}}verify_mismatch.dsl:5: something else entirely
// CHECK-NEXT: gpucc: verify: 'error' diagnostics seen but not expected:
// CHECK-NEXT:   {{.*}}verify_mismatch.dsl:5:9: use of undeclared identifier 'undefined'
// CHECK-NEXT: gpucc: verify: 'warning' diagnostics expected but not seen:
// CHECK-NEXT:   {{.*}}verify_mismatch.dsl:7: never reported
// CHECK-NEXT: exit: 1
