// RUN: %exit_code %gpucc %s | FileCheck %s --strict-whitespace --match-full-lines
// The pragma's diagnostics in the usual form: the caret under the count (the whole rest of the
// line when it is more than one token), under the statement that is not a loop, under the word
// of an unknown pragma, and under a stray '#' and its word.
elementwise counts(float32 x, int32 n) -> (float32 y) {
    y = x;
    #pragma unroll -4
    for (int32 k = 0; k < n; ++k) { y += 1; }
    #pragma unroll
    y += 1;
    #pragma ivdep
    y += 2;
    #define N 4
}
// CHECK:{{.*}}pragma_diagnostic_format.dsl:7:20: error: '#pragma unroll' takes a positive integer literal no larger than 2147483647, found '-4'
// CHECK-NEXT:    #pragma unroll -4
// CHECK-NEXT:                   ^~
// CHECK-NEXT:{{.*}}pragma_diagnostic_format.dsl:10:5: error: '#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found identifier 'y'
// CHECK-NEXT:    y += 1;
// CHECK-NEXT:    ^
// CHECK-NEXT:{{.*}}pragma_diagnostic_format.dsl:11:13: warning: unknown pragma '#pragma ivdep' ignored: the only pragma is 'unroll'
// CHECK-NEXT:    #pragma ivdep
// CHECK-NEXT:            ^~~~~
// CHECK-NEXT:{{.*}}pragma_diagnostic_format.dsl:13:5: error: '#define' is not part of the language: the only directive is '#pragma unroll' on the line before a loop
// CHECK-NEXT:    #define N 4
// CHECK-NEXT:    ^~~~~~~
// CHECK-NEXT:exit: 1
