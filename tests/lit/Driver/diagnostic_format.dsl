// RUN: %exit_code %gpucc %s | FileCheck %s --strict-whitespace --match-full-lines
// A diagnostic is `file:line:col: severity: message`, the source line, and a caret under the
// column with '~' under the rest of the name; notes follow their error.
elementwise format<T: float32 | int32>(T x) -> (T y) {
	y = missing_name;
    y = x % 2;
}
// CHECK:{{.*}}diagnostic_format.dsl:5:6: error: use of undeclared identifier 'missing_name'
// CHECK-NEXT:	y = missing_name;
// CHECK-NEXT:	    ^~~~~~~~~~~~
// CHECK-NEXT:{{.*}}diagnostic_format.dsl:6:11: error: invalid operands to '%' (float32 and int32): it needs integer operands
// CHECK-NEXT:    y = x % 2;
// CHECK-NEXT:          ^
// CHECK-NEXT:{{.*}}diagnostic_format.dsl:4:13: note: in instantiation of 'format' with T = float32
// CHECK-NEXT:elementwise format<T: float32 | int32>(T x) -> (T y) {
// CHECK-NEXT:            ^~~~~~
// CHECK-NEXT:exit: 1
